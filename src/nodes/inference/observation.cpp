// <observe>: the goal a set of observations makes of the present, and whether a state meets it.
#include "nodes/inference/observation.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "mj/defaults.hpp"
#include "mj/error.hpp"

namespace mj {

namespace {

std::string symbols_of(ValueSet values, const Grid& grid) {
  std::string symbols;
  for (int v = 0; v < grid.values; v++)
    if (values >> v & 1u) symbols += grid.characters[size_t(v)];
  return symbols;
}

// Per value, tabled once: what an observed value becomes now and may become, and the wave of
// itself for the others.
struct ObservedValues {
  std::array<ValueSet, 256> to{};
  std::array<uint8_t, 256> from{};
  bool rewrites = false;  // some observed value is replaced now: else the present stays as it is

  explicit ObservedValues(const std::vector<std::optional<Observation>>& observations) {
    for (size_t v = 0; v < 256; v++) {
      const bool observed = v < observations.size() && observations[v];
      to[v] = observed ? observations[v]->to : (v < 32 ? ValueSet(1u) << v : 0);
      from[v] = observed ? observations[v]->from : uint8_t(v);
      rewrites |= from[v] != v;
    }
  }
};

// The present's observed values replaced, each replacement logged; with `kPinned`, pinned cells keep
// theirs (rare: kept out of the plain loop).
template <bool kPinned>
void rewrite_present(std::vector<ValueSet>& future, std::vector<uint8_t>& state, const ObservedValues& o,
                     std::array<uint8_t, 256>& present, ChangeLog& log, const uint8_t* pins) {
  const size_t logged = log.size();
  for (size_t i = 0; i < state.size(); i++) {
    const uint8_t value = state[i];
    present[value] = 1;
    future[i] = o.to[value];
    if (o.from[value] == value || (kPinned && pins[i] != kFreeCell)) continue;
    log.write_hidden(int(i), value);
    state[i] = o.from[value];
  }
  log.settle_hidden(logged, state.size());
}

}  // namespace

// Every observed value must be present.
bool compute_future_set_present(std::vector<ValueSet>& future, std::vector<uint8_t>& state,
                                const std::vector<std::optional<Observation>>& observations, ChangeLog& log,
                                const uint8_t* pins) {
  const ObservedValues o(observations);
  std::array<uint8_t, 256> present{};
  if (!o.rewrites) {
    for (size_t i = 0; i < state.size(); i++) present[state[i]] = 1, future[i] = o.to[state[i]];
  } else if (pins) {
    rewrite_present<true>(future, state, o, present, log, pins);
  } else {
    rewrite_present<false>(future, state, o, present, log, pins);
  }
  for (size_t v = 0; v < observations.size(); v++)
    if (observations[v] && !present[v]) return false;
  return true;
}

void add_goal(std::vector<ValueSet>& future, const uint8_t* goal, const Grid& grid, int line) {
  for (int i = 0; i < grid.size(); i++) {
    if (goal[i] == kFreeCell) continue;
    const ValueSet wanted = ValueSet(1u) << goal[i];
    if ((future[size_t(i)] & wanted) == 0)
      throw Error("", line,
                  "the goal asks cell " + grid.cell_name(i) + " to end as " + grid.characters[goal[i]] +
                      ", which this node's observations do not allow there (only \"" +
                      symbols_of(future[size_t(i)], grid) + "\")");
    future[size_t(i)] = wanted;
  }
}

void check_pins_in_goal(const std::vector<ValueSet>& future, const uint8_t* pins, const Grid& grid, int line) {
  for (int i = 0; i < grid.size(); i++)
    if (pins[i] != kFreeCell && (future[size_t(i)] >> pins[i] & 1u) == 0)
      throw Error("", line,
                  "the pins hold cell " + grid.cell_name(i) + " at " + grid.characters[pins[i]] +
                      ", which this node's observations do not allow there (only \"" +
                      symbols_of(future[size_t(i)], grid) + "\"): its goal could never be met");
}

namespace {

// As Random::refill: an AVX2 copy where the CPU has it (its variable shifts take 8 cells at once).
#if defined(__x86_64__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define MJ_AVX2_CLONE [[gnu::target_clones("avx2", "default")]]
#else
#define MJ_AVX2_CLONE
#endif
// Whether some of the n cells does not hold one of its goal values: without a branch per cell, as
// the goal's last check (met) reads every cell of the grid.
MJ_AVX2_CLONE bool any_unmet(const uint8_t* present, const ValueSet* future, int n) {
  uint32_t unmet = 0;
  for (int i = 0; i < n; i++) unmet |= ~(future[i] >> present[i]) & 1u;
  return unmet != 0;
}

}  // namespace

bool is_goal_reached(const uint8_t* present, const ValueSet* future, int cells, int& hint, int near) {
  constexpr int kBlock = 256;
  const auto unmet_in = [&](int from, int to) {
    from = std::max(from, 0), to = std::min(to, cells);
    for (int block = from; block < to; block += kBlock) {
      const int end = std::min(to, block + kBlock);
      if (!any_unmet(present + block, future + block, end - block)) continue;
      for (int i = block; i < end; i++)
        if (((1u << present[i]) & future[i]) == 0) return hint = i, true;
    }
    return false;
  };
  if (hint < 0 || hint >= cells) hint = 0;
  const int h = hint, stride = near / 2;
  // A step moves the unmet value of a walk (a river's head) to a neighbour of the hint, diagonal ones
  // included (Island's rivers break their lines so): those first.
  for (const int at :
       {h, h - 1, h + 1, h - stride, h + stride, h - stride - 1, h - stride + 1, h + stride - 1, h + stride + 1})
    if (unmet_in(at, at + 1)) return false;
  if (unmet_in(h - near, h + near + 1)) return false;
  return !unmet_in(h + near + 1, cells) && !unmet_in(0, h - near);
}

}  // namespace mj
