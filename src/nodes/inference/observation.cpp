// <observe>: the goal a set of observations makes of the present, and whether a state meets it.
#include "nodes/inference/observation.hpp"

#include <algorithm>
#include <array>

namespace mj {

// Per value, tabled once: what an observed value becomes now and may become, and the wave of
// itself for the others. Every observed value must be present.
bool compute_future_set_present(std::vector<ValueSet>& future, std::vector<uint8_t>& state,
                                const std::vector<std::optional<Observation>>& observations, ChangeLog& log) {
  std::array<ValueSet, 256> to{};
  std::array<uint8_t, 256> from{};
  for (size_t v = 0; v < 256; v++) {
    const bool observed = v < observations.size() && observations[v];
    to[v] = observed ? observations[v]->to : (v < 32 ? ValueSet(1u) << v : 0);
    from[v] = observed ? observations[v]->from : uint8_t(v);
  }
  std::array<uint8_t, 256> present{};
  const size_t logged = log.size();
  for (size_t i = 0; i < state.size(); i++) {
    const uint8_t value = state[i];
    present[value] = 1;
    future[i] = to[value];
    if (from[value] != value) log.write_hidden(int(i), value);
    state[i] = from[value];
  }
  log.settle_hidden(logged, state.size());
  for (size_t v = 0; v < observations.size(); v++)
    if (observations[v] && !present[v]) return false;
  return true;
}

bool is_goal_reached(const uint8_t* present, const ValueSet* future, int cells, int& hint, int near) {
  const auto unmet_in = [&](int from, int to) {
    for (int i = std::max(from, 0); i < std::min(to, cells); i++)
      if (((1u << present[i]) & future[i]) == 0) return hint = i, true;
    return false;
  };
  if (hint < 0 || hint >= cells) hint = 0;
  const int h = hint;
  if (unmet_in(h - near, h + near + 1)) return false;
  return !unmet_in(h + near + 1, cells) && !unmet_in(0, h - near);
}

}  // namespace mj
