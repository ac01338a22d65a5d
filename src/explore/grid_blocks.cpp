// --all-grids in blocks, for machines that share no memory: the downhill order of grid_dynamics.cpp
// with grids put in blocks by their top cells' values, each block done from the ends of the blocks its
// successors lie in.
#include <algorithm>
#include <bit>
#include <map>

#include "explore/grid_coding.hpp"
#include "explore/grid_dynamics.hpp"
#include "explore/grid_stepper.hpp"
#include "mj/explore.hpp"

namespace mj {

namespace {

// Whether the program's successors are all higher (true) or all lower; else an error at its line.
bool uphill(const ExploreProgram& program) {
  const GridCoding coding(program.values, program.cells());
  const GridStepper stepper(program, coding);
  if (!stepper.increasing() && !stepper.decreasing()) {
    int line = 0;
    for (const ProgramNode& n : program.nodes)
      if (!n.is_branch()) line = n.line;
    program.fail(line,
                 "exploring every grid in blocks needs a program whose every write raises its cell's value, or "
                 "every write lowers it: otherwise runs can go round between blocks");
  }
  return stepper.increasing();
}

std::vector<int> digits(long long n, int values, int count) {
  std::vector<int> d(size_t(count), 0);
  for (int i = 0; i < count; i++, n /= values) d[size_t(i)] = int(n % values);
  return d;
}

}  // namespace

GridBlockPlan grid_block_plan(const RunSettings& settings, int top, const ExploreOptions& options) {
  const AllGrids all = all_grids_of(settings, options);
  const bool up = uphill(all.program);
  const int values = all.program.values;
  top = std::clamp(top, 0, all.program.cells());
  GridBlockPlan plan;
  plan.grids = all.grids, plan.blocks = 1;
  for (int i = 0; i < top; i++) plan.blocks *= values;
  plan.size = plan.grids / plan.blocks;
  plan.levels.resize(size_t(top * (values - 1) + 1));
  plan.needs.resize(size_t(plan.blocks));
  for (long long b = 0; b < plan.blocks; b++) {
    const std::vector<int> mine = digits(b, values, top);
    int sum = 0;
    for (int d : mine) sum += d;
    plan.levels[size_t(up ? top * (values - 1) - sum : sum)].push_back(b);
    for (long long other = 0; other < plan.blocks; other++) {
      if (other == b) continue;
      const std::vector<int> theirs = digits(other, values, top);
      bool beyond = true;
      for (int i = 0; i < top; i++)
        beyond &= up ? theirs[size_t(i)] >= mine[size_t(i)] : theirs[size_t(i)] <= mine[size_t(i)];
      if (beyond) plan.needs[size_t(b)].push_back(other);
    }
  }
  return plan;
}

namespace {

// A block's grids stepped in turn: each grid's successors marked as led to, by block, and where its runs
// end found from theirs (in this block, or in one of the blocks given).
struct BlockSteps {
  const std::string& source;
  const GridBlockPlan& plan;
  GridBlock& own;
  std::vector<const GridBlock*> by_block;
  std::map<long long, std::vector<uint64_t>> led;

  uint32_t ends_of(long long g, const GridCoding& coding, const uint64_t* out, int n) {
    uint32_t ends = kUnset;
    for (int i = 0; i < n; i++) {
      const long long to = (long long)coding.number(out[i]);
      if (to == g) continue;
      const long long b = to / plan.size, at = to % plan.size;
      std::vector<uint64_t>& bits = led[b];
      if (bits.empty()) bits.assign(size_t((plan.size + 63) / 64), 0);
      bits[size_t(at >> 6)] |= uint64_t(1) << (at & 63);
      const GridBlock* holder = b == own.block ? &own : by_block[size_t(b)];
      if (!holder) throw Error(source, 0, "grid_block: block " + std::to_string(b) + " was not given");
      const uint32_t e = holder->ends[size_t(at)];
      ends = ends == kUnset || ends == e ? e : kSeveral;
    }
    return ends == kUnset ? uint32_t(g) : ends;  // no way out: a closed class of its own
  }
};

}  // namespace

GridBlock grid_block(const RunSettings& settings, const GridBlockPlan& plan, long long block,
                     const std::vector<const GridBlock*>& needed) {
  const AllGrids all = all_grids_of(settings, {plan.grids, 1});
  const bool up = uphill(all.program);
  const GridCoding coding(all.program.values, all.program.cells());
  GridStepper stepper(all.program, coding);
  GridBlock own;
  own.block = block;
  own.ends.assign(size_t(plan.size), 0);
  BlockSteps steps{settings.source, plan, own, std::vector<const GridBlock*>(size_t(plan.blocks), nullptr), {}};
  for (const GridBlock* b : needed) steps.by_block[size_t(b->block)] = b;
  std::map<long long, long long> basins;
  std::vector<uint64_t> out(size_t(stepper.most()));
  const long long first = block * plan.size;
  for (long long k = 0; k < plan.size; k++) {
    const long long g = up ? first + plan.size - 1 - k : first + k;
    const int n = stepper.successors(coding.word(uint64_t(g)), out.data());
    own.transitions += n, own.halting += n == 0;
    const uint32_t ends = steps.ends_of(g, coding, out.data(), n);
    own.ends[size_t(g - first)] = ends;
    if (ends == kSeveral) own.undecided++;
    else basins[ends]++;
  }
  own.basins.assign(basins.begin(), basins.end());
  for (auto& [b, bits] : steps.led) own.led_to.push_back({b, std::move(bits)});
  return own;
}

GridDynamics grid_dynamics_of_blocks(const RunSettings& settings, const GridBlockPlan& plan,
                                     const std::vector<const GridBlock*>& blocks) {
  const AllGrids all = all_grids_of(settings, {plan.grids, 1});
  GridDynamics d;
  d.grids = plan.grids;
  std::map<long long, std::vector<uint64_t>> led;
  std::map<long long, long long> basins;
  for (const GridBlock* b : blocks) {
    d.halting += b->halting, d.undecided += b->undecided, d.transitions += b->transitions;
    for (const auto& [first, count] : b->basins) basins[first] += count;
    for (const auto& [block, bits] : b->led_to) {
      std::vector<uint64_t>& all_bits = led[block];
      if (all_bits.empty()) all_bits.assign(bits.size(), 0);
      for (size_t i = 0; i < bits.size(); i++) all_bits[i] |= bits[i];
    }
  }
  long long led_to = 0;
  for (const auto& [block, bits] : led)
    for (uint64_t w : bits) led_to += std::popcount(w);
  d.gardens_of_eden = d.grids - led_to;
  std::vector<FoundClass> found;
  for (const auto& [first, basin] : basins) found.push_back({first, 1, basin});  // downhill: classes of one
  list_classes(all.program, std::move(found), d);
  return d;
}

}  // namespace mj
