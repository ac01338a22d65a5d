// mj explore --all-grids: counts derived by hand for small programs, and checked against a brute force
// written here apart from the library (its own matcher, reachability by search rather than components).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "explore_random_programs.hpp"
#include "mj/explore.hpp"
#include "test_util.hpp"

namespace {

mj::GridDynamics dynamics(const std::string& xml, int mx, int my, long long max_grids = 1000000) {
  return mj::explore_all_grids(mjtest::settings_of(xml, mx, my), {max_grids});
}

using Classes = std::multiset<std::pair<long long, long long>>;  // (size, basin)

Classes classes(const mj::GridDynamics& d) {
  Classes c;
  for (const auto& k : d.classes) c.insert({k.size, k.basin});
  return c;
}

// The brute force: a rule of one row, its in and out, applied where it fits, turned by quarter turns
// and mirrored when `turns` (the 2D default symmetry), else as written.
struct Rule {
  std::string in, out;
};

struct Brute {
  int mx, my;
  std::string values;
  std::vector<Rule> rules;
  bool turns;
  bool all = false;  // `all`: every match applied at once (the programs here never overlap)

  // Patterns as (dx, dy, in, out) cells.
  std::vector<std::vector<std::tuple<int, int, char, char>>> variants() const {
    std::set<std::vector<std::tuple<int, int, char, char>>> found;
    for (const Rule& r : rules) {
      const int n = int(r.in.size());
      for (int t = 0; t < (turns ? 4 : 1); t++)
        for (int direction : {1, -1}) {
          if (!turns && direction < 0) continue;
          std::vector<std::tuple<int, int, char, char>> cells;
          for (int i = 0; i < n; i++) {
            const int along = direction > 0 ? i : n - 1 - i;
            cells.push_back(t % 2 == 0 ? std::tuple{along, 0, r.in[i], r.out[i]}
                                       : std::tuple{0, along, r.in[i], r.out[i]});
          }
          std::sort(cells.begin(), cells.end());
          found.insert(cells);
        }
    }
    return {found.begin(), found.end()};
  }

  std::vector<std::set<std::string>> successors(std::vector<std::string>& grids) const {
    grids.clear();
    const int cells = mx * my;
    long long count = 1;
    for (int i = 0; i < cells; i++) count *= (long long)values.size();
    for (long long g = 0; g < count; g++) {
      std::string grid;
      for (long long n = g, i = 0; i < cells; i++, n /= (long long)values.size())
        grid += values[size_t(n % values.size())];
      grids.push_back(grid);
    }
    std::vector<std::set<std::string>> next;
    for (const std::string& grid : grids) {
      std::set<std::string> out;
      std::string together = grid;
      bool any = false;
      for (const auto& v : variants())
        for (int y = 0; y < my; y++)
          for (int x = 0; x < mx; x++) {
            bool fits = true;
            for (auto [dx, dy, in, o] : v)
              fits = fits && x + dx < mx && y + dy < my && grid[size_t(x + dx + mx * (y + dy))] == in;
            if (!fits) continue;
            any = true;
            std::string s = grid;
            for (auto [dx, dy, in, o] : v)
              s[size_t(x + dx + mx * (y + dy))] = o, together[size_t(x + dx + mx * (y + dy))] = o;
            out.insert(s);
          }
      if (all && any) out = {together};
      next.push_back(out);
    }
    return next;
  }

  mj::GridDynamics run() const {
    std::vector<std::string> grids;
    const auto next = successors(grids);
    std::map<std::string, int> id;
    for (size_t i = 0; i < grids.size(); i++) id[grids[i]] = int(i);
    const size_t n = grids.size();
    std::vector<std::set<int>> reach(n);
    for (size_t u = 0; u < n; u++) {
      std::vector<int> todo{int(u)};
      reach[u].insert(int(u));
      while (!todo.empty()) {
        const int v = todo.back();
        todo.pop_back();
        for (const std::string& s : next[size_t(v)])
          if (reach[u].insert(id[s]).second) todo.push_back(id[s]);
      }
    }
    mj::GridDynamics d;
    d.grids = (long long)n;
    std::set<int> led;
    for (size_t u = 0; u < n; u++) {
      d.halting += next[u].empty();
      for (const std::string& s : next[u])
        if (id[s] != int(u)) led.insert(id[s]);
    }
    d.gardens_of_eden = d.grids - (long long)led.size();
    // u is in a closed class when everything it reaches reaches it back; the class is what it reaches.
    auto closed = [&](int u) {
      for (int v : reach[size_t(u)])
        if (!reach[size_t(v)].count(u)) return false;
      return true;
    };
    std::map<std::set<int>, long long> basins;
    for (size_t u = 0; u < n; u++)
      if (closed(int(u))) basins[reach[u]] = 0;
    for (size_t u = 0; u < n; u++) {
      std::vector<const std::set<int>*> ends;
      for (auto& [members, basin] : basins)
        if (reach[u].count(*members.begin())) ends.push_back(&members);
      if (ends.size() == 1) basins[*ends[0]]++;
      else d.undecided++;
    }
    for (auto& [members, basin] : basins) d.classes.push_back({(long long)members.size(), basin, ""});
    return d;
  }
};

void expect_same(const mj::GridDynamics& found, const mj::GridDynamics& expected) {
  EXPECT_EQ(found.grids, expected.grids);
  EXPECT_EQ(found.gardens_of_eden, expected.gardens_of_eden);
  EXPECT_EQ(found.halting, expected.halting);
  EXPECT_EQ(found.undecided, expected.undecided);
  EXPECT_EQ(classes(found), classes(expected));
}

TEST(ExploreAllGrids, FillingEndsInTheFullGridFromEveryGrid) {
  // Every grid of 2x2 fills to WWWW: 16 grids, one class (WWWW, halting) whose basin is all 16; only
  // BBBB has no predecessor (a grid's predecessors have one more B).
  const mj::GridDynamics d = dynamics(R"(<one values="BW" in="B" out="W"/>)", 2, 2);
  EXPECT_EQ(d.grids, 16);
  EXPECT_EQ(d.gardens_of_eden, 1);
  EXPECT_EQ(d.halting, 1);
  EXPECT_EQ(classes(d), (Classes{{1, 16}}));
  ASSERT_EQ(d.classes.size(), 1u);
  EXPECT_EQ(d.classes[0].example, "WW/WW");
  expect_same(d, Brute{2, 2, "BW", {{"B", "W"}}, true}.run());
  // `all` fills in one step: every grid but WWWW is a Garden of Eden.
  const mj::GridDynamics all = dynamics(R"(<all values="BW" in="B" out="W"/>)", 2, 2);
  EXPECT_EQ(all.gardens_of_eden, 15);
  EXPECT_EQ(all.transitions, 15);
  EXPECT_EQ(classes(all), (Classes{{1, 16}}));
  expect_same(all, Brute{2, 2, "BW", {{"B", "W"}}, true, true}.run());
  EXPECT_EQ(mj::grid_dynamics_json(all),
            "{\"grids\": 16, \"gardens_of_eden\": 15, \"halting\": 1, \"classes\": [{\"size\": 1, \"basin\": 16}]}\n");
}

TEST(ExploreAllGrids, FlippingCellsAreClassesThatNeverHalt) {
  // B and R flip for ever, W stays: the cells that are not W flip among all their 2^k colourings, a
  // closed class of 2^k grids for each of the 2^3 sets of W cells. Only WWW halts, and nothing makes W.
  const std::string flip = R"x(<one values="BRW" symmetry="()"><rule in="B" out="R"/><rule in="R" out="B"/></one>)x";
  const mj::GridDynamics d = dynamics(flip, 3, 1);
  EXPECT_EQ(d.grids, 27);
  EXPECT_EQ(d.halting, 1);
  EXPECT_EQ(d.gardens_of_eden, 1);
  EXPECT_EQ(classes(d), (Classes{{8, 8}, {4, 4}, {4, 4}, {4, 4}, {2, 2}, {2, 2}, {2, 2}, {1, 1}}));
  expect_same(d, Brute{3, 1, "BRW", {{"B", "R"}, {"R", "B"}}, false}.run());
}

TEST(ExploreAllGrids, GridsThatCanEndInSeveralClassesAreInNoBasin) {
  // Each B turns R or G: the 4 grids without B halt, each its own class; BB reaches all four, BR and the
  // like two: 5 grids in no basin. Only BB has no predecessor.
  const std::string paint = R"x(<one values="BRG" symmetry="()"><rule in="B" out="R"/><rule in="B" out="G"/></one>)x";
  const mj::GridDynamics d = dynamics(paint, 2, 1);
  EXPECT_EQ(d.grids, 9);
  EXPECT_EQ(d.halting, 4);
  EXPECT_EQ(d.gardens_of_eden, 1);
  EXPECT_EQ(d.undecided, 5);
  EXPECT_EQ(classes(d), (Classes{{1, 1}, {1, 1}, {1, 1}, {1, 1}}));
  expect_same(d, Brute{2, 1, "BRG", {{"B", "R"}, {"B", "G"}}, false}.run());
}

TEST(ExploreAllGrids, AgreesWithABruteForceIn2D) {
  // Dominoes on 3x2 (horizontal and vertical), and a walker that swaps B and W in every direction.
  expect_same(dynamics(R"(<one values="BW" in="BB" out="WW"/>)", 3, 2), Brute{3, 2, "BW", {{"BB", "WW"}}, true}.run());
  expect_same(dynamics(R"(<one values="BWR" in="RB" out="BR"/>)", 3, 2),
              Brute{3, 2, "BWR", {{"RB", "BR"}}, true}.run());
  expect_same(dynamics(R"(<one values="BWR"><rule in="RB" out="WR"/><rule in="RW" out="BW"/></one>)", 2, 2),
              Brute{2, 2, "BWR", {{"RB", "WR"}, {"RW", "BW"}}, true}.run());
}

TEST(ExploreAllGrids, RefusesWhatIsNotOneRuleNode) {
  auto error = [](const std::string& xml, long long max_grids = 1000000) {
    try {
      dynamics(xml, 2, 2, max_grids);
    } catch (const mj::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_TRUE(mjtest::contains(
      error("<sequence values=\"BW\">\n<one in=\"B\" out=\"W\"/>\n<one in=\"W\" out=\"B\"/>\n</sequence>"),
      "M.xml:1: exploring every grid and the backward questions take a program of one rule node: this <sequence> "
      "has 2 nodes"));
  EXPECT_TRUE(mjtest::contains(
      error("<markov values=\"BW\">\n<sequence><one in=\"B\" out=\"W\"/><all in=\"W\" out=\"B\"/></sequence></markov>"),
      "M.xml:2: exploring every grid and the backward questions take a program of one rule node: this <sequence> has 2 "
      "nodes"));
  // a branch of one node is that node
  EXPECT_EQ(dynamics("<markov values=\"BW\"><sequence><one in=\"B\" out=\"W\"/></sequence></markov>", 2, 2).grids, 16);
  EXPECT_TRUE(
      mjtest::contains(error("<markov values=\"BRW\"><path from=\"R\" to=\"W\" on=\"B\" color=\"R\"/></markov>"),
                       "M.xml:1: mj explore cannot enumerate <path>"));
  EXPECT_TRUE(mjtest::contains(error("<one values=\"BW\" in=\"B\" out=\"W\" steps=\"3\"/>"),
                               "M.xml:1: exploring every grid cannot take a step limit"));
  EXPECT_TRUE(mjtest::contains(error("<prl values=\"BW\" in=\"B\" out=\"W\" p=\"0.5\"/>"),
                               "M.xml:1: exploring every grid and the backward questions cannot take p below 1"));
  EXPECT_TRUE(mjtest::contains(error("<one values=\"BW\" in=\"B\" out=\"W\" temperature=\"1\"/>"),
                               "cannot enumerate temperature"));
  EXPECT_TRUE(mjtest::contains(error("<one values=\"BWR\" in=\"B\" out=\"W\"/>", 80), "3^4 grids are more than 80"));
  EXPECT_TRUE(mjtest::contains(error("<all values=\"BW\" in=\"BB\" out=\"WW\"/>"),
                               "M.xml:1: mj explore cannot enumerate this <all>"));
}

// --all-grids in blocks (for machines that share no memory), done level by level as the plan says,
// each block given only the blocks it needs: the same dynamics as one process, its JSON byte for byte.
TEST(ExploreAllGrids, BlocksPutTogetherAreTheWhole) {
  const std::pair<std::string, std::pair<int, int>> cases[] = {
      {R"(<one values="BR" in="BB" out="RR"/>)", {4, 3}},
      {R"(<one values="BRW"><rule in="BB" out="RW"/><rule in="RB" out="WW"/></one>)", {3, 2}},
      {R"(<prl values="RB" in="RB" out="BB"/>)", {3, 3}},
      {R"(<one values="BW" in="W" out="B"/>)", {3, 3}},  // downhill the other way
  };
  for (const auto& [xml, size] : cases)
    for (int top : {0, 1, 3}) {
      SCOPED_TRACE(xml + " top " + std::to_string(top));
      mj::RunRequest r;
      r.model = "M.xml", r.xml = xml, r.length = size.first, r.width = size.second;
      const mj::RunSettings settings = mj::resolve_run(r);
      const mj::GridBlockPlan plan = mj::grid_block_plan(settings, top);
      std::vector<mj::GridBlock> done(size_t(plan.blocks));
      for (const auto& level : plan.levels)
        for (long long b : level) {
          std::vector<const mj::GridBlock*> needed;
          for (long long n : plan.needs[size_t(b)]) needed.push_back(&done[size_t(n)]);
          done[size_t(b)] = mj::grid_block(settings, plan, b, needed);
        }
      std::vector<const mj::GridBlock*> all;
      for (const mj::GridBlock& b : done) all.push_back(&b);
      const mj::GridDynamics parts = mj::grid_dynamics_of_blocks(settings, plan, all);
      const mj::GridDynamics whole = mj::explore_all_grids(settings);
      EXPECT_EQ(mj::grid_dynamics_json(parts), mj::grid_dynamics_json(whole));
      EXPECT_EQ(parts.undecided, whole.undecided);
      EXPECT_EQ(parts.transitions, whole.transitions);
      ASSERT_EQ(parts.classes.size(), whole.classes.size());
      for (size_t c = 0; c < parts.classes.size(); c++) EXPECT_EQ(parts.classes[c].example, whole.classes[c].example);
    }
  mj::RunRequest r;
  r.model = "M.xml", r.xml = R"(<one values="BW"><rule in="B" out="W"/><rule in="WW" out="BB"/></one>)";
  r.length = 3, r.width = 1;
  try {
    mj::grid_block_plan(mj::resolve_run(r), 1);
    ADD_FAILURE() << "a program that goes up and down split into blocks";
  } catch (const mj::Error& e) {
    EXPECT_TRUE(mjtest::contains(e.what(), "M.xml:1: exploring every grid in blocks needs a program whose every"))
        << e.what();
  }
}

}  // namespace
