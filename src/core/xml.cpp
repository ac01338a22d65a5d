#include "core/xml.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/file_bytes.hpp"

namespace mj {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower((unsigned char)c));
  return s;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

bool name_in(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

// ---- XmlDocument ----

std::unique_ptr<XmlDocument> XmlDocument::load_file(const std::filesystem::path& file) {
  std::string text = read_file(file);  // bounded: a device or pipe cannot fill memory
  std::unique_ptr<XmlDocument> doc(new XmlDocument());
  doc->file_ = file.string();
  doc->parse(std::move(text));
  return doc;
}

std::unique_ptr<XmlDocument> XmlDocument::load_string(std::string text, std::string name) {
  std::unique_ptr<XmlDocument> doc(new XmlDocument());
  doc->file_ = std::move(name);
  doc->parse(std::move(text));
  return doc;
}

void XmlDocument::parse(std::string text) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); i++)
    if (text[i] == '\n') line_starts_.push_back(i + 1);
  pugi::xml_parse_result result = doc_.load_buffer(text.data(), text.size());
  if (!result) throw Error(file_, line_of(result.offset), std::string("malformed XML: ") + result.description());
  if (!doc_.document_element()) throw Error(file_, 0, "malformed XML: no root element");
}

int XmlDocument::line_of(ptrdiff_t offset) const {
  if (offset < 0) return 0;
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), size_t(offset));
  return int(it - line_starts_.begin());
}

XmlElement XmlDocument::root() const { return XmlElement(doc_.document_element(), this); }

// ---- XmlElement ----

int XmlElement::line() const { return doc_->line_of(node_.offset_debug()); }
const std::string& XmlElement::file() const { return doc_->file(); }

void XmlElement::fail(const std::string& message) const { throw Error(file(), line(), message); }
void XmlElement::fail(const std::string& message, Setting setting) const {
  throw Error(file(), line(), message, setting);
}

std::optional<std::string> XmlElement::text(const char* attribute) const {
  pugi::xml_attribute a = node_.attribute(attribute);
  if (!a) return std::nullopt;
  return std::string(a.value());
}

std::string XmlElement::str(const char* attribute) const {
  auto value = text(attribute);
  if (!value) fail("<" + std::string(name()) + "> needs the attribute '" + attribute + "'");
  return *value;
}

std::string XmlElement::str(const char* attribute, const std::string& fallback) const {
  return text(attribute).value_or(fallback);
}

int XmlElement::integer(const char* attribute) const {
  std::string value = trim(str(attribute));
  int result = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), result);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size())
    fail("attribute " + std::string(attribute) + "=\"" + value + "\" is not an integer");
  return result;
}

int XmlElement::integer(const char* attribute, int fallback) const {
  return has(attribute) ? integer(attribute) : fallback;
}

double XmlElement::real(const char* attribute, double fallback) const {
  auto value = text(attribute);
  if (!value) return fallback;
  std::string s = trim(*value);
  char* end = nullptr;
  double result = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size())
    fail("attribute " + std::string(attribute) + "=\"" + *value + "\" is not a number");
  return result;
}

bool XmlElement::boolean(const char* attribute, bool fallback) const {
  auto value = text(attribute);
  if (!value) return fallback;
  std::string s = lower(trim(*value));
  if (s == "true") return true;
  if (s == "false") return false;
  fail("attribute " + std::string(attribute) + "=\"" + *value + "\" is not True or False");
}

char XmlElement::symbol(const char* attribute) const {
  std::string value = str(attribute);
  if (value.size() != 1) fail("attribute " + std::string(attribute) + "=\"" + value + "\" must be one character");
  return value[0];
}

char XmlElement::symbol(const char* attribute, char fallback) const {
  return has(attribute) ? symbol(attribute) : fallback;
}

std::vector<std::string_view> XmlElement::attribute_names() const {
  std::vector<std::string_view> names;
  for (pugi::xml_attribute a : node_.attributes()) names.emplace_back(a.name());
  return names;
}

int XmlElement::line_of(std::string_view attribute) const {
  // The document is parsed in place: a name's offset in the text is its distance from the element's name.
  for (pugi::xml_attribute a : node_.attributes())
    if (a.name() == attribute && node_.offset_debug() >= 0)
      return doc_->line_of(node_.offset_debug() + (a.name() - node_.name()));
  return line();
}

std::vector<XmlElement> XmlElement::children() const {
  std::vector<XmlElement> result;
  for (pugi::xml_node child : node_.children())
    if (child.type() == pugi::node_element) result.emplace_back(child, doc_);
  return result;
}

std::vector<XmlElement> XmlElement::children(std::initializer_list<std::string_view> names) const {
  std::vector<XmlElement> result;
  for (const XmlElement& child : children())
    if (name_in(child.name(), names)) result.push_back(child);
  return result;
}

std::vector<XmlElement> XmlElement::descendants(std::initializer_list<std::string_view> through) const {
  std::vector<XmlElement> result;
  std::vector<XmlElement> queue = children(through);
  for (size_t head = 0; head < queue.size(); head++) {
    result.push_back(queue[head]);
    for (const XmlElement& child : queue[head].children(through)) queue.push_back(child);
  }
  return result;
}

}  // namespace mj
