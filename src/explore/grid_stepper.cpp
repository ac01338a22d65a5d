#include "explore/grid_stepper.hpp"

#include <algorithm>
#include <bit>

#include "core/grid.hpp"
#include "mj/error.hpp"

namespace mj {

GridStepper::GridStepper(const ExploreProgram& program, const GridCoding& coding)
    : source_(program.source), values_(program.values), bits_(coding.bits()), cell_mask_(coding.mask()) {
  const ProgramNode* node = nullptr;
  for (const ProgramNode& n : program.nodes)
    if (!n.is_branch()) node = &n;
  kind_ = node->kind, line_ = node->line;
  for (int c = 0; c < program.cells(); c++) lanes_ |= uint64_t(1) << (c * bits_);
  int matches = 0;
  bool changes = true;  // every write changes its cell
  for (const CompiledRule& rule : node->rules) {
    add_image(rule, changes);
    matches += int(rule.corners.size());
  }
  most_ = kind_ == ProgramNode::kOne ? std::max(1, matches) : 1;
  // When every write changes its cell, a successor differs from its grid in the written cells alone,
  // so two matches give the same successor only if they write the same values to the same cells.
  std::vector<std::pair<uint64_t, uint64_t>> made;
  for (const auto& [image, corner] : scan_)
    made.push_back({images_[image].clear << corner, images_[image].set << corner});
  std::sort(made.begin(), made.end());
  distinct_ = changes && std::adjacent_find(made.begin(), made.end()) == made.end();
  equal_.assign(size_t(values_), 0);
  holds_.assign(images_.size(), 0);
}

// A rule image as masks on the grid's word; `changes` and increasing_, decreasing_ cleared where one of
// its writes does not change its cell, lowers it or raises it.
void GridStepper::add_image(const CompiledRule& rule, bool& changes) {
  const ValueSet every = all_values(values_);
  Image m;
  // prl's order: image by image, each image's corners as the reference's scan meets them.
  for (int corner : rule.corners) {
    m.corners |= uint64_t(1) << (corner * bits_);
    scan_.push_back({uint32_t(images_.size()), corner * bits_});
  }
  m.tests = uint32_t(tests_.size());
  for (const CompiledRule::Test& t : rule.tests) tests_.push_back({t.offset * bits_, t.accepted & every});
  m.tests_end = uint32_t(tests_.size());
  m.writes = uint32_t(writes_.size());
  for (const CompiledRule::Write& w : rule.writes) {
    const int shift = w.offset * bits_;
    m.clear |= cell_mask_ << shift;
    m.set = (m.set & ~(cell_mask_ << shift)) | uint64_t(w.value) << shift;
    writes_.push_back({shift, uint64_t(w.value)});
    ValueSet before = every;  // what the input lets the cell hold before the write
    for (const CompiledRule::Test& t : rule.tests)
      if (t.offset == w.offset) before &= t.accepted;
    if (before == 0) continue;
    changes &= (before >> w.value & 1) == 0;
    increasing_ &= w.value >= std::bit_width(before) - 1;
    decreasing_ &= w.value <= std::countr_zero(before);
  }
  m.writes_end = uint32_t(writes_.size());
  images_.push_back(m);
}

void GridStepper::match(uint64_t g) {
  for (int v = 0; v < values_; v++) {
    uint64_t x = g ^ (lanes_ * uint64_t(v)), any = x;
    for (int b = 1; b < bits_; b++) any |= x >> b;
    equal_[size_t(v)] = ~any & lanes_;
  }
  for (size_t i = 0; i < images_.size(); i++) {
    const Image& m = images_[i];
    uint64_t at = m.corners;
    for (uint32_t k = m.tests; k < m.tests_end && at != 0; k++) at &= accepting(tests_[k].accepted) >> tests_[k].shift;
    holds_[i] = at;
  }
}

int GridStepper::successors(uint64_t g, uint64_t* out) {
  match(g);
  switch (kind_) {
    case ProgramNode::kAll: return all(g, out);
    case ProgramNode::kPrl: return prl(g, out);
    default: return one(g, out);
  }
}

// `one`: a successor per match; equal ones (two matches that make the same grid) once.
int GridStepper::one(uint64_t g, uint64_t* out) const {
  int n = 0;
  for (size_t i = 0; i < images_.size(); i++)
    for (uint64_t at = holds_[i]; at != 0; at &= at - 1) {
      const int shift = std::countr_zero(at);
      out[n++] = (g & ~(images_[i].clear << shift)) | images_[i].set << shift;
    }
  if (distinct_ || n < 2) return n;
  std::sort(out, out + n);
  return int(std::unique(out, out + n) - out);
}

// `all`: every match written; two that write the same cell would make the drawn order matter: refused.
int GridStepper::all(uint64_t g, uint64_t* out) const {
  uint64_t cleared = 0, set = 0;
  bool any = false;
  for (size_t i = 0; i < images_.size(); i++)
    for (uint64_t at = holds_[i]; at != 0; at &= at - 1) {
      const int shift = std::countr_zero(at);
      if (cleared & images_[i].clear << shift)
        throw Error(source_, line_,
                    "mj explore cannot enumerate this <all>: matches that write the same cell are applied in a "
                    "random order, which can change the result");
      any = true, cleared |= images_[i].clear << shift, set |= images_[i].set << shift;
    }
  if (!any) return 0;
  out[0] = (g & ~cleared) | set;
  return 1;
}

// `prl`: every match at once, reading the old grid, in the reference's scan order: a later match's
// write wins, but not a write of the value the cell already holds.
int GridStepper::prl(uint64_t g, uint64_t* out) const {
  uint64_t next = g;
  bool any = false;
  for (const auto& [image, corner] : scan_) {
    if ((holds_[image] >> corner & 1) == 0) continue;
    any = true;
    for (uint32_t k = images_[image].writes; k < images_[image].writes_end; k++) {
      const int shift = corner + writes_[k].shift;
      if ((g >> shift & cell_mask_) == writes_[k].value) continue;
      next = (next & ~(cell_mask_ << shift)) | writes_[k].value << shift;
    }
  }
  if (!any) return 0;
  out[0] = next;
  return 1;
}

}  // namespace mj
