// Worlds through the C interface: options become a WorldRequest, corners a Region (the library counts them), and
// the caller's buffers are checked against what the library hands back.
#include "c_errors.hpp"
#include "c_model.hpp"
#include "mj/world.hpp"

struct mj_world {
  mj::World world;
  mj::SettingNames names;

  mj_world(const mj::WorldRequest& request, mj::SettingNames n) : world(request), names(std::move(n)) {}
};

namespace {

using mj::capi::guarded;
using mj::capi::require;
using mj::capi::unless;

const mj::SettingNames& names_of(const mj_world* world) { return world ? world->names : mj::capi::c_setting_names(); }

template <class Complete>
mj_status make(const mj_world_options* options, mj_world** out, Complete&& complete) {
  if (out) *out = nullptr;
  mj::SettingNames names;
  mj_status status = guarded(mj::capi::c_setting_names(), [&] {
    require(out, "out");
    names = mj::capi::names_from(options ? &options->load : nullptr);
  });
  if (status != MJ_OK) return status;
  return guarded(names, [&] {
    mj::WorldRequest request;
    request.model = mj::capi::request_from(options ? &options->load : nullptr);
    if (options) {
      request.seed = unless(options->seed, MJ_UNSET), request.chunk = unless(options->chunk, MJ_UNSET);
      request.margin = unless(options->margin, MJ_UNSET), request.seam = unless(options->seam, MJ_UNSET);
    }
    complete(request.model);
    *out = new mj_world(request, names);
  });
}

mj::Region region_given(const mj_world& w, const long long* corners, int count) {
  if (count < 0) throw mj::argument_error("count must be at least 0, not " + std::to_string(count));
  if (count > 0) require(corners, "corners");
  return mj::region_of(w.world.settings(), std::vector<long long>(corners, corners + count));
}

mj::WorldControl control_of(int threads, mj_world_progress_fn progress, void* user) {
  mj::WorldControl control;
  control.threads = threads > 0 ? threads : 1;
  if (progress)
    control.progress = [progress, user](long long done, long long total) { return progress(done, total, user) != 0; };
  return control;
}

// A caller's buffer of `size` bytes for `needed` cells (a double: a region's count may pass 2^63 before
// the library refuses it).
void check_room(size_t size, double needed) {
  if (double(size) < needed)
    throw mj::argument_error("cells holds " + std::to_string(size) + " bytes, not the " +
                             std::to_string((long long)needed) + " the cells need");
}

size_t chunk_cells(const mj::WorldSettings& s) {
  return size_t(s.chunk) * size_t(s.chunk) * (s.dimension == 3 ? size_t(s.chunk) : 1);
}

}  // namespace

extern "C" {

void mj_world_options_init(mj_world_options* options) {
  if (!options) return;
  mj_load_options_init(&options->load);
  options->seed = options->chunk = options->margin = options->seam = MJ_UNSET;
}

mj_status mj_world_new(const char* path, const mj_world_options* options, mj_world** out) {
  return make(options, out, [&](mj::RunRequest& model) { model.model = &require(path, "path"); });
}

mj_status mj_world_new_xml(const char* xml, const mj_world_options* options, mj_world** out) {
  return make(options, out, [&](mj::RunRequest& model) {
    model.xml = &require(xml, "xml");
    model.model = options && options->load.name ? options->load.name : "<string>";
  });
}

void mj_world_free(mj_world* world) { delete world; }

int mj_world_seed(const mj_world* world) { return world ? world->world.settings().seed : 0; }
int mj_world_dimension(const mj_world* world) { return world ? world->world.settings().dimension : 0; }
int mj_world_chunk(const mj_world* world) { return world ? world->world.settings().chunk : 0; }
int mj_world_margin(const mj_world* world) { return world ? world->world.settings().margin : 0; }
int mj_world_seam(const mj_world* world) { return world ? world->world.settings().seam : 0; }
const char* mj_world_legend(const mj_world* world) { return world ? world->world.settings().legend.c_str() : ""; }
const char* mj_world_name(const mj_world* world) { return world ? world->world.settings().run.name.c_str() : ""; }

mj_status mj_world_region(mj_world* world, const long long* corners, int count, int threads,
                          mj_world_progress_fn progress, void* user, uint8_t* cells, size_t size) {
  return guarded(names_of(world), [&] {
    mj_world& w = require(world, "world");
    const mj::Region r = region_given(w, corners, count);
    require(cells, "cells");
    check_room(size, double(r.x1 - r.x0) * double(r.y1 - r.y0) * double(r.z1 - r.z0));
    const std::vector<uint8_t> made = w.world.region(r, control_of(threads, progress, user));
    std::copy(made.begin(), made.end(), cells);
  });
}

mj_status mj_world_save_region(mj_world* world, const long long* corners, int count, const char* path, int threads,
                               mj_world_progress_fn progress, void* user, int pixelsize) {
  return guarded(names_of(world), [&] {
    mj_world& w = require(world, "world");
    const mj::Region r = region_given(w, corners, count);
    mj::save_region(w.world, r, &require(path, "path"), control_of(threads, progress, user), unless(pixelsize, 0));
  });
}

mj_status mj_world_needs(const mj_world* world, mj_chunk c, mj_chunk* needs, int capacity, int* count) {
  return guarded(names_of(world), [&] {
    const std::vector<mj::ChunkIndex> found = require(world, "world").world.needs({c.x, c.y, c.z});
    require(count, "count") = int(found.size());
    if (capacity > 0) require(needs, "needs");
    for (size_t i = 0; i < found.size() && int(i) < capacity; i++) needs[i] = {found[i].x, found[i].y, found[i].z};
  });
}

mj_status mj_world_run_chunk(const mj_world* world, mj_chunk c, const uint8_t* const* needed, int count, uint8_t* cells,
                             size_t size) {
  return guarded(names_of(world), [&] {
    const mj_world& w = require(world, "world");
    const size_t n = chunk_cells(w.world.settings());
    require(cells, "cells");
    check_room(size, double(n));
    if (count < 0) throw mj::argument_error("count must be at least 0, not " + std::to_string(count));
    if (count > 0) require(needed, "needed");
    std::vector<std::vector<uint8_t>> copies;
    for (int i = 0; i < count; i++) copies.emplace_back(&require(needed[i], "needed[i]"), needed[i] + n);
    std::vector<const std::vector<uint8_t>*> pointers;
    for (const std::vector<uint8_t>& copy : copies) pointers.push_back(&copy);
    const std::vector<uint8_t> made = w.world.run_chunk({c.x, c.y, c.z}, pointers);
    std::copy(made.begin(), made.end(), cells);
  });
}

}  // extern "C"
