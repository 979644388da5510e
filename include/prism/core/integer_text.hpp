#pragma once
// Decimal text of integers, eight digits at a time with no division in the digit loop and no
// table: the digits of a number below 10^8 are computed in the eight bytes of one uint64_t
// (two lanes of four digits, then four of two, then eight of one) and stored with one copy.
#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "config.hpp"

namespace prism {

// Characters the longest integer takes: "-9223372036854775808" and "18446744073709551615" are 20;
// the writers below store whole 8-byte words, so the caller provides this much room.
inline constexpr std::size_t integer_text_room = 24;

namespace detail {

// The eight decimal digits of v < 10^8 as values 0..9, the first digit in the lowest byte.
PRISM_INLINE std::uint64_t eight_digit_values(std::uint32_t v) noexcept {
  const std::uint64_t halves = (v / 10000) | (std::uint64_t{v % 10000} << 32);
  const std::uint64_t hundreds_high = ((halves * 10486) >> 20) & 0x0000007F0000007Full;  // each half / 100
  const std::uint64_t quarters = hundreds_high | ((halves - 100 * hundreds_high) << 16);
  const std::uint64_t tens = ((quarters * 103) >> 10) & 0x000F000F000F000Full;  // each quarter / 10
  return tens | ((quarters - 10 * tens) << 8);
}

PRISM_INLINE char* put_eight_digits(char* p, std::uint32_t v) noexcept {
  const std::uint64_t ascii = eight_digit_values(v) | 0x3030303030303030ull;
  std::memcpy(p, &ascii, 8);
  return p + 8;
}

// 1..8 digits of 0 < v < 10^8, without leading zeros.
PRISM_INLINE char* put_leading_digits(char* p, std::uint32_t v) noexcept {
  const std::uint64_t values = eight_digit_values(v);
  const int zeros = std::countr_zero(values) / 8;
  const std::uint64_t ascii = (values | 0x3030303030303030ull) >> (8 * zeros);
  std::memcpy(p, &ascii, 8);
  return p + (8 - zeros);
}

}  // namespace detail

// Writes v in decimal at p (integer_text_room bytes available); returns the end.
PRISM_INLINE char* write_unsigned_text(char* p, std::uint64_t v) noexcept {
  if (v < 100000000) {
    if (v == 0) {
      *p = '0';
      return p + 1;
    }
    return detail::put_leading_digits(p, static_cast<std::uint32_t>(v));
  }
  const std::uint64_t high = v / 100000000;
  const auto low = static_cast<std::uint32_t>(v % 100000000);
  if (high < 10) {  // nine digits: ids, counts
    *p++ = static_cast<char>('0' + high);
  } else if (high < 100000000) {
    p = detail::put_leading_digits(p, static_cast<std::uint32_t>(high));
  } else {
    const std::uint64_t top = high / 100000000;  // at most 1844
    if (top < 10) {  // seventeen digits: the significands of measured doubles
      *p++ = static_cast<char>('0' + top);
    } else {
      p = detail::put_leading_digits(p, static_cast<std::uint32_t>(top));
    }
    p = detail::put_eight_digits(p, static_cast<std::uint32_t>(high % 100000000));
  }
  return detail::put_eight_digits(p, low);
}

template <std::integral T>
PRISM_INLINE char* write_integer_text(char* p, T v) noexcept {
  if constexpr (std::is_signed_v<T>) {
    auto magnitude = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
    if (v < 0) {
      *p++ = '-';
      magnitude = 0 - magnitude;
    }
    return write_unsigned_text(p, magnitude);
  } else {
    return write_unsigned_text(p, static_cast<std::uint64_t>(v));
  }
}

}  // namespace prism
