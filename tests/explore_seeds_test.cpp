// mj explore against the interpreter's own random draws, where the replay cannot choose them (p below 1,
// an `all` whose matches overlap, the ties among the best matches of fields): runs of many seeds are
// followed, step by step, through the explorer's state graph. Every step a run takes is a transition of
// the graph (the state it reaches is a successor, found by the replay's key), and from every state runs
// pass often enough, each transition is taken as often as its probability says (within 5 standard
// deviations; the seeds are fixed, so the test is deterministic).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "explore/state_search.hpp"
#include "explore_oracles/oracles.hpp"
#include "explore_random_programs.hpp"
#include "mj/error.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

using mjtest::settings_of;

struct Tally {
  long long runs = 0, steps = 0, frequencies = 0;
};

constexpr int kVisits = 40;  // visits of a state from which its transitions' frequencies are checked

// Runs seeds 1..runs of the interpreter (each at most `most` steps) through the explorer's graph.
void expect_runs_follow(const mj::RunSettings& settings, const mj::StateSpace& space,
                        const std::vector<std::string>& keys, int runs, Tally& tally, int most = 60) {
  mj::Interpreter ip = load_model(settings);
  std::vector<int> visits(space.edges.size(), 0);
  std::vector<std::map<int, int>> taken(space.edges.size());
  for (int seed = 1; seed <= runs; seed++) {
    ip.start(seed);
    ASSERT_EQ(mj::interpreter_state_key(ip), keys[0]);
    int u = 0;
    for (int s = 0; s < most && !ip.finished(); s++) {
      ip.step();
      const std::string key = mj::interpreter_state_key(ip);
      int to = -1;
      for (const mj::StateSpace::Edge& e : space.edges[size_t(u)])
        if (keys[size_t(e.to)] == key) to = e.to;
      ASSERT_GE(to, 0) << "seed " << seed << ", step " << s + 1 << ": a step to a state the explorer has not "
                       << "from state " << u << " (" << space.grids[size_t(u)]
                       << "): " << std::string(key.begin(), key.begin() + long(ip.grid().size())) << ", "
                       << key.substr(ip.grid().size());
      visits[size_t(u)]++, taken[size_t(u)][to]++;
      u = to, tally.steps++;
    }
    tally.runs++;
  }
  for (size_t u = 0; u < space.edges.size(); u++) {
    if (visits[u] < kVisits) continue;
    const double n = visits[u];
    for (const mj::StateSpace::Edge& e : space.edges[u]) {
      const double p = std::min(1.0, e.probability), frequency = taken[u][e.to] / n;
      EXPECT_NEAR(frequency, p, 5 * std::sqrt(p * (1 - p) / n) + 1e-9)
          << "from " << space.grids[u] << " to " << space.grids[size_t(e.to)] << " over " << visits[u] << " visits";
      tally.frequencies++;
    }
  }
}

// The explorer's graph of a program with its keys, or the refusal's message.
struct Explored {
  mj::StateSpace space;
  std::vector<std::string> keys;
  std::string error;
};

Explored explored(const mj::RunSettings& settings, long long max_states = 2000) {
  Explored x;
  try {
    x.space = mj::search_states(mj::compile_program(settings), {max_states}, &x.keys);
    mj::add_end_probabilities(x.space);
  } catch (const mj::Error& e) {
    x.error = std::to_string(e.line()) + ": " + e.message();
  }
  return x;
}

// Random programs with p below 1 on prl rules and `all`s whose matches overlap, and others with fields.
void check_random_programs(unsigned seed, mjtest::Draws draws, int programs, const char* what, int at_least) {
  mjtest::ProgramMaker maker(seed, draws);
  int checked = 0, refused = 0, invalid = 0, with = 0;
  Tally tally;
  std::map<std::string, int> refusals;
  for (int k = 0; k < mjtest::share_of(programs); k++) {
    const mjtest::RandomProgram p = maker.make();
    SCOPED_TRACE(p.xml + " on " + std::to_string(p.mx) + "x" + std::to_string(p.my));
    mj::RunSettings settings;
    try {
      settings = settings_of(p.xml, p.mx, p.my);
      load_model(settings);
    } catch (const mj::Error&) {
      invalid++;
      continue;
    }
    const Explored x = explored(settings);
    if (!x.error.empty()) {
      refused++;
      refusals[x.error.substr(x.error.find(": ") + 2, 60)]++;
      continue;
    }
    expect_runs_follow(settings, x.space, x.keys, 200, tally);
    if (::testing::Test::HasFatalFailure()) return;
    checked++;
    with += p.xml.find(draws.fields ? "<field" : " p=\"") != std::string::npos;
  }
  std::printf(
      "random programs with %s: %d checked (%d of them with one at least; %lld seeded runs, %lld steps, each a "
      "transition of the "
      "explorer's; %lld transition frequencies within 5 sigma), %d refused, %d not models\n",
      what, checked, with, tally.runs, tally.steps, tally.frequencies, refused, invalid);
  for (const auto& [message, n] : refusals) std::printf("  %d refused: %s...\n", n, message.c_str());
  EXPECT_GE(checked, mjtest::share_of(at_least));
}

TEST(ExploreSeeds, RandomProgramsWithChancesAndOverlapsFollowTheInterpretersRuns) {
  check_random_programs(43, {true, false}, 300, "p below 1 and overlapping all", 150);
}

TEST(ExploreSeeds, RandomProgramsWithFieldsFollowTheInterpretersRuns) {
  check_random_programs(44, {false, true}, 300, "fields", 150);
}

}  // namespace
