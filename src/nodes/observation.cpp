#include "nodes/observation.hpp"

#include <algorithm>
#include <cstddef>

namespace mj {

namespace {

struct QueueItem {
  uint8_t value;
  int x, y, z;
};

// Rules fire in potentials when every cell of their pattern (forward the input, backward the
// output; wildcards excepted) holds its value by time t, and then give their other side at t+1.
// Instead of re-reading the whole pattern whenever one of its values arrives, each rule position
// counts its cells still missing and fires when the last one is dequeued: that happens at the
// time of the pattern's latest value, exactly when the direct check would first succeed, so the
// potentials are the same.
struct Propagation {
  std::vector<QueueItem> queue;
  std::vector<int> missing;          // per rule and position: pattern cells not reached yet
  std::vector<uint8_t> fired;        // per rule and position, for all-wildcard patterns
  std::vector<Point> wanted;         // per rule and value: pattern cells that want that value
  std::vector<size_t> wanted_start;  // (rule * C + value) -> first entry in `wanted`
  std::vector<int> pattern_size;     // per rule: non-wildcard pattern cells
  std::vector<size_t> next;          // filling `wanted`
};

// Scratch kept between calls: search computes forward potentials for every state it explores.
thread_local Propagation scratch;

const std::vector<uint8_t>& pattern_of(const Rule& rule, bool backwards) {
  return backwards ? rule.output : rule.binput;
}

void index_patterns(Propagation& p, const std::vector<Rule>& rules, int C, bool backwards) {
  p.wanted_start.assign(rules.size() * size_t(C) + 1, 0);
  p.pattern_size.assign(rules.size(), 0);
  // A value outside the alphabet (an empty input wave) is counted but never arrives.
  for (size_t r = 0; r < rules.size(); r++)
    for (uint8_t value : pattern_of(rules[r], backwards)) {
      if (value == kKeep) continue;
      p.pattern_size[r]++;
      if (value < C) p.wanted_start[r * size_t(C) + value + 1]++;
    }
  for (size_t k = 1; k < p.wanted_start.size(); k++) p.wanted_start[k] += p.wanted_start[k - 1];
  p.wanted.resize(p.wanted_start.back());
  p.next.assign(p.wanted_start.begin(), p.wanted_start.end() - 1);
  for (size_t r = 0; r < rules.size(); r++) {
    const Rule& rule = rules[r];
    const std::vector<uint8_t>& pattern = pattern_of(rule, backwards);
    for (int dz = 0, di = 0; dz < rule.imz; dz++)
      for (int dy = 0; dy < rule.imy; dy++)
        for (int dx = 0; dx < rule.imx; dx++, di++)
          if (uint8_t value = pattern[size_t(di)]; value != kKeep && value < C)
            p.wanted[p.next[r * size_t(C) + value]++] = {dx, dy, dz};
  }
}

// Marks what firing `rule` at (x,y,z) at time t makes reachable at time t+1.
void fire(const Rule& rule, int x, int y, int z, Potentials& potentials, int t, int mx, int my,
          std::vector<QueueItem>& queue, bool backwards) {
  const std::vector<uint8_t>& pattern = backwards ? rule.binput : rule.output;
  for (int dz = 0, di = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++, di++) {
        uint8_t value = pattern[size_t(di)];
        int i = x + dx + (y + dy) * mx + (z + dz) * mx * my;
        if (value != kKeep && potentials[value][i] == -1) {
          potentials[value][i] = t + 1;
          queue.push_back({value, x + dx, y + dy, z + dz});
        }
      }
}

struct Space {
  int mx, my, mz;
  bool fits(const Rule& rule, int x, int y, int z) const {
    return x >= 0 && y >= 0 && z >= 0 && x + rule.imx <= mx && y + rule.imy <= my && z + rule.imz <= mz;
  }
  int index(int x, int y, int z) const { return x + y * mx + z * mx * my; }
};

// A pattern of wildcards only waits for nothing: it fires at the first value that arrives in
// its window, as the direct check would.
void arrive_anywhere(Propagation& p, size_t r, const Rule& rule, const QueueItem& item, int t, const Space& s,
                     Potentials& potentials, bool backwards) {
  const auto& shifts = backwards ? rule.oshifts : rule.ishifts;
  if (item.value >= shifts.size()) return;
  for (const Point& shift : shifts[item.value]) {
    int sx = item.x - shift.x, sy = item.y - shift.y, sz = item.z - shift.z;
    if (!s.fits(rule, sx, sy, sz)) continue;
    uint8_t& done = p.fired[r * size_t(potentials.cells) + size_t(s.index(sx, sy, sz))];
    if (!done) done = 1, fire(rule, sx, sy, sz, potentials, t, s.mx, s.my, p.queue, backwards);
  }
}

void arrive(Propagation& p, size_t r, const Rule& rule, const QueueItem& item, int t, const Space& s,
            Potentials& potentials, bool backwards) {
  const size_t key = r * size_t(potentials.C) + item.value;
  for (size_t k = p.wanted_start[key]; k < p.wanted_start[key + 1]; k++) {
    const Point& shift = p.wanted[k];
    int sx = item.x - shift.x, sy = item.y - shift.y, sz = item.z - shift.z;
    if (!s.fits(rule, sx, sy, sz)) continue;
    if (--p.missing[r * size_t(potentials.cells) + size_t(s.index(sx, sy, sz))] == 0)
      fire(rule, sx, sy, sz, potentials, t, s.mx, s.my, p.queue, backwards);
  }
}

void propagate(Potentials& potentials, int mx, int my, int mz, const std::vector<Rule>& rules, bool backwards) {
  Propagation& p = scratch;
  const int cells = potentials.cells;
  p.queue.clear();
  for (int c = 0; c < potentials.C; c++)
    for (int i = 0; i < cells; i++)
      if (potentials[c][i] == 0) p.queue.push_back({uint8_t(c), i % mx, (i % (mx * my)) / mx, i / (mx * my)});
  index_patterns(p, rules, potentials.C, backwards);
  p.missing.resize(rules.size() * size_t(cells));
  p.fired.assign(rules.size() * size_t(cells), 0);
  for (size_t r = 0; r < rules.size(); r++)
    std::fill_n(p.missing.begin() + std::ptrdiff_t(r * size_t(cells)), cells, p.pattern_size[r]);

  const Space space{mx, my, mz};
  for (size_t head = 0; head < p.queue.size(); head++) {
    const QueueItem item = p.queue[head];
    const int t = potentials[item.value][space.index(item.x, item.y, item.z)];
    for (size_t r = 0; r < rules.size(); r++) {
      if (p.pattern_size[r] == 0) arrive_anywhere(p, r, rules[r], item, t, space, potentials, backwards);
      else arrive(p, r, rules[r], item, t, space, potentials, backwards);
    }
  }
}

}  // namespace

bool compute_future_set_present(std::vector<Wave>& future, std::vector<uint8_t>& state,
                                const std::vector<std::optional<Observation>>& observations) {
  std::vector<bool> seen(observations.size());
  for (size_t k = 0; k < observations.size(); k++) seen[k] = !observations[k];
  for (size_t i = 0; i < state.size(); i++) {
    uint8_t value = state[i];
    seen[value] = true;
    if (const auto& obs = observations[value]) {
      future[i] = obs->to;
      state[i] = obs->from;
    } else {
      future[i] = Wave(1u << value);
    }
  }
  for (bool s : seen)
    if (!s) return false;
  return true;
}

void compute_forward_potentials(Potentials& potentials, const uint8_t* state, int mx, int my, int mz,
                                const std::vector<Rule>& rules) {
  std::fill(potentials.data.begin(), potentials.data.end(), -1);
  for (int i = 0; i < potentials.cells; i++) potentials[state[i]][i] = 0;
  propagate(potentials, mx, my, mz, rules, false);
}

void compute_backward_potentials(Potentials& potentials, const Wave* future, int mx, int my, int mz,
                                 const std::vector<Rule>& rules) {
  for (int c = 0; c < potentials.C; c++)
    for (int i = 0; i < potentials.cells; i++) potentials[c][i] = (future[i] & (1u << c)) ? 0 : -1;
  propagate(potentials, mx, my, mz, rules, true);
}

bool is_goal_reached(const uint8_t* present, const Wave* future, int cells) {
  for (int i = 0; i < cells; i++)
    if (((1u << present[i]) & future[i]) == 0) return false;
  return true;
}

int forward_pointwise(const Potentials& potentials, const Wave* future) {
  int sum = 0;
  for (int i = 0; i < potentials.cells; i++) {
    int best = 1000;
    bool found = false;
    for (int c = 0; c < potentials.C; c++) {
      int p = potentials[c][i];
      if ((future[i] >> c & 1u) && p >= 0 && p < best) best = p, found = true;
    }
    if (!found) return -1;
    sum += best;
  }
  return sum;
}

int backward_pointwise(const Potentials& potentials, const uint8_t* present) {
  int sum = 0;
  for (int i = 0; i < potentials.cells; i++) {
    int p = potentials[present[i]][i];
    if (p < 0) return -1;
    sum += p;
  }
  return sum;
}

}  // namespace mj
