// Full scans 64 positions at a time. A rule matches at a corner when each of its input cells
// holds an accepted value: with the grid's cells as bit rows (GridBits), that is an AND of one
// row per input cell, shifted by the cell's x. The matches then go out in the reference's order:
// lattice cell by lattice cell (a match contains exactly one cell of the lattice with the rule's
// spacing), and within one, by the place of that cell in the rule.
#include <algorithm>
#include <bit>

#include "core/wave_scan.hpp"
#include "nodes/rules/rule_matcher.hpp"

namespace mj {

namespace {

// The first set bit at or after `from` among `count` words, or -1.
int first_set(const uint64_t* words, int count, int from) {
  int w = from / 64;
  if (w >= count) return -1;
  uint64_t word = words[w] & (~uint64_t(0) << (from % 64));
  while (word == 0) {
    if (++w == count) return -1;
    word = words[w];
  }
  return w * 64 + std::countr_zero(word);
}

bool test_bit(const uint64_t* words, int x) { return words[x / 64] >> (x % 64) & 1u; }

}  // namespace

// Rows of bits per input cell, rarest values first: a row of corners is given up as soon as none
// of them is left. Each term's rows are offset by its cell's y, z and whole words of x, so that
// the row of a corner row `base` is at rows + base. Cells that accept every value on the grid
// need no term; false when a cell accepts none, and the rule matches nowhere.
bool RuleMatcher::prepare_bit_terms(int r, GridBits& bits, const std::array<int, 256>& histogram) {
  const RulePattern& p = patterns_[size_t(r)];
  const size_t words = size_t(bits.words());
  bit_terms_.clear();
  for (size_t c = 0; c < p.cells.size(); c++) {
    const ValueSet wave = p.cells[c].wave;
    if ((wave & bits.present()) == 0) return false;
    if ((bits.present() & ~wave) == 0) continue;
    const Point at = p.positions[c];
    const size_t offset = (size_t(at.z) * size_t(grid_->my) + size_t(at.y)) * words + size_t(at.x / 64);
    bit_terms_.push_back({bits.rows(wave) + offset, at.x % 64, cells_holding(wave, histogram)});
  }
  std::stable_sort(bit_terms_.begin(), bit_terms_.end(),
                   [](const BitTerm& a, const BitTerm& b) { return a.holding < b.holding; });
  return true;
}

// Bit x of `out` (`used` words, the last one cut to `last`): does the rule match with its corner
// at x of the corner row `base` (in words)? False, and `out` unfinished, when it matches nowhere.
bool RuleMatcher::match_row(size_t base, int used, uint64_t last, uint64_t* out) const {
  for (int w = 0; w < used; w++) out[w] = ~uint64_t(0);
  out[used - 1] = last;
  for (const BitTerm& t : bit_terms_) {
    const uint64_t* src = t.rows + base;
    uint64_t any = 0;
    if (t.shift == 0)
      for (int w = 0; w < used; w++) any |= out[w] &= src[w];
    else
      for (int w = 0; w < used; w++) any |= out[w] &= src[w] >> t.shift | src[w + 1] << (64 - t.shift);
    if (any == 0) return false;
  }
  return true;
}

void RuleMatcher::scan_bits(int r, GridBits& bits_of_grid, const std::array<int, 256>& histogram) {
  const RulePattern& p = patterns_[size_t(r)];
  const Grid& g = *grid_;
  const int corners_x = g.mx - p.in_size.x + 1, corners_y = g.my - p.in_size.y + 1, corners_z = g.mz - p.in_size.z + 1;
  if (corners_x <= 0 || corners_y <= 0 || corners_z <= 0 || !prepare_bit_terms(r, bits_of_grid, histogram)) return;
  const size_t row_words = size_t(bits_of_grid.words());
  // Window row sy + sz * in_size.y: the corners (x, ly - sy, lz - sz) of the lattice row (ly, lz), with
  // words of zeros after them for the corners past the last (lattice cells reach in_size.x - 1 further);
  // then the OR of the rows, then a row of zeros for the rows without a match.
  const int used = (corners_x + 63) / 64, stride = used + (p.in_size.x + 63) / 64, window = p.in_size.y * p.in_size.z;
  const uint64_t last = corners_x % 64 == 0 ? ~uint64_t(0) : (uint64_t(1) << (corners_x % 64)) - 1;
  bit_window_.assign(size_t(window + 2) * size_t(stride), 0);
  uint64_t* any = bit_window_.data() + size_t(window) * size_t(stride);
  const uint64_t* zeros = any + stride;
  bit_rows_.assign(size_t(window), zeros);
  bit_places_.clear();
  for (int sz = 0, place = 0; sz < p.in_size.z; sz++)
    for (int sy = 0; sy < p.in_size.y; sy++)
      for (int sx = 0; sx < p.in_size.x; sx++, place++)
        bit_places_.push_back({{sx, sy, sz}, sy + sz * p.in_size.y, g.index(sx, sy, sz), place});
  for (int lz = p.in_size.z - 1; lz < g.mz; lz += p.in_size.z)
    for (int ly = p.in_size.y - 1; ly < g.my; ly += p.in_size.y) {
      bool found_any = false;
      for (int sz = 0; sz < p.in_size.z; sz++)
        for (int sy = 0; sy < p.in_size.y; sy++) {
          const int k = sy + sz * p.in_size.y, y = ly - sy, z = lz - sz;
          uint64_t* bits = bit_window_.data() + size_t(k) * size_t(stride);
          const size_t base = (size_t(z) * size_t(g.my) + size_t(y)) * row_words;
          const bool empty = y < 0 || y >= corners_y || z < 0 || z >= corners_z || !match_row(base, used, last, bits);
          bit_rows_[size_t(k)] = empty ? zeros : bits;
          if (empty) continue;
          if (!found_any) std::copy(bits, bits + used, any), found_any = true;
          else
            for (int w = 0; w < used; w++) any[w] |= bits[w];
        }
      if (found_any) list_lattice_row(r, ly, lz, corners_x, any);
    }
}

// Hands the matches of one lattice row to found(), lattice cell by lattice cell, each by place.
void RuleMatcher::list_lattice_row(int r, int ly, int lz, int corners_x, const uint64_t* any) {
  const RulePattern& p = patterns_[size_t(r)];
  const int used = (corners_x + 63) / 64;
  const long long volume = p.volume();
  const bool direct = stream_ && !taker_;  // listed at once, found() would only pass them on
  for (int x = first_set(any, used, 0); x >= 0;) {
    const int lx = x + p.in_size.x - 1 - x % p.in_size.x;  // the lattice cell in the positions from x on
    const int lattice = grid_->index(lx, ly, lz);
    for (const BitPlace& q : bit_places_) {
      const int cx = lx - q.at.x;
      if (cx < 0 || !test_bit(bit_rows_[size_t(q.row)], cx)) continue;
      if (direct) list(r, lattice - q.offset), streamed_++;
      else found({lattice * volume + q.place, r, lattice - q.offset});
    }
    x = lx + 1 < corners_x ? first_set(any, used, lx + 1) : -1;
  }
}

}  // namespace mj
