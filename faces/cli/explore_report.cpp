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
    fmt::print("  {:<18.15g} {}\n", o.probability, o.grid);
  }
  if (space.outcomes.size() > kShownOutcomes) fmt::print("  ... {} more\n", space.outcomes.size() - kShownOutcomes);
  if (space.unending > 1e-12) fmt::print("  {:<18.15g} (runs that never end)\n", space.unending);
  return 0;
}

int report_grid_dynamics(const RunSettings& settings, const GridDynamics& d, const std::filesystem::path& json,
                         double seconds) {
  if (!json.empty()) save_file(json, grid_dynamics_json(d));
  fmt::print("{} {}x{}x{}, every grid: {} grids, {} Gardens of Eden, {} halting, {} closed classes ({:.0f} grids/s)\n",
             settings.name, settings.load.mx, settings.load.my, settings.load.mz, d.grids, d.gardens_of_eden, d.halting,
             d.classes.size(), seconds > 0 ? double(d.grids) / seconds : 0.0);
  fmt::print("  {:>10} {:>10}  a grid of it\n", "basin", "size");
  for (size_t k = 0; k < d.classes.size() && k < kShownOutcomes; k++)
    fmt::print("  {:>10} {:>10}  {}\n", d.classes[k].basin, d.classes[k].size, d.classes[k].example);
  if (d.classes.size() > kShownOutcomes) fmt::print("  ... {} more\n", d.classes.size() - kShownOutcomes);
  if (d.undecided > 0) fmt::print("  {} grids can end in more than one class (in no basin)\n", d.undecided);
  return 0;
}

}  // namespace mj::cli
