// Full scans with the grid as bit rows, against the reference's lattice scan written out cell by
// cell. An `all` node's step applies its matches in an order shuffled from the scan's order, so
// the grid after the step shows any difference in what the scan found or in its order.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/grid_bits.hpp"
#include "core/random.hpp"
#include "core/wave_scan.hpp"
#include "node_test_util.hpp"
#include "nodes/rules/rule_node.hpp"

namespace mj {
namespace {

TEST(GridBits, RowsHoldTheCellsOfEachWave) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; trial++) {
    Grid grid;
    grid.mx = 1 + int(rng() % 150), grid.my = 1 + int(rng() % 5), grid.mz = 1 + int(rng() % 3);
    grid.values = 2 + int(rng() % 7);
    grid.state.resize(size_t(grid.mx * grid.my * grid.mz));
    const unsigned present = 1 + rng() % unsigned(grid.values);  // the values past these are on no cell
    for (uint8_t& v : grid.state) v = uint8_t(rng() % present);
    const auto histogram = value_histogram(grid.state.data(), grid.state.size(), grid.values);
    GridBits bits;
    bits.load(grid, histogram);
    for (int k = 0; k < 8; k++) {
      const ValueSet wave = ValueSet(rng()) & all_values(grid.values);
      const uint64_t* rows = bits.rows(wave);
      for (int z = 0; z < grid.mz; z++)
        for (int y = 0; y < grid.my; y++)
          for (int x = 0; x < grid.mx; x++) {
            const uint64_t word = rows[size_t(y + z * grid.my) * size_t(bits.words()) + size_t(x / 64)];
            ASSERT_EQ(word >> (x % 64) & 1u, wave >> grid.state[size_t(grid.index(x, y, z))] & 1u)
                << "trial " << trial << " wave " << wave << " at " << x << "," << y << "," << z;
          }
    }
  }
}

struct Found {
  int r, x, y, z;
};

// The reference's full scan: rule by rule, the lattice with the rule's spacing, and for each
// lattice cell the input cells that accept its value, in order.
std::vector<Found> lattice_scan(const Grid& g, const std::vector<Rule>& rules) {
  std::vector<Found> found;
  for (int r = 0; r < int(rules.size()); r++) {
    const Rule& rule = rules[size_t(r)];
    const mj::ShiftLists shifts = rule.input_shifts();
    for (int lz = rule.in_size.z - 1; lz < g.mz; lz += rule.in_size.z)
      for (int ly = rule.in_size.y - 1; ly < g.my; ly += rule.in_size.y)
        for (int lx = rule.in_size.x - 1; lx < g.mx; lx += rule.in_size.x)
          for (const Point& s : shifts[g.state[size_t(g.index(lx, ly, lz))]]) {
            const int x = lx - s.x, y = ly - s.y, z = lz - s.z;
            if (x < 0 || y < 0 || z < 0 || x + rule.in_size.x > g.mx || y + rule.in_size.y > g.my ||
                z + rule.in_size.z > g.mz)
              continue;
            if (g.matches(rule, x, y, z)) found.push_back({r, x, y, z});
          }
  }
  return found;
}

// One step of `all` on `found`, as the reference takes it: a shuffle, then every match whose
// output cells nothing wrote yet.
void apply_all(Grid& g, const std::vector<Rule>& rules, const std::vector<Found>& found, Random& random) {
  std::vector<int> order(found.size());
  for (int i = 0; i < int(found.size()); i++) {
    const int j = random.next(i + 1);
    order[size_t(i)] = order[size_t(j)];
    order[size_t(j)] = i;
  }
  std::vector<bool> written(g.state.size());
  for (int k : order) {
    const Found& m = found[size_t(k)];
    const Rule& rule = rules[size_t(m.r)];
    const auto each_output = [&](auto&& f) {
      for (int dz = 0, i = 0; dz < rule.out_size.z; dz++)
        for (int dy = 0; dy < rule.out_size.y; dy++)
          for (int dx = 0; dx < rule.out_size.x; dx++, i++)
            if (rule.output[size_t(i)] != kKeep)
              f(size_t(g.index(m.x + dx, m.y + dy, m.z + dz)), rule.output[size_t(i)]);
    };
    bool free = true;
    each_output([&](size_t cell, uint8_t) { free = free && !written[cell]; });
    if (free) each_output([&](size_t cell, uint8_t value) { written[cell] = true, g.state[cell] = value; });
  }
}

// A pattern of imx x imy x imz symbols: mostly `values`, some '*' (wide rules mostly '*', so that
// they still match somewhere).
std::string random_pattern(std::mt19937& rng, const std::string& values, int imx, int imy, int imz) {
  std::string s;
  const unsigned wild = imx > 8 ? 9 : 3;  // out of ten
  for (int z = 0; z < imz; z++) {
    if (z > 0) s += ' ';
    for (int y = 0; y < imy; y++) {
      if (y > 0) s += '/';
      for (int x = 0; x < imx; x++) s += rng() % 10 < wild ? '*' : values[rng() % values.size()];
    }
  }
  return s;
}

TEST(BitScan, AllNodeStepsFollowTheLatticeScan) {
  std::mt19937 rng(11);
  const std::string symbols = "ABCDE";
  for (int trial = 0; trial < 300; trial++) {
    const bool d3 = trial % 3 == 0, wide = trial % 4 == 1;  // wide: rows and rules past a word of bits
    const int mx = wide ? 60 + int(rng() % 90) : 1 + int(rng() % 40), my = 1 + int(rng() % 12),
              mz = d3 ? 1 + int(rng() % 4) : 1;
    const std::string values = symbols.substr(0, 2 + rng() % 4);
    const int imx = wide && trial % 8 == 1 ? 60 + int(rng() % 10) : 1 + int(rng() % 3);
    const int imy = 1 + int(rng() % 3), imz = d3 ? 1 + int(rng() % 2) : 1;
    std::string rules;
    for (int k = 0; k < 2; k++)
      rules += "<rule in=\"" + random_pattern(rng, values, imx, imy, imz) + "\" out=\"" +
               random_pattern(rng, values, imx, imy, imz) + "\"/>";
    const int seed = int(rng() % 1000);
    mjtest::LoadedNode loaded(values, "<all>" + rules + "</all>", mx, my, mz, "resources", seed);
    Grid& grid = loaded.grid();
    // Mostly one value, or noise: rules that match nearly everywhere and rules that match rarely.
    const bool noise = rng() % 2 == 0;
    for (uint8_t& v : grid.state) v = uint8_t(noise || rng() % 8 == 0 ? rng() % values.size() : 0);
    Grid expected = grid;
    Random random(seed);
    const std::vector<Rule>& images = dynamic_cast<RuleNode&>(*loaded.node).rules;
    // The first step streams the scan's matches; after a reset the node scans again and keeps
    // the result (for its memory of scans) before listing it.
    for (int step = 0; step < 2; step++) {
      const std::vector<Found> found = lattice_scan(expected, images);
      const bool went = loaded.go();
      ASSERT_EQ(went, !found.empty()) << "trial " << trial << " step " << step << " rules " << rules;
      if (!went) break;
      apply_all(expected, images, found, random);
      ASSERT_EQ(mjtest::cells_of(grid), mjtest::cells_of(expected))
          << "trial " << trial << " step " << step << " rules " << rules;
      loaded.node->reset();
      loaded.run->counter++;
      loaded.run->step_start = int(loaded.run->changes.size());
    }
  }
}

}  // namespace
}  // namespace mj
