#pragma once
// Whole files and the standard streams as bytes, with errors that name the path.
#include <cstdio>
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
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    why = "cannot read file " + path;
    return std::nullopt;
  }
  return bytes;
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
