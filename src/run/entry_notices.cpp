#include "run/entry_notices.hpp"

#include "core/xml.hpp"
#include "nodes/notices.hpp"

namespace mj {

namespace {

// The notices of the entry's element in its list: nothing when the list cannot be read again (it was read
// once; a list changed since is no reason to fail a run).
std::vector<Notice> element_notices(const ModelEntry& e) {
  if (e.folder.empty()) return {};
  try {
    const auto list = XmlDocument::load_file(e.list);
    for (const XmlElement& model : list->root().children({"model"}))
      if (model.line() == e.line) return notices_in(model, list->root().name());
  } catch (const Error&) {
  }
  return {};
}

std::string sides(int mx, int my, int mz) {
  std::string text = std::to_string(mx) + "x" + std::to_string(my);
  if (mz > 1) (text += 'x') += std::to_string(mz);
  return text;
}

}  // namespace

std::vector<Notice> entry_notices(const RunSettings& s, const RunRequest& r, const std::string& symbols) {
  if (!s.entry) return {};
  const ModelEntry& e = s.entry->entry;
  std::vector<Notice> notices = element_notices(e);
  for (const auto& [symbol, line] : e.color_lines)
    if (symbols.find(symbol) == std::string::npos)
      notices.push_back({e.list, line,
                         "a colour for '" + std::string(1, symbol) + "', a symbol " + s.name +
                             " does not have (it has " + symbols + "): nothing is drawn in it"});
  const bool at_its_size = s.load.mx == e.mx && s.load.my == e.my && s.load.mz == e.mz;
  const auto dropped = [&](const std::string& file, bool given, const std::string& what) {
    if (file.empty() || given || at_its_size || e.folder.empty()) return;
    const bool many = what == "pins";
    notices.push_back({e.list, e.line,
                       "the entry's " + what + " " + file + (many ? " are" : " is") + " for its " +
                           sides(e.mx, e.my, e.mz) + " grid, not this " + sides(s.load.mx, s.load.my, s.load.mz) +
                           " one: " + (many ? "they are" : "it is") + " not read (run at " + sides(e.mx, e.my, e.mz) +
                           " for " + (many ? "them" : "it") + ", or give " + what + " of this size)"});
  };
  dropped(e.pins, !r.pins.empty() || r.own_pins, "pins");
  dropped(e.goal, !r.goal.empty() || r.own_goal, "goal");
  return notices;
}

}  // namespace mj
