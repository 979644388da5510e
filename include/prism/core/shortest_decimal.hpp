#pragma once
// The shortest decimal that reads back to a given double, closest to it when several: R.
// Giulietti's Schubfach ("The Schubfach way to render doubles", 2020), exact with three 128-bit
// multiplications by a power of ten, and in front of it a decision from one product that
// settles all but about one double in a thousand of random bit patterns (and nearly every
// measured value) and leaves the rest to the exact path. The 617 powers of ten come from
// pow10_table.hpp (computed at compile time).
#include <array>
#include <cstdint>

#include "config.hpp"
#include "pow10_table.hpp"

namespace prism {

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

// A float's products need only g's top 63 bits, rounded up, and one multiplication each (as
// Giulietti's float variant): those of the floats' decimal exponents, q from -149 to 104.
inline constexpr int float_k_first = floor_log10_three_quarters_pow2(-149);
inline constexpr int float_k_last = floor_log10_pow2(104);
inline constexpr auto float_pow10_table = [] {
  std::array<std::uint64_t, float_k_last - float_k_first + 1> out{};
  for (int k = float_k_first; k <= float_k_last; ++k) {
    const pow10_entry& g = pow10_table[static_cast<std::size_t>(k - k_min)];
    out[static_cast<std::size_t>(k - float_k_first)] = ((g.high << 1) | (g.low >> 63)) + 1;
  }
  return out;
}();

// The shortest decimal in the rounding interval of c * 2^q, the closest one if several, for a
// binary format of Precision significand bits (53: double, 24: float) whose smallest exponent
// is QMin. A float takes the doubles' powers of ten: their 126 bits are more than it needs.
template <int Precision, int QMin>
PRISM_INLINE decimal to_decimal_of(int q, std::uint64_t c) noexcept {
  constexpr std::uint64_t c_min = std::uint64_t{1} << (Precision - 1);
  constexpr int q_min = QMin;
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
  const auto rop = [&](std::uint64_t cbx) {
    if constexpr (Precision <= 24) {
      // g's 63 bits: the significand goes 31 bits further up, the result comes from the
      // product's high half.
      const std::uint64_t g_short = float_pow10_table[static_cast<std::size_t>(k - float_k_first)];
      const auto x = static_cast<std::uint64_t>((uint128{g_short} * (cbx << (h + 31))) >> 64);
      return (x >> 31) | ((x & 0xffffffffu) != 0 ? 1u : 0u);
    } else {
      return round_to_odd(pow10_table[static_cast<std::size_t>(k - k_min)], cbx << h);
    }
  };
  const std::uint64_t vb = rop(cb);
  const std::uint64_t vbl = rop(cbl);
  const std::uint64_t vbr = rop(cbr);

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

PRISM_INLINE decimal to_decimal(int q, std::uint64_t c) noexcept { return to_decimal_of<53, -1074>(q, c); }

// Per biased exponent of a normal double (q = biased - 1075), with k = floor(q log10 2):
// shift = q + floor(log2 10^-k), which 1 <= 2^q * 10^-k < 10 makes 0..3, as shift + 1 (the
// significand's shift that puts x's integer part in the product's high half) and 4 - shift,
// loaded, not computed; and 10^-k itself in a table of its own by the same index (32 KB, a
// copy of the power table's entries), so that neither load waits for the other: the loads
// are on the conversion's dependency chain.
struct scaling {
  std::int16_t k;
  std::uint8_t significand_shift, delta_shift;
};

// A table by biased exponent of a binary format (q = biased - QBias; 0, the subnormals', is
// left empty) of what `entry(q, k)` makes of q and k = floor(q log10 2).
template <std::size_t N, int QBias, class Entry>
constexpr auto by_biased_exponent(Entry entry) {
  std::array<decltype(entry(0, 0)), N> out{};
  for (int biased = 1; biased < static_cast<int>(N); ++biased) {
    const int q = biased - QBias;
    out[static_cast<std::size_t>(biased)] = entry(q, floor_log10_pow2(q));
  }
  return out;
}

inline constexpr auto scaling_table = by_biased_exponent<2047, 1075>([](int q, int k) {
  const int shift = q + floor_log2_pow10(-k);
  return scaling{static_cast<std::int16_t>(k), static_cast<std::uint8_t>(shift + 1), static_cast<std::uint8_t>(4 - shift)};
});

inline constexpr auto scaling_powers = by_biased_exponent<2047, 1075>([](int, int k) { return pow10::of(-k); });

// The decision of to_decimal from x, the value scaled by 10^-k, and delta, half the spacing of
// the binary values there, both from one product and in units of 2^-FractionBits (x as its
// integer and its fraction): each is off by at most a few units, so a comparison further than
// `margin` from its threshold comes out as the exact one would, and the interval's ends (closed
// or open with the significand's parity) never matter. False when one is closer: exact decimals
// on a boundary or a tie, about one in a thousand random bit patterns; to_decimal decides those.
// The digits keep the scale of x: the shorter candidate, a multiple of ten in the interval,
// keeps its trailing zero and the exponent k, which the digit writer drops.
template <int FractionBits>
PRISM_INLINE bool decide_from_scaled(std::uint64_t integer, std::uint64_t fraction, std::uint64_t delta, int k,
                                     decimal& out) noexcept {
  constexpr std::uint64_t one = std::uint64_t{1} << FractionBits;
  constexpr std::uint64_t ten = 10 * one;
  constexpr std::uint64_t half = one / 2;
  constexpr std::uint64_t margin = 8;
  const std::uint64_t units = integer - integer / 10 * 10;
  const std::uint64_t below = units << FractionBits | fraction;  // x - the multiple of ten below it
  const std::uint64_t upper_end = below + delta;                 // x + delta - that multiple of ten
  const auto near = [](std::uint64_t a, std::uint64_t b) { return a - b + margin < 2 * margin; };
  if (near(below, delta) || near(upper_end, ten) || near(fraction, half)) [[unlikely]]
    return false;
  // A multiple of ten in the interval (narrower than ten: at most one) has one digit fewer;
  // otherwise the nearest integer, which lies inside as delta >= 1/2.
  const bool upper_inside = upper_end > ten;
  const std::uint64_t shorter = integer - units + (upper_inside ? 10 : 0);
  const std::uint64_t nearest = integer + (fraction > half ? 1 : 0);
  out.digits = ((below < delta) | upper_inside) ? shorter : nearest;
  out.exponent = k;
  return true;
}

// For a normal double c * 2^(biased - 1075) with c > 2^52 (not a power of two, whose interval
// is lopsided): x in units of 2^-60 from c and the truncated 10^-k (two 64-bit multiplications
// instead of six), low by less than 1.2 units, and delta low by less than 1.01. The digits come
// as 16 or 17 (4.5e15 <= x < 9.1e16).
PRISM_INLINE bool decide_with_one_product(int biased, std::uint64_t c, decimal& out) noexcept {
  const scaling& scale = scaling_table[static_cast<std::size_t>(biased)];
  const pow10::significand& t = scaling_powers[static_cast<std::size_t>(biased)];
  const std::uint64_t scaled = c << scale.significand_shift;  // below 2^57
  const uint128 product = uint128{t.high} * scaled + ((uint128{t.low} * scaled) >> 64);  // x in units of 2^-64
  const std::uint64_t delta = t.high >> scale.delta_shift;  // 1/2 <= delta < 5 units of 2^60
  return decide_from_scaled<60>(static_cast<std::uint64_t>(product >> 64), static_cast<std::uint64_t>(product) >> 4,
                                delta, scale.k, out);
}

// Per biased exponent of a normal float (q = biased - 150, k = floor(q log10 2)): 10^-k's top 63
// bits rounded up, and with h = q + floor(log2 10^-k) + 2 (1 to 5), the significand's shift
// h + 33 that puts x in units of 2^-33 in the product's high half, and 32 - h, delta's.
struct float_scaling {
  std::uint64_t power;
  std::int16_t k;
  std::uint8_t significand_shift, delta_shift;
};

inline constexpr auto float_scaling_table = by_biased_exponent<255, 150>([](int q, int k) {
  const int h = q + floor_log2_pow10(-k) + 2;
  return float_scaling{float_pow10_table[static_cast<std::size_t>(k - float_k_first)], static_cast<std::int16_t>(k),
                       static_cast<std::uint8_t>(h + 33), static_cast<std::uint8_t>(32 - h)};
});

// decide_with_one_product for a normal float c * 2^(biased - 150) with c > 2^23: one 64-bit
// multiplication; x (below 2^28) is off by less than 2 units of 2^-33 and delta by less than 1.
// The digits come as 8 or 9.
PRISM_INLINE bool decide_float_with_one_product(int biased, std::uint64_t c, decimal& out) noexcept {
  constexpr int fraction_bits = 33;
  const float_scaling& scale = float_scaling_table[static_cast<std::size_t>(biased)];
  const auto x = static_cast<std::uint64_t>((uint128{scale.power} * (c << scale.significand_shift)) >> 64);
  return decide_from_scaled<fraction_bits>(x >> fraction_bits, x & ((std::uint64_t{1} << fraction_bits) - 1),
                                           scale.power >> scale.delta_shift, scale.k, out);
}

// Finite magnitude |v| as the shortest decimal, exactly: zero, subnormals, powers of two,
// integers and what decide_with_one_product leaves.
PRISM_COLD inline decimal shortest_exactly(std::uint64_t bits) noexcept {
  constexpr int precision = 53;
  const std::uint64_t t = bits & ((std::uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased == 0) return t != 0 ? to_decimal(-1074, t) : decimal{0, 0};
  const int q = biased - 1075;
  const std::uint64_t c = (std::uint64_t{1} << 52) | t;
  if (q < 0 && q > -precision) {  // an integer below 2^53: its own digits
    const std::uint64_t f = c >> -q;
    if (f << -q == c) return {f, 0};
  }
  return to_decimal(q, c);
}

// Finite magnitude |v| of a float (its bits) as the shortest decimal that reads back to it as a
// float: zero, subnormals, integers below 2^24 as their own digits, the rest by to_decimal_of.
PRISM_INLINE decimal shortest_float(std::uint32_t bits) noexcept {
  constexpr int precision = 24;
  const std::uint32_t t = bits & ((std::uint32_t{1} << 23) - 1);
  const int biased = static_cast<int>((bits >> 23) & 0xff);
  if (biased == 0) return t != 0 ? to_decimal_of<precision, -149>(-149, t) : decimal{0, 0};
  const int q = biased - 150;
  const std::uint64_t c = (std::uint64_t{1} << 23) | t;
  if (q < 0 && q > -precision) {  // an integer below 2^24: its own digits
    const std::uint64_t f = c >> -q;
    if (f << -q == c) return {f, 0};
  }
  decimal out;
  if (t != 0 && decide_float_with_one_product(biased, c, out)) [[likely]]
    return out;
  return to_decimal_of<precision, -149>(q, c);
}

}  // namespace detail::schubfach

}  // namespace prism
