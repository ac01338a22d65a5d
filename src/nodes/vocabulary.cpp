// The one list of what MJ knows. kReads states docs/language/README.md's "Every attribute" table (each row
// the attributes, then where they are read: an element, "PARENT/element" for an element in that parent
// only, "#root" for the root element), and kNotes its notes; tests/docs_test.py checks that the two say
// the same. kChildren is what the loaders read inside each element.
#include "nodes/vocabulary.hpp"

#include <algorithm>
#include <map>

#include "nodes/registry.hpp"

namespace mj {

namespace {

struct Row {
  std::string_view names, places;  // both separated by spaces
};

const Row kReads[] = {
    {"amount", "model"},
    {"backtrack", "wfc"},
    {"black", "convchain"},
    {"bottom", "neighbor"},
    {"color", "path"},
    {"d", "model"},
    {"depthCoefficient", "one all"},
    {"dialect", "#root"},
    {"edges", "path"},
    {"essential", "field"},
    {"file fin fout", "rule map/rule"},
    {"folder", "#root map wfc"},
    {"for", "field"},
    {"from", "field observe path"},
    {"fullSymmetry", "tileset"},
    {"gif gui iso", "model"},
    {"in", "rule map/rule convolution/rule wfc/rule"},
    {"inertia", "path"},
    {"key", "keypress"},
    {"left right", "neighbor"},
    {"legend", "rule map/rule"},
    {"length width height size", "model"},
    {"limit", "one all"},
    {"longest", "path"},
    {"n", "convchain wfc"},
    {"name", "model tile"},
    {"neighborhood", "convolution"},
    {"on", "field path convchain"},
    {"origin", "#root"},
    {"out", "rule map/rule convolution/rule wfc/rule"},
    {"overlap overlapz", "wfc"},
    {"p", "rule convolution/rule"},
    {"periodic", "convolution wfc"},
    {"periodicInput", "wfc"},
    {"pins goal", "model"},
    {"pixelsize", "model"},
    {"recompute", "field"},
    {"sample", "convchain wfc"},
    {"scale", "map"},
    {"search", "one all"},
    {"seeds", "model"},
    {"shannon", "wfc"},
    {"steps", "one all prl convolution convchain model"},
    {"sum", "convolution/rule"},
    {"symbol", "union color"},
    {"symmetry", "one all prl rule sequence markov map wfc keypress"},
    {"temperature", "one all convchain"},
    {"timeout", "event"},
    {"tiles tileset", "wfc"},
    {"to", "field observe path"},
    {"top", "neighbor"},
    {"transparent", "#root map wfc"},
    {"tries", "wfc"},
    {"value", "observe color"},
    {"values", "#root map wfc union convolution/rule"},
    {"vertices", "path"},
    {"weight", "tile rule"},
    {"white", "convchain"},
};

// Notes ("*": on any element): the reference's comment="...", and what its models write for the reader.
const Row kNotes[] = {
    {"comment", "*"},
    {"outputValues", "map wfc"},
    {"regular", "map"},
    {"color", "union"},
};

// The children each element reads ("node": any node). A branch's others are errors (unknown node).
const Row kChildren[] = {
    {"sequence markov keypress", "node union"},
    {"event", "keypress"},
    {"map wfc", "node union rule"},
    {"one all prl", "rule field observe"},
    {"convolution", "rule"},
    {"union", "union"},  // Grid::load looks for unions through unions, as the reference
    {"path convchain rule field observe", ""},
    {"tileset", "tiles neighbors"},
    {"tiles", "tile"},
    {"neighbors", "neighbor"},
    {"tile neighbor color", ""},
    {"models", "model"},
    {"model", "color"},
};

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> result;
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) result.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return result;
}

using Table = std::map<std::string, std::vector<std::string>, std::less<>>;

Table table_of(const Row* rows, size_t count) {
  Table table;
  for (size_t i = 0; i < count; i++)
    for (std::string_view place : words(rows[i].places))
      for (std::string_view name : words(rows[i].names)) table[std::string(place)].emplace_back(name);
  for (auto& [place, names] : table) std::sort(names.begin(), names.end());
  return table;
}

const Table& reads() {
  static const Table table = table_of(kReads, std::size(kReads));
  return table;
}

const Table& notes() {
  static const Table table = table_of(kNotes, std::size(kNotes));
  return table;
}

bool is_rule_node(std::string_view element) { return element == "one" || element == "all" || element == "prl"; }

// The table's keys that hold what `place` reads: its parent's own for it ("convolution/rule") when there
// is one, else its element's, the root's, and a rule's for a rule node that is its own rule.
std::vector<std::string> keys_of(const Place& place) {
  std::string in_parent = std::string(place.parent) + "/" + std::string(place.element);
  if (reads().count(in_parent)) return {in_parent};
  std::vector<std::string> keys{std::string(place.element)};
  if (place.root) keys.emplace_back("#root");
  if (is_rule_node(place.element) && !place.holds_rules) keys.emplace_back("rule");
  return keys;
}

std::string in_words(std::string_view key) {
  if (key == "#root") return "the root";
  size_t slash = key.find('/');
  if (slash == std::string_view::npos) return std::string("<").append(key).append(">");
  return std::string("<").append(key.substr(0, slash)).append(">'s <").append(key.substr(slash + 1)).append(">s");
}

std::vector<std::string> read_at(const Place& place) {
  std::vector<std::string> result;
  for (const std::string& key : keys_of(place)) {
    auto found = reads().find(key);
    if (found != reads().end()) result.insert(result.end(), found->second.begin(), found->second.end());
  }
  std::sort(result.begin(), result.end());
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

}  // namespace

// Kept per place once worked out, in each thread (models load in threads at once): a load then asks a map.
const std::vector<std::string>& attributes_read(const Place& place) {
  thread_local std::map<std::string, std::vector<std::string>, std::less<>> known;
  std::string key = std::string(place.element) + (place.root ? "!" : "/") + std::string(place.parent) +
                    (place.holds_rules ? "+" : "");
  auto found = known.find(key);
  if (found == known.end()) found = known.emplace(std::move(key), read_at(place)).first;
  return found->second;
}

std::string place_in_words(const Place& place) {
  const std::vector<std::string> keys = keys_of(place);
  if (keys.front().find('/') != std::string::npos) return in_words(keys.front());
  std::string element = "<";
  element += place.element;
  return element + ">";
}

bool is_note(const Place& place, std::string_view attribute) {
  for (std::string_view key : {std::string_view("*"), place.element}) {
    auto found = notes().find(key);
    if (found != notes().end() && std::count(found->second.begin(), found->second.end(), attribute)) return true;
  }
  return false;
}

std::vector<std::string> places_reading(std::string_view attribute) {
  std::vector<std::string> result;
  for (const auto& [key, names] : reads())
    if (std::count(names.begin(), names.end(), attribute)) result.push_back(in_words(key));
  return result;
}

bool is_element(std::string_view name) {
  if (is_node_name(name)) return true;
  for (const Row& row : kChildren)
    for (std::string_view element : words(row.names))
      if (element == name) return true;
  return false;
}

const std::vector<std::string>& children_read(std::string_view element) {
  static const Table table = table_of(kChildren, std::size(kChildren));
  static const std::vector<std::string> none;
  // table_of maps children -> elements; turn it round
  static const Table by_element = [] {
    Table t;
    for (const auto& [child, parents] : table)
      for (const std::string& parent : parents) t[parent].push_back(child);
    return t;
  }();
  auto found = by_element.find(element);
  return found == by_element.end() ? none : found->second;
}

}  // namespace mj
