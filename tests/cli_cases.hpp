// The CLI's bad-input cases, kept as data (tests/cli_errors.xml for `mj run`, which the Python tests read too;
// tests/world_errors.xml for `mj world`): each a name, a model file's text, the arguments and part of the message.
#pragma once

#include <pugixml.hpp>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace mjtest {

struct CliCase {
  std::string name;
  std::string model;   // model file text (empty: the file is missing)
  std::string args;    // extra arguments
  std::string expect;  // part of the message
};

// The cases of tests/FILE.
inline std::vector<CliCase> cli_cases(const std::string& file) {
  pugi::xml_document doc;
  const auto path = std::filesystem::path(MJ_SOURCE_DIR) / "tests" / file;
  if (!doc.load_file(path.c_str())) throw std::runtime_error("cannot read " + path.string());
  std::vector<CliCase> cases;
  for (pugi::xml_node c : doc.child("cases").children("case"))
    cases.push_back({c.attribute("name").value(), c.child_value("model"), c.attribute("args").value(),
                     c.attribute("expect").value()});
  return cases;
}

}  // namespace mjtest
