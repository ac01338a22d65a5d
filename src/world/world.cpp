// World: the scheme's chunks made once each, in phases, by a pool of models, and kept for the regions asked.
#include "mj/world.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "mj/error.hpp"
#include "mj/model.hpp"
#include "world/scheme.hpp"
#include "world/world_settings.hpp"

namespace mj {
namespace world {

// Outside the anonymous namespace: World::Impl, which has external linkage, keeps a map with it.
struct ChunkHash {
  size_t operator()(const ChunkIndex& c) const {
    return std::hash<long long>()(c.x * 0x9E3779B97F4A7C15LL ^ c.y * 0xC2B2AE3D27D4EB4FLL ^ c.z);
  }
};

}  // namespace world

namespace {

// How far from the origin a world's region may lie, each way: coordinates stay exact in every face's numbers
// (JavaScript's doubles) and a chunk's cells far from overflow.
constexpr long long kFarthest = 1LL << 40;

std::string span_text(const char* axis, long long a, long long b) {
  return std::string(axis) + " from " + std::to_string(a) + " to " + std::to_string(b);
}

// A region holds cells, within kFarthest of the origin; a 2D world's has z from 0 to 1.
void check_region(const WorldSettings& s, const Region& r) {
  const long long lows[] = {r.x0, r.y0, r.z0}, highs[] = {r.x1, r.y1, r.z1};
  const char* axes[] = {"x", "y", "z"};
  for (int a = 0; a < 3; a++) {
    if (lows[a] >= highs[a])
      throw argument_error("a world's region holds no cells with " + span_text(axes[a], lows[a], highs[a]) +
                           " (the second is left out)");
    if (lows[a] < -kFarthest || highs[a] > kFarthest)
      throw argument_error("a world's region lies within 2^40 cells of its origin, not " +
                           span_text(axes[a], lows[a], highs[a]));
  }
  if (s.dimension == 2 && (r.z0 != 0 || r.z1 != 1))
    throw argument_error("a 2D world's region has z from 0 to 1, not " + span_text("z", r.z0, r.z1));
}

}  // namespace

Region region_of(const WorldSettings& s, const std::vector<long long>& c) {
  const size_t count = s.dimension == 3 ? 6 : 4;
  if (c.size() != count)
    throw argument_error(fmt::format("a {}D world's region is {} numbers, {}, not {}", s.dimension, count,
                                     s.dimension == 3 ? "X0 Y0 Z0 X1 Y1 Z1" : "X0 Y0 X1 Y1", c.size()));
  const Region r = count == 6 ? Region{c[0], c[1], c[2], c[3], c[4], c[5]} : Region{c[0], c[1], 0, c[2], c[3], 1};
  check_region(s, r);
  return r;
}

namespace {

bool before(const ChunkIndex& a, const ChunkIndex& b, int dimension) {
  const int pa = world::phase(a, dimension), pb = world::phase(b, dimension);
  if (pa != pb) return pa < pb;
  if (a.z != b.z) return a.z < b.z;
  return a.y != b.y ? a.y < b.y : a.x < b.x;
}

}  // namespace

struct World::Impl {
  WorldSettings settings;
  std::mutex mutex;                          // guards idle and made
  std::vector<std::unique_ptr<Model>> idle;  // loaded models no thread runs now
  std::unordered_map<ChunkIndex, std::vector<uint8_t>, world::ChunkHash> made;

  std::unique_ptr<Model> borrow() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idle.empty()) {
        std::unique_ptr<Model> m = std::move(idle.back());
        idle.pop_back();
        return m;
      }
    }
    return std::make_unique<Model>(settings.run);
  }
  void give_back(std::unique_ptr<Model> m) {
    std::lock_guard<std::mutex> lock(mutex);
    idle.push_back(std::move(m));
  }

  void make(const World& world, const std::vector<ChunkIndex>& chunks, const WorldControl& control);
  void made_elsewhere(const std::vector<ChunkIndex>& missing, const WorldControl& control);
  void make_phase(const World& world, const std::vector<ChunkIndex>& group, const WorldControl& control,
                  long long& done, long long total);
  std::vector<uint8_t> cut(const Region& r);
  class PhaseRun;
};

World::World(const WorldRequest& request) : impl_(std::make_unique<Impl>()) {
  std::optional<Model> loaded;
  impl_->settings = world::decide_settings(request, loaded);
  impl_->idle.push_back(std::make_unique<Model>(std::move(*loaded)));
}

World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;
World::~World() = default;

const WorldSettings& World::settings() const { return impl_->settings; }

std::vector<ChunkIndex> World::needs(ChunkIndex c) const {
  return world::earlier_neighbours(c, impl_->settings.dimension);
}

namespace {

std::string chunk_name(ChunkIndex c, int dimension) {
  if (dimension == 3) return fmt::format("chunk ({}, {}, {})", c.x, c.y, c.z);
  return fmt::format("chunk ({}, {})", c.x, c.y);
}

Error stopped(const WorldSettings& s) {
  return Error(s.run.source, 0, "the world's region was stopped", ErrorKind::argument);
}

// One run of the chunk, tries from new seeds until one ends without a run notice (a wfc's failed collapse).
std::vector<uint8_t> run_tries(Model& model, const WorldSettings& s, ChunkIndex c, const std::function<bool()>& go_on) {
  std::string last;
  RunControl control;
  control.progress = go_on;
  for (int attempt = 0; attempt < kWorldTries; attempt++) {
    if (model.run(world::chunk_seed(s.seed, c, attempt), {}, control) == RunEnd::stopped) throw stopped(s);
    const std::vector<Notice> notices = model.run_notices();
    if (notices.empty()) {
      const GridView g = model.grid();
      return world::chunk_cells(s, std::vector<uint8_t>(g.cells, g.cells + g.size()));
    }
    last = notices.front().text();
  }
  throw Error(s.run.source, 0,
              chunk_name(c, s.dimension) + " of the world finds no run that meets its neighbours' cells in " +
                  std::to_string(kWorldTries) + " tries (the last: " + last + ")");
}

}  // namespace

// The chunks not made yet, in their order (by phase), each phase's in `control.threads` threads: a chunk's
// needs are all of earlier phases, made before it.
void World::Impl::make(const World& world, const std::vector<ChunkIndex>& chunks, const WorldControl& control) {
  std::vector<ChunkIndex> missing;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const ChunkIndex& c : chunks)
      if (!made.count(c)) missing.push_back(c);
  }
  if (control.elsewhere && !missing.empty()) return made_elsewhere(missing, control);
  long long done = 0;
  const long long total = (long long)missing.size();
  for (size_t first = 0; first < missing.size();) {
    const int p = world::phase(missing[first], settings.dimension);
    size_t last = first;
    while (last < missing.size() && world::phase(missing[last], settings.dimension) == p) last++;
    make_phase(world, {missing.begin() + long(first), missing.begin() + long(last)}, control, done, total);
    first = last;
  }
}

// The chunks handed to `control.elsewhere`, which keep() gave back: one it did not give is an error of the caller's.
void World::Impl::made_elsewhere(const std::vector<ChunkIndex>& missing, const WorldControl& control) {
  control.elsewhere(missing);
  std::lock_guard<std::mutex> lock(mutex);
  for (const ChunkIndex& c : missing)
    if (!made.count(c))
      throw Error(settings.run.source, 0, chunk_name(c, settings.dimension) + " was not made elsewhere",
                  ErrorKind::internal);
}

// One phase's chunks made by `threads` workers taking them in turn; the calling thread waits, telling `control`
// of each chunk made (its callback runs on the caller's thread alone), and stops the workers when it says so or
// one fails. With one thread the caller makes them itself (a WebAssembly build has no other threads).
class World::Impl::PhaseRun {
 public:
  PhaseRun(const World& world, World::Impl& impl, const std::vector<ChunkIndex>& group)
      : world_(world), impl_(impl), group_(group) {}

  void run(int threads, const WorldControl& control, long long& done, long long total) {
    if (threads == 1) {  // the caller's own thread: its callback asked between the steps of a chunk's run too
      const auto go_on = [&] { return !control.progress || control.progress(done, total); };
      for (size_t i = 0; i < group_.size() && !stop_; i++)
        if (make(i, go_on) && control.progress && !control.progress(++done, total)) stop_ = true;
    } else {
      std::vector<std::thread> workers;
      for (int t = 0; t < threads; t++) workers.emplace_back([this] { work(); });
      tell(control, done, total);
      for (std::thread& t : workers) t.join();
    }
    if (failure_) std::rethrow_exception(failure_);
    if (stop_) throw stopped(impl_.settings);
  }

 private:
  void work() {
    const auto go_on = [this] { return !stop_; };
    for (size_t i; !stop_ && (i = next_++) < group_.size();) make(i, go_on), changed_.notify_one();
  }

  bool make(size_t i, const std::function<bool()>& go_on) {
    try {
      std::vector<const std::vector<uint8_t>*> needed;
      {
        std::lock_guard<std::mutex> lock(impl_.mutex);
        for (const ChunkIndex& n : world_.needs(group_[i])) needed.push_back(&impl_.made.at(n));
      }
      std::vector<uint8_t> cells = world_.run_chunk(group_[i], needed, go_on);
      std::lock_guard<std::mutex> lock(impl_.mutex);
      impl_.made.emplace(group_[i], std::move(cells));
      finished_++;
      return true;
    } catch (...) {
      std::lock_guard<std::mutex> lock(impl_.mutex);
      if (!failure_) failure_ = std::current_exception();
      stop_ = true;
      return false;
    }
  }

  void tell(const WorldControl& control, long long& done, long long total) {
    for (size_t seen = 0; seen < group_.size() && !stop_;) {
      std::unique_lock<std::mutex> lock(impl_.mutex);
      // Woken by a chunk made, or every interval: the callback is asked while long chunks run.
      changed_.wait_for(lock, std::chrono::milliseconds(kDefaultProgressMilliseconds),
                        [&] { return finished_ != seen || stop_; });
      done += (long long)(finished_ - seen), seen = finished_;
      lock.unlock();
      if (!stop_ && control.progress && !control.progress(done, total)) stop_ = true;
    }
  }

  const World& world_;
  World::Impl& impl_;
  const std::vector<ChunkIndex>& group_;
  std::atomic<size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::exception_ptr failure_;
  std::condition_variable changed_;
  size_t finished_ = 0;  // guarded by impl_.mutex
};

void World::Impl::make_phase(const World& world, const std::vector<ChunkIndex>& group, const WorldControl& control,
                             long long& done, long long total) {
  const int threads = int(std::clamp<size_t>(size_t(std::max(control.threads, 1)), 1, group.size()));
  PhaseRun(world, *this, group).run(threads, control, done, total);
}

std::vector<uint8_t> World::Impl::cut(const Region& r) {
  const long long k = settings.chunk;
  std::vector<uint8_t> cells(size_t(r.cells()));
  std::lock_guard<std::mutex> lock(mutex);
  size_t i = 0;
  for (long long z = r.z0; z < r.z1; z++)
    for (long long y = r.y0; y < r.y1; y++)
      for (long long x = r.x0; x < r.x1;) {
        const ChunkIndex c{world::floor_div(x, k), world::floor_div(y, k),
                           settings.dimension == 3 ? world::floor_div(z, k) : 0};
        const std::vector<uint8_t>& chunk = made.at(c);
        const long long lx = x - c.x * k, ly = y - c.y * k, lz = z - c.z * k;
        const long long run = std::min(r.x1, (c.x + 1) * k) - x;
        const uint8_t* from = chunk.data() + size_t(lx + k * (ly + k * lz));
        std::copy(from, from + run, cells.begin() + long(i));
        i += size_t(run), x += run;
      }
  return cells;
}

std::vector<uint8_t> World::run_chunk(ChunkIndex c, const std::vector<const std::vector<uint8_t>*>& needed,
                                      const std::function<bool()>& go_on) const {
  const WorldSettings& s = impl_->settings;
  const std::vector<ChunkIndex> neighbours = needs(c);
  const size_t cells = size_t(s.chunk) * size_t(s.chunk) * (s.dimension == 3 ? size_t(s.chunk) : 1);
  if (needed.size() != neighbours.size())
    throw argument_error(chunk_name(c, s.dimension) + " needs the cells of " + std::to_string(neighbours.size()) +
                         " chunks, not " + std::to_string(needed.size()));
  for (const std::vector<uint8_t>* n : needed)
    if (!n || n->size() != cells)
      throw argument_error(chunk_name(c, s.dimension) + " needs chunks of " + std::to_string(cells) + " cells each");
  std::unique_ptr<Model> model = impl_->borrow();
  model->set_pins(world::frame_pins(s, c, neighbours, needed));
  std::vector<uint8_t> result = run_tries(*model, s, c, go_on);
  impl_->give_back(std::move(model));
  return result;
}

void World::keep(ChunkIndex c, std::vector<uint8_t> cells) {
  const WorldSettings& s = impl_->settings;
  const size_t size = size_t(s.chunk) * size_t(s.chunk) * (s.dimension == 3 ? size_t(s.chunk) : 1);
  if (cells.size() != size)
    throw argument_error(chunk_name(c, s.dimension) + " holds " + std::to_string(size) + " cells, not " +
                         std::to_string(cells.size()));
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->made.insert_or_assign(c, std::move(cells));
}

std::vector<ChunkIndex> World::chunks_for(const Region& r) const {
  const WorldSettings& s = impl_->settings;
  const long long k = s.chunk;
  std::unordered_map<ChunkIndex, bool, world::ChunkHash> seen;
  std::vector<ChunkIndex> todo, all;
  const long long z0 = s.dimension == 3 ? world::floor_div(r.z0, k) : 0;
  const long long z1 = s.dimension == 3 ? world::floor_div(r.z1 - 1, k) : 0;
  for (long long z = z0; z <= z1; z++)
    for (long long y = world::floor_div(r.y0, k); y <= world::floor_div(r.y1 - 1, k); y++)
      for (long long x = world::floor_div(r.x0, k); x <= world::floor_div(r.x1 - 1, k); x++) todo.push_back({x, y, z});
  while (!todo.empty()) {
    const ChunkIndex c = todo.back();
    todo.pop_back();
    if (seen.emplace(c, true).second) {
      all.push_back(c);
      for (const ChunkIndex& n : needs(c)) todo.push_back(n);
    }
  }
  std::sort(all.begin(), all.end(),
            [&](const ChunkIndex& a, const ChunkIndex& b) { return before(a, b, s.dimension); });
  return all;
}

void World::forget(std::optional<Region> keep) {
  std::unordered_map<ChunkIndex, bool, world::ChunkHash> kept;
  if (keep) {
    check_region(impl_->settings, *keep);
    for (const ChunkIndex& c : chunks_for(*keep)) kept.emplace(c, true);
  }
  std::lock_guard<std::mutex> lock(impl_->mutex);
  std::erase_if(impl_->made, [&](const auto& m) { return !kept.count(m.first); });
}

std::vector<uint8_t> World::region(const Region& r, const WorldControl& control) {
  const WorldSettings& s = impl_->settings;
  check_region(s, r);
  const long long most = s.run.load.max_cells > 0 ? s.run.load.max_cells : kMaxCells;
  if (r.cells() > most)
    throw Error(s.run.source, 0,
                "a region of " + std::to_string(r.cells()) + " cells is more than {setting} allows (" +
                    std::to_string(most) + "); write it to a file, chunk by chunk",
                Setting::max_cells);
  impl_->make(*this, chunks_for(r), control);
  return impl_->cut(r);
}

}  // namespace mj
