#include "mj/run_settings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/xml.hpp"
#include "run/entry_notices.hpp"
#include "run/interpreter.hpp"

namespace fs = std::filesystem;

namespace mj {

namespace {

// The edits (a letter added, removed or changed; case aside) between two names, past `most` counted as most + 1.
int edits(const std::string& a, const std::string& b, int most) {
  const auto low = [](char c) { return char(std::tolower((unsigned char)c)); };
  std::vector<int> row(b.size() + 1), next(b.size() + 1);
  for (size_t j = 0; j <= b.size(); j++) row[j] = int(j);
  for (size_t i = 1; i <= a.size(); i++) {
    next[0] = int(i);
    for (size_t j = 1; j <= b.size(); j++)
      next[j] = std::min({row[j] + 1, next[j - 1] + 1, row[j - 1] + (low(a[i - 1]) != low(b[j - 1]))});
    std::swap(row, next);
  }
  return std::min(row[b.size()], most + 1);
}

// The model of the folders whose name is nearest `model` (its case aside, or two letters off at most),
// for a "did you mean": empty when none is that near.
std::string nearest_model(const std::string& model, const std::vector<fs::path>& places) {
  std::string best;
  int fewest = std::min(2, int(model.size()) / 3);
  std::error_code error;
  for (const fs::path& folder : places)
    for (const auto& entry : fs::directory_iterator(folder, error)) {
      if (entry.path().extension() != ".xml") continue;
      const std::string name = entry.path().stem().string();
      const int n = edits(model, name, fewest);
      if (n <= fewest && (best.empty() || n < fewest || name < best)) best = name, fewest = n;
    }
  return best;
}

// A path as given (a missing file is reported by the loader, with its name), or a name found in
// ./models or in the face's folders of models.
fs::path find_model(const std::string& model, const std::vector<fs::path>& folders) {
  if (model.empty()) throw argument_error("no model given");
  const fs::path given(model);
  if (fs::exists(given) || model.find('/') != std::string::npos || given.extension() == ".xml") return given;
  std::vector<fs::path> places{"models"};
  places.insert(places.end(), folders.begin(), folders.end());
  std::string looked;
  for (const fs::path& folder : places) {
    fs::path candidate = folder / (model + ".xml");
    if (fs::is_regular_file(candidate)) return candidate;
    looked += (looked.empty() ? "" : ", ") + folder.string();
  }
  const std::string nearest = nearest_model(model, places);
  throw Error("", 0,
              "no model named '" + model + "' (looked in " + looked + ")" +
                  (nearest.empty() ? "" : ": did you mean " + nearest + "?"),
              ErrorKind::missing_file);
}

// True when an element or one below it needs a 3D grid.
bool needs_3d(const XmlElement& e) {
  for (const char* pattern : {"in", "out"})
    if (auto text = e.text(pattern); text && text->find(' ') != std::string::npos) return true;
  if (auto symmetry = e.text("symmetry"); symmetry && symmetry->find('z') != std::string::npos) return true;
  for (const XmlElement& child : e.children())
    if (needs_3d(child)) return true;
  return false;
}

void check_side(const std::optional<int>& side, const char* what) {
  if (side && *side < 1)
    throw argument_error(
        std::string(what) + " must be a positive number of cells ({setting}), got " + std::to_string(*side),
        Setting::size);
}

// Sides: the request's where given, else the entry's (when the request gives none), else the defaults.
void decide_size(RunSettings& s, const RunRequest& r, int dimension) {
  const bool given = r.size || r.length || r.width || r.height;
  const ModelEntry* e = s.entry ? &s.entry->entry : nullptr;
  if (!given && e && (e->mz > 1) == (dimension == 3)) {
    s.load.mx = e->mx, s.load.my = e->my, s.load.mz = e->mz;
    s.size_from = s.entry->list.empty() ? "its entry" : s.entry->list.string() + ":" + std::to_string(e->line);
    return;
  }
  const int side = r.size.value_or(dimension == 3 ? kDefaultSize3d : kDefaultSize2d);
  s.load.mx = r.length.value_or(side);
  s.load.my = r.width.value_or(side);
  s.load.mz = r.height.value_or(dimension == 3 ? side : 1);
  s.size_from = given ? "given" : "default size";
}

// The request's steps, pixel size, seed, iso and margin where given, else the entry's, else the defaults.
void decide_from_entry(RunSettings& s, const RunRequest& r) {
  const ModelEntry* e = s.entry ? &s.entry->entry : nullptr;
  s.steps = r.steps ? *r.steps : e ? e->steps : kDefaultSteps;
  s.pixelsize = r.pixelsize ? *r.pixelsize : e ? e->pixelsize : kDefaultPixelsize;
  s.seed = r.seed ? *r.seed : e && !e->seeds.empty() ? e->seeds.front() : kDefaultSeed;
  s.iso = r.iso ? *r.iso : e && e->iso;
  s.gui = r.gui && e ? std::max(0, e->gui) : 0;
}

// A model listed in 2D and 3D (MazeGrowth): asked for in 3D, it takes its list's first 3D entry.
std::optional<ListedEntry> entry_in_dimension(std::optional<ListedEntry> found, const RunRequest& r) {
  const int wanted = r.dimension ? *r.dimension : r.height.value_or(1) > 1 ? 3 : 0;
  if (!found || wanted == 0 || (found->entry.mz > 1) == (wanted == 3)) return found;
  for (ModelEntry& e : load_model_list(found->list))
    if (e.name == found->entry.name && (e.mz > 1) == (wanted == 3)) return ListedEntry{std::move(e), found->list};
  return found;
}

int decide_dimension(const RunSettings& s, const RunRequest& r) {
  if (r.dimension) return *r.dimension;
  if (r.height.value_or(1) > 1) return 3;
  if (s.entry) return s.entry->entry.mz > 1 ? 3 : 2;
  if (s.xml) return model_dimension(*s.xml, s.source);
  return needs_3d(XmlDocument::load_file(s.file)->root()) ? 3 : 2;
}

// Two sides (a face's (mx, my), or --d 2 with a length and a width) make a 2D grid: a model that is 3D
// (its entry, or, unlisted, its rules) would run flat on it, so it is refused, naming the sizes it takes.
void check_flat_size(const RunSettings& s, const RunRequest& r) {
  if (r.dimension != 2 || !r.length || !r.width || r.height || r.size) return;
  const bool three = s.entry ? s.entry->entry.mz > 1
                     : s.xml ? model_dimension(*s.xml, s.source) == 3
                             : fs::is_regular_file(s.file) && needs_3d(XmlDocument::load_file(s.file)->root());
  if (!three) return;
  throw argument_error(s.name + " is a 3D model: a size of two sides, " + std::to_string(*r.length) + "x" +
                           std::to_string(*r.width) + ", is a 2D grid ({setting}: one side for every side, or three)",
                       Setting::size);
}

// Every symbol the model's grids have: the `values` of its root and of the grids map and wfc make.
void add_symbols(const XmlElement& e, std::string& symbols) {
  if (auto values = e.text("values")) symbols += *values;
  for (const XmlElement& child : e.children()) add_symbols(child, symbols);
}

std::string model_symbols(const RunSettings& s) {
  std::string symbols;
  add_symbols((s.xml ? XmlDocument::load_string(*s.xml, s.source) : XmlDocument::load_file(s.file))->root(), symbols);
  return symbols;
}

// The entry's pins and goal are pictures of the entry's grid, files in its list's folder (an entry read from
// text, a page's, leaves them to the caller): read at the entry's size only. The request's own always win.
void decide_constraints(RunSettings& s, const RunRequest& r) {
  const ModelEntry* e = s.entry ? &s.entry->entry : nullptr;
  const bool at_its_size = e && s.load.mx == e->mx && s.load.my == e->my && s.load.mz == e->mz;
  const auto entry_file = [&](const std::string& file) {
    return !at_its_size || file.empty() || e->folder.empty() ? fs::path() : e->folder / file;
  };
  s.pins = !r.pins.empty() || r.own_pins ? r.pins : e ? entry_file(e->pins) : fs::path();
  s.goal = !r.goal.empty() || r.own_goal ? r.goal : e ? entry_file(e->goal) : fs::path();
}

// Returns the model's symbols when it read them (for colours given), else "".
std::string decide_colors(RunSettings& s, const RunRequest& r) {
  s.palette = palette_with(s.load.resources / "palette.xml");
  if (s.entry)
    for (const auto& [symbol, color] : s.entry->entry.colors) s.palette[symbol] = color;
  const bool entry_colors = s.entry && !s.entry->entry.colors.empty();
  const std::string symbols = r.colors.empty() && !entry_colors ? std::string() : model_symbols(s);
  for (const auto& [symbol, rgb] : r.colors) {
    const auto [c, argb] = given_color(symbol, rgb);
    if (symbols.find(c) == std::string::npos)
      throw argument_error("a colour for '" + symbol + "', a symbol the model does not have (it has " + symbols + ")");
    s.palette[c] = argb;
  }
  return symbols;
}

}  // namespace

namespace {

std::string hex_rgb(uint32_t rgb) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%X", rgb);
  return text;
}

}  // namespace

std::pair<char, uint32_t> given_color(const std::string& symbol, uint32_t rgb) {
  if (symbol.size() != 1) throw argument_error("a colour's symbol is one character, got '" + symbol + "'");
  if (rgb > 0xFFFFFF) throw argument_error("colour of '" + symbol + "' is past 0xFFFFFF, got " + hex_rgb(rgb));
  return {symbol[0], 0xFF000000u | rgb};
}

void set_sides(RunRequest& r, const std::vector<int>& sides) {
  if (sides.size() > 3)
    throw argument_error("a size is 1, 2 or 3 sides, got " + std::to_string(sides.size()), Setting::size);
  if (sides.size() == 1) r.size = sides[0];
  if (sides.size() == 2) r.dimension = 2;
  if (sides.size() >= 2) r.length = sides[0], r.width = sides[1];
  if (sides.size() == 3) r.height = sides[2];
}

void check_steps(int steps) {
  if (steps < 0)
    throw argument_error("{setting} must be 0 (no limit) or a positive number of steps, got " + std::to_string(steps),
                         Setting::steps);
}

void check_pixelsize(int pixelsize) {
  if (pixelsize < 1 || pixelsize > kMaxPixelsize)
    throw argument_error(
        "{setting} must be from 1 to " + std::to_string(kMaxPixelsize) + " pixels, got " + std::to_string(pixelsize),
        Setting::pixelsize);
}

int model_dimension(const std::string& xml, const std::string& name) {
  return needs_3d(XmlDocument::load_string(xml, name)->root()) ? 3 : 2;
}

namespace {

// What the caller gave is checked before any file is read: the same message whatever the model.
void check_request(const RunRequest& r) {
  check_side(r.size, "size"), check_side(r.length, "length"), check_side(r.width, "width");
  check_side(r.height, "height");
  if (r.dimension && *r.dimension != 2 && *r.dimension != 3)
    throw argument_error("the dimension must be 2 or 3, got " + std::to_string(*r.dimension));
  if (r.steps) check_steps(*r.steps);
  if (r.pixelsize) check_pixelsize(*r.pixelsize);
}

// The model's text or file, and the names messages and outputs give it.
void find_program(RunSettings& s, const RunRequest& r) {
  if (r.xml) {
    s.xml = r.xml;
    s.source = r.model.empty() ? "<string>" : r.model;
    s.name = r.model.empty() ? "model" : fs::path(r.model).stem().string();
  } else {
    s.file = find_model(r.model, r.model_folders);
    s.source = s.file.string();
    s.name = s.file.stem().string();
  }
}

}  // namespace

RunSettings resolve_run(const RunRequest& r) {
  check_request(r);
  RunSettings s;
  find_program(s, r);
  if (r.entry) s.entry = ListedEntry{*r.entry, {}};
  else if (!r.xml) s.entry = entry_in_dimension(find_listed_entry(s.file), r);

  check_flat_size(s, r);
  decide_size(s, r, decide_dimension(s, r));
  decide_from_entry(s, r);
  s.backtrack = r.backtrack;
  decide_constraints(s, r);
  // The folder beside the model's own folder, however the model is named: `X.xml` run from models/ finds
  // ../resources as `models/X.xml` run from above finds resources/.
  s.load.resources = !r.resources.empty() ? r.resources
                     : s.file.empty()     ? fs::path("resources")
                                          : (s.file.parent_path() / ".." / "resources").lexically_normal();
  s.load.max_cells = r.max_cells;
  s.notices = entry_notices(s, r, decide_colors(s, r));
  return s;
}

bool same_program(const RunSettings& a, const RunSettings& b) {
  const LoadOptions &x = a.load, &y = b.load;
  return a.file == b.file && a.xml == b.xml && a.source == b.source && x.mx == y.mx && x.my == y.my && x.mz == y.mz &&
         x.resources == y.resources && x.max_cells == y.max_cells;
}

Interpreter load_model(const RunSettings& s) {
  return s.xml ? Interpreter::from_string(*s.xml, s.load, s.source) : Interpreter::from_file(s.file, s.load);
}

}  // namespace mj
