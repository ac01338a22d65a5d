// Notices: what a model writes that no interpreter reads is found at load, with its file and line, from MJ's one
// list of what it reads (src/nodes/vocabulary.cpp); the model runs as if it were not there. The corpus and mj's
// own models give none but the corpus's own mistakes (kCorpusNotices), and `mj run` and the batch print them.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "mj/model.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

using mjtest::contains;

std::vector<mj::Notice> notices_of(const std::string& xml) {
  return mj::Interpreter::from_string(xml, {8, 8, 1, {}}, "M.xml").notices();
}

std::string only_message(const std::string& xml) {
  std::vector<mj::Notice> notices = notices_of(xml);
  EXPECT_EQ(notices.size(), 1u) << xml;
  return notices.empty() ? "" : notices[0].message;
}

TEST(Notices, AMisspeltAttributeIsNamedWithWhatItMeantAndWhatItsElementReads) {
  std::vector<mj::Notice> notices =
      notices_of("<sequence values=\"BW\">\n  <all symetry=\"()\" in=\"B\" out=\"W\"/>\n</sequence>");
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].file, "M.xml");
  EXPECT_EQ(notices[0].line, 2);
  EXPECT_EQ(notices[0].message,
            "unknown attribute 'symetry' on <all>; did you mean 'symmetry'? <all> reads: depthCoefficient, file, fin, "
            "fout, in, legend, limit, out, p, search, steps, symmetry, temperature, weight");
  EXPECT_EQ(notices[0].text(), "M.xml:2: warning: " + notices[0].message);
}

TEST(Notices, AnAttributeIsPlacedAtItsOwnLine) {
  std::vector<mj::Notice> notices =
      notices_of("<one values=\"BW\"\n  in=\"B\" out=\"W\"\n  symetry=\"()\"\n><rul/></one>");
  ASSERT_EQ(notices.size(), 2u);
  EXPECT_EQ(notices[0].line, 3);  // the attribute's line, not its element's (1)
  EXPECT_EQ(notices[1].line, 4);
}

TEST(Notices, SwappedLettersAndCaseAreMisspellingsAShortNameIsNot) {
  EXPECT_TRUE(contains(only_message("<one values=\"BW\" in=\"B\" out=\"W\" stesp=\"3\"/>"), "did you mean 'steps'?"));
  EXPECT_TRUE(contains(only_message("<one values=\"BW\" in=\"B\" out=\"W\" Steps=\"3\"/>"), "did you mean 'steps'?"));
  EXPECT_FALSE(contains(only_message("<one values=\"BW\" in=\"B\" out=\"W\" q=\"3\"/>"), "did you mean"));
}

TEST(Notices, AnAttributeReadElsewhereSaysWhere) {
  EXPECT_EQ(only_message("<one values=\"BW\">\n<rule in=\"B\" out=\"W\" limit=\"1\"/></one>"),
            "attribute 'limit' is not read on <rule> (it is read on <all>, <one>); <rule> reads: file, fin, fout, in, "
            "legend, out, p, symmetry, weight");
  // the root reads the grid's attributes; a node inside does not
  EXPECT_TRUE(notices_of("<one values=\"BW\" origin=\"True\" in=\"B\" out=\"W\"/>").empty());
  EXPECT_EQ(only_message("<sequence values=\"BW\"><one values=\"BW\" in=\"B\" out=\"W\"/></sequence>"),
            "attribute 'values' is not read on <one> (it is read on the root, <convolution>'s <rule>s, <map>, <union>, "
            "<wfc>); <one> reads: depthCoefficient, file, fin, fout, in, legend, limit, out, p, search, steps, "
            "symmetry, temperature, weight");
}

TEST(Notices, AnElementThatNothingReadsWhereItStands) {
  EXPECT_EQ(only_message("<one values=\"BW\">\n<rul in=\"B\" out=\"W\"/><rule in=\"B\" out=\"W\"/></one>"),
            "unknown element <rul> in <one>; did you mean <rule>? <one> reads: <field>, <observe>, <rule>");
  EXPECT_EQ(only_message("<one values=\"BW\" in=\"B\" out=\"W\"><union symbol=\"?\" values=\"BW\"/></one>"),
            "element <union> is not read in <one>; <one> reads: <field>, <observe>, <rule>");
  EXPECT_EQ(only_message("<sequence values=\"BW\"><path from=\"B\" to=\"W\" on=\"B\" color=\"W\"><rule/></path>"
                         "</sequence>"),
            "element <rule> is not read in <path>; <path> reads no elements");
  // inside a element nothing reads, nothing more is said
  EXPECT_EQ(notices_of("<one values=\"BW\" in=\"B\" out=\"W\"><foo><bar baz=\"1\"/></foo></one>").size(), 1u);
}

TEST(Notices, ARuleNodeWithRulesReadsNoRuleAttributesItself) {
  EXPECT_EQ(only_message("<prl values=\"BW\" p=\"0.5\"><rule in=\"B\" out=\"W\" p=\"0.5\"/></prl>"),
            "attribute 'p' is not read on <prl> (it is read on <convolution>'s <rule>s, <rule>); <prl> reads: "
            "dialect, folder, origin, steps, symmetry, transparent, values");
  EXPECT_TRUE(notices_of("<prl values=\"BW\" in=\"B\" out=\"W\" p=\"0.5\"/>").empty());  // its own rule
  // a map's rules read no symmetry of their own
  EXPECT_TRUE(contains(only_message("<sequence values=\"BW\"><map scale=\"2 2 1\" values=\"BW\">"
                                    "<rule in=\"B\" out=\"BB/BB\" symmetry=\"()\"/></map></sequence>"),
                       "attribute 'symmetry' is not read on <map>'s <rule>s"));
}

TEST(Notices, NotesPassInSilence) {
  EXPECT_TRUE(notices_of("<sequence values=\"BW\" comment=\"a\"><union symbol=\"?\" values=\"BW\" color=\"ff0000\"/>"
                         "<one comment=\"b\"><rule in=\"B\" out=\"W\" comment=\"c\"/></one>"
                         "<map scale=\"2 2 1\" values=\"BW\" outputValues=\"B\" regular=\"False\" comment=\"d\">"
                         "<rule in=\"B\" out=\"BB/BB\" comment=\"e\"/></map></sequence>")
                  .empty());
  EXPECT_EQ(notices_of("<one values=\"BW\" in=\"B\" out=\"W\" regular=\"False\"/>").size(), 1u);  // a map's note only
}

TEST(Notices, AModelRunsAsIfTheyWereNotThere) {
  const std::string plain =
      "<sequence values=\"BWR\" origin=\"True\"><one in=\"WB\" out=\"WW\" steps=\"30\"/></sequence>";
  const std::string typo =
      "<sequence values=\"BWR\" origin=\"True\" periodic=\"True\"><one in=\"WB\" out=\"WW\" stesp=\"3\" steps=\"30\">"
      "<rull/></one></sequence>";
  EXPECT_EQ(notices_of(typo).size(), 3u);
  EXPECT_EQ(mjtest::run_model(typo, 16, 16, 5), mjtest::run_model(plain, 16, 16, 5));
}

TEST(Notices, AnUnknownNodeInABranchIsStillAnError) {
  mj::Error e = mjtest::expect_error([] {
    mj::Interpreter::from_string("<sequence values=\"BW\">\n<onee in=\"B\" out=\"W\"/></sequence>", {8, 8, 1, {}},
                                 "M.xml");
  });
  EXPECT_EQ(std::string(e.what()), "M.xml:2: unknown node <onee>; did you mean <one>?");
}

// What the corpus writes that no interpreter reads, each a mistake a notice is right to name: a search limit
// on a rule (it belongs on its node), `periodic` on a root or a rule node (grids are not periodic), `d` on a
// node (the rules do not change with the dimension), `p` on a prl whose <rule>s each have their own (1).
const std::set<std::string> kCorpusNotices = {
    "BasicKeys.xml:5: attribute 'limit' is not read on <rule>",
    "Chase.xml:1: attribute 'periodic' is not read on <sequence>",
    "GrowthCompetition.xml:1: attribute 'periodic' is not read on <sequence>",
    "Island.xml:52: attribute 'p' is not read on <prl>",
    "StrangeDungeon.xml:3: attribute 'd' is not read on <prl>",
    "StrangeDungeon.xml:4: attribute 'd' is not read on <prl>",
    "StrangeNoise.xml:3: attribute 'periodic' is not read on <one>",
};

std::set<std::string> notices_of_folder(const std::filesystem::path& folder, const std::filesystem::path& resources,
                                        int* models) {
  std::set<std::string> found;
  for (const auto& file : std::filesystem::directory_iterator(folder)) {
    if (file.path().extension() != ".xml" || file.path().filename() == "demo.xml") continue;
    mj::RunRequest request;
    request.model = file.path().string();
    request.resources = resources;
    mj::Model model(request);
    ++*models;
    for (const mj::Notice& n : model.notices()) {
      std::string where = file.path().filename().string() + ":" + std::to_string(n.line) + ": ";
      found.insert(where + n.message.substr(0, n.message.find(" (")));
    }
  }
  return found;
}

TEST(Notices, TheCorpusGivesNoneButItsOwnMistakes) {
  int models = 0;
  const std::filesystem::path corpus = mjtest::corpus_dir();
  EXPECT_EQ(notices_of_folder(corpus / "models", corpus / "resources", &models), kCorpusNotices);
  EXPECT_GE(models, 150);
}

TEST(Notices, MjsOwnModelsGiveNone) {
  int models = 0;
  const std::filesystem::path own = std::filesystem::path(MJ_SOURCE_DIR) / "models";
  EXPECT_EQ(notices_of_folder(own, mjtest::corpus_dir() / "resources", &models), std::set<std::string>{});
  EXPECT_GE(models, 6);
}

TEST(Notices, MjRunPrintsThemOnStderrAndRunsOn) {
  std::filesystem::path dir = mjtest::temp_dir("notices_cli");
  mjtest::write(dir / "models" / "Typo.xml",
                "<sequence values=\"BW\">\n  <all symetry=\"()\" in=\"B\" out=\"W\"/>\n</sequence>");
  mjtest::CliResult r = mjtest::run_cli("run models/Typo.xml --size 4 --out out --no-picture", dir);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output,
                       "models/Typo.xml:2: warning: unknown attribute 'symetry' on <all>; did you mean "
                       "'symmetry'?"))
      << r.output;
  EXPECT_TRUE(contains(r.output, "Typo seed")) << r.output;
}

TEST(Notices, TheBatchPrintsEachOnceAndRunsOn) {
  std::filesystem::path dir = mjtest::temp_dir("notices_batch");
  mjtest::write(dir / "models" / "Typo.xml", "<one values=\"BW\" in=\"B\" out=\"W\" stesp=\"2\"/>");
  mjtest::write(dir / "models.xml",
                "<models><model name=\"Typo\" size=\"4\" amount=\"2\"/><model name=\"Typo\" size=\"5\"/></models>");
  mjtest::CliResult r = mjtest::run_cli("--out out", dir);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const std::string line = "models/Typo.xml:1: warning: unknown attribute 'stesp' on <one>; did you mean 'steps'?";
  size_t first = r.output.find(line);
  EXPECT_NE(first, std::string::npos) << r.output;
  EXPECT_EQ(r.output.find(line, first + 1), std::string::npos) << r.output;
  EXPECT_TRUE(contains(r.output, "Typo seed")) << r.output;
}

}  // namespace
