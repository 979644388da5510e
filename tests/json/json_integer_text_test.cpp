// JSON integers as text: a struct's members (short values inline, longer ones through one shared
// function) and an array's elements (the whole digit code inline) agree with std::to_chars, at
// every digit count and at the edges of each type.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <charconv>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace json_integer_text {

struct Widths {
  std::int8_t i8 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
};

template <class T>
std::string text(T v) {
  char buffer[24];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

std::string expected(const Widths& w) {
  return "{\"i8\":" + text(w.i8) + ",\"u16\":" + text(w.u16) + ",\"i32\":" + text(w.i32) + ",\"u32\":" + text(w.u32) +
         ",\"i64\":" + text(w.i64) + ",\"u64\":" + text(w.u64) + "}";
}

// A value of T with `digits` decimal digits (clamped to T's range), negative when asked and T
// is signed: every digit count gets tested, not only the long values most random draws give.
template <class T>
T with_digits(std::mt19937_64& rng, int digits, bool negative) {
  std::uint64_t low = 1, high = 9;
  for (int d = 1; d < digits; ++d) {
    low = low * 10;
    high = high * 10 + 9;
  }
  if (digits == 1) low = 0;
  if (digits >= 20) high = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t magnitude = low + rng() % (high - low + 1 == 0 ? high : high - low + 1);
  if constexpr (std::is_signed_v<T>) {
    const auto most = static_cast<std::uint64_t>(std::numeric_limits<T>::max());
    if (magnitude > most) magnitude = most;
    return negative ? static_cast<T>(-static_cast<std::int64_t>(magnitude)) : static_cast<T>(magnitude);
  } else {
    return static_cast<T>(std::min<std::uint64_t>(magnitude, std::numeric_limits<T>::max()));
  }
}

TEST(JsonIntegerText, MembersAgreeWithToChars) {
  std::mt19937_64 rng(20261129);
  for (int round = 0; round < 4000; ++round) {
    const int digits = 1 + round % 20;
    const bool negative = (round / 20) % 2 == 1;
    Widths w{with_digits<std::int8_t>(rng, digits, negative),   with_digits<std::uint16_t>(rng, digits, false),
             with_digits<std::int32_t>(rng, digits, negative),  with_digits<std::uint32_t>(rng, digits, false),
             with_digits<std::int64_t>(rng, digits, negative),  with_digits<std::uint64_t>(rng, digits, false)};
    const auto out = prism::write<prism::json>(w);
    ASSERT_TRUE(out);
    ASSERT_EQ(*out, expected(w)) << "round " << round;
  }
}

TEST(JsonIntegerText, MembersAtTheEdges) {
  const std::int64_t i64s[] = {std::numeric_limits<std::int64_t>::min(), -100000, -99999, -1, 0, 9, 10, 99999, 100000, 99999999,
                               100000000, std::numeric_limits<std::int64_t>::max()};
  const std::uint64_t u64s[] = {0, 99999, 100000, 9999999999999999ull, 10000000000000000ull, std::numeric_limits<std::uint64_t>::max()};
  for (const std::int64_t v : i64s) {
    Widths w;
    w.i64 = v;
    w.i32 = static_cast<std::int32_t>(v == std::numeric_limits<std::int64_t>::min() ? std::numeric_limits<std::int32_t>::min() : v % 2147483647);
    EXPECT_EQ(*prism::write<prism::json>(w), expected(w));
  }
  for (const std::uint64_t v : u64s) {
    Widths w;
    w.u64 = v;
    w.u32 = static_cast<std::uint32_t>(v == std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint32_t>::max() : v % 4294967296ull);
    EXPECT_EQ(*prism::write<prism::json>(w), expected(w));
  }
}

TEST(JsonIntegerText, ElementsAgreeWithToChars) {
  std::mt19937_64 rng(7);
  std::vector<std::int64_t> values;
  std::string want = "[";
  for (int i = 0; i < 2000; ++i) {
    values.push_back(with_digits<std::int64_t>(rng, 1 + i % 19, i % 3 == 0));
    want += (i ? "," : "") + text(values.back());
  }
  want += "]";
  EXPECT_EQ(*prism::write<prism::json>(values), want);
}

}  // namespace json_integer_text
