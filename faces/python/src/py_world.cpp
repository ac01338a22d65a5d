// markovjunior._core.World: one mj::World (markovjunior.World wraps it). The library decides the world's settings,
// its chunks and their order, and writes its files; this file converts. Making chunks releases the GIL, and a
// region's chunks are made here (in `threads` threads) or, with `elsewhere`, by a Python callable that has a
// cluster make them and hands them back with keep().
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"
#include "mj/world.hpp"

namespace mj::python {

namespace {

using Chunk = std::tuple<long long, long long, long long>;

ChunkIndex chunk_of(const Chunk& c) { return {std::get<0>(c), std::get<1>(c), std::get<2>(c)}; }

std::vector<Chunk> chunk_tuples(const std::vector<ChunkIndex>& chunks) {
  std::vector<Chunk> tuples;
  for (const ChunkIndex& c : chunks) tuples.emplace_back(c.x, c.y, c.z);
  return tuples;
}

std::unique_ptr<World> load(const std::string& model, std::optional<std::string> xml,
                            const std::vector<std::string>& folders, const std::vector<int>& size,
                            std::optional<int> steps, std::optional<int> pixelsize, std::optional<bool> iso,
                            const std::string& resources, long long max_cells,
                            const std::map<std::string, uint32_t>& colors, bool backtrack, bool own_pins, bool own_goal,
                            std::optional<int> seed, std::optional<int> chunk, std::optional<int> margin,
                            std::optional<int> seam) {
  WorldRequest r;
  r.model = run_request(model, std::move(xml), folders, size, steps, pixelsize, iso, resources, max_cells, colors,
                        backtrack, own_pins, own_goal);
  r.seed = seed, r.chunk = chunk, r.margin = margin, r.seam = seam;
  py::gil_scoped_release unlocked;
  return std::make_unique<World>(r);
}

// A region's cells as an array of their own, (y, x) in 2D and (z, y, x) in 3D as a Result's grid.
py::array cells_array(std::vector<uint8_t> cells, const Region& r, int dimension) {
  auto* owned = new std::vector<uint8_t>(std::move(cells));
  py::capsule base(owned, [](void* p) { delete static_cast<std::vector<uint8_t>*>(p); });
  std::vector<py::ssize_t> shape{py::ssize_t(r.z1 - r.z0), py::ssize_t(r.y1 - r.y0), py::ssize_t(r.x1 - r.x0)};
  if (dimension == 2) shape.erase(shape.begin());
  return py::array_t<uint8_t>(shape, owned->data(), base);
}

py::bytes bytes_of(const std::vector<uint8_t>& cells) {
  return py::bytes(reinterpret_cast<const char*>(cells.data()), cells.size());
}

// How a region is made from Python: the progress callback takes the GIL to see Ctrl-C between chunks (false: the
// library stops, the KeyboardInterrupt set); `elsewhere`, when given, is called with the missing chunks' tuples.
WorldControl python_control(int threads, const py::object& elsewhere) {
  WorldControl control;
  control.threads = threads;
  control.progress = [](long long, long long) {
    py::gil_scoped_acquire locked;
    return PyErr_CheckSignals() == 0;
  };
  if (!elsewhere.is_none())
    control.elsewhere = [&elsewhere](const std::vector<ChunkIndex>& missing) {
      py::gil_scoped_acquire locked;
      elsewhere(chunk_tuples(missing));
    };
  return control;
}

// Runs `make` (a region or a file) with the GIL released; a stop asked by Ctrl-C raises the KeyboardInterrupt
// rather than the library's line.
template <class Make>
auto without_gil(Make make) {
  try {
    py::gil_scoped_release unlocked;
    return make();
  } catch (const Error&) {
    if (PyErr_Occurred()) throw py::error_already_set();
    throw;
  }
}

py::array region(World& w, const Region& r, int threads, const py::object& elsewhere) {
  const WorldControl control = python_control(threads, elsewhere);
  return cells_array(without_gil([&] { return w.region(r, control); }), r, w.settings().dimension);
}

void save(World& w, const Region& r, const std::string& out, int threads, std::optional<int> pixelsize,
          const py::object& elsewhere) {
  const WorldControl control = python_control(threads, elsewhere);
  without_gil([&] { save_region(w, r, out, control, pixelsize); });
}

// The world's decided settings (mj::WorldSettings) as a dict.
py::dict settings_dict(const World& w) {
  const WorldSettings& s = w.settings();
  py::dict d;
  d["seed"] = s.seed, d["dimension"] = s.dimension, d["chunk"] = s.chunk, d["margin"] = s.margin;
  d["seam"] = s.seam, d["unit"] = s.unit, d["legend"] = s.legend, d["name"] = s.run.name;
  d["source"] = s.run.source, d["pixelsize"] = s.run.pixelsize;
  d["colors"] = legend_colors(s.legend, s.run.palette);
  return d;
}

Region region_of(long long x0, long long y0, long long z0, long long x1, long long y1, long long z1) {
  return {x0, y0, z0, x1, y1, z1};
}

using WorldClass = py::class_<World>;

// What a scheduler runs: the chunks a region needs, each chunk's needs, a chunk's run, and its cells kept.
void bind_chunks(WorldClass& world) {
  world
      .def(
          "needs", [](const World& w, const Chunk& c) { return chunk_tuples(w.needs(chunk_of(c))); }, py::arg("chunk"),
          "The chunks whose cells chunk (x, y, z)'s run pins, in run_chunk's order: a task graph's edges")
      .def(
          "chunks_for",
          [](const World& w, long long x0, long long y0, long long z0, long long x1, long long y1, long long z1) {
            return chunk_tuples(w.chunks_for(region_of(x0, y0, z0, x1, y1, z1)));
          },
          py::arg("x0"), py::arg("y0"), py::arg("z0"), py::arg("x1"), py::arg("y1"), py::arg("z1"),
          "Every chunk a region needs, by phase (a chunk after those it needs)")
      .def(
          "run_chunk",
          [](const World& w, const Chunk& c, const std::vector<std::string>& needed) {
            std::vector<std::vector<uint8_t>> cells;
            for (const std::string& n : needed) cells.emplace_back(n.begin(), n.end());
            std::vector<const std::vector<uint8_t>*> pointers;
            for (const std::vector<uint8_t>& n : cells) pointers.push_back(&n);
            std::vector<uint8_t> made;
            {
              py::gil_scoped_release unlocked;
              made = w.run_chunk(chunk_of(c), pointers);
            }
            return bytes_of(made);
          },
          py::arg("chunk"), py::arg("needed"),
          "Chunk (x, y, z)'s cells (bytes, x fastest) from the cells of needs(chunk), in that order")
      .def(
          "keep",
          [](World& w, const Chunk& c, const std::string& cells) {
            w.keep(chunk_of(c), std::vector<uint8_t>(cells.begin(), cells.end()));
          },
          py::arg("chunk"), py::arg("cells"), "Keeps chunk (x, y, z)'s cells made elsewhere by run_chunk");
}

}  // namespace

void bind_world(py::module_& m) {
  WorldClass world(m, "World", "mj::World: a world's chunks, made once each and kept (markovjunior.World wraps it)");
  bind_chunks(world);
  world
      .def(py::init(&load), py::arg("model"), py::arg("xml"), py::arg("model_folders"), py::arg("size"),
           py::arg("steps"), py::arg("pixelsize"), py::arg("iso"), py::arg("resources"), py::arg("max_cells"),
           py::arg("colors"), py::arg("backtrack"), py::arg("own_pins"), py::arg("own_goal"), py::arg("seed"),
           py::arg("chunk"), py::arg("margin"), py::arg("seam"),
           "The world of a model (resolve_run's arguments) and its seed, chunk, margin and seam (None: the library's)")
      .def("settings", &settings_dict,
           "{seed, dimension, chunk, margin, seam, unit, legend, name, source, pixelsize, colors (0xAARRGGBB)}")
      .def(
          "region",
          [](World& w, long long x0, long long y0, long long z0, long long x1, long long y1, long long z1, int threads,
             const py::object& elsewhere) { return region(w, region_of(x0, y0, z0, x1, y1, z1), threads, elsewhere); },
          py::arg("x0"), py::arg("y0"), py::arg("z0"), py::arg("x1"), py::arg("y1"), py::arg("z1"),
          py::arg("threads") = 1, py::arg("elsewhere") = py::none(),
          "The region's cells, (y, x) or (z, y, x); elsewhere(missing chunks) makes them and keeps them instead")
      .def(
          "save",
          [](World& w, long long x0, long long y0, long long z0, long long x1, long long y1, long long z1,
             const std::string& out, int threads, std::optional<int> pixelsize, const py::object& elsewhere) {
            save(w, region_of(x0, y0, z0, x1, y1, z1), out, threads, pixelsize, elsewhere);
          },
          py::arg("x0"), py::arg("y0"), py::arg("z0"), py::arg("x1"), py::arg("y1"), py::arg("z1"), py::arg("out"),
          py::arg("threads") = 1, py::arg("pixelsize") = py::none(), py::arg("elsewhere") = py::none(),
          "mj::save_region: the region written to a .png, a .txt or a folder of chunks, whole or not at all")
      .def(
          "forget", [](World& w) { w.forget(); }, "Drops the chunks kept");
}

}  // namespace mj::python
