#include "messages.hpp"

#include "mj/error.hpp"

namespace mj::cli {

namespace {

const SettingNames& cli_names() {
  static const SettingNames names{
      "--size (or --length, --width, --height)", "--steps", "--seed", "--pixelsize", "--max-cells", "--resources"};
  return names;
}

}  // namespace

std::string error_text(const std::exception& e) {
  if (const auto* error = dynamic_cast<const Error*>(&e)) return error->text(cli_names());
  return std::string("mj: ") + e.what();
}

}  // namespace mj::cli
