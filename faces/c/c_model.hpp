// What a C handle holds: the library's mj::Model, the caller's names for the settings, and the memory
// behind the pointers the interface hands out (each valid until the call its comment in mj.h names).
#pragma once

#include <string>
#include <vector>

#include "mj/mj.h"
#include "mj/model.hpp"

struct mj_model {
  mj::Model model;
  mj::SettingNames names;
  int progress_ms = mj::kDefaultProgressMilliseconds;
  mj::GridView grid;                          // behind mj_model_grid's legend and cells
  std::string active_kind;                    // behind mj_model_active_node's and mj_model_status's kind
  mj::RgbaImage picture;                      // behind mj_render
  std::string state, written, stem, summary;  // behind mj_state_text, the written files, names and summary
  std::vector<std::string> notice_texts;      // behind mj_model_notice_text
  std::vector<std::string> run_notice_texts;  // behind mj_model_run_notice_text, as of the latest count

  mj_model(const mj::RunRequest& request, mj::SettingNames n) : model(request), names(std::move(n)) {
    for (const mj::Notice& notice : model.notices()) notice_texts.push_back(notice.text());
  }
};

namespace mj::capi {

// C has no "not given" for an int: MJ_UNSET (MJ_STEPS_DEFAULT for a run's steps; 0 for a picture's pixel size).
std::optional<int> unless(int value, int unset);

// The handle's names, or the C names for a NULL handle (its error is about to be reported).
const SettingNames& names_of(const mj_model* model);

// The names a load's options give the settings (their setting_names, else the C names); NULL options: the C names.
SettingNames names_from(const mj_load_options* options);
// The request a load's options make (NULL: every option not given); the model itself is the caller's to set.
RunRequest request_from(const mj_load_options* options);

}  // namespace mj::capi
