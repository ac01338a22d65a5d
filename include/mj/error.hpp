// mj: errors carry the file and line they come from, what kind of failure they are, and the setting
// that would fix them.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace mj {

// The settings a message may ask the user to change. Every face (the CLI, Python, JavaScript, the
// playground) has its own word for each, so the library says which, and the face says how.
enum class Setting { none, size, steps, seed, pixelsize, max_cells, resources, workers, max_states };

// A face's words for the settings: a flag, a keyword argument, a control on a page. A message may also
// point at two of explore's arguments besides its setting: "{depth}" (the pre-image tree's depth) and
// "{only_whether}" (how to ask only whether a grid has a predecessor, mj::a_predecessor).
struct SettingNames {
  std::string size{}, steps{}, seed{}, pixelsize{}, max_cells{}, resources{}, workers{}, max_states{};
  std::string depth = "depth", only_whether = "ask only whether there is one";
  const std::string& operator[](Setting s) const;
};

// The C++ API's own names (LoadOptions::max_cells, RunControl::max_steps, ...).
const SettingNames& cpp_setting_names();
// `mj run`'s flags (--size, --steps, ...), for every face that takes them (the CLI, the .NET console).
const SettingNames& command_line_setting_names();

// What went wrong, so that a face picks its own exception type without reading the message:
// a problem in the model or its resources; a file that is not there; a value the caller gave that mj
// does not take; a file that cannot be read or written; a limit reached (its Setting raises it);
// out of memory; anything else (a bug in mj).
enum class ErrorKind { model, missing_file, argument, io, limit, memory, internal };
// "model", "missing_file", "argument", "io", "limit", "memory", "internal".
std::string_view error_kind_name(ErrorKind kind);

// Every failure mj reports to a caller: a message tied to a source location.
// what() gives "file:line: message" (or "file: message" when the line is unknown).
class Error : public std::runtime_error {
 public:
  Error(std::string file, int line, std::string message, ErrorKind kind = ErrorKind::model);
  // `message` says "{setting}" where the setting's name goes ("{depth}", "{only_whether}": see SettingNames).
  Error(std::string file, int line, std::string message, Setting setting, ErrorKind kind = ErrorKind::limit);

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& message() const { return message_; }
  Setting setting() const { return setting_; }
  ErrorKind kind() const { return kind_; }
  // The message, and "file:line: message", with a face's name for the setting.
  std::string message(const SettingNames& names) const;
  std::string text(const SettingNames& names) const;

 private:
  Error(int line, std::string file, std::string message, Setting setting, ErrorKind kind);  // both one line already

  std::string file_;
  int line_;
  std::string message_, template_;
  Setting setting_ = Setting::none;
  ErrorKind kind_ = ErrorKind::model;
};

// A value the caller gave that mj does not take: an Error of kind argument, with no file.
Error argument_error(std::string message, Setting setting = Setting::none);

}  // namespace mj
