// Going back in a wave, for a collapse that backtracks: a cell given back patterns gets the support
// counts those patterns would have had, and so do its neighbours, whose counts it feeds. A count
// depends only on which patterns the neighbour allows (the collapse never bans a pattern twice), so
// it is counted again rather than kept from before.
#include <algorithm>

#include "nodes/wfc/propagation.hpp"

namespace mj::wfc {

void Propagation::prepare_restore() {
  const Propagator& p = *propagator_;
  const size_t cells = neighbours_.size() / size_t(directions_), patterns = size_t(p.patterns());
  sources_.assign(neighbours_.size(), -1);
  for (size_t j = 0; j < cells; j++)
    for (int d = 0; d < directions_; d++)
      if (const int i = neighbours_[j * size_t(directions_) + size_t(d)]; i >= 0)
        sources_[size_t(i) * size_t(directions_) + size_t(d)] = int(j);
  fresh_.assign(size_t(directions_) * patterns, 0);
  listed_.assign(fresh_.size(), 0);
  for (int d = 0; d < directions_; d++)
    for (int t = 0; t < p.patterns(); t++) {
      fresh_[size_t(d) * patterns + size_t(t)] = int(p.allowed(opposite(d), t).size());
      for (int t2 : p.allowed(d, t)) listed_[size_t(d) * patterns + size_t(t2)]++;
    }
  counts_.assign(patterns, 0);
  marked_.assign(cells, 0);
}

namespace {

// counts[t]: the count of pattern t in row d of cell i, as bans of the patterns that `source` (the
// cell whose bans take from that row, or -1) no longer allows would have left it.
void count_row(const Propagator& p, const Wave& wave, int source, int d, const int* fresh, const int* listed,
               std::vector<int>& counts) {
  const int patterns = p.patterns();
  for (int t = 0; t < patterns; t++) counts[size_t(t)] = source < 0 ? fresh[t] : fresh[t] - listed[t];
  if (source < 0) return;
  const uint8_t* const allowed = wave.allowances() + size_t(source) * size_t(patterns);
  for (int t1 = 0; t1 < patterns; t1++)
    if (allowed[t1])
      for (int t2 : p.allowed(d, t1)) counts[size_t(t2)]++;
}

}  // namespace

void Propagation::recount(Wave& wave, std::span<const int> cells) {
  const size_t directions = size_t(directions_), patterns = size_t(propagator_->patterns());
  const auto mark = [&](int i) {
    if (i < 0 || marked_[size_t(i)]) return;
    marked_[size_t(i)] = 1;
    marked_cells_.push_back(i);
  };
  for (int j : cells) {
    mark(j);
    for (size_t d = 0; d < directions; d++) mark(neighbours_[size_t(j) * directions + d]);
  }
  const auto write = [&](auto* row, int i) {
    for (size_t t = 0; t < patterns; t++) row[t] = wave.allows(i, int(t)) ? decltype(+row[0])(counts_[t]) : 0;
  };
  for (int i : marked_cells_) {
    marked_[size_t(i)] = 0;
    for (size_t d = 0; d < directions; d++) {
      count_row(*propagator_, wave, sources_[size_t(i) * directions + d], int(d), fresh_.data() + d * patterns,
                listed_.data() + d * patterns, counts_);
      if (wave.support_width() == 1) write(wave.supports<int8_t>(i, int(d)), i);
      else if (wave.support_width() == 2) write(wave.supports<int16_t>(i, int(d)), i);
      else write(wave.supports<int32_t>(i, int(d)), i);
    }
  }
  marked_cells_.clear();
}

// A wave by sets: each cell and its neighbours are queued, and the drain takes from each cell what its
// neighbours' patterns do not allow. A wave that counts (recount() made its counts): the patterns left
// with a count of zero, which never ran out and so were never banned, are banned now, all at once
// (a ban takes from the counts the next cells are read by).
void Propagation::ban_unsupported(Wave& wave, std::span<const int> cells) {
  const size_t directions = size_t(directions_), patterns = size_t(propagator_->patterns());
  if (!wave.counted()) {
    for (int i : cells) {
      queue(i);
      for (size_t d = 0; d < directions; d++)
        if (const int i2 = neighbours_[size_t(i) * directions + d]; i2 >= 0) queue(i2);
    }
    return;
  }
  pending_bans_.clear();
  for (int i : cells)
    for (size_t d = 0; d < directions; d++) {
      if (sources_[size_t(i) * directions + d] < 0) continue;
      const int* const fresh = fresh_.data() + d * patterns;
      for (size_t t = 0; t < patterns; t++)
        if (wave.allows(i, int(t)) && fresh[t] > 0 && count(wave, i, int(d), int(t)) <= 0)
          pending_bans_.push_back({i, int(t)});
    }
  for (const Pending& ban : pending_bans_)
    if (wave.allows(ban.cell, ban.pattern)) Propagation::ban(wave, ban.cell, ban.pattern);
}

int Propagation::count(Wave& wave, int i, int d, int t) {
  if (wave.support_width() == 1) return wave.supports<int8_t>(i, d)[t];
  if (wave.support_width() == 2) return wave.supports<int16_t>(i, d)[t];
  return wave.supports<int32_t>(i, d)[t];
}

}  // namespace mj::wfc
