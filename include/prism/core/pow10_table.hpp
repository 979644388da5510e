#pragma once
// Powers of ten as 128-bit binary significands, shared by the double writer (Schubfach) and
// the decimal reader (Eisel-Lemire): for each e in [-292, 324], the first 128 bits of 10^e,
// truncated: floor(10^e * 2^(127 - floor(e * log2(10)))), so 2^127 <= t < 2^128. They are
// computed at compile time from exact big integers, once for both users.
#include <array>
#include <cstdint>

namespace prism::detail::pow10 {

__extension__ using uint128 = unsigned __int128;

inline constexpr int e_min = -292;
inline constexpr int e_max = 324;

// floor(q * log10(2)), floor(log10(3/4 * 2^q)) and floor(e * log2(10)), exact in the ranges used.
constexpr int floor_log10_pow2(int q) noexcept { return static_cast<int>((std::int64_t{q} * 661971961083LL) >> 41); }
constexpr int floor_log10_three_quarters_pow2(int q) noexcept {
  return static_cast<int>((std::int64_t{q} * 661971961083LL - 274743187321LL) >> 41);
}
constexpr int floor_log2_pow10(int e) noexcept { return static_cast<int>((std::int64_t{e} * 913124641741LL) >> 38); }

// Exact unsigned integers of up to 1344 bits, for building the table.
struct big_number {
  static constexpr int limbs = 42;
  std::array<std::uint32_t, limbs> limb{};  // least significant first

  int used = 1;  // limbs that may be nonzero

  constexpr void multiply_by_10() noexcept {
    std::uint64_t carry = 0;
    for (int i = 0; i < used; ++i) {
      const std::uint64_t x = std::uint64_t{limb[static_cast<std::size_t>(i)]} * 10 + carry;
      limb[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(x);
      carry = x >> 32;
    }
    if (carry != 0) limb[static_cast<std::size_t>(used++)] = static_cast<std::uint32_t>(carry);
  }
  constexpr void divide_by_10() noexcept {  // floor
    std::uint64_t rest = 0;
    for (int i = used - 1; i >= 0; --i) {
      const std::uint64_t x = (rest << 32) | limb[static_cast<std::size_t>(i)];
      limb[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(x / 10);
      rest = x % 10;
    }
    if (used > 1 && limb[static_cast<std::size_t>(used - 1)] == 0) --used;
  }
  constexpr std::uint32_t limb_at(int i) const noexcept {
    return i >= 0 && i < limbs ? limb[static_cast<std::size_t>(i)] : 0;
  }
  // floor(this / 2^shift) mod 2^128; a negative shift multiplies.
  constexpr uint128 bits_from(int shift) const noexcept {
    if (shift < 0) return bits_from(0) << -shift;
    const int first = shift / 32;
    const int offset = shift % 32;
    uint128 out = 0;
    for (int i = 3; i >= 0; --i) out = (out << 32) | limb_at(first + i);
    out >>= offset;
    if (offset != 0) out |= uint128{limb_at(first + 4)} << (128 - offset);
    return out;
  }
};

struct significand {
  std::uint64_t high, low;
};

// Floors compose (floor(floor(x) / 2^s) = floor(x / 2^s)), so every entry is exact.
inline constexpr auto table = [] {
  std::array<significand, e_max - e_min + 1> out{};
  const auto store = [&](int e, uint128 t) {
    out[static_cast<std::size_t>(e - e_min)] = {static_cast<std::uint64_t>(t >> 64), static_cast<std::uint64_t>(t)};
  };
  big_number power;  // 10^e for e >= 0
  power.limb[0] = 1;
  for (int e = 0; e <= e_max; ++e) {
    store(e, power.bits_from(floor_log2_pow10(e) - 127));
    power.multiply_by_10();
  }
  constexpr int m = 1280;  // floor(2^m / 10^e), floored again at each division by 10
  big_number inverse;
  inverse.limb[m / 32] = 1;
  inverse.used = m / 32 + 1;
  for (int e = 1; e <= -e_min; ++e) {
    inverse.divide_by_10();
    store(-e, inverse.bits_from(m + floor_log2_pow10(-e) - 127));
  }
  return out;
}();

constexpr const significand& of(int e) noexcept { return table[static_cast<std::size_t>(e - e_min)]; }

}  // namespace prism::detail::pow10
