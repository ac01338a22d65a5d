// The tree-guided lowest-entropy scan against the reference's plain scan: the same cell taken after
// the same number of noise draws, on random entropies (ties, values closer than the noise, NaN,
// closed cells), both when the tree is rebuilt and when it is updated cell by cell.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/random.hpp"
#include "nodes/wfc/min_tree.hpp"

namespace mj::wfc {
namespace {

struct Choice {
  int cell = -1, draws = 0;
  bool operator==(const Choice&) const = default;
};

// The reference's scan, cell by cell; closed cells hold MinTree::kNever.
Choice plain_scan(const std::vector<double>& entropies, int seed) {
  Random random(seed);
  Choice choice;
  double min = 1E+4;
  for (int i = 0; i < int(entropies.size()); i++) {
    const double entropy = entropies[size_t(i)];
    if (entropy == MinTree::kNever || !(entropy <= min)) continue;
    choice.draws++;
    const double noise = 1E-6 * random.next_double();
    if (entropy + noise < min) {
      min = entropy + noise;
      choice.cell = i;
    }
  }
  return choice;
}

Choice tree_scan(const MinTree& tree, int seed) {
  Random random(seed);
  Choice choice;
  choice.cell = least_entropy_cell(tree, [&] {
    choice.draws++;
    return 1E-6 * random.next_double();
  });
  return choice;
}

// Mostly a few values at most 5E-7 apart, so that ties and noise decide; some integers (pattern
// counts), 1E+4 (equal to the starting least: drawn for, never taken), above 1E+4, NaN, and closed cells.
double random_entropy(std::mt19937& rng) {
  const int kind = std::uniform_int_distribution<int>(0, 19)(rng);
  const int k = std::uniform_int_distribution<int>(0, 5)(rng);
  if (kind < 12) return 1.5 + k * 1E-7;
  if (kind < 15) return double(2 + k);
  if (kind == 15) return k % 2 ? 1E+4 : 2E+4;
  if (kind == 16) return std::nan("");
  return MinTree::kNever;
}

TEST(WfcMinTree, ScanMatchesThePlainScan) {
  std::mt19937 rng(7);
  int draws = 0;
  for (int round = 0; round < 300; round++) {
    const int size = std::uniform_int_distribution<int>(1, 300)(rng);
    std::vector<double> entropies(static_cast<size_t>(size));
    MinTree tree;
    tree.assign(size);
    for (int i = 0; i < size; i++) tree.put(i, entropies[size_t(i)] = random_entropy(rng));
    tree.rebuild();
    for (int step = 0; step < 20; step++) {
      const int seed = int(rng() % 1000000);
      const Choice plain = plain_scan(entropies, seed);
      ASSERT_EQ(tree_scan(tree, seed), plain) << "round " << round << ", step " << step;
      draws += plain.draws;
      // As between observations: a few cells change, often neighbours, the rest keep their entropies.
      for (int changes = std::uniform_int_distribution<int>(0, 6)(rng); changes > 0; changes--) {
        const int i = std::uniform_int_distribution<int>(0, size - 1)(rng);
        for (int j = i; j < std::min(size, i + 3); j++) tree.set(j, entropies[size_t(j)] = random_entropy(rng));
      }
    }
  }
  EXPECT_GT(draws, 300 * 20 * 2);  // the cases are not all trivial
}

TEST(WfcMinTree, FirstAtMost) {
  MinTree tree;
  tree.assign(5);
  for (int i = 0; i < 5; i++) tree.put(i, 10.0 - i);
  tree.rebuild();
  EXPECT_EQ(tree.first_at_most(0, 8.0), 2);
  EXPECT_EQ(tree.first_at_most(3, 7.0), 3);
  EXPECT_EQ(tree.first_at_most(0, 5.0), -1);
  EXPECT_EQ(tree.first_at_most(5, 100.0), -1);
  tree.set(4, MinTree::kNever);
  EXPECT_EQ(tree.first_at_most(4, 1E+300), -1);
}

}  // namespace
}  // namespace mj::wfc
