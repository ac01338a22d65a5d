// mj explore's backward questions against a brute force: for random one-node programs and every grid of
// small sizes, the predecessors found (by the reverse algorithm for `one`) are exactly the grids whose
// successors, by starts of the interpreter, include it; a Garden of Eden is a grid with none.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "explore/backward.hpp"
#include "explore/stepper.hpp"
#include "explore_oracles/oracles.hpp"
#include "explore_random_programs.hpp"
#include "mj/error.hpp"
#include "mj/explore.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

using mjtest::settings_of;

std::vector<uint8_t> cells_of(long long number, int values, int cells) {
  std::vector<uint8_t> c(size_t(cells), 0);
  for (int i = 0; i < cells; i++, number /= values) c[size_t(i)] = uint8_t(number % values);
  return c;
}

TEST(ExploreBackward, PredecessorsOfEveryGridAreTheBruteForces) {
  mjtest::ProgramMaker maker(42);
  int programs = 0;
  long long grids = 0, predecessors = 0, gardens = 0;
  int refusals = 0;
  for (int k = 0; k < 300 && programs < 120; k++) {
    const mjtest::RandomProgram p = maker.make(true);
    SCOPED_TRACE(p.xml + " on " + std::to_string(p.mx) + "x" + std::to_string(p.my));
    mj::RunSettings settings;
    long long count = 1;
    int values = 0, cells = 0;
    try {
      settings = settings_of(p.xml, p.mx, p.my);
      const mj::GridView view = load_model(settings).grid();
      values = int(view.legend.size()), cells = int(view.size());
      for (int i = 0; i < cells; i++) count *= values;
    } catch (const mj::Error&) {
      continue;
    }
    if (count > 729) continue;
    mj::StepGraph brute;
    try {
      brute = mj::step_graph_by_interpreter(settings, count);
    } catch (const mj::Error& e) {
      // An `all` whose matches overlap: the backward questions refuse it at its line too.
      try {
        const mj::Backward refused(mj::compile_program(settings), {1000000, 1});
        ADD_FAILURE() << "not refused: " << e.what();
      } catch (const mj::Error& again) {
        EXPECT_EQ(std::string(again.what()), std::string(e.what()));
        refusals++;
      }
      continue;
    }
    // Reversed: the brute force's predecessors of each grid.
    std::vector<std::set<int>> before(static_cast<size_t>(count));
    for (long long g = 0; g < count; g++)
      for (long long e = brute.first[size_t(g)]; e < brute.first[size_t(g) + 1]; e++)
        if (brute.to[size_t(e)] != g) before[size_t(brute.to[size_t(e)])].insert(int(g));
    const mj::Backward backward(mj::compile_program(settings), {1000000, 1});
    for (long long g = 0; g < count; g++) {
      const auto target = cells_of(g, values, cells);
      std::set<int> found;
      for (const auto& c : backward.predecessors(target)) {
        long long n = 0;
        for (int i = cells; i-- > 0;) n = n * values + c[size_t(i)];
        found.insert(int(n));
      }
      ASSERT_EQ(found, before[size_t(g)]) << "grid " << g;
      const auto one = backward.a_predecessor(target);
      ASSERT_EQ(one.has_value(), !before[size_t(g)].empty()) << "grid " << g;
      predecessors += (long long)found.size();
      gardens += !one;
    }
    programs++, grids += count;
  }
  std::printf(
      "backward: %d random one-node programs, every grid (%lld grids, %lld predecessors, %lld Gardens of "
      "Eden), all equal to the brute force; %d refused by both\n",
      programs, grids, predecessors, gardens, refusals);
  EXPECT_GE(programs, 100);
}

// `all` and `prl` by constraint search, on larger spaces: every grid's predecessors are those of the
// one-step graph reversed (the successor engine's, itself checked against the interpreter).
TEST(ExploreBackward, SearchedPredecessorsOfAllAndPrlAreTheGraphs) {
  mjtest::ProgramMaker maker(43);
  int programs = 0, refused = 0;
  long long grids = 0, predecessors = 0, gardens = 0;
  for (int k = 0; k < 3000 && programs < 60; k++) {
    const mjtest::RandomProgram p = maker.make(true);
    if (p.xml.find("<one") != std::string::npos) continue;
    SCOPED_TRACE(p.xml + " on " + std::to_string(p.mx) + "x" + std::to_string(p.my));
    mj::ExploreProgram program;
    long long count = 1;
    try {
      program = mj::compile_program(settings_of(p.xml, p.mx, p.my));
    } catch (const mj::Error&) {
      continue;
    }
    for (int i = 0; i < program.cells(); i++) count *= program.values;
    if (count > 4096) continue;
    mj::StepGraph graph;
    try {
      graph = mj::step_graph(program, count, 1);
    } catch (const mj::Error&) {
      EXPECT_THROW(mj::Backward(program, {}), mj::Error);
      refused++;
      continue;
    }
    std::vector<std::set<int>> before(static_cast<size_t>(count));
    for (long long g = 0; g < count; g++)
      for (long long e = graph.first[size_t(g)]; e < graph.first[size_t(g) + 1]; e++)
        if (graph.to[size_t(e)] != g) before[size_t(graph.to[size_t(e)])].insert(int(g));
    const mj::Backward backward(program, {1000000, 1});
    for (long long g = 0; g < count; g++) {
      const auto target = cells_of(g, program.values, program.cells());
      std::set<int> found;
      for (const auto& c : backward.predecessors(target)) {
        long long n = 0;
        for (int i = program.cells(); i-- > 0;) n = n * program.values + c[size_t(i)];
        ASSERT_TRUE(found.insert(int(n)).second) << "twice: " << n;
      }
      ASSERT_EQ(found, before[size_t(g)]) << "grid " << g;
      const auto one = backward.a_predecessor(target);
      ASSERT_EQ(one.has_value(), !before[size_t(g)].empty()) << "grid " << g;
      predecessors += (long long)found.size();
      gardens += !one;
    }
    programs++, grids += count;
  }
  std::printf(
      "backward by search: %d random all/prl programs, every grid (%lld grids, %lld predecessors, %lld Gardens of "
      "Eden), all equal to the graph's; %d refused by both\n",
      programs, grids, predecessors, gardens, refused);
  EXPECT_GE(programs, 40);
}

// A 64x64 question about `prl` dimers (BB -> RR, all pairs at once) answered by the search: a
// checkerboard is a Garden of Eden (an R is written only beside another R, so every grid that makes it
// is itself), a grid all R is not, and its predecessor steps to it.
TEST(ExploreBackward, A64x64PrlQuestionIsAnsweredBySearch) {
  const mj::ExploreProgram program = mj::compile_program(settings_of(R"(<prl values="BR" in="BB" out="RR"/>)", 64, 64));
  const mj::Backward backward(program, {});
  std::vector<uint8_t> board(64 * 64), red(64 * 64, 1);
  for (size_t i = 0; i < board.size(); i++) board[i] = uint8_t((i % 64 + i / 64) % 2);
  EXPECT_FALSE(backward.a_predecessor(board).has_value());
  const auto p = backward.a_predecessor(red);
  ASSERT_TRUE(p.has_value());
  EXPECT_NE(*p, red);
  mj::Stepper stepper(program);
  mj::Machine m = mj::Machine::start_of(program);
  m.cells = *p;
  stepper.step(m);
  EXPECT_EQ(m.cells, red);
}

// The CLI's questions on a file written by mj run --state, and a Garden of Eden of 64x64 answered at once:
// under dimers (BB -> RR) a grid whose every R has no R beside it has no predecessor.
TEST(ExploreBackward, CliAnswersForAStateFileAndA64x64Grid) {
  const auto dir = mjtest::temp_dir();
  std::ofstream(dir / "D.xml") << R"(<one values="BR" in="BB" out="RR"/>)";
  std::ofstream(dir / "g.txt") << "D 3 1 1 0 0\nBR\nRRB\n";
  const auto run = mjtest::run_cli("explore " + (dir / "D.xml").string() + " --predecessors " +
                                   (dir / "g.txt").string() + " --json " + (dir / "p.json").string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(mjtest::read_bytes(dir / "p.json"), "{\"predecessors\": [\"D 3 1 1 0 0\\nBR\\nBBB\\n\"]}\n");
  std::string big = "D 64 64 1 0 0\nBR\n";
  for (int y = 0; y < 64; y++) {
    for (int x = 0; x < 64; x++) big += (x + y) % 2 ? 'R' : 'B';
    big += '\n';
  }
  std::ofstream(dir / "big.txt") << big;
  const auto eden = mjtest::run_cli("explore " + (dir / "D.xml").string() + " --garden-of-eden " +
                                    (dir / "big.txt").string() + " --json " + (dir / "e.json").string());
  EXPECT_EQ(eden.exit_code, 0) << eden.output;
  EXPECT_EQ(mjtest::read_bytes(dir / "e.json"), "{\"garden_of_eden\": true, \"predecessor\": null}\n");
}

// The library names the limit (max_states) and the arguments it points at ({depth}, {only_whether}); each face's
// SettingNames words them, the CLI with its flags: past --max-states predecessors, --garden-of-eden still
// answers; a deep pre-image tree, a smaller --backward.
TEST(ExploreBackward, LimitsAreWordedByTheFace) {
  const auto dir = mjtest::temp_dir();
  std::ofstream(dir / "D.xml") << R"(<one values="BR" in="BB" out="RR"/>)";
  std::ofstream(dir / "g.txt") << "D 4 1 1 0 0\nBR\nRRRR\n";       // BBRR, RBBR and RRBB lead to it
  std::ofstream(dir / "long.txt") << "D 6 1 1 0 0\nBR\nRRRRRR\n";  // 5 predecessors, 6 grids at depth 2
  try {
    mj::RunRequest r;
    r.model = (dir / "D.xml").string();
    r.length = 4, r.width = 1;
    mj::predecessors(mj::resolve_run(r), {1, 1, 1, 1}, 1, {2});
    ADD_FAILURE() << "no error past the limit";
  } catch (const mj::Error& e) {
    EXPECT_EQ(e.kind(), mj::ErrorKind::limit);
    EXPECT_EQ(e.setting(), mj::Setting::max_states);
    EXPECT_EQ(e.message(),
              "more than 2 predecessors (a higher ExploreOptions::max_states, or ask only whether there is one)");
  }
  const auto many = mjtest::run_cli("explore " + (dir / "D.xml").string() + " --predecessors " +
                                    (dir / "g.txt").string() + " --max-states 2");
  EXPECT_NE(many.exit_code, 0);
  EXPECT_TRUE(mjtest::contains(many.output,
                               "more than 2 predecessors (a higher --max-states, or --garden-of-eden to "
                               "ask only whether there is one)"))
      << many.output;
  const auto deep = mjtest::run_cli("explore " + (dir / "D.xml").string() + " --predecessors " +
                                    (dir / "long.txt").string() + " --backward 2 --max-states 5");
  EXPECT_NE(deep.exit_code, 0);
  EXPECT_TRUE(mjtest::contains(deep.output, "of the pre-image tree (a smaller --backward, or a higher --max-states)"))
      << deep.output;
}

}  // namespace
