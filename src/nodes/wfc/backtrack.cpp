// A collapse that backtracks (backtrack="True", or a run's backtrack setting): where an observation
// leads to a contradiction, it is undone and its pattern banned at its cell; when that ban leads to
// one too, the observation before it is undone, and so on back (chronological backtracking). When
// that keeps failing in one place, the cause lies further back: the observations around the
// contradiction are all undone at once. The reference instead starts over with another seed, which
// fails every time on hard tilesets (Escher past its size).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "mj/defaults.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj::wfc {

namespace {

// The copies of the wave a collapse keeps to go back to, in all.
constexpr double kTrailBytes = 256.0 * (1 << 20);
// Contradictions met since the collapse last went further than ever, before erasing around one.
// Measured on Escher 16 (seeds 1-8): 5 and 10 ended every collapse, 20 and 50 not all.
constexpr int kStuck = 5;
// The first collapse's share of undone observations. Measured on PillarsOfEternity 18 (seeds 1-10):
// 2000 and no restarts left a seed unfinished, 5000 and 10000 none, 5000 in the least time.
constexpr long long kFirstShare = 5000;
// The half side of the box erased around a contradiction; one more at each erasure that made no
// progress. Measured with kStuck: 1 slower, 3 not every collapse.
constexpr int kFirstRadius = 2;

// How far apart two cells are along the axis where they are farthest apart (around the edges too
// when the wave wraps).
int distance(const Space& s, int a, int b) {
  const auto along = [&](int u, int v, int m) {
    const int d = std::abs(u - v);
    return s.periodic ? std::min(d, m - d) : d;
  };
  return std::max({along(s.x(a), s.x(b), s.mx), along(s.y(a), s.y(b), s.my), along(s.z(a), s.z(b), s.mz)});
}

}  // namespace

// Collapses from the run's next seeds, undoing choices as needed: one that has undone its share of
// observations starts over from the next seed, with twice the share (a search stuck deep in one
// corner costs more than a fresh start). The seed of the collapse that ends, or nullopt when the
// input grid is contradictory or kMostUndoneChoices observations were undone in all.
std::optional<int> WfcNode::backtracked_seed(Run& run) {
  undone_ = 0;
  for (int i = 0; i < wave.cells(); i++)
    if (observable_[size_t(i)] && wave.remaining(i) == 0) return std::nullopt;
  for (long long share = kFirstShare;; share *= 2) {
    const int seed = run.random.next();
    undo_limit_ = int(std::min<long long>(undone_ + share, kMostUndoneChoices));
    if (backtracked_collapse(seed, run)) return seed;
    if (undone_ >= kMostUndoneChoices) return std::nullopt;
  }
}

bool WfcNode::backtracked_collapse(int seed, Run& run) {
  Random random(seed);
  restart_wave();
  // Copies spaced so that one per cell's worth of choices fits in kTrailBytes.
  const double copies = std::max(1.0, kTrailBytes / double(std::max<size_t>(wave.bytes(), 1)));
  trail_.begin(size_t(std::ceil(double(wave.cells()) / copies)), size_t(copies));
  longest_ = longest_at_erasure_ = 0;
  stuck_ = 0;
  radius_ = kFirstRadius;
  for (;;) {
    const int node = next_unobserved_node(random);
    if (node < 0) break;
    trail_.save(wave);
    trail_.choices.push_back({node, draw(node, random), true});
    make(trail_.choices.back());
    if (trail_.choices.size() > longest_) longest_ = trail_.choices.size(), stuck_ = 0;
    while (!consistent()) {
      if (++stuck_ > kStuck && trail_.choices.size() > 1) {
        erase_around(contradiction_);  // leaves no contradiction
        break;
      }
      if (undo_observation()) continue;
      if (run.inspecting) {
        failed_tries_++, contradictions_.push_back(contradiction_);
        explain_backtracked_failure();
      }
      return false;
    }
  }
  observations_ = int(trail_.choices.size());
  return true;
}

// The options the emptied cell had before the last choice: the wave goes back there to read them, and
// makes that choice again (the wave shown is the failure's).
void WfcNode::explain_backtracked_failure() {
  const Propagation::Emptied emptied = propagation_.emptied();
  const int cell = emptied.cell < 0 ? contradiction_ : emptied.cell;
  const Choice last = trail_.choices.back();
  go_back_to(trail_.choices.size() - 1);
  const size_t patterns = size_t(model.patterns);
  const std::vector<uint8_t> before(wave.allowances() + size_t(cell) * patterns,
                                    wave.allowances() + size_t(cell + 1) * patterns);
  trail_.choices.push_back(last);
  make(last);
  propagation_.propagate(wave);
  // as the failure left them: rescan_all (in go_back_to) forgot which cell ran out
  ContradictionView& c = contradiction_view_;
  c = {};
  c.cell = cell;
  c.neighbour = emptied.cell < 0 ? -1 : emptied.neighbour;
  for (int t = 0; t < model.patterns; t++)
    if (before[size_t(t)]) c.lost.push_back(t), c.names.push_back(option_name(t));
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

void WfcNode::make(const Choice& choice) {
  if (!choice.observed) return propagation_.ban(wave, choice.cell, choice.pattern);
  for (int t = 0; t < model.patterns; t++)
    if (t != choice.pattern && wave.allows(choice.cell, t)) propagation_.ban(wave, choice.cell, t);
}

// Propagates the last choice; false when some cell ran out of patterns (the reference looks only
// at cell 0, and would draw the others as if they were fine), that cell in contradiction_.
bool WfcNode::consistent() {
  const bool propagated = propagation_.propagate(wave);
  for (int i : propagation_.changed())
    if (wave.remaining(i) == 0) {
      contradiction_ = i;
      return false;
    }
  if (propagated) return true;
  contradiction_ = trail_.choices.back().cell;
  return false;
}

// Goes back to before the latest observation and bans its pattern there instead; false when there
// is none left or the collapse has undone its share.
bool WfcNode::undo_observation() {
  std::vector<Choice>& choices = trail_.choices;
  size_t last = choices.size();
  while (last > 0 && !choices[last - 1].observed) last--;
  if (last == 0 || undone_ >= undo_limit_) return false;
  undone_++;
  const Choice undone = choices[last - 1];
  go_back_to(last - 1);
  choices.push_back({undone.cell, undone.pattern, false});
  make(choices.back());
  return true;
}

// The wave after the first `count` choices: the latest copy at or before them, and those made since.
void WfcNode::go_back_to(size_t count) {
  size_t made = 0;
  const Wave* copy = trail_.back_to(count, made);
  propagation_.clear();
  wave.copy_from(copy ? *copy : start_wave_);
  for (size_t k = made; k < count; k++) {
    make(trail_.choices[k]);
    propagation_.propagate(wave);
  }
  rescan_all();  // which cells the way back changed is not known
}

// Undoes every observation within a box around the cell at once, keeps the others, and forgets the
// bans learnt so far (they held only after what is undone). The box grows while such erasures make
// no progress. The observations kept are some of those of a wave without contradiction, so they
// leave none.
void WfcNode::erase_around(int cell) {
  radius_ = longest_ > longest_at_erasure_ ? kFirstRadius : std::min(radius_ + 1, wave.cells());
  longest_at_erasure_ = longest_;
  std::vector<Choice> kept;
  kept.swap(trail_.choices);
  kept.pop_back();  // the choice that led to the contradiction
  int erased = 0;
  std::erase_if(kept, [&](const Choice& c) {
    const bool erase = !c.observed || distance(space_, c.cell, cell) <= radius_;
    erased += erase && c.observed;
    return erase;
  });
  undone_ += erased;
  size_t made = 0;
  trail_.back_to(0, made);
  propagation_.clear();
  wave.copy_from(start_wave_);
  for (const Choice& c : kept) {
    trail_.save(wave);
    trail_.choices.push_back(c);
    make(c);
    propagation_.propagate(wave);
  }
  rescan_all();
  longest_ = trail_.choices.size();
  stuck_ = 0;
}

}  // namespace mj::wfc
