#include "explore/grid_steps.hpp"

#include <algorithm>
#include <exception>
#include <thread>

#include "core/grid.hpp"
#include "explore/grid_coding.hpp"

namespace mj {

namespace {

// A rule image at one corner, on a grid word.
struct WordMatch {
  uint64_t mask = 0, want = 0;          // input cells of one value: (grid & mask) == want
  uint32_t sets = 0, sets_end = 0;      // input cells of several values (not all): extra_[sets .. sets_end)
  uint64_t clear = 0, set = 0;          // the write: (grid & ~clear) | set
  uint32_t writes = 0, writes_end = 0;  // prl: its written cells one by one, cells_[writes .. writes_end)
};

struct CellTest {
  int shift;
  ValueSet accepted;
};
struct CellWrite {
  int shift;
  uint64_t value;
};

class GridStepper {
 public:
  GridStepper(const ExploreProgram& program, const GridCoding& coding) : coding_(coding), source_(program.source) {
    for (const ProgramNode& n : program.nodes)
      if (!n.is_branch()) node_ = &n;
    const ValueSet every = all_values(program.values);
    for (const CompiledRule& rule : node_->rules)
      for (int corner : rule.corners) {
        WordMatch m;
        m.sets = uint32_t(tests_.size());
        for (const CompiledRule::Test& t : rule.tests) {
          const int shift = (corner + t.offset) * coding.bits();
          const ValueSet accepted = t.accepted & every;
          if (std::has_single_bit(accepted)) {
            m.mask |= coding.mask() << shift;
            m.want |= uint64_t(std::countr_zero(accepted)) << shift;
          } else {
            tests_.push_back({shift, accepted});
          }
        }
        m.sets_end = uint32_t(tests_.size());
        m.writes = uint32_t(writes_.size());
        for (const CompiledRule::Write& w : rule.writes) {
          const int shift = (corner + w.offset) * coding.bits();
          m.clear |= coding.mask() << shift;
          m.set = (m.set & ~(coding.mask() << shift)) | uint64_t(w.value) << shift;
          writes_.push_back({shift, uint64_t(w.value)});
        }
        m.writes_end = uint32_t(writes_.size());
        matches_.push_back(m);
      }
  }

  // Grid `g`'s successors (words, sorted, distinct) into `out`; false when no rule matches: it halts.
  bool successors(uint64_t g, std::vector<uint64_t>& out) const {
    out.clear();
    switch (node_->kind) {
      case ProgramNode::kAll: return all(g, out);
      case ProgramNode::kPrl: return prl(g, out);
      default: break;
    }
    for (const WordMatch& m : matches_)
      if (holds(m, g)) out.push_back((g & ~m.clear) | m.set);
    if (out.size() > 1) {
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    return !out.empty();
  }

 private:
  const GridCoding& coding_;
  std::string source_;
  const ProgramNode* node_ = nullptr;
  std::vector<WordMatch> matches_;  // prl: in the reference's scan order
  std::vector<CellTest> tests_;
  std::vector<CellWrite> writes_;

  bool holds(const WordMatch& m, uint64_t g) const {
    if ((g & m.mask) != m.want) return false;
    for (uint32_t k = m.sets; k < m.sets_end; k++)
      if ((tests_[k].accepted >> (g >> tests_[k].shift & coding_.mask()) & 1u) == 0) return false;
    return true;
  }

  // Every match written; two that write the same cell would make the drawn order matter: refused.
  bool all(uint64_t g, std::vector<uint64_t>& out) const {
    uint64_t cleared = 0, set = 0;
    bool any = false;
    for (const WordMatch& m : matches_) {
      if (!holds(m, g)) continue;
      if (cleared & m.clear)
        throw Error(source_, node_->line,
                    "mj explore cannot enumerate this <all>: matches that write the same cell are applied in a "
                    "random order, which can change the result");
      any = true, cleared |= m.clear, set |= m.set;
    }
    if (any) out.push_back((g & ~cleared) | set);
    return any;
  }

  // Every match at once, reading the old grid: a later one's write wins, but not a write of the value
  // the cell already holds.
  bool prl(uint64_t g, std::vector<uint64_t>& out) const {
    uint64_t next = g;
    bool any = false;
    for (const WordMatch& m : matches_) {
      if (!holds(m, g)) continue;
      any = true;
      for (uint32_t k = m.writes; k < m.writes_end; k++) {
        const CellWrite& w = writes_[k];
        if ((g >> w.shift & coding_.mask()) == w.value) continue;
        next = (next & ~(coding_.mask() << w.shift)) | w.value << w.shift;
      }
    }
    if (any) out.push_back(next);
    return any;
  }
};

// Runs f(begin, end) over `count` grids split among `threads`; the first error of any is thrown.
template <class F>
void split(long long count, int threads, F f) {
  std::vector<std::thread> workers;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
  const long long per = (count + threads - 1) / threads;
  const auto part = [&](int t) {
    try {
      f(per * t, std::min(count, per * (t + 1)));
    } catch (...) {
      errors[size_t(t)] = std::current_exception();
    }
  };
  for (int t = 1; t < threads; t++)
    if (per * t < count) workers.emplace_back(part, t);
  part(0);
  for (std::thread& w : workers) w.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace

StepGraph step_graph(const ExploreProgram& program, long long grids, int threads) {
  const GridCoding coding(program.values, program.cells());
  const GridStepper stepper(program, coding);
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  threads = int(std::min<long long>(threads, std::max(1LL, grids / 4096)));
  StepGraph graph;
  graph.first.assign(size_t(grids) + 1, 0);
  graph.halts.assign(size_t(grids), 0);
  // Counted first, then written where the counts put them: the rows need no joining after.
  split(grids, threads, [&](long long begin, long long end) {
    std::vector<uint64_t> out;
    uint64_t word = coding.word(uint64_t(begin));
    for (long long g = begin; g < end; g++, word = coding.next(word)) {
      graph.halts[size_t(g)] = !stepper.successors(word, out);
      graph.first[size_t(g) + 1] = (long long)out.size();
    }
  });
  for (size_t g = 0; g < size_t(grids); g++) graph.first[g + 1] += graph.first[g];
  graph.to.resize(size_t(graph.first.back()));
  split(grids, threads, [&](long long begin, long long end) {
    std::vector<uint64_t> out;
    uint64_t word = coding.word(uint64_t(begin));
    for (long long g = begin; g < end; g++, word = coding.next(word)) {
      stepper.successors(word, out);
      int* to = graph.to.data() + graph.first[size_t(g)];
      // Words and numbers both have the last cell most significant: ascending words, ascending numbers.
      for (uint64_t s : out) *to++ = int(coding.number(s));
    }
  });
  return graph;
}

}  // namespace mj
