#include "mj/error.hpp"

#include "core/one_line.hpp"

namespace mj {

namespace {

std::string located(const std::string& file, int line, const std::string& message) {
  std::string text = file.empty() ? std::string("mj") : file;
  if (line > 0) text.append(":").append(std::to_string(line));
  text.append(": ").append(message);
  return text;
}

void replace(std::string& text, std::string_view placeholder, const std::string& name) {
  if (size_t at = text.find(placeholder); at != std::string::npos) text.replace(at, placeholder.size(), name);
}

// The message in a face's words: its name for the setting, and for the arguments a message points at.
std::string worded(const std::string& message, const SettingNames& names, Setting setting) {
  std::string text = message;
  replace(text, "{setting}", names[setting]);
  replace(text, "{depth}", names.depth);
  replace(text, "{only_whether}", names.only_whether);
  return text;
}

}  // namespace

const std::string& SettingNames::operator[](Setting s) const {
  static const std::string none;
  switch (s) {
    case Setting::size: return size;
    case Setting::steps: return steps;
    case Setting::seed: return seed;
    case Setting::pixelsize: return pixelsize;
    case Setting::max_cells: return max_cells;
    case Setting::resources: return resources;
    case Setting::workers: return workers;
    case Setting::max_states: return max_states;
    case Setting::none: break;
  }
  return none;
}

const SettingNames& cpp_setting_names() {
  static const SettingNames names{"LoadOptions::mx, my and mz", "RunControl::max_steps",     "the seed",
                                  "RenderOptions::pixelsize",   "LoadOptions::max_cells",    "LoadOptions::resources",
                                  "the number of workers",      "ExploreOptions::max_states"};
  return names;
}

const SettingNames& command_line_setting_names() {
  static const SettingNames names{"--size (or --length, --width, --height)",
                                  "--steps",
                                  "--seed",
                                  "--pixelsize",
                                  "--max-cells",
                                  "--resources",
                                  "--jobs",
                                  "--max-states",
                                  "--backward",
                                  "--garden-of-eden to ask only whether there is one"};
  return names;
}

std::string_view error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::model: return "model";
    case ErrorKind::missing_file: return "missing_file";
    case ErrorKind::argument: return "argument";
    case ErrorKind::io: return "io";
    case ErrorKind::limit: return "limit";
    case ErrorKind::memory: return "memory";
    case ErrorKind::internal: break;
  }
  return "internal";
}

Error::Error(std::string file, int line, std::string message, ErrorKind kind)
    : Error(std::move(file), line, std::move(message), Setting::none, kind) {}

// The file and message escaped where they hold what would break the one line (core/one_line.hpp).
Error::Error(std::string file, int line, std::string message, Setting setting, ErrorKind kind)
    : Error(line, one_line(file), one_line(message), setting, kind) {}

Error::Error(int line, std::string file, std::string message, Setting setting, ErrorKind kind)
    : std::runtime_error(located(file, line, worded(message, cpp_setting_names(), setting))), file_(std::move(file)),
      line_(line), message_(worded(message, cpp_setting_names(), setting)), template_(std::move(message)),
      setting_(setting), kind_(kind) {}

std::string Error::message(const SettingNames& names) const { return worded(template_, names, setting_); }

std::string Error::text(const SettingNames& names) const { return located(file_, line_, message(names)); }

Error argument_error(std::string message, Setting setting) {
  return Error("", 0, std::move(message), setting, ErrorKind::argument);
}

}  // namespace mj
