#include "nodes/wfc/tileset.hpp"

#include "core/point.hpp"
#include "core/symmetry.hpp"
#include "io/formats/vox.hpp"
#include "nodes/wfc/helper.hpp"

namespace mj::wfc {

namespace {

template <class F>
Tile make_tile(const TileShape& shape, F f) {
  int s = shape.s;
  Tile t(size_t(s * s * shape.sz));
  for (int z = 0; z < shape.sz; z++)
    for (int y = 0; y < s; y++)
      for (int x = 0; x < s; x++) t[size_t(x + y * s + z * s * s)] = f(x, y, z);
  return t;
}

std::string key(const Tile& t) { return std::string(t.begin(), t.end()); }

XmlElement only_child(const XmlElement& root, std::string_view name) {
  std::vector<XmlElement> found = root.children({name});
  if (found.empty()) root.fail("the tileset needs a <" + std::string(name) + "> element");
  return found[0];
}

std::vector<XmlElement> tile_elements(const XmlElement& root) {
  std::vector<XmlElement> tiles = only_child(root, "tiles").children({"tile"});
  if (tiles.empty()) root.fail("the tileset has no <tile>");
  return tiles;
}

io::VoxModel load_tile_vox(const XmlElement& tile, const std::filesystem::path& folder) {
  std::filesystem::path file = folder / (tile.str("name") + ".vox");
  try {
    return io::load_vox(file);
  } catch (const Error& e) {
    tile.fail("couldn't read tile " + file.string() + ": " + e.message());
  }
}

}  // namespace

Tile TileShape::z_rotated(const Tile& p) const {
  return make_tile(*this, [&](int x, int y, int z) { return p[size_t(y + (s - 1 - x) * s + z * s * s)]; });
}
Tile TileShape::y_rotated(const Tile& p) const {
  return make_tile(*this, [&](int x, int y, int z) { return p[size_t(z + y * s + (s - 1 - x) * s * s)]; });
}
Tile TileShape::x_rotated(const Tile& p) const {
  return make_tile(*this, [&](int x, int y, int z) { return p[size_t(x + z * s + (s - 1 - y) * s * s)]; });
}
Tile TileShape::x_reflected(const Tile& p) const {
  return make_tile(*this, [&](int x, int y, int z) { return p[size_t((s - 1 - x) + y * s + z * s * s)]; });
}
Tile TileShape::y_reflected(const Tile& p) const {
  return make_tile(*this, [&](int x, int y, int z) { return p[size_t(x + (s - 1 - y) * s + z * s * s)]; });
}
Tile TileShape::z_reflected(const Tile& p) const {
  return make_tile(*this, [&](int x, int y, int z) { return p[size_t(x + y * s + (sz - 1 - z) * s * s)]; });
}

std::unique_ptr<XmlDocument> open_tileset(const XmlElement& node, const std::filesystem::path& file) {
  try {
    return XmlDocument::load_file(file);
  } catch (const Error& e) {
    if (e.line() > 0) throw;  // malformed XML: its own file and line say more
    node.fail("couldn't open tileset " + file.string() + ": " + e.message());
  }
}

TileShape first_tile_shape(const XmlElement& root, const std::filesystem::path& folder, bool full_symmetry) {
  XmlElement first = tile_elements(root)[0];
  io::VoxModel vox = load_tile_vox(first, folder);
  if (vox.mx != vox.my)
    first.fail("tiles should be square shaped: " + std::to_string(vox.mx) + " != " + std::to_string(vox.my));
  if (full_symmetry && vox.mx != vox.mz)
    first.fail("tiles should be cubes for the full symmetry option: " + std::to_string(vox.mx) +
               " != " + std::to_string(vox.mz));
  return TileShape{vox.mx, vox.mz};
}

Tileset read_tiles(const XmlElement& root, const std::filesystem::path& folder, TileShape shape, bool full_symmetry,
                   int max_colors, const XmlElement& node) {
  Tileset set;
  set.shape = shape;
  set.full_symmetry = full_symmetry;
  std::vector<int> uniques;  // voxel colours (-1: empty), numbered over all tiles together
  auto same = [](const Tile& a, const Tile& b) { return a == b; };
  for (const XmlElement& element : tile_elements(root)) {
    std::string name = element.str("name");
    double weight = element.real("weight", 1.0);
    io::VoxModel vox = load_tile_vox(element, folder);
    if (vox.mx != shape.s || vox.my != shape.s || vox.mz != shape.sz)
      element.fail("tile " + name + " is not " + size_text(shape.s, shape.s, shape.sz) + " like the first tile");
    Tile tile = ordinals(vox.voxels, uniques);
    if (int(uniques.size()) > max_colors)
      node.fail("there are more than " + std::to_string(max_colors) + " colours in the tiles of this tileset");
    auto zr = [&](const Tile& p) { return shape.z_rotated(p); };
    auto yr = [&](const Tile& p) { return shape.y_rotated(p); };
    auto xf = [&](const Tile& p) { return shape.x_reflected(p); };
    std::vector<Tile> variants = full_symmetry ? cube_symmetries(tile, zr, yr, xf, same, mj::full_symmetry(false))
                                               : square_symmetries(tile, zr, xf, same, mj::full_symmetry(true));
    if (!set.tiles.try_emplace(name, Tileset::Range{int(set.variants.size()), int(variants.size())}).second)
      element.fail("repeated tile name " + name);
    for (Tile& v : variants) {
      set.first_variant.try_emplace(key(v), int(set.variants.size()));
      set.variants.push_back(std::move(v));
      set.weights.push_back(weight);
    }
  }
  return set;
}

}  // namespace mj::wfc

namespace mj::wfc {

namespace {

// The neighbour rules of a tileset, written into a dense 6 x P x P table of allowed adjacencies.
// Neighbor rules work on variant indices: every tile they name or make is a variant, and each
// variant's image under each turn and reflection is looked up once (a rule makes dozens of images,
// and a 3D tile is hundreds of bytes to copy and hash).
class NeighborRules {
 public:
  explicit NeighborRules(const Tileset& set)
      : set_(set), shape_(set.shape), P_(int(set.variants.size())), allowed_(size_t(6 * P_ * P_), 0),
        images_(size_t(6 * P_), kUnknown) {}

  void add(const XmlElement& neighbor);
  Propagator propagator() const;

 private:
  enum Turn { kXRotated, kYRotated, kZRotated, kXReflected, kYReflected, kZReflected };
  static constexpr int kUnknown = -2, kLacking = -1;
  void add_full(const XmlElement& neighbor);
  void add_horizontal(const XmlElement& neighbor);
  void add_vertical(const XmlElement& neighbor);
  // The variant an attribute names: "NAME" or "ACTIONS NAME", actions (x, y, z rotations) applied right to left.
  int variant(const std::string& attribute, const XmlElement& where);
  int index(const Tile& tile) const {
    auto it = set_.first_variant.find(key(tile));
    return it == set_.first_variant.end() ? kLacking : it->second;
  }
  // The variant that `turn` makes of variant v; fails at `where` when the tileset lacks it (as
  // every tile a rule makes is allowed next to another, that is where the rule would fail).
  int image(int v, Turn turn, const XmlElement& where);
  [[noreturn]] static void fail_lacking(const XmlElement& where) {
    where.fail("this neighbor rule turns a tile into a shape the tileset lacks");
  }
  void allow(int d, int a, int b) { allowed_[size_t((d * P_ + a) * P_ + b)] = 1; }
  void check_names(const std::string& a, const std::string& b, const XmlElement& where) const;

  const Tileset& set_;
  TileShape shape_;
  int P_;
  std::vector<uint8_t> allowed_;  // [direction][variant][variant]
  std::vector<int> images_;       // [turn][variant]: image(), kUnknown until asked
};

std::string last_word(const std::string& attribute) { return split(attribute, ' ').back(); }

void NeighborRules::check_names(const std::string& a, const std::string& b, const XmlElement& where) const {
  if (!set_.tiles.contains(last_word(a)) || !set_.tiles.contains(last_word(b)))
    where.fail("unknown tile " + last_word(a) + " or " + last_word(b));
}

int NeighborRules::image(int v, Turn turn, const XmlElement& where) {
  int& known = images_[size_t(turn * P_ + v)];
  if (known == kUnknown) {
    const Tile& t = set_.variants[size_t(v)];
    switch (turn) {
      case kXRotated: known = index(shape_.x_rotated(t)); break;
      case kYRotated: known = index(shape_.y_rotated(t)); break;
      case kZRotated: known = index(shape_.z_rotated(t)); break;
      case kXReflected: known = index(shape_.x_reflected(t)); break;
      case kYReflected: known = index(shape_.y_reflected(t)); break;
      case kZReflected: known = index(shape_.z_reflected(t)); break;
    }
  }
  if (known == kLacking) fail_lacking(where);
  return known;
}

// The actions turn the tile itself: a turn on the way may leave the tileset's variants.
int NeighborRules::variant(const std::string& attribute, const XmlElement& where) {
  std::vector<std::string> code = split(attribute, ' ');
  std::string action = code.size() == 2 ? code[0] : "";
  Tile tile = set_.variants[size_t(set_.tiles.at(code.back()).first)];
  for (size_t k = action.size(); k-- > 0;) {
    char c = action[k];
    if (c != 'x' && c != 'y' && c != 'z')
      where.fail(std::string("unknown symmetry ") + c + " in \"" + attribute + "\"");
    if (c != 'z' && shape_.s != shape_.sz) where.fail("turning tiles about " + std::string(1, c) + " needs cube tiles");
    tile = c == 'x' ? shape_.x_rotated(tile) : c == 'y' ? shape_.y_rotated(tile) : shape_.z_rotated(tile);
  }
  const int v = index(tile);
  if (v == kLacking) fail_lacking(where);
  return v;
}

void NeighborRules::add(const XmlElement& neighbor) {
  if (set_.full_symmetry) add_full(neighbor);
  else if (neighbor.has("left")) add_horizontal(neighbor);
  else add_vertical(neighbor);
}

void NeighborRules::add_full(const XmlElement& nb) {
  std::string left = nb.str("left"), right = nb.str("right");
  check_names(left, right, nb);
  const int ltile = variant(left, nb), rtile = variant(right, nb);
  // Square images without deduplication, so that the images of the two sides stay paired.
  const auto images = [&](int v, Turn rotate, Turn reflect) {
    return square_symmetries(
        v, [&](int p) { return image(p, rotate, nb); }, [&](int p) { return image(p, reflect, nb); },
        [](int, int) { return false; }, mj::full_symmetry(true));
  };
  std::vector<int> l = images(ltile, kXRotated, kYReflected), r = images(rtile, kXRotated, kYReflected);
  for (size_t i = 0; i < l.size(); i++) {
    allow(0, l[i], r[i]);
    allow(0, image(r[i], kXReflected, nb), image(l[i], kXReflected, nb));
  }
  std::vector<int> d = images(image(ltile, kZRotated, nb), kYRotated, kZReflected),
                   u = images(image(rtile, kZRotated, nb), kYRotated, kZReflected);
  for (size_t i = 0; i < d.size(); i++) {
    allow(1, d[i], u[i]);
    allow(1, image(u[i], kYReflected, nb), image(d[i], kYReflected, nb));
  }
  std::vector<int> b = images(image(ltile, kYRotated, nb), kZRotated, kXReflected),
                   t = images(image(rtile, kYRotated, nb), kZRotated, kXReflected);
  for (size_t i = 0; i < b.size(); i++) {
    allow(4, b[i], t[i]);
    allow(4, image(t[i], kZReflected, nb), image(b[i], kZReflected, nb));
  }
}

void NeighborRules::add_horizontal(const XmlElement& nb) {
  std::string left = nb.str("left"), right = nb.str("right");
  check_names(left, right, nb);
  const int l = variant(left, nb), r = variant(right, nb);
  const auto xf = [&](int v) { return image(v, kXReflected, nb); };
  const auto yf = [&](int v) { return image(v, kYReflected, nb); };
  allow(0, l, r);
  allow(0, yf(l), yf(r));
  allow(0, xf(r), xf(l));
  allow(0, yf(xf(r)), yf(xf(l)));
  const int d = image(l, kZRotated, nb), u = image(r, kZRotated, nb);
  allow(1, d, u);
  allow(1, xf(d), xf(u));
  allow(1, yf(u), yf(d));
  allow(1, xf(yf(u)), xf(yf(d)));
}

void NeighborRules::add_vertical(const XmlElement& nb) {
  if (!nb.has("top") || !nb.has("bottom")) nb.fail("<neighbor> needs left and right, or top and bottom");
  std::string top = nb.str("top"), bottom = nb.str("bottom");
  check_names(top, bottom, nb);
  const auto images = [&](int v) {
    return square_symmetries(
        v, [&](int p) { return image(p, kZRotated, nb); }, [&](int p) { return image(p, kXReflected, nb); },
        [](int, int) { return false; }, mj::full_symmetry(true));
  };
  std::vector<int> t = images(variant(top, nb)), b = images(variant(bottom, nb));
  for (size_t i = 0; i < t.size(); i++) allow(4, b[i], t[i]);
}

// The opposite directions are the transposed tables; each list comes out in increasing order.
Propagator NeighborRules::propagator() const {
  auto at = [&](int d, int a, int b) { return allowed_[size_t((d * P_ + a) * P_ + b)] != 0; };
  std::vector<std::vector<int>> lists(size_t(6 * P_));
  for (int d = 0; d < 6; d++)
    for (int a = 0; a < P_; a++)
      for (int b = 0; b < P_; b++) {
        bool ok = d == 0 || d == 1 || d == 4 ? at(d, a, b) : at(opposite(d), b, a);
        if (ok) lists[size_t(d * P_ + a)].push_back(b);
      }
  return Propagator(6, P_, lists);
}

}  // namespace

Propagator neighbor_propagator(const XmlElement& root, const Tileset& tileset) {
  NeighborRules rules(tileset);
  for (const XmlElement& neighbor : only_child(root, "neighbors").children({"neighbor"})) rules.add(neighbor);
  return rules.propagator();
}

}  // namespace mj::wfc
