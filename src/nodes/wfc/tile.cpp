// Tile model: the patterns are the variants of a tileset's tiles; each cell of the input grid becomes
// one tile of the new grid, tiles overlapping by `overlap` voxels (negative: gaps between them).
#include "nodes/wfc/helper.hpp"
#include "nodes/wfc/tileset.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj::wfc {

namespace {

class TileNode : public WfcNode {
 public:
  void load(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);

 private:
  void make_new_grid(const XmlElement& element, const Grid& grid, TileShape shape, LoadContext& context);
  void load_rules(const XmlElement& element, const Grid& grid);
  void update_state() override;
  void visit_covers(int cell, const std::function<void(int i, int at)>& visit) const override;
  uint8_t option_value(int t, int at) const override { return tileset_.variants[size_t(t)][size_t(at)]; }
  Point option_size() const override { return {tileset_.shape.s, tileset_.shape.s, tileset_.shape.sz}; }
  std::optional<TileLayer> tile_layer(const Grid& current) const override;
  std::string option_name(int t) const override;
  void draw_cell(int x, int y, int z);

  Tileset tileset_;
  std::string tileset_name_;
  int overlap_ = 0, overlapz_ = 0;
  std::vector<int> votes_;  // [voxel of a tile][value], scratch of update_state
};

void TileNode::load(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context) {
  model.periodic = element.boolean("periodic", false);
  std::string name = element.str("tileset");
  tileset_name_ = name;
  std::string folder = element.str("tiles", name);
  overlap_ = element.integer("overlap", 0);
  overlapz_ = element.integer("overlapz", 0);

  std::filesystem::path tilesets = context.resources / "tilesets";
  std::unique_ptr<XmlDocument> doc = open_tileset(element, tilesets / (name + ".xml"));
  XmlElement root = doc->root();
  bool full_symmetry = root.boolean("fullSymmetry", false);
  TileShape shape = first_tile_shape(root, tilesets / folder, full_symmetry);
  make_new_grid(element, grid, shape, context);
  tileset_ = read_tiles(root, tilesets / folder, shape, full_symmetry, newgrid->values, element);
  model.patterns = int(tileset_.variants.size());
  model.weights = tileset_.weights;
  load_rules(element, grid);
  model.propagator = neighbor_propagator(root, tileset_);
  load_collapse(element, parent_symmetry, grid, context);
  votes_.assign(size_t(shape.s * shape.s * shape.sz * newgrid->values), 0);
}

void TileNode::make_new_grid(const XmlElement& element, const Grid& grid, TileShape shape, LoadContext& context) {
  int s = shape.s, sz = shape.sz;
  if (overlap_ >= s || overlapz_ >= sz)
    element.fail("overlap " + std::to_string(overlap_) + ", " + std::to_string(overlapz_) +
                 " must be smaller than the tiles (" + std::to_string(s) + ", " + std::to_string(sz) + ")");
  long long mx = (long long)(s - overlap_) * grid.mx + overlap_, my = (long long)(s - overlap_) * grid.my + overlap_;
  long long mz = (long long)(sz - overlapz_) * grid.mz + overlapz_;
  if (mx > (1 << 20) || my > (1 << 20) || mz > (1 << 20)) element.fail("the tiled grid would be too large");
  context.grids->push_back(Grid::load(element, int(mx), int(my), int(mz), context.max_cells));
  newgrid = context.grids->back().get();
}

// <rule in="A" out="Tile1|Tile2"/>: where the input grid holds A, only variants of those tiles.
void TileNode::load_rules(const XmlElement& element, const Grid& grid) {
  load_start_waves(model, element, grid,
                   [&](const XmlElement& rule, const std::string& out, std::vector<uint8_t>& wave) {
                     auto it = tileset_.tiles.find(out);
                     if (it == tileset_.tiles.end()) rule.fail("unknown tile name " + out);
                     std::fill_n(wave.begin() + it->second.first, it->second.count, uint8_t(1));
                   });
}

// Tiles apart (no overlap) are drawn from their own cell's patterns alone: an animated run's step
// draws again only the cells whose patterns changed. Overlapping tiles share voxels, the later cell's
// drawing winning: those are drawn in full, in order.
void TileNode::update_state() {
  const bool apart = overlap_ <= 0 && overlapz_ <= 0;
  if (apart && shown.drawn()) {
    const int mx = grid->mx, mxy = grid->mx * grid->my;
    int last = -1;
    shown.update(wave, [&](int i, int) {
      if (i != last) draw_cell(i % mx, i % mxy / mx, i / mxy), last = i;
    });
    return;
  }
  for (int z = 0; z < grid->mz; z++)
    for (int y = 0; y < grid->my; y++)
      for (int x = 0; x < grid->mx; x++) draw_cell(x, y, z);
  if (apart) shown.record(wave);
}

// The input cells whose tiles hold voxel `cell` (overlapping tiles: several; gaps between them: none).
void TileNode::visit_covers(int cell, const std::function<void(int i, int at)>& visit) const {
  const int s = tileset_.shape.s, sz = tileset_.shape.sz;
  const Point v = newgrid->point(cell);
  // Along one axis, the tiles k (of `count`, `step` apart) whose `side` voxels hold coordinate c, at d.
  const auto along = [](int c, int side, int step, int count, const auto& f) {
    for (int k = std::min(c / step, count - 1); k >= 0 && c - k * step < side; k--) f(k, c - k * step);
  };
  along(v.z, sz, sz - overlapz_, grid->mz, [&](int z, int dz) {
    along(v.y, s, s - overlap_, grid->my, [&](int y, int dy) {
      along(v.x, s, s - overlap_, grid->mx,
            [&](int x, int dx) { visit(grid->index(x, y, z), dx + dy * s + dz * s * s); });
    });
  });
}

// Each voxel of the cell's tile takes the value most voted for by the variants the cell still allows:
// once the cell is decided, the value of its one variant.
void TileNode::draw_cell(int x, int y, int z) {
  int s = tileset_.shape.s, sz = tileset_.shape.sz, C = newgrid->values, voxels = s * s * sz;
  int i = grid->index(x, y, z), allowed = 0, only = -1;
  for (int t = 0; t < model.patterns && allowed < 2; t++)
    if (wave.allows(i, t)) allowed++, only = t;
  if (allowed != 1) {
    std::fill(votes_.begin(), votes_.end(), 0);
    for (int t = 0; t < model.patterns; t++) {
      if (!wave.allows(i, t)) continue;
      const Tile& tile = tileset_.variants[size_t(t)];
      for (int di = 0; di < voxels; di++) votes_[size_t(di * C + tile[size_t(di)])]++;
    }
  }
  for (int dz = 0; dz < sz; dz++)
    for (int dy = 0; dy < s; dy++)
      for (int dx = 0; dx < s; dx++) {
        int di = dx + dy * s + dz * s * s;
        int cell = newgrid->index(x * (s - overlap_) + dx, y * (s - overlap_) + dy, z * (sz - overlapz_) + dz);
        newgrid->state[size_t(cell)] =
            allowed == 1 ? tileset_.variants[size_t(only)][size_t(di)] : most_voted(&votes_[size_t(di * C)], C);
      }
}

// Only a 2D tiling without overlap whose every cell is decided and still holds its tile's value is
// a layer of tiles: children that rewrote cells, or an unfinished wave, leave cells no tile shows.
// A variant's name as the tile layer gives it: the tile's, and after its first variant its number.
std::string TileNode::option_name(int t) const {
  for (const auto& [name, range] : tileset_.tiles)
    if (t >= range.first && t < range.first + range.count)
      return t == range.first ? name : name + " " + std::to_string(t - range.first + 1);
  return WfcNode::option_name(t);
}

std::optional<TileLayer> TileNode::tile_layer(const Grid& current) const {
  const int s = tileset_.shape.s;
  if (newgrid != &current || tileset_.shape.sz != 1 || grid->mz != 1 || overlap_ != 0 || wave.cells() == 0)
    return std::nullopt;
  catch_up();
  TileLayer layer{tileset_name_, s, grid->mx, grid->my, tileset_.variants, {}, {}};
  layer.at.reserve(size_t(grid->mx) * size_t(grid->my));
  for (int i = 0; i < grid->mx * grid->my; i++) {
    int only = -1;
    for (int t = 0; t < model.patterns; t++)
      if (wave.allows(i, t)) {
        if (only >= 0) return std::nullopt;
        only = t;
      }
    if (only < 0) return std::nullopt;
    const Tile& tile = tileset_.variants[size_t(only)];
    const int x = i % grid->mx, y = i / grid->mx;
    for (int dy = 0; dy < s; dy++)
      for (int dx = 0; dx < s; dx++)
        if (newgrid->state[size_t(newgrid->index(x * s + dx, y * s + dy, 0))] != tile[size_t(dx + dy * s)])
          return std::nullopt;
    layer.at.push_back(only);
  }
  layer.names.resize(tileset_.variants.size());
  for (const auto& [name, range] : tileset_.tiles)
    for (int k = 0; k < range.count; k++)
      layer.names[size_t(range.first + k)] = k == 0 ? name : name + " " + std::to_string(k + 1);
  return layer;
}

}  // namespace

std::optional<TileLayer> find_tile_layer(const Node& root, const Grid& current) {
  if (auto* wfc = dynamic_cast<const WfcNode*>(&root))
    if (std::optional<TileLayer> layer = wfc->tile_layer(current)) return layer;
  if (const Branch* branch = root.as_branch())
    for (const NodePtr& child : branch->children)
      if (std::optional<TileLayer> layer = find_tile_layer(*child, current)) return layer;
  return std::nullopt;
}

NodePtr load_tile(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<TileNode>();
  node->load(element, parent_symmetry, grid, context);
  return node;
}

}  // namespace mj::wfc
