// A game's inputs as text (mj/inputs_text.hpp): what mj play --record and mj run --record write, mj run --inputs
// and Python's read_inputs read. One parser, its errors at their lines; a recorded game replays from its file.
#include <gtest/gtest.h>

#include "mj/inputs_text.hpp"
#include "test_util.hpp"

namespace {

mj::Error parse_error(const std::string& text) {
  return mjtest::expect_error([&] { mj::parse_inputs_text(text, "game.txt"); });
}

TEST(InputsText, ReadsWhatItWrites) {
  const std::vector<mj::Input> inputs{{0, "ArrowLeft"}, {3, " "}, {3, "a"}, {12, "ArrowUp"}, {2000000000, "é"}};
  const std::string text = mj::inputs_text(inputs);
  EXPECT_EQ(text.substr(text.find('\n') + 1), "0 ArrowLeft\n3  \n3 a\n12 ArrowUp\n2000000000 é\n");
  EXPECT_EQ(text[0], '#');  // a comment says what the file is
  EXPECT_EQ(mj::parse_inputs_text(text, "game.txt"), inputs);
  // comments, blank lines and CRLF line ends pass; a last line needs no newline
  EXPECT_EQ(mj::parse_inputs_text("# a game\n\n1 ArrowLeft\r\n# more\n2 b", "game.txt"),
            (std::vector<mj::Input>{{1, "ArrowLeft"}, {2, "b"}}));
  EXPECT_TRUE(mj::parse_inputs_text("", "game.txt").empty());
}

TEST(InputsText, ALineThatIsNoInputIsAnErrorAtItsLine) {
  mj::Error e = parse_error("1 ArrowLeft\nArrowLeft\n");
  EXPECT_EQ(e.file(), "game.txt");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.message(), "an input is \"STEP KEY\" (a step, one space, a key's name)");
  e = parse_error("\n\n-1 a\n");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.message(), "an input's step must be a whole number from 0, got '-1'");
  EXPECT_EQ(parse_error("x1 a").message(), "an input's step must be a whole number from 0, got 'x1'");
  EXPECT_EQ(parse_error("1x a").message(), "an input's step must be a whole number from 0, got '1x'");
  EXPECT_EQ(parse_error(" 1 a").message(), "an input's step must be a whole number from 0, got ''");
  EXPECT_EQ(parse_error("99999999999 a").message(), "an input's step is too large");
  EXPECT_EQ(parse_error("4 \n").message(), "a key needs a name after the step and one space");
  EXPECT_EQ(parse_error("4 a\tb\n").message(), "a key's name holds a control character (code 9)");
  e = parse_error("5 a\n3 b\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.message(), "inputs come in the order of their steps: step 3 after step 5");
  EXPECT_EQ(mjtest::expect_error([] { mj::read_inputs(mjtest::temp_dir() / "none.txt"); }).kind(),
            mj::ErrorKind::missing_file);
}

TEST(InputsText, AKeyALineCannotHoldIsRefusedWhenWritten) {
  EXPECT_EQ(mjtest::expect_error([] { mj::inputs_text({{1, "a\nb"}}); }).kind(), mj::ErrorKind::argument);
  EXPECT_EQ(mjtest::expect_error([] { mj::inputs_text({{1, ""}}); }).kind(), mj::ErrorKind::argument);
  EXPECT_EQ(mjtest::expect_error([] { mj::inputs_text({{5, "a"}, {1, "b"}}); }).kind(), mj::ErrorKind::argument);
}

// A game saved and read back replays to the grid it was played to.
TEST(InputsText, AGameSavedReplaysFromItsFile) {
  mj::RunRequest r;
  r.model = std::string(MJ_SOURCE_DIR) + "/models/LightCycle.xml";
  mj::Model game(r);
  game.start(3, 300);
  for (const char* key : {"ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"}) {
    game.step(40);
    game.send(key);
  }
  game.advance();
  const std::filesystem::path file = mjtest::temp_dir() / "game.txt";
  mj::save_inputs(file, game.inputs());
  mj::Model again(r);
  again.replay(3, mj::read_inputs(file), 300);
  const mj::GridView a = game.grid(), b = again.grid();
  EXPECT_EQ(std::string(a.cells, a.cells + a.size()), std::string(b.cells, b.cells + b.size()));
  EXPECT_EQ(again.inputs(), game.inputs());
}

}  // namespace
