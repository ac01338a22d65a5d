// One step of a program of one rule node on a grid held in one word (each cell in the bits the values
// need): where each rule image holds is found for every corner at once by bit operations on the word
// (a cell-equals-value mask per value, shifted by each tested cell's offset), and each match's write
// is a mask and an or. No allocation per grid. Each thread steps with its own copy (it keeps scratch).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "explore/grid_coding.hpp"
#include "explore/program.hpp"

namespace mj {

class GridStepper {
 public:
  GridStepper(const ExploreProgram& program, const GridCoding& coding);

  // Grid `g`'s successors (words, distinct, in no order) into out[0 .. n), n returned (0: no rule
  // matches, the grid halts). `out` holds at least most() words. An `all` whose matches write a cell in
  // common is an mj::Error at the node's line.
  int successors(uint64_t g, uint64_t* out);
  int most() const { return most_; }
  // Every write makes its cell's value no smaller (greater: no larger) than any value the rule's input
  // accepts there: every successor's number is at least (at most) its grid's.
  bool increasing() const { return increasing_; }
  bool decreasing() const { return decreasing_; }

 private:
  struct Test {
    int shift;  // the tested cell's offset from the corner, in bits
    ValueSet accepted;
  };
  struct Write {
    int shift;
    uint64_t value;
  };
  struct Image {
    uint64_t corners = 0;               // the low bit of each cell where the image fits as a corner
    uint32_t tests = 0, tests_end = 0;  // tests_[tests .. tests_end)
    uint32_t writes = 0, writes_end = 0;
    uint64_t clear = 0, set = 0;  // the write at corner 0: (grid & ~clear) | set
  };

  int kind_ = 0;  // ProgramNode::Kind
  int line_ = 0;
  std::string source_;
  int values_ = 0, bits_ = 1, most_ = 1;
  uint64_t cell_mask_ = 1, lanes_ = 0;  // lanes_: the low bit of every cell
  std::vector<Image> images_;
  std::vector<Test> tests_;
  std::vector<Write> writes_;
  std::vector<std::pair<uint32_t, int>> scan_;  // prl: (image, corner's bit) in the order writes apply
  bool increasing_ = true, decreasing_ = true;
  bool distinct_ = false;  // `one`: no two matches can make the same successor
  // Scratch for one grid.
  std::vector<uint64_t> equal_;  // per value: the low bit of each cell that holds it
  std::vector<uint64_t> holds_;  // per image: the low bit of each corner where it holds

  uint64_t accepting(ValueSet accepted) const {
    uint64_t m = 0;
    for (; accepted != 0; accepted &= accepted - 1) m |= equal_[size_t(std::countr_zero(accepted))];
    return m;
  }
  void add_image(const CompiledRule& rule, bool& changes);
  void match(uint64_t g);
  int one(uint64_t g, uint64_t* out) const;
  int all(uint64_t g, uint64_t* out) const;
  int prl(uint64_t g, uint64_t* out) const;
};

}  // namespace mj
