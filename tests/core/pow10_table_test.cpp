// The written-out powers of ten of core/pow10_table.hpp against exact big-integer arithmetic:
// 10^e for e >= 0 by repeated multiplication, and floor(2^1280 / 10^e) for e < 0 by repeated
// division (floors compose: floor(floor(x) / 10) = floor(x / 10)), each cut to its first 128
// bits as the table defines them.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include <prism/core/pow10_table.hpp>

namespace {

namespace pow10 = prism::detail::pow10;

// Unsigned integers of up to 1344 bits.
struct big_number {
  static constexpr int limbs = 42;
  std::array<std::uint32_t, limbs> limb{};  // least significant first
  int used = 1;                             // limbs that may be nonzero

  void multiply_by_10() {
    std::uint64_t carry = 0;
    for (int i = 0; i < used; ++i) {
      const std::uint64_t x = std::uint64_t{limb[static_cast<std::size_t>(i)]} * 10 + carry;
      limb[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(x);
      carry = x >> 32;
    }
    if (carry != 0) limb[static_cast<std::size_t>(used++)] = static_cast<std::uint32_t>(carry);
  }
  void divide_by_10() {
    std::uint64_t rest = 0;
    for (int i = used - 1; i >= 0; --i) {
      const std::uint64_t x = (rest << 32) | limb[static_cast<std::size_t>(i)];
      limb[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(x / 10);
      rest = x % 10;
    }
    if (used > 1 && limb[static_cast<std::size_t>(used - 1)] == 0) --used;
  }
  std::uint32_t limb_at(int i) const { return i >= 0 && i < limbs ? limb[static_cast<std::size_t>(i)] : 0; }
  // floor(this / 2^shift) mod 2^128; a negative shift multiplies.
  pow10::uint128 bits_from(int shift) const {
    if (shift < 0) return bits_from(0) << -shift;
    const int first = shift / 32;
    const int offset = shift % 32;
    pow10::uint128 out = 0;
    for (int i = 3; i >= 0; --i) out = (out << 32) | limb_at(first + i);
    out >>= offset;
    if (offset != 0) out |= pow10::uint128{limb_at(first + 4)} << (128 - offset);
    return out;
  }
};

void expect_entry(int e, pow10::uint128 exact) {
  const pow10::significand& t = pow10::of(e);
  EXPECT_EQ(t.high, static_cast<std::uint64_t>(exact >> 64)) << "10^" << e;
  EXPECT_EQ(t.low, static_cast<std::uint64_t>(exact)) << "10^" << e;
  EXPECT_GE(t.high, std::uint64_t{1} << 63) << "10^" << e << " is not normalized";
}

}  // namespace

TEST(Pow10Table, EveryEntryIsTheTruncatedExactPower) {
  big_number power;
  power.limb[0] = 1;
  for (int e = 0; e <= pow10::e_max; ++e) {
    expect_entry(e, power.bits_from(pow10::floor_log2_pow10(e) - 127));
    power.multiply_by_10();
  }
  constexpr int m = 1280;
  big_number inverse;
  inverse.limb[m / 32] = 1;
  inverse.used = m / 32 + 1;
  for (int e = 1; e <= -pow10::e_min; ++e) {
    inverse.divide_by_10();
    expect_entry(-e, inverse.bits_from(m + pow10::floor_log2_pow10(-e) - 127));
  }
}
