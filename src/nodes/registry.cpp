// The one table of node kinds: element name -> loader.
#include <algorithm>

#include "nodes/registry.hpp"

#include "nodes/notices.hpp"

namespace mj {

namespace {

struct NodeKind {
  std::string_view name;
  NodeLoader load;
};

constexpr int kMaxDepth = 64;

const NodeKind kKinds[] = {
    {"one", load_one},
    {"all", load_all},
    {"prl", load_prl},
    {"markov", MarkovNode::load},
    {"sequence", SequenceNode::load},
    {"path", load_path},
    {"map", load_map},
    {"convolution", load_convolution},
    {"convchain", load_convchain},
    {"wfc", load_wfc},
    {"event", load_event},  // the mj dialect's
};

const NodeKind* find_kind(std::string_view name) {
  for (const NodeKind& kind : kKinds)
    if (kind.name == name) return &kind;
  return nullptr;
}

}  // namespace

bool is_node_name(std::string_view name) { return find_kind(name) != nullptr; }

std::vector<std::string_view> node_names() {
  std::vector<std::string_view> names;
  for (const NodeKind& kind : kKinds) names.push_back(kind.name);
  return names;
}

NodePtr load_node(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context) {
  const NodeKind* kind = find_kind(element.name());
  if (!kind) element.fail(unknown_node_text(element.name()));
  if (context.depth >= kMaxDepth) element.fail("nodes nested deeper than " + std::to_string(kMaxDepth));
  context.depth++;
  NodePtr node = kind->load(element, parent_symmetry, grid, context);
  context.depth--;
  node->grid = &grid;
  node->kind = kind->name;
  node->line = element.line();
  return node;
}

}  // namespace mj
