// Backward, what the values at time 0 imply: a value a rule gives where its pattern's value
// implies it is never news, and checks leave it out (index_news).
#include <algorithm>
#include <bit>
#include <optional>
#include <utility>
#include <vector>

#include "nodes/inference/spread.hpp"

namespace mj::spread {

namespace {

// Backward: the values reached at time 0 at every cell where value q can ever be settled, per q.
// A cell settles q at time 0 or when a rule gives q there, its pattern holding some q' there (or a
// wildcard: any cell): the largest sets with implied[q] within the values of every cell holding q
// at time 0 and within implied[q'] for every such q'. A value a rule gives where its pattern's
// value implies it is never news when the pattern is complete, and the check fires nothing when
// the pattern is not: it is left out of the check (Island: N where the pattern holds W on land).
// `implied` starts as what the cells holding each value at time 0 tell.
template <class Bits>
std::array<uint32_t, 32> implied_at_start(const Spread<Bits>& p, int C, std::array<uint32_t, 32> implied) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t r = 0; r < p.gives.size(); r++)
      for (const PatternCell& g : p.gives[r]) {
        if (g.value >= C) continue;
        const auto q = std::find_if(p.wants[r].begin(), p.wants[r].end(),
                                    [&](const PatternCell& w) { return w.offset == g.offset; });
        if (q != p.wants[r].end() && q->value >= C) continue;  // never settled: the rule never applies
        const uint32_t from = q == p.wants[r].end() ? p.everywhere : implied[q->value];
        const uint32_t next = implied[g.value] & from;
        changed |= next != implied[g.value];
        implied[g.value] = next;
      }
  }
  return implied;
}

// Whether the pattern of rule r implies its give g where they meet (by `implied`).
template <class Bits>
bool implies(const Spread<Bits>& p, size_t r, const PatternCell& g, int C, const std::array<uint32_t, 32>& implied) {
  const auto q =
      std::find_if(p.wants[r].begin(), p.wants[r].end(), [&](const PatternCell& w) { return w.offset == g.offset; });
  return g.value < C && q != p.wants[r].end() && q->value < C && (implied[q->value] >> g.value & 1u);
}

// The sets of values cells hold at time 0, each with its number of cells; nullopt past 64 sets.
template <class Bits>
std::optional<std::vector<std::pair<uint32_t, int>>> start_kinds(const Spread<Bits>& p) {
  std::vector<std::pair<uint32_t, int>> kinds;
  for (const StartRun& run : p.runs) {
    auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == run.values; });
    if (kind == kinds.end()) {
      if (kinds.size() == 64) return std::nullopt;
      kind = kinds.insert(kinds.end(), {run.values, 0});
    }
    kind->second += run.length;
  }
  return kinds;
}

// p.near := the cells within `reach` of a cell of the runs that `exception` names.
template <class Bits, class Exception>
void mark_near(Spread<Bits>& p, const Shape& s, const Point& reach, Exception exception) {
  p.near.assign(size_t(p.count), 0);
  for (const StartRun& run : p.runs) {
    if (!exception(run.values)) continue;
    for (int i = run.first; i < run.first + run.length; i++) {
      const int x = i % s.mx, y = i / s.mx % s.my, z = i / (s.mx * s.my);
      for (int nz = std::max(0, z - reach.z); nz <= std::min(s.mz - 1, z + reach.z); nz++)
        for (int ny = std::max(0, y - reach.y); ny <= std::min(s.my - 1, y + reach.y); ny++)
          for (int nx = std::max(0, x - reach.x); nx <= std::min(s.mx - 1, x + reach.x); nx++)
            p.near[size_t(s.index(nx, ny, nz))] = 1;
    }
  }
}

// Implications with a few exceptions (Island: N implies W on land, but a river's spring has N and
// no W): a value's cells at time 0 may lack a value it implies at a few cells in all (`most`).
// Checks around an arrival farther than a rule reaches from every such cell leave those out too
// (p.near: the cells that are not that far). Returns the implications, or `strict` when the
// exceptions are too many (far checks are then whole).
template <class Bits>
std::array<uint32_t, 32> index_far(Spread<Bits>& p, int C, const Shape& s, const Point& reach,
                                   const std::array<uint32_t, 32>& strict) {
  // Few enough that the cells near them are few, and marking them is cheap.
  const int box = (2 * reach.x + 1) * (2 * reach.y + 1) * (2 * reach.z + 1);
  const int most = std::min(256, p.count / (8 * box));
  p.near.clear();
  const auto kinds = start_kinds(p);
  if (!kinds) return strict;
  std::array<uint32_t, 32> loose{};
  for (int q = 0; q < C; q++)
    for (int g = 0; g < C; g++) {
      int lacking = 0;
      for (const auto& [values, cells] : *kinds) lacking += (values >> q & ~values >> g & 1u) ? cells : 0;
      loose[size_t(q)] |= lacking <= most ? 1u << g : 0u;
    }
  loose = implied_at_start(p, C, loose);
  const auto exception = [&](uint32_t values) {
    for (uint32_t v = values; v != 0; v &= v - 1)
      if (loose[size_t(std::countr_zero(v))] & ~values & ((C >= 32 ? 0u : 1u << C) - 1u)) return true;
    return false;
  };
  int exceptions = 0;
  for (const StartRun& run : p.runs) exceptions += exception(run.values) ? run.length : 0;
  if (exceptions > most) return strict;
  mark_near(p, s, reach, exception);
  return loose;
}

}  // namespace

template <class Bits>
void index_news(Spread<Bits>& p, int C, const Shape& s, const Point& reach, bool backwards) {
  p.news_far.clear();
  if (!backwards) {
    p.news = p.gives;
    for (const auto& news : p.news) p.news_far.push_back(news.size());
    return;
  }
  std::array<uint32_t, 32> implied{};
  for (int q = 0; q < C; q++) implied[size_t(q)] = ~p.absent[size_t(q)];
  implied = implied_at_start(p, C, implied);
  const std::array<uint32_t, 32> loose = index_far(p, C, s, reach, implied);
  p.news.resize(p.gives.size());
  for (size_t r = 0; r < p.gives.size(); r++) {
    p.news[r] = p.gives[r];
    std::erase_if(p.news[r], [&](const PatternCell& g) { return implies(p, r, g, C, implied); });
    // Those a far check reads first.
    const auto far = std::stable_partition(p.news[r].begin(), p.news[r].end(),
                                           [&](const PatternCell& g) { return !implies(p, r, g, C, loose); });
    p.news_far.push_back(size_t(far - p.news[r].begin()));
  }
}

template void index_news(Spread<uint8_t>&, int, const Shape&, const Point&, bool);
template void index_news(Spread<uint16_t>&, int, const Shape&, const Point&, bool);
template void index_news(Spread<uint32_t>&, int, const Shape&, const Point&, bool);

}  // namespace mj::spread
