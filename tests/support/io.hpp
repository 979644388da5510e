#pragma once
// Small helpers the tests share: a value's encoding (the write is checked), bytes as hex and
// back, a file's bytes.
#include <gtest/gtest.h>

#include <prism/core/api.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace testing_support {

template <class Format, class T>
std::string encode(const T& value) {
  std::string out;
  EXPECT_TRUE(prism::write<Format>(value, out));
  return out;
}

// "a1ff" -> the bytes a1 ff.
inline std::string bytes_of(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

// The bytes as lowercase hex digits, two a byte, nothing between them.
inline std::string hex_of(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (const unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
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
