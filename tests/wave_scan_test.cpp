#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/wave_scan.hpp"

namespace {

std::vector<uint8_t> random_cells(std::mt19937& rng, int length, int values) {
  std::vector<uint8_t> cells(static_cast<size_t>(length));
  // Runs of one value as well as noise, so that whole blocks of sixteen hold none of a wave.
  for (size_t i = 0; i < cells.size(); i++)
    cells[i] = uint8_t(rng() % 3 == 0 ? rng() % unsigned(values) : (i / 40) % unsigned(values));
  return cells;
}

TEST(WaveScan, CollectInWaveFindsTheCellsADirectLoopFinds) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 400; trial++) {
    const int values = 1 + int(rng() % 12), length = int(rng() % 90);
    const std::vector<uint8_t> cells = random_cells(rng, length, values);
    const mj::ValueSet wave = mj::ValueSet(rng()) & ((mj::ValueSet(1) << values) - 1);
    const int from = length == 0 ? 0 : int(rng() % unsigned(length));
    std::vector<int> expected, found(static_cast<size_t>(length));
    for (int x = from; x < length; x++)
      if (wave >> cells[size_t(x)] & 1u) expected.push_back(x);
    found.resize(size_t(mj::collect_in_wave(cells.data(), from, length, wave, found.data())));
    EXPECT_EQ(found, expected) << "trial " << trial;
  }
}

TEST(WaveScan, ValueHistogramCountsEveryValue) {
  std::mt19937 rng(6);
  for (int trial = 0; trial < 200; trial++) {
    const int values = 1 + int(rng() % 12);
    // Past 255 blocks of sixteen too, where the byte counters are summed and restarted.
    const int length = trial % 10 == 0 ? 5000 + int(rng() % 3000) : int(rng() % 300);
    const std::vector<uint8_t> cells = random_cells(rng, length, values);
    std::array<int, 256> expected{};
    for (uint8_t v : cells) expected[v]++;
    EXPECT_EQ(mj::value_histogram(cells.data(), cells.size(), values), expected) << "trial " << trial;
  }
}

}  // namespace
