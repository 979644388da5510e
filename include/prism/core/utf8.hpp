#pragma once
// UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
// ASCII runs are checked eight bytes at a time; other text 16 or 32 bytes at a time where the CPU can.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "config.hpp"
#include "utf8_simd.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace prism::detail {

// Returns the length of the longest valid prefix; equal to n when the whole text is valid.
PRISM_NOINLINE inline std::size_t utf8_valid_prefix(const std::uint8_t* s, std::size_t n) noexcept {
  std::size_t i = 0;
  while (i < n) {
    if (n - i >= 8) {
      std::uint64_t block;
      std::memcpy(&block, s + i, 8);
      if ((block & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    const std::uint8_t c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    std::uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return i;
    }
    if (n - i < len) return i;
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (std::size_t k = 2; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return i;
    }
    i += len;
  }
  return n;
}

// Text shorter than 8 bytes, or not all ASCII: out of line, as the vector units are chosen at
// run time and the check would otherwise be compiled into every place that reads text.
PRISM_NOINLINE inline bool utf8_valid_beyond_ascii(const std::uint8_t* s, std::size_t n) noexcept {
  if (n < 8) {  // short text, most often ASCII
    unsigned seen = 0;
    for (std::size_t i = 0; i < n; ++i) seen |= s[i];
    if (seen < 0x80) return true;
  }
#ifdef PRISM_UTF8_SSSE3
  if (n >= utf8_avx2::min_length && utf8_avx2::available()) return utf8_avx2::valid(s, n);
  if (utf8_ssse3::available()) return utf8_ssse3::valid(s, n);
#endif
  return utf8_valid_prefix(s, n) == n;
}

PRISM_INLINE bool utf8_valid(const std::uint8_t* s, std::size_t n) noexcept {
  if (n >= 8) {  // all ASCII: whole blocks and an overlapping last block, no branch per byte
    std::uint64_t seen = 0, block;
    for (std::size_t i = 0; i + 8 <= n; i += 8) {
      std::memcpy(&block, s + i, 8);
      seen |= block;
    }
    std::memcpy(&block, s + n - 8, 8);
    if (((seen | block) & 0x8080808080808080ull) == 0) return true;
  }
  return utf8_valid_beyond_ascii(s, n);
}

// The high bit of each of the first k (0..16) bytes, as two little-endian words.
struct ascii_masks {
  std::uint64_t word[17][2];
};
inline constexpr ascii_masks ascii_high_bits = [] {
  ascii_masks m{};
  for (std::size_t k = 0; k <= 16; ++k)
    for (std::size_t byte = 0; byte < k; ++byte) m.word[k][byte / 8] |= std::uint64_t{0x80} << (8 * (byte % 8));
  return m;
}();

// As utf8_valid, for callers that may read 8 bytes at s whatever n is: short ASCII strings
// (names, keys) are then checked with one load.
PRISM_INLINE bool utf8_valid_padded(const std::uint8_t* s, std::size_t n) noexcept {
  if (std::endian::native == std::endian::little && n <= 8) {
    std::uint64_t block;
    std::memcpy(&block, s, 8);
    if ((block & ascii_high_bits.word[n][0]) == 0) [[likely]] return true;
  }
  return utf8_valid(s, n);
}

// True when the first n (at most 16) of the 16 readable bytes at s are ASCII: one vector load
// and its bytes' top bits (two word loads without SSE2), no loop.
PRISM_INLINE bool ascii_within_16(const std::uint8_t* s, std::size_t n) noexcept {
#if defined(__SSE2__)
  const auto high = static_cast<unsigned>(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s))));
  return (high & ((1u << n) - 1)) == 0;
#else
  if constexpr (std::endian::native != std::endian::little) {
    for (std::size_t i = 0; i < n; ++i)
      if (s[i] >= 0x80) return false;
    return true;
  } else {
    std::uint64_t a, b;
    std::memcpy(&a, s, 8);
    std::memcpy(&b, s + 8, 8);
    return ((a & ascii_high_bits.word[n][0]) | (b & ascii_high_bits.word[n][1])) == 0;
  }
#endif
}

// True when the n bytes at s are ASCII, decided without a loop over bytes: false (undecided)
// for strings shorter than 8 bytes with fewer than 16 bytes readable at s.
PRISM_INLINE bool ascii_quick(const std::uint8_t* s, std::size_t n, std::size_t readable) noexcept {
  if (n <= 16 && readable >= 16) return ascii_within_16(s, n);
  if (n < 8) return false;
  std::uint64_t seen = 0, block;
  for (std::size_t i = 0; i + 8 <= n; i += 8) {
    std::memcpy(&block, s + i, 8);
    seen |= block;
  }
  std::memcpy(&block, s + n - 8, 8);
  return ((seen | block) & 0x8080808080808080ull) == 0;
}

// utf8_valid(s, n, readable) past its first case: one function for every site.
PRISM_NOINLINE inline bool utf8_valid_longer(const std::uint8_t* s, std::size_t n, std::size_t readable) noexcept {
  return readable >= 8 ? utf8_valid_padded(s, n) : utf8_valid(s, n);
}

// `readable` is how many bytes may be read at s (at least n). Text of up to 16 bytes (names,
// keys) is found ASCII by one vector load where the input allows it; the rest is a call.
PRISM_INLINE bool utf8_valid(const std::uint8_t* s, std::size_t n, std::size_t readable) noexcept {
  if (n <= 16 && readable >= 16 && ascii_within_16(s, n)) [[likely]] return true;
  return utf8_valid_longer(s, n, readable);
}

}  // namespace prism::detail
