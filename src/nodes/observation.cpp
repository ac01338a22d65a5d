#include "nodes/observation.hpp"

namespace mj {

namespace {

struct QueueItem {
  uint8_t value;
  int x, y, z;
};

// Can `rule` fire at (x,y,z) by time t? Forward it reads its input, backward its output.
bool fires_by(const Rule& rule, int x, int y, int z, const Potentials& potentials, int t, int mx, int my,
              bool backwards) {
  const std::vector<uint8_t>& pattern = backwards ? rule.output : rule.binput;
  for (int dz = 0, di = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++, di++) {
        uint8_t value = pattern[size_t(di)];
        if (value == kKeep) continue;
        int current = potentials[value][x + dx + (y + dy) * mx + (z + dz) * mx * my];
        if (current > t || current == -1) return false;
      }
  return true;
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

void propagate(Potentials& potentials, int mx, int my, int mz, const std::vector<Rule>& rules, bool backwards) {
  std::vector<QueueItem> queue;
  const int cells = potentials.cells;
  for (int c = 0; c < potentials.C; c++)
    for (int i = 0; i < cells; i++)
      if (potentials[c][i] == 0) queue.push_back({uint8_t(c), i % mx, (i % (mx * my)) / mx, i / (mx * my)});
  std::vector<uint8_t> fired(rules.size() * size_t(cells), 0);

  for (size_t head = 0; head < queue.size(); head++) {
    QueueItem item = queue[head];
    int t = potentials[item.value][item.x + item.y * mx + item.z * mx * my];
    for (size_t r = 0; r < rules.size(); r++) {
      const Rule& rule = rules[r];
      const auto& shifts = backwards ? rule.oshifts[item.value] : rule.ishifts[item.value];
      for (const Point& s : shifts) {
        int sx = item.x - s.x, sy = item.y - s.y, sz = item.z - s.z;
        if (sx < 0 || sy < 0 || sz < 0 || sx + rule.imx > mx || sy + rule.imy > my || sz + rule.imz > mz) continue;
        uint8_t& done = fired[r * size_t(cells) + size_t(sx + sy * mx + sz * mx * my)];
        if (!done && fires_by(rule, sx, sy, sz, potentials, t, mx, my, backwards)) {
          done = 1;
          fire(rule, sx, sy, sz, potentials, t, mx, my, queue, backwards);
        }
      }
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
