// Loading and running through the C interface: options become a RunRequest, and the handle's mj::Model
// decides everything a caller leaves out (the step limit, the checks of what is given).
#include "c_model.hpp"

#include "c_errors.hpp"
#include "mj/defaults.hpp"
#include "mj/version.hpp"

namespace {

using mj::capi::guarded;
using mj::capi::names_from;
using mj::capi::request_from;
using mj::capi::require;
using mj::capi::unless;

// Loads with `request_from(options)` completed by `complete`: the names first, so that the model's errors
// are worded in the caller's words.
template <class Complete>
mj_status load(const mj_load_options* options, mj_model** out, Complete&& complete) {
  if (out) *out = nullptr;
  mj::SettingNames names;
  mj_status status = guarded(mj::capi::c_setting_names(), [&] {
    require(out, "out");
    names = names_from(options);
  });
  if (status != MJ_OK) return status;
  return guarded(names, [&] {
    mj::RunRequest request = request_from(options);
    complete(request);
    *out = new mj_model(request, names);
  });
}

mj::RunControl control_of(mj_model& m, mj_progress_fn progress, void* user) {
  mj::RunControl control;
  control.interval = std::chrono::milliseconds(m.progress_ms);
  if (progress) control.progress = [&m, progress, user] { return progress(&m, m.model.status().steps, user) != 0; };
  return control;
}

mj_run_end end_of(mj::RunEnd end) {
  return end == mj::RunEnd::finished ? MJ_FINISHED : end == mj::RunEnd::step_limit ? MJ_STEP_LIMIT : MJ_STOPPED;
}

}  // namespace

namespace mj::capi {

std::optional<int> unless(int value, int unset) { return value != unset ? std::optional<int>(value) : std::nullopt; }

const SettingNames& names_of(const mj_model* model) { return model ? model->names : c_setting_names(); }

SettingNames names_from(const mj_load_options* o) {
  if (!o || !o->setting_names) return mj::capi::c_setting_names();
  const char* const* n = o->setting_names;
  for (int i = 0; i < 6; i++)
    if (!n[i]) throw mj::argument_error("setting_names[" + std::to_string(i) + "] is NULL");
  return {n[0],
          n[1],
          n[2],
          n[3],
          n[4],
          n[5],
          mj::capi::c_setting_names().workers,      // C runs no batches
          mj::capi::c_setting_names().max_states};  // nor explores
}

RunRequest request_from(const mj_load_options* o) {
  mj_load_options defaults;
  mj_load_options_init(&defaults);
  const mj_load_options& d = o ? *o : defaults;
  mj::RunRequest r;
  r.size = unless(d.size, MJ_UNSET), r.length = unless(d.length, MJ_UNSET), r.width = unless(d.width, MJ_UNSET);
  r.height = unless(d.height, MJ_UNSET), r.dimension = unless(d.dimension, MJ_UNSET);
  r.steps = unless(d.steps, MJ_UNSET), r.pixelsize = unless(d.pixelsize, MJ_UNSET);
  if (d.iso != MJ_UNSET) r.iso = d.iso != 0;
  r.max_cells = d.max_cells;
  if (d.resources) r.resources = d.resources;
  r.backtrack = d.backtrack != 0;
  if (d.pins) r.pins = d.pins;
  if (d.goal) r.goal = d.goal;
  return r;
}

}  // namespace mj::capi

namespace {

// The model's notice `index`, or null for a NULL model or an index out of range.
const mj::Notice* notice_at(const mj_model* model, int index) {
  if (!model || index < 0 || size_t(index) >= model->model.notices().size()) return nullptr;
  return &model->model.notices()[size_t(index)];
}

}  // namespace

extern "C" {

const char* mj_version(void) {
  static const std::string version(mj::kVersion);
  return version.c_str();
}

static_assert(MJ_FREE_CELL == mj::kFreeCell, "mj.h's MJ_FREE_CELL is the library's free cell");

const mj_defaults* mj_library_defaults(void) {
  static const mj_defaults defaults{mj::kDefaultSeed,
                                    mj::kDefaultOutputFolder,
                                    mj::kDefaultSteps,
                                    mj::kDefaultGifSteps,
                                    mj::kDefaultPixelsize,
                                    mj::kMaxPixelsize,
                                    mj::kDefaultSize2d,
                                    mj::kDefaultSize3d,
                                    mj::kDefaultProgressMilliseconds,
                                    mj::kMaxGifFrames,
                                    mj::kMaxCells,
                                    mj::kFreeCell,
                                    mj::kMaxStates};
  return &defaults;
}

void mj_load_options_init(mj_load_options* options) {
  if (!options) return;
  *options = mj_load_options{};
  options->size = options->length = options->width = options->height = options->dimension = MJ_UNSET;
  options->steps = options->pixelsize = options->iso = MJ_UNSET;
}

mj_status mj_model_load(const char* path, const mj_load_options* options, mj_model** out) {
  return load(options, out, [&](mj::RunRequest& request) { request.model = &require(path, "path"); });
}

mj_status mj_model_load_xml(const char* xml, const mj_load_options* options, mj_model** out) {
  return load(options, out, [&](mj::RunRequest& request) {
    request.xml = &require(xml, "xml");
    request.model = options && options->name ? options->name : "<string>";
  });
}

void mj_model_free(mj_model* model) { delete model; }

const char* mj_model_name(const mj_model* model) { return model ? model->model.settings().name.c_str() : ""; }
int mj_model_steps(const mj_model* model) { return model ? model->model.settings().steps : 0; }
int mj_model_pixelsize(const mj_model* model) { return model ? model->model.settings().pixelsize : 0; }
int mj_model_iso(const mj_model* model) { return model && model->model.settings().iso; }
const char* mj_model_size_from(const mj_model* model) { return model ? model->model.settings().size_from.c_str() : ""; }

int mj_model_notice_count(const mj_model* model) { return model ? int(model->model.notices().size()) : 0; }
const char* mj_model_notice_file(const mj_model* model, int index) {
  const mj::Notice* notice = notice_at(model, index);
  return notice ? notice->file.c_str() : "";
}
int mj_model_notice_line(const mj_model* model, int index) {
  const mj::Notice* notice = notice_at(model, index);
  return notice ? notice->line : 0;
}
const char* mj_model_notice_message(const mj_model* model, int index) {
  const mj::Notice* notice = notice_at(model, index);
  return notice ? notice->message.c_str() : "";
}
const char* mj_model_notice_text(const mj_model* model, int index) {
  return notice_at(model, index) ? model->notice_texts[size_t(index)].c_str() : "";
}

int mj_model_run_notice_count(mj_model* model) {
  if (!model) return 0;
  model->run_notice_texts.clear();
  for (const mj::Notice& notice : model->model.run_notices()) model->run_notice_texts.push_back(notice.text());
  return int(model->run_notice_texts.size());
}
const char* mj_model_run_notice_text(const mj_model* model, int index) {
  if (!model || index < 0 || size_t(index) >= model->run_notice_texts.size()) return "";
  return model->run_notice_texts[size_t(index)].c_str();
}

mj_status mj_start(mj_model* model, int seed) {
  return guarded(mj::capi::names_of(model),
                 [&] { require(model, "model").model.start(unless(seed, MJ_SEED_DEFAULT)); });
}

mj_status mj_step(mj_model* model, int n, int* taken) {
  if (taken) *taken = 0;
  return guarded(mj::capi::names_of(model), [&] {
    const int done = require(model, "model").model.step(n);
    if (taken) *taken = done;
  });
}

mj_status mj_run(mj_model* model, int seed, int max_steps, mj_progress_fn progress, void* user, mj_run_end* end) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    mj::RunEnd e =
        m.model.run(unless(seed, MJ_SEED_DEFAULT), unless(max_steps, MJ_STEPS_DEFAULT), control_of(m, progress, user));
    if (end) *end = end_of(e);
  });
}

mj_status mj_advance(mj_model* model, int max_steps, mj_progress_fn progress, void* user, mj_run_end* end) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    mj::RunEnd e = m.model.advance(control_of(m, progress, user), unless(max_steps, MJ_STEPS_DEFAULT));
    if (end) *end = end_of(e);
  });
}

mj_status mj_model_set_progress_interval(mj_model* model, int milliseconds) {
  return guarded(mj::capi::names_of(model), [&] {
    if (milliseconds < 0) throw mj::argument_error("the progress interval must be at least 0 ms");
    require(model, "model").progress_ms = milliseconds;
  });
}

int mj_model_seed(const mj_model* model) { return model ? model->model.status().seed : 0; }
int mj_model_steps_taken(const mj_model* model) { return model ? model->model.status().steps : 0; }
int mj_model_finished(const mj_model* model) { return model ? model->model.status().finished : 0; }
int mj_model_waiting(const mj_model* model) { return model ? model->model.status().waiting : 0; }

mj_status mj_model_status(mj_model* model, mj_run_status* out) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    mj_run_status& o = require(out, "out");
    const mj::RunStatus s = m.model.status();
    m.active_kind = s.node ? s.node->kind : "";
    o = {s.started,
         s.seed,
         s.steps,
         s.step_limit,
         s.ended,
         s.at_step_limit,
         m.active_kind.c_str(),
         s.node ? s.node->line : 0,
         s.node ? s.node->depth : 0,
         s.search.has_value(),
         s.search ? s.search->states : 0,
         s.search ? s.search->frontier : 0,
         s.search ? s.search->best : -1,
         s.recording,
         s.history_first,
         s.history_last,
         s.waiting};
  });
}

mj_status mj_model_send(mj_model* model, const char* key) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    m.model.send(std::string(&require(key, "key")));
  });
}

int mj_model_input_count(const mj_model* model) { return model ? int(model->model.inputs().size()) : 0; }
const char* mj_model_input_key(const mj_model* model, int index) {
  if (!model || index < 0 || size_t(index) >= model->model.inputs().size()) return "";
  return model->model.inputs()[size_t(index)].key.c_str();
}
int mj_model_input_step(const mj_model* model, int index) {
  if (!model || index < 0 || size_t(index) >= model->model.inputs().size()) return 0;
  return model->model.inputs()[size_t(index)].step;
}

static_assert(MJ_FREE_CELL == mj::kFreeCell, "mj.h's free cell is the library's");

namespace {

std::vector<uint8_t> cells_given(const uint8_t* cells, int count) {
  if (count < 0) throw mj::argument_error("count is " + std::to_string(count) + ", below 0");
  if (count > 0) require(cells, "cells");
  return std::vector<uint8_t>(cells, cells + count);
}

}  // namespace

mj_status mj_model_set_pins(mj_model* model, const uint8_t* cells, int count) {
  return guarded(mj::capi::names_of(model), [&] { require(model, "model").model.set_pins(cells_given(cells, count)); });
}

mj_status mj_model_set_goal(mj_model* model, const uint8_t* cells, int count) {
  return guarded(mj::capi::names_of(model), [&] { require(model, "model").model.set_goal(cells_given(cells, count)); });
}

mj_status mj_model_replay(mj_model* model, int seed, const int* steps, const char* const* keys, int count,
                          int max_steps, mj_run_end* end) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    if (count < 0) throw mj::argument_error("the number of inputs must be at least 0, got " + std::to_string(count));
    if (count > 0) require(steps, "steps"), require(keys, "keys");
    std::vector<mj::Input> inputs;
    for (int i = 0; i < count; i++) inputs.push_back({steps[i], std::string(&require(keys[i], "keys[i]"))});
    mj::RunEnd e = m.model.replay(seed, inputs, unless(max_steps, MJ_STEPS_DEFAULT));
    if (end) *end = end_of(e);
  });
}

mj_status mj_model_grid(mj_model* model, mj_grid* out) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    mj_grid& g = require(out, "out");
    m.grid = m.model.grid();
    g = {m.grid.mx, m.grid.my, m.grid.mz, m.grid.legend.c_str(), m.grid.cells};
  });
}

int mj_model_active_node(mj_model* model, const char** kind, int* line, int* depth) {
  try {
    if (!model) return 0;
    auto node = model->model.status().node;
    if (!node) return 0;
    model->active_kind = node->kind;
    if (kind) *kind = model->active_kind.c_str();
    if (line) *line = node->line;
    if (depth) *depth = node->depth;
    return 1;
  } catch (...) {  // no memory for the name: report no node rather than let the exception out
    return 0;
  }
}

}  // extern "C"
