#pragma once
// Whole files and the standard streams as bytes, with errors that name the path.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

namespace prism_tool {

// "-" or empty: standard input.
inline std::optional<std::string> read_all(const std::string& path, std::string& why) {
  if (path.empty() || path == "-") {
    std::ostringstream all;
    all << std::cin.rdbuf();
    return std::move(all).str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    why = "cannot open file " + path;
    return std::nullopt;
  }
  std::string bytes;
  std::error_code ec;
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size > 0) {  // a regular file: one read
    bytes.resize(static_cast<std::size_t>(size));
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    if (in.eof()) in.clear();
  }
  bytes.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());  // what a pipe or a growing file holds
  if (in.bad()) {
    why = "cannot read file " + path;
    return std::nullopt;
  }
  return bytes;
}

// The size of the file at `path` (0 for standard input or when unknown).
inline std::size_t input_size(const std::string& path) {
  if (path.empty() || path == "-") return 0;
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  return ec ? 0 : static_cast<std::size_t>(size);
}

inline bool write_all(const std::string& path, const std::string& bytes, std::string& why) {
  if (path.empty() || path == "-") {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
    if (!std::cout) why = "cannot write to standard output";
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  if (out) out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) why = "cannot write file " + path;
  return static_cast<bool>(out);
}

}  // namespace prism_tool
