#include "io/gui/gui.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "core/xml.hpp"
#include "mj/error.hpp"
#include "mj/node_view.hpp"

namespace mj::io {

namespace {

constexpr uint8_t kAnyValue = 0xff;  // a rule cell that is '*' (or accepts several values)
constexpr int kMaxRulesShown = 40;   // rule images past this index are left out, as in the reference
constexpr int kSampleSquare = 7;     // convchain samples ignore squareSize, as in the reference

uint32_t color_setting(const XmlElement& e, const char* attribute, uint32_t fallback) {
  auto text = e.text(attribute);
  if (!text) return fallback;
  try {
    return parse_color(*text);
  } catch (const std::invalid_argument& error) {
    e.fail(std::string(attribute) + ": " + error.what());
  }
}

// The values a wave holds, lowest first.
std::vector<int> values_of(ValueSet wave) {
  std::vector<int> values;
  for (int v = 0; v < 32; v++)
    if (wave & (ValueSet(1) << v)) values.push_back(v);
  return values;
}

bool is_rule_node(const std::string& kind) { return kind == "one" || kind == "all" || kind == "prl"; }

// Does the rule as written at `index` show as fired: it or one of its symmetric images (which follow it)?
bool rule_fired(const NodeView& node, size_t index) {
  if (node.rules[index].fired) return true;
  for (size_t r = index + 1; r < node.rules.size() && !node.rules[r].original; r++)
    if (node.rules[r].fired) return true;
  return false;
}

// Draws one sidebar. Follows GUI.cs closely, including its clipping (or lack of it): pixels
// past the right edge land on the next row, as in the reference's flat bitmap.
class Sidebar {
 public:
  Sidebar(Image& image, const Gui& gui, const Palette& palette)
      : image_(image), s_(gui.settings()), text_(gui.text_font()), title_(gui.title_font()), palette_(palette) {}

  void draw(const std::string& name, const NodeView& root);

 private:
  struct Place {
    int level, y;
  };

  Image& image_;
  const GuiSettings& s_;
  const BitmapFont& text_;
  const BitmapFont& title_;
  const Palette& palette_;
  const NodeView* root_ = nullptr;
  std::unordered_map<const NodeView*, Place> places_;
  std::unordered_map<const NodeView*, const NodeView*> parents_;
  int y_ = 0;  // where the next line of the tree goes

  void put(long long x, long long y, uint32_t color);
  uint32_t color_of(const std::string& legend, int value) const;
  void rectangle(int x, int y, int width, int height, uint32_t color);
  void square(int x, int y, int size, const std::string& legend, int value);
  void shaded_square(int x, int y, int size, uint32_t color);
  void hline(int x, int y, int length, uint32_t color, bool dashed = false);
  void vline(int x, int y, int height, uint32_t color);
  int write(const std::string& text, int x, int y, uint32_t color, bool title = false);
  int array(const std::vector<uint8_t>& values, int x, int y, int mx, int my, int mz, const std::string& legend,
            int size);
  int squares(ValueSet wave, int x, int y, const std::string& legend);
  void sample(const NodeView& node, int x, int y);

  void draw_node(const NodeView& node, int level, const NodeView* parent);
  void draw_branch(const NodeView& branch, int level);
  void draw_map_rules(const NodeView& map, int level, uint32_t color);
  void draw_leaf(const NodeView& node, int level);
  void draw_rules(const NodeView& node, int level, bool active);
  void draw_fields(const NodeView& node, int level, uint32_t color);
  void draw_path(const NodeView& node, int level, uint32_t color);
  void dash(const NodeView& node, bool markov, bool active);
  void bracket(const NodeView& branch, int level, size_t last, bool active);
  void draw_lines(const NodeView& branch);
  void highlight_current(const NodeView& root);
  static const NodeView* find_current(const NodeView& node);
};

void Sidebar::put(long long x, long long y, uint32_t color) {
  long long i = x + y * image_.width;
  if (i >= 0 && i < static_cast<long long>(image_.argb.size())) image_.argb[size_t(i)] = color;
}

uint32_t Sidebar::color_of(const std::string& legend, int value) const {
  if (value < 0 || value >= int(legend.size()))
    throw Error("", 0, fmt::format("GUI: value {} is not in the legend", value));
  auto it = palette_.find(legend[size_t(value)]);
  if (it == palette_.end())
    throw Error("", 0, std::string("GUI: no colour for symbol '") + legend[size_t(value)] + "'");
  return it->second;
}

void Sidebar::rectangle(int x, int y, int width, int height, uint32_t color) {
  if (y + height > image_.height) return;
  for (int dy = 0; dy < height; dy++)
    for (int dx = 0; dx < width; dx++) put(x + dx, y + dy, color);
}

void Sidebar::square(int x, int y, int size, const std::string& legend, int value) {
  rectangle(x, y, size, size, color_of(legend, value));
}

void Sidebar::shaded_square(int x, int y, int size, uint32_t color) {
  rectangle(x, y, size, size, color);
  rectangle(x + size, y, 1, size + 1, s_.background);
  rectangle(x, y + size, size + 1, 1, s_.background);
}

void Sidebar::hline(int x, int y, int length, uint32_t color, bool dashed) {
  if (length <= 0 || x < 0 || x + length >= image_.width) return;
  if (!dashed) return rectangle(x, y, length, 1, color);
  if (y >= image_.height) return;
  int shift = length % 4 == 0 ? 1 : 0;
  for (int dx = 0; dx < length; dx++)
    if ((dx + shift) / 2 % 2 == 0) put(x + dx, y, color);
}

void Sidebar::vline(int x, int y, int height, uint32_t color) {
  if (x < 0) return;
  rectangle(x, y, 1, std::min(y + height, image_.height) - y, color);
}

// Returns the width written, or -1 (which callers add, as the reference does) when the line would
// reach the bottom edge. The clipping test uses fontShift for both fonts; only text is shifted up.
int Sidebar::write(const std::string& text, int x, int y, uint32_t color, bool title) {
  const BitmapFont& font = title ? title_ : text_;
  int fw = font.glyph_width(), fh = font.glyph_height(), shift = title ? 0 : s_.font_shift;
  if (y - s_.font_shift + fh >= image_.height) return -1;
  std::u32string characters = BitmapFont::characters(text);
  for (size_t i = 0; i < characters.size(); i++) {
    int glyph = BitmapFont::glyph_of(characters[i]);
    if (glyph < 0) continue;
    for (int dy = 0; dy < fh; dy++)
      for (int dx = 0; dx < fw; dx++)
        if (font.ink(glyph, dx, dy)) put(x + int(i) * fw + dx, y + dy - shift, color);
  }
  return int(characters.size()) * fw;
}

// A rule's side as shaded squares, deeper layers up and to the right; returns its width.
int Sidebar::array(const std::vector<uint8_t>& values, int x, int y, int mx, int my, int mz, const std::string& legend,
                   int size) {
  for (int dz = 0; dz < mz; dz++)
    for (int dy = 0; dy < my; dy++)
      for (int dx = 0; dx < mx; dx++) {
        uint8_t v = values[size_t(dx + dy * mx + dz * mx * my)];
        uint32_t color = v != kAnyValue ? color_of(legend, v) : s_.d3 ? s_.inactive : s_.background;
        int depth = (mz - dz - 1) * s_.zshift;
        shaded_square(x + dx * size + depth, y + dy * size + depth, size, color);
      }
  return mx * size + (mz - 1) * s_.zshift;
}

// One square per value of the wave, left to right; returns the x after them.
int Sidebar::squares(ValueSet wave, int x, int y, const std::string& legend) {
  for (int v : values_of(wave)) {
    square(x, y, s_.square, legend, v);
    x += s_.square;
  }
  return x;
}

void Sidebar::sample(const NodeView& node, int x, int y) {
  for (int dy = 0; dy < node.sample_height; dy++)
    for (int dx = 0; dx < node.sample_width; dx++) {
      bool white = node.sample[size_t(dx + dy * node.sample_width)];
      square(x + dx * kSampleSquare, y + dy * kSampleSquare, kSampleSquare, node.legend,
             white ? node.white : node.black);
    }
}

void Sidebar::draw(const std::string& name, const NodeView& root) {
  root_ = &root;
  y_ = title_.glyph_height() / 2;
  write(name, 8, y_, s_.active, true);
  y_ += s_.after_font * title_.glyph_height() / 2;
  draw_node(root, 0, nullptr);
  draw_lines(root);
  highlight_current(root);
}

void Sidebar::draw_node(const NodeView& node, int level, const NodeView* parent) {
  places_[&node] = Place{level, y_};
  parents_[&node] = parent;
  if (node.branch) draw_branch(node, level);
  else draw_leaf(node, level);
}

// map and wfc first show what they do, then their children at their own level; the children of
// markov and sequence go one level deeper.
void Sidebar::draw_branch(const NodeView& branch, int level) {
  uint32_t color = branch.current && branch.running < 0 ? s_.active : s_.inactive;
  if (branch.kind == "wfc") {
    write("wfc " + branch.name, level * s_.hindent, y_, color);
    y_ += text_.glyph_height() + s_.vskip;
  } else if (branch.kind == "map") {
    draw_map_rules(branch, level, color);
    y_ += s_.vskip;
  }
  bool markov = branch.kind == "markov", deeper = markov || branch.kind == "sequence";
  for (const NodeView& child : branch.children) {
    draw_node(child, deeper ? level + 1 : level, &branch);
    dash(child, markov, false);
  }
}

void Sidebar::draw_map_rules(const NodeView& map, int level, uint32_t color) {
  for (const RuleView& rule : map.rules) {
    if (!rule.original) continue;
    int size = rule.in_size.x * rule.in_size.y > s_.max_width ? s_.small_square : s_.square;
    int x = level * s_.hindent;
    x += array(rule.input, x, y_, rule.in_size.x, rule.in_size.y, rule.in_size.z, map.legend, size) + s_.hgap;
    hline(x, y_ + s_.square / 2, s_.harrow, color, true);
    x += s_.harrow + s_.hgap;
    array(rule.output, x, y_, rule.out_size.x, rule.out_size.y, rule.out_size.z, map.output_legend, size);
    y_ += std::max(rule.in_size.y, rule.out_size.y) * size +
          (std::max(rule.in_size.z, rule.out_size.z) - 1) * s_.zshift + s_.small_vskip;
  }
}

void Sidebar::draw_leaf(const NodeView& node, int level) {
  const NodeView* parent = parents_[&node];
  bool active = parent && parent->current && parent->running >= 0 &&
                size_t(parent->running) < parent->children.size() &&
                &parent->children[size_t(parent->running)] == &node;
  uint32_t color = active ? s_.active : s_.inactive;
  int x = level * s_.hindent;
  if (is_rule_node(node.kind)) {
    draw_rules(node, level, active);
  } else if (node.kind == "path") {
    draw_path(node, level, color);
  } else if (node.kind == "convolution") {
    write(node.steps > 0 ? fmt::format("convolution {}/{}", node.counter, node.steps) : "convolution", x, y_, color);
    y_ += text_.glyph_height() + s_.vskip;
  } else if (node.kind == "convchain") {
    x += write("convchain ", x, y_, color);
    sample(node, x, y_);
    y_ += text_.glyph_height() + s_.vskip;
  }
}

// Each rule as written: input -> output (the arrow dashed unless the node is `one`), and the
// step count when the node has a limit.
void Sidebar::draw_rules(const NodeView& node, int level, bool active) {
  for (size_t r = 0; r < node.rules.size() && r < size_t(kMaxRulesShown); r++) {
    const RuleView& rule = node.rules[r];
    if (!rule.original) continue;
    int size = rule.in_size.x * rule.in_size.y > s_.max_width ? s_.small_square : s_.square;
    uint32_t color = active && rule_fired(node, r) ? s_.active : s_.inactive;
    int x = level * s_.hindent;
    x += array(rule.input, x, y_, rule.in_size.x, rule.in_size.y, rule.in_size.z, node.legend, size) + s_.hgap;
    hline(x, y_ + s_.square / 2, s_.harrow, color, node.kind != "one");
    x += s_.harrow + s_.hgap;
    x += array(rule.output, x, y_, rule.out_size.x, rule.out_size.y, rule.out_size.z, node.legend, size) + s_.hgap;
    if (node.steps > 0) write(fmt::format(" {}/{}", node.counter, node.steps), x, y_, color);
    y_ += rule.in_size.y * size + (rule.in_size.z - 1) * s_.zshift + s_.small_vskip;
  }
  if (node.has_fields) draw_fields(node, level, active ? s_.active : s_.inactive);
  y_ += s_.vskip;
}

void Sidebar::draw_fields(const NodeView& node, int level, uint32_t color) {
  y_ += s_.small_vskip;
  for (const FieldView& field : node.fields) {
    int x = level * s_.hindent;
    x += write(s_.dense ? "field " : "field for ", x, y_, color);
    square(x, y_, s_.square, node.legend, field.value);
    x += s_.square;
    if (s_.dense) x += s_.hgap;
    else x += write(field.inversed ? " from " : " to ", x, y_, color);
    x = squares(field.zero, x, y_, node.legend);
    if (s_.dense) x += s_.hgap;
    else x += write(" on ", x, y_, color);
    squares(field.substrate, x, y_, node.legend);
    y_ += text_.glyph_height();
  }
}

void Sidebar::draw_path(const NodeView& node, int level, uint32_t color) {
  int vshift = (text_.glyph_height() - s_.font_shift - s_.square) / 2;
  int x = level * s_.hindent;
  // Dense: "path" and the four groups of squares; otherwise words between them.
  auto gap = [&](const char* words) { return s_.dense ? s_.hgap : write(words, x, y_, color); };
  x += write(s_.dense ? "path " : "path from ", x, y_, color);
  x = squares(node.start, x, y_ + vshift, node.legend);
  x += gap(" to ");
  x = squares(node.finish, x, y_ + vshift, node.legend);
  x += gap(" on ");
  x = squares(node.substrate, x, y_ + vshift, node.legend);
  x += gap(" colored ");
  square(x, y_ + vshift, s_.square, node.legend, node.value);
  y_ += text_.glyph_height() + s_.vskip;
}

// The horizontal stroke from a branch's bracket to its child; markov brackets are wider.
void Sidebar::dash(const NodeView& node, bool markov, bool active) {
  if (&node == root_) return;
  Place place = places_[&node];
  int extra = markov ? 3 : 1;
  int length = (node.kind == "markov" || node.kind == "sequence" ? s_.hindent : s_.hline) + extra;
  hline(place.level * s_.hindent - s_.hline - s_.hgap - extra, place.y + s_.square / 2, length,
        active ? s_.active : s_.inactive);
}

// The double vertical stroke joining a branch's children 0..last.
void Sidebar::bracket(const NodeView& branch, int level, size_t last, bool active) {
  int first_y = places_[&branch.children[0]].y, last_y = places_[&branch.children[last]].y;
  int x = (level + 1) * s_.hindent - s_.hgap - s_.hline;
  uint32_t color = active ? s_.active : s_.inactive;
  vline(x, first_y + s_.square / 2, last_y - first_y + 1, color);
  vline(x - (branch.kind == "markov" ? 3 : 1), first_y + s_.square / 2, last_y - first_y + 1, color);
}

void Sidebar::draw_lines(const NodeView& branch) {
  if (branch.children.empty()) return;
  bracket(branch, places_[&branch.children[0]].level - 1, branch.children.size() - 1, false);
  for (const NodeView& child : branch.children)
    if (child.branch) draw_lines(child);
}

// From the current branch up to where control stops returning (the root, a map or a wfc): the
// path to each running child in the active colour.
void Sidebar::highlight_current(const NodeView& root) {
  for (const NodeView* b = find_current(root); b; b = b->has_parent ? parents_[b] : nullptr) {
    if (b->running < 0 || size_t(b->running) >= b->children.size()) continue;
    dash(b->children[size_t(b->running)], b->kind == "markov", true);
    bracket(*b, places_[&b->children[0]].level - 1, size_t(b->running), true);
  }
}

const NodeView* Sidebar::find_current(const NodeView& node) {
  if (node.current) return &node;
  for (const NodeView& child : node.children)
    if (const NodeView* found = find_current(child)) return found;
  return nullptr;
}

}  // namespace

GuiSettings load_gui_settings(const std::filesystem::path& file) {
  GuiSettings s;
  if (!std::filesystem::exists(file)) return s;
  auto doc = XmlDocument::load_file(file);
  XmlElement e = doc->root();
  s.square = e.integer("squareSize", s.square);
  s.small_square = e.integer("smallSquareSize", s.small_square);
  s.max_width = e.integer("maxwidth", s.max_width);
  s.zshift = e.integer("zshift", s.zshift);
  s.hindent = e.integer("hindent", s.hindent);
  s.hgap = e.integer("hgap", s.hgap);
  s.harrow = e.integer("harrow", s.harrow);
  s.hline = e.integer("hline", s.hline);
  s.vskip = e.integer("vskip", s.vskip);
  s.small_vskip = e.integer("smallvskip", s.small_vskip);
  s.font_shift = e.integer("fontshift", s.font_shift);
  s.after_font = e.integer("afterfont", s.after_font);
  s.dense = e.boolean("dense", s.dense);
  s.d3 = e.boolean("d3", s.d3);
  s.background = color_setting(e, "background", s.background);
  s.inactive = color_setting(e, "inactive", s.inactive);
  s.active = color_setting(e, "active", s.active);
  return s;
}

Gui::Gui(GuiSettings settings, BitmapFont text, BitmapFont title)
    : settings_(settings), text_(std::move(text)), title_(std::move(title)) {}

Gui Gui::load(const std::filesystem::path& resources) {
  return Gui(load_gui_settings(resources / "settings.xml"), BitmapFont::load(resources / "fonts" / "Tamzen8x16r.png"),
             BitmapFont::load(resources / "fonts" / "Tamzen8x16b.png"));
}

void Gui::draw(Image& image, const std::string& name, const NodeView& tree, const Palette& palette) const {
  Sidebar(image, *this, palette).draw(name, tree);
}

}  // namespace mj::io

namespace mj {

void draw_sidebar(Image& picture, const std::string& name, const NodeView& tree, const Palette& palette,
                  const std::filesystem::path& resources) {
  io::Gui::load(resources).draw(picture, name, tree, palette);
}

}  // namespace mj
