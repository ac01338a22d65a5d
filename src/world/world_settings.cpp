#include "world/world_settings.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "core/xml.hpp"
#include "mj/error.hpp"

namespace mj::world {
namespace {

std::string cells_text(int n) { return std::to_string(n) + (n == 1 ? " cell" : " cells"); }

// A model's grid is `unit` of its cells for each cell of its start grid (a tile model's tile; 1 otherwise),
// read off the pinned grid of two loads at sides one apart. Tiles that overlap have no whole number of cells a
// chunk could hold: refused.
int size_unit(RunRequest request, const std::string& source) {
  request.size = 2;
  const int two = Model(request).pinned_grid().mx;
  request.size = 3;
  const int three = Model(request).pinned_grid().mx;
  const int unit = three - two;
  if (unit < 1 || two != 2 * unit)
    throw Error(source, 0, "a world is made of chunks whole in the model's cells, and its tiles overlap",
                ErrorKind::argument);
  return unit;
}

// The first element named `name` under `e` (or `e` itself), if any.
std::optional<XmlElement> first_named(const XmlElement& e, std::string_view name) {
  if (e.name() == name) return e;
  for (const XmlElement& child : e.children())
    if (std::optional<XmlElement> found = first_named(child, name)) return found;
  return std::nullopt;
}

// An <event> waits for a key that no world's run gets; a <map> makes a grid of another size than the chunk's run
// (or of other values), which the neighbours' pins do not name.
void refuse_nodes(const RunSettings& run) {
  const auto doc = run.xml ? XmlDocument::load_string(*run.xml, run.source) : XmlDocument::load_file(run.file);
  if (std::optional<XmlElement> event = first_named(doc->root(), "event"))
    throw Error(run.source, event->line(), "a world runs without inputs, and this <event> waits for one",
                ErrorKind::argument);
  if (std::optional<XmlElement> map = first_named(doc->root(), "map"))
    throw Error(run.source, map->line(),
                "a world pins the cells its chunks end with, and this <map> makes a new grid from the one the pins "
                "name",
                ErrorKind::argument);
}

int multiple_of(int n, int unit) { return (n + unit - 1) / unit * unit; }

void check_multiple(const char* what, int n, int unit, const std::string& source) {
  if (n % unit != 0)
    throw argument_error(std::string("a world's ") + what + " is a whole number of the model's tiles (" +
                         cells_text(unit) + " each), not " + cells_text(n) + " (" + source + ")");
}

void decide_chunking(WorldSettings& s, const WorldRequest& r) {
  const int unit = s.unit;
  s.chunk = r.chunk.value_or(multiple_of(s.dimension == 3 ? kDefaultChunk3d : kDefaultChunk2d, unit));
  if (s.chunk < 1 || s.chunk > kMaxChunk)
    throw argument_error("a world's chunk is 1 to " + std::to_string(kMaxChunk) + " cells on a side, not " +
                         std::to_string(s.chunk));
  s.margin = r.margin.value_or(multiple_of(s.chunk / 4, unit));
  if (s.margin < 0 || s.margin > s.chunk)
    throw argument_error("a world's margin is 0 to its chunk (" + cells_text(s.chunk) + "), not " +
                         std::to_string(s.margin));
  // Half the margin, in whole tiles rounded down (at least one): the rest of the margin stays free, room for the
  // run to join the seam to what the model makes at its grid's edge (Knots2D's border of empty tiles).
  s.seam = r.seam.value_or(std::min(s.margin, std::max(unit, s.margin / 2 / unit * unit)));
  if (s.seam < 0 || s.seam > s.margin)
    throw argument_error("a world's seam is 0 to its margin (" + cells_text(s.margin) + "), not " +
                         std::to_string(s.seam));
  check_multiple("chunk", s.chunk, unit, s.run.source);
  check_multiple("margin", s.margin, unit, s.run.source);
  check_multiple("seam", s.seam, unit, s.run.source);
}

}  // namespace

WorldSettings decide_settings(const WorldRequest& request, std::optional<Model>& loaded) {
  WorldSettings s;
  RunRequest model = request.model;
  model.backtrack = true;
  model.size.reset(), model.length.reset(), model.width.reset(), model.height.reset();
  const RunSettings first = resolve_run(model);
  refuse_nodes(first);
  s.dimension = first.is_3d() ? 3 : 2;
  model.dimension = s.dimension;
  s.seed = request.seed.value_or(kDefaultSeed);
  s.run = first;
  s.unit = size_unit(model, first.source);
  decide_chunking(s, request);
  model.size = (s.chunk + 2 * s.margin) / s.unit;
  loaded.emplace(model);
  const GridShape shape = loaded->pinned_grid();
  s.run = loaded->settings();
  s.legend = shape.legend;
  // What else pins cannot hold (a second <wfc>) set_pins refuses at its line.
  loaded->set_pins(std::vector<uint8_t>(shape.size(), kFreeCell));
  return s;
}

}  // namespace mj::world
