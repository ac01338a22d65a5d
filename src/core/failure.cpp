#include "mj/failure.hpp"

#include <filesystem>
#include <new>
#include <system_error>

namespace mj {

namespace {

Failure plain(ErrorKind kind, std::string file, std::string message) {
  Failure f{kind, std::move(file), 0, std::move(message), {}, Setting::none};
  f.text = (f.file.empty() ? std::string("mj") : f.file) + ": " + f.message;
  return f;
}

Failure translate(const std::exception_ptr& error, const SettingNames& names) {
  try {
    std::rethrow_exception(error);
  } catch (const Error& e) {
    return {e.kind(), e.file(), e.line(), e.message(names), e.text(names), e.setting()};
  } catch (const std::bad_alloc&) {
    return plain(ErrorKind::memory, "", "out of memory");
  } catch (const std::filesystem::filesystem_error& e) {
    const bool missing = e.code() == std::errc::no_such_file_or_directory;
    return plain(missing ? ErrorKind::missing_file : ErrorKind::io, e.path1().string(), e.code().message());
  } catch (const std::invalid_argument& e) {
    return plain(ErrorKind::argument, "", e.what());
  } catch (const std::out_of_range& e) {
    return plain(ErrorKind::argument, "", e.what());
  } catch (const std::exception& e) {
    return plain(ErrorKind::internal, "", e.what());
  } catch (...) {
    return plain(ErrorKind::internal, "", "unknown failure");
  }
}

}  // namespace

Failure failure_of(const std::exception_ptr& error, const SettingNames& names) noexcept {
  try {
    return translate(error, names);
  } catch (...) {  // no memory even for the message: the kind still says what happened
    Failure f;
    f.kind = ErrorKind::memory;
    return f;
  }
}

}  // namespace mj
