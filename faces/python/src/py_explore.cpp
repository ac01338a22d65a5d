// mj explore for Python: a small model's state space (mj/explore.hpp), as plain Python values that
// markovjunior.explore wraps.
#include <pybind11/stl.h>

#include <cstring>

#include "bindings.hpp"
#include "mj/explore.hpp"

namespace mj::python {

namespace {

// The request both explorers resolve, and their options: the library's limit unless one is given.
RunRequest explore_request(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                           const std::string& resources) {
  RunRequest r;
  r.model = model, r.xml = std::move(xml), r.resources = resources;
  auto side = [](int n) { return n != 0 ? std::optional<int>(n) : std::nullopt; };  // 0: not given
  r.length = side(std::get<0>(size)), r.width = side(std::get<1>(size)), r.height = side(std::get<2>(size));
  return r;
}

ExploreOptions explore_options(std::optional<long long> max_states) {
  ExploreOptions options;
  if (max_states) options.max_states = *max_states;
  return options;
}

// Thrown by the poll below when Python has an error to raise (Ctrl-C's KeyboardInterrupt): the search
// unwinds, freeing its states, and the error is raised once the GIL is held again.
struct Interrupted {};

// The options, and a poll that sees Ctrl-C while the explorer works (the GIL taken about every 1024
// states, grids or predecessors, a millisecond or so).
ExploreOptions interruptible(ExploreOptions options) {
  options.poll = [] {
    py::gil_scoped_acquire locked;
    if (PyErr_CheckSignals() != 0) throw Interrupted{};
  };
  return options;
}

py::dict explore_model(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                       const std::string& resources, std::optional<long long> max_states) {
  const RunRequest r = explore_request(model, std::move(xml), size, resources);
  StateSpace space;
  try {
    py::gil_scoped_release unlocked;
    space = explore(resolve_run(r), interruptible(explore_options(max_states)));
  } catch (const Interrupted&) {
    throw py::error_already_set();
  }
  py::list edges, outcomes;
  for (const auto& out : space.edges) {
    py::list successors;
    for (const StateSpace::Edge& e : out) successors.append(py::make_tuple(e.to, e.probability));
    edges.append(successors);
  }
  for (const StateSpace::Outcome& o : space.outcomes) outcomes.append(py::make_tuple(o.state, o.probability, o.text));
  py::dict d;
  d["transitions"] = space.transitions, d["cyclic"] = space.cyclic, d["unending"] = space.unending;
  d["edges"] = edges, d["grids"] = space.grids, d["outcomes"] = outcomes, d["json"] = state_space_json(space);
  return d;
}

py::dict dynamics_dict(const GridDynamics& d) {
  py::list classes;
  for (const GridDynamics::ClosedClass& c : d.classes) classes.append(py::make_tuple(c.size, c.basin, c.example));
  py::dict out;
  out["grids"] = d.grids, out["gardens_of_eden"] = d.gardens_of_eden, out["halting"] = d.halting;
  out["undecided"] = d.undecided, out["transitions"] = d.transitions, out["classes"] = classes;
  out["json"] = grid_dynamics_json(d);
  return out;
}

py::dict explore_grids(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                       const std::string& resources, std::optional<long long> max_grids) {
  const RunRequest r = explore_request(model, std::move(xml), size, resources);
  GridDynamics d;
  try {
    py::gil_scoped_release unlocked;
    d = explore_all_grids(resolve_run(r), interruptible(explore_options(max_grids)));
  } catch (const Interrupted&) {
    throw py::error_already_set();
  }
  return dynamics_dict(d);
}

// The backward questions on `cells` (value indices, x fastest) of a grid of `size`.
py::dict backward(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                  const std::string& resources, std::vector<uint8_t> cells, int depth, bool garden_of_eden,
                  std::optional<long long> max_states) {
  const RunRequest r = explore_request(model, std::move(xml), size, resources);
  py::dict out;
  if (garden_of_eden) {
    std::optional<std::string> p;
    try {
      py::gil_scoped_release unlocked;
      p = a_predecessor(resolve_run(r), cells, interruptible(explore_options(max_states)));
    } catch (const Interrupted&) {
      throw py::error_already_set();
    }
    out["predecessor"] = p ? py::object(py::str(*p)) : py::object(py::none());
    out["json"] = garden_of_eden_json(p);
    return out;
  }
  Predecessors p;
  try {
    py::gil_scoped_release unlocked;
    p = predecessors(resolve_run(r), cells, depth, interruptible(explore_options(max_states)));
  } catch (const Interrupted&) {
    throw py::error_already_set();
  }
  out["grids"] = p.grids, out["tree_nodes"] = p.tree_nodes, out["distinct"] = p.distinct;
  out["json"] = predecessors_json(p);
  return out;
}

// --all-grids in blocks (markovjunior.distributed): the plan and the blocks as plain Python values that
// pickle, so that Dask can send them between machines; the library's structs field for field.
using PlanTuple = std::tuple<long long, long long, long long, std::vector<std::vector<long long>>,
                             std::vector<std::vector<long long>>>;
using BlockTuple =
    std::tuple<long long, py::bytes, long long, long long, long long, std::vector<std::pair<long long, long long>>,
               std::vector<std::pair<long long, py::bytes>>>;

GridBlockPlan plan_of(const PlanTuple& t) {
  return {std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t), std::get<4>(t)};
}

template <class T>
std::vector<T> words_of(const py::bytes& b) {
  const std::string_view data(b);
  std::vector<T> words(data.size() / sizeof(T));
  std::memcpy(words.data(), data.data(), words.size() * sizeof(T));
  return words;
}

template <class T>
py::bytes bytes_of(const std::vector<T>& words) {
  return py::bytes(reinterpret_cast<const char*>(words.data()), words.size() * sizeof(T));
}

GridBlock block_of(const BlockTuple& t) {
  GridBlock b;
  b.block = std::get<0>(t), b.ends = words_of<uint32_t>(std::get<1>(t));
  b.halting = std::get<2>(t), b.undecided = std::get<3>(t), b.transitions = std::get<4>(t);
  b.basins = std::get<5>(t);
  for (const auto& [block, bits] : std::get<6>(t)) b.led_to.push_back({block, words_of<uint64_t>(bits)});
  return b;
}

BlockTuple tuple_of(const GridBlock& b) {
  std::vector<std::pair<long long, py::bytes>> led;
  for (const auto& [block, bits] : b.led_to) led.push_back({block, bytes_of(bits)});
  return {b.block, bytes_of(b.ends), b.halting, b.undecided, b.transitions, b.basins, led};
}

PlanTuple block_plan(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                     const std::string& resources, int top, std::optional<long long> max_grids) {
  const GridBlockPlan p = grid_block_plan(resolve_run(explore_request(model, std::move(xml), size, resources)), top,
                                          explore_options(max_grids));
  return {p.grids, p.blocks, p.size, p.levels, p.needs};
}

BlockTuple block(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                 const std::string& resources, const PlanTuple& plan, long long index,
                 const std::vector<BlockTuple>& needed) {
  std::vector<GridBlock> given;
  for (const BlockTuple& t : needed) given.push_back(block_of(t));
  std::vector<const GridBlock*> pointers;
  for (const GridBlock& b : given) pointers.push_back(&b);
  GridBlock done;
  {
    py::gil_scoped_release unlocked;
    done = grid_block(resolve_run(explore_request(model, std::move(xml), size, resources)), plan_of(plan), index,
                      pointers);
  }
  return tuple_of(done);
}

py::dict dynamics_of_blocks(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                            const std::string& resources, const PlanTuple& plan,
                            const std::vector<BlockTuple>& blocks) {
  std::vector<GridBlock> given;
  for (const BlockTuple& t : blocks) given.push_back(block_of(t));
  std::vector<const GridBlock*> pointers;
  for (const GridBlock& b : given) pointers.push_back(&b);
  const GridDynamics d = grid_dynamics_of_blocks(resolve_run(explore_request(model, std::move(xml), size, resources)),
                                                 plan_of(plan), pointers);
  return dynamics_dict(d);
}

}  // namespace

void bind_explore(py::module_& m) {
  m.def("grid_block_plan", &block_plan, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"),
        py::arg("top"), py::arg("max_grids") = py::none(), "mj::grid_block_plan: (grids, blocks, size, levels, needs)");
  m.def("grid_block", &block, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"), py::arg("plan"),
        py::arg("block"), py::arg("needed"), "mj::grid_block, as a tuple that pickles");
  m.def("grid_dynamics_of_blocks", &dynamics_of_blocks, py::arg("model"), py::arg("xml"), py::arg("size"),
        py::arg("resources"), py::arg("plan"), py::arg("blocks"),
        "mj::grid_dynamics_of_blocks: the global dynamics as explore_all_grids' dict");
  m.def("explore", &explore_model, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"),
        py::arg("max_states") = py::none(), "mj::explore of the model resolved as given: its state space as a dict");
  m.def("explore_all_grids", &explore_grids, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"),
        py::arg("max_grids") = py::none(),
        "mj::explore_all_grids of the model resolved as given: its global dynamics as a dict");
  m.def("backward", &backward, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"),
        py::arg("cells"), py::arg("depth"), py::arg("garden_of_eden"), py::arg("max_states") = py::none(),
        "mj::predecessors (or mj::a_predecessor) of a grid's cells: as a dict");
}

}  // namespace mj::python
