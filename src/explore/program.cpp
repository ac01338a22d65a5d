#include "explore/program.hpp"

#include <algorithm>

#include "core/grid.hpp"
#include "core/random.hpp"
#include "core/symmetry.hpp"
#include "explore/refusals.hpp"
#include "nodes/node.hpp"
#include "nodes/rules/rule_node.hpp"
#include "nodes/rules/rule_pattern.hpp"
#include "run/interpreter.hpp"

namespace mj {

void ExploreProgram::fail(int line, const std::string& message, Setting setting) const {
  throw Error(source, line, message, setting);
}

namespace {

// The corners where `rule` fits, ordered as the reference's full scan meets them: a match of an
// a x b x c input holds exactly one cell of the lattice with that spacing, and the scan visits the
// lattice cells in order, each with its shifts in order (RulePattern::scan_key).
std::vector<int> corners_in_scan_order(const Rule& rule, const Grid& grid) {
  const RulePattern p = compile_rule(rule, grid);
  std::vector<std::pair<long long, int>> keyed;
  for (int z = 0; z + rule.in_size.z <= grid.mz; z++)
    for (int y = 0; y + rule.in_size.y <= grid.my; y++)
      for (int x = 0; x + rule.in_size.x <= grid.mx; x++)
        keyed.push_back({p.scan_key(x, y, z, grid), grid.index(x, y, z)});
  std::sort(keyed.begin(), keyed.end());
  std::vector<int> corners;
  for (const auto& k : keyed) corners.push_back(k.second);
  return corners;
}

CompiledRule compile_image(const Rule& rule, const Grid& grid) {
  CompiledRule c;
  for (const RulePattern::Cell& cell : compile_rule(rule, grid).cells) c.tests.push_back({cell.offset, cell.wave});
  for (const RuleOutput& o : rule_outputs(rule, grid)) c.writes.push_back({o.offset, o.value});
  c.corners = corners_in_scan_order(rule, grid);
  // The draw passes when Random::next(), uniform over [0, 2^31 - 1), is below the bound.
  c.chance = std::min(1.0, double(Random::draws_not_above(rule.p)) / 2147483647.0);
  return c;
}

// A field on a one or all with temperature 0: the matches with the best (lowest) potential change are
// those the node draws among (temperature above 0 is refused with the XML).
void add_fields(ExploreProgram& program, ProgramNode& n, const RuleNode& node, const Grid& grid) {
  const auto& fields = node.guide().fields();
  if (fields.empty()) return;
  if (n.kind == ProgramNode::kPrl)
    program.fail(n.line,
                 "mj explore cannot enumerate a <field> on <prl>: it chooses none of the node's matches, and one "
                 "that fails stops the node after its writes are drawn");
  n.fields = fields;
  for (const Rule& rule : node.rules) n.field_writes.push_back(rule_writes(rule, grid));
  n.inversed = inversed_values(fields);
  bool frozen = false;
  for (const auto& f : fields) frozen |= f && !f->recompute;
  const int index = int(&n - program.nodes.data());
  if (frozen) n.frozen = int(program.freezing.size()), program.freezing.push_back(index);
  n.memory = int(program.remembering.size()), program.remembering.push_back(index);
}

ProgramNode::Kind kind_of(const Node& node) {
  if (node.kind == "one") return ProgramNode::kOne;
  if (node.kind == "all") return ProgramNode::kAll;
  if (node.kind == "prl") return ProgramNode::kPrl;
  if (node.kind == "sequence") return ProgramNode::kSequence;
  return ProgramNode::kMarkov;  // the only branch left once refuse_unexplorable passed
}

void add_node(ExploreProgram& program, const Node& node, const Grid& grid, int parent) {
  const int index = int(program.nodes.size());
  program.nodes.emplace_back();
  {
    ProgramNode& n = program.nodes.back();
    n.kind = kind_of(node);
    n.line = node.line;
    n.parent = parent;
  }
  if (const Branch* b = node.as_branch()) {
    program.nodes[size_t(index)].branch = int(program.branches.size());
    program.branches.push_back(index);
    for (const NodePtr& child : b->children) {
      program.nodes[size_t(index)].children.push_back(int(program.nodes.size()));
      add_node(program, *child, grid, index);
    }
    return;
  }
  const auto* rules = dynamic_cast<const RuleNode*>(&node);
  if (!rules) program.fail(node.line, "mj explore cannot enumerate <" + std::string(node.kind) + ">");
  ProgramNode& n = program.nodes[size_t(index)];
  for (const Rule& rule : rules->rules) n.rules.push_back(compile_image(rule, grid));
  n.weights = rules->weights;
  n.steps = rules->steps > 0 ? rules->steps : 0;
  add_fields(program, n, *rules, grid);
  if (n.steps > 0) n.counter = int(program.limited.size()), program.limited.push_back(index);
}

}  // namespace

ExploreProgram compile_program(const RunSettings& settings) {
  std::unique_ptr<XmlDocument> doc = load_explorable(settings);
  Interpreter ip = load_model(settings);
  ip.start(0);
  const GridView start = ip.grid();
  ExploreProgram program;
  program.source = settings.source;
  program.name = settings.name;
  program.mx = start.mx, program.my = start.my, program.mz = start.mz;
  program.legend = start.legend;
  program.values = int(start.legend.size());
  program.start.assign(start.cells, start.cells + start.size());

  // The tree as the interpreter builds it (Interpreter::Impl::build): a root that is not a branch
  // is wrapped in a markov of its own.
  const XmlElement root = doc->root();
  std::unique_ptr<Grid> grid =
      Grid::load(root, start.mx, start.my, start.mz, settings.load.max_cells > 0 ? settings.load.max_cells : kMaxCells);
  std::vector<std::unique_ptr<Grid>> grids;
  LoadContext context{settings.load.resources, grid.get(), &grids, 0, kMaxCells, dialect_of(root),
                      std::string(root.name())};
  context.misspelt_opt_in = misspelt_opt_in(root);
  const bool d2 = grid->mz == 1;
  NodePtr top = load_node(root, element_symmetry(root, d2, full_symmetry(d2)), *grid, context);
  if (top->as_branch()) {
    add_node(program, *top, *grid, -1);
  } else {
    ProgramNode root;
    root.children = {1}, root.branch = 0;
    program.nodes.push_back(root);
    program.branches.push_back(0);
    add_node(program, *top, *grid, 0);
  }
  program.grid = std::move(grid);
  return program;
}

}  // namespace mj
