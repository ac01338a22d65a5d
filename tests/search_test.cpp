#include "nodes/inference/search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <random>
#include <string>

#include "core/xml.hpp"
#include "nodes/inference/child_states.hpp"
#include "nodes/inference/observation.hpp"
#include "nodes/inference/potentials.hpp"
#include "nodes/rules/rule_load.hpp"
#include "run/interpreter.hpp"

namespace mj {
namespace {

// A grid and the rules of a `<one>` element given as XML, with the rules' symmetries expanded
// as a rule node does.
struct Problem {
  std::unique_ptr<XmlDocument> doc;
  std::unique_ptr<Grid> grid;
  std::vector<Rule> rules;

  Problem(const std::string& xml, int mx, int my, int mz) {
    doc = XmlDocument::load_string(xml, "test.xml");
    grid = Grid::load(doc->root(), mx, my, mz);
    const bool d2 = mz == 1;
    SymmetryGroup group = *symmetry_from_name(d2, doc->root().text("symmetry"), full_symmetry(d2));
    for (const XmlElement& xrule : doc->root().children({"rule"}))
      for (Rule& r : load_rule(xrule, *grid, *grid, "").symmetries(group, d2)) rules.push_back(std::move(r));
  }

  std::vector<uint8_t> state(const std::string& symbols) const {
    std::vector<uint8_t> result;
    for (char c : symbols) result.push_back(uint8_t(grid->value_of(c)));
    return result;
  }
  std::string text(const uint8_t* state) const {
    std::string result;
    for (int i = 0; i < grid->size(); i++) result += grid->characters[state[i]];
    return result;
  }
  Shape shape() const { return {grid->mx, grid->my, grid->mz}; }
};

std::vector<ValueSet> waves(const Problem& p, const std::vector<std::string>& cells) {
  std::vector<ValueSet> result;
  for (const std::string& c : cells) result.push_back(p.grid->wave(c, p.doc->root()));
  return result;
}

std::vector<int> row(const Potentials& potentials, int c) {
  return std::vector<int>(potentials[c], potentials[c] + potentials.cells);
}

// A walker R that can only step right along a 1x5 corridor and must end at its far end.
struct Corridor : Problem {
  Corridor() : Problem(R"x(<one values="BRW" symmetry="()"><rule in="RB" out="BR"/></one>)x", 5, 1, 1) {}
  std::vector<ValueSet> goal() const { return waves(*this, {"B", "B", "B", "B", "R"}); }
};

TEST(SearchPotentials, BackwardCountsStepsToTheGoal) {
  Corridor p;
  Potentials potentials;
  potentials.resize(3, 5);
  compute_backward_potentials(potentials, p.goal().data(), 5, 1, 1, p.rules);
  EXPECT_EQ(row(potentials, 1), (std::vector<int>{4, 3, 2, 1, 0}));
  // The last cell holds B only one step before the goal: the walker stands there at the end.
  EXPECT_EQ(row(potentials, 0), (std::vector<int>{0, 0, 0, 0, 1}));
  EXPECT_EQ(row(potentials, 2), (std::vector<int>{-1, -1, -1, -1, -1}));
  EXPECT_EQ(backward_pointwise(potentials, p.state("RBBBB").data()), 4 + 1);
  EXPECT_EQ(backward_pointwise(potentials, p.state("BBBRB").data()), 1 + 1);
}

TEST(SearchPotentials, ForwardCountsStepsFromThePresent) {
  Corridor p;
  Potentials potentials;
  potentials.resize(3, 5);
  compute_forward_potentials(potentials, p.state("RBBBB").data(), 5, 1, 1, p.rules);
  EXPECT_EQ(row(potentials, 1), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(row(potentials, 0), (std::vector<int>{1, 0, 0, 0, 0}));
  EXPECT_EQ(forward_pointwise(potentials, p.goal().data()), 1 + 4);
}

TEST(SearchPotentials, WallMakesTheGoalUnreachable) {
  Corridor p;
  std::vector<ValueSet> goal = waves(p, {"B", "B", "W", "B", "R"});
  std::vector<uint8_t> present = p.state("RBWBB");
  Potentials potentials;
  potentials.resize(3, 5);
  compute_backward_potentials(potentials, goal.data(), 5, 1, 1, p.rules);
  EXPECT_EQ(row(potentials, 1), (std::vector<int>{-1, -1, -1, 1, 0}));
  EXPECT_EQ(backward_pointwise(potentials, present.data()), -1);
  compute_forward_potentials(potentials, present.data(), 5, 1, 1, p.rules);
  EXPECT_EQ(forward_pointwise(potentials, goal.data()), -1);
  EXPECT_FALSE(run_search(present, goal, p.rules, *p.grid, SearchOptions{}, 1));
}

TEST(Search, WalksTheCorridor) {
  Corridor p;
  auto trajectory = run_search(p.state("RBBBB"), p.goal(), p.rules, *p.grid, SearchOptions{}, 7);
  ASSERT_TRUE(trajectory);
  std::vector<std::string> steps;
  for (const auto& s : *trajectory) steps.push_back(p.text(s.data()));
  EXPECT_EQ(steps, (std::vector<std::string>{"BRBBB", "BBRBB", "BBBRB", "BBBBR"}));
}

TEST(Search, PresentAtTheGoalGivesAnEmptyTrajectory) {
  Corridor p;
  auto trajectory = run_search(p.state("BBBBR"), p.goal(), p.rules, *p.grid, SearchOptions{}, 1);
  ASSERT_TRUE(trajectory);
  EXPECT_TRUE(trajectory->empty());
}

TEST(Search, LimitStopsTheSearch) {
  Corridor p;
  SearchOptions options;
  options.limit = 2;  // the root and its one child: the loop stops before expanding the child
  EXPECT_FALSE(run_search(p.state("RBBBB"), p.goal(), p.rules, *p.grid, options, 1));
  options.limit = 5;
  EXPECT_TRUE(run_search(p.state("RBBBB"), p.goal(), p.rules, *p.grid, options, 1));
}

TEST(Search, MemoryBoundThrowsWithTheNodeLine) {
  Corridor p;
  SearchOptions options;
  options.line = 12;
  options.max_bytes = 3 * 5;  // room for three states of five cells
  try {
    run_search(p.state("RBBBB"), p.goal(), p.rules, *p.grid, options, 1);
    FAIL() << "expected the memory bound to stop the search";
  } catch (const Error& e) {
    EXPECT_EQ(e.line(), 12);
    EXPECT_NE(e.message().find("explored 3 states of 5 cells"), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("'limit'"), std::string::npos) << e.message();
  }
}

// Sokoban: R walks on B and pushes boxes W; walls D block both. The box must reach the target I
// (observed as B that must become W); other boxes' cells must be left, as in SokobanLevel1.
//   DDDDD
//   DRBBD    Either push the box right then down, or down then right: two pushes and three
//   DBWBD    walking moves (one to get behind the box, two to walk around it).
//   DBBID
//   DDDDD
TEST(Search, SolvesSokobanInTheFewestMoves) {
  Problem p(R"x(<one values="BRWDI"><rule in="RB" out="BR"/><rule in="RWB" out="BRW"/></one>)x", 5, 5, 1);
  std::vector<uint8_t> present = p.state("DDDDDDRBBDDBWBDDBBIDDDDDD");
  const ValueSet free = p.grid->wave("BR", p.doc->root()), box = p.grid->wave("W", p.doc->root());
  std::vector<std::optional<Observation>> observations = {Observation{0, free}, Observation{1, free},
                                                          Observation{2, free}, std::nullopt, Observation{0, box}};
  std::vector<ValueSet> future(present.size());
  ChangeLog log;
  ASSERT_TRUE(compute_future_set_present(future, present, observations, log));

  for (int seed : {1, 2, 3}) {
    auto trajectory = run_search(present, future, p.rules, *p.grid, SearchOptions{}, seed);
    ASSERT_TRUE(trajectory);
    EXPECT_EQ(trajectory->size(), 5u) << "seed " << seed;
    EXPECT_EQ(trajectory->back()[3 + 3 * 5], 2) << "the box ends on the target";
    int hint = 0;
    EXPECT_TRUE(is_goal_reached(trajectory->back().data(), future.data(), 25, hint));
  }
}

// One rule applied once, rules first, then positions.
TEST(ChildStates, OneAppliesEachMatchInRuleOrder) {
  Problem p(R"x(<one values="BR" symmetry="()"><rule in="RB" out="BR"/><rule in="BR" out="RB"/></one>)x", 3, 1, 1);
  std::vector<uint8_t> children;
  ChildStates(p.shape(), p.rules).one(p.state("BRB").data(), children);
  ASSERT_EQ(children.size(), 6u);
  EXPECT_EQ(p.text(children.data()), "BBR");
  EXPECT_EQ(p.text(children.data() + 3), "RBB");
}

// Both matches cover cell 0: one child per way to cover it.
TEST(ChildStates, AllBranchesOnTheMostCoveredCell) {
  Problem p(R"x(<one values="BR" symmetry="()"><rule in="RB" out="BR"/><rule in="RBB" out="BBR"/></one>)x", 3, 1, 1);
  std::vector<uint8_t> children;
  ChildStates(p.shape(), p.rules).all(p.state("RBB").data(), children);
  ASSERT_EQ(children.size(), 6u);
  EXPECT_EQ(p.text(children.data()), "BRB");
  EXPECT_EQ(p.text(children.data() + 3), "BBR");
}

TEST(ChildStates, AllAppliesNonOverlappingMatchesTogether) {
  Problem p(R"x(<one values="BR" symmetry="()"><rule in="RB" out="BR"/></one>)x", 4, 1, 1);
  std::vector<uint8_t> children;
  ChildStates(p.shape(), p.rules).all(p.state("RBRB").data(), children);
  ASSERT_EQ(children.size(), 4u);
  EXPECT_EQ(p.text(children.data()), "BRBR");
}

// Matches on different layers do not overlap: the reference's 2D-only test would let them.
TEST(ChildStates, AllSeparatesLayersIn3D) {
  Problem p(R"x(<one values="BR" symmetry="()"><rule in="RB" out="BR"/></one>)x", 2, 1, 2);
  std::vector<uint8_t> children;
  ChildStates(p.shape(), p.rules).all(p.state("RBRB").data(), children);
  ASSERT_EQ(children.size(), 4u);
  EXPECT_EQ(p.text(children.data()), "BRBR");
}

TEST(ChildStates, OneMovesAlongZ) {
  Problem p(R"x(<one values="BR"><rule in="RB" out="BR"/></one>)x", 2, 2, 2);
  std::vector<uint8_t> children;
  ChildStates(p.shape(), p.rules).one(p.state("RBBBBBBB").data(), children);
  std::vector<std::string> texts;
  for (size_t o = 0; o < children.size(); o += 8) texts.push_back(p.text(children.data() + o));
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"BBBBRBBB", "BBRBBBBB", "BRBBBBBB"}));
}

// The children of `one` by the definition: every rule in order, every position z, y, x where its
// input matches, applied to a copy.
std::vector<uint8_t> children_by_definition(const Problem& p, const uint8_t* state) {
  const Shape s = p.shape();
  std::vector<uint8_t> children;
  for (const Rule& rule : p.rules)
    for (int z = 0; z + rule.in_size.z <= s.mz; z++)
      for (int y = 0; y + rule.in_size.y <= s.my; y++)
        for (int x = 0; x + rule.in_size.x <= s.mx; x++) {
          bool match = true;
          for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
            for (int dy = 0; dy < rule.in_size.y; dy++)
              for (int dx = 0; dx < rule.in_size.x; dx++, di++)
                match &= (rule.input[size_t(di)] >> state[s.index(x + dx, y + dy, z + dz)] & 1u) != 0;
          if (!match) continue;
          const size_t at = children.size();
          children.insert(children.end(), state, state + s.cells());
          for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
            for (int dy = 0; dy < rule.in_size.y; dy++)
              for (int dx = 0; dx < rule.in_size.x; dx++, di++)
                if (rule.output[size_t(di)] != kKeep)
                  children[at + size_t(s.index(x + dx, y + dy, z + dz))] = rule.output[size_t(di)];
        }
  return children;
}

// Walks' states hold a value or two in a few cells (their heads): `one` then finds the positions
// from the list of those cells instead of scanning every row; the children and their order stay.
TEST(ChildStates, OneFindsRareValuesInTheDefinitionsOrder) {
  const std::string xml = R"x(<one values="BROW"><rule in="ORBB" out="WWOR"/><rule in="RB/*B" out="BR/*W"/></one>)x";
  for (const auto& [mx, my, mz] : {std::array<int, 3>{9, 7, 1}, std::array<int, 3>{5, 4, 3}}) {
    Problem p(xml, mx, my, mz);
    std::mt19937 rng(mx * 100 + mz);
    for (int trial = 0; trial < 200; trial++) {
      std::vector<uint8_t> state(size_t(p.shape().cells()), 0);
      const int heads = 1 + int(rng() % 4);  // R and O in a few cells, W in some, the rest B
      for (auto& cell : state) cell = rng() % 4 == 0 ? 3 : 0;
      for (int k = 0; k < heads; k++) state[rng() % state.size()] = uint8_t(1 + rng() % 2);
      std::vector<uint8_t> children;
      ChildStates(p.shape(), p.rules, 4).one(state.data(), children);
      ASSERT_EQ(children, children_by_definition(p, state.data())) << mx << "x" << my << "x" << mz << " " << trial;
    }
  }
}

// Two walkers on different layers: an `all` node moves both at once, a `one` node one at a time.
TEST(Search, AllMovesWalkersOnBothLayersTogether) {
  Problem p(R"x(<one values="BR" symmetry="()"><rule in="RB" out="BR"/></one>)x", 3, 2, 2);
  std::vector<uint8_t> present = p.state(
      "RBBBBB"
      "BBBRBB");
  std::vector<ValueSet> goal = waves(p, {"B", "B", "R", "B", "B", "B", "B", "B", "B", "B", "B", "R"});
  SearchOptions options;
  options.all = true;
  auto together = run_search(present, goal, p.rules, *p.grid, options, 1);
  ASSERT_TRUE(together);
  ASSERT_EQ(together->size(), 2u);
  EXPECT_EQ(p.text((*together)[0].data()),
            "BRBBBB"
            "BBBBRB");
  options.all = false;
  auto apart = run_search(present, goal, p.rules, *p.grid, options, 1);
  ASSERT_TRUE(apart);
  EXPECT_EQ(apart->size(), 4u);
}

// models/SearchWalk3D.xml: a walker from the centre must reach a randomly placed goal G.
TEST(Search, WalksToTheGoalIn3D) {
  LoadOptions options;
  options.mx = options.my = options.mz = 5;
  Interpreter ip = Interpreter::from_file(std::string(MJ_SOURCE_DIR) + "/models/SearchWalk3D.xml", options);
  int off_layer = 0;  // goals away from the centre's layer: the walk has to climb
  for (int seed : {1, 2, 3, 4}) {
    ip.start(seed);
    ASSERT_TRUE(ip.step());
    GridView g = ip.grid();
    const int goal = int(std::find(g.cells, g.cells + g.size(), g.legend.find('G')) - g.cells);
    ASSERT_LT(goal, int(g.size()));
    off_layer += goal / 25 != 2;
    while (ip.step()) {
    }
    g = ip.grid();
    const int centre = 2 + 2 * 5 + 2 * 25;
    EXPECT_EQ(g.legend[g.cells[goal]], 'R') << "seed " << seed;
    EXPECT_EQ(g.legend[g.cells[centre]], 'W') << "seed " << seed;
    EXPECT_EQ(std::count(g.cells, g.cells + g.size(), g.legend.find('R')), 1);
    EXPECT_EQ(std::count(g.cells, g.cells + g.size(), g.legend.find('G')), 0);
  }
  EXPECT_GT(off_layer, 0);
}

}  // namespace
}  // namespace mj
