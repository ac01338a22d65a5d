// The checks and conversions every command's options share: given or not, whole numbers in range, paths.
#pragma once

#include <CLI/CLI.hpp>

#include <climits>
#include <optional>
#include <string>

namespace mj::cli {

// An option's value when it was given.
template <class T>
std::optional<T> given(const CLI::App& command, const char* option, T value) {
  return command.count(option) > 0 ? std::optional<T>(value) : std::nullopt;
}

// Integer options are checked on their text, before CLI11 converts them, so that the message says what
// fits (CLI11's own range checks print a double's range, its conversion error says nothing).
CLI::Validator whole_number(long long least, long long most, const std::string& message);

// A count of `unit`: at least 1.
CLI::Validator positive(const std::string& unit, long long most = INT_MAX);

// A seed or step limit: any int.
CLI::Validator any_int();

// A file or folder named on the command line: an empty one (--pins '') names none, where taking it for "not
// given" would run without what was asked for.
CLI::Validator a_path();

}  // namespace mj::cli
