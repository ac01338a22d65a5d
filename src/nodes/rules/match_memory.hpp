// What a rule node's last full scan found, kept with the grid it was found on.
//
// Nodes under a markov or sequence are reset and then rescan the whole grid, and prl rescans it
// every step: the reference's random choices depend on that scan's complete result in its exact
// order. When few cells changed since the last scan, the new result follows from the old one:
// matches whose cells changed are checked again, new ones can only contain a changed cell, and
// keeping the list sorted in scan order keeps the order exact. The changed cells come from the
// run's change log, hidden writes included.
#pragma once

#include <cstdint>
#include <vector>

#include "nodes/change_log.hpp"
#include "nodes/rules/match_flags.hpp"
#include "nodes/rules/openings.hpp"
#include "nodes/rules/rule_pattern.hpp"

namespace mj {

class MatchMemory {
 public:
  // Off when the per-rule flags would take more than this many bits.
  static constexpr size_t kMaxFlags = size_t(1) << 30;

  // Updating costs a pass over the remembered matches and merging them with the new ones, a full
  // scan a pass over the grid: past an eighth of the cells in matches, scanning is cheaper.
  static bool too_dense(size_t matches, size_t cells) { return matches > cells / 8; }

  void enable(size_t rules, size_t cells);
  bool enabled() const { return enabled_; }
  // Most nodes scan the whole grid once per run: the list and flags pay from a second scan
  // on. False for a first scan, whose result need not be collected (it is only counted here).
  bool keeps_next_scan() {
    if (scanned_before_) return enabled_;
    scanned_before_ = true;
    return false;
  }
  // Takes a full scan's result on the grid as it was at `scanned`, sorted in scan order (`found`
  // gets the old result, to reuse its storage), after keeps_next_scan() said so. A result too
  // dense to be worth updating is not kept.
  void remember(const ChangeCursor& scanned, std::vector<ScanMatch>& found);
  // Brings the remembered result up to the grid's present state. False when nothing is
  // remembered, or so much changed that a full scan is cheaper.
  bool update(const Grid& grid, const ChangeLog& log, const std::vector<RulePattern>& patterns,
              const Openings& openings, OpeningMasks& masks, const InteriorCells& interior);
  const std::vector<ScanMatch>& matches() const { return known_; }

 private:
  void drop_broken(const Grid& grid, const std::vector<RulePattern>& patterns);
  // `interior`: the cells whose openings need no bounds checks.
  void find_fresh(const Grid& grid, const Openings& openings, OpeningMasks& masks, const InteriorCells& interior);
  void note_fresh(const Grid& grid, const Opening& o, const Point& c, int cell);
  bool enabled_ = false;
  bool scanned_before_ = false;  // keeps_next_scan() was asked before
  size_t rules_ = 0, cells_ = 0;
  ChangeCursor taken_;            // the grid known_ was last brought up to; epoch 0 for none
  std::vector<ScanMatch> known_;  // every match on the grid at taken_, in scan order
  MatchFlags flags_;              // is (r, corner) in known_; made on first use
  std::vector<Change> changed_;   // cells written since taken_
  std::vector<ScanMatch> fresh_, merged_;
};

}  // namespace mj
