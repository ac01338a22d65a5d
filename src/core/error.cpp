#include "mj/error.hpp"

namespace mj {

namespace {

std::string located(const std::string& file, int line, const std::string& message) {
  std::string text = file.empty() ? std::string("mj") : file;
  if (line > 0) text.append(":").append(std::to_string(line));
  text.append(": ").append(message);
  return text;
}

constexpr std::string_view kPlaceholder = "{setting}";

std::string worded(const std::string& message, const std::string& name) {
  std::string text = message;
  if (size_t at = text.find(kPlaceholder); at != std::string::npos) text.replace(at, kPlaceholder.size(), name);
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
    case Setting::none: break;
  }
  return none;
}

const SettingNames& cpp_setting_names() {
  static const SettingNames names{"LoadOptions::mx, my and mz", "RunControl::max_steps",  "the seed",
                                  "RenderOptions::pixelsize",   "LoadOptions::max_cells", "LoadOptions::resources"};
  return names;
}

Error::Error(std::string file, int line, std::string message) : Error(std::move(file), line, message, Setting::none) {}

Error::Error(std::string file, int line, std::string message, Setting setting)
    : std::runtime_error(located(file, line, worded(message, cpp_setting_names()[setting]))), file_(std::move(file)),
      line_(line), message_(worded(message, cpp_setting_names()[setting])), template_(std::move(message)),
      setting_(setting) {}

std::string Error::message(const SettingNames& names) const { return worded(template_, names[setting_]); }

std::string Error::text(const SettingNames& names) const { return located(file_, line_, message(names)); }

}  // namespace mj
