// The run's shared value counts and cells by value, kept up to date from the change log, against
// counting and listing the grid anew after every batch of writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/wave_scan.hpp"
#include "nodes/rules/cells_by_value.hpp"
#include "nodes/rules/value_counts.hpp"

namespace mj {
namespace {

// Writes `writes` random cells (some twice, some hidden, some to the value they hold), as nodes log them.
void write_cells(std::mt19937& rng, Grid& g, ChangeLog& log, int writes) {
  for (int k = 0; k < writes; k++) {
    const int cell = int(rng() % unsigned(g.size()));
    const uint8_t before = g.state[size_t(cell)];
    if (rng() % 5 == 0) log.write_hidden(cell, before);
    else log.write(cell, before);
    g.state[size_t(cell)] = uint8_t(rng() % unsigned(g.values));
  }
}

std::vector<int> sorted_cells(const Grid& g, const Point* begin, const Point* end) {
  std::vector<int> cells;
  for (const Point* p = begin; p != end; p++) cells.push_back(g.index(p->x, p->y, p->z));
  std::sort(cells.begin(), cells.end());
  return cells;
}

TEST(CellsByValue, AreTheGridsCellsOfEachValueAfterEveryBatchOfWrites) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; trial++) {
    Grid a, b;  // two grids in turn, as map and wfc replace the run's grid
    for (Grid* g : {&a, &b}) {
      g->mx = 1 + int(rng() % 40), g->my = 1 + int(rng() % 12), g->mz = 1 + int(rng() % 4);
      g->values = 1 + int(rng() % 12);
      g->state.resize(size_t(g->mx * g->my * g->mz));
      for (uint8_t& v : g->state) v = uint8_t(rng() % unsigned(g->values));
    }
    ChangeLog log;
    ValueCounts counts;
    CellsByValue cells;
    for (int batch = 0; batch < 30; batch++) {
      Grid& g = batch % 7 < 5 ? a : b;
      if (batch % 7 == 5) log.rewrite_all();
      write_cells(rng, g, log, int(rng() % 3 == 0 ? rng() % unsigned(g.size()) : rng() % 4));
      const ChangeCursor now = log.now();
      const std::array<int, 256>& count = counts.at(g, log, now);
      EXPECT_EQ(count, value_histogram(g.state.data(), g.state.size(), g.values)) << trial << " " << batch;
      const ValueSet needed = ValueSet(rng()) & all_values(g.values);
      cells.list(g, log, now, needed, count);
      for (int v = 0; v < g.values; v++) {
        if ((needed >> v & 1u) == 0) continue;
        std::vector<int> expected;
        for (int i = 0; i < g.size(); i++)
          if (g.state[size_t(i)] == v) expected.push_back(i);
        EXPECT_EQ(sorted_cells(g, cells.begin(size_t(v)), cells.end(size_t(v))), expected)
            << "trial " << trial << " batch " << batch << " value " << v;
      }
    }
  }
}

}  // namespace
}  // namespace mj
