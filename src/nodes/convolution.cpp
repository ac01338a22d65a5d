// `convolution`: a cellular automaton. Every step rewrites all cells at once, each by the first
// rule whose input, probability and neighbour sum (a kernel over the 3x3 or 3x3x3 block around the
// cell, counting the rule's values in the grid as it was before the step) agree.
#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "nodes/kinds.hpp"
#include "nodes/neighbour_count.hpp"
#include "nodes/node_view.hpp"
#include "nodes/value_attribute.hpp"

namespace mj {

namespace {

// The largest neighbour count a `sum` may ask for: a full 3x3x3 kernel without its centre.
constexpr int kMaxSum = 27;

// A neighbour counted by the kernel (every named kernel weighs its neighbours 0 or 1).
struct KernelEntry {
  int dx, dy, dz;
};

struct NamedKernel {
  std::string_view name;
  bool d2;
  const char* weights;  // 9 (2D) or 27 (3D) digits 0 or 1, x fastest, then y, then z
};

const NamedKernel kKernels[] = {
    {"VonNeumann", true, "010101010"},
    {"Moore", true, "111101111"},
    {"VonNeumann", false, "000010000010101010000010000"},
    {"NoCorners", false, "010111010111101111010111010"},
};

// The kernel's non-zero weights with their offsets, in the reference's summation order.
std::vector<KernelEntry> load_kernel(const XmlElement& e, bool d2) {
  std::string name = e.str("neighborhood");
  for (const NamedKernel& k : kKernels) {
    if (k.name != name || k.d2 != d2) continue;
    std::vector<KernelEntry> entries;
    int depth = d2 ? 1 : 3;
    for (int dz = 0, i = 0; dz < depth; dz++)
      for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++, i++)
          if (k.weights[i] == '1') entries.push_back({dx - 1, dy - 1, d2 ? 0 : dz - 1});
    return entries;
  }
  e.fail("unknown neighborhood \"" + name + "\" for a " +
         (d2 ? "2D grid (VonNeumann, Moore)" : "3D grid (VonNeumann, NoCorners)"));
}

struct ConvolutionRule {
  uint8_t input = 0, output = 0;
  double p = 1.0;
  // multiplicity[v]: how often value v is listed in `values` (the reference sums a repeated value
  // twice); empty when the rule has no sum condition.
  std::vector<int> multiplicity;
  uint32_t sums = 0;  // bit s: does a neighbour sum of s allow the rule (kMaxSum < 32)

  bool allows(int sum) const { return sum < 32 && (sums >> sum & 1u); }
};

int parse_bound(const XmlElement& e, std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  int result = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), result);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size())
    e.fail("sum=\"" + e.str("sum") + "\": \"" + std::string(s) + "\" is not an integer");
  return result;
}

// Marks one interval of `sum`: "n" or "a..b".
void mark_interval(const XmlElement& e, std::string_view s, uint32_t& sums) {
  size_t dots = s.find("..");
  int min = parse_bound(e, s.substr(0, dots));
  int max = dots == std::string_view::npos ? min : parse_bound(e, s.substr(dots + 2));
  if (max < min - 1) e.fail("sum=\"" + e.str("sum") + "\": interval \"" + std::string(s) + "\" runs backwards");
  for (int i = min; i <= max; i++) {
    if (i < 0 || i > kMaxSum)
      e.fail("sum=\"" + e.str("sum") + "\": " + std::to_string(i) + " is outside 0.." + std::to_string(kMaxSum));
    sums |= 1u << i;
  }
}

// sum="0,1,4..8": comma-separated numbers and intervals.
uint32_t parse_sums(const XmlElement& e, std::string_view text) {
  uint32_t sums = 0;
  for (size_t comma; (comma = text.find(',')) != std::string_view::npos; text.remove_prefix(comma + 1))
    mark_interval(e, text.substr(0, comma), sums);
  mark_interval(e, text, sums);
  return sums;
}

ConvolutionRule load_convolution_rule(const XmlElement& e, const Grid& grid) {
  ConvolutionRule rule;
  rule.input = value_attribute(e, grid, "in");
  rule.output = value_attribute(e, grid, "out");
  rule.p = e.real("p", 1.0);
  auto values = e.text("values");
  auto sums = e.text("sum");
  if (values && !sums) e.fail("<" + std::string(e.name()) + "> has 'values' but no 'sum'");
  if (!values && sums) e.fail("<" + std::string(e.name()) + "> has 'sum' but no 'values'");
  if (!values) return rule;
  rule.multiplicity.assign(size_t(grid.C), 0);
  for (char c : *values) rule.multiplicity[value_of_symbol(e, grid, "values", c)]++;
  rule.sums = parse_sums(e, *sums);
  return rule;
}

// A rule with probability p fires when double(next()) < p * (2^31 - 1). The draw is an integer
// below 2^31 - 1, so that is next() < ceil(p * (2^31 - 1)), clamped to the draws' range (a NaN
// never fires).
long long draw_bound(double p) {
  const double scaled = std::ceil(p * 2147483647.0);
  return scaled >= 2147483647.0 ? 2147483647 : scaled > 0 ? (long long)scaled : 0;
}

class ConvolutionNode : public Node {
 public:
  std::vector<ConvolutionRule> rules;
  std::vector<KernelEntry> kernel;
  bool periodic = false;
  int steps = -1;

  void reset() override { counter_ = 0; }

  bool go(Run& run) override {
    if (steps > 0 && counter_ >= steps) return false;
    prepare();
    // Without draws a cell's outcome depends only on its 3x3(x3) block: when nothing else touched
    // the grid since this node's last step (before_ was brought up to that step's end), only the
    // blocks around that step's changes can change, in any order. Worth it while the blocks
    // cover a small part of the grid.
    const size_t block = grid->mz == 1 ? 9 : 27;
    if (!draws_ && counter_ > 0 && changed_.size() * block * 4 < size_t(grid->size()) && before_ == grid->state) {
      mark_blocks_around_changes();
      changed_.clear();
      for (const Point& c : blocks_)
        if (rewrite(run.random, c.x, c.y, c.z, grid->index(c.x, c.y, c.z), interior(c.x, c.y, c.z), false))
          changed_.push_back(c);  // draws nothing
    } else {
      before_ = grid->state;
      count_sums();
      // A local copy of the generator: the compiler cannot keep it in registers while writes to
      // the grid's bytes might alias it.
      Random random = run.random;
      changed_.clear();
      rows_changed_ = false;
      const Grid& g = *grid;
      const bool sums_ready = std::all_of(counted_.begin(), counted_.end(), [](const Counted& c) { return c.ready; });
      for (int z = 0, i = 0; z < g.mz; z++)
        for (int y = 0; y < g.my; y++, i += g.mx) {
          const bool inner_row = y > 0 && y < g.my - 1 && (g.mz == 1 || (z > 0 && z < g.mz - 1));
          if (inner_row && sums_ready && g.mx > 2) {
            rewrite_edge(random, 0, y, z, i);
            if (simple_ && g.mx - 2 >= 16) {
              if (draws_) rewrite_simple_row<true>(random, y, z, i);
              else rewrite_simple_row<false>(random, y, z, i);
            } else {
              rewrite_inner_row(random, y, z, i);
            }
            rewrite_edge(random, g.mx - 1, y, z, i + g.mx - 1);
            continue;
          }
          for (int x = 0; x < g.mx; x++) rewrite_edge(random, x, y, z, i + x);
        }
      run.random = random;
    }
    if (!draws_)
      for (const Point& c : changed_) {
        const size_t i = size_t(grid->index(c.x, c.y, c.z));
        before_[i] = grid->state[i];
      }
    counter_++;
    return !changed_.empty() || rows_changed_;
  }

 private:
  // A rule as the loop over cells reads it, inline: its draw_bound (-1 when p is 1: no draw), its
  // output and its sum condition (multiplicity null when it has none).
  struct Choice {
    long long bound;
    const int* multiplicity;
    int counted;  // its entry in counted_, -1 without a sum condition
    uint32_t sums;
    uint8_t output;
    bool allows(int sum) const { return sum < 32 && (sums >> sum & 1u); }
  };

  // The sums of one `values` multiplicity for the interior cells, counted for a whole step at
  // once (count_interior); `ready` when this step's are there.
  struct Counted {
    const std::vector<int>* multiplicity;
    std::vector<uint8_t> sums;
    bool ready = false;
  };
  std::vector<Counted> counted_;

  int counter_ = 0;
  std::vector<uint8_t> before_;  // the grid as the step found it: all cells change at once
  std::vector<int> offsets_;     // flat index offset of each kernel entry
  // choices_[first_[v] .. first_[v+1]): the rules that can rewrite value v, in order (a rule whose
  // output equals its input never fires and draws nothing).
  std::vector<Choice> choices_;
  std::array<uint32_t, 257> first_{};
  bool indexed_ = false;
  bool moore_2d_ = false;     // the kernel is the full 3x3 block without its centre
  bool draws_ = false;        // some rule has p != 1, so every step visits every cell in order
  std::vector<Point> changed_;  // the cells the last step changed
  std::vector<uint8_t> dirty_;  // per cell, all zero between steps
  std::vector<Point> blocks_;   // the cells mark_blocks_around_changes found

  // blocks_: the cells of the 3x3(x3) blocks (wrapped when periodic) around the last step's
  // changes, each once.
  void mark_blocks_around_changes() {
    const Grid& g = *grid;
    dirty_.resize(size_t(g.size()), 0);
    blocks_.clear();
    const int depth = g.mz == 1 ? 0 : 1;
    for (const Point& c : changed_) {
      // An interior cell's block lies in the grid: no coordinate needs placing.
      const bool inner = interior(c.x, c.y, c.z);
      for (int dz = -depth; dz <= depth; dz++)
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) {
            int x = c.x + dx, y = c.y + dy, z = c.z + dz;
            if (!inner && (!place(x, g.mx) || !place(y, g.my) || !place(z, g.mz))) continue;
            uint8_t& dirty = dirty_[size_t(g.index(x, y, z))];
            if (!dirty) dirty = 1, blocks_.push_back({x, y, z});
          }
    }
    for (const Point& c : blocks_) dirty_[size_t(g.index(c.x, c.y, c.z))] = 0;
  }

  void rewrite_edge(Random& random, int x, int y, int z, int i) {
    if (rewrite(random, x, y, z, i, interior(x, y, z), true)) changed_.push_back({x, y, z});
  }

  // rewrite() for the interior cells of a row, whose sums are counted: with its tables in locals
  // (writes to the grid's bytes could otherwise alias every member the loop reads).
  void rewrite_inner_row(Random& random, int y, int z, int row) {
    uint8_t* __restrict cells = grid->state.data() + row;
    const Choice* __restrict choices = choices_.data();
    const uint32_t* __restrict first = first_.data();
    std::array<const uint8_t*, 8> sums{};
    const size_t counts = std::min(counted_.size(), sums.size());
    for (size_t k = 0; k < counts; k++) sums[k] = counted_[k].sums.data() + row;
    for (int x = 1, mx = grid->mx; x < mx - 1; x++) {
      const int output = fired_output(random, choices, first, cells[x], [&](const Choice& c) {
        return size_t(c.counted) < counts ? sums[size_t(c.counted)][x]
                                          : neighbour_sum(c.multiplicity, x, y, z, row + x, true);
      });
      if (output < 0) continue;
      cells[x] = uint8_t(output);
      changed_.push_back({x, y, z});
    }
  }

  // Per value, when every value has at most one rule without a draw followed by at most one with
  // a draw (as the corpus's automata do): their outputs (the value itself for none), the sums they
  // allow (all for no condition, none for no rule) and the counted_ entry of their sums (one past
  // counted_ for no condition).
  struct SimpleValue {
    uint8_t fixed_output = 0, drawn_output = 0;
    uint32_t fixed_sums = 0, drawn_sums = 0;
    int fixed_counted = 0, drawn_counted = 0;
    int bound = -1;  // the drawn rule's draw bound, -1 for none
  };
  std::array<SimpleValue, 256> simple_values_{};
  bool simple_ = false;
  int largest_bound_ = -1;     // of the drawn rules
  bool rows_changed_ = false;  // a simple row changed a cell in this step, which draws

  // Whether a SimpleValue's sums (~0 for a rule without a sum condition) allow `sum`.
  static bool allows(uint32_t allowed, int sum) {
    return allowed == ~uint32_t(0) || (sum < 32 && (allowed >> (sum & 31) & 1u) != 0);
  }

  // Whether the rules fit SimpleValue, which then holds them (and lane_rules_ their lanes).
  bool index_simple() {
    if (counted_.size() > 8) return false;
    for (int v = 0; v < 256; v++) {
      SimpleValue& s = simple_values_[size_t(v)];
      s = {uint8_t(v), uint8_t(v), 0, 0, 0, 0, -1};
      uint32_t k = first_[size_t(v)];
      const uint32_t end = first_[size_t(v) + 1];
      const auto sums_of = [](const Choice& c) { return c.multiplicity ? c.sums : ~uint32_t(0); };
      const auto counted_of = [&](const Choice& c) { return c.multiplicity ? c.counted : int(counted_.size()); };
      if (k < end && choices_[k].bound < 0) {
        s.fixed_output = choices_[k].output, s.fixed_sums = sums_of(choices_[k]);
        s.fixed_counted = counted_of(choices_[k]);
        k++;
      }
      if (k < end && choices_[k].bound >= 0) {
        s.drawn_output = choices_[k].output, s.drawn_sums = sums_of(choices_[k]);
        s.drawn_counted = counted_of(choices_[k]), s.bound = int(choices_[k].bound);
        largest_bound_ = std::max(largest_bound_, s.bound);
        k++;
      }
      if (k != end) return false;
    }
    return index_lanes();
  }

  // The sums' rows of counted_ for the cells of `row`, then (for rules without a sum condition,
  // which read any) the row itself.
  using SumRows = std::array<const uint8_t*, 9>;
  SumRows sum_rows(int row) const {
    SumRows sums;
    sums.fill(before_.data() + row);
    for (size_t k = 0; k < counted_.size(); k++) sums[k] = counted_[k].sums.data() + row;
    return sums;
  }

#if defined(__SSE2__)
  // The rules under simple_ as tests of sixteen cells at a time (bytes), one per interval of the
  // sums a rule without a draw allows: where a cell holds `value` and its sum (of SumRows entry
  // `counted`) s has (s - low) mod 256 <= width, the rule fires and the cell becomes
  // value ^ change. A value's intervals are disjoint, so at most one of its tests fires. A cell
  // where none fires draws when its value's `draws` is all ones.
  struct LaneTest {
    __m128i value, low, width, change, draws;
    size_t counted;
  };
  std::vector<LaneTest> lane_tests_;
  // The values whose rule without a draw has no sum condition: it always fires.
  struct LaneRewrite {
    __m128i value, change;
  };
  std::vector<LaneRewrite> lane_rewrites_;
  // The values with only a drawn rule: they always draw.
  struct LaneDraw {
    __m128i value;
  };
  std::vector<LaneDraw> lane_draws_;

  // Sixteen cells of a row that draw: bit k stands for cell x + k. `before`: the row's draws
  // before these.
  struct DrawRun {
    int x;
    unsigned cells;
    int before;
  };
  std::vector<DrawRun> draw_runs_;

  bool index_lanes() {
    for (int v = 0; v < grid->C; v++) {
      const SimpleValue& s = simple_values_[size_t(v)];
      const __m128i value = _mm_set1_epi8(char(v)), change = _mm_set1_epi8(char(v ^ s.fixed_output));
      if (s.fixed_sums == ~uint32_t(0)) lane_rewrites_.push_back({value, change});
      else if (s.fixed_sums == 0 && s.bound >= 0) lane_draws_.push_back({value});
      for (int low = 0; low < 32; low++) {
        if (s.fixed_sums == ~uint32_t(0) || !(s.fixed_sums >> low & 1u)) continue;
        int high = low;
        while (high < 31 && (s.fixed_sums >> (high + 1) & 1u)) high++;
        lane_tests_.push_back({value, _mm_set1_epi8(char(low)), _mm_set1_epi8(char(high - low)), change,
                               _mm_set1_epi8(char(s.bound >= 0 ? 0xFF : 0)), size_t(s.fixed_counted)});
        low = high;
      }
    }
    return true;
  }

  // Sixteen cells from x: their values after the rules without draws (from `old`, the row as the
  // step found it), the lanes where those fired and the lanes left to draw for.
  struct Lanes {
    __m128i cells, fired, draws;
  };
  Lanes rewrite_lanes(const uint8_t* old, const SumRows& sums, int x) const {
    const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(old + x));
    Lanes lanes{cells, _mm_setzero_si128(), _mm_setzero_si128()};
    __m128i drawable = _mm_setzero_si128();
    for (const LaneTest& t : lane_tests_) {
      const __m128i here = _mm_cmpeq_epi8(cells, t.value);
      const __m128i sum = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sums[t.counted] + x));
      const __m128i in = _mm_cmpeq_epi8(_mm_max_epu8(_mm_sub_epi8(sum, t.low), t.width), t.width);
      const __m128i fires = _mm_and_si128(here, in);
      lanes.cells = _mm_xor_si128(lanes.cells, _mm_and_si128(fires, t.change));
      lanes.fired = _mm_or_si128(lanes.fired, fires);
      drawable = _mm_or_si128(drawable, _mm_and_si128(here, t.draws));
    }
    for (const LaneRewrite& r : lane_rewrites_) {
      const __m128i fires = _mm_cmpeq_epi8(cells, r.value);
      lanes.cells = _mm_xor_si128(lanes.cells, _mm_and_si128(fires, r.change));
      lanes.fired = _mm_or_si128(lanes.fired, fires);
    }
    for (const LaneDraw& d : lane_draws_) drawable = _mm_or_si128(drawable, _mm_cmpeq_epi8(cells, d.value));
    lanes.draws = _mm_andnot_si128(lanes.fired, drawable);
    return lanes;
  }

  // The interior of a row under simple_, sixteen cells at a time, in two passes: the rules without
  // draws fire and note the cells left to draw for (in draw runs); then those cells draw in order,
  // one draw each, as the cell by cell loop would (rules without draws come first and draw
  // nothing). Most draws fail: a round of them is tested at once against the largest bound, and
  // only those below it against their cell's.
  // kDrawing: some rule draws; then changed_ is only read for whether it is empty, and
  // rows_changed_ stands for the row's cells. Without draws, changed_ gets them all.
  // Out of line: go() inlines much else, and its budget would leave this loop's calls out.
  template <bool kDrawing>
  [[gnu::noinline]] void rewrite_simple_row(Random& random, int y, int z, int row) {
    const int end = grid->mx - 1;  // one past the interior; the caller sees to end - 1 >= 16
    const uint8_t* old = before_.data() + row;
    uint8_t* cells = grid->state.data() + row;
    const SumRows sums = sum_rows(row);
    draw_runs_.resize(size_t(end / 16 + 2));
    DrawRun* runs = draw_runs_.data();
    size_t run_count = 0;
    int drawing = 0;
    __m128i fired = _mm_setzero_si128();
    const auto rewrite = [&](int x, unsigned fresh) [[gnu::always_inline]] {
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
          changed_.push_back({x + std::countr_zero(m), y, z});
      }
    };
    int x = 1;
    for (; x + 16 <= end; x += 16) rewrite(x, 0xFFFFu);
    // The last sixteen overlap the ones before: those cells come out the same again, as they are
    // rewritten from `old`, and `fresh` leaves out their draws and changes.
    if (x < end) rewrite(end - 16, (0xFFFFu << (x - (end - 16))) & 0xFFFFu);
    if constexpr (kDrawing) {
      runs[run_count] = {end, 0, drawing};  // past the last draw
      rows_changed_ |= _mm_movemask_epi8(fired) != 0;
      draw_in_runs(random, row, runs, drawing, sums);
    }
  }

  // The lanes set (all ones) in `lanes`, counted in the vector: the baseline target has no popcnt.
  static int lane_count(__m128i lanes) {
    const __m128i per_half = _mm_sad_epu8(_mm_and_si128(lanes, _mm_set1_epi8(1)), _mm_setzero_si128());
    return _mm_cvtsi128_si32(per_half) + _mm_extract_epi16(per_half, 4);
  }

  // The second pass of rewrite_simple_row: `drawing` draws for the cells of `runs`, in order.
  void draw_in_runs(Random& random, int row, const DrawRun* runs, int drawing, const SumRows& sums) {
    uint8_t* cells = grid->state.data() + row;
    const SimpleValue* values = simple_values_.data();
    size_t r = 0;
    random.draws_below(drawing, largest_bound_, [&](int k, int draw) {
      while (runs[r + 1].before <= k) r++;
      unsigned m = runs[r].cells;
      for (int n = k - runs[r].before; n > 0; n--) m &= m - 1;  // the draw's cell is the n-th
      const int x = runs[r].x + std::countr_zero(m);
      const SimpleValue& v = values[cells[x]];
      if (draw >= v.bound || !allows(v.drawn_sums, sums[size_t(v.drawn_counted)][x])) return;
      cells[x] = v.drawn_output;
      rows_changed_ = true;
    });
  }
#else
  bool index_lanes() { return false; }
  template <bool kDrawing>
  void rewrite_simple_row(Random&, int, int, int) {}
#endif

  // Rewrites cell i by the first rule that fires. The probability is drawn before the sum is
  // checked, as in the reference, so that the random sequence is the same.
  // `inner`: the cell is in the interior; `counted`: the step's sums are in counted_ (for
  // interior cells, where they are ready).
  bool rewrite(Random& random, int x, int y, int z, int i, bool inner, bool counted) {
    uint8_t& cell = grid->state[size_t(i)];
    const int output = fired_output(random, choices_.data(), first_.data(), cell,
                                    [&](const Choice& c) { return sum_for(c, x, y, z, i, inner, counted); });
    if (output < 0) return false;
    cell = uint8_t(output);
    return true;
  }

  // The output of the first of a value's rules that fires (its draw passes, its sum condition,
  // sum_of(rule), holds), or -1: one draw per drawn rule tried, in order, as the reference draws.
  template <class SumOf>
  static int fired_output(Random& random, const Choice* choices, const uint32_t* first, uint8_t value, SumOf&& sum_of) {
    for (uint32_t k = first[value], end = first[value + 1u]; k < end; k++) {
      const Choice& c = choices[k];
      if (c.bound >= 0 && random.next() >= c.bound) continue;
      if (!c.multiplicity || c.allows(sum_of(c))) return c.output;
    }
    return -1;
  }

  void prepare() {
    offsets_.clear();
    for (const KernelEntry& k : kernel) offsets_.push_back(grid->index(k.dx, k.dy, k.dz));
    moore_2d_ = grid->mz == 1 && kernel.size() == 8;
    if (indexed_) return;
    for (int v = 0; v < 256; v++) {
      first_[size_t(v)] = uint32_t(choices_.size());
      for (const ConvolutionRule& rule : rules)
        if (rule.input == v && rule.output != rule.input)
          choices_.push_back({rule.p == 1.0 ? -1 : draw_bound(rule.p),
                              rule.multiplicity.empty() ? nullptr : rule.multiplicity.data(), counted_index(rule),
                              rule.sums, rule.output});
    }
    first_[256] = uint32_t(choices_.size());
    simple_ = index_simple();
    draws_ = std::any_of(choices_.begin(), choices_.end(), [](const Choice& c) { return c.bound >= 0; });
    indexed_ = true;
  }

  // The entry of counted_ for the rule's multiplicity, shared by rules with the same one.
  int counted_index(const ConvolutionRule& rule) {
    if (rule.multiplicity.empty()) return -1;
    for (size_t k = 0; k < counted_.size(); k++)
      if (*counted_[k].multiplicity == rule.multiplicity) return int(k);
    counted_.push_back({&rule.multiplicity, {}, false});
    return int(counted_.size()) - 1;
  }

  void count_sums() {
    const Grid& g = *grid;
    for (Counted& c : counted_) {
      c.sums.resize(size_t(g.size()));
      c.ready = count_interior(before_.data(), g.mx, g.my, g.mz, offsets_, *c.multiplicity, c.sums.data());
    }
  }

  bool interior(int x, int y, int z) const {
    const Grid& g = *grid;
    return x > 0 && y > 0 && x < g.mx - 1 && y < g.my - 1 && (g.mz == 1 || (z > 0 && z < g.mz - 1));
  }

  int sum_for(const Choice& c, int x, int y, int z, int i, bool inner, bool counted) const {
    if (inner && counted && counted_[size_t(c.counted)].ready) return counted_[size_t(c.counted)].sums[size_t(i)];
    return neighbour_sum(c.multiplicity, x, y, z, i, inner);
  }

  // Weighted count of the neighbours (before the step) that hold the rule's values.
  int neighbour_sum(const int* m, int x, int y, int z, int i, bool inner) const {
    const Grid& g = *grid;
    int sum = 0;
    if (inner) {
      const uint8_t* a = before_.data() + i;
      if (moore_2d_) {  // the common kernel, unrolled
        const int w = g.mx;
        return m[a[-w - 1]] + m[a[-w]] + m[a[-w + 1]] + m[a[-1]] + m[a[1]] + m[a[w - 1]] + m[a[w]] + m[a[w + 1]];
      }
      for (int offset : offsets_) sum += m[a[offset]];
      return sum;
    }
    for (const KernelEntry& k : kernel) {
      int sx = x + k.dx, sy = y + k.dy, sz = z + k.dz;
      if (!place(sx, g.mx) || !place(sy, g.my) || !place(sz, g.mz)) continue;
      sum += m[before_[size_t(g.index(sx, sy, sz))]];
    }
    return sum;
  }

  // Brings a coordinate one step outside the grid back in when periodic; false when it stays out.
  bool place(int& v, int length) const {
    if (v >= 0 && v < length) return true;
    if (!periodic) return false;
    v += v < 0 ? length : -length;
    return v >= 0 && v < length;
  }

 public:
  void describe(NodeView& view) const override {
    view.counter = counter_, view.steps = steps;
  }
};

}  // namespace

NodePtr load_convolution(const XmlElement& e, const SymmetryGroup&, Grid& grid, LoadContext&) {
  auto node = std::make_unique<ConvolutionNode>();
  std::vector<XmlElement> xrules = e.children({"rule"});
  if (xrules.empty()) xrules.push_back(e);
  for (const XmlElement& xrule : xrules) node->rules.push_back(load_convolution_rule(xrule, grid));
  node->steps = e.integer("steps", -1);
  node->periodic = e.boolean("periodic", false);
  node->kernel = load_kernel(e, grid.mz == 1);
  return node;
}

}  // namespace mj
