// Grows a maze with mj's library API and prints it as text.
#include <mj/interpreter.hpp>

#include <iostream>

int main() {
  try {
    mj::Interpreter ip = mj::Interpreter::from_string(R"(<one values="BWA" origin="True" in="WBB" out="WAW"/>)",
                                                      {.mx = 15, .my = 15, .mz = 1, .resources = {}});
    int steps = ip.run(/*seed=*/1, /*max_steps=*/0);
    mj::GridView g = ip.grid();
    for (int y = 0; y < g.my; y++) {
      for (int x = 0; x < g.mx; x++) std::cout << g.legend[g.cells[x + y * g.mx]];
      std::cout << '\n';
    }
    std::cout << steps << " steps\n";
  } catch (const mj::Error& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}
