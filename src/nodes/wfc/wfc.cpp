// `wfc`: a sample picture makes it an overlap model, a tileset a tile model.
#include "nodes/registry.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj {

NodePtr load_wfc(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context) {
  if (element.has("sample")) return wfc::load_overlap(element, parent_symmetry, grid, context);
  if (element.has("tileset")) return wfc::load_tile(element, parent_symmetry, grid, context);
  element.fail("<wfc> needs a sample (overlap model) or a tileset (tile model)");
}

}  // namespace mj
