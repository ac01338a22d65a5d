// Runs in turn on one Model: a loaded program is kept between runs (its rules, symmetries and tables
// built on first use) and only what a run changes starts anew, so a run must not depend on the runs
// before it. Every corpus entry, run after another seed's run on the same Model, gives the grid a
// fresh Model gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "mj/debugger.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "test_util.hpp"

namespace {

const std::vector<mj::ModelEntry>& corpus_entries() {
  static const std::vector<mj::ModelEntry> entries = mj::load_model_list(mjtest::corpus_dir() / "models.xml");
  return entries;
}

std::vector<size_t> entry_indices() {
  std::vector<size_t> indices(corpus_entries().size());
  for (size_t i = 0; i < indices.size(); i++) indices[i] = i;
  return indices;
}

mj::RunRequest entry_request(const mj::ModelEntry& entry) {
  mj::RunRequest request;
  request.model = (mjtest::corpus_dir() / "models" / (entry.name + ".xml")).string();
  request.resources = mjtest::corpus_dir() / "resources";
  request.entry = entry;
  return request;
}

#ifdef __SANITIZE_ADDRESS__
// The sanitizer build runs about ten times slower: its runs stop here, after every node that runs by then.
constexpr int kMostSteps = 3000;
#else
constexpr int kMostSteps = 0;  // none
#endif

std::string run_text(mj::Model& model, int seed) {
  const int limit = model.settings().steps;
  if (kMostSteps > 0) model.run(seed, limit > 0 ? std::min(limit, kMostSteps) : kMostSteps);
  else model.run(seed);
  return model.snapshot().state_text();
}

class RunsInTurn : public ::testing::TestWithParam<size_t> {};

// Seed 2 after seed 1 on the same Model is seed 2 alone, and seed 1 again after both is seed 1.
TEST_P(RunsInTurn, ARunAfterAnotherIsTheRunAlone) {
  const mj::ModelEntry& entry = corpus_entries()[GetParam()];
  mj::Model kept(entry_request(entry));
  const std::string first = run_text(kept, 1);
  const std::string second = run_text(kept, 2);
  mj::Model alone(entry_request(entry));
  EXPECT_EQ(second, run_text(alone, 2)) << entry.name << " seed 2 after seed 1";
  EXPECT_EQ(first, run_text(kept, 1)) << entry.name << " seed 1 after seeds 1 and 2";
}

INSTANTIATE_TEST_SUITE_P(Corpus, RunsInTurn, ::testing::ValuesIn(entry_indices()), [](const auto& info) {
  const mj::ModelEntry& entry = corpus_entries()[info.param];
  return "line" + std::to_string(entry.line) + "_" + entry.name;
});

}  // namespace

namespace {

mj::RunRequest maze(int size) {
  mj::RunRequest request;
  request.model = (mjtest::corpus_dir() / "models" / "MazeGrowth.xml").string();
  request.resources = mjtest::corpus_dir() / "resources";
  request.size = size;
  return request;
}

std::vector<uint8_t> cells(const mj::GridView& g) { return {g.cells, g.cells + g.size()}; }

// A Model that takes over another's program stands as a fresh load does, and runs as one.
TEST(RunsInTurn, ATakenOverProgramRunsAsAFreshLoad) {
  mj::Model earlier(maze(21));
  earlier.set_initial_cells(std::vector<uint8_t>(21 * 21, 1));
  earlier.run(5);
  mj::RunRequest other = maze(21);
  other.steps = 7, other.pixelsize = 3;
  const mj::RunSettings settings = mj::resolve_run(other);
  ASSERT_TRUE(mj::same_program(settings, earlier.settings()));
  mj::Model taken(settings, std::move(earlier));
  EXPECT_FALSE(taken.status().started);
  EXPECT_EQ(taken.status().seed, 0);
  EXPECT_EQ(cells(taken.grid()), std::vector<uint8_t>(21 * 21, 0));  // the empty grid, the initial cells undone
  mj::Model fresh(other);
  EXPECT_EQ(run_text(taken, 3), run_text(fresh, 3));
  EXPECT_EQ(taken.status().steps, 7);  // the new settings' step limit
}

TEST(RunsInTurn, AnotherSizeIsAnotherProgram) {
  mj::Model earlier(maze(21));
  earlier.run(1);
  const mj::RunSettings settings = mj::resolve_run(maze(23));
  EXPECT_FALSE(mj::same_program(settings, earlier.settings()));
  mj::Model other(settings, std::move(earlier));
  other.run(1);
  EXPECT_EQ(other.grid().mx, 23);
  mj::Model fresh(maze(23));
  EXPECT_EQ(other.snapshot().state_text(), run_text(fresh, 1));
}

// A grid a caller keeps (GridView::owner) still shows its run after the next runs.
TEST(RunsInTurn, AKeptGridStaysItsRuns) {
  mj::Model model(maze(21));
  model.run(1);
  const mj::GridView kept = model.grid();
  const std::vector<uint8_t> first = cells(kept);
  model.run(2);
  model.run(3);
  EXPECT_NE(cells(model.grid()), first);
  EXPECT_EQ(cells(kept), first);
}

}  // namespace

namespace {

// What Interpreter::inspect shows of a node, as text to compare.
std::string inspection_text(const mj::Inspection& v) {
  std::string s = v.kind + " " + std::to_string(v.line) + "\n";
  auto numbers = [&s](const char* name, const auto& values) {
    s += name;
    for (auto x : values) s.append(" ").append(std::to_string(x));
    s += "\n";
  };
  for (const mj::PotentialView& p : v.fields)
    numbers(std::string("field ").append(std::to_string(p.value)).c_str(), p.cells);
  for (const mj::PotentialView& p : v.potentials)
    numbers(std::string("potential ").append(std::to_string(p.value)).c_str(), p.cells);
  numbers("future", v.future);
  for (const auto& state : v.trajectory) numbers("state", state);
  for (const mj::CandidateView& c : v.candidates)
    numbers("candidate", std::vector<double>{double(c.rule), double(c.x), double(c.y), double(c.delta), c.score});
  numbers("options", v.options);
  numbers("contradictions", v.contradictions);
  return s + "chosen " + std::to_string(v.chosen) + " trajectory_at " + std::to_string(v.trajectory_at) + " failed " +
         std::to_string(v.failed_tries) + "\n";
}

void node_lines(const mj::NodeView& node, std::vector<int>& lines) {
  lines.push_back(node.line);
  for (const mj::NodeView& child : node.children) node_lines(child, lines);
}

// Every node's inspection after `steps` steps of seed 2, inspecting.
std::string inspections_after(mj::Model& model, int steps) {
  mj::Debugger(model).set_inspecting(true);
  model.start(2, 0);
  model.step(steps);
  std::vector<int> lines;
  node_lines(mj::Debugger(model).node_tree(), lines);
  std::string text;
  for (int line : lines) text += inspection_text(mj::Debugger(model).inspect(line));
  return text;
}

}  // namespace

// The debugger's views of a run on a kept program are those of a fresh load: nothing an earlier run
// computed (a guided `one`'s candidates, fields, a goal, a wfc collapse) shows before this run computes
// its own. The page's views of a past step replay the run on the same program.
TEST(RunsInTurn, InspectionsShowNothingOfTheRunBefore) {
  for (const char* name : {"BiasedMazeGrowth", "DiagonalPath", "Knots2D"}) {
    const auto& entries = corpus_entries();
    auto entry = std::find_if(entries.begin(), entries.end(), [&](const mj::ModelEntry& e) { return e.name == name; });
    ASSERT_NE(entry, entries.end()) << name;
    for (int steps : {0, 1, 2, 6}) {
      mj::Model kept(entry_request(*entry));
      mj::Debugger(kept).set_inspecting(true);
      kept.run(1);
      mj::Model fresh(entry_request(*entry));
      EXPECT_EQ(inspections_after(kept, steps), inspections_after(fresh, steps))
          << name << " after " << steps << " steps";
    }
  }
}
