// mj explore: state counts and outcome probabilities derived by hand for small programs, refusals of
// what cannot be enumerated exactly, and agreement with the interpreter's runs over fixed seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/random.hpp"
#include "explore_oracle.hpp"
#include "explore_random_programs.hpp"
#include "mj/explore.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

mj::StateSpace explore(const std::string& xml, int mx, int my) { return mj::explore(mjtest::settings_of(xml, mx, my)); }

// The message explore() refuses the program with, or "" when it takes it.
std::string refusal(const std::string& xml, int mx, int my) {
  try {
    explore(xml, mx, my);
  } catch (const mj::Error& e) {
    return e.what();
  }
  return "";
}

std::map<std::string, double> outcomes(const mj::StateSpace& s) {
  std::map<std::string, double> by_grid;
  for (const auto& o : s.outcomes) by_grid[s.grids[size_t(o.state)]] = o.probability;
  return by_grid;
}

// The final grid of the interpreter's runs of seeds 1..runs, written as the explorer writes a grid's rows
// ("BWB/WWB"), counted.
std::map<std::string, int> final_grids(const std::string& xml, int mx, int my, int runs) {
  mj::Interpreter ip = mj::Interpreter::from_string(xml, {mx, my, 1, {}});
  std::map<std::string, int> seen;
  for (int seed = 1; seed <= runs; seed++) {
    ip.run(seed, 0);
    const mj::GridView g = ip.grid();
    std::string rows;
    for (int y = 0; y < my; y++) {
      if (y > 0) rows += '/';
      for (int x = 0; x < mx; x++) rows += g.legend[g.cells[x + mx * y]];
    }
    seen[rows]++;
  }
  return seen;
}

// Every final grid is an outcome of the explorer's, each frequency is within 5 standard deviations of its
// probability, and the probabilities add up to 1.
void expect_frequencies(const std::map<std::string, double>& expected, const std::map<std::string, int>& seen,
                        int runs) {
  for (const auto& [rows, n] : seen) EXPECT_TRUE(expected.count(rows)) << rows << " is no outcome of the explorer's";
  double total = 0;
  for (const auto& [grid, p] : expected) {
    total += p;
    const auto found = seen.find(grid);
    const double frequency = found == seen.end() ? 0 : found->second / double(runs);
    EXPECT_NEAR(frequency, p, 5 * std::sqrt(p * (1 - p) / runs) + 1e-9) << grid;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
}

// A state is the grid and the program's position before a step; the end is a state of its own.
TEST(Explore, OneDrawIsEveryMatchEquallyLikely) {
  // BB: a step makes WB or BW (1/2 each); a step more finds the node done and ends: 1 + 2 + 2 states.
  mj::StateSpace s = explore(R"(<one values="BW" in="B" out="W" steps="1"/>)", 2, 1);
  EXPECT_EQ(s.states(), 5);
  EXPECT_EQ(s.transitions, 4);
  EXPECT_FALSE(s.cyclic);
  EXPECT_EQ(outcomes(s), (std::map<std::string, double>{{"BW", 0.5}, {"WB", 0.5}}));
  s = explore(R"(<one values="BW" in="B" out="W" steps="1"/>)", 3, 1);
  EXPECT_EQ(s.states(), 7);
  for (const auto& [grid, p] : outcomes(s)) EXPECT_DOUBLE_EQ(p, 1.0 / 3) << grid;
}

TEST(Explore, EqualStatesMerge) {
  // Filling 2x2 one cell a step: the 16 sets of white cells, each reached by every order, and the end;
  // a set with b black cells has b successors (32 in all), the full grid one: the end.
  mj::StateSpace s = explore(R"(<one values="BW" in="B" out="W"/>)", 2, 2);
  EXPECT_EQ(s.states(), 17);
  EXPECT_EQ(s.transitions, 33);
  EXPECT_EQ(outcomes(s), (std::map<std::string, double>{{"WW/WW", 1.0}}));
  // Growing from the middle of 3x1: left or right first, then the other: WWW is reached both ways.
  s = explore(R"(<one values="BW" origin="True" in="WB" out="WW"/>)", 3, 1);
  EXPECT_EQ(s.states(), 5);  // BWB, WWB, BWW, WWW, the end
  EXPECT_EQ(s.transitions, 5);
}

TEST(Explore, CyclesAreFoundAndNeverEnd) {
  // B and W alternate for ever: three states (the markov's second child runs from the second step on).
  mj::StateSpace s = explore(R"(<markov values="BW"><one in="B" out="W"/><one in="W" out="B"/></markov>)", 1, 1);
  EXPECT_TRUE(s.cyclic);
  EXPECT_TRUE(s.outcomes.empty());
  EXPECT_DOUBLE_EQ(s.unending, 1.0);
  // A coin with a way out: from R one node draws between back to B and on to G, where the run ends; it
  // ends there surely, through a cycle B -> R -> B of any length.
  s = explore(R"(<markov values="BRG"><one in="B" out="R"/><one><rule in="R" out="B"/><rule in="R" out="G"/></one>
              </markov>)",
              1, 1);
  EXPECT_TRUE(s.cyclic);
  ASSERT_EQ(s.outcomes.size(), 1u);
  EXPECT_NEAR(s.outcomes[0].probability, 1.0, 1e-12);
  EXPECT_NEAR(s.unending, 0.0, 1e-12);
}

TEST(Explore, AllWithoutOverlapsIsOneOutcome) {
  mj::StateSpace s = explore(R"(<all values="BW" in="B" out="W"/>)", 2, 2);
  EXPECT_EQ(s.states(), 3);  // BB/BB, WW/WW, the end
  EXPECT_EQ(outcomes(s), (std::map<std::string, double>{{"WW/WW", 1.0}}));
}

TEST(Explore, RandomnessItCannotEnumerateIsRefusedAtItsLine) {
  auto error = [](const std::string& xml, int mx = 3, int my = 3) { return refusal(xml, mx, my); };
  EXPECT_TRUE(mjtest::contains(error(R"(<one values="BW" in="B" out="W" temperature="1"/>)"), "M.xml:1: mj explore"));
  // p below 1: each match's draw is a choice; more than 16 at once are refused at the node's line
  EXPECT_EQ(error("<sequence values=\"BW\">\n<prl in=\"B\" out=\"W\" p=\"0.5\"/></sequence>"), "");
  EXPECT_TRUE(mjtest::contains(error("<sequence values=\"BW\">\n<prl in=\"B\" out=\"W\" p=\"0.5\"/></sequence>", 5, 4),
                               "M.xml:2: mj explore cannot enumerate this <prl>: 20 matches with p below 1 at once"));
  EXPECT_TRUE(mjtest::contains(error("<sequence values=\"BRW\">\n<path from=\"R\" to=\"W\" on=\"B\" color=\"R\"/>"
                                     "</sequence>"),
                               "M.xml:2: mj explore cannot enumerate <path>"));
  // all draws an order, which matters when two matches write one cell
  EXPECT_TRUE(mjtest::contains(error(R"(<all values="BW" in="BB" out="WW"/>)"),
                               "M.xml:1: mj explore cannot enumerate this <all>"));
  EXPECT_EQ(error(R"(<one values="BW" in="B" out="W"/>)"), "");  // a plain draw is explored
}

// The interpreter draws as the explorer counts: over fixed seeds, every final grid is an outcome the
// explorer lists, and the frequencies fit its probabilities (a chi-square bound; the seeds are fixed,
// so the test is deterministic).
TEST(Explore, TheInterpreterAgrees) {
  const std::string xml = R"(<one values="BW" in="B" out="W" steps="2"/>)";  // 2 of 9 cells: 36 outcomes, 1/36
  const std::map<std::string, double> expected = outcomes(explore(xml, 3, 3));
  ASSERT_EQ(expected.size(), 36u);
  const int runs = 3600;
  std::map<std::string, int> seen = final_grids(xml, 3, 3, runs);
  for (const auto& [rows, n] : seen) ASSERT_TRUE(expected.count(rows)) << rows << " is no outcome of the explorer's";
  double chi2 = 0;
  for (const auto& [grid, p] : expected) {
    const double e = p * runs, d = seen[grid] - e;
    chi2 += d * d / e;
  }
  EXPECT_LT(chi2, 80.0);  // 35 degrees of freedom: 80 is beyond p = 1e-5
}

// prl with p below 1: a match passes its draw with the chance the reference's draw gives p (Random's
// next() below the bound), every subset of passing matches a branch; a step where none passes applies
// nothing and the node fails, which ends this program.
TEST(Explore, PrlChancesAreExact) {
  const double q = double(mj::Random::draws_not_above(0.5)) / 2147483647.0;
  const mj::StateSpace s = explore(R"(<prl values="BW" in="B" out="W" p="0.5"/>)", 2, 1);
  const auto o = outcomes(s);
  ASSERT_EQ(o.size(), 4u);
  EXPECT_NEAR(o.at("BB"), (1 - q) * (1 - q), 1e-12);
  EXPECT_NEAR(o.at("WB"), q * (1 - q) * (1 - q), 1e-12);
  EXPECT_NEAR(o.at("BW"), q * (1 - q) * (1 - q), 1e-12);
  EXPECT_NEAR(o.at("WW"), q * q + 2 * q * (1 - q) * q, 1e-12);
}

// The same chances against the interpreter's runs over fixed seeds: p in a sequence with a `one` and
// step limits; every final grid is an outcome and each frequency is within 5 standard deviations.
TEST(Explore, TheInterpreterAgreesWithPrlChances) {
  const std::string xml = R"(<sequence values="BRW"><prl in="B" out="R" p="0.3" steps="2"/>)"
                          R"(<one in="BR" out="WW" steps="1"/><prl in="R" out="W" p="0.8"/></sequence>)";
  const std::map<std::string, double> expected = outcomes(explore(xml, 3, 1));
  const int runs = 4000;
  expect_frequencies(expected, final_grids(xml, 3, 1, runs), runs);
  EXPECT_GE(expected.size(), 6u);
}

// An `all` whose matches write cells in common: the interpreter applies them in a random order, each
// unless a cell it writes is written already, so the next applied is equally likely any still free.
// On BBB the two dominoes share the middle cell: WWB or BWW, half each.
TEST(Explore, OverlappingAllDrawsItsOrder) {
  const auto o = outcomes(explore(R"(<all values="BW" in="BB" out="WW"/>)", 3, 1));
  EXPECT_EQ(o, (std::map<std::string, double>{{"WWB", 0.5}, {"BWW", 0.5}}));
}

// The same against the interpreter's runs over fixed seeds: dominoes on 3x2 (7 matches at the start),
// every final grid an outcome and each frequency within 5 standard deviations.
TEST(Explore, TheInterpreterAgreesWithOverlappingAll) {
  const std::string xml = R"(<all values="BW" in="BB" out="WW"/>)";
  const std::map<std::string, double> expected = outcomes(explore(xml, 3, 2));
  const int runs = 4000;
  expect_frequencies(expected, final_grids(xml, 3, 2, runs), runs);
  EXPECT_GE(expected.size(), 3u);
}

// Fields at temperature 0: a match's key is -h + 0.001 u (h its potential change, u a draw below 1), so
// `one` applies a match of the least h, each of them equally likely. On 5x1 an R falls anywhere, then a
// W where the field for W (towards R over B) is least: beside R, on either side when both are free.
const char* const kFieldBesideR = R"(<sequence values="BRW"><one in="B" out="R" steps="1"/>)"
                                  R"(<one in="B" out="W" steps="1"><field for="W" to="R" on="B" recompute="True"/>)"
                                  R"(</one></sequence>)";

TEST(Explore, FieldsDrawAmongTheBestMatches) {
  const auto o = outcomes(explore(kFieldBesideR, 5, 1));
  const std::map<std::string, double> expected{{"RWBBB", 0.2}, {"BBBWR", 0.2}, {"WRBBB", 0.1}, {"BRWBB", 0.1},
                                               {"BWRBB", 0.1}, {"BBRWB", 0.1}, {"BBWRB", 0.1}, {"BBBRW", 0.1}};
  ASSERT_EQ(o.size(), expected.size());
  for (const auto& [grid, p] : expected) EXPECT_NEAR(o.at(grid), p, 1e-12) << grid;
  // `from`: away from R, the farthest cell (both ends when R is in the middle).
  const auto away = outcomes(explore(R"(<sequence values="BRW"><one in="B" out="R" steps="1"/><one in="B" out="W" )"
                                     R"(steps="1"><field for="W" from="R" on="B" recompute="True"/></one></sequence>)",
                                     5, 1));
  const std::map<std::string, double> far{{"RBBBW", 0.2}, {"BRBBW", 0.2}, {"WBRBB", 0.1},
                                          {"BBRBW", 0.1}, {"WBBRB", 0.2}, {"WBBBR", 0.2}};
  ASSERT_EQ(away.size(), far.size());
  for (const auto& [grid, p] : far) EXPECT_NEAR(away.at(grid), p, 1e-12) << grid;
}

// A field not recomputed keeps the distances of the node's first step: the second W goes on past the
// first (it is no longer substrate, but the frozen distances do not know). Recomputed, the cells past
// it are out of reach: their potential is undefined, no match is left and the node stops.
TEST(Explore, FieldsNotRecomputedKeepTheirFirstDistances) {
  const std::string frozen = R"(<sequence values="BRW"><one in="B" out="R" steps="1"/><one in="B" out="W" )"
                             R"(steps="2"><field for="W" to="R" on="B"/></one></sequence>)";
  EXPECT_EQ(
      outcomes(explore(frozen, 5, 1)),
      (std::map<std::string, double>{{"RWWBB", 0.2}, {"WRWBB", 0.2}, {"BWRWB", 0.2}, {"BBWRW", 0.2}, {"BBWWR", 0.2}}));
  std::string recomputed = frozen;
  recomputed.replace(recomputed.find("on=\"B\""), 6, "on=\"B\" recompute=\"True\"");
  const auto o = outcomes(explore(recomputed, 5, 1));
  EXPECT_NEAR(o.at("RWBBB"), 0.2, 1e-12);
  EXPECT_NEAR(o.at("BBBWR"), 0.2, 1e-12);
  EXPECT_EQ(o.count("RWWBB"), 0u);
}

// `all` applies its matches by increasing h: on BBBRBBB the dominoes beside R (h 3) first, then those
// farther (h 5) find a cell written already: one outcome, where an unguided `all` draws among several.
TEST(Explore, AllWithAFieldAppliesTheBestFirst) {
  const std::string xml = R"(<all values="BRW" origin="True" in="BB" out="WW">)"
                          R"(<field for="W" to="R" on="B" recompute="True"/></all>)";
  EXPECT_EQ(outcomes(explore(xml, 7, 1)), (std::map<std::string, double>{{"BWWRWWB", 1.0}}));
  EXPECT_GT(outcomes(explore(R"(<all values="BRW" origin="True" in="BB" out="WW"/>)", 7, 1)).size(), 1u);
}

// Against the interpreter's runs over fixed seeds: every final grid an outcome, each frequency within 5
// standard deviations (the ties of `one`, the frozen distances, an `all` of ties that overlap).
TEST(Explore, TheInterpreterAgreesWithFields) {
  const int runs = 4000;
  const std::pair<std::string, std::pair<int, int>> cases[] = {
      {kFieldBesideR, {5, 1}},
      {R"(<sequence values="BRW"><one in="B" out="R" steps="1"/><one in="B" out="W" steps="2">)"
       R"(<field for="W" to="R" on="B"/></one></sequence>)",
       {3, 2}},
      {R"(<sequence values="BRW"><one in="B" out="R" steps="1"/><all in="BB" out="WW">)"
       R"(<field for="W" to="R" on="BW" recompute="True"/></all></sequence>)",
       {4, 2}},
  };
  for (const auto& [xml, size] : cases) {
    SCOPED_TRACE(xml);
    const std::map<std::string, double> expected = outcomes(explore(xml, size.first, size.second));
    EXPECT_GE(expected.size(), 4u);
    expect_frequencies(expected, final_grids(xml, size.first, size.second, runs), runs);
  }
}

// What stays refused says why, at its line.
TEST(Explore, FieldsItCannotEnumerateAreRefusedAtTheirLine) {
  auto error = [](const std::string& xml, int mx = 3, int my = 1) { return refusal(xml, mx, my); };
  EXPECT_TRUE(mjtest::contains(
      error("<one values=\"BRW\" in=\"B\" out=\"W\"\ntemperature=\"1\"><field for=\"W\" to=\"R\" on=\"B\"/></one>"),
      "M.xml:1: mj explore cannot enumerate temperature above 0: its draws are weighted"));
  EXPECT_EQ(error(R"(<one values="BRW" in="B" out="W" temperature="0"><field for="W" to="B" on="B"/></one>)"), "");
  EXPECT_TRUE(mjtest::contains(
      error("<sequence values=\"BRW\">\n<prl in=\"B\" out=\"W\"><field for=\"W\" to=\"R\" on=\"B\"/></prl></sequence>"),
      "M.xml:2: mj explore cannot enumerate a <field> on <prl>: it chooses none of the node's matches"));
  EXPECT_TRUE(mjtest::contains(error("<one values=\"BRW\" in=\"B\" out=\"W\">\n<observe value=\"B\" to=\"W\"/></one>"),
                               "M.xml:2: mj explore cannot enumerate <observe>: its goal's potentials"));
  EXPECT_TRUE(mjtest::contains(error("<sequence values=\"BW\">\n<one in=\"B\" out=\"W\" search=\"True\"><observe "
                                     "value=\"B\" to=\"W\"/></one></sequence>"),
                               "M.xml:2: mj explore cannot enumerate search: the node follows a trajectory"));
  mj::RunRequest r;
  r.model = "M.xml";
  r.xml = "<one values=\"BRW\" in=\"B\" out=\"W\">\n<field for=\"W\" to=\"R\" on=\"B\"/></one>";
  r.length = 2, r.width = 2;
  try {
    mj::explore_all_grids(mj::resolve_run(r));
    ADD_FAILURE() << "--all-grids took a field";
  } catch (const mj::Error& e) {
    EXPECT_TRUE(mjtest::contains(e.what(),
                                 "M.xml:2: exploring every grid and the backward questions cannot take "
                                 "<field>"));
  }
}

// What a rule node remembers of its matches is part of the state. An `all` whose field for W is undefined
// at first leaves R/B -> R/W out, flagged: after RB -> RG the match holds and the field reaches it, but a
// rescan does not list a flagged match again, so the run ends on BBB/BRG/BBB (not BBB/BRG/BWB). And a
// `one` whose field fails at first rescans the whole grid every step, keeping the flags of what held: the
// cell that turned W and back to B is never listed again and stays B. Each as the oracle (the reference's
// semantics written apart) and the interpreter's runs say.
TEST(Explore, RuleNodesRememberTheirMatchesAsTheInterpreterDoes) {
  const std::string flagged = R"x(<all values="BRGW" origin="True" symmetry="()">
  <rule in="RB" out="RG"/>
  <rule in="R/B" out="R/W"/>
  <field for="W" to="G" on="B" recompute="True"/>
  <field for="G" to="R" on="B" recompute="True"/>
</all>)x";
  const std::string back = R"x(<markov values="BWGR" symmetry="()">
  <one in="B" out="R"><field for="R" to="G" on="B"/></one>
  <one in="B" out="W" steps="1"/>
  <one in="B" out="G" steps="1"/>
  <one in="W" out="B"/>
</markov>)x";
  EXPECT_EQ(outcomes(explore(flagged, 3, 3)), (std::map<std::string, double>{{"BBB/BRG/BBB", 1.0}}));
  EXPECT_EQ(final_grids(flagged, 3, 3, 200), (std::map<std::string, int>{{"BBB/BRG/BBB", 200}}));
  const std::map<std::string, double> ends = outcomes(explore(back, 3, 1));
  EXPECT_EQ(ends.size(), 6u);
  for (const auto& [grid, p] : ends) EXPECT_NEAR(p, 1.0 / 6, 1e-12) << grid;
  EXPECT_EQ(ends.count("GRR"), 0u);  // what the explorer said before it kept the flags
  const int runs = 4000;
  expect_frequencies(ends, final_grids(back, 3, 1, runs), runs);
  for (const auto& [xml, size] : {std::pair{flagged, std::pair{3, 3}}, std::pair{back, std::pair{3, 1}}}) {
    const oracle::Result o = oracle::explore(xml, size.first, size.second);
    const std::map<std::string, double> e = outcomes(explore(xml, size.first, size.second));
    ASSERT_EQ(o.outcomes.size(), e.size()) << xml;
    for (const auto& [grid, p] : o.outcomes) EXPECT_NEAR(e.at(grid), p, 1e-12) << grid;
  }
  // The field for W reaches no B (its substrate is R): every match's change is undefined, the step
  // applies none (the node still counts it a step), and the next finds nothing new: the grid stays.
  EXPECT_EQ(outcomes(explore(R"(<sequence values="BRW" origin="True"><all in="B" out="W"><field for="W" to="R" )"
                             R"(on="R" recompute="True"/></all></sequence>)",
                             3, 1)),
            (std::map<std::string, double>{{"BRB", 1.0}}));
}

}  // namespace
