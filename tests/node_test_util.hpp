// Loading one node on a small grid, for the unit tests of single node kinds.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/symmetry.hpp"
#include "core/xml.hpp"
#include "nodes/node.hpp"

namespace mjtest {

// The node `xml` describes, loaded on an mx*my*mz grid of `values`. The node sits in a
// <sequence> that carries the values, on the same line, so lines in messages are those of `xml`.
struct LoadedNode {
  std::unique_ptr<mj::XmlDocument> doc;
  std::vector<std::unique_ptr<mj::Grid>> grids;  // grids[0] is the start grid
  mj::LoadContext context;
  mj::NodePtr node;
  std::unique_ptr<mj::Run> run;

  LoadedNode(const std::string& values, const std::string& xml, int mx, int my, int mz,
             std::filesystem::path resources = "resources", int seed = 1) {
    doc = mj::XmlDocument::load_string("<sequence values=\"" + values + "\">" + xml + "</sequence>", "test.xml");
    mj::XmlElement root = doc->root();
    grids.push_back(mj::Grid::load(root, mx, my, mz));
    context = mj::LoadContext{resources, grids[0].get(), &grids, 0, mj::kMaxCells, mj::Dialect::reference, "sequence"};
    node = mj::load_node(root.children().at(0), mj::full_symmetry(mz == 1), *grids[0], context);
    run = std::make_unique<mj::Run>(seed, grids[0].get());
    node->reset();
    if (auto* branch = dynamic_cast<mj::Branch*>(node.get())) run->current = branch;
  }

  mj::Grid& grid() { return *grids[0]; }
  bool go() { return node->go(*run); }
  // A write by another node between steps, logged as the contract asks (nodes/change_log.hpp).
  void write(size_t cell, uint8_t value) {
    run->changes.write_hidden(int(cell), grid().state.at(cell));
    grid().state[cell] = value;
  }
};

// Fills a grid from its symbols, x fastest ("/" between rows is skipped).
inline void set_cells(mj::Grid& grid, const std::string& cells) {
  size_t i = 0;
  for (char c : cells)
    if (c != '/') grid.state.at(i++) = uint8_t(grid.value_of(c));
}

// The grid as symbols, rows separated by "/".
inline std::string cells_of(const mj::Grid& grid) {
  std::string s;
  for (int i = 0; i < grid.size(); i++) {
    if (i > 0 && i % grid.mx == 0) s += '/';
    s += grid.characters[grid.state[size_t(i)]];
  }
  return s;
}

}  // namespace mjtest
