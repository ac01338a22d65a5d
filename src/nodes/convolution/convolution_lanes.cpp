#include "nodes/convolution/convolution_lanes.hpp"

#include <algorithm>
#include <bit>

namespace mj {

namespace {

// Whether a SimpleValue's sums (~0 for a rule without a sum condition) allow `sum`.
bool allows(uint32_t allowed, int sum) {
  return allowed == ~uint32_t(0) || (sum < 32 && (allowed >> (sum & 31) & 1u) != 0);
}

}  // namespace

bool ConvolutionLanes::index(const ChoiceTable& table, size_t counted, int values) {
#if defined(__SSE2__)
  if (counted > kMaxLaneSums || !index_values(table, counted)) return false;
  index_lanes(values);
  return true;
#else
  (void)table, (void)counted, (void)values;
  return false;
#endif
}

bool ConvolutionLanes::index_values(const ChoiceTable& table, size_t counted) {
  const auto sums_of = [](const ConvolutionChoice& c) { return c.multiplicity ? c.sums : ~uint32_t(0); };
  const auto counted_of = [&](const ConvolutionChoice& c) { return c.multiplicity ? c.counted : int(counted); };
  for (int v = 0; v < 256; v++) {
    SimpleValue& s = values_[size_t(v)];
    s = {uint8_t(v), uint8_t(v), 0, 0, 0, 0, -1};
    uint32_t k = table.first[size_t(v)];
    const uint32_t end = table.first[size_t(v) + 1];
    if (k < end && table.choices[k].bound < 0) {
      const ConvolutionChoice& c = table.choices[k++];
      s.fixed_output = c.output, s.fixed_sums = sums_of(c), s.fixed_counted = counted_of(c);
    }
    if (k < end && table.choices[k].bound >= 0) {
      const ConvolutionChoice& c = table.choices[k++];
      s.drawn_output = c.output, s.drawn_sums = sums_of(c), s.drawn_counted = counted_of(c);
      s.bound = int(c.bound);
      largest_bound_ = std::max(largest_bound_, s.bound);
    }
    if (k != end) return false;
  }
  return true;
}

#if defined(__SSE2__)

void ConvolutionLanes::index_lanes(int values) {
  for (int v = 0; v < values; v++) {
    const SimpleValue& s = values_[size_t(v)];
    const __m128i value = _mm_set1_epi8(char(v)), change = _mm_set1_epi8(char(v ^ s.fixed_output));
    if (s.fixed_sums == ~uint32_t(0)) rewrites_.push_back({value, change});
    else if (s.fixed_sums == 0 && s.bound >= 0) draws_.push_back({value});
    for (int low = 0; low < 32; low++) {
      if (s.fixed_sums == ~uint32_t(0) || !(s.fixed_sums >> low & 1u)) continue;
      int high = low;
      while (high < 31 && (s.fixed_sums >> (high + 1) & 1u)) high++;
      tests_.push_back({value, _mm_set1_epi8(char(low)), _mm_set1_epi8(char(high - low)), change,
                        _mm_set1_epi8(char(s.bound >= 0 ? 0xFF : 0)), size_t(s.fixed_counted)});
      low = high;
    }
  }
}

inline ConvolutionLanes::Lanes ConvolutionLanes::rewrite_lanes(const uint8_t* old, const SumRows& sums, int x) const {
  const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(old + x));
  Lanes lanes{cells, _mm_setzero_si128(), _mm_setzero_si128()};
  __m128i drawable = _mm_setzero_si128();
  for (const LaneTest& t : tests_) {
    const __m128i here = _mm_cmpeq_epi8(cells, t.value);
    const __m128i sum = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sums[t.counted] + x));
    const __m128i in = _mm_cmpeq_epi8(_mm_max_epu8(_mm_sub_epi8(sum, t.low), t.width), t.width);
    const __m128i fires = _mm_and_si128(here, in);
    lanes.cells = _mm_xor_si128(lanes.cells, _mm_and_si128(fires, t.change));
    lanes.fired = _mm_or_si128(lanes.fired, fires);
    drawable = _mm_or_si128(drawable, _mm_and_si128(here, t.draws));
  }
  for (const LaneRewrite& r : rewrites_) {
    const __m128i fires = _mm_cmpeq_epi8(cells, r.value);
    lanes.cells = _mm_xor_si128(lanes.cells, _mm_and_si128(fires, r.change));
    lanes.fired = _mm_or_si128(lanes.fired, fires);
  }
  for (const LaneDraw& d : draws_) drawable = _mm_or_si128(drawable, _mm_cmpeq_epi8(cells, d.value));
  lanes.draws = _mm_andnot_si128(lanes.fired, drawable);
  return lanes;
}

// Two passes: the rules without draws fire and note the cells left to draw for (in draw runs);
// then those cells draw in order, one draw each, as the cell by cell loop would (rules without
// draws come first and draw nothing). Most draws fail: a round of them is tested at once against
// the largest bound, and only those below it against their cell's. The row's pointers are taken
// into locals: stores to the cells' bytes could otherwise alias them, and they would be read anew
// after every store.
template <bool kDrawing>
void ConvolutionLanes::rewrite_row(Random& random, const LaneRow& row, std::vector<Point>& changed, bool& row_changed) {
  const int end = row.end, y = row.y, z = row.z;
  const uint8_t* old = row.old;
  uint8_t* cells = row.cells;
  const SumRows sums = row.sums;
  draw_runs_.resize(size_t(end / 16 + 2));
  DrawRun* runs = draw_runs_.data();
  size_t run_count = 0;
  int drawing = 0;
  __m128i fired = _mm_setzero_si128();
  const auto rewrite = [&](int x, unsigned fresh) {
    const Lanes lanes = rewrite_lanes(old, sums, x);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(cells + x), lanes.cells);
    if constexpr (kDrawing) {
      fired = _mm_or_si128(fired, lanes.fired);
      const unsigned draws = unsigned(_mm_movemask_epi8(lanes.draws)) & fresh;
      if (draws == 0) return;
      runs[run_count++] = {x, draws, drawing};
      drawing += fresh == 0xFFFFu ? lane_count(lanes.draws) : std::popcount(draws);
    } else {
      for (unsigned m = unsigned(_mm_movemask_epi8(lanes.fired)) & fresh; m != 0; m &= m - 1)
        changed.push_back({x + std::countr_zero(m), y, z});
    }
  };
  int x = 1;
  for (; x + 16 <= end; x += 16) rewrite(x, 0xFFFFu);
  // The last sixteen overlap the ones before: those cells come out the same again, as they are
  // rewritten from `old`, and `fresh` leaves out their draws and changes.
  if (x < end) rewrite(end - 16, (0xFFFFu << (x - (end - 16))) & 0xFFFFu);
  if constexpr (kDrawing) {
    runs[run_count] = {end, 0, drawing};  // past the last draw
    row_changed |= _mm_movemask_epi8(fired) != 0;
    draw_in_runs(random, cells, sums, runs, drawing, row_changed);
  }
}

// The lanes set (all ones) in `lanes`, counted in the vector: the baseline target has no popcnt.
int ConvolutionLanes::lane_count(__m128i lanes) {
  const __m128i per_half = _mm_sad_epu8(_mm_and_si128(lanes, _mm_set1_epi8(1)), _mm_setzero_si128());
  return _mm_cvtsi128_si32(per_half) + _mm_extract_epi16(per_half, 4);
}

// The second pass of rewrite_row: `drawing` draws for the cells of `runs`, in order.
void ConvolutionLanes::draw_in_runs(Random& random, uint8_t* cells, const SumRows& sums, const DrawRun* runs,
                                    int drawing, bool& row_changed) {
  const SimpleValue* values = values_.data();
  size_t r = 0;
  random.draws_below(drawing, largest_bound_, [&](int k, int draw) {
    while (runs[r + 1].before <= k) r++;
    unsigned m = runs[r].cells;
    for (int n = k - runs[r].before; n > 0; n--) m &= m - 1;  // the draw's cell is the n-th
    const int x = runs[r].x + std::countr_zero(m);
    const SimpleValue& v = values[cells[x]];
    if (draw >= v.bound || !allows(v.drawn_sums, sums[size_t(v.drawn_counted)][x])) return;
    cells[x] = v.drawn_output;
    row_changed = true;
  });
}

#else

template <bool kDrawing>
void ConvolutionLanes::rewrite_row(Random&, const LaneRow&, std::vector<Point>&, bool&) {}

#endif

template void ConvolutionLanes::rewrite_row<true>(Random&, const LaneRow&, std::vector<Point>&, bool&);
template void ConvolutionLanes::rewrite_row<false>(Random&, const LaneRow&, std::vector<Point>&, bool&);

}  // namespace mj
