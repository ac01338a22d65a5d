// Inputs that once crashed mj or could exhaust the machine: each must now end in mj::Error or a clean run.
#include <gtest/gtest.h>

#include <string>

#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

// The message of the mj::Error that loading and running `xml` throws, or "" when it runs cleanly.
std::string error_of(const std::string& xml, mj::LoadOptions options, int steps = 100) {
  try {
    mj::Interpreter ip = mj::Interpreter::from_string(xml, options, "m.xml");
    ip.run(1, steps);
    return "";
  } catch (const mj::Error& e) {
    return e.what();
  }
}

using mjtest::contains;

TEST(Regression, OriginNeedsTwoValues) {
  // origin writes value 1, which a one-value alphabet does not have
  std::string e = error_of(R"(<one values="B" origin="True" in="B" out="B"/>)", {5, 5, 1, {}});
  EXPECT_TRUE(contains(e, "m.xml:1: origin=\"True\" needs at least two values")) << e;
}

}  // namespace

namespace {

// The grid, as one string of symbols, after running `xml`.
std::string final_grid(const std::string& xml, mj::LoadOptions options, int steps = 100) {
  mj::Interpreter ip = mj::Interpreter::from_string(xml, options, "m.xml");
  ip.run(1, steps);
  mj::GridView g = ip.grid();
  std::string cells;
  for (size_t i = 0; i < g.size(); i++) cells += g.legend[g.cells[i]];
  return cells;
}

TEST(Limits, RulesLargerThanTheGridNeverMatch) {
  EXPECT_EQ(final_grid(R"(<one values="BW" in="BBBBBB" out="WWWWWW"/>)", {3, 3, 1, {}}), std::string(9, 'B'));
  EXPECT_EQ(final_grid(R"x(<all values="BW" in="B/B/B/B" out="W/W/W/W" symmetry="()"/>)x", {5, 3, 1, {}}),
            std::string(15, 'B'));
  // a 3D rule (two layers) on a 2D grid, and a 3D rule deeper than a 3D grid
  EXPECT_EQ(final_grid(R"(<prl values="BW" in="B B" out="W W"/>)", {4, 4, 1, {}}), std::string(16, 'B'));
  EXPECT_EQ(final_grid(R"(<one values="BW" in="B B B" out="W W W"/>)", {2, 2, 2, {}}), std::string(8, 'B'));
  // inference with a rule that cannot fit anywhere: no path to the goal, no crash
  EXPECT_EQ(
      final_grid(R"(<sequence values="BW"><all in="BBBB" out="WWWW"><observe value="B" to="W"/></all></sequence>)",
                 {3, 1, 1, {}}),
      "BBB");
}

TEST(Limits, DeepNestingIsAnErrorNotAStackOverflow) {
  const auto nested = [](int depth) {
    std::string xml = "<sequence values=\"BW\">";
    for (int i = 0; i < depth; i++) xml += "<markov>";
    xml += "<one in=\"B\" out=\"W\"/>";
    for (int i = 0; i < depth; i++) xml += "</markov>";
    return xml + "</sequence>";
  };
  std::string e = error_of(nested(100), {4, 4, 1, {}});
  EXPECT_TRUE(contains(e, "m.xml:1: nodes nested deeper than 64")) << e;
  e = error_of(nested(10000), {4, 4, 1, {}});  // refused as a document, before any walk over it
  EXPECT_TRUE(contains(e, "m.xml:1: elements nested deeper than 256 (<markov>)")) << e;
}

TEST(Limits, MaxCellsIsAdjustable) {
  const std::string xml = R"(<one values="BW" in="B" out="W"/>)";
  mj::LoadOptions small{11, 10, 1, {}, 100};
  std::string e = error_of(xml, small);
  EXPECT_TRUE(contains(e,
                       "m.xml:1: grid size 11x10x1 is too large (at most 100 cells; raise the limit with "
                       "LoadOptions::max_cells)"))
      << e;
  EXPECT_EQ(error_of(xml, {10, 10, 1, {}, 100}), "");
  e = error_of(xml, {1 << 15, 1 << 14, 1, {}});  // 2^29 cells, over the default 2^28
  EXPECT_TRUE(contains(e, "is too large (at most 268435456 cells;")) << e;
}

TEST(Limits, RuleNodeMemoryIsBoundedBeforeAllocating) {
  // 32 potentials of 4 bytes and a match flag for each of 2^25 + 4096 cells: over 4 GiB
  const std::string xml = R"(<one values="ABCDEFGHIJKLMNOPQRSTUVWXYZ012345" in="A" out="B">
  <field for="B" to="C" on="A"/>
</one>)";
  std::string e = error_of(xml, {8193, 4096, 1, {}}, 1);
  EXPECT_TRUE(contains(e, "m.xml:1: this node would need 4128 MiB for 1 rules")) << e;
  EXPECT_TRUE(contains(e, "the limit is 4096 MiB")) << e;
}

TEST(Limits, SymbolsAndSizesAreChecked) {
  std::string e = error_of(R"(<one values="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456" in="A" out="B"/>)", {4, 4, 1, {}});
  EXPECT_TRUE(contains(e, "too many values (33), at most 32")) << e;
  e = error_of(R"(<one values="BW" in="B" out="W"/>)", {4, -4, 1, {}});
  EXPECT_TRUE(contains(e, "grid size 4x-4x1 must be positive")) << e;
}

}  // namespace

#include <filesystem>

#include "io/formats/png.hpp"

namespace {

// A resources folder with samples/S.png: 12x12 pseudo-random cells of two colours, so with n=4
// about a thousand patterns.
std::filesystem::path sample_resources() {
  auto dir = mjtest::temp_dir();
  std::filesystem::create_directories(dir / "samples");
  mj::Image sample{12, 12, {}};
  for (uint32_t i = 0, r = 12345; i < 144; i++, r = r * 1103515245u + 12345u)
    sample.argb.push_back((r >> 16) & 1 ? 0xffffffff : 0xff000000);
  mj::save_png(dir / "samples" / "S.png", sample);
  return dir;
}

TEST(Limits, WfcTriesAreBounded) {
  auto resources = sample_resources();
  const std::string ok = R"(<sequence values="B"><wfc values="BW" sample="S" n="2" tries="5"/></sequence>)";
  EXPECT_EQ(error_of(ok, {6, 6, 1, resources}), "");
  std::string e = error_of(R"(<sequence values="B"><wfc values="BW" sample="S" n="2" tries="2000000"/></sequence>)",
                           {6, 6, 1, resources});
  EXPECT_TRUE(contains(e, "m.xml:1: tries=2000000 is more than 1000000")) << e;
}

TEST(Limits, WfcMemoryIsBoundedBeforeAllocating) {
  std::string e = error_of(R"(<sequence values="B"><wfc values="BW" sample="S" n="4"/></sequence>)",
                           {400, 400, 1, sample_resources()}, 1);
  EXPECT_TRUE(contains(e, "m.xml:1: wave function collapse would need")) << e;
  EXPECT_TRUE(contains(e, "the limit is 4096 MiB")) << e;
}

}  // namespace

#include "mj/model_list.hpp"

namespace {

TEST(Limits, ModelListAmountIsBounded) {
  // every run is planned before the first starts: two billion would need 32 GB
  try {
    mj::parse_model_list("<models>\n<model name=\"A\" size=\"4\" amount=\"2000000000\"/>\n</models>", "models.xml");
    ADD_FAILURE() << "no error";
  } catch (const mj::Error& e) {
    EXPECT_STREQ(e.what(), "models.xml:2: amount=\"2000000000\" is more than 1000000");
  }
  EXPECT_EQ(mj::parse_model_list(R"(<models><model name="A" size="4" amount="0"/></models>)", "m").at(0).amount, 0);
}

}  // namespace

namespace {

TEST(Regression, UnionsMustNameValues) {
  // Both crashed inference (heap overflow in backward potentials): the union's lowest value lay outside "BW".
  const std::string run = R"(<one in="B" out="W" steps="3"/><all in="?" out="B"><observe value="W" to="B"/></all>)";
  std::string e =
      error_of("<sequence values=\"BW\">\n<union symbol=\"?\" values=\"WW\"/>" + run + "</sequence>", {5, 5, 1, {}});
  EXPECT_TRUE(contains(e, "m.xml:2: union ?=\"WW\" names no value of \"BW\"")) << e;
  e = error_of("<sequence values=\"BW\">\n<union symbol=\"?\" values=\"\"/>" + run + "</sequence>", {5, 5, 1, {}});
  EXPECT_TRUE(contains(e, "m.xml:2: union ?=\"\" names no value of \"BW\"")) << e;
  // repeated symbols that stay inside the alphabet keep the reference's sum: B+B is W
  EXPECT_EQ(error_of(R"(<sequence values="BWR"><union symbol="?" values="BB"/><one in="?" out="R"/></sequence>)",
                     {3, 3, 1, {}}),
            "");
}

}  // namespace

namespace {

TEST(Limits, RulePatternsAreBounded) {
  // a one-colour PNG of 1024x128 compresses to almost nothing but makes a rule of 64 Ki cells per half
  auto dir = mjtest::temp_dir();
  std::filesystem::create_directories(dir / "rules");
  mj::save_png(dir / "rules" / "Big.png", {1026, 128, std::vector<uint32_t>(1026 * 128, 0xff000000)});
  std::string e = error_of(R"(<one values="BW" file="Big" legend="B"/>)", {4, 4, 1, dir});
  EXPECT_TRUE(contains(e, "m.xml:1: rule pattern of 513x128x1 cells is too large (at most 65536 cells)")) << e;
  std::string row(300, 'B');
  std::string text;
  for (int y = 0; y < 300; y++) text += (y ? "/" : "") + row;
  e = error_of("<one values=\"BW\" in=\"" + text + "\" out=\"" + text + "\"/>", {4, 4, 1, {}});
  EXPECT_TRUE(contains(e, "rule pattern of 300x300x1 cells is too large")) << e;
}

}  // namespace

namespace {

TEST(Limits, EndlessFilesStopWithAnError) {
  // read whole before, /dev/zero filled memory
  try {
    mj::Interpreter::from_file("/dev/zero", {4, 4, 1, {}});
    ADD_FAILURE() << "no error";
  } catch (const mj::Error& e) {
    EXPECT_STREQ(e.what(), "/dev/zero: file is larger than 256 MiB");
  }
}

// read_file opens before it looks: a directory opens for reading, and must still be refused.
TEST(Limits, DirectoriesAreNoFiles) {
  const std::filesystem::path dir = mjtest::temp_dir();
  try {
    mj::Interpreter::from_file(dir, {4, 4, 1, {}});
    ADD_FAILURE() << "no error";
  } catch (const mj::Error& e) {
    EXPECT_EQ(std::string(e.what()), dir.string() + ": is a directory, not a file");
  }
}

}  // namespace
