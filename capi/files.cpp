// Pictures, files and model lists through the C interface: the library's render and writers, as `mj run` uses them.
#include <filesystem>
#include <memory>
#include <optional>

#include "errors.hpp"
#include "mj/files.hpp"
#include "mj/model_list.hpp"
#include "mj/picture.hpp"
#include "mj/state_text.hpp"
#include "model.hpp"

namespace {

using mj::capi::guarded;
using mj::capi::require;

// The run's grid and its colours (mj::Error for a symbol without one).
struct Colored {
  mj::GridView grid;
  std::vector<uint32_t> colors;
};
Colored colored(const mj_model& m) {
  Colored c{m.interpreter.grid(), {}};
  c.colors = mj::legend_colors(c.grid.legend, m.settings.palette);
  return c;
}

int pixelsize_of(const mj_model& m, int pixelsize) { return pixelsize > 0 ? pixelsize : m.settings.pixelsize; }

// 2D straight from the cells, 3D as the isometric picture (save_png draws either).
void write_png(const mj_model& m, const char* path, int pixelsize) {
  Colored c = colored(m);
  mj::save_png(path, c.grid, c.colors, pixelsize_of(m, pixelsize));
}

void write_vox(const mj_model& m, const char* path) {
  Colored c = colored(m);
  mj::save_vox(path, c.grid, c.colors);
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
    Colored c = colored(m);
    mj::Image image = mj::render(c.grid, c.colors, {pixelsize_of(m, pixelsize)});
    m.rgba.resize(image.argb.size() * 4);
    for (size_t i = 0; i < image.argb.size(); i++) {
      uint32_t p = image.argb[i];
      uint8_t* out = &m.rgba[i * 4];
      out[0] = uint8_t(p >> 16), out[1] = uint8_t(p >> 8), out[2] = uint8_t(p), out[3] = uint8_t(p >> 24);
    }
    *width = image.width, *height = image.height, *rgba = m.rgba.data();
  });
}

mj_status mj_write_png(mj_model* model, const char* path, int pixelsize) {
  return guarded(mj::capi::names_of(model),
                 [&] { write_png(require(model, "model"), &require(path, "path"), pixelsize); });
}

mj_status mj_write_vox(mj_model* model, const char* path) {
  return guarded(mj::capi::names_of(model), [&] { write_vox(require(model, "model"), &require(path, "path")); });
}

mj_status mj_write_file(mj_model* model, const char* path, int pixelsize) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    Colored c = colored(m);
    const std::optional<mj::TileLayer> tiles = m.interpreter.tile_layer();  // a tile model's .tmj: its tiles
    mj::save_grid(&require(path, "path"), c.grid, c.colors, pixelsize_of(m, pixelsize), tiles ? &*tiles : nullptr);
  });
}

mj_status mj_write_picture(mj_model* model, const char* stem, const char** written) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    Colored c = colored(m);
    const std::filesystem::path file = mj::picture_file(&require(stem, "stem"), c.grid, m.settings.iso);
    mj::save_grid(file, c.grid, c.colors, m.settings.pixelsize);
    m.written = file.string();
    if (written) *written = m.written.c_str();
  });
}

mj_status mj_state_text(mj_model* model, const char** text) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    require(text, "text");
    m.state = mj::state_text(m.settings.name, m.interpreter.grid(), m.interpreter.seed(), m.interpreter.steps());
    *text = m.state.c_str();
  });
}

mj_status mj_write_state(mj_model* model, const char* path) {
  return guarded(mj::capi::names_of(model), [&] {
    mj_model& m = require(model, "model");
    mj::save_file(&require(path, "path"),
                  mj::state_text(m.settings.name, m.interpreter.grid(), m.interpreter.seed(), m.interpreter.steps()));
  });
}

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
      throw mj::capi::ArgumentError{"no entry " + std::to_string(index) + " in a list of " +
                                    std::to_string(l.entries.size())};
    const mj::ModelEntry& e = l.entries[size_t(index)];
    o = {e.name.c_str(), e.line, e.mx, e.my, e.mz, e.steps, e.pixelsize, e.iso};
  });
}

}  // extern "C"
