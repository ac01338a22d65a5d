// Pictures, files and model lists through the C interface: the library's render and writers, as `mj run` uses them.
#include <filesystem>
#include <memory>
#include <optional>

#include "c_errors.hpp"
#include "c_model.hpp"
#include "mj/model_list.hpp"
#include "mj/outputs.hpp"

namespace {

using mj::capi::guarded;
using mj::capi::require;

// C's "the model's pixel size": 0.
std::optional<int> pixelsize_of(int pixelsize) { return pixelsize != 0 ? std::optional<int>(pixelsize) : std::nullopt; }

mj_status save(mj_model* model, const char* path, int pixelsize, std::optional<mj::GridFormat> format) {
  return guarded(mj::capi::names_of(model), [&] {
    mj::save(require(model, "model").model, &require(path, "path"), {format, pixelsize_of(pixelsize)});
  });
}

// A string the handle keeps until the next call that sets it.
const char* kept(std::string& slot, std::string value) {
  slot = std::move(value);
  return slot.c_str();
}

}  // namespace

struct mj_model_list {
  std::vector<mj::ModelEntry> entries;
};

extern "C" {

mj_status mj_render(mj_model* model, int pixelsize, int* width, int* height, const uint8_t** rgba) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    require(width, "width"), require(height, "height"), require(rgba, "rgba");
    m.picture = m.model.snapshot().image(pixelsize_of(pixelsize));
    *width = m.picture.width, *height = m.picture.height, *rgba = m.picture.rgba.data();
  });
}

mj_status mj_write_png(mj_model* model, const char* path, int pixelsize) {
  return save(model, path, pixelsize, mj::GridFormat::png);
}

mj_status mj_write_vox(mj_model* model, const char* path) { return save(model, path, 0, mj::GridFormat::vox); }

mj_status mj_write_file(mj_model* model, const char* path, int pixelsize) {
  return save(model, path, pixelsize, std::nullopt);
}

mj_status mj_write_picture(mj_model* model, const char* stem, const char** written) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    const char* name = kept(m.written, m.model.snapshot().save_picture_as(&require(stem, "stem")).string());
    if (written) *written = name;
  });
}

mj_status mj_save_picture(mj_model* model, const char* folder, const char** written) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    const char* name = kept(m.written, m.model.snapshot().save_picture(&require(folder, "folder")).string());
    if (written) *written = name;
  });
}

const char* mj_model_output_stem(mj_model* model) {
  try {
    return model ? kept(model->stem, model->model.snapshot().output_stem()) : "";
  } catch (...) {  // no memory for the name
    return "";
  }
}

const char* mj_run_summary(mj_model* model, const char* written) {
  try {
    return model ? kept(model->summary, mj::run_summary(model->model, written ? written : "")) : "";
  } catch (...) {  // no memory for the line
    return "";
  }
}

mj_status mj_state_text(mj_model* model, const char** text) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    require(text, "text");
    *text = kept(m.state, m.model.snapshot().state_text());
  });
}

mj_status mj_write_state(mj_model* model, const char* path) { return save(model, path, 0, mj::GridFormat::state); }

mj_status mj_model_list_load(const char* path, mj_model_list** out) {
  if (out) *out = nullptr;
  return guarded(mj::capi::c_setting_names(), [&] {
    require(out, "out");
    auto list = std::make_unique<mj_model_list>();
    list->entries = mj::load_model_list(&require(path, "path"));
    *out = list.release();
  });
}

void mj_model_list_free(mj_model_list* list) { delete list; }

int mj_model_list_count(const mj_model_list* list) { return list ? int(list->entries.size()) : 0; }

mj_status mj_model_list_entry(const mj_model_list* list, int index, mj_list_entry* out) {
  return guarded(mj::capi::c_setting_names(), [&] {
    const mj_model_list& l = require(list, "list");
    mj_list_entry& o = require(out, "out");
    if (index < 0 || size_t(index) >= l.entries.size())
      throw mj::argument_error("no entry " + std::to_string(index) + " in a list of " +
                               std::to_string(l.entries.size()));
    const mj::ModelEntry& e = l.entries[size_t(index)];
    o = {e.name.c_str(), e.line, e.mx, e.my, e.mz, e.steps, e.pixelsize, e.iso};
  });
}

}  // extern "C"
