// A collapse that backtracks (backtrack="True", or a run's backtrack setting): where an observation
// leads to a contradiction, it is undone and its pattern banned at its cell; when that ban leads to
// one too, the observation before it is undone, and so on back (chronological backtracking). When
// that keeps failing in one place, the cause lies further back: the collapse solves a box around the
// contradiction again with the rest of the wave as it stands (Merrell's model synthesis, "modifying
// in blocks"): the box's observations are undone and its cells take the start wave's patterns
// again, less those the cells around no longer support. Going back costs what is undone (the trail logs what each
// choice banned), not a copy of the wave per choice. The reference instead starts over with another seed, which fails
// every time on hard tilesets (Escher past its size). Once a contradiction was met, a wave that does not wrap is
// swept in the grid's order rather than by least entropy (next_backtracked_node). Past kMostUndoneChoices
// undone observations, the collapse goes on in blocks (blocks.cpp).
#include <algorithm>
#include <limits>

#include "mj/defaults.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj::wfc {

namespace {

// Contradictions met since the collapse last went further than ever, before erasing around one.
// Measured on Escher 16 (seeds 1-8): 5 and 10 ended every collapse, 20 and 50 not all.
constexpr int kStuck = 5;
// The first collapse's share of undone observations. Measured on PillarsOfEternity 18 (seeds 1-10):
// 2000 and no restarts left a seed unfinished, 5000 and 10000 none, 5000 in the least time.
constexpr long long kFirstShare = 5000;
// The half side of the box erased around a contradiction. Measured on Escher 24 (seeds 1-3) with
// kStuck: 2 finished all three in 1.6-1.9 s of CPU, 1 and 3 left some unfinished.
constexpr int kFirstRadius = 2;

}  // namespace

// Collapses from the run's next seeds, undoing choices as needed: one that has undone its share of
// observations starts over from the next seed, with twice the share (a search stuck deep in one
// corner costs more than a fresh start). Once kMostUndoneChoices observations were undone in all, the
// collapse goes on in blocks from the ground (blocks.cpp), which always ends. The seed of the collapse
// that ends, or nullopt when it gave up and the wave has no ground. Goes on with the collapse under way.
std::optional<int> WfcNode::backtracked_seed(Run& run) {
  Seeking& s = seeking_;
  if (s.share == 0) {
    undone_ = 0;
    propagation_.prepare_restore();
    s.share = kFirstShare;
  }
  while (s.block < 0) {
    if (!s.collapsing) begin_backtracked_collapse(run);
    if (backtracked_collapse(run)) return s.seed;
    s.collapsing = false;
    if (undone_ >= kMostUndoneChoices && !begin_blocks()) return std::nullopt;
    s.share *= 2;
  }
  if (s.grounding && !ground_collapse(run)) return std::nullopt;
  modify_in_blocks(run);
  return s.seed;
}

void WfcNode::begin_backtracked_collapse(Run& run) {
  Seeking& s = seeking_;
  s.seed = run.random.next();
  s.random.emplace(s.seed);
  s.collapsing = true;
  undo_limit_ = int(std::min<long long>(undone_ + s.share, kMostUndoneChoices));
  restart_wave();
  trail_.begin(wave);
  longest_ = 0;
  stuck_ = 0;
  radius_ = kFirstRadius;
  erased_ = false;
}

bool WfcNode::backtracked_collapse(Run& run) {
  if (!observe_open_cells(run)) return false;
  finish_backtracked_collapse();
  return true;
}

// Observes the open cells one after another, going back where they contradict; false when the
// collapse has undone its share.
bool WfcNode::observe_open_cells(Run& run) {
  Seeking& s = seeking_;
  if (s.settling && !settle(run)) return false;
  for (;;) {
    pause_if_asked(run);
    const int node = next_backtracked_node(*s.random);
    if (node < 0) return true;
    trail_.push({node, draw(node, *s.random), true});
    make(trail_.choices.back());
    if (trail_.choices.size() > longest_) longest_ = trail_.choices.size(), stuck_ = 0;
    if (!settle(run)) return false;
  }
}

void WfcNode::finish_backtracked_collapse() {
  if (erased_) settle_replay();
  observations_ = int(trail_.choices.size());
}

// Propagates the last choice and goes back until the wave holds no contradiction; false when the
// collapse has undone its share. A run may stop it after an undone observation, whose ban then waits
// (seeking_.settling) for the next step to propagate it.
bool WfcNode::settle(Run& run) {
  seeking_.settling = false;
  while (!consistent()) {
    if (undone_ >= undo_limit_) {
      if (run.inspecting && seeking_.block < 0) {  // a box that keeps what it held is no failed collapse
        failed_tries_++, contradictions_.push_back(contradiction_);
        explain_backtracked_failure();
      }
      return false;
    }
    // In a box (blocks.cpp), only the box's own observations are undone.
    const bool in_box = seeking_.block >= 0 && !seeking_.grounding;
    if (!((in_box || ++stuck_ <= kStuck) && undo_observation())) {
      if (in_box) return false;
      erase_around(contradiction_);  // leaves no contradiction
      break;
    }
    seeking_.settling = true;
    pause_if_asked(run);
    seeking_.settling = false;
  }
  trail_.record(wave, propagation_.changed());
  return true;
}

// The cell that ran out and the options it had before the choice that emptied it (the shadow keeps
// them); the wave shown is the failure's.
void WfcNode::explain_backtracked_failure() {
  const Propagation::Emptied emptied = propagation_.emptied();
  note_contradiction(trail_.shadow(emptied.cell < 0 ? contradiction_ : emptied.cell), contradiction_);
}

// A pattern the cell allows, drawn by weight (the first it allows when none of them weighs anything).
int WfcNode::draw(int node, Random& random) {
  for (int t = 0; t < model.patterns; t++)
    distribution_[size_t(t)] = wave.allows(node, t) ? model.weights[size_t(t)] : 0.0;
  const int drawn = weighted_index(distribution_, random.next_double());
  if (wave.allows(node, drawn)) return drawn;
  int t = 0;
  while (!wave.allows(node, t)) t++;
  return t;
}

// The cell to observe next: the least entropy's until the collapse met a contradiction, then, in a wave
// that does not wrap, the open cell first in the grid's order (x, then y, then z). Least-entropy
// collapses grow patches that meet anywhere, and erasing around where they clash makes new clashes as fast as it
// mends them (Escher at 32: 31,000 of 32,768 cells decided, 100,000 observations undone, then it gave up);
// swept, contradictions meet the front of decided cells, where undoing the last choices mends them (Escher
// at 32, seeds 1-3: done in 0.4-0.8 s). In a wave that wraps, the sweep's last row would meet its first
// (PeriodicEscher at 32 and PillarsOfEternity at 18 then fail): it keeps the least entropy.
int WfcNode::next_backtracked_node(Random& random) {
  if (undone_ == 0 || space_.periodic) return next_unobserved_node(random);
  for (int i : propagation_.changed()) rescan(i);
  propagation_.forget_changes();
  return open_.first_at_most(0, std::numeric_limits<double>::max());
}

void WfcNode::make(const Choice& choice) {
  if (!choice.observed) return propagation_.ban(wave, choice.cell, choice.pattern);
  for (int t = 0; t < model.patterns; t++)
    if (t != choice.pattern && wave.allows(choice.cell, t)) propagation_.ban(wave, choice.cell, t);
}

// Propagates the bans made; false when some cell ran out of patterns (the reference looks only at
// cell 0, and would draw the others as if they were fine), that cell in contradiction_.
bool WfcNode::consistent() {
  const bool propagated = propagation_.propagate(wave);
  for (int i : propagation_.changed())
    if (wave.remaining(i) == 0) {
      contradiction_ = i;
      return false;
    }
  if (propagated) return true;
  contradiction_ = trail_.choices.empty() ? 0 : trail_.choices.back().cell;
  return false;
}

// Goes back to before the latest observation that may be undone one by one and bans its pattern
// there instead; false when there is none.
bool WfcNode::undo_observation() {
  std::vector<Choice>& choices = trail_.choices;
  size_t last = choices.size();
  while (last > trail_.base() && !choices[last - 1].observed) last--;
  if (last == trail_.base()) return false;
  undone_++;
  const Choice undone = choices[last - 1];
  go_back_to(last - 1);
  trail_.push({undone.cell, undone.pattern, false});
  make(trail_.choices.back());
  return true;
}

// The wave after the first `count` choices (at least the trail's base): the cells the last
// propagation changed, and those the choices from `count` on took patterns from, as the shadow has them.
void WfcNode::go_back_to(size_t count) {
  const std::span<const int> changed = propagation_.changed();
  touched_.assign(changed.begin(), changed.end());
  trail_.unwind(count, touched_);
  restore(touched_);
}

// The cells take the shadow's patterns, and the counts and entropies that go with them.
void WfcNode::restore(std::vector<int>& cells) {
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  for (int i : cells) wave.set_patterns(i, trail_.shadow(i), weights_);
  if (wave.counted()) propagation_.recount(wave, cells);
  propagation_.clear();
  propagation_.forget_changes();
  for (int i : cells) rescan(i);
}

// Goes back to before the choice that failed, then erases a box around the contradiction, larger
// while the erasure itself contradicts what is kept (the whole wave at the most, which never does).
void WfcNode::erase_around(int cell) {
  erased_ = true;
  go_back_to(trail_.choices.size() - 1);
  radius_ = kFirstRadius;
  while (!erase_box(cell)) radius_++;
  longest_ = trail_.choices.size();
  stuck_ = 0;
}

// Undoes every choice within radius_ of `cell` and the bans within kMargin more, keeps the others as
// they stand (bans learnt further out stay: they only narrow the wave), and gives the cells there the
// start wave's patterns (a kept observation's cell its pattern) less those their neighbours no longer
// support. False when that runs into a
// contradiction: the wave is then as the box's reset left it.
bool WfcNode::erase_box(int cell) {
  touched_.clear();
  box_cells(cell, radius_ + kMargin, touched_);
  in_box_.resize(size_t(wave.cells()));
  for (int i : touched_) in_box_[size_t(i)] = box_distance(i, cell) <= radius_ ? 2 : 1;
  int erased = 0;
  std::erase_if(trail_.choices, [&](const Choice& c) {
    const int in = in_box_[size_t(c.cell)];
    const bool erase = in == 2 || (in == 1 && !c.observed);
    erased += erase && c.observed;
    return erase;
  });
  undone_ += std::max(erased, 1);  // an erasure of no observation still counts: the collapse goes round
  trail_.commit();
  const size_t patterns = size_t(model.patterns);
  for (int i : touched_) std::copy_n(start_wave_.allowances() + size_t(i) * patterns, patterns, trail_.shadow(i));
  for (const Choice& c : trail_.choices)
    if (in_box_[size_t(c.cell)] != 0) {
      std::fill_n(trail_.shadow(c.cell), patterns, uint8_t(0));
      trail_.shadow(c.cell)[c.pattern] = 1;
    }
  for (int i : touched_) in_box_[size_t(i)] = 0;
  restore(touched_);
  propagation_.ban_unsupported(wave, touched_);
  if (consistent()) return true;
  const std::span<const int> changed = propagation_.changed();
  touched_.assign(changed.begin(), changed.end());
  restore(touched_);
  return false;
}

// After an erasure, the choices kept no longer make the collapse by themselves (what erased
// observations banned outside their box stays banned): the replay makes them, then observes every
// cell they leave undecided as the collapse decided it, so that it ends on the same wave.
void WfcNode::settle_replay() {
  std::vector<int> decided(size_t(wave.cells()), -1);
  for (int i = 0; i < wave.cells(); i++)
    for (int t = 0; t < model.patterns && decided[size_t(i)] < 0; t++)
      if (wave.remaining(i) == 1 && wave.allows(i, t)) decided[size_t(i)] = t;
  restart_wave();
  for (const Choice& c : trail_.choices) {
    make(c);
    propagation_.propagate(wave);
  }
  for (int i = 0; i < wave.cells(); i++)
    if (observable_[size_t(i)] && wave.remaining(i) > 1 && decided[size_t(i)] >= 0) {
      trail_.choices.push_back({i, decided[size_t(i)], true});
      make(trail_.choices.back());
      propagation_.propagate(wave);
    }
  propagation_.forget_changes();
}

}  // namespace mj::wfc
