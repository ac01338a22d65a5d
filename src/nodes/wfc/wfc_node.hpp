// `wfc`: wave function collapse over the current grid, whose values constrain the patterns of the
// cells; the result is a new grid, on which the node's children then run.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "mj/inspect.hpp"
#include "mj/tile_layer.hpp"
#include "nodes/node.hpp"
#include "nodes/wfc/min_tree.hpp"
#include "nodes/wfc/propagation.hpp"
#include "nodes/wfc/shown_wave.hpp"
#include "nodes/wfc/trail.hpp"
#include "nodes/wfc/wave.hpp"

namespace mj::wfc {

// What a model (overlap or tile) hands to the collapse.
struct Model {
  int patterns = 0;
  int n = 1;  // pattern width: overlap patterns are n x n cells
  bool periodic = false;
  std::vector<double> weights;  // per pattern
  Propagator propagator;
  // start_waves[v]: the patterns allowed where the input grid holds value v; empty when v is unconstrained.
  std::vector<std::vector<uint8_t>> start_waves;
};

// Index drawn with probability proportional to its weight, for a uniform r in [0, 1).
inline int weighted_index(const std::vector<double>& weights, double r) {
  double sum = 0;
  for (double w : weights) sum += w;
  double threshold = r * sum, partial = 0;
  for (size_t i = 0; i < weights.size(); i++) {
    partial += weights[i];
    if (partial >= threshold) return int(i);
  }
  return 0;
}

// The start waves of the <rule in="A" out="x|y"/> elements of `element`, one per input value A of
// `grid` at most: `allow(rule, out, wave)` marks in `wave` the patterns output `out` allows (the model
// knows what an output names), failing at `rule` for one it does not know.
void load_start_waves(
    Model& model, const XmlElement& element, const Grid& grid,
    const std::function<void(const XmlElement& rule, const std::string& out, std::vector<uint8_t>& wave)>& allow);

class WfcNode : public Branch {
 public:
  bool go(Run& run) override;
  void reset() override;
  void restart() override;
  void describe(NodeView& view) const override;
  void inspect(Inspection& view) const override;
  // The grid `current` as tiles, when this node made it and it is still all tiles (tile models only).
  virtual std::optional<TileLayer> tile_layer(const Grid& /*current*/) const { return std::nullopt; }
  // The grid the collapse draws, on which the children run: the one pins name (nodes/pins.hpp).
  const Grid& new_grid() const { return *newgrid; }

  std::string source;  // the sample or tileset, for the GUI

 protected:
  bool returns_to_parent() const override { return false; }
  bool reads_child(std::string_view name) const override { return name == "rule"; }
  // Completes loading once the model is known: the wave, `shannon`, `tries`, and the children on the new grid.
  void load_collapse(const XmlElement& element, const SymmetryGroup& parent_symmetry, const Grid& input,
                     LoadContext& context);
  // Writes the wave's picture (observed or not) into the new grid.
  virtual void update_state() = 0;
  // Pattern t in words, for the contradiction's view: "pattern 12" (tile models: the tile's name).
  virtual std::string option_name(int t) const { return "pattern " + std::to_string(t); }
  // The value most voted for; ties go to the lowest value (the reference breaks them with an unseeded generator).
  static uint8_t most_voted(const int* votes, int count);
  // Pins (wfc_pins.cpp): `visit(i, at)` for every wave cell i whose options cover cell `cell` of the new
  // grid, `at` being that cell's place in them, whose value option t draws there is option_value(t, at).
  virtual void visit_covers(int cell, const std::function<void(int i, int at)>& visit) const = 0;
  virtual uint8_t option_value(int t, int at) const = 0;
  // The cells an option draws (option_value's `at` from 0 to its volume, x fastest): n x n x 1 for an
  // overlap pattern, a tile's s x s x sz.
  virtual Point option_size() const = 0;
  // The wave as the replay stands, for what shows it between steps (inspect, tile_layer): a replay
  // that skips its observations makes them first. Const for those callers: it only computes what
  // the wave would hold at this step.
  void catch_up() const;

  Model model;
  Grid* newgrid = nullptr;
  Wave wave;
  ShownWave shown;  // what update_state last drew; forgotten when the wave restarts

 private:
  // The search for a collapse that begin() runs inside its step, kept across steps: a run stopped in
  // it (Run::keep_searching said false) goes on where it stopped, to the collapse it would have found.
  struct Seeking {
    bool set_up = false;                  // the start wave is made
    bool collapsing = false;              // a collapse is under way: `random` and the wave stand where it stopped
    bool settling = false;                // backtracking: an undone observation's ban waits to be propagated
    int tries = 0;                        // collapses begun
    long long share = 0;                  // backtracking: the undone observations the collapse under way may reach
    int block = -1;                       // modifying in blocks (blocks.cpp): the box under way; -1 before
    bool grounding = false;               // modifying in blocks: the ground's open cells are being collapsed
    int ground_tries = 0;                 // modifying in blocks: the ground's collapses that failed
    int seed = 0;                         // the collapse under way's
    int failed_seed = 0, failed_at = -1;  // while inspecting: the latest failed collapse (retries)
    std::optional<Random> random;
  };
  bool begin(Run& run);
  bool set_up(Run& run);
  // Throws StepPaused (the collapse stands where it is) when the run's callback says to stop.
  void pause_if_asked(Run& run);
  bool go_on_collapsing(Run& run);
  void apply_start_waves(int around = 0, int radius = -1);
  int emptied_cell() const;
  void explain_input_contradiction(Run& run);
  // wfc_pins.cpp: the start wave narrowed to the run's pins (Run::wfc_pins), propagated; false, with a
  // run notice, when no collapse can hold them.
  bool hold_pins(Run& run);
  int ban_unpinned(const uint8_t* pins);
  std::string contradicting_cells(int emptied);
  std::optional<int> good_seed(Run& run);
  // backtrack.cpp: a collapse that undoes its observations rather than starting over.
  std::optional<int> backtracked_seed(Run& run);
  void begin_backtracked_collapse(Run& run);
  bool backtracked_collapse(Run& run);
  bool observe_open_cells(Run& run);
  void finish_backtracked_collapse();
  bool settle(Run& run);
  int draw(int node, Random& random);
  void make(const Choice& choice);
  bool consistent();
  bool undo_observation();
  void go_back_to(size_t count);
  void restore(std::vector<int>& cells);
  void erase_around(int cell);
  bool erase_box(int cell);
  void settle_replay();
  int next_backtracked_node(Random& random);
  // blocks.cpp: the collapse modified in blocks from the ground, past kMostUndoneChoices undone observations.
  int ground_pattern() const;
  bool begin_blocks();
  std::vector<uint8_t> near_cells_without(int t) const;
  bool ground_collapse(Run& run);
  int box_distance(int a, int b) const;
  void box_cells(int centre, int radius, std::vector<int>& out) const;
  int cubes() const;
  int blocks() const;
  int block_centre(int block) const;
  void modify_in_blocks(Run& run);
  void keep_block(int centre);
  void restore_kept();
  // The next step of the replay: the next observation (or choice of the trail); false when none is left.
  bool replay_step();
  void warn(Run& run, const std::string& message) const;
  void list_observable_cells();
  // The wave as after the input grid's constraints, for another try or the replay; `copy` false: the
  // wave already is the start wave.
  void restart_wave(bool copy = true);
  int next_unobserved_node(Random& random);
  void rescan(int i);  // cell i's entry in the scan, after it changed outside a propagation
  template <bool Shannon>
  double cell_entropy(int i) const;
  template <bool Shannon>
  int scan_open_cells(Random& random);
  void observe(int node, Random& random);
  void replay_skipped();
  // While inspecting, after a collapse failed: the cell the propagation emptied (Propagation::emptied,
  // else `fallback`), its options as `before` (its row of Wave::allowances() before that propagation).
  void note_contradiction(const uint8_t* before, int fallback);
  // The contradiction's lost options as the values they draw, for inspect().
  void draw_lost_options(ContradictionView& c) const;
  // The failed collapse of `seed` made again up to its observation number `at`, to read the options
  // the cell that ran out had before it (a collapse keeps no copy of its wave to go back to).
  void explain_failure(int seed, int at);
  void explain_backtracked_failure();

  Weights weights_;
  Space space_;
  Wave start_wave_;
  Propagation propagation_;
  std::vector<double> distribution_;
  std::vector<uint8_t> observable_;  // per cell: list_observable_cells (bytes: read at every changed cell)
  MinTree open_;                     // cell_entropy of every cell, as of the last scan
  MinTree start_open_;               // open_ for the start wave
  std::optional<Random> random_;
  Seeking seeking_;
  int unasked_ = 0;  // observations since pause_if_asked last asked
  bool shannon_ = false;
  bool backtrack_ = false;     // backtrack="True"
  bool backtracking_ = false;  // this run's collapse backtracks (the node's or the run's setting)
  Trail trail_;                // a backtracking collapse's choices, which its replay makes again
  int undone_ = 0;             // observations the latest backtracking collapses undid, in all
  // The backtracking collapse under way: its longest trail so far; contradictions met since the
  // trail was longest; the latest one's cell; the half side of the box the erasure under way undoes;
  // whether it erased any.
  size_t longest_ = 0;
  int stuck_ = 0, contradiction_ = 0, radius_ = 0;
  bool erased_ = false;
  int undo_limit_ = 0;        // undone_ at which the collapse under way gives up
  std::vector<int> touched_;  // scratch of going back: the cells to restore
  // erase_box's scratch, per cell: 2 within the box erased, 1 within its margin, else 0.
  std::vector<uint8_t> in_box_;
  std::vector<uint8_t> kept_;  // modifying in blocks: the wave's patterns before the box under way
  size_t kept_row(int i) const { return size_t(i) * size_t(model.patterns); }
  // Around an erased box, the cells no kept observation decided take the start wave's patterns again
  // too, and the bans learnt there are forgotten: what the erased observations took from them comes
  // back. Measured: PillarsOfEternity 12 and 18 (seed 1) finish with 2 (0.1 and 0.9 s), never with 0.
  static constexpr int kMargin = 2;
  int tries_ = 1000;
  bool first_go_ = true;
  bool begun_ = false;  // the wave has been set up once: it holds a collapse to show
  // A replay that nobody watches (neither animated nor inspected) skips its observations: good_seed
  // left the wave at the end of the very collapse the replay would make again, so the steps only
  // count the observations (observations_ in all, skipped_ so far). The replay makes the skipped
  // ones when someone starts watching (catch_up). The grid is drawn only at the end either way.
  bool skipping_ = false;
  int observations_ = 0, skipped_ = 0;
  size_t replayed_ = 0;  // backtracking: the trail's choices made again so far
  // While inspecting: the collapses of the latest begin() that failed, and per failure the cell whose
  // observation the propagation could not satisfy (or the input grid's first contradictory cell).
  int failed_tries_ = 0;
  std::vector<int> contradictions_;
  ContradictionView contradiction_view_;  // the last failure's, read back for it
};

// The tiling of `current` by the wfc node below `root` that made it (mj::Interpreter::tile_layer).
std::optional<TileLayer> find_tile_layer(const Node& root, const Grid& current);

NodePtr load_overlap(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);
NodePtr load_tile(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);

}  // namespace mj::wfc
