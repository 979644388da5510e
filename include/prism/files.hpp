#pragma once
// Reading and writing files by their path, in any format:
//
//   prism::write_file<prism::json>(config, "config.json");
//   auto back = prism::read_file<prism::json, Config>("config.json");
//
// A file that cannot be opened is an io_error that names it. Reads go through the stream read
// (prism::read(value, std::istream&)), so what it accepts, a file accepts.
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "core/api.hpp"

namespace prism {

namespace detail {
inline error file_error(std::string_view format, const std::filesystem::path& path, std::string_view expected,
                        std::string_view why) {
  return error{errc::io_error, 0, {}, format, expected, "\"" + path.string() + "\" (" + std::string(why) + ")"};
}
}  // namespace detail

template <class Format, options Opts = Format::defaults, class T>
status read_file(T& value, const std::filesystem::path& path, const limits& lim = {}) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return detail::file_error(Format::name, path, "a file to read", "cannot open file");
  return read<Format, Opts>(value, in, lim);
}

template <class Format, class T, options Opts = Format::defaults>
result<T> read_file(const std::filesystem::path& path, const limits& lim = {}) {
  result<T> out{std::in_place};
  if (auto st = read_file<Format, Opts>(*out, path, lim); !st) return st.error();
  return out;
}

// Writes `value` to the file at `path`, replacing it.
template <class Format, options Opts = Format::defaults, class T>
status write_file(const T& value, const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return detail::file_error(Format::name, path, "a file to write", "cannot open file");
  if (auto st = write<Format, Opts>(value, out); !st) return st;
  out.close();
  if (!out) return detail::file_error(Format::name, path, "a file to write", "cannot write file");
  return {};
}

}  // namespace prism
