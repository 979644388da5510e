#pragma once
// w * 10^q (w below 2^64, 19 significant digits at most) to the nearest double or float, by the
// Eisel-Lemire method (D. Lemire, "Number parsing at a gigabyte per second", 2021): one
// 64 x 64-bit multiplication by the truncated 128-bit significand of 10^q, a second one only
// when the first leaves the rounding undecided. It declines (returns false) what it does not
// decide exactly - subnormal and overflowing results, exponents outside the table, the rare
// products still undecided after the second multiplication - and the caller then converts the
// text with std::from_chars.
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "config.hpp"
#include "pow10_table.hpp"

namespace prism::detail {

// IEEE binary64 and binary32 as bit fields.
template <class F>
struct binary_layout {
  static_assert(std::numeric_limits<F>::is_iec559 && (sizeof(F) == 8 || sizeof(F) == 4));
  using bits = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;
  static constexpr int fraction_bits = std::numeric_limits<F>::digits - 1;
  static constexpr int bias = std::numeric_limits<F>::max_exponent - 1;
  static constexpr int max_biased = 2 * std::numeric_limits<F>::max_exponent - 1;  // infinity
  // Only for these q can w * 10^q lie exactly halfway between two values (5^|q| must fit the
  // significand's reach); outside them a product ending in zeros is not a tie.
  static constexpr int tie_q_min = sizeof(F) == 8 ? -4 : -17;
  static constexpr int tie_q_max = sizeof(F) == 8 ? 23 : 10;
};

// The nearest F to w * 10^q (ties to even), without its sign; w != 0.
template <class F>
PRISM_INLINE bool decimal_to_float(std::uint64_t w, int q, F& out) noexcept {
  using layout = binary_layout<F>;
  if (q < pow10::e_min || q > pow10::e_max) [[unlikely]] return false;
  const pow10::significand& t = pow10::of(q);
  const int lz = std::countl_zero(w);
  w <<= lz;

  // 2^64 * high + low approximates w * t / 2^64 from below, by less than w in `low`.
  constexpr int dropped = 64 - layout::fraction_bits - 3;  // bits below the significand, its round bit and one spare
  constexpr std::uint64_t dropped_mask = (std::uint64_t{1} << dropped) - 1;
  __extension__ using uint128 = unsigned __int128;
  uint128 product = uint128{w} * t.high;
  auto high = static_cast<std::uint64_t>(product >> 64);
  auto low = static_cast<std::uint64_t>(product);
  if ((high & dropped_mask) == dropped_mask) {  // the error could carry into the kept bits
    const auto second = static_cast<std::uint64_t>((uint128{w} * t.low) >> 64);
    low += second;
    high += low < second;
    if ((high & dropped_mask) == dropped_mask && low == ~std::uint64_t{0}) [[unlikely]] return false;
  }

  const int upper = static_cast<int>(high >> 63);
  std::uint64_t m = high >> (upper + dropped);
  // high ~ w * 10^q * 2^(lz - 1 - floor(log2(10^q))), and m keeps its top fraction_bits + 2
  // bits (the leading one, the fraction, the round bit).
  int biased = pow10::floor_log2_pow10(q) + 63 + upper - lz + layout::bias;
  if (biased <= 0) [[unlikely]] return false;  // subnormal or zero

  // A tie: nothing below the round bit. Round it to even (down when the kept bit is even).
  if (low <= 1 && q >= layout::tie_q_min && q <= layout::tie_q_max && (m & 3) == 1 &&
      (m << (upper + dropped)) == high) {
    m &= ~std::uint64_t{1};
  }
  m += m & 1;
  m >>= 1;
  if (m >= (std::uint64_t{2} << layout::fraction_bits)) {  // rounded up to the next power of two
    m = std::uint64_t{1} << layout::fraction_bits;
    ++biased;
  }
  if (biased >= layout::max_biased) [[unlikely]] return false;  // infinity
  const auto bits = static_cast<typename layout::bits>((m & ((std::uint64_t{1} << layout::fraction_bits) - 1)) |
                                                       (std::uint64_t(biased) << layout::fraction_bits));
  std::memcpy(&out, &bits, sizeof bits);
  return true;
}

}  // namespace prism::detail
