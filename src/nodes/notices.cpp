#include "nodes/notices.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "nodes/node.hpp"
#include "nodes/vocabulary.hpp"

namespace mj {

namespace {

char lower(char c) { return char(std::tolower((unsigned char)c)); }

// Optimal string alignment distance, letters compared without case: a swap of two neighbours is one edit.
int distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); i++) d[i][0] = int(i);
  for (size_t j = 0; j <= b.size(); j++) d[0][j] = int(j);
  for (size_t i = 1; i <= a.size(); i++)
    for (size_t j = 1; j <= b.size(); j++) {
      int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

// The closest of `names` to `written`, when it is close enough to be what was meant (a name of one or two
// letters only differs in case: 'd' is not a misspelt 'p').
std::string closest(std::string_view written, const std::vector<std::string>& names) {
  int allowed = written.size() <= 2 ? 0 : written.size() <= 5 ? 1 : 2;
  std::string best;
  int best_distance = allowed + 1;
  for (const std::string& name : names) {
    // The distance is at least the difference in length: most names are passed by without it.
    if (std::abs(int(written.size()) - int(name.size())) >= best_distance) continue;
    if (int d = distance(written, name); d < best_distance) best = name, best_distance = d;
  }
  return best;
}

namespace {

std::string joined(const std::vector<std::string>& items, const char* before = "", const char* after = "") {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + (before + item + after);
  return text;
}

std::string tag(std::string_view name) { return std::string("<").append(name).append(">"); }

bool same_but_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

std::string attribute_message(const Place& place, std::string_view name) {
  const std::vector<std::string>& read = attributes_read(place);
  std::vector<std::string> elsewhere = places_reading(name);
  // Where the element reads a list of its own (a <map>'s <rule>), it is named so: "not read on <rule> (it is
  // read on <rule>)" would contradict itself.
  const std::string here = place_in_words(place);
  std::string text = elsewhere.empty() ? "unknown attribute '" + std::string(name) + "' on " + here
                                       : "attribute '" + std::string(name) + "' is not read on " + here +
                                             " (it is read on " + joined(elsewhere) + ")";
  if (std::string meant = closest(name, read); !meant.empty() && meant != name)
    text += "; did you mean '" + meant + "'?" + (same_but_case(meant, name) ? " (names are case-sensitive)" : "");
  else text += ";";
  return text + " " + tag(place.element) + (read.empty() ? " reads no attributes" : " reads: " + joined(read));
}

// The children `parent` reads, "node" spelt out as the node kinds.
std::vector<std::string> children_of(std::string_view parent) {
  std::vector<std::string> names;
  for (const std::string& child : children_read(parent))
    if (child != "node") names.push_back(child);
    else
      for (std::string_view kind : node_names()) names.emplace_back(kind);
  return names;
}

std::string element_message(std::string_view parent, std::string_view name) {
  std::vector<std::string> read = children_of(parent);
  std::string text = is_element(name) ? "element " + tag(name) + " is not read in " + tag(parent)
                                      : "unknown element " + tag(name) + " in " + tag(parent);
  if (std::string meant = closest(name, read); !meant.empty()) text += "; did you mean " + tag(meant) + "?";
  else text += ";";
  return text + " " + tag(parent) + (read.empty() ? " reads no elements" : " reads: " + joined(read, "<", ">"));
}

void look(const XmlElement& e, Place place, std::vector<Notice>& out) {
  place.holds_rules = !e.children({"rule"}).empty();
  const std::vector<std::string>& read = attributes_read(place);
  for (const auto& [name, line] : e.attribute_lines()) {
    if (!std::binary_search(read.begin(), read.end(), name) && !is_note(place, name))
      out.push_back({e.file(), line, attribute_message(place, name)});
  }
  const std::vector<std::string>& children = children_read(e.name());
  bool nodes = std::binary_search(children.begin(), children.end(), "node");
  for (const XmlElement& child : e.children()) {
    if (std::binary_search(children.begin(), children.end(), child.name()) || (nodes && is_node_name(child.name())))
      look(child, Place{child.name(), e.name(), false}, out);
    else out.push_back({child.file(), child.line(), element_message(e.name(), child.name())});
  }
}

}  // namespace

std::string unknown_node_text(std::string_view name) {
  std::vector<std::string> kinds;
  for (std::string_view kind : node_names()) kinds.emplace_back(kind);
  std::string text = "unknown node " + tag(name);
  if (std::string meant = closest(name, kinds); !meant.empty()) text += "; did you mean " + tag(meant) + "?";
  return text;
}

std::vector<Notice> notices_in(const XmlElement& e, std::string_view parent) {
  std::vector<Notice> notices;
  look(e, Place{e.name(), parent, false}, notices);
  return notices;
}

std::vector<Notice> notices_of(const XmlElement& root) {
  std::vector<Notice> notices;
  look(root, Place{root.name(), "", true}, notices);
  return notices;
}

}  // namespace mj
