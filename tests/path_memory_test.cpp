// A path node keeps its start and goal cells between calls and brings them up to date from the
// cells written since (the run's change log): every call must do what a node seeing the grid for
// the first time does, whether few cells changed or many.
#include <gtest/gtest.h>

#include <random>

#include "node_test_util.hpp"

namespace mj {
namespace {

using mjtest::cells_of;
using mjtest::LoadedNode;

struct Outcome {
  bool went = false;
  std::string error;
  std::string cells;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

Outcome go(LoadedNode& n, int seed) {
  n.run->random = Random(seed);
  Outcome o;
  try {
    o.went = n.go();
  } catch (const Error& e) {
    o.error = e.what();
  }
  o.cells = cells_of(n.grid());
  return o;
}

// Mostly substrate, with walls, starts and goals: "BBBBBBWWSG".
uint8_t random_value(std::mt19937& rng) {
  static const uint8_t kValues[] = {0, 0, 0, 0, 0, 0, 3, 3, 1, 2};
  return kValues[rng() % 10];
}

void expect_kept_node_matches_fresh_ones(const std::string& xml, int mx, int my, int mz) {
  const std::string values = "BSGWR";
  LoadedNode kept(values, xml, mx, my, mz);
  std::mt19937 rng(7);
  for (uint8_t& v : kept.grid().state) v = random_value(rng);
  for (int call = 0; call < 80; call++) {
    // No change, a few cells, or many (past what is worth updating).
    const int changes = call % 5 == 0 ? 0 : call % 7 == 0 ? kept.grid().size() / 2 : int(rng() % 6) + 1;
    for (int k = 0; k < changes; k++) kept.write(rng() % kept.grid().state.size(), random_value(rng));
    LoadedNode fresh(values, xml, mx, my, mz);
    fresh.grid().state = kept.grid().state;
    const Outcome expected = go(fresh, 100 + call);
    ASSERT_EQ(go(kept, 100 + call), expected) << xml << " call " << call;
  }
}

TEST(PathMemory, KeptCellsGiveWhatAFreshNodeGives2D) {
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R"/>)", 17, 13, 1);
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R" inertia="True"/>)", 17, 13, 1);
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R" edges="True" inertia="True"/>)", 9, 16,
                                      1);
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R" longest="True"/>)", 16, 9, 1);
}

TEST(PathMemory, KeptCellsGiveWhatAFreshNodeGives3D) {
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R"/>)", 7, 6, 5);
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R" vertices="True"/>)", 6, 7, 5);
  expect_kept_node_matches_fresh_ones(
      R"(<path from="S" to="GS" on="B" color="R" edges="True" vertices="True" inertia="True"/>)", 5, 6, 7);
}

// A row of one cell has both x faces at once.
TEST(PathMemory, KeptCellsGiveWhatAFreshNodeGivesOnThinGrids) {
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R"/>)", 1, 40, 1);
  expect_kept_node_matches_fresh_ones(R"(<path from="S" to="G" on="B" color="R" edges="True"/>)", 30, 1, 3);
}

}  // namespace
}  // namespace mj
