// XML access with line numbers: every attribute read can fail with file:line.
#pragma once

#include <pugixml.hpp>

#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mj/error.hpp"

namespace mj {

class XmlDocument;

// A view of one element of a loaded document. Cheap to copy; valid while its document lives.
class XmlElement {
 public:
  XmlElement(pugi::xml_node node, const XmlDocument* doc) : node_(node), doc_(doc) {}

  std::string_view name() const { return node_.name(); }
  int line() const;
  const std::string& file() const;
  bool has(const char* attribute) const { return bool(node_.attribute(attribute)); }
  // The line where `attribute` (one written on it) is written: an element's attributes may span lines.
  int line_of(std::string_view attribute) const;
  // Each attribute's name and line, in order: the lines of many at once, in one pass.
  std::vector<std::pair<std::string_view, int>> attribute_lines() const;

  // Typed attribute reads. The defaulted form returns `fallback` when absent;
  // the other throws when absent. Both throw on text that does not parse.
  std::optional<std::string> text(const char* attribute) const;
  std::string str(const char* attribute) const;
  std::string str(const char* attribute, const std::string& fallback) const;
  int integer(const char* attribute) const;
  int integer(const char* attribute, int fallback) const;
  double real(const char* attribute, double fallback) const;
  bool boolean(const char* attribute, bool fallback) const;
  char symbol(const char* attribute) const;
  char symbol(const char* attribute, char fallback) const;

  std::vector<XmlElement> children() const;
  std::vector<XmlElement> children(std::initializer_list<std::string_view> names) const;
  // Breadth-first descendants reachable through elements named in `through` (the start excluded).
  std::vector<XmlElement> descendants(std::initializer_list<std::string_view> through) const;

  [[noreturn]] void fail(const std::string& message) const;
  // The same, for a message that names a setting the user can change ("{setting}" in it).
  [[noreturn]] void fail(const std::string& message, Setting setting) const;

 private:
  int line_of(const pugi::xml_attribute& a) const;

  pugi::xml_node node_;
  const XmlDocument* doc_;
};

// The deepest a document's elements may nest: walks over them recurse (nodes nest at most 64 deep).
constexpr int kMaxXmlDepth = 256;

// A parsed document that remembers where each line starts, to turn offsets into line numbers.
class XmlDocument {
 public:
  static std::unique_ptr<XmlDocument> load_file(const std::filesystem::path& file);
  static std::unique_ptr<XmlDocument> load_string(std::string text, std::string name);

  XmlElement root() const;
  const std::string& file() const { return file_; }
  int line_of(ptrdiff_t offset) const;

 private:
  XmlDocument() = default;
  void parse(std::string text);
  void check_depth() const;
  void check_no_nul(std::string_view text) const;

  std::string file_;
  pugi::xml_document doc_;
  std::vector<size_t> line_starts_;
};

}  // namespace mj
