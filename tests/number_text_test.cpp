// The decimal writers of prism/core against std::to_chars: boundaries of every width and
// seeded random values of every magnitude.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <prism/core/float_text.hpp>
#include <prism/core/integer_text.hpp>

namespace {

template <class T>
std::string prism_text(T v) {
  char buffer[prism::integer_text_room];
  return std::string(buffer, prism::write_integer_text(buffer, v));
}

template <class T>
std::string reference_text(T v) {
  char buffer[32];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

TEST(IntegerText, PowersOfTenAndNeighbours) {
  std::uint64_t p = 1;
  for (int i = 0; i < 20; ++i, p *= 10) {
    for (const std::uint64_t v : {p - 1, p, p + 1, 2 * p - 1, 9 * p}) {
      EXPECT_EQ(prism_text(v), reference_text(v)) << v;
      const auto s = static_cast<std::int64_t>(v);
      if (s >= 0) {
        EXPECT_EQ(prism_text(-s), reference_text(-s)) << -s;
      }
    }
  }
}

TEST(IntegerText, Limits) {
  EXPECT_EQ(prism_text(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(prism_text(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808");
  EXPECT_EQ(prism_text(std::numeric_limits<std::int64_t>::max()), "9223372036854775807");
  EXPECT_EQ(prism_text(std::numeric_limits<std::int8_t>::min()), "-128");
  EXPECT_EQ(prism_text(std::numeric_limits<std::uint8_t>::max()), "255");
  EXPECT_EQ(prism_text(0), "0");
  EXPECT_EQ(prism_text(std::int16_t{-7}), "-7");
}

TEST(IntegerText, SeededRandomValuesOfEveryWidth) {
  std::mt19937_64 rng(20261122);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    ASSERT_EQ(prism_text(v), reference_text(v)) << v;
    const auto s = static_cast<std::int64_t>(rng()) >> (rng() % 64);
    ASSERT_EQ(prism_text(s), reference_text(s)) << s;
  }
}

std::string prism_double(double v) {
  char buffer[prism::double_text_room];
  return std::string(buffer, prism::write_double_text(buffer, v));
}

std::string reference_double(double v) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

double from_bits(std::uint64_t bits) {
  double v;
  std::memcpy(&v, &bits, 8);
  return v;
}

TEST(DoubleText, SpecialValues) {
  for (const double v : {0.0, -0.0, 1.0, -1.0, 0.1, 0.3, 1e15, 1e16, 1e22, 1e23, 123456789012345678.0, 5e-324, 1e-7,
                         2.2250738585072014e-308, 2.2250738585072009e-308, 1.7976931348623157e308, 9007199254740991.0,
                         9007199254740993.0, 0.000001, 1234.5678, 100.0, 1e21, 1.5e300, -65.61361699999999}) {
    EXPECT_EQ(prism_double(v), reference_double(v)) << v;
  }
  EXPECT_EQ(prism_double(1e300), "1e+300");
  EXPECT_EQ(prism_double(5e-324), "5e-324");
  EXPECT_EQ(prism_double(0.1), "0.1");
}

TEST(DoubleText, PowersOfTwoAndTenAndTheirNeighbours) {
  for (int e = -1074; e <= 1023; ++e) {
    const double v = std::ldexp(1.0, e);
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    for (const std::uint64_t b : {bits - 1, bits, bits + 1}) {
      const double x = from_bits(b);
      if (std::isfinite(x)) {
        ASSERT_EQ(prism_double(x), reference_double(x)) << b;
      }
    }
  }
  for (int e = -323; e <= 308; ++e) {
    const double v = std::strtod(("1e" + std::to_string(e)).c_str(), nullptr);
    ASSERT_EQ(prism_double(v), reference_double(v)) << e;
    ASSERT_EQ(prism_double(std::nextafter(v, 0.0)), reference_double(std::nextafter(v, 0.0))) << e;
  }
}

TEST(DoubleText, SeededRandomBitPatterns) {
  std::mt19937_64 rng(20261122);
  for (int i = 0; i < 1000000; ++i) {
    const double v = from_bits(rng());
    if (!std::isfinite(v)) continue;
    ASSERT_EQ(prism_double(v), reference_double(v)) << std::hexfloat << v;
  }
}

TEST(DoubleText, SeededRandomDecimalsOfEveryLength) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 17);
    const int exponent = static_cast<int>(rng() % 60) - 30;
    std::uint64_t mantissa = rng() % 100000000000000000ull;
    for (int d = 17; d > digits; --d) mantissa /= 10;
    const double v = std::stod(std::to_string(mantissa) + "e" + std::to_string(exponent));
    ASSERT_EQ(prism_double(v), reference_double(v)) << mantissa << "e" << exponent;
  }
}

}  // namespace
