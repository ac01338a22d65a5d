// The fast step of <convolution> for the common shape of rules: every value has at most one rule
// without a draw, then at most one with a draw (as the corpus's automata do). A row's interior is
// rewritten sixteen cells at a time, and its draws made in order in a second pass.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/point.hpp"
#include "core/random.hpp"
#include "nodes/convolution/convolution_rule.hpp"

namespace mj {

// The most counted sums the lanes take (one per distinct `values` multiplicity of the rules).
constexpr size_t kMaxLaneSums = 8;

// A row's counted sums (see LaneRow::sums).
using SumRows = std::array<const uint8_t*, kMaxLaneSums + 1>;

// One row's interior to rewrite: cells [1, end) of the row, end - 1 >= 16.
struct LaneRow {
  const uint8_t* old;  // the row as the step found it
  uint8_t* cells;      // the row in the grid
  int end;
  // sums[k]: the row's counted sums of entry k; after them (for rules without a sum condition,
  // which read any) the row as the step found it.
  SumRows sums;
  int y, z;
};

class ConvolutionLanes {
 public:
  // Whether the rules have the shape above (and at most kMaxLaneSums counted sums); if so, they
  // are indexed for rewrite_row. `counted`: the number of counted sums; `values`: the alphabet's size.
  bool index(const ChoiceTable& table, size_t counted, int values);

  // kDrawing: some rule draws; then `changed` is not written and `row_changed` tells whether a
  // cell of the row changed. Without draws, `changed` gets every changed cell.
  template <bool kDrawing>
  void rewrite_row(Random& random, const LaneRow& row, std::vector<Point>& changed, bool& row_changed);

 private:
  // Per value: the outputs of its rule without a draw and its drawn rule (the value itself for
  // none), the sums they allow (all for no condition, none for no rule) and the counted sums they
  // read (one past the counted ones for no condition).
  struct SimpleValue {
    uint8_t fixed_output = 0, drawn_output = 0;
    uint32_t fixed_sums = 0, drawn_sums = 0;
    int fixed_counted = 0, drawn_counted = 0;
    int bound = -1;  // the drawn rule's draw bound, -1 for none
  };
  std::array<SimpleValue, 256> values_{};
  int largest_bound_ = -1;  // of the drawn rules

  bool index_values(const ChoiceTable& table, size_t counted);

#if defined(__SSE2__)
  // The rules as tests of sixteen cells at a time (bytes), one per interval of the sums a rule
  // without a draw allows: where a cell holds `value` and its sum (of LaneRow::sums entry
  // `counted`) s has (s - low) mod 256 <= width, the rule fires and the cell becomes
  // value ^ change. A value's intervals are disjoint, so at most one of its tests fires. A cell
  // where none fires draws when its value's `draws` is all ones.
  struct LaneTest {
    __m128i value, low, width, change, draws;
    size_t counted;
  };
  std::vector<LaneTest> tests_;
  // The values whose rule without a draw has no sum condition: it always fires.
  struct LaneRewrite {
    __m128i value, change;
  };
  std::vector<LaneRewrite> rewrites_;
  // The values with only a drawn rule: they always draw.
  struct LaneDraw {
    __m128i value;
  };
  std::vector<LaneDraw> draws_;

  // Sixteen cells of a row that draw: bit k stands for cell x + k. `before`: the row's draws
  // before these.
  struct DrawRun {
    int x;
    unsigned cells;
    int before;
  };
  std::vector<DrawRun> draw_runs_;

  // Sixteen cells from x: their values after the rules without draws, the lanes where those fired
  // and the lanes left to draw for.
  struct Lanes {
    __m128i cells, fired, draws;
  };
  void index_lanes(int values);
  // Inlined in the row loop, as it was when the two were one function.
  [[gnu::always_inline]] inline Lanes rewrite_lanes(const uint8_t* old, const SumRows& sums, int x) const;
  void draw_in_runs(Random& random, uint8_t* cells, const SumRows& sums, const DrawRun* runs, int drawing,
                    bool& row_changed);
  static int lane_count(__m128i lanes);
#endif
};

}  // namespace mj
