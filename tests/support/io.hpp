#pragma once
// Small helpers the tests share: a value's encoding (the write is checked), a file's bytes.
#include <gtest/gtest.h>

#include <prism/core/api.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace testing_support {

template <class Format, class T>
std::string encode(const T& value) {
  std::string out;
  EXPECT_TRUE(prism::write<Format>(value, out));
  return out;
}

// The file's bytes, or an empty string when it cannot be opened.
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace testing_support
