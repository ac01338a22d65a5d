// mj's public API for model lists: models.xml, the list of runs as the reference's console program reads it.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "mj/defaults.hpp"

namespace mj {

struct ModelEntry {
  std::string name;
  int line = 0;  // where the entry is written
  int mx = 0, my = 0, mz = 1;
  int steps = kDefaultSteps;  // <= 0: no limit (as in the reference's models.xml)
  int amount = 2;             // runs, when `seeds` does not list them all
  int pixelsize = kDefaultPixelsize;
  std::vector<int> seeds;  // explicit seeds, used first
  bool gif = false, iso = false;
  int gui = 0;
  std::map<char, uint32_t> colors;  // palette overrides
  // Files of pins and of a goal (RunRequest::pins, goal), relative to the list's folder; empty: none. Read as
  // `mj run` reads them wherever the entry came from a file (mj run MODEL.xml, Python's load, a batch); a page,
  // whose list is text, passes its own. Only at the entry's size: at another they are not read (a notice says so).
  std::string pins, goal;
  std::filesystem::path folder;     // the folder of the list read from a file, where `pins` and `goal` are; else empty
  std::string list;                 // the list's file (or the name its text was given), for notices
  std::map<char, int> color_lines;  // the line of each <color>
};

// Reads every <model> of a models.xml; throws mj::Error with file:line on bad attributes.
std::vector<ModelEntry> load_model_list(const std::filesystem::path& file);
// The same from text in memory; `name` stands for the file in messages.
std::vector<ModelEntry> parse_model_list(const std::string& text, const std::string& name);

// The seed of every run the list asks for, entry by entry (`amount` runs each): an entry's listed
// seeds first, the others drawn from .NET's Random(meta_seed), as the reference's console program
// draws them. Drawn up front, they do not depend on the order runs are made in.
std::vector<int> plan_seeds(const std::vector<ModelEntry>& entries, int meta_seed);

// How many runs a batch makes at once: `requested`, or every core when not given (at least 1).
// Throws mj::Error (kind argument, Setting::workers) for fewer than 1.
int worker_count(std::optional<int> requested);

struct ListedEntry {
  ModelEntry entry;
  std::filesystem::path list;  // the file that lists it
};

// How `mj run MODEL.xml` finds the size, steps and colours of a model given alone: the first entry
// named as the model in models.xml of the model's folder or the one above it (the reference's
// layout), or in demo.xml of its folder (mj's own models/). A list that is there but broken is an
// error (mj::Error with its file and line), not a silent fallback.
std::optional<ListedEntry> find_listed_entry(const std::filesystem::path& model);

}  // namespace mj
