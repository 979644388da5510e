// The decimal writers of prism/core against std::to_chars, and the decimal-to-binary conversion
// (Eisel-Lemire) against std::from_chars: boundaries, ties and seeded random values.
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <prism/core/decimal_to_float.hpp>
#include <prism/core/float_text.hpp>
#include <prism/core/integer_text.hpp>

namespace {

// The inline writer, checked against the one the seldom-taken sites call (write_integer_text_once:
// one function per signedness for 32 and 64 bits).
template <class T>
std::string prism_text(T v) {
  char buffer[prism::integer_text_room];
  const std::string inline_text(buffer, prism::write_integer_text(buffer, v));
  const std::string once_text(buffer, prism::write_integer_text_once(buffer, v));
  EXPECT_EQ(once_text, inline_text) << "write_integer_text_once";
  return inline_text;
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

// The eight digits of v < 10^8 (first digit in the lowest byte), by the vector steps where the
// target has them and by the word steps kept for targets without: both as std::to_chars says.
TEST(IntegerText, EightDigitsAgreeOnEveryPath) {
  std::mt19937 rng(8);
  for (std::uint32_t i = 0; i < 1000000; ++i) {
    const std::uint32_t v = i < 500000 ? i * 199 : static_cast<std::uint32_t>(rng() % 100000000);
    std::string expected = std::to_string(v);
    expected.insert(0, 8 - expected.size(), '0');
    for (const std::uint64_t values : {prism::detail::eight_digit_values(v), prism::detail::eight_digit_values_portable(v)}) {
      const std::uint64_t ascii = values | 0x3030303030303030ull;
      ASSERT_EQ(std::string(reinterpret_cast<const char*>(&ascii), 8), expected) << v;
    }
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

TEST(DoubleText, IntegersWithPointGainDotZero) {
  const auto text = [](double v) {
    char buffer[prism::double_text_room + 2];
    return std::string(buffer, prism::write_double_text<true>(buffer, v));
  };
  EXPECT_EQ(text(0.0), "0.0");
  EXPECT_EQ(text(-0.0), "-0.0");
  EXPECT_EQ(text(123.0), "123.0");
  EXPECT_EQ(text(9007199254740993.0), "9007199254740992.0");
  EXPECT_EQ(text(1e21), "1e+21");
  EXPECT_EQ(text(1.2345678901234568e20), "123456789012345683968.0");
  EXPECT_EQ(text(0.5), "0.5");
  EXPECT_EQ(text(-65.61361699999998), "-65.61361699999998");
  EXPECT_EQ(prism_double(123.0), "123");
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

// Integers below 2^53 take their own digits, unless five or more zeros end them (then
// std::to_chars may choose scientific notation): every count of zeros, both signs, and the
// integers next to 2^53.
TEST(DoubleText, IntegersOfEveryLengthAndTrailingZeros) {
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < 200000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 16);
    std::uint64_t v = rng() % 10000000000000000ull;
    for (int d = 16; d > digits; --d) v /= 10;
    for (std::uint64_t zeros = rng() % 8; zeros > 0 && v < (1ull << 53) / 10; --zeros) v *= 10;
    const double x = static_cast<double>(v) * (rng() % 2 ? 1 : -1);
    ASSERT_EQ(prism_double(x), reference_double(x)) << v;
  }
  for (std::uint64_t v = 1; v <= 200000; ++v) {
    ASSERT_EQ(prism_double(static_cast<double>(v)), reference_double(static_cast<double>(v))) << v;
  }
  for (std::uint64_t v = (1ull << 53) - 1000; v <= (1ull << 53) + 1000; ++v) {
    ASSERT_EQ(prism_double(static_cast<double>(v)), reference_double(static_cast<double>(v))) << v;
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

// Floats have their own shortest digits (write_float_text; every finite float was checked
// against std::to_chars once, outside the tests): here every power of two and its neighbours,
// the integers around 2^24, and seeded random bit patterns.
std::string prism_float(float v) {
  char buffer[prism::double_text_room];
  return std::string(buffer, prism::write_float_text(buffer, v));
}
std::string reference_float(float v) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

TEST(FloatText, SpecialValuesAndPowersOfTwo) {
  for (const float v : {0.0f, -0.0f, 0.1f, 0.3f, 1.0f, 3.4028235e38f, 1.17549435e-38f, 1.4e-45f, 16777216.0f, 16777217.0f,
                        33554436.0f, 123456.7f, 1e10f, 2.5e30f, -7.5f})
    EXPECT_EQ(prism_float(v), reference_float(v)) << v;
  EXPECT_EQ(prism_float(0.1f), "0.1");
  EXPECT_EQ(prism_float(33565872.0f), "33565872");  // an integer above 2^24: its exact value
  for (int e = -149; e <= 127; ++e) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(std::ldexp(1.0f, e));
    for (const std::uint32_t b : {bits - 1, bits, bits + 1}) {
      const float x = std::bit_cast<float>(b);
      if (std::isfinite(x)) {
        ASSERT_EQ(prism_float(x), reference_float(x)) << b;
      }
    }
  }
  for (std::uint32_t i = (1u << 24) - 1000; i < (1u << 26); i += 7) {
    const float x = static_cast<float>(i);
    ASSERT_EQ(prism_float(x), reference_float(x)) << i;
  }
}

// Short decimals (0.1, 2.5, 1234.5: few digits once the zeros are gone) take the branches that
// count up to six digits: every count, at every scale a float's digits come in.
TEST(FloatText, ShortDecimals) {
  for (std::uint32_t k = 1; k < 1000000; k += k < 1000 ? 1 : 37) {
    for (int scale = -12; scale <= 12; ++scale) {
      const float v = static_cast<float>(static_cast<double>(k) * std::pow(10.0, scale));
      ASSERT_EQ(prism_float(v), reference_float(v)) << k << "e" << scale;
      ASSERT_EQ(prism_float(-v), reference_float(-v)) << k << "e" << scale;
    }
  }
}

TEST(FloatText, SeededRandomBitPatterns) {
  std::mt19937 rng(20261128);
  for (int i = 0; i < 1000000; ++i) {
    const float v = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
    if (!std::isfinite(v)) continue;
    ASSERT_EQ(prism_float(v), reference_float(v)) << std::hexfloat << v;
  }
  char buffer[prism::double_text_room + 2];
  EXPECT_EQ(std::string(buffer, prism::write_float_text<true>(buffer, 3.0f)), "3.0");
}

// The floats' one-product decision against their exact path, on a stride through every normal
// float that is not a power of two: 7 to 9 digits, equal to the exact ones but for zeros at the
// end whenever it decides.
TEST(FloatText, OneProductDecidesAsTheExactPath) {
  using namespace prism::detail::schubfach;
  std::size_t decided = 0, declined = 0;
  for (std::uint32_t bits = (1u << 23) + 1; bits < 0x7f800000u; bits += 211) {
    const std::uint32_t t = bits & ((1u << 23) - 1);
    const int biased = static_cast<int>(bits >> 23);
    if (t == 0) continue;
    const std::uint64_t c = t | (1u << 23);
    decimal fast{};
    if (!decide_float_with_one_product(biased, c, fast)) {
      ++declined;
      continue;
    }
    ++decided;
    ASSERT_GE(fast.digits, 1000000u) << bits;
    ASSERT_LT(fast.digits, 1000000000u) << bits;
    decimal exact = to_decimal_of<24, -149>(biased - 150, c);
    for (decimal* d : {&fast, &exact}) {
      while (d->digits % 10 == 0) {
        d->digits /= 10;
        ++d->exponent;
      }
    }
    ASSERT_EQ(fast.digits, exact.digits) << bits;
    ASSERT_EQ(fast.exponent, exact.exponent) << bits;
  }
  EXPECT_GT(decided, 9000000u);
  EXPECT_LT(declined, decided / 100) << declined;
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

// The one-product decision against the exact three-product Schubfach path: 16 or 17 digits,
// equal to it but for zeros at the end whenever it decides, and it declines only values on a
// boundary (never a measured-style coordinate).
std::size_t one_product_disagreements(std::uint64_t bits, std::size_t& declined) {
  using namespace prism::detail::schubfach;
  const std::uint64_t t = bits & ((std::uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased == 0 || biased == 0x7ff || t == 0) return 0;
  const int q = biased - 1075;
  const std::uint64_t c = t | (std::uint64_t{1} << 52);
  decimal fast{};
  if (!decide_with_one_product(biased, c, fast)) {
    ++declined;
    return 0;
  }
  decimal exact = to_decimal(q, c);
  const int fast_digit_count = static_cast<int>(std::to_string(fast.digits).size());
  if (fast_digit_count != 16 && fast_digit_count != 17) return 1;
  for (decimal* d : {&fast, &exact}) {  // the same decimal, perhaps with zeros at the end
    while (d->digits % 10 == 0) {
      d->digits /= 10;
      ++d->exponent;
    }
  }
  return fast.digits != exact.digits || fast.exponent != exact.exponent ? 1 : 0;
}

TEST(DoubleText, OneProductDecidesAsTheExactPath) {
  std::mt19937_64 rng(20261124);
  std::size_t declined = 0;
  for (int i = 0; i < 2000000; ++i) ASSERT_EQ(one_product_disagreements(rng(), declined), 0u);
  EXPECT_LT(declined, 4000u);  // 0.12% seen: exact values with small exponents
  std::size_t measured_declined = 0;
  for (int i = 0; i < 1000000; ++i) {  // coordinates with 14-17 significant digits
    const double v = static_cast<double>(static_cast<std::int64_t>(rng() % 36000000000000000ull) - 18000000000000000ll) /
                     static_cast<double>(std::uint64_t{1} << (rng() % 4)) * 1e-14;
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    ASSERT_EQ(one_product_disagreements(bits & ~(std::uint64_t{1} << 63), measured_declined), 0u) << v;
  }
  EXPECT_LT(measured_declined, 20u);
}

TEST(DoubleText, ExactDecimalsOnTiesAndBoundaries) {
  // Integers above 2^53 end exactly on halves and multiples of ten at their scale; small
  // multiples of powers of two are exact decimals: all must fall back to the exact path.
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200000; ++i) {
    const int shift = static_cast<int>(rng() % 12);
    const double big = std::ldexp(static_cast<double>((rng() >> 11) | (std::uint64_t{1} << 52)), shift);
    ASSERT_EQ(prism_double(big), reference_double(big)) << std::hexfloat << big;
    const double round = static_cast<double>(rng() % 100000 * 100000 + 5) * std::ldexp(1.0, shift + 20);
    ASSERT_EQ(prism_double(round), reference_double(round)) << std::hexfloat << round;
    const double dyadic = std::ldexp(static_cast<double>(rng() % 1000000 + 1), -static_cast<int>(rng() % 40));
    ASSERT_EQ(prism_double(dyadic), reference_double(dyadic)) << std::hexfloat << dyadic;
  }
}

TEST(DoubleText, SeventeenDigitFieldsCountTheirZeros) {
  std::mt19937_64 rng(17);
  for (int i = 0; i < 300000; ++i) {
    std::uint64_t d = rng() % 100000000000000000ull >> (rng() % 57);
    if (i % 4 == 0) d -= d % 1000;  // trailing zeros
    if (d == 0) d = 1;
    std::string expected = std::to_string(d);
    const int digits = static_cast<int>(expected.size());
    expected.insert(0, static_cast<std::size_t>(17 - digits), '0');
    const int trailing = static_cast<int>(expected.size() - 1 - expected.find_last_not_of('0'));
    char simd[48], portable[48];
    const auto field = prism::detail::put_seventeen_digits(simd, d);
    const auto field_portable = prism::detail::put_seventeen_digits_portable(portable, d);
    ASSERT_EQ(std::string(simd, 17), expected);
    ASSERT_EQ(std::string(portable, 17), expected);
    ASSERT_EQ(field.leading_zeros, 17 - digits) << d;
    ASSERT_EQ(field_portable.leading_zeros, 17 - digits) << d;
    ASSERT_EQ(field.trailing_zeros, trailing) << d;
    ASSERT_EQ(field_portable.trailing_zeros, trailing) << d;
  }
}

// w * 10^q through decimal_to_float against std::from_chars of "<w>e<q>": when it gives a
// value, it is the same bits. Returns false when it declined.
template <class F>
bool converts_like_from_chars(std::uint64_t w, int q) {
  const std::string text = std::to_string(w) + "e" + std::to_string(q);
  F expected{};
  const auto r = std::from_chars(text.data(), text.data() + text.size(), expected);
  F got{};
  if (!prism::detail::decimal_to_float(w, q, got)) return false;
  EXPECT_EQ(r.ec, std::errc{}) << text;
  EXPECT_EQ(std::memcmp(&got, &expected, sizeof(F)), 0) << text << ": " << got << " vs " << expected;
  return true;
}

template <class F>
void random_significands_and_exponents(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 400000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::uint64_t low = 1;
    for (int d = 1; d < digits; ++d) low *= 10;
    const std::uint64_t w = low + rng() % (9 * low);  // exactly `digits` digits
    const int q = i % 4 == 0 ? static_cast<int>(rng() % 700) - 350 : static_cast<int>(rng() % 80) - 50;
    (void)converts_like_from_chars<F>(w, q);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(DecimalToFloat, SeededRandomDoubles) { random_significands_and_exponents<double>(20261124); }
TEST(DecimalToFloat, SeededRandomFloats) { random_significands_and_exponents<float>(11); }

// Measured data (17 digits, a few before the point): the fast path decides them, it does not
// hand them all to from_chars. (It declines exact values it cannot tell from their truncated
// product, such as the ties x.5 and x.25 with 17 digits; those end in 5 or 0, left out here.)
TEST(DecimalToFloat, DecidesTheUsualNumbers) {
  std::mt19937_64 rng(3);
  int declined = 0;
  for (int i = 0; i < 200000; ++i) {
    std::uint64_t w = 10000000000000000ull + rng() % 90000000000000000ull;
    if (w % 5 == 0) ++w;
    if (!converts_like_from_chars<double>(w, static_cast<int>(rng() % 30) - 25)) ++declined;
  }
  EXPECT_LT(declined, 20);
}

// Exact midpoints between neighbouring doubles (odd 54-bit m times 2^e, written exactly in
// decimal) round to the even neighbour.
TEST(DecimalToFloat, TiesRoundToEven) {
  std::mt19937_64 rng(5);
  int decided = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t m = (rng() >> 11) | (std::uint64_t{1} << 53) | 1;
    const int e = static_cast<int>(rng() % 22) - 11;
    std::uint64_t w;
    int q = 0;
    if (e >= 0) {
      w = m << e;
    } else {  // m * 2^e = m * 5^-e / 10^-e
      __extension__ unsigned __int128 x = m;
      for (int k = 0; k < -e; ++k) x *= 5;
      if (x >> 64) continue;
      w = static_cast<std::uint64_t>(x);
      q = e;
    }
    while (w % 10 == 0) {
      w /= 10;
      ++q;
    }
    decided += converts_like_from_chars<double>(w, q);
  }
  EXPECT_GT(decided, 1000);
}

TEST(DecimalToFloat, Boundaries) {
  const std::pair<std::uint64_t, int> cases[] = {
      {17976931348623157ull, 292},  // the largest double
      {17976931348623158ull, 292},  // rounds to it
      {17976931348623159ull, 292},  // overflows: declined
      {22250738585072014ull, -324}, // the smallest normal double
      {22250738585072011ull, -324}, // subnormal: declined
      {9007199254740993ull, 0},     // 2^53 + 1: a tie
      {9007199254740995ull, 0},
      {18446744073709551615ull, 0}, // the largest significand
      {18446744073709551615ull, -292},
      {1, 308},
      {1, -292},
      {34028234663852886ull, 22},   // the largest float
      {11754943508222875ull, -54},  // the smallest normal float
  };
  for (const auto& [w, q] : cases) {
    (void)converts_like_from_chars<double>(w, q);
    (void)converts_like_from_chars<float>(w, q);
  }
  double d{};
  EXPECT_TRUE(prism::detail::decimal_to_float(std::uint64_t{17976931348623157ull}, 292, d));
  EXPECT_FALSE(prism::detail::decimal_to_float(std::uint64_t{17976931348623159ull}, 292, d));
  EXPECT_FALSE(prism::detail::decimal_to_float(std::uint64_t{22250738585072011ull}, -324, d));
  EXPECT_FALSE(prism::detail::decimal_to_float(std::uint64_t{1}, 325, d));
  for (int q = -292; q <= 308; ++q) (void)converts_like_from_chars<double>(1, q);
}

}  // namespace
