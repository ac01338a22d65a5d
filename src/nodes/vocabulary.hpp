// What MJ knows of its language: the elements, the children each reads, and where each attribute is read,
// in one table (vocabulary.cpp) that the language reference's "Every attribute" table states row for row
// (tests/docs_test.py holds the two together), the table the playground's completion and marks read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mj {

// An element where it is written: its name, its parent's ("" for the root), whether it is the root, and
// whether it has <rule> children (a rule node without them is its own rule).
struct Place {
  std::string_view element, parent;
  bool root = false;
  bool holds_rules = false;
};

// The attributes read at `place`, sorted (a rule node's include a rule's when it is its own rule).
const std::vector<std::string>& attributes_read(const Place& place);
// The element at `place` in words: "<one>", or "<map>'s <rule>s" where its parent gives it a list of its own.
std::string place_in_words(const Place& place);
// A note at `place`: written for the reader (comment="..."), read by no interpreter, passed by in silence.
bool is_note(const Place& place, std::string_view attribute);
// Where `attribute` is read, in words ("<one>", "<convolution>'s <rule>s", "the root"); empty: nowhere.
std::vector<std::string> places_reading(std::string_view attribute);

// Whether MJ has an element of this name (a node, rule, field, observe, union, or one of a tileset's or
// models.xml's).
bool is_element(std::string_view name);
// The children `element` reads, sorted; "node" stands for any node.
const std::vector<std::string>& children_read(std::string_view element);

}  // namespace mj
