// mj's public API: load a MarkovJunior model, run it with a seed, step it, read the grid.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "mj/error.hpp"

namespace mj {

class XmlDocument;
struct NodeSketch;  // src/nodes/sketch.hpp

struct LoadOptions {
  int mx = 0, my = 0, mz = 1;         // grid size (length, width, height); mz = 1 for 2D
  std::filesystem::path resources;    // folder with rules/, samples/, tilesets/; empty = "resources"
};

// A read-only view of the current grid. Valid until the next step or start.
struct GridView {
  int mx = 0, my = 0, mz = 0;
  std::string legend;              // value index -> symbol
  const uint8_t* cells = nullptr;  // mx*my*mz values, x fastest, then y, then z
  size_t size() const { return size_t(mx) * size_t(my) * size_t(mz); }
};

class Interpreter {
 public:
  // Loads and checks a model; throws mj::Error with file:line on any problem.
  static Interpreter from_file(const std::filesystem::path& model, const LoadOptions& options);
  static Interpreter from_string(const std::string& xml, const LoadOptions& options,
                                 const std::string& name = "<string>");

  Interpreter(Interpreter&&) noexcept;
  Interpreter& operator=(Interpreter&&) noexcept;
  ~Interpreter();

  // Begins a fresh run: the same seed always gives the same run.
  void start(int seed);
  // One interpreter step; false (and nothing done) once the program has finished.
  bool step();
  // start(seed), then steps until the program ends or `max_steps` (<= 0: no limit). Returns steps taken.
  int run(int seed, int max_steps);

  bool finished() const;
  int steps() const;  // steps taken since start
  GridView grid() const;
  // Ask nodes to keep their visible state up to date after every step (for animation).
  void set_animated(bool animated);
  // The node tree and where the run stands, as the reference's GUI sidebar draws it (mj's own tools use it).
  NodeSketch sketch() const;

 private:
  struct Impl;
  explicit Interpreter(std::unique_ptr<Impl> impl);
  static Interpreter from_document(std::unique_ptr<XmlDocument> doc, const LoadOptions& options);
  std::unique_ptr<Impl> impl_;
};

}  // namespace mj
