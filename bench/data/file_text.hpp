#pragma once
// A file's whole content, for data sets and reference vectors read by the benchmarks and tests.
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace bench_io {

// The bytes of the file, or nothing when it cannot be opened.
inline std::optional<std::string> file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace bench_io
