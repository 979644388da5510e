// CBOR integers in struct fields, where the reader takes the usual encodings at its cursor (one
// byte, and argument bytes for 32- and 64-bit fields) and leaves the rest to the general reader:
// every argument width, preferred or not, both signs and the edges of every field type, against
// std::in_range and against the same integer read on its own.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <prism/cbor.hpp>

namespace cbor_integer_fields_test {

struct fields {
  std::int64_t a = 0;
  std::int32_t b = 0;
  std::uint32_t c = 0;
  std::uint64_t d = 0;
  std::int16_t e = 0;
  std::uint8_t f = 0;
};

// An integer as CBOR: major 0 for value, major 1 for -1 - value when negative, with an argument
// of `width` bytes (0: in the initial byte), whichever width holds it.
std::string integer_bytes(bool negative, std::uint64_t argument, unsigned width) {
  const std::uint8_t major = negative ? 0x20 : 0x00;
  std::string out;
  if (width == 0) {
    out.push_back(static_cast<char>(major | argument));
    return out;
  }
  const unsigned info = width == 1 ? 24 : width == 2 ? 25 : width == 4 ? 26 : 27;
  out.push_back(static_cast<char>(major | info));
  for (unsigned k = width; k-- > 0;) out.push_back(static_cast<char>(argument >> (8 * k)));
  return out;
}

unsigned smallest_width(std::uint64_t argument) {
  return argument < 24 ? 0 : argument <= 0xff ? 1 : argument <= 0xffff ? 2 : argument <= 0xffffffff ? 4 : 8;
}

// The value -1 - argument (negative) or argument as T, when it fits.
template <class T>
bool fits(bool negative, std::uint64_t argument, T& out) {
  if (negative) {
    if (argument > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return false;
    const std::int64_t x = -1 - static_cast<std::int64_t>(argument);
    if (!std::in_range<T>(x)) return false;
    out = static_cast<T>(x);
    return true;
  }
  if (!std::in_range<T>(argument)) return false;
  out = static_cast<T>(argument);
  return true;
}

std::uint64_t draw_argument(std::mt19937_64& rng) {
  static const std::uint64_t edges[] = {0, 1, 23, 24, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
                                        0xffffffff, 0x100000000, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff};
  switch (rng() % 3) {
    case 0: return edges[rng() % std::size(edges)];
    case 1: return rng() >> (rng() % 64);
    default: return edges[rng() % std::size(edges)] + rng() % 3 - 1;
  }
}

template <class T>
void check_field(std::mt19937_64& rng, std::size_t field, T fields::*member) {
  for (int round = 0; round < 300; ++round) {
    const bool negative = rng() % 3 == 0;
    const std::uint64_t argument = draw_argument(rng);
    const unsigned least = smallest_width(argument);
    const unsigned widths[] = {0, 1, 2, 4, 8};
    unsigned width = widths[rng() % 5];
    if (width < least) width = least;  // non-preferred widths too, never too narrow
    const std::string value = integer_bytes(negative, argument, width);
    // The map of all six fields, the others 0, this one the value.
    std::string bytes{static_cast<char>(0xa6)};
    for (std::size_t k = 0; k < 6; ++k) {
      bytes += {static_cast<char>(0x61), static_cast<char>('a' + k)};
      bytes += k == field ? value : std::string(1, '\0');
    }
    SCOPED_TRACE(::testing::Message() << "field " << char('a' + field) << (negative ? " -1 - " : " ") << argument << " in " << width << " bytes");
    T expected{};
    const bool in_range = fits(negative, argument, expected);
    const auto in_struct = prism::read<prism::cbor, fields>(bytes);
    const auto alone = prism::read<prism::cbor, T>(value);
    ASSERT_EQ(static_cast<bool>(in_struct), in_range) << (in_struct ? "" : in_struct.error().message());
    ASSERT_EQ(static_cast<bool>(alone), in_range);
    if (in_range) {
      EXPECT_EQ((*in_struct).*member, expected);
      EXPECT_EQ(*alone, expected);
    } else {
      EXPECT_EQ(in_struct.error().code, prism::errc::out_of_range) << in_struct.error().message();
      EXPECT_EQ(in_struct.error().code, alone.error().code);
    }
  }
}

TEST(CborIntegerFields, EveryWidthAndEdgeAgreesWithTheValueAlone) {
  std::mt19937_64 rng(20261130);
  check_field(rng, 0, &fields::a);
  check_field(rng, 1, &fields::b);
  check_field(rng, 2, &fields::c);
  check_field(rng, 3, &fields::d);
  check_field(rng, 4, &fields::e);
  check_field(rng, 5, &fields::f);
}

}  // namespace cbor_integer_fields_test
