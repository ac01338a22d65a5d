// What a C handle holds: the settings decided at load, the interpreter, and the memory behind the
// pointers the interface hands out (each valid until the call its comment in mj.h names).
#pragma once

#include <string>
#include <vector>

#include "mj/interpreter.hpp"
#include "mj/mj.h"
#include "mj/run_settings.hpp"

struct mj_model {
  mj::RunSettings settings;
  mj::SettingNames names;
  mj::Interpreter interpreter;
  bool started = false;
  int progress_ms = 100;
  mj::GridView grid;           // behind mj_model_grid's legend and cells
  std::string active_kind;     // behind mj_model_active_node's kind
  std::vector<uint8_t> rgba;   // behind mj_render
  std::string state, written;  // behind mj_state_text and mj_write_picture

  mj_model(mj::RunSettings s, mj::SettingNames n)
      : settings(std::move(s)), names(std::move(n)), interpreter(settings.load_model()) {}
};

namespace mj::capi {

// The handle's names, or the C names for a NULL handle (its error is about to be reported).
const SettingNames& names_of(const mj_model* model);

}  // namespace mj::capi
