#pragma once
// Decimal text of integers: up to five digits from a table of digit pairs; longer ones eight
// digits at a time with no division in the digit loop: the digits of a number below 10^8 are
// computed in the eight bytes of one uint64_t (two lanes of four digits, then four of two, then
// eight of one) and stored with one copy, and sixteen at once in an SSE2 register.
#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "config.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace prism {

// Characters the longest integer takes: "-9223372036854775808" and "18446744073709551615" are 20;
// the writers below store whole 8-byte words, so the caller provides this much room.
inline constexpr std::size_t integer_text_room = 24;

namespace detail {

#if defined(__SSE2__)
// The 16 digits of high * 10^8 + low (both below 10^8, leading zeros included) as byte values
// 0..9, the first in byte 0: both halves at once, in 4-digit quarters in 32-bit lanes, pairs in
// 16-bit lanes, digits in bytes. Each step takes quotient and remainder in one: with q = v / d
// from a multiplication by a reciprocal, v + (2^w - d) * q is q * 2^w + (v - d * q).
PRISM_INLINE __m128i sixteen_digit_values(std::uint32_t high, std::uint32_t low) noexcept {
  const __m128i eights = _mm_set_epi64x(low, high);
  const __m128i by_10000 = _mm_srli_epi64(_mm_mul_epu32(eights, _mm_set1_epi64x(0xd1b71759)), 45);
  const __m128i fours_reversed = _mm_add_epi64(eights, _mm_mul_epu32(by_10000, _mm_set1_epi64x((std::int64_t{1} << 32) - 10000)));
  const __m128i fours = _mm_shuffle_epi32(fours_reversed, _MM_SHUFFLE(2, 3, 0, 1));  // quotient first
  const __m128i by_100 = _mm_srli_epi16(_mm_mulhi_epu16(fours, _mm_set1_epi32(5243)), 3);
  const __m128i pairs = _mm_or_si128(by_100, _mm_slli_epi32(_mm_sub_epi16(fours, _mm_mullo_epi16(by_100, _mm_set1_epi32(100))), 16));
  const __m128i by_10 = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));
  __m128i ten_below_256 = _mm_set1_epi16(10 * 256 - 1);
#if defined(__GNUC__)
  __asm__("" : "+x"(ten_below_256));  // one multiplication, not the four shifts and adds compilers make of it
#endif
  return _mm_sub_epi16(_mm_slli_epi16(pairs, 8), _mm_mullo_epi16(by_10, ten_below_256));
}

#endif

// The eight decimal digits of v < 10^8 as values 0..9, the first digit in the lowest byte, in
// the bytes of one word: for targets without SSE2.
PRISM_INLINE std::uint64_t eight_digit_values_portable(std::uint32_t v) noexcept {
  const std::uint64_t halves = (v / 10000) | (std::uint64_t{v % 10000} << 32);
  const std::uint64_t hundreds_high = ((halves * 10486) >> 20) & 0x0000007F0000007Full;  // each half / 100
  const std::uint64_t quarters = hundreds_high | ((halves - 100 * hundreds_high) << 16);
  const std::uint64_t tens = ((quarters * 103) >> 10) & 0x000F000F000F000Full;  // each quarter / 10
  return tens | ((quarters - 10 * tens) << 8);
}

// The same with SSE2 by the vector steps above: the word steps take six multiplications in the
// one unit that does them, which a writer of many numbers then waits on.
PRISM_INLINE std::uint64_t eight_digit_values(std::uint32_t v) noexcept {
#if defined(__SSE2__) && (defined(__x86_64__) || defined(_M_X64))
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(sixteen_digit_values(v, v)));
#else
  return eight_digit_values_portable(v);
#endif
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

// "00" to "99": the one or two leading digits of long numbers take one load.
inline constexpr char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

// 1..8 digits of 0 < v < 10^8, the first one or two from the table.
PRISM_INLINE char* put_head_digits(char* p, std::uint32_t v) noexcept {
  if (v < 10) {
    *p = static_cast<char>('0' + v);
    return p + 1;
  }
  if (v < 100) {
    std::memcpy(p, digit_pairs + 2 * v, 2);
    return p + 2;
  }
  return put_leading_digits(p, v);
}

// 1..5 digits of 0 < v < 10^5 (counts, ids, 16-bit values) from the pair table.
PRISM_INLINE char* put_short_digits(char* p, std::uint32_t v) noexcept {
  if (v < 100) return put_head_digits(p, v);
  if (v < 10000) {
    p = put_head_digits(p, v / 100);
    std::memcpy(p, digit_pairs + 2 * (v % 100), 2);
    return p + 2;
  }
  const std::uint32_t rest = v % 10000;
  *p = static_cast<char>('0' + v / 10000);
  std::memcpy(p + 1, digit_pairs + 2 * (rest / 100), 2);
  std::memcpy(p + 3, digit_pairs + 2 * (rest % 100), 2);
  return p + 5;
}

}  // namespace detail

// Writes v in decimal at p (integer_text_room bytes available); returns the end.
PRISM_INLINE char* write_unsigned_text(char* p, std::uint64_t v) noexcept {
  if (v < 100000000) {
    if (v < 100000) return detail::put_short_digits(p, static_cast<std::uint32_t>(v));  // 0 too
    return detail::put_leading_digits(p, static_cast<std::uint32_t>(v));
  }
  const std::uint64_t high = v / 100000000;
  const auto low = static_cast<std::uint32_t>(v % 100000000);
  if (high < 10) {  // nine digits: ids, counts
    *p++ = static_cast<char>('0' + high);
  } else if (high < 100000000) {  // ten to sixteen digits
    p = detail::put_head_digits(p, static_cast<std::uint32_t>(high));
  } else {
    const std::uint64_t top = high / 100000000;  // at most 1844; one digit: the significands of measured doubles
    p = detail::put_head_digits(p, static_cast<std::uint32_t>(top));
#if defined(__SSE2__)
    const __m128i ascii = _mm_or_si128(detail::sixteen_digit_values(static_cast<std::uint32_t>(high % 100000000), low),
                                       _mm_set1_epi8('0'));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), ascii);
    return p + 16;
#else
    p = detail::put_eight_digits(p, static_cast<std::uint32_t>(high % 100000000));
#endif
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

namespace detail {
PRISM_NOINLINE inline char* write_uint64_text(char* p, std::uint64_t v) noexcept { return write_unsigned_text(p, v); }
// The sign, then the magnitude's digits by the one unsigned writer (a tail call).
inline char* write_int64_text(char* p, std::int64_t v) noexcept {
  const auto magnitude = static_cast<std::uint64_t>(v);
  *p = '-';
  p += v < 0;
  return write_uint64_text(p, v < 0 ? 0 - magnitude : magnitude);
}
}  // namespace detail

// write_integer_text for a struct's members: values of up to five digits (counts, small ids,
// enumerations) inline, longer ones through one function per signedness, so that each member
// does not carry the whole digit code. Arrays keep write_integer_text: a call per element
// there slows arrays of large values.
template <std::integral T>
PRISM_INLINE char* write_member_integer_text(char* p, T v) noexcept {
  if constexpr (sizeof(T) <= 2) {
    return write_integer_text(p, v);
  } else {
    auto magnitude = static_cast<std::uint64_t>(static_cast<std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>>(v));
    if constexpr (std::is_signed_v<T>) {
      *p = '-';
      if (v < 0) {
        ++p;
        magnitude = 0 - magnitude;
      }
    }
    if (magnitude < 100000) return detail::put_short_digits(p, static_cast<std::uint32_t>(magnitude));
    return detail::write_uint64_text(p, magnitude);
  }
}

// write_integer_text for the seldom-taken sites (map keys, values inside optionals, variants
// and dynamic values): 8- and 16-bit types inline, wider ones through one function per
// signedness rather than an inline copy of the digit code at each site.
template <std::integral T>
PRISM_INLINE char* write_integer_text_once(char* p, T v) noexcept {
  if constexpr (sizeof(T) <= 2) return write_integer_text(p, v);
  else if constexpr (std::is_signed_v<T>) return detail::write_int64_text(p, v);
  else return detail::write_uint64_text(p, v);
}

}  // namespace prism
