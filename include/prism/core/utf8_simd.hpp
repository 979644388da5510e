#pragma once
// UTF-8 validation 16 bytes at a time with SSSE3, or 32 with AVX2, chosen at run time on x86-64
// (the baseline x86-64 target has no byte shuffle). The method is J. Keiser and D. Lemire's "Validating UTF-8
// in less than one instruction per byte" (2021): three 16-entry table lookups classify every
// pair of adjacent bytes, and a saturating subtraction finds the bytes that must be the second
// or third continuation of a 3- or 4-byte sequence.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "config.hpp"
#include "cpu_features.hpp"

#ifdef PRISM_X86_DISPATCH
#define PRISM_UTF8_SSSE3 1
#include <tmmintrin.h>
#endif

namespace prism::detail {

#ifdef PRISM_UTF8_SSSE3
namespace utf8_ssse3 {

// Error classes of a (previous byte, byte) pair; a pair is invalid when the three lookups agree.
inline constexpr std::uint8_t too_short = 1 << 0;   // 11______ 0_______ or 11______ 11______
inline constexpr std::uint8_t too_long = 1 << 1;    // 0_______ 10______
inline constexpr std::uint8_t overlong_3 = 1 << 2;  // 11100000 100_____
inline constexpr std::uint8_t too_large = 1 << 3;   // 11110100 1001____, 11110100 101_____, 11110101+ 10______
inline constexpr std::uint8_t surrogate = 1 << 4;   // 11101101 101_____
inline constexpr std::uint8_t overlong_2 = 1 << 5;  // 1100000_ 10______
inline constexpr std::uint8_t too_large_1000 = 1 << 6;  // 11110101+ 1000____
inline constexpr std::uint8_t overlong_4 = 1 << 6;      // 11110000 1000____
inline constexpr std::uint8_t two_conts = 1 << 7;       // 10______ 10______
inline constexpr std::uint8_t carry = too_short | too_long | two_conts;

__attribute__((target("ssse3"))) inline __m128i table(std::uint8_t a0, std::uint8_t a1, std::uint8_t a2, std::uint8_t a3,
                                                      std::uint8_t a4, std::uint8_t a5, std::uint8_t a6, std::uint8_t a7,
                                                      std::uint8_t a8, std::uint8_t a9, std::uint8_t a10, std::uint8_t a11,
                                                      std::uint8_t a12, std::uint8_t a13, std::uint8_t a14, std::uint8_t a15) {
  return _mm_setr_epi8(static_cast<char>(a0), static_cast<char>(a1), static_cast<char>(a2), static_cast<char>(a3),
                       static_cast<char>(a4), static_cast<char>(a5), static_cast<char>(a6), static_cast<char>(a7),
                       static_cast<char>(a8), static_cast<char>(a9), static_cast<char>(a10), static_cast<char>(a11),
                       static_cast<char>(a12), static_cast<char>(a13), static_cast<char>(a14), static_cast<char>(a15));
}

// The three lookups, indexed by the high nibble of the previous byte, its low nibble, and the
// high nibble of the byte.
__attribute__((target("ssse3"))) inline __m128i byte_1_high_table() {
  return table(too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,  // 0___ ASCII
               two_conts, two_conts, two_conts, two_conts,                                    // 10__ continuation
               too_short | overlong_2,                                                        // 1100 2-byte lead
               too_short,                                                                     // 1101 2-byte lead
               too_short | overlong_3 | surrogate,                                            // 1110 3-byte lead
               too_short | too_large | too_large_1000 | overlong_4);                          // 1111 4-byte lead
}
__attribute__((target("ssse3"))) inline __m128i byte_1_low_table() {
  return table(carry | overlong_3 | overlong_2 | overlong_4,  // ____0000
               carry | overlong_2,                            // ____0001
               carry, carry,                                  // ____001_
               carry | too_large,                             // ____0100
               carry | too_large | too_large_1000,            // ____0101
               carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // ____011_
               carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // ____1000, 1001
               carry | too_large | too_large_1000, carry | too_large | too_large_1000,  // ____1010, 1011
               carry | too_large | too_large_1000,                                      // ____1100
               carry | too_large | too_large_1000 | surrogate,                          // ____1101
               carry | too_large | too_large_1000, carry | too_large | too_large_1000);  // ____111_
}
__attribute__((target("ssse3"))) inline __m128i byte_2_high_table() {
  return table(too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,  // 0___
               too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4,          // 1000
               too_long | overlong_2 | two_conts | overlong_3 | too_large,                            // 1001
               too_long | overlong_2 | two_conts | surrogate | too_large,                             // 1010
               too_long | overlong_2 | two_conts | surrogate | too_large,                             // 1011
               too_short, too_short, too_short, too_short);                                           // 11__
}

__attribute__((target("ssse3"))) inline __m128i high_nibbles(__m128i v) {
  return _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0f));
}

// The error bits of every byte of `input`, given the bytes 1, 2 and 3 places before each.
__attribute__((target("ssse3"))) inline __m128i errors_after(__m128i input, __m128i prev1, __m128i prev2, __m128i prev3) {
  const __m128i byte_1_high = _mm_shuffle_epi8(byte_1_high_table(), high_nibbles(prev1));
  const __m128i byte_1_low = _mm_shuffle_epi8(byte_1_low_table(), _mm_and_si128(prev1, _mm_set1_epi8(0x0f)));
  const __m128i byte_2_high = _mm_shuffle_epi8(byte_2_high_table(), high_nibbles(input));
  const __m128i special = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
  // Bytes two or three after a 3- or 4-byte lead must be continuations (and only they).
  const __m128i third = _mm_subs_epu8(prev2, _mm_set1_epi8(static_cast<char>(0xe0 - 0x80)));
  const __m128i fourth = _mm_subs_epu8(prev3, _mm_set1_epi8(static_cast<char>(0xf0 - 0x80)));
  const __m128i must_continue = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8(static_cast<char>(0x80)));
  return _mm_xor_si128(must_continue, special);
}

// The error bits of every byte of `input`, given the block before it.
__attribute__((target("ssse3"))) inline __m128i block_errors(__m128i input, __m128i previous) {
  return errors_after(input, _mm_alignr_epi8(input, previous, 15), _mm_alignr_epi8(input, previous, 14),
                      _mm_alignr_epi8(input, previous, 13));
}

// Nonzero where the block ends inside a sequence: a lead byte in one of its last three bytes
// whose sequence does not fit.
__attribute__((target("ssse3"))) inline __m128i unfinished(__m128i input) {
  const __m128i max = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, static_cast<char>(0xf0 - 1),
                                    static_cast<char>(0xe0 - 1), static_cast<char>(0xc0 - 1));
  return _mm_subs_epu8(input, max);
}

__attribute__((target("ssse3"))) inline bool valid(const std::uint8_t* s, std::size_t n) noexcept {
  __m128i previous = _mm_setzero_si128();
  __m128i pending = _mm_setzero_si128();  // the previous block's unfinished sequence, if any
  __m128i errors = _mm_setzero_si128();
  const auto step = [&](__m128i input) {
    if (_mm_movemask_epi8(input) == 0) {
      errors = _mm_or_si128(errors, pending);
      pending = _mm_setzero_si128();
    } else {
      errors = _mm_or_si128(errors, block_errors(input, previous));
      pending = unfinished(input);
    }
    previous = input;
  };
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) step(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i)));
  if (i != n && n >= 19) {  // the last 16 bytes again, as utf8_avx2::valid takes its last 32
    const auto at = [&](std::size_t back) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + n - 16 - back)); };
    const __m128i input = at(0);
    if (_mm_movemask_epi8(input) != 0) errors = _mm_or_si128(errors, _mm_or_si128(errors_after(input, at(1), at(2), at(3)), unfinished(input)));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) == 0xffff;
  }
  alignas(16) std::uint8_t tail[16] = {};  // zeros are ASCII: a sequence cut off by the end fails
  if (n > i) std::memcpy(tail, s + i, n - i);
  step(_mm_load_si128(reinterpret_cast<const __m128i*>(tail)));
  errors = _mm_or_si128(errors, pending);
  return _mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) == 0xffff;
}

inline bool available() noexcept { return x86_features::detected().ssse3; }

}  // namespace utf8_ssse3

// The same classification over 32-byte blocks: the tables are repeated in both 128-bit lanes
// (the shuffle works per lane), and the bytes before each lane come through a lane permute.
// Written with the compilers' vector types and their x86 built-ins rather than <immintrin.h>,
// which declares the intrinsics of every x86 extension and is among the costliest headers to
// parse, in every unit that includes prism.
namespace utf8_avx2 {

typedef unsigned char bytes __attribute__((vector_size(32)));
typedef char signed_bytes __attribute__((vector_size(32)));
typedef unsigned short halves __attribute__((vector_size(32)));
typedef long long quads __attribute__((vector_size(32)));

__attribute__((target("avx2"))) inline bytes splat(std::uint8_t b) { return bytes{} + b; }

__attribute__((target("avx2"))) inline bytes load(const std::uint8_t* p) {
  bytes v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

__attribute__((target("avx2"))) inline bytes both_lanes(__m128i t) {
  typedef unsigned char lane __attribute__((vector_size(16)));
  const lane l = reinterpret_cast<lane>(t);
  return __builtin_shufflevector(l, l, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                 11, 12, 13, 14, 15);
}

__attribute__((target("avx2"))) inline bytes shuffle(bytes table, bytes index) {
  return reinterpret_cast<bytes>(__builtin_ia32_pshufb256(reinterpret_cast<signed_bytes>(table), reinterpret_cast<signed_bytes>(index)));
}

// a - b per byte, 0 where b is the larger.
__attribute__((target("avx2"))) inline bytes subtract_saturated(bytes a, bytes b) {
#if defined(__clang__)
  return __builtin_elementwise_sub_sat(a, b);
#else
  return reinterpret_cast<bytes>(__builtin_ia32_psubusb256(reinterpret_cast<signed_bytes>(a), reinterpret_cast<signed_bytes>(b)));
#endif
}

__attribute__((target("avx2"))) inline bool any_high_bit(bytes v) {
  return __builtin_ia32_pmovmskb256(reinterpret_cast<signed_bytes>(v)) != 0;
}

// The 32 bytes that end N bytes before the end of `input`, continuing `previous`.
template <int N>
__attribute__((target("avx2"))) inline bytes before(bytes input, bytes previous) {
  const quads joined = __builtin_ia32_permti256(reinterpret_cast<quads>(previous), reinterpret_cast<quads>(input), 0x21);
#if defined(__clang__)
  return reinterpret_cast<bytes>(
      __builtin_ia32_palignr256(reinterpret_cast<signed_bytes>(input), reinterpret_cast<signed_bytes>(joined), 16 - N));
#else
  return reinterpret_cast<bytes>(__builtin_ia32_palignr256(reinterpret_cast<quads>(input), joined, (16 - N) * 8));
#endif
}

__attribute__((target("avx2"))) inline bytes high_nibbles(bytes v) {
  return reinterpret_cast<bytes>(reinterpret_cast<halves>(v) >> 4) & splat(0x0f);
}

// The errors in `input`, given the bytes 1, 2 and 3 places before each of its bytes.
__attribute__((target("avx2"))) inline bytes errors_after(bytes input, bytes prev1, bytes prev2, bytes prev3) {
  using namespace utf8_ssse3;
  const bytes byte_1_high = shuffle(both_lanes(byte_1_high_table()), high_nibbles(prev1));
  const bytes byte_1_low = shuffle(both_lanes(byte_1_low_table()), prev1 & splat(0x0f));
  const bytes byte_2_high = shuffle(both_lanes(byte_2_high_table()), high_nibbles(input));
  const bytes special = byte_1_high & byte_1_low & byte_2_high;
  const bytes third = subtract_saturated(prev2, splat(0xe0 - 0x80));
  const bytes fourth = subtract_saturated(prev3, splat(0xf0 - 0x80));
  return ((third | fourth) & splat(0x80)) ^ special;
}

__attribute__((target("avx2"))) inline bytes block_errors(bytes input, bytes previous) {
  return errors_after(input, before<1>(input, previous), before<2>(input, previous), before<3>(input, previous));
}

__attribute__((target("avx2"))) inline bytes unfinished(bytes input) {
  constexpr std::uint8_t f = 0xff;
  constexpr bytes max{f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, f, 0xf0 - 1, 0xe0 - 1, 0xc0 - 1};
  return subtract_saturated(input, max);
}

struct state {
  bytes previous, pending, errors;  // pending: the previous block's unfinished sequence, if any
};

__attribute__((target("avx2"))) inline void step(state& st, bytes input) {
  if (!any_high_bit(input)) {
    st.errors |= st.pending;
    st.pending = bytes{};
  } else {
    st.errors |= block_errors(input, st.previous);
    st.pending = unfinished(input);
  }
  st.previous = input;
}

// Text of at least this many bytes: the last block is then read in place (see below), never
// copied; shorter text is left to utf8_ssse3.
inline constexpr std::size_t min_length = 35;

__attribute__((target("avx2"))) inline bool valid(const std::uint8_t* s, std::size_t n) noexcept {
  state st{bytes{}, bytes{}, bytes{}};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) step(st, load(s + i));
  if (i != n) {
    // The last 32 bytes again, those before i already checked, with the three bytes before
    // each read in place: no copy of the tail (a load from two smaller stores waits for them).
    // They hold byte i - 1, so a sequence the full blocks left unfinished ends within them or
    // is an error there, and all-ASCII ones leave nothing pending.
    const std::uint8_t* const last = s + n - 32;
    const bytes input = load(last);
    if (any_high_bit(input)) st.errors |= errors_after(input, load(last - 1), load(last - 2), load(last - 3)) | unfinished(input);
    st.pending = bytes{};
  }
  const quads errors = reinterpret_cast<quads>(st.errors | st.pending);
  return __builtin_ia32_ptestz256(errors, errors) != 0;
}

inline bool available() noexcept { return x86_features::detected().avx2; }

}  // namespace utf8_avx2
#endif

}  // namespace prism::detail
