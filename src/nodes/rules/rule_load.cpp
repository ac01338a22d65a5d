// Reading a rule as written: in/out as text or as pictures (PNG in 2D, VOX in 3D, their colours
// mapped to symbols by a legend), checked against the grids it reads and writes.
#include "nodes/rules/rule_load.hpp"

#include <algorithm>
#include <optional>

#include "io/formats/png.hpp"
#include "io/formats/vox.hpp"

namespace mj {

namespace {

// A pattern of symbols as written in a rule, before symbols become values.
struct SymbolPattern {
  std::vector<char> cells;
  Point size;
};

// Rebuilds a pattern of size `to` where cell (x,y,z) takes old cell `from(x,y,z)`.
template <class T, class From>
std::vector<T> remap(const std::vector<T>& cells, Point to, From from) {
  std::vector<T> result(size_t(to.volume()));
  for (int z = 0; z < to.z; z++)
    for (int y = 0; y < to.y; y++)
      for (int x = 0; x < to.x; x++) result[x + y * to.x + z * to.x * to.y] = cells[from(x, y, z)];
  return result;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); i++)
    if (i == s.size() || s[i] == separator) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

// "ab/cd ef/gh": '/' separates rows (y), ' ' separates layers (z, the last written first).
SymbolPattern parse_pattern(std::string_view text, const XmlElement& where) {
  std::vector<std::string_view> layers = split(text, ' ');
  SymbolPattern p;
  p.size = {int(split(layers[0], '/')[0].size()), int(split(layers[0], '/').size()), int(layers.size())};
  if (p.size.x == 0) where.fail("empty pattern \"" + std::string(text) + "\"");
  p.cells.resize(size_t(p.size.volume()));
  for (int z = 0; z < p.size.z; z++) {
    std::vector<std::string_view> rows = split(layers[size_t(p.size.z - 1 - z)], '/');
    if (int(rows.size()) != p.size.y) where.fail("non-rectangular pattern \"" + std::string(text) + "\"");
    for (int y = 0; y < p.size.y; y++) {
      if (int(rows[size_t(y)].size()) != p.size.x) where.fail("non-rectangular pattern \"" + std::string(text) + "\"");
      for (int x = 0; x < p.size.x; x++)
        p.cells[size_t(x + y * p.size.x + z * p.size.x * p.size.y)] = rows[size_t(y)][size_t(x)];
    }
  }
  return p;
}

// Colours (ARGB, or -1 for an empty voxel) to symbols: the k-th distinct colour gets legend[k].
SymbolPattern legend_pattern(const std::vector<int64_t>& colors, Point size, const std::string& legend,
                             const std::filesystem::path& file, const XmlElement& where) {
  std::vector<int64_t> distinct;
  SymbolPattern p{{}, size};
  for (int64_t c : colors) {
    size_t k = 0;
    while (k < distinct.size() && distinct[k] != c) k++;
    if (k == distinct.size()) distinct.push_back(c);
    if (k >= legend.size())
      where.fail("the " + std::to_string(k + 1) + "th colour in " + file.string() + " has no symbol in legend \"" +
                 legend + "\"");
    p.cells.push_back(legend[k]);
  }
  return p;
}

SymbolPattern load_file_pattern(const std::string& name, const XmlElement& where, const Grid& gin, const Grid& gout,
                                const std::filesystem::path& resources) {
  auto legend = where.text("legend");
  if (!legend) where.fail("rule file \"" + name + "\" needs a 'legend'");
  std::filesystem::path file = resources / "rules";
  if (!gout.folder.empty()) file /= gout.folder;
  file /= name + (gin.mz == 1 ? ".png" : ".vox");
  try {
    if (gin.mz == 1) {
      mj::Image image = mj::load_png(file);
      std::vector<int64_t> colors(image.argb.begin(), image.argb.end());
      return legend_pattern(colors, {image.width, image.height, 1}, *legend, file, where);
    }
    io::VoxModel vox = io::load_vox(file);
    std::vector<int64_t> colors(vox.voxels.begin(), vox.voxels.end());
    return legend_pattern(colors, {vox.mx, vox.my, vox.mz}, *legend, file, where);
  } catch (const Error& e) {
    where.fail("cannot read rule file: " + std::string(e.what()));
  }
}

// in/out as text or files (fin/fout), or one file holding input and output side by side.
std::pair<SymbolPattern, SymbolPattern> rule_patterns(const XmlElement& e, const Grid& gin, const Grid& gout,
                                                      const std::filesystem::path& resources) {
  auto in = e.text("in"), out = e.text("out"), fin = e.text("fin"), fout = e.text("fout"), file = e.text("file");
  if (file) {
    if (in || out || fin || fout) e.fail("a rule with 'file' cannot also have in, out, fin or fout");
    SymbolPattern both = load_file_pattern(*file, e, gin, gout, resources);
    if (both.size.x % 2 != 0) e.fail("rule file \"" + *file + "\" has odd width " + std::to_string(both.size.x));
    Point half{both.size.x / 2, both.size.y, both.size.z};
    auto side = [&](int offset) {
      return SymbolPattern{
          remap(both.cells, half,
                [&](int x, int y, int z) { return x + offset + y * both.size.x + z * both.size.x * both.size.y; }),
          half};
    };
    return {side(0), side(half.x)};
  }
  if (!in && !fin) e.fail("rule has no input: give 'in', 'fin' or 'file'");
  if (!out && !fout) e.fail("rule has no output: give 'out', 'fout' or 'file'");
  SymbolPattern input = in ? parse_pattern(*in, e) : load_file_pattern(*fin, e, gin, gout, resources);
  SymbolPattern output = out ? parse_pattern(*out, e) : load_file_pattern(*fout, e, gin, gout, resources);
  if (&gin == &gout && !(input.size == output.size))
    e.fail("input and output of a rule must have the same size (" + size_text(input.size) + " vs " +
           size_text(output.size) + ")");
  return {input, output};
}

}  // namespace

Rule load_rule(const XmlElement& e, const Grid& gin, const Grid& gout, const std::filesystem::path& resources) {
  auto [in, out] = rule_patterns(e, gin, gout, resources);
  // Each symmetric image copies the pattern several times over: a huge picture must not exhaust memory.
  constexpr int kMaxRuleCells = 1 << 16;
  for (const SymbolPattern* p : {&in, &out})
    if (p->cells.size() > size_t(kMaxRuleCells))
      e.fail("rule pattern of " + size_text(p->size) + " cells is too large (at most " + std::to_string(kMaxRuleCells) +
             " cells)");
  std::vector<ValueSet> input;
  for (char c : in.cells) {
    auto w = gin.wave_of(c);
    if (!w) e.fail(std::string("unknown symbol '") + c + "' in rule input (values are \"" + gin.characters + "\")");
    input.push_back(*w);
  }
  std::vector<uint8_t> output;
  for (char c : out.cells) {
    int v = c == '*' ? kKeep : gout.value_of(c);
    if (v < 0)
      e.fail(std::string("unknown symbol '") + c + "' in rule output (values are \"" + gout.characters + "\")");
    output.push_back(uint8_t(v));
  }
  return Rule(std::move(input), in.size, std::move(output), out.size, gin.values, e.real("p", 1.0));
}

}  // namespace mj
