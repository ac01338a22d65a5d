#include "explore_report.hpp"

#include <fmt/core.h>

#include "mj/files.hpp"

namespace mj::cli {

namespace {

constexpr size_t kShownOutcomes = 10;

}  // namespace

int report_state_space(const std::string& name, const RunSettings& settings, const StateSpace& space,
                       const ExploreFiles& files, double seconds) {
  if (!files.json.empty()) save_file(files.json, state_space_json(space));
  if (!files.dot.empty()) save_file(files.dot, state_space_dot(space));
  fmt::print("{} {}x{}x{}: {} states, {} transitions, {}; {} outcomes ({:.0f} states/s)\n", name, settings.load.mx,
             settings.load.my, settings.load.mz, space.states(), space.transitions,
             space.cyclic ? "with cycles" : "no cycles", space.outcomes.size(),
             seconds > 0 ? double(space.states()) / seconds : 0.0);
  for (size_t k = 0; k < space.outcomes.size() && k < kShownOutcomes; k++) {
    const StateSpace::Outcome& o = space.outcomes[k];
    fmt::print("  {:<18.15g} {}\n", o.probability, space.grids[size_t(o.state)]);
  }
  if (space.outcomes.size() > kShownOutcomes) fmt::print("  ... {} more\n", space.outcomes.size() - kShownOutcomes);
  if (space.unending > 1e-12) fmt::print("  {:<18.15g} (runs that never end)\n", space.unending);
  return 0;
}

}  // namespace mj::cli
