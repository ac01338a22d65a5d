#include "mj/interpreter.hpp"

#include "core/xml.hpp"
#include "nodes/kinds.hpp"
#include "nodes/sketch.hpp"

namespace mj {

// The node tree of one run. Rebuilt for every run so that no state leaks between seeds.
struct Program {
  std::vector<std::unique_ptr<Grid>> grids;  // grids[0] is the start grid; map and wfc add theirs
  std::unique_ptr<Branch> root;
  bool origin = false;
};

struct Interpreter::Impl {
  std::unique_ptr<XmlDocument> doc;
  LoadOptions options;
  Program program;
  std::unique_ptr<Run> run;
  bool animated = false;

  Program build() const;
  void start(int seed);
  bool step();
};

namespace {

// Errors raised while running know their line but not the file: add it.
template <class F>
auto adding_file(const XmlDocument& doc, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    if (!e.file().empty()) throw;
    throw Error(doc.file(), e.line(), e.message());
  }
}

}  // namespace

Program Interpreter::Impl::build() const {
  XmlElement root = doc->root();
  Program p;
  p.origin = root.boolean("origin", false);
  p.grids.push_back(Grid::load(root, options.mx, options.my, options.mz));
  Grid& grid = *p.grids[0];
  LoadContext context{options.resources, &grid, &p.grids, 0};
  bool d2 = grid.mz == 1;
  NodePtr top = load_node(root, element_symmetry(root, d2, full_symmetry(d2)), grid, context);
  if (dynamic_cast<Branch*>(top.get())) p.root.reset(static_cast<Branch*>(top.release()));
  else p.root = MarkovNode::wrap(std::move(top), grid);
  return p;
}

void Interpreter::Impl::start(int seed) {
  program = build();
  Grid& grid = *program.grids[0];
  run = std::make_unique<Run>(seed, &grid);
  run->animated = animated;
  if (program.origin) grid.state[size_t(grid.index(grid.mx / 2, grid.my / 2, grid.mz / 2))] = 1;
  run->first.push_back(0);
  program.root->reset();
  run->current = program.root.get();
}

bool Interpreter::Impl::step() {
  if (!run || !run->current) return false;
  run->current->go(*run);
  run->counter++;
  run->first.push_back(int(run->changes.size()));
  return true;
}

Interpreter::Interpreter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Interpreter::Interpreter(Interpreter&&) noexcept = default;
Interpreter& Interpreter::operator=(Interpreter&&) noexcept = default;
Interpreter::~Interpreter() = default;

Interpreter Interpreter::from_document(std::unique_ptr<XmlDocument> doc, const LoadOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->doc = std::move(doc);
  impl->options = options;
  if (impl->options.resources.empty()) impl->options.resources = "resources";
  impl->program = impl->build();  // load once now, so that every error surfaces here
  return Interpreter(std::move(impl));
}

Interpreter Interpreter::from_file(const std::filesystem::path& model, const LoadOptions& options) {
  return from_document(XmlDocument::load_file(model), options);
}

Interpreter Interpreter::from_string(const std::string& xml, const LoadOptions& options, const std::string& name) {
  return from_document(XmlDocument::load_string(xml, name), options);
}

void Interpreter::start(int seed) {
  adding_file(*impl_->doc, [&] { impl_->start(seed); });
}

bool Interpreter::step() {
  return adding_file(*impl_->doc, [&] { return impl_->step(); });
}

int Interpreter::run(int seed, int max_steps) {
  start(seed);
  while ((max_steps <= 0 || steps() < max_steps) && step()) {
  }
  return steps();
}

bool Interpreter::finished() const { return !impl_->run || !impl_->run->current; }
int Interpreter::steps() const { return impl_->run ? impl_->run->counter : 0; }
void Interpreter::set_animated(bool animated) { impl_->animated = animated; }

NodeSketch Interpreter::sketch() const {
  return sketch_tree(*impl_->program.root, impl_->run ? impl_->run->current : nullptr);
}

GridView Interpreter::grid() const {
  const Grid* g = impl_->run ? impl_->run->grid : impl_->program.grids.empty() ? nullptr : impl_->program.grids[0].get();
  if (!g) return {};
  return GridView{g->mx, g->my, g->mz, g->characters, g->state.data()};
}

}  // namespace mj
