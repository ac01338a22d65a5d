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
  check_no_nul(text);
  pugi::xml_parse_result result = doc_.load_buffer(text.data(), text.size());
  if (!result) throw Error(file_, line_of(result.offset), std::string("malformed XML: ") + result.description());
  if (!doc_.document_element()) throw Error(file_, 0, "malformed XML: no root element");
  check_depth();
}

// XML has no NUL character, written or referenced (&#0;): the parser would end a name or value there, and
// what follows it (a division by zero in steps="1&#0;/0") would never be seen.
void XmlDocument::check_no_nul(std::string_view text) const {
  for (size_t at = 0; at < text.size(); at++) {
    if (text[at] == '\0') throw Error(file_, line_of(ptrdiff_t(at)), "malformed XML: a NUL character");
    if (text[at] != '&' || at + 2 >= text.size() || text[at + 1] != '#') continue;
    size_t digits = at + 2;
    const bool hex = text[digits] == 'x' || text[digits] == 'X';
    digits += hex;
    size_t end = digits;
    while (end < text.size() && text[end] == '0') end++;
    if (end > digits && end < text.size() && text[end] == ';')
      throw Error(file_, line_of(ptrdiff_t(at)),
                  "malformed XML: " + std::string(text.substr(at, end + 1 - at)) +
                      " refers to the NUL character, which XML does not allow");
  }
}

// Every walk over a document's elements (the loader, the notices, the 3D test) recurses: a document is
// refused here, by a walk that does not, before any of them can overflow the stack on deep nesting.
void XmlDocument::check_depth() const {
  pugi::xml_node node = doc_.document_element();
  for (int depth = 1; node;) {
    if (node.type() == pugi::node_element && depth > kMaxXmlDepth)
      throw Error(file_, line_of(node.offset_debug()),
                  "elements nested deeper than " + std::to_string(kMaxXmlDepth) + " (<" + node.name() + ">)");
    if (node.first_child()) {
      node = node.first_child(), depth++;
      continue;
    }
    while (node && !node.next_sibling()) node = node.parent(), depth--;
    if (node) node = node.next_sibling();
  }
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

int XmlElement::line_of(std::string_view attribute) const {
  for (pugi::xml_attribute a : node_.attributes())
    if (a.name() == attribute) return line_of(a);
  return line();
}

int XmlElement::line_of(const pugi::xml_attribute& a) const {
  // The document is parsed in place: a name's offset in the text is its distance from the element's name.
  if (node_.offset_debug() < 0) return line();
  return doc_->line_of(node_.offset_debug() + (a.name() - node_.name()));
}

std::vector<std::pair<std::string_view, int>> XmlElement::attribute_lines() const {
  std::vector<std::pair<std::string_view, int>> names;
  for (pugi::xml_attribute a : node_.attributes()) names.emplace_back(a.name(), line_of(a));
  return names;
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
