#include "mj/batch.hpp"

#include <optional>
#include <utility>

namespace mj {

Model KeptModels::take(RunSettings settings) {
  std::optional<Model> same, dropped;  // dropped outside the lock: freeing a large model takes a while
  {
    std::lock_guard<std::mutex> lock(mutex_);
    in_use_++;
    for (auto it = kept_.begin(); it != kept_.end(); ++it)
      if (same_program(it->settings(), settings)) {
        same.emplace(std::move(*it));
        kept_.erase(it);
        break;
      }
    if (!same && !kept_.empty() && kept_.size() + in_use_ > most_) {
      dropped.emplace(std::move(kept_.front()));
      kept_.pop_front();
    }
  }
  dropped.reset();
  try {
    return same ? Model(std::move(settings), std::move(*same)) : Model(std::move(settings));
  } catch (...) {
    lost();
    throw;
  }
}

void KeptModels::lost() {
  std::lock_guard<std::mutex> lock(mutex_);
  in_use_--;
}

void KeptModels::give_back(Model model) {
  std::lock_guard<std::mutex> lock(mutex_);
  in_use_--;
  kept_.push_back(std::move(model));
}

}  // namespace mj
