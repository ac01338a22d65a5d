// mj for JavaScript: a world (mj::World) as an embind class. It only converts: the world's settings, its
// chunks, its regions and their files are the library's (mj/world.hpp). WebAssembly has no threads here, so
// every region is made with threads = 1, which makes none. Every call runs through guard() (js_failure.hpp).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "color.hpp"
#include "js_array.hpp"
#include "js_failure.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"
#include "mj/world.hpp"
#include "request.hpp"
#include "written_file.hpp"

namespace {

using emscripten::val;
using mjweb::guard;

std::optional<int> given(const val& options, const char* key) {
  if (!options.hasOwnProperty(key) || options[key].isNull() || options[key].isUndefined()) return std::nullopt;
  return options[key].as<int>();
}

// Coordinates come as JavaScript numbers: whole numbers within 2^53 (api.mjs), which the library bounds.
long long whole(const val& number) { return (long long)number.as<double>(); }

mj::Region region_of(const val& box) {
  return {whole(box[0]), whole(box[1]), whole(box[2]), whole(box[3]), whole(box[4]), whole(box[5])};
}

mj::ChunkIndex chunk_of(const val& c) { return {whole(c[0]), whole(c[1]), whole(c[2])}; }

val chunk_array(const mj::ChunkIndex& c) {
  val out = val::array();
  out.call<void>("push", double(c.x)), out.call<void>("push", double(c.y)), out.call<void>("push", double(c.z));
  return out;
}

class WorldSession {
 public:
  // The model's XML text named `name`, with load()'s options (request.hpp) and the world's {seed, chunk,
  // margin, seam} (each not given: the library's default).
  void load(const std::string& xml, const std::string& name, const val& options, const val& world) {
    guard([&] {
      world_.reset();
      mj::WorldRequest request;
      request.model = mjweb::run_request(xml, name, options);
      request.seed = given(world, "seed"), request.chunk = given(world, "chunk");
      request.margin = given(world, "margin"), request.seam = given(world, "seam");
      world_.emplace(request);
    });
  }

  // {seed, dimension, chunk, margin, seam, unit, legend, name, colors (0xRRGGBB per legend value), run}.
  val settings() {
    return guard([&] {
      const mj::WorldSettings& s = live().settings();
      val out = val::object();
      out.set("seed", s.seed), out.set("dimension", s.dimension), out.set("chunk", s.chunk);
      out.set("margin", s.margin), out.set("seam", s.seam), out.set("unit", s.unit), out.set("legend", s.legend);
      out.set("name", s.run.name), out.set("run", mjweb::settings_object(s.run));
      out.set("colors", mjweb::js_array(mj::legend_colors(s.legend, s.run.palette), mjweb::rgb));
      return out;
    });
  }

  // [x0, y0, z0, x1, y1, z1] -> the region's cells (x fastest), a copy.
  val region(const val& box) {
    return guard([&] { return mjweb::js_copy("Uint8Array", live().region(region_of(box), {})); });
  }

  val needs(const val& c) {
    return guard([&] { return mjweb::js_array(live().needs(chunk_of(c)), chunk_array); });
  }

  val chunks_for(const val& box) {
    return guard([&] { return mjweb::js_array(live().chunks_for(region_of(box)), chunk_array); });
  }

  // Chunk `c`'s cells from the cells of needs(c) (Uint8Arrays, in that order), a copy.
  val run_chunk(const val& c, const val& needed) {
    return guard([&] {
      std::vector<std::vector<uint8_t>> cells;
      for (const val& chunk : emscripten::vecFromJSArray<val>(needed))
        cells.push_back(emscripten::convertJSArrayToNumberVector<uint8_t>(chunk));
      std::vector<const std::vector<uint8_t>*> pointers;
      for (const auto& chunk : cells) pointers.push_back(&chunk);
      return mjweb::js_copy("Uint8Array", live().run_chunk(chunk_of(c), pointers));
    });
  }

  // Drops the chunks kept, but those the region `keep` ([x0, y0, z0, x1, y1, z1], or null) needs.
  void forget(const val& keep) {
    guard([&] {
      if (keep.isNull() || keep.isUndefined()) live().forget();
      else live().forget(region_of(keep));
    });
  }

  // The region as mj::save_region writes it to a file ending `extension` (png, txt), as bytes (a copy).
  val file(const val& box, const std::string& extension, const val& pixelsize) {
    return guard([&] {
      const std::filesystem::path out = "/tmp/mj-world." + extension;
      std::optional<int> size;
      if (!pixelsize.isNull() && !pixelsize.isUndefined()) size = pixelsize.as<int>();
      mj::save_region(live(), region_of(box), out, {}, size);
      return mjweb::js_copy("Uint8Array", mjweb::read_and_remove(out));
    });
  }

 private:
  std::optional<mj::World> world_;

  mj::World& live() {
    if (!world_) throw mj::argument_error("no world loaded");
    return *world_;
  }
};

}  // namespace

EMSCRIPTEN_BINDINGS(mj_world) {
  emscripten::class_<WorldSession>("WorldSession")
      .constructor<>()
      .function("load", &WorldSession::load)
      .function("settings", &WorldSession::settings)
      .function("region", &WorldSession::region)
      .function("needs", &WorldSession::needs)
      .function("chunksFor", &WorldSession::chunks_for)
      .function("runChunk", &WorldSession::run_chunk)
      .function("forget", &WorldSession::forget)
      .function("file", &WorldSession::file);
}
