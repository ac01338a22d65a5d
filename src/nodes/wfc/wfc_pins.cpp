// Pins in a wfc (nodes/pins.hpp): a pinned cell of the new grid narrows the start wave before the first
// observation, as the <rule>s do: wherever an option (a pattern, a tile) covers the cell, those that would
// draw another value there are banned, then propagated. The start wave holds them, so that neither a new
// try nor a backtracking collapse's undoing gives them back, and the collapse draws every pinned value.
// Applied once per begin(), never in the propagation's hot path.
#include "mj/defaults.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj::wfc {

bool WfcNode::hold_pins(Run& run) {
  propagation_.forget_changes();  // emptied() below: the pins' own
  const int unmet = ban_unpinned(run.wfc_pins);
  if (unmet >= 0) {
    propagation_.clear();
    warn(run, "wfc: the pins cannot be met: cell " + newgrid->cell_name(unmet) + " is pinned to '" +
                  newgrid->characters[run.wfc_pins[unmet]] +
                  "', which no pattern or tile left at that place draws; the grid is unfinished");
    return false;
  }
  if (propagation_.propagate(wave) && propagation_.emptied().cell < 0 && emptied_cell() < 0) return true;
  const int emptied = propagation_.emptied().cell >= 0 ? propagation_.emptied().cell : std::max(emptied_cell(), 0);
  propagation_.clear();
  warn(run, "wfc: the pins cannot be met together: with the wfc's rules they leave its cell " + space_.where(emptied) +
                " no pattern or tile; the grid is unfinished");
  return false;
}

// Bans every allowed option that would draw another value into a pinned cell. Returns the first pinned
// cell that leaves some wave cell over it no option (no option left there draws its value), or -1.
int WfcNode::ban_unpinned(const uint8_t* pins) {
  int unmet = -1;
  for (int cell = 0; cell < newgrid->size(); cell++) {
    const uint8_t value = pins[size_t(cell)];
    if (value == kFreeCell) continue;
    bool covered = false, emptied = false;
    visit_covers(cell, [&](int i, int at) {
      covered = true;
      for (int t = 0; t < model.patterns; t++)
        if (wave.allows(i, t) && option_value(t, at) != value) propagation_.ban(wave, i, t);
      emptied |= wave.remaining(i) == 0;
    });
    // A cell no option covers (a gap between tiles) keeps the value the new grid is cleared to, 0.
    if (unmet < 0 && (emptied || (!covered && value != 0))) unmet = cell;
  }
  return unmet;
}

}  // namespace mj::wfc
