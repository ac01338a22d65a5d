// Grows a maze with mj's library API and prints it as text.
#include <mj/model.hpp>

#include <iostream>

int main() {
  try {
    mj::RunRequest request;
    request.model = "maze.xml";  // the name its text goes by in messages
    request.xml = R"(<one values="BWA" origin="True" in="WBB" out="WAW"/>)";
    request.size = 15;
    mj::RunSettings settings = mj::resolve_run(request);  // 15x15, the default step limit and palette
    mj::Model model(settings);
    mj::RunControl control;
    int frames = 0;
    control.every = 10;
    control.frame = [&] { frames++; };  // before every 10th step, and at the end
    mj::RunEnd end = model.run(/*seed=*/1, /*steps: the settings'*/ {}, control);
    mj::GridView g = model.grid();
    for (int y = 0; y < g.my; y++) {
      for (int x = 0; x < g.mx; x++) std::cout << g.legend[g.cells[x + y * g.mx]];
      std::cout << '\n';
    }
    std::cout << (end == mj::RunEnd::finished ? "finished" : "stopped") << " after " << frames << " frames\n";
    std::cout << model.status().steps << " steps\n";
  } catch (const mj::Error& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}
