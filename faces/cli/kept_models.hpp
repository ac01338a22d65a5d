// Loaded models kept between the runs of a list: a run of a model at the size of a kept one takes
// that one over (mj::same_program) instead of loading it again, as the list's runs of one entry do.
#pragma once

#include <cstddef>
#include <deque>
#include <mutex>

#include "mj/model.hpp"

namespace mj::cli {

class KeptModels {
 public:
  // At most `most` Models, kept or in use, stay loaded (one per worker): each holds its grids and buffers.
  explicit KeptModels(size_t most) : most_(most) {}
  // A Model of these settings: a kept one of the same program taken over, else a new one (the oldest
  // kept one dropped first when `most` are loaded).
  Model take(RunSettings settings);
  // Keeps `model` for the runs to come.
  void give_back(Model model);
  // A taken Model is not given back: its run failed and left it anywhere.
  void lost();

 private:
  std::mutex mutex_;
  std::deque<Model> kept_;  // the oldest first
  size_t in_use_ = 0;
  const size_t most_;
};

}  // namespace mj::cli
