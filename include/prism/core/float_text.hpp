#pragma once
// The shortest decimal text of a double that reads back to the same double, in the form
// std::to_chars(first, last, double) chooses (fixed unless scientific is shorter): the digits
// of shortest_decimal.hpp, written 16 at a time with SSE2 (8 at a time without), then laid out.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "config.hpp"
#include "integer_text.hpp"
#include "shortest_decimal.hpp"

namespace prism {

// Characters the longest double takes ("-2.2250738585072014e-308" is 24), with room for the
// fixed-size copies of the writer.
inline constexpr std::size_t double_text_room = 48;

namespace detail {

#if defined(__SSE2__)
// Bit i set when digit i is not zero.
PRISM_INLINE std::uint32_t nonzero_digits(__m128i values) noexcept {
  return ~static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(values, _mm_setzero_si128()))) & 0xffff;
}
#endif

// d < 10^17 as its first digit and two blocks of eight; the low block needs one division, made
// while the second splits the rest (measured faster than splitting off the first digit first).
struct seventeen_digits {
  std::uint32_t top, middle, low;
};

PRISM_INLINE seventeen_digits split_seventeen_digits(std::uint64_t d) noexcept {
  const std::uint64_t high = d / 100000000;  // below 10^9
  const auto top = static_cast<std::uint32_t>(high / 100000000);
  return {top, static_cast<std::uint32_t>(high - std::uint64_t{top} * 100000000),
          static_cast<std::uint32_t>(d - high * 100000000)};
}

// The 17 digits of d < 10^17, leading zeros included, at out (out[0..25) is written), and how
// many of them are leading and trailing zeros (d > 0).
struct digit_field {
  int leading_zeros;
  int trailing_zeros;
};

// Eight digits at a time in general-purpose registers, for targets without SSE2.
PRISM_INLINE digit_field put_seventeen_digits_portable(char* out, std::uint64_t d) noexcept {
  const auto [top, middle, low] = split_seventeen_digits(d);
  out[0] = static_cast<char>('0' + top);
  const std::uint64_t middle_values = eight_digit_values_portable(middle);
  const std::uint64_t low_values = eight_digit_values_portable(low);
  const std::uint64_t middle_ascii = middle_values | 0x3030303030303030ull;
  const std::uint64_t low_ascii = low_values | 0x3030303030303030ull;
  std::memcpy(out + 1, &middle_ascii, 8);
  std::memcpy(out + 9, &low_ascii, 8);
  digit_field field;
  if (top != 0)
    field.leading_zeros = 0;
  else
    field.leading_zeros = middle != 0 ? 1 + std::countr_zero(middle_values) / 8 : 9 + std::countr_zero(low_values) / 8;
  if (low != 0)
    field.trailing_zeros = std::countl_zero(low_values) / 8;
  else
    field.trailing_zeros = middle != 0 ? 8 + std::countl_zero(middle_values) / 8 : 16;
  return field;
}

PRISM_INLINE digit_field put_seventeen_digits(char* out, std::uint64_t d) noexcept {
#if defined(__SSE2__)
  const auto [top, middle, low] = split_seventeen_digits(d);
  out[0] = static_cast<char>('0' + top);
  const __m128i values = sixteen_digit_values(middle, low);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 1), _mm_or_si128(values, _mm_set1_epi8('0')));
  const std::uint32_t nonzero = (nonzero_digits(values) << 1) | (top != 0 ? 1u : 0u);  // bit i: digit i
  return {std::countr_zero(nonzero), std::countl_zero(nonzero) - 15};
#else
  return put_seventeen_digits_portable(out, d);
#endif
}

#if defined(__SSE2__)
// Where a decimal point goes among 16 digit bytes: the bytes before it stay, the rest move up
// one place; `dot` is '.' at the point and 0xff elsewhere, taken in with an unsigned minimum
// (every digit is above '.').
struct alignas(16) point_layout {
  std::uint8_t before[16];
  std::uint8_t dot[16];
};

inline constexpr auto point_layouts = [] {
  std::array<point_layout, 16> out{};
  for (std::size_t at = 0; at < 16; ++at) {
    for (std::size_t i = 0; i < 16; ++i) {
      out[at].before[i] = i < at ? 0xff : 0;
      out[at].dot[i] = i == at ? '.' : 0xff;
    }
  }
  return out;
}();

// A first digit (0: none, `seventeen` says which) and 16 digit values with a decimal point
// before value `at`: laid out in the register and stored over a store of the values one
// place up, which leaves the last digit in the 18th byte.
PRISM_INLINE void store_digits_with_point(char* p, std::uint32_t top, __m128i values, int seventeen, int at) noexcept {
  const point_layout& layout = point_layouts[static_cast<std::size_t>(at)];
  const __m128i ascii = _mm_or_si128(values, _mm_set1_epi8('0'));
  const __m128i before = _mm_load_si128(reinterpret_cast<const __m128i*>(layout.before));
  const __m128i shifted = _mm_or_si128(_mm_slli_si128(values, 1), _mm_set1_epi8('0'));  // '0', not 0, comes in
  const __m128i moved = _mm_or_si128(_mm_and_si128(before, ascii), _mm_andnot_si128(before, shifted));
  const __m128i laid = _mm_min_epu8(moved, _mm_load_si128(reinterpret_cast<const __m128i*>(layout.dot)));
  p[0] = static_cast<char>('0' + top);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p + seventeen + 1), ascii);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p + seventeen), laid);
}

// How many of 16 digit values at the end are zeros (16 when all are).
PRISM_INLINE int trailing_zero_digits(__m128i values) noexcept {
  return std::countl_zero(nonzero_digits(values) << 16 | 0x8000);
}

// The usual text of measured data from the one-product digits (4.5e15 <= d < 10^17: 16 or 17
// of them, perhaps ending in zeros): the significant ones with the decimal point among them, or
// after "0." and up to three zeros. nullptr for every other form.
PRISM_INLINE char* put_digits_around_point(char* p, std::uint64_t d, int decimal_exponent) noexcept {
  const auto [top, middle, low] = split_seventeen_digits(d);
  const int seventeen = top != 0 ? 1 : 0;
  const __m128i values = sixteen_digit_values(middle, low);
  const int n = 16 + seventeen - trailing_zero_digits(values);
  const int point = 16 + seventeen + decimal_exponent;
  if (point <= 0) {  // 0.ddd, 0.0ddd, ... while not longer than d.ddde-XX (std::to_chars' choice)
    if (2 - point + n > n + (n > 1 ? 1 : 0) + 4) return nullptr;
    std::memcpy(p, "0.000", 5);
    char* const digits = p + 2 - point;
    digits[0] = static_cast<char>('0' + top);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(digits + seventeen), _mm_or_si128(values, _mm_set1_epi8('0')));
    return digits + n;
  }
  if (point >= n) return nullptr;
  store_digits_with_point(p, top, values, seventeen, point - seventeen);
  return p + n + 1;
}

#endif

// d.ddd from the n digits at `digits` (17 bytes readable there), then e+XX, e-XX or e+XXX.
PRISM_INLINE char* put_scientific(char* p, const char* digits, int n, int scientific_exponent) noexcept {
  p[0] = digits[0];
  p[1] = '.';
  std::memcpy(p + 2, digits + 1, 16);
  p += n > 1 ? n + 1 : 1;
  *p++ = 'e';
  *p++ = scientific_exponent < 0 ? '-' : '+';
  unsigned e = static_cast<unsigned>(scientific_exponent < 0 ? -scientific_exponent : scientific_exponent);
  if (e >= 100) {
    *p++ = static_cast<char>('0' + e / 100);
    e %= 100;
  }
  std::memcpy(p, digit_pairs + 2 * e, 2);
  return p + 2;
}

// A finite magnitude as significand * 2^exponent (a double's or a float's fields, the hidden
// bit included; significand 0 for zero).
struct binary_value {
  std::uint64_t significand;
  int exponent;
};

PRISM_INLINE binary_value double_fields(std::uint64_t bits) noexcept {
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>(bits >> 52);
  if (biased == 0) return {fraction, -1074};
  return {fraction | (std::uint64_t{1} << 52), biased - 1075};
}

// Every other form of |v| (its fields) from its digits (the shortest, or with zeros at the end to
// drop): scientific, integers (with ".0" when asked), 0.000ddd, few digits. Out of line, so
// that the usual path needs few registers.
PRISM_NOINLINE inline char* put_decimal_text(char* p, binary_value value, schubfach::decimal shortest,
                                             bool integers_with_point) noexcept {
  if (value.significand == 0) {
    std::memcpy(p, "0.0", 3);
    return p + (integers_with_point ? 3 : 1);
  }
  // 17 digits with leading zeros, then copies of a fixed 24 bytes (whatever follows them is
  // overwritten or beyond the returned end), which compile to a few moves.
  char field[48];
  const auto [leading_zeros, trailing_zeros] = put_seventeen_digits(field, shortest.digits);
  const char* buffer = field + leading_zeros;
  const int n = 17 - leading_zeros - trailing_zeros;  // significant digits
  const int exponent = shortest.exponent + trailing_zeros;
  const int point = n + exponent;  // digits before the decimal point in fixed notation

  if (exponent < 0 && point > 0) {  // ddd.ddd (point < n <= 17), shorter than scientific
    std::memcpy(p, buffer, 24);
    p[point] = '.';
    std::memcpy(p + point + 1, buffer + point, 24);
    return p + n + 1;
  }
  const int scientific_exponent = point - 1;
  const int exponent_digits = scientific_exponent <= -100 || scientific_exponent >= 100 ? 3 : 2;
  const int scientific_size = n + (n > 1 ? 1 : 0) + 2 + exponent_digits;
  const int fixed_size = exponent >= 0 ? n + exponent : 2 - point + n;
  if (scientific_size < fixed_size) return put_scientific(p, buffer, n, scientific_exponent);
  if (exponent >= 0) {  // an integer, written exactly (as printf's %.0f does)
    const int q = value.exponent;
    if (q <= 0) {  // the shortest digits are the integer's own; here n + exponent <= 22
      std::memcpy(p, buffer, 24);
      std::memset(p + n, '0', static_cast<std::size_t>(exponent));
      p += n + exponent;
    } else {  // below 10^22 here (else scientific is shorter), so below 2^74
      const schubfach::uint128 exact = schubfach::uint128{value.significand} << q;
      constexpr std::uint64_t ten_to_16 = 10000000000000000ull;
      if (exact >> 64 == 0) {
        p = write_uint64_text(p, static_cast<std::uint64_t>(exact));
      } else {
        const auto low = static_cast<std::uint64_t>(exact % ten_to_16);
        p = write_uint64_text(p, static_cast<std::uint64_t>(exact / ten_to_16));
        p = put_eight_digits(p, static_cast<std::uint32_t>(low / 100000000));
        p = put_eight_digits(p, static_cast<std::uint32_t>(low % 100000000));
      }
    }
    std::memcpy(p, ".0", 2);
    return p + (integers_with_point ? 2 : 0);
  }
  // 0.000ddd: here -point <= 3
  std::memcpy(p, "0.000", 5);
  std::memcpy(p + 2 - point, buffer, 24);
  return p + 2 - point + n;
}

// Zero, subnormals, powers of two and what the one-product decision leaves: decided exactly.
PRISM_NOINLINE inline char* put_exact_decimal_text(char* p, std::uint64_t bits, bool integers_with_point) noexcept {
  return put_decimal_text(p, double_fields(bits), schubfach::shortest_exactly(bits), integers_with_point);
}

// A double that holds an integer 1 <= i < 2^52 (bits without the sign): every decimal within
// half a unit in the last place of it is i itself or has more digits, so i's digits are the
// shortest, and they are written in fixed notation unless ending in five or more zeros (where
// std::to_chars may choose "1e+05": the exact path decides). Out of line, and the usual
// path's tail call, so that testing for it costs the fractions no registers.
PRISM_NOINLINE inline char* put_integral_double(char* p, std::uint64_t bits, bool integers_with_point) noexcept {
  const int fraction_bits = 1075 - static_cast<int>(bits >> 52);
  const std::uint64_t integer = ((bits & ((std::uint64_t{1} << 52) - 1)) | std::uint64_t{1} << 52) >> fraction_bits;
  if (integer % 100000 == 0) return put_exact_decimal_text(p, bits, integers_with_point);
  p = write_uint64_text(p, integer);
  std::memcpy(p, ".0", 2);
  return p + (integers_with_point ? 2 : 0);
}

}  // namespace detail

// Writes finite v at p (double_text_room bytes available) as std::to_chars(p, end, v) would:
// the shortest digits that read back to v, closest to v when several, in fixed notation unless
// scientific ("1e+300", "5e-324") is shorter. Returns the end. IntegersWithPoint adds ".0" to a
// text with neither a point nor an exponent (JSON readers then keep the value floating-point).
// From the double's bits: callers that hold them in memory pass them without a move through a
// floating-point register (write_double_text below takes the double).
template <bool IntegersWithPoint = false>
inline char* write_double_bits_text(char* p, std::uint64_t bits) noexcept {
  *p = '-';
  p += bits >> 63;
  bits &= ~(std::uint64_t{1} << 63);
  const std::uint64_t fraction_field = bits & ((std::uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>(bits >> 52);
  // 1 <= |v| < 2^52 with no bits below the point (shifted out to the left): an integer.
  if (static_cast<unsigned>(biased - 1023) < 52 && (fraction_field << (biased - 1011)) == 0)
    return detail::put_integral_double(p, bits, IntegersWithPoint);
  detail::schubfach::decimal digits;
  if (biased == 0 || fraction_field == 0 ||
      !detail::schubfach::decide_with_one_product(biased, fraction_field | std::uint64_t{1} << 52, digits)) [[unlikely]]
    return detail::put_exact_decimal_text(p, bits, IntegersWithPoint);
#if defined(__SSE2__)
  if (char* end = detail::put_digits_around_point(p, digits.digits, digits.exponent)) [[likely]]
    return end;
#endif
  return detail::put_decimal_text(p, detail::double_fields(bits), digits, IntegersWithPoint);
}

template <bool IntegersWithPoint = false>
PRISM_INLINE char* write_double_text(char* p, double v) noexcept {
  return write_double_bits_text<IntegersWithPoint>(p, std::bit_cast<std::uint64_t>(v));
}

namespace detail {
// The n digits of a float's shortest decimal (the first, and the up to eight after it in the
// bytes of `rest`) times 10^exponent, in its usual forms: ddd.ddd, 0.ddd, d.ddde+XX, and
// integers below 2^24 (`exact_digits`: the digits are the integer's own). nullptr for the other
// integers, which put_decimal_text writes. The digits stay in registers, stored where they go.
PRISM_INLINE char* put_float_layout(char* p, int n, char first, std::uint64_t rest, int exponent, bool exact_digits,
                                    bool integers_with_point) noexcept {
  const int point = n + exponent;  // digits before the decimal point in fixed notation
  if (exponent < 0 && point > 0) {  // ddd.ddd
    p[0] = first;
    std::memcpy(p + 1, &rest, 8);
    const std::uint64_t after = rest >> (8 * (point - 1));
    p[point] = '.';
    std::memcpy(p + point + 1, &after, 8);
    return p + n + 1;
  }
  const int scientific_exponent = point - 1;  // two digits for every float
  const int scientific_size = n + (n > 1 ? 1 : 0) + 4;
  const int fixed_size = exponent >= 0 ? n + exponent : 2 - point + n;
  if (scientific_size < fixed_size) {  // d.ddde+XX
    p[0] = first;
    p[1] = '.';
    std::memcpy(p + 2, &rest, 8);
    p += n > 1 ? n + 1 : 1;
    p[0] = 'e';
    p[1] = scientific_exponent < 0 ? '-' : '+';
    std::memcpy(p + 2, digit_pairs + 2 * (scientific_exponent < 0 ? -scientific_exponent : scientific_exponent), 2);
    return p + 4;
  }
  if (exponent >= 0) {
    if (!exact_digits) return nullptr;
    p[0] = first;
    std::memcpy(p + 1, &rest, 8);
    std::memset(p + n, '0', static_cast<std::size_t>(exponent));
    p += n + exponent;
    std::memcpy(p, ".0", 2);
    return p + (integers_with_point ? 2 : 0);
  }
  std::memcpy(p, "0.000", 5);  // 0.000ddd: here -point <= 3
  p[2 - point] = first;
  std::memcpy(p + 3 - point, &rest, 8);
  return p + 2 - point + n;
}

// The digits of 0 < d < 10^6 (a short decimal such as 0.1 or 2.5 once its zeros are gone), by
// comparisons that branch: a predicted branch gives the count, and the next value's place,
// before d is known, where a count computed from d waits for the division of its zeros.
PRISM_INLINE int digit_count_below_10_6(std::uint32_t d) noexcept {
  if (d >= 1000) return d >= 100000 ? 6 : d >= 10000 ? 5 : 4;
  return d >= 100 ? 3 : d >= 10 ? 2 : 1;
}

// A float's shortest decimal (digits < 10^9, perhaps ending in zeros) in the forms of
// put_float_layout. The zeros at the end and the digit count are found by tests that branch
// (dividing by 100 and 10, comparing with powers of ten) rather than computed from the digits:
// a writer's next value goes where this one ends, and a predicted branch gives that place long
// before the digits are known. One layout serves every count: a copy per count (with constant
// shifts) saves a few instructions per value at the price of a larger writer.
PRISM_INLINE char* put_float_digits(char* p, schubfach::decimal shortest, bool exact_digits, bool integers_with_point) noexcept {
  auto d = static_cast<std::uint32_t>(shortest.digits);
  int exponent = shortest.exponent;
  if (d == 0) return nullptr;
  // Trailing zeros, two at a time then one: d times the inverse of 25 (or 5) modulo 2^32,
  // rotated right by 2 (or 1), is d / 100 (or d / 10) exactly when that divides d, and is
  // otherwise larger than any quotient could be (Jeon's method, as in Dragonbox).
  for (;;) {
    const std::uint32_t q = std::rotr(d * 0xc28f5c29u, 2);
    if (q > 0xffffffffu / 100) break;
    d = q;
    exponent += 2;
  }
  if (const std::uint32_t q = std::rotr(d * 0xcccccccdu, 1); q <= 0xffffffffu / 10) {
    d = q;
    ++exponent;
  }
  int n;
  char first;
  std::uint64_t rest;
  if (d < 100) {  // one or two digits (0.5, 2.5, 0.25): from the pair table, no digit split
    n = d >= 10 ? 2 : 1;
    first = digit_pairs[2 * d + (d < 10 ? 1 : 0)];
    rest = static_cast<unsigned char>(digit_pairs[2 * d + 1]);
  } else if (d >= 100000000) {
    const std::uint32_t head = d / 100000000;
    n = 9;
    first = static_cast<char>('0' + head);
    rest = eight_digit_values(d - head * 100000000) | 0x3030303030303030ull;
  } else {
    // Eight places, the first 8 - n of them zeros: the digits from the first one on.
    const std::uint64_t values = eight_digit_values(d);
    n = d >= 10000000 ? 8 : d >= 1000000 ? 7 : digit_count_below_10_6(d);
    const std::uint64_t digits = (values | 0x3030303030303030ull) >> (8 * (8 - n));
    first = static_cast<char>(digits);
    rest = digits >> 8;
  }
  return put_float_layout(p, n, first, rest, exponent, exact_digits, integers_with_point);
}
}  // namespace detail

// Finite v as std::to_chars(p, end, v) writes a float: its own shortest digits (those that read
// back to the float, fewer than a double's), in the same forms as write_double_bits_text.
template <bool IntegersWithPoint = false>
inline char* write_float_text(char* p, float v) noexcept {
  const auto bits = std::bit_cast<std::uint32_t>(v);
  *p = '-';
  p += bits >> 31;
  const std::uint32_t fraction = bits & ((std::uint32_t{1} << 23) - 1);
  const int biased = static_cast<int>((bits >> 23) & 0xff);
  const detail::binary_value value = biased == 0 ? detail::binary_value{fraction, -149}
                                                 : detail::binary_value{fraction | (std::uint32_t{1} << 23), biased - 150};
  const detail::schubfach::decimal shortest = detail::schubfach::shortest_float(bits & 0x7fffffffu);
  if (char* end = detail::put_float_digits(p, shortest, value.exponent <= 0, IntegersWithPoint)) [[likely]]
    return end;
  return detail::put_decimal_text(p, value, shortest, IntegersWithPoint);
}

}  // namespace prism
