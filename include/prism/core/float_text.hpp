#pragma once
// The shortest decimal text of a double that reads back to the same double, in the form
// std::to_chars(first, last, double) chooses (fixed unless scientific is shorter), from
// R. Giulietti's Schubfach algorithm ("The Schubfach way to render doubles", 2020): three
// 128-bit multiplications by a power of ten, no loop over digits, no big-number arithmetic at
// run time. The 617 powers of ten come from pow10_table.hpp (computed at compile time).
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "config.hpp"
#include "integer_text.hpp"
#include "pow10_table.hpp"

namespace prism {

// Characters the longest double takes ("-2.2250738585072014e-308" is 24), with room for the
// fixed-size copies of the writer.
inline constexpr std::size_t double_text_room = 48;

namespace detail::schubfach {

using pow10::uint128;
using pow10::floor_log10_pow2;
using pow10::floor_log10_three_quarters_pow2;
using pow10::floor_log2_pow10;

inline constexpr int k_min = -pow10::e_max;  // the decimal exponents whose 10^-k scale the doubles
inline constexpr int k_max = -pow10::e_min;

struct pow10_entry {
  std::uint64_t high, low;  // g = floor(10^-k * 2^-r) + 1 with 2^125 <= g < 2^126
};

// From the shared truncated significands: g = floor(t / 4) + 1.
inline constexpr auto pow10_table = [] {
  std::array<pow10_entry, k_max - k_min + 1> out{};
  for (int k = k_min; k <= k_max; ++k) {
    const auto& t = pow10::of(-k);
    const uint128 g = ((uint128{t.high} << 64 | t.low) >> 2) + 1;
    out[static_cast<std::size_t>(k - k_min)] = {static_cast<std::uint64_t>(g >> 64), static_cast<std::uint64_t>(g)};
  }
  return out;
}();

// g * cp / 2^127, rounded to odd: its last bit also says whether anything below it was lost.
PRISM_INLINE std::uint64_t round_to_odd(const pow10_entry& g, std::uint64_t cp) noexcept {
  const uint128 low_part = (uint128{g.low} * cp) >> 64;
  const uint128 sum = uint128{g.high} * cp + low_part;
  const auto value = static_cast<std::uint64_t>(sum >> 63);
  const bool sticky = (static_cast<std::uint64_t>(sum) & ((std::uint64_t{1} << 63) - 1)) != 0;
  return value | (sticky ? 1u : 0u);
}

struct decimal {
  std::uint64_t digits;
  int exponent;  // value = digits * 10^exponent
};

// The shortest decimal in the rounding interval of c * 2^q, the closest one if several.
PRISM_INLINE decimal to_decimal(int q, std::uint64_t c) noexcept {
  constexpr std::uint64_t c_min = std::uint64_t{1} << 52;
  constexpr int q_min = -1074;
  const std::uint64_t out = c & 1;
  const std::uint64_t cb = c << 2;
  const std::uint64_t cbr = cb + 2;
  std::uint64_t cbl;
  int k;
  if (c != c_min || q == q_min) {
    cbl = cb - 2;
    k = floor_log10_pow2(q);
  } else {
    cbl = cb - 1;
    k = floor_log10_three_quarters_pow2(q);
  }
  const int h = q + floor_log2_pow10(-k) + 2;
  const pow10_entry& g = pow10_table[static_cast<std::size_t>(k - k_min)];
  const std::uint64_t vb = round_to_odd(g, cb << h);
  const std::uint64_t vbl = round_to_odd(g, cbl << h);
  const std::uint64_t vbr = round_to_odd(g, cbr << h);

  const std::uint64_t s = vb >> 2;
  if (s >= 10) {  // a multiple of ten in the interval has one digit fewer
    const std::uint64_t s10 = s / 10;
    const bool upin = vbl + out <= (s10 * 10) << 2;
    const bool wpin = ((s10 * 10 + 10) << 2) + out <= vbr;
    if (upin != wpin) return {upin ? s10 : s10 + 1, k + 1};
  }
  const std::uint64_t t = s + 1;
  const bool uin = vbl + out <= s << 2;
  const bool win = (t << 2) + out <= vbr;
  if (uin != win) return {uin ? s : t, k};
  const auto cmp = static_cast<std::int64_t>(vb - ((s + t) << 1));
  return {cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t, k};
}

// Finite, nonzero magnitude |v| as the shortest decimal.
PRISM_INLINE decimal shortest(std::uint64_t bits) noexcept {
  constexpr int precision = 53;
  const std::uint64_t t = bits & ((std::uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased != 0) {
    const int mq = 1075 - biased;
    const std::uint64_t c = (std::uint64_t{1} << 52) | t;
    if (mq > 0 && mq < precision) {  // an integer below 2^53: its own digits
      const std::uint64_t f = c >> mq;
      if (f << mq == c) return {f, 0};
    }
    return to_decimal(-mq, c);
  }
  return to_decimal(-1074, t);
}

}  // namespace detail::schubfach

// Writes finite v at p (double_text_room bytes available) as std::to_chars(p, end, v) would:
// the shortest digits that read back to v, closest to v when several, in fixed notation unless
// scientific ("1e+300", "5e-324") is shorter. Returns the end.
// `integer_form` is set when the text has neither a decimal point nor an exponent.
inline char* write_double_text(char* p, double v, bool& integer_form) noexcept {
  integer_form = false;
  std::uint64_t bits;
  std::memcpy(&bits, &v, 8);
  if (bits >> 63) *p++ = '-';
  bits &= ~(std::uint64_t{1} << 63);
  if (bits == 0) {
    integer_form = true;
    *p = '0';
    return p + 1;
  }
  auto [digits, exponent] = detail::schubfach::shortest(bits);
  if (digits % 10 == 0) {
    for (const auto& [power, zeros] : {std::pair{100000000u, 8}, std::pair{10000u, 4}, std::pair{100u, 2}, std::pair{10u, 1}}) {
      if (digits % power == 0) {
        digits /= power;
        exponent += zeros;
      }
    }
  }
  // The digits, then copies of a fixed 24 bytes (whatever follows them is overwritten or
  // beyond the returned end), which compile to a few moves.
  char buffer[48];
  const int n = static_cast<int>(write_unsigned_text(buffer, digits) - buffer);
  const int point = n + exponent;  // digits before the decimal point in fixed notation

  const int scientific_exponent = point - 1;
  const int exponent_digits = scientific_exponent <= -100 || scientific_exponent >= 100 ? 3 : 2;
  const int scientific_size = n + (n > 1 ? 1 : 0) + 2 + exponent_digits;
  const int fixed_size = exponent >= 0 ? n + exponent : point > 0 ? n + 1 : 2 - point + n;
  if (scientific_size < fixed_size) {
    p[0] = buffer[0];
    p[1] = '.';
    std::memcpy(p + 2, buffer + 1, 16);
    p += n > 1 ? n + 1 : 1;
    *p++ = 'e';
    *p++ = scientific_exponent < 0 ? '-' : '+';
    unsigned e = static_cast<unsigned>(scientific_exponent < 0 ? -scientific_exponent : scientific_exponent);
    if (e >= 100) {
      *p++ = static_cast<char>('0' + e / 100);
      e %= 100;
    }
    p[0] = static_cast<char>('0' + e / 10);
    p[1] = static_cast<char>('0' + e % 10);
    return p + 2;
  }
  if (exponent >= 0) {  // an integer, written exactly (as printf's %.0f does)
    integer_form = true;
    const int q = static_cast<int>(bits >> 52) - 1075;
    if (q <= 0) {  // here n + exponent <= 22
      std::memcpy(p, buffer, 24);
      std::memset(p + n, '0', static_cast<std::size_t>(exponent));
      return p + n + exponent;
    }
    // Below 10^22 here (else scientific is shorter), so below 2^74.
    const detail::schubfach::uint128 exact =
        detail::schubfach::uint128{(bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52)} << q;
    constexpr std::uint64_t ten_to_16 = 10000000000000000ull;
    if (exact >> 64 == 0) return write_unsigned_text(p, static_cast<std::uint64_t>(exact));
    const auto low = static_cast<std::uint64_t>(exact % ten_to_16);
    p = write_unsigned_text(p, static_cast<std::uint64_t>(exact / ten_to_16));
    p = detail::put_eight_digits(p, static_cast<std::uint32_t>(low / 100000000));
    return detail::put_eight_digits(p, static_cast<std::uint32_t>(low % 100000000));
  }
  if (point > 0) {  // point < n <= 17
    std::memcpy(p, buffer, 24);
    p[point] = '.';
    std::memcpy(p + point + 1, buffer + point, 24);
    return p + n + 1;
  }
  // 0.000ddd: here -point <= 3
  std::memcpy(p, "0.000", 5);
  std::memcpy(p + 2 - point, buffer, 24);
  return p + 2 - point + n;
}

inline char* write_double_text(char* p, double v) noexcept {
  bool integer_form;
  return write_double_text(p, v, integer_form);
}

}  // namespace prism
