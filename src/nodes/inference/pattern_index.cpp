// The index a propagation reads: per value, the pattern cells of every rule that wait for it
// (Spread::wanted), each with the checks a rule position that its arrival completes reads.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <span>
#include <utility>

#include "nodes/inference/spread.hpp"

namespace mj::spread {

namespace {

const std::vector<uint8_t>& pattern_of(const Rule& rule, bool backwards) {
  return backwards ? rule.output : rule.binput;
}

std::vector<PatternCell> cells_of(const Rule& rule, const std::vector<uint8_t>& side, int C, const Shape& s) {
  std::vector<PatternCell> cells;
  for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
        const uint8_t value = side[size_t(di)];
        if (value != kKeep) cells.push_back({s.index(dx, dy, dz), value < C ? 1u << value : 0u, value, {dx, dy, dz}});
      }
  return cells;
}

// The values rarest at time 0 first: in a pattern, the likeliest to be missing; on the other
// side, the likeliest not to be reached yet. Either check then ends soonest.
template <class Bits>
void append_probes(Spread<Bits>& p, std::span<const PatternCell> cells, int origin) {
  const size_t first = p.probes.size();
  for (const PatternCell& c : cells) p.probes.push_back({c.offset - origin, c.bit});
  const auto holding = [&](const Probe& probe) {
    return probe.bit == 0 ? 0 : p.holding[size_t(std::countr_zero(probe.bit))];
  };
  std::stable_sort(p.probes.begin() + ptrdiff_t(first), p.probes.end(),
                   [&](const Probe& a, const Probe& b) { return holding(a) < holding(b); });
}

template <class Bits>
Want want_of(Spread<Bits>& p, uint32_t r, const Rule& rule, const PatternCell& c, const Shape& s) {
  const Point fit{std::max(0, s.mx - rule.in_size.x + 1), std::max(0, s.my - rule.in_size.y + 1),
                  std::max(0, s.mz - rule.in_size.z + 1)};
  Want w{uint32_t(p.probes.size()), 0, 0, 0, 0, r, c.offset, c.at, fit, {}, 0, {}, 0, 1};
  // The probes a far check reads, then the others: each part rarest first.
  const std::vector<PatternCell>& news = p.news[r];
  append_probes(p, std::span(news).first(p.news_far[r]), c.offset);
  const size_t far_end = p.probes.size();
  append_probes(p, std::span(news).subspan(p.news_far[r]), c.offset);
  // A value outside the alphabet stays a probe: its bit is 0, and it counts as news.
  const auto here = [](const Probe& g) { return g.delta == 0 && g.bit != 0; };
  const auto gives = p.probes.begin() + w.gives;
  for (auto g = gives; g != p.probes.end(); g++) w.gives_here |= here(*g) ? g->bit : 0;
  w.far_end = uint32_t(far_end - size_t(std::count_if(gives, p.probes.begin() + ptrdiff_t(far_end), here)));
  p.probes.erase(std::remove_if(gives, p.probes.end(), here), p.probes.end());
  w.pattern = uint32_t(p.probes.size());
  w.news_lead = w.pattern > w.gives ? p.probes[w.gives] : Probe{0, c.bit};
  w.news_rest = std::min(w.gives + 1, w.pattern);
  w.far_end = std::max(w.far_end, w.news_rest);
  append_probes(p, p.wants[r], c.offset);
  p.probes.erase(
      std::find_if(p.probes.begin() + w.pattern, p.probes.end(), [](const Probe& q) { return q.delta == 0; }));
  w.end = uint32_t(p.probes.size());
  w.lead = w.end > w.pattern ? p.probes[w.pattern] : Probe{0, c.bit};
  w.rest = std::min(w.pattern + 1, w.end);
  return w;
}

// Forward, most checks end at their lead, and the images of rules share leads (the rare value of
// a walk's head next to it): a value's wants are grouped by lead, so that one failed lead skips
// its group. Within one arriving value the order of firings only orders items of one time, which
// changes no potential.
template <class Bits>
void group_by_lead(Spread<Bits>& p) {
  const auto key = [](const Want& w) { return std::pair(w.lead.delta, w.lead.bit); };
  for (size_t v = 0; v + 1 < p.wanted_start.size(); v++) {
    const auto first = p.wanted.begin() + ptrdiff_t(p.wanted_start[v]),
               last = p.wanted.begin() + ptrdiff_t(p.wanted_start[v + 1]);
    std::stable_sort(first, last, [&](const Want& a, const Want& b) { return key(a) < key(b); });
    for (auto w = last; w != first; w--) {
      const auto next = w;
      (w - 1)->same_lead = next != last && key(*next) == key(*(w - 1)) ? next->same_lead + 1 : 1;
    }
  }
}

}  // namespace

template <class Bits>
void index_patterns(Spread<Bits>& p, const std::vector<Rule>& rules, int C, const Shape& s, bool backwards) {
  p.wants.clear(), p.gives.clear(), p.news.clear(), p.anywhere.clear();
  p.interior = Interior(input_reach(rules), s.mx, s.my, s.mz);
  p.inside = InteriorCells(p.interior, s.mx, s.my, s.mz);
  for (const Rule& rule : rules) {
    const std::vector<PatternCell>& wants = p.wants.emplace_back(cells_of(rule, pattern_of(rule, backwards), C, s));
    if (wants.empty()) p.anywhere.push_back(uint32_t(p.wants.size() - 1));
    // A value the pattern has at the same cell is settled when the rule applies: it is never given.
    std::vector<PatternCell> gives = cells_of(rule, backwards ? rule.binput : rule.output, C, s);
    std::erase_if(gives, [&](const PatternCell& g) {
      return std::any_of(wants.begin(), wants.end(),
                         [&](const PatternCell& w) { return w.offset == g.offset && w.value == g.value; });
    });
    p.gives.push_back(std::move(gives));
  }
  index_news(p, C, s, input_reach(rules), backwards);
  // wanted: the pattern cells again, bucketed by value, by rule within a value. A value outside
  // the alphabet counts in the pattern but never arrives: it has no bucket.
  p.wanted_start.assign(size_t(C) + 1, 0);
  for (const auto& wants : p.wants)
    for (const PatternCell& c : wants)
      if (c.value < C) p.wanted_start[c.value + 1u]++;
  for (size_t k = 1; k < p.wanted_start.size(); k++) p.wanted_start[k] += p.wanted_start[k - 1];
  p.wanted.resize(p.wanted_start.back());
  p.probes.clear();
  std::vector<size_t> next(p.wanted_start.begin(), p.wanted_start.end() - 1);
  for (size_t r = 0; r < rules.size(); r++)
    for (const PatternCell& c : p.wants[r])
      if (c.value < C) p.wanted[next[c.value]++] = want_of(p, uint32_t(r), rules[r], c, s);
  if (!backwards) group_by_lead(p);
}

template void index_patterns(Spread<uint8_t>&, const std::vector<Rule>&, int, const Shape&, bool);
template void index_patterns(Spread<uint16_t>&, const std::vector<Rule>&, int, const Shape&, bool);
template void index_patterns(Spread<uint32_t>&, const std::vector<Rule>&, int, const Shape&, bool);

}  // namespace mj::spread
