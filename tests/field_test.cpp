#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "nodes/inference/field.hpp"
#include "nodes/inference/observation.hpp"
#include "nodes/inference/potentials.hpp"
#include "nodes/rules/rule_load.hpp"

namespace {

struct Corridor {
  std::unique_ptr<mj::XmlDocument> doc;
  std::unique_ptr<mj::Grid> grid;
};

Corridor corridor(const std::string& row) {
  Corridor s{
      mj::XmlDocument::load_string(R"(<one values="BWG" in="B" out="W"><field for="B" to="G" on="B"/></one>)", "f.xml"),
      nullptr};
  s.grid = mj::Grid::load(s.doc->root(), int(row.size()), 1, 1);
  for (size_t i = 0; i < row.size(); i++) s.grid->state[i] = uint8_t(s.grid->value_of(row[i]));
  return s;
}

TEST(Field, BreadthFirstDistanceOverSubstrate) {
  Corridor s = corridor("GBBWBB");
  mj::Field field(s.doc->root().children({"field"})[0], *s.grid);
  std::vector<int> potential(6);
  std::vector<int> queue;
  ASSERT_TRUE(field.compute(potential.data(), *s.grid, queue));
  // W is not substrate: it blocks the field.
  EXPECT_EQ(potential, (std::vector<int>{0, 1, 2, -1, -1, -1}));
}

TEST(Field, NoZeroCellsFails) {
  Corridor s = corridor("BBB");
  mj::Field field(s.doc->root().children({"field"})[0], *s.grid);
  std::vector<int> potential(3);
  std::vector<int> queue;
  EXPECT_FALSE(field.compute(potential.data(), *s.grid, queue));
}

TEST(Observation, BackwardPotentialsInACorridor) {
  // A walker R moving right over B must reach the last cell: potentials count the moves left.
  auto doc = mj::XmlDocument::load_string(R"x(<one values="BRW" in="RB" out="WR" symmetry="()"/>)x", "o.xml");
  auto grid = mj::Grid::load(doc->root(), 5, 1, 1);
  std::vector<mj::Rule> rules{mj::load_rule(doc->root(), *grid, *grid, {})};
  mj::Potentials p;
  p.resize(grid->values, 5);
  std::vector<mj::ValueSet> future{4, 4, 4, 4, 2};  // W behind, R at the end
  mj::compute_backward_potentials(p, future.data(), 5, 1, 1, rules);
  EXPECT_EQ(std::vector<int>(p[1], p[1] + 5), (std::vector<int>{4, 3, 2, 1, 0}));
  EXPECT_EQ(std::vector<int>(p[0], p[0] + 5), (std::vector<int>{-1, 4, 3, 2, 1}));
  std::vector<uint8_t> start{1, 0, 0, 0, 0};
  EXPECT_EQ(mj::backward_pointwise(p, start.data()), 4 + 4 + 3 + 2 + 1);
  // A B behind the walker can never turn into W: the goal is unreachable from there.
  std::vector<uint8_t> blocked{0, 1, 0, 0, 0};
  EXPECT_EQ(mj::backward_pointwise(p, blocked.data()), -1);
}

TEST(Observation, DeltasReadTheRowsOfWrittenValuesAndOfWhatTheyOverwrite) {
  // RB -> WR writes W over R and R over B; a cell the rule keeps (G stays G) is read by no delta.
  auto doc = mj::XmlDocument::load_string(R"x(<one values="BRWGN" in="RBG" out="WRG" symmetry="()"/>)x", "o.xml");
  auto grid = mj::Grid::load(doc->root(), 5, 1, 1);
  std::vector<mj::Rule> rules{mj::load_rule(doc->root(), *grid, *grid, {})};
  EXPECT_EQ(mj::rows_read_by_deltas(rules), 0b111u);  // B, R, W; not G or N
}

}  // namespace

namespace {

// Field::update against compute(): random fields on random 2D and 3D grids, a few cells changed
// at a time. Whenever update takes the change on, its distances must be compute()'s; it must
// take on every change that only adds zero cells or substrate.
TEST(Field, UpdateGivesTheDistancesComputeGives) {
  std::mt19937 rng(11);
  int updated = 0;
  for (int trial = 0; trial < 300; trial++) {
    const bool d3 = trial % 3 == 0;
    const int mx = 2 + int(rng() % 9), my = 1 + int(rng() % 9), mz = d3 ? 2 + int(rng() % 4) : 1;
    auto doc = mj::XmlDocument::load_string(
        R"(<one values="BWGR" in="B" out="W"><field for="B" to="G" on="BR"/></one>)", "f.xml");
    auto grid = mj::Grid::load(doc->root(), mx, my, mz);
    mj::Field field(doc->root().children({"field"})[0], *grid);
    for (uint8_t& v : grid->state) v = uint8_t(rng() % 4);
    std::vector<int> potential(grid->state.size()), direct(grid->state.size());
    std::vector<int> queue;
    std::vector<mj::Field::Lowered> seeds, lowered;
    if (!field.compute(potential.data(), *grid, queue)) continue;
    mj::ChangeLog log;
    for (int round = 0; round < 6; round++) {
      const mj::ChangeCursor computed = log.now();
      const bool shortening = rng() % 2 == 0;  // only B/W -> G, W -> B or R
      std::vector<mj::Change> changed;
      for (int k = 0, n = 1 + int(rng() % 4); k < n; k++) {
        const int i = int(rng() % grid->state.size());
        uint8_t& v = grid->state[size_t(i)];
        log.write(i, v);  // a cell may be written twice, or back to its value
        if (!shortening) {
          v = uint8_t(rng() % 4);
        } else if (v == 1) {
          v = uint8_t(rng() % 2 == 0 ? 2 : (rng() % 2 == 0 ? 0 : 3));
        } else if (v == 0 || v == 3) {
          v = 2;
        }
      }
      ASSERT_TRUE(log.changed_since(computed, grid->state.data(), grid->state.size(), SIZE_MAX, changed));
      const bool taken = field.update(potential.data(), *grid, changed, seeds, lowered);
      if (!field.compute(direct.data(), *grid, queue)) {  // the last G went: the caller starts over
        EXPECT_FALSE(taken);
        break;
      }
      if (shortening) {
        EXPECT_TRUE(taken) << "trial " << trial << ", round " << round;
      }
      if (!taken) {
        potential = direct;
        continue;
      }
      updated++;
      ASSERT_EQ(potential, direct) << "trial " << trial << ", round " << round;
    }
  }
  EXPECT_GT(updated, 500);
}

}  // namespace
