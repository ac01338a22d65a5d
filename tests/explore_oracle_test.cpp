// mj explore against the oracle (explore_oracle.hpp: the reference's semantics written apart, with each
// rule node's match list, flags and last matched step, branching on every draw): on random programs of
// the shapes where what a rule node remembers matters (fields undefined at first, two fields, cells
// changed and changed back, markov re-entered, `all`, `prl`, `p` below 1, step limits), every reachable
// grid and every outcome with its probability are the same.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "explore_oracle.hpp"
#include "explore_random_programs.hpp"
#include "mj/error.hpp"
#include "mj/explore.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

struct Tally {
  int programs = 0, matched = 0, refused = 0, too_big = 0, invalid = 0, unending = 0;
  long long outcomes = 0, grids = 0, oracle_states = 0, explorer_states = 0;
};

// One program: compared when both take it (a mismatch is a test failure), else counted as not compared.
void compare(const mjtest::RandomProgram& p, Tally& tally, std::map<std::string, int>& refusals) {
  SCOPED_TRACE(p.xml + " on " + std::to_string(p.mx) + "x" + std::to_string(p.my));
  mj::RunSettings settings;
  try {
    settings = mjtest::settings_of(p);
    load_model(settings);
  } catch (const mj::Error&) {
    tally.invalid++;  // not a model (a rule the grid cannot hold)
    return;
  }
  mj::StateSpace space;
  try {
    space = mj::explore(settings, {20000, 1, true});
  } catch (const mj::Error& e) {
    const std::string m = e.message();
    if (m.find("states: mj explore is for small models") != std::string::npos) tally.too_big++;
    else tally.refused++, refusals[m.substr(0, 70)]++;
    return;
  }
  oracle::Result o;
  try {
    o = oracle::explore(p.xml, p.mx, p.my);
  } catch (const oracle::TooBig&) {
    tally.too_big++;
    return;
  }
  tally.programs++;
  const std::set<std::string> grids(space.grids.begin(), space.grids.end());
  std::map<std::string, double> ends;
  for (const mj::StateSpace::Outcome& e : space.outcomes) ends[e.grid] += e.probability;
  bool same = grids == o.grids && ends.size() == o.outcomes.size();
  EXPECT_EQ(grids, o.grids);
  // A run that may not end: the oracle's probabilities are those of the runs ended after its last round.
  const double slack = 1e-9 + o.unended;
  tally.unending += o.unended > 1e-9;
  for (const auto& [grid, probability] : o.outcomes) {
    const auto found = ends.find(grid);
    const bool equal = found != ends.end() && std::abs(found->second - probability) <= slack;
    EXPECT_TRUE(equal) << grid << ": the oracle says " << probability << ", the explorer "
                       << (found == ends.end() ? std::string("no outcome") : std::to_string(found->second));
    same &= equal;
  }
  EXPECT_EQ(ends.size(), o.outcomes.size());
  tally.matched += same;
  tally.outcomes += (long long)o.outcomes.size();
  tally.grids += (long long)o.grids.size();
  tally.oracle_states += o.states;
  tally.explorer_states += space.states();
}

TEST(ExploreOracle, RandomProgramsWhereRuleNodesRememberTheirMatches) {
  Tally tally;
  std::map<std::string, int> refusals;
  const mjtest::Draws shapes[] = {{true, true, true}, {false, true, true}, {true, false, false}};
  const int counts[] = {1000, 500, 150};
  for (int k = 0; k < 3; k++) {
    mjtest::ProgramMaker maker(47 + unsigned(k), shapes[k]);
    for (int n = 0; n < mjtest::share_of(counts[k]); n++) {
      compare(maker.make(n % 4 == 0), tally, refusals);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::printf(
      "explorer vs oracle: %d/%d programs equal, %lld outcomes, %lld reachable grids (%lld explorer states, %lld "
      "oracle states; %d with runs that may not end); %d refused by the explorer, %d too big, %d not models\n",
      tally.matched, tally.programs, tally.outcomes, tally.grids, tally.explorer_states, tally.oracle_states,
      tally.unending, tally.refused, tally.too_big, tally.invalid);
  for (const auto& [message, n] : refusals) std::printf("  %d refused: %s...\n", n, message.c_str());
  EXPECT_EQ(tally.matched, tally.programs);
  EXPECT_GE(tally.programs, mjtest::share_of(1000));
}

}  // namespace
