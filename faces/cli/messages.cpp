#include "messages.hpp"

#include "mj/failure.hpp"

namespace mj::cli {

std::string error_text(const std::exception_ptr& e) { return failure_of(e, command_line_setting_names()).text; }

}  // namespace mj::cli
