// mj: errors carry the file and line they come from, and the setting that would fix them.
#pragma once

#include <stdexcept>
#include <string>

namespace mj {

// The settings a message may ask the user to change. Every face (the CLI, Python, JavaScript, the
// playground) has its own word for each, so the library says which, and the face says how.
enum class Setting { none, size, steps, seed, pixelsize, max_cells, resources };

// A face's words for the settings: a flag, a keyword argument, a control on a page.
struct SettingNames {
  std::string size, steps, seed, pixelsize, max_cells, resources;
  const std::string& operator[](Setting s) const;
};

// The C++ API's own names (LoadOptions::max_cells, RunControl::max_steps, ...).
const SettingNames& cpp_setting_names();

// Every failure mj reports to a caller: a message tied to a source location.
// what() gives "file:line: message" (or "file: message" when the line is unknown).
class Error : public std::runtime_error {
 public:
  Error(std::string file, int line, std::string message);
  // `message` says "{setting}" where the setting's name goes.
  Error(std::string file, int line, std::string message, Setting setting);

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& message() const { return message_; }
  Setting setting() const { return setting_; }
  // The message, and "file:line: message", with a face's name for the setting.
  std::string message(const SettingNames& names) const;
  std::string text(const SettingNames& names) const;

 private:
  std::string file_;
  int line_;
  std::string message_, template_;
  Setting setting_ = Setting::none;
};

}  // namespace mj
