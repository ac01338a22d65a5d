// Issue 59's classes of bad input, each met at its root: deep nesting refused before a walk recurses, notices
// in one pass, a pinned path that fails instead of idling, a missed goal / failed search / unmet <observe> said
// as run notices, contradictory pins refused, garbage refused, messages that say what is wrong in one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "explore_random_programs.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "test_util.hpp"

namespace {

using mjtest::contains;
using mjtest::expect_error;

mj::Error load_error(const std::string& xml) {
  return expect_error([&] { mj::Model model(mjtest::settings_of(xml, 8, 8)); });
}

// Every line of a message: one, with no control character and whole UTF-8 characters only.
bool one_clean_line(const std::string& text) {
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7F) return false;
  std::string bytes = text;
  for (size_t at = 0; at < bytes.size();) {
    const unsigned char c = (unsigned char)bytes[at];
    const size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || at + n > bytes.size()) return false;
    for (size_t i = at + 1; i < at + n; i++)
      if (((unsigned char)bytes[i] & 0xC0) != 0x80) return false;
    at += n;
  }
  return true;
}

std::vector<std::string> texts(const std::vector<mj::Notice>& notices) {
  std::vector<std::string> result;
  for (const mj::Notice& n : notices) result.push_back(n.text());
  return result;
}

bool any_contains(const std::vector<mj::Notice>& notices, const std::string& part) {
  for (const mj::Notice& n : notices)
    if (contains(n.text(), part)) return true;
  return false;
}

// ---- Crashes: nesting is bounded before anything recurses over it ----

TEST(DeepNesting, ExpressionsOfThousandsOfParenthesesOrSignsAreAnError) {
  const std::string parens = std::string(50000, '(') + "1" + std::string(50000, ')');
  const std::string signs = std::string(50000, '-') + "1";
  for (const std::string& attribute : {"steps=\"" + parens + "\"", "steps=\"" + signs + "\""}) {
    const mj::Error e =
        load_error("<sequence values=\"BW\" dialect=\"mj\"><one in=\"B\" out=\"W\" " + attribute + "/></sequence>");
    EXPECT_EQ(e.line(), 1);
    EXPECT_TRUE(contains(e.message(), "nested deeper than 64 parentheses or signs")) << e.message().substr(0, 200);
  }
  // Every count that takes an expression: an event's timeout, a wfc's tries.
  const mj::Error timeout =
      load_error("<sequence values=\"BW\" dialect=\"mj\"><event timeout=\"" + parens +
                 "\"><keypress key=\"a\"><one in=\"B\" out=\"W\"/></keypress></event></sequence>");
  EXPECT_TRUE(contains(timeout.message(), "nested deeper")) << timeout.message().substr(0, 200);
  mj::RunRequest knots;  // a corpus wfc with tries="-----...1"
  knots.model = "Knots2D.xml";
  knots.resources = mjtest::corpus_dir() / "resources";
  knots.xml = "<sequence values=\"DB\" dialect=\"mj\"><wfc tileset=\"Knots2D\" values=\"IE\" tries=\"" + signs +
              "\"><rule in=\"D\" out=\"Empty\"/><rule in=\"B\" out=\"Line\"/></wfc></sequence>";
  const mj::Error tries = expect_error([&] { mj::Model model(knots); });
  EXPECT_TRUE(contains(tries.message(), "tries=") && contains(tries.message(), "nested deeper"))
      << tries.message().substr(0, 200);
}

TEST(DeepNesting, AHundredThousandNestedElementsAreAnErrorAtTheFirstTooDeep) {
  std::string xml;
  for (int i = 0; i < 100000; i++) xml += "<sequence values=\"BW\">\n";
  for (int i = 0; i < 100000; i++) xml += "</sequence>";
  mj::RunRequest request;  // resolve_run asks whether the rules are 3D: a walk over every element
  request.model = "Deep.xml";
  request.xml = xml;
  const mj::Error e = expect_error([&] { mj::Model model(request); });
  EXPECT_EQ(e.message(), "elements nested deeper than 256 (<sequence>)");
  EXPECT_EQ(e.line(), 257);
}

// ---- Hangs: a pinned path fails instead of succeeding without a write ----

TEST(PinnedPath, APathOverPinnedCellsFailsAndTheRunEnds) {
  mj::Model model(mjtest::settings_of("<path values=\"BRGW\" from=\"R\" to=\"G\" on=\"B\" color=\"W\"/>", 5, 1));
  model.set_pins({1, 0, 0, 0, 2});  // R B B B G, every cell pinned: the path can write none
  EXPECT_EQ(model.run(1, 1000), mj::RunEnd::finished);
  EXPECT_EQ(model.status().steps, 1);  // the step that found the path drew nothing: the program ended there
  model.set_pins({1, mj::kFreeCell, 0, mj::kFreeCell, 2});  // two cells free: drawn once, then no path is left
  EXPECT_EQ(model.run(1, 1000), mj::RunEnd::finished);
  const mj::GridView grid = model.grid();
  EXPECT_EQ(std::string(grid.cells, grid.cells + 5), std::string("\1\3\0\3\2", 5));  // R W B W G
}

// ---- Silent wrong results: run notices, contradictions refused ----

// An <observe> whose goal no rule can reach (nothing writes W): the node ends at once, saying so.
TEST(RunNotices, AnInferenceThatEndsWithItsGoalUnmetSaysSo) {
  mj::Model model(mjtest::settings_of(
      "<sequence values=\"BRW\">\n<one in=\"B\" out=\"R\">\n<observe value=\"B\" to=\"W\"/>\n</one>\n</sequence>", 4,
      3));
  model.run(1);
  const std::vector<mj::Notice> notices = model.run_notices();
  ASSERT_EQ(notices.size(), 1u) << ::testing::PrintToString(texts(notices));
  EXPECT_EQ(notices[0].line, 2);
  EXPECT_EQ(notices[0].message,
            "<one> ended with the goal of its <observe>s unmet: 12 cells hold another value, the first (0, 0) 'B' "
            "where the goal allows \"W\"");
}

TEST(RunNotices, AFailedSearchSaysSo) {
  mj::Model model(mjtest::settings_of(
      "<sequence values=\"BRW\">\n<one in=\"B\" out=\"R\" search=\"True\" limit=\"50\">\n<observe value=\"B\" "
      "to=\"W\"/>\n</one>\n</sequence>",
      3, 2));
  model.run(1);
  const std::vector<mj::Notice> notices = model.run_notices();
  ASSERT_EQ(notices.size(), 1u) << ::testing::PrintToString(texts(notices));
  EXPECT_EQ(notices[0].line, 2);
  EXPECT_TRUE(contains(notices[0].message, "the search found no way to the goal of its <observe>s in 20 tries"))
      << notices[0].message;
}

// models/PathThrough: the goal paints (11, 4) W; a seed whose search fails ends with it unpainted, and says so.
TEST(RunNotices, AMissedGoalSaysSoAndAMetOneDoesNot) {
  mj::RunRequest request;
  request.model = (std::filesystem::path(MJ_SOURCE_DIR) / "models" / "PathThrough.xml").string();
  mj::Model model(request);
  const mj::GridView shape = model.grid();
  const size_t cell = size_t(shape.mx * 4 + 11);
  int missed = 0;
  for (int seed = 1; seed <= 12; seed++) {
    model.run(seed);
    const bool painted = model.grid().legend[model.grid().cells[cell]] == 'W';
    const std::vector<mj::Notice> notices = model.run_notices();
    EXPECT_EQ(any_contains(notices, "the run ended with the goal unmet"), !painted)
        << "seed " << seed << ": " << ::testing::PrintToString(texts(notices));
    if (!painted) {
      EXPECT_TRUE(any_contains(notices, "the first (11, 4) B where the goal has W")) << seed;
    }
    missed += !painted;
  }
  EXPECT_GE(missed, 1);  // seeds 4, 6 and 10 (issue 59)
}

TEST(Contradictions, APinAndAGoalOnOneCellWithOtherValuesAreRefused) {
  mj::RunRequest request;
  request.model = (mjtest::corpus_dir() / "models" / "DiagonalPath.xml").string();
  request.size = 10;
  mj::Model model(request);
  const mj::GridView shape = model.grid();
  std::vector<uint8_t> pins(shape.size(), mj::kFreeCell), goal(shape.size(), mj::kFreeCell);
  pins[23] = uint8_t(shape.legend.find('B'));
  goal[23] = uint8_t(shape.legend.find('W'));
  model.set_pins(pins);
  mj::Error e = expect_error([&] { model.set_goal(goal); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_TRUE(contains(e.message(), "the pins hold cell (3, 2) at B and the goal asks W there")) << e.message();
  model.set_pins({});
  model.set_goal(goal);
  e = expect_error([&] { model.set_pins(pins); });  // the other order
  EXPECT_TRUE(contains(e.message(), "cell (3, 2)")) << e.message();
}

TEST(Contradictions, APinThatTheModelsOwnObserveForbidsIsRefusedAtTheNode) {
  mj::Model model(mjtest::settings_of(
      "<sequence values=\"BRW\">\n<one in=\"B\" out=\"W\">\n<observe value=\"R\" to=\"W\"/>\n</one>\n</sequence>", 3,
      2));
  model.set_pins({mj::kFreeCell, mj::kFreeCell, mj::kFreeCell, mj::kFreeCell, 1, mj::kFreeCell});  // (1, 1) R
  const mj::Error e = expect_error([&] { model.run(1); });
  EXPECT_EQ(e.line(), 2);
  EXPECT_TRUE(contains(e.message(), "the pins hold cell (1, 1) at R, which this node's observations do not allow"))
      << e.message();
}

// ---- Garbage refused ----

mj::Model pinned_model(const std::filesystem::path& dir) {
  mjtest::write(dir / "M.xml", "<one values=\"BWR\" in=\"B\" out=\"W\"/>");
  mj::RunRequest request;
  request.model = (dir / "M.xml").string();
  request.size = 4;
  return mj::Model(request);
}

TEST(Garbage, AStateTextWithAWrongRowALegendOrAnExtraRowIsRefused) {
  const std::filesystem::path dir = mjtest::temp_dir();
  mj::Model model = pinned_model(dir);
  const auto error_of = [&](const std::string& text) {
    mjtest::write(dir / "p.txt", text);
    return expect_error([&] { mj::constraint_cells(model, dir / "p.txt"); });
  };
  mj::Error e = error_of("M 4 4 1 1 0\nBWR\n****\n*****\n****\n****\n");
  EXPECT_EQ(e.line(), 4);
  EXPECT_EQ(e.message(), "the row has 5 symbols, the grid 4 a row");
  e = error_of("M 4 4 1 1 0\nBWR\n****\n****\n****\n****\n*R**\n");
  EXPECT_EQ(e.line(), 7);
  EXPECT_TRUE(contains(e.message(), "a row past the grid's last")) << e.message();
  e = error_of("M 4 4 1 1 0\nWBR\n****\n*B**\n****\n****\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.message(), "the legend \"WBR\" is not the model's values \"BWR\"");
  e = error_of("M 4 4 1 1 0\nBWR\n****\n*B**\n");
  EXPECT_TRUE(contains(e.message(), "a row of 4 symbols is missing")) << e.message();
}

TEST(Garbage, ANulInAnAttributeIsAnErrorNotTheEndOfIt) {
  mj::Error e = load_error("<one values=\"BW\" in=\"B\" out=\"W\"\nsteps=\"1&#0;/0\"/>");
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.message(), "malformed XML: &#0; refers to the NUL character, which XML does not allow");
  e = load_error("<one values=\"BW\" in=\"B\" out=\"W\" steps=\"1&#x00;\"/>");
  EXPECT_TRUE(contains(e.message(), "&#x00;")) << e.message();
  std::string nul = "<one values=\"BW\" in=\"B\" out=\"W\" steps=\"1";
  nul += '\0';
  e = load_error(nul + "\"/>");
  EXPECT_EQ(e.message(), "malformed XML: a NUL character");
}

// ---- Messages that say what is wrong ----

TEST(Messages, ControlCharactersAndHalfCharactersAreEscapedInTheOneLine) {
  mj::Error e = load_error("<one values=\"BW\" in=\"B\" out=\"W\" steps=\"1&#9;2&#10;3\"/>");
  EXPECT_TRUE(one_clean_line(e.what())) << e.what();
  EXPECT_TRUE(contains(e.what(), "steps=\"1\\t2\\n3\"")) << e.what();
  e = load_error("<one values=\"BW\" in=\"B\" out=\"W\" steps=\"\xC3\"/>");  // half of an e acute
  EXPECT_TRUE(one_clean_line(e.what())) << e.what();
  EXPECT_TRUE(contains(e.what(), "steps=\"\\xC3\"")) << e.what();
  e = load_error("<one values=\"BW\" in=\"B\" out=\"W\" steps=\"\xC3\xA9\"/>");  // a whole one stays
  EXPECT_TRUE(contains(e.what(), "steps=\"\xC3\xA9\"")) << e.what();
}

TEST(Messages, AMisspeltOptInIsNamedInTheExtensionsError) {
  mj::Error e = load_error("<one values=\"BW\" dialet=\"mj\" in=\"B\" out=\"W\" steps=\"area/2\"/>");
  EXPECT_TRUE(contains(e.message(), "dialet=\"mj\", which is not read: did you mean 'dialect'?")) << e.message();
  e = load_error("<one values=\"BW\" Dialect=\"mj\" in=\"B\" out=\"W\" steps=\"area/2\"/>");
  EXPECT_TRUE(contains(e.message(), "attribute names are case-sensitive, write 'dialect'")) << e.message();
}

TEST(Messages, AnAttributeReadOnAnotherElementOfTheSameNameSaysWhichOne) {
  mj::Model model(mjtest::settings_of(
      "<sequence values=\"BW\">\n<map scale=\"1 1 1\" values=\"BW\">\n<rule in=\"B\" out=\"W\" weight=\"2\"/>\n"
      "</map>\n</sequence>",
      4, 4));
  ASSERT_EQ(model.notices().size(), 1u);
  EXPECT_TRUE(contains(model.notices()[0].message,
                       "attribute 'weight' is not read on <map>'s <rule>s (it is read on <rule>, <tile>)"))
      << model.notices()[0].message;
}

// ---- A models.xml entry: read as `mj run` reads it, wherever it is run from ----

// A list of one entry, M at 4x4, with pins p.txt (R at (1, 1)), `attributes` and `children` added.
std::filesystem::path listed(const std::filesystem::path& dir, const std::string& attributes,
                             const std::string& children = "") {
  mjtest::write(dir / "M.xml", "<one values=\"BWR\" in=\"B\" out=\"W\"/>");
  mjtest::write(dir / "p.txt", "M 4 4 1 1 0\nBWR\n****\n*R**\n****\n****\n");
  return mjtest::write(dir / "models.xml", "<models>\n<model name=\"M\" size=\"4\" pins=\"p.txt\"" + attributes + ">" +
                                               children + "</model>\n</models>");
}

// The batch hands the library its entries as read from the list: their pins are read as mj run reads them.
TEST(Entries, AListsEntryReadsItsPinsWhereverItIsRunFrom) {
  const std::filesystem::path dir = mjtest::temp_dir();
  const std::vector<mj::ModelEntry> entries = mj::load_model_list(listed(dir, ""));
  mj::RunRequest request;
  request.model = (dir / "M.xml").string();
  request.entry = entries.at(0);
  mj::Model model(request);
  EXPECT_EQ(model.settings().pins, dir / "p.txt");
  model.run(1);
  EXPECT_EQ(model.grid().cells[5], 2);
  EXPECT_EQ(model.grid().cells[6], 1);
}

TEST(Entries, WhatAnEntryWritesThatNothingReadsIsANotice) {
  const std::filesystem::path dir = mjtest::temp_dir();
  const std::filesystem::path list =
      listed(dir, " pinz=\"q.txt\"", "<color symbol=\"Q\" value=\"FF0000\"/><colour symbol=\"W\" value=\"00FF00\"/>");
  mj::RunRequest request;
  request.model = (dir / "M.xml").string();
  mj::Model model(request);
  const std::string where = list.lexically_normal().string() + ":2: warning: ";
  EXPECT_EQ(
      texts(model.notices()),
      (std::vector<std::string>{
          where + "unknown attribute 'pinz' on <model>; did you mean 'pins'? <model> reads: amount, d, gif, goal, "
                  "gui, height, iso, length, name, pins, pixelsize, seeds, size, steps, width",
          where + "unknown element <colour> in <model>; did you mean <color>? <model> reads: <color>",
          where + "a colour for 'Q', a symbol M does not have (it has BWR): nothing is drawn in it"}));
}

// issue 60: an entry's pins are a picture of its grid; at another size they are not read, and a notice says so.
TEST(Entries, AnEntrysOwnPinsAtAnotherSizeAreNotReadAndANoticeSaysSo) {
  mj::RunRequest request;
  request.model = (std::filesystem::path(MJ_SOURCE_DIR) / "models" / "DoorRooms.xml").string();
  request.size = 33;
  mj::Model model(request);
  EXPECT_TRUE(model.settings().pins.empty());
  ASSERT_FALSE(model.notices().empty());
  EXPECT_TRUE(contains(model.notices()[0].text(),
                       "demo.xml:34: warning: the entry's pins DoorRooms_pins.png are for its 41x41 grid, not this "
                       "33x33 one: they are not read (run at 41x41 for them, or give pins of this size)"))
      << model.notices()[0].text();
  EXPECT_EQ(model.run(1, 200000), mj::RunEnd::finished);
  // The caller's own pins win, and nothing is said of the entry's.
  const std::filesystem::path dir = mjtest::temp_dir();
  std::string text = "DoorRooms 33 33 1 1 0\n" + model.grid().legend + "\n";
  for (int y = 0; y < 33; y++) text += std::string(33, '*') + "\n";
  request.pins = mjtest::write(dir / "mine.txt", text);
  mj::Model mine(request);
  EXPECT_EQ(mine.settings().pins, dir / "mine.txt");
  EXPECT_FALSE(any_contains(mine.notices(), "the entry's pins"));
  // At its own size they are read.
  request.pins.clear();
  request.size = 41;
  EXPECT_FALSE(mj::Model(request).settings().pins.empty());
}

// ---- The command line shows it all ----

TEST(CommandLine, AnEmptyPathIsRefused) {
  const std::filesystem::path dir = mjtest::temp_dir();
  mjtest::write(dir / "M.xml", "<one values=\"BW\" in=\"B\" out=\"W\"/>");
  for (const char* option : {"--pins", "--goal", "--state"}) {
    const mjtest::CliResult r =
        mjtest::run_cli("run " + (dir / "M.xml").string() + " --out " + (dir / "out").string() + " " + option + " ''");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_TRUE(contains(r.output, std::string(option) + ": an empty path names no file")) << r.output;
  }
}

TEST(CommandLine, ARunsNoticesArePrinted) {
  const mjtest::CliResult r =
      mjtest::run_cli("run " + (std::filesystem::path(MJ_SOURCE_DIR) / "models" / "PathThrough.xml").string() +
                      " --seed 4 --out " + (mjtest::temp_dir() / "out").string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "PathThrough.xml:4: warning: the run ended with the goal unmet")) << r.output;
}

// The batch reads its entries' pins (a missing file is an error of that run) and prints its list's notices once.
TEST(CommandLine, TheBatchReadsItsEntriesPinsAndNotices) {
  const std::filesystem::path dir = mjtest::temp_dir();
  mjtest::write(dir / "models" / "M.xml", "<one values=\"BWR\" in=\"B\" out=\"W\"/>");
  mjtest::write(dir / "models.xml",
                "<models>\n<model name=\"M\" size=\"4\" seeds=\"1 2\" pinz=\"p.txt\"/>\n"
                "<model name=\"M\" size=\"4\" amount=\"1\" pins=\"nope.txt\"/>\n</models>");
  const mjtest::CliResult r = mjtest::run_cli("models.xml --out out -j 1", dir);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "models.xml:2: warning: unknown attribute 'pinz' on <model>; did you mean 'pins'?"))
      << r.output;
  EXPECT_EQ(r.output.find("pinz"), r.output.rfind("pinz")) << "said once: " << r.output;
  EXPECT_TRUE(contains(r.output, "nope.txt: cannot open")) << r.output;
  EXPECT_TRUE(contains(r.output, "2 of 3 runs written, 1 failed")) << r.output;
}

}  // namespace
