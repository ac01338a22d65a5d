#include "core/grid.hpp"

#include <algorithm>

#include "core/rule.hpp"

namespace mj {

std::unique_ptr<Grid> Grid::load(const XmlElement& element, int mx, int my, int mz, long long max_cells) {
  if (mx <= 0 || my <= 0 || mz <= 0) element.fail("grid size " + size_text(mx, my, mz) + " must be positive");
  if ((long long)mx * my * mz > max_cells)
    element.fail("grid size " + size_text(mx, my, mz) + " is too large (at most " + std::to_string(max_cells) +
                     " cells; raise the limit with {setting})",
                 Setting::max_cells);
  auto g = std::make_unique<Grid>();
  g->mx = mx, g->my = my, g->mz = mz;
  g->value_index_.fill(-1);
  std::string values = element.str("values", "");
  values.erase(std::remove(values.begin(), values.end(), ' '), values.end());
  if (values.empty()) element.fail("<" + std::string(element.name()) + "> needs the attribute 'values'");
  if (int(values.size()) > kMaxValues)
    element.fail("too many values (" + std::to_string(values.size()) + "), at most " + std::to_string(kMaxValues));
  for (char symbol : values) g->add_value(symbol, element);

  if (auto transparent = element.text("transparent")) g->transparent = g->wave(*transparent, element);
  g->waves_[uint8_t('*')] = all_values(g->values);
  for (const XmlElement& u : element.descendants({"markov", "sequence", "union"})) {
    if (u.name() != "union") continue;
    char symbol = u.symbol("symbol");
    if (g->waves_[uint8_t(symbol)]) u.fail(std::string("repeated union symbol ") + symbol);
    std::string values = u.str("values");
    ValueSet w = g->wave(values, u);
    // Inference indexes by the lowest value of a union: it must name one of the alphabet.
    if (w == 0 || (g->values < kMaxValues && (w >> g->values) != 0))
      u.fail("union " + std::string(1, symbol) + "=\"" + values + "\" names no value of \"" + g->characters +
             "\" (repeated symbols add up, as in the reference)");
    g->waves_[uint8_t(symbol)] = w;
  }
  size_t cells = size_t(mx) * my * mz;
  g->state.assign(cells, 0);
  g->folder = element.str("folder", "");
  return g;
}

void Grid::add_value(char symbol, const XmlElement& where) {
  // Rules read '*' as any value (in an input) and as "leave the cell" (in an output): no rule could name such a
  // value, and the reference stops on it (its '*' wave is added after the values').
  if (symbol == '*') where.fail("'*' cannot be a value: rules read it as any value");
  if (value_index_[uint8_t(symbol)] >= 0) where.fail(std::string("repeated value ") + symbol + " in 'values'");
  value_index_[uint8_t(symbol)] = int16_t(values);
  waves_[uint8_t(symbol)] = ValueSet(1u << values);
  characters.push_back(symbol);
  values++;
}

std::optional<ValueSet> Grid::wave_of(char symbol) const { return waves_[uint8_t(symbol)]; }

ValueSet Grid::wave(std::string_view symbols, const XmlElement& where) const {
  ValueSet sum = 0;
  for (char symbol : symbols) {
    int v = value_of(symbol);
    if (v < 0) where.fail(std::string("unknown value '") + symbol + "' (values are \"" + characters + "\")");
    sum += ValueSet(1u << v);  // the reference adds, so a repeated symbol carries over
  }
  return sum;
}

const InteriorCells& Grid::interior_cells(const Point& reach) const {
  for (const auto& [at, cells] : interiors_)
    if (at == reach) return *cells;
  auto cells = std::make_shared<const InteriorCells>(Interior(reach, mx, my, mz), mx, my, mz);
  return *interiors_.emplace_back(reach, std::move(cells)).second;
}

bool Grid::matches(const Rule& rule, int x, int y, int z) const {
  int di = 0;
  for (int dz = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++) {
      const uint8_t* row = &state[index(x, y + dy, z + dz)];
      for (int dx = 0; dx < rule.in_size.x; dx++, di++)
        if ((rule.input[di] & (1u << row[dx])) == 0) return false;
    }
  return true;
}

}  // namespace mj
