// The common part of `one`, `all` and `prl`: rules, incremental match tracking, fields,
// observations and inference.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "nodes/field.hpp"
#include "nodes/node.hpp"
#include "nodes/observation.hpp"
#include "nodes/sketch.hpp"

namespace mj {

struct Match {
  int r, x, y, z;
};

// A rule compiled for this node's grid. Its input as offsets from the rule's corner, wildcards
// left out, so that matching is one pass over a short flat list; and the rule's ishifts flattened:
// shifts[shift_start[v] .. shift_start[v+1]) are the input cells that accept value v.
struct RulePattern {
  std::vector<int> offsets;
  std::vector<Wave> waves;
  std::vector<Point> positions;  // of the same cells, in the rule
  std::vector<uint32_t> shift_start;
  std::vector<Point> shifts;
  std::vector<int> shift_offsets;  // linear offset of each shift on the grid
  bool single = false;             // a 1x1x1 input: any cell it accepts is a match
  uint64_t accepted = 0;           // bit v: some input cell accepts value v
};

class RuleNode : public Node {
 public:
  void reset() override;
  // The shared first half of a step: checks limits, sets up inference, updates matches and
  // fields. False when the node cannot run this step.
  bool go(Run& run) override;

  std::vector<Rule> rules;
  std::vector<bool> last;  // which rules fired in the latest step
  int counter = 0;         // steps this node made since its last reset
  int steps = 0;           // limit on `counter`, 0 for none

  // Reads rules (with their symmetric images), steps, fields and observations.
  void load_rule_node(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid,
                      LoadContext& context, bool track_matches);

 protected:
  // Records a match found while scanning; prl applies it at once instead.
  virtual void add(Run& run, int r, int x, int y, int z);
  // Key for choosing among matches by potential: larger is better.
  double heuristic_key(Run& run, int h, double& first, bool& first_computed) const;
  std::optional<int> delta(const Match& m) const;
  // True for `all`: search then explores states where all non-overlapping matches fire.
  virtual bool applies_all() const { return false; }
  // Steps of a found search trajectory: copy the next state; false at its end.
  bool follow_trajectory();

  std::vector<Match> matches;
  int match_count = 0;
  int last_matched_turn = -1;
  std::vector<uint8_t> match_mask;  // rules x cells: is (r, cell) in `matches`; empty for prl
  uint8_t* mask_of(int r) { return match_mask.data() + size_t(r) * size_t(grid->size()); }
  // Does rule r match with its corner at cell index `corner`? (The caller checks the bounds.)
  bool holds(int r, int corner) const {
    const RulePattern& c = patterns_[size_t(r)];
    const uint8_t* state = grid->state.data() + corner;
    for (size_t k = 0; k < c.offsets.size(); k++)
      if ((c.waves[k] & (1u << state[c.offsets[k]])) == 0) return false;
    return true;
  }
  bool holds(const Match& m) const { return holds(m.r, grid->index(m.x, m.y, m.z)); }

  Potentials potentials;
  std::vector<std::optional<Field>> fields;              // per value, empty when none
  std::vector<std::optional<Observation>> observations;  // per value, empty when none
  double temperature = 0.0;
  bool search = false, future_computed = false;
  std::vector<Wave> future;
  std::optional<std::vector<std::vector<uint8_t>>> trajectory;
  int limit = -1;
  double depth_coefficient = 0.5;

 private:
  bool prepare_inference(Run& run);
  void scan_changes(Run& run);
  void scan_grid(Run& run);
  void scan_lattice_cell(Run& run, int r, int x, int y, int z, int row);
  void scan_row(Run& run, int r, int y, int z);
  int cheaper_pivot(int r, const std::array<int, 256>& histogram) const;
  void scan_from_pivot(Run& run, int r, int pivot);
  struct Found {
    long long key;
    int x, y, z;
  };
  std::vector<Found> found_;  // scratch of scan_from_pivot
  bool compute_fields();
  std::vector<int> field_queue_;
  std::vector<RulePattern> patterns_;

 public:
  void describe(NodeSketch& sketch) const override;
};

}  // namespace mj
