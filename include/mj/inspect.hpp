// mj's public API: what a node computed to make its choices, read-only, for a debugger's views.
// Fields (the distances a rule node's <field>s steer by), observation and inference (the goal of
// <observe> and the potentials towards it, the latest guided choice among the matches) and wave
// function collapse (the options each cell keeps, the contradictions met). Debugger::inspect
// makes one; nothing here is kept or computed for a run nobody inspects.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mj/value_set.hpp"

namespace mj {

// A value's potential over the node's grid: one int per cell (x fastest, then y, then z), -1 where
// the value cannot reach the cell (fields: no way through the substrate; observe: no way to the goal).
struct PotentialView {
  int value = 0;
  std::vector<int> cells;
};

// One match a guided `one` node weighed in its latest step.
struct CandidateView {
  int rule = 0;             // index into the node's rules (NodeView::rules)
  int x = 0, y = 0, z = 0;  // the match's corner on the grid
  int delta = 0;            // the change of potential applying it makes (smaller is better)
  double score = 0;         // the key it drew: the largest wins (-delta plus noise, or the temperature's draw)
};

// A wfc's latest contradiction that ended a collapse: the cell left without any option, the options it
// lost in the propagation that emptied it, and the neighbour whose ban took the last of them.
struct ContradictionView {
  int cell = -1;                   // a wave cell (x fastest, then y, then z); -1: none met
  int neighbour = -1;              // -1: the cell's own ban (its observation, or the input grid's value there)
  std::vector<int> lost;           // patterns, ascending
  std::vector<std::string> names;  // lost's in words: "pattern 12", or a tile model's tile ("Line 2": its variant)
  // lost's as pictures, what the cell could no longer hold: per option its cells in the values of the
  // grid the wfc draws (`legend` their symbols), option_mx x option_my x option_mz of them, x fastest, then
  // y, then z: an overlap pattern's n x n cells (a window of the sample), a tile's voxels.
  int option_mx = 0, option_my = 0, option_mz = 0;
  std::string legend;
  std::vector<std::vector<uint8_t>> cells;
  // The same, each cell as its colour by the model's palette, 0xAARRGGBB (Debugger::inspect; empty when
  // a symbol has no colour).
  std::vector<std::vector<uint32_t>> pictures;
};

struct Inspection {
  std::string kind;            // the inspected node's element name
  int line = 0;                // where it is written
  int mx = 0, my = 0, mz = 0;  // its grid (wfc: the wave, which has the shape of the node's input grid)
  std::string legend;          // value -> symbol of that grid

  // Rule nodes with <field>s: one potential per value that has a field, as of the node's latest step.
  std::vector<PotentialView> fields;

  // Rule nodes with <observe>: the goal, per cell the values it may hold at the end (empty until the
  // node first computed it), and without search the backward potentials: how many steps each value
  // at each cell is from the goal.
  std::vector<ValueSet> future;
  std::vector<PotentialView> potentials;

  // Rule nodes with <observe> and search="True": the trajectory the search found, which the node then
  // copies one state per step. State i is the grid after the node's step i + 1 (mx * my * mz values, x
  // fastest), the last one meets the goal; the start is not among them. `trajectory_at`: the state the
  // grid holds now, -1 before the node copied its first. Empty before the node searched, or when the
  // search found none.
  std::vector<std::vector<uint8_t>> trajectory;
  int trajectory_at = -1;

  // A `one` node guided by fields or observations, while Debugger::set_inspecting(true): the
  // matches its latest choice weighed and which of them it applied (-1: none). A step that finds the
  // goal reached chooses nothing and leaves them as they were.
  std::vector<CandidateView> candidates;
  int chosen = -1;

  // wfc: per wave cell the patterns it still allows (1: decided, 0: contradiction); -1 for cells of
  // a non-periodic wave too near the far edges to hold a pattern of their own. Empty before the
  // collapse began. `patterns`: how many there are in all.
  std::vector<int> options;
  int patterns = 0;
  // While inspecting: the collapses that failed before the one shown (the reference tries seeds
  // until one succeeds, then replays it), and the cells left without any option in the last failure.
  int failed_tries = 0;
  std::vector<int> contradictions;
  // While inspecting: the last failure's contradiction (of the latest collapse that failed), or none.
  ContradictionView contradiction;
  // A backtracking wfc (backtrack="True" or the settings' backtrack): the observations its
  // collapses undid (at its latest first step), in all.
  int undone_choices = 0;
};

}  // namespace mj
