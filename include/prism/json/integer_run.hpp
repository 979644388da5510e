#pragma once
// Compact JSON arrays of integers ("12,345,6,") read 64 bytes at a time: SSE2 marks the digits,
// signs and commas of the whole block, and the elements are cut out of those masks. Each
// element's place then comes from the comma before it, not from its own digits, so the next
// element's conversion does not wait on this one's and the processor overlaps them.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../core/config.hpp"
#include "number.hpp"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#define PRISM_JSON_INTEGER_RUN 1
#include <emmintrin.h>
#endif

namespace prism::json_detail {

#ifdef PRISM_JSON_INTEGER_RUN

// Bit i of each mask describes byte i of the 64 at p.
struct block_masks {
  std::uint64_t digits = 0;
  std::uint64_t commas = 0;
  std::uint64_t minus = 0;
  std::uint64_t zeros = 0;
};

template <bool Signs, bool Zeros = true>
PRISM_INLINE void classify_16(const std::uint8_t* p, block_masks& m, int shift) noexcept {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const auto bits = [&](__m128i x) { return std::uint64_t{static_cast<std::uint32_t>(_mm_movemask_epi8(x))} << shift; };
  // '0'..'9' land on -128..-119 and no other byte does.
  const __m128i shifted = _mm_sub_epi8(v, _mm_set1_epi8(static_cast<char>('0' + 128)));
  m.digits |= bits(_mm_cmplt_epi8(shifted, _mm_set1_epi8(-128 + 10)));
  m.commas |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')));
  if constexpr (Zeros) m.zeros |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('0')));
  if constexpr (Signs) m.minus |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
}

template <bool Signs, bool Zeros = true>
PRISM_INLINE block_masks classify_block(const std::uint8_t* p) noexcept {
  block_masks m;
  classify_16<Signs, Zeros>(p, m, 0);
  classify_16<Signs, Zeros>(p + 16, m, 16);
  classify_16<Signs, Zeros>(p + 32, m, 32);
  classify_16<Signs, Zeros>(p + 48, m, 48);
  return m;
}

// The value of the `n` (1 to 8) digits at q; the bytes after them are not looked at.
PRISM_INLINE std::uint64_t digits_value(const std::uint8_t* q, unsigned n) noexcept {
  std::uint64_t block;
  std::memcpy(&block, q, 8);
  return digit_block_value({block - 0x3030303030303030ull, n});
}

// The same for `n` from 1 to 4, in 32 bits: the digits moved to the end behind zeros, then
// paired (the first digit of a pair times ten plus the second).
PRISM_INLINE std::uint32_t short_digits_value(const std::uint8_t* q, unsigned n) noexcept {
  std::uint32_t block;
  std::memcpy(&block, q, 4);
  std::uint32_t v = (block - 0x30303030u) << (8 * (4 - n));
  v = v * 10 + (v >> 8);
  return (v & 0xff) * 100 + ((v >> 16) & 0xff);
}

// The same for `n` of 1 or 2: both values, one chosen without a branch.
PRISM_INLINE std::uint32_t pair_digits_value(const std::uint8_t* q, unsigned n) noexcept {
  const std::uint32_t first = q[0] - '0';
  const std::uint32_t both = first * 10 + (q[1] - '0');
  return n == 2 ? both : first;
}

// The value of the `n` (1 to Most) digits at q.
template <unsigned Most>
PRISM_INLINE std::uint64_t front_digits_value(const std::uint8_t* q, unsigned n) noexcept {
  if constexpr (Most <= 2) return pair_digits_value(q, n);
  if constexpr (Most <= 4) return short_digits_value(q, n);
  return digits_value(q, n);
}

// The magnitude of the `n` (1 to MaxDigits, at most 20) digits at q, false when it exceeds 64
// bits. Eight digits at a time from the end, where they need no shift; what remains at the front
// is short in the usual cases (the longest int32 and uint64 values).
template <unsigned MaxDigits>
PRISM_INLINE bool run_magnitude(const std::uint8_t* q, unsigned n, std::uint64_t& m) noexcept {
  if (MaxDigits <= 8 || n <= 8) {
    m = digits_value(q, n);
    return true;
  }
  const std::uint64_t low = digits_value(q + n - 8, 8);
  if (MaxDigits <= 16 || n <= 16) {
    m = front_digits_value<(MaxDigits > 16 ? 8 : MaxDigits - 8)>(q, n - 8) * 100000000 + low;
    return true;
  }
  // Below 10^12; times 10^8 plus `low` it exceeds 2^64 - 1 = 184467440737'09551615 only with 20 digits.
  const std::uint64_t high = front_digits_value<MaxDigits - 16>(q, n - 16) * 100000000 + digits_value(q + n - 16, 8);
  m = high * 100000000 + low;
  return MaxDigits < 20 || high < 184467440737u || (high == 184467440737u && low <= 9551615u);
}

// The most decimal digits a T can have.
template <class T>
inline constexpr unsigned max_integer_digits = std::numeric_limits<T>::digits10 + 1;

// Whether the 16 bytes at p (readable) hold no whitespace and no closing bracket: a run is worth
// trying only in a compact array that goes on for a while; short and indented arrays (most
// arrays in documents written for people) keep the usual path with no attempt.
PRISM_INLINE bool compact_for_a_while(const std::uint8_t* p) noexcept {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i space = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(' ')), _mm_set1_epi8(' '));
  return _mm_movemask_epi8(_mm_or_si128(space, _mm_cmpeq_epi8(v, _mm_set1_epi8(']')))) == 0;
}

// Bit i set where bits i to i + L - 1 of `bits` are all set: the starts of runs of L digits.
template <unsigned L>
PRISM_INLINE std::uint64_t runs_of(std::uint64_t bits) noexcept {
  if constexpr (L == 1) {
    return bits;
  } else if constexpr (L % 2 == 0) {
    const std::uint64_t half = runs_of<L / 2>(bits);
    return half & (half >> (L / 2));
  } else {
    return runs_of<L - 1>(bits) & (bits >> (L - 1));
  }
}

// The most elements a block of 64 bytes holds ("0," 32 times).
inline constexpr std::size_t run_most = 32;

// Elements of a compact integer array from p: each one its digits (after a '-' for signed T) and
// a comma, in the 64 bytes at p, of which 8 more bytes must be readable (a value's last load
// reaches past its comma). Writes up to run_most values to `out` and returns how many, with
// `taken` the bytes they and their commas take. Stops before an element the masks do not show
// whole (the last before a bracket, space, fraction or exponent) and before any that the usual
// path judges (a leading zero, a misplaced sign, a value out of T's range); the caller's usual
// path reads those. `spaced` is set when whitespace stopped it.
template <class T>
PRISM_INLINE std::size_t take_integer_run(const std::uint8_t* p, T* out, std::size_t& taken, bool& spaced) noexcept {
  constexpr bool is_signed = std::is_signed_v<T>;
  constexpr unsigned max_digits = max_integer_digits<T>;
  const block_masks m = classify_block<is_signed>(p);
  const std::uint64_t starts = (m.commas << 1) | 1;  // where an element begins, if one does
  const std::uint64_t first_digits = is_signed ? starts | (m.minus & starts) << 1 : starts;
  // Bytes that end the run: any that belongs to no element, a leading zero, a sign inside an
  // element; the commas before the first of them end the elements taken.
  std::uint64_t stops = ~(m.digits | m.commas | m.minus) | (m.zeros & first_digits & (m.digits >> 1));
  if constexpr (is_signed) stops |= m.minus & ~starts;
  // Types of up to eight digits have their elements' lengths checked here, for the whole block:
  // one with no digits, or with more than T can hold, stops the run.
  constexpr bool lengths_from_masks = max_digits <= 8;
  if constexpr (lengths_from_masks) stops |= (m.commas & first_digits) | runs_of<max_digits + 1>(m.digits);
  std::uint64_t commas = m.commas & ((stops & (0 - stops)) - 1);  // all of them when stops is 0
  spaced = stops != 0 && p[std::countr_zero(stops)] <= ' ';
  std::size_t n = 0;
  unsigned start = 0;
  while (commas != 0) {
    const auto comma = static_cast<unsigned>(std::countr_zero(commas));
    commas &= commas - 1;
    unsigned first = start;  // the first digit
    bool negative = false;
    if constexpr (is_signed) {
      negative = (m.minus >> start) & 1;
      first += negative;
    }
    const unsigned digits = comma - first;
    if (!lengths_from_masks && digits - 1 >= max_digits) break;  // none, or more than T can hold
    std::uint64_t magnitude;
    if (!run_magnitude<max_digits>(p + first, digits, magnitude)) break;
    // Signs come in no order a branch could learn: the value is negated and checked without one.
    if (magnitude > std::uint64_t{std::numeric_limits<T>::max()} + negative) break;
    const std::uint64_t sign = 0 - std::uint64_t{negative};
    out[n] = static_cast<T>((magnitude ^ sign) - sign);
    ++n;
    start = comma + 1;
  }
  taken = start;
  return n;
}

// The least value of n digits with no leading zero (0 for one digit).
inline constexpr std::uint64_t least_with_digits[21] = {0, 0, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
    1000000000, 10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000,
    10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000u};

// take_integer_run for arrays of long unsigned values (ids, hashes: a few to a block), whose
// blocks it classifies at fixed places from p while 72 bytes remain there, rather than from the
// first element a block did not finish: the next block's masks then need not wait for this
// block's last comma, and an element may span two blocks. Writes values to `out` while `room`
// (run_most at least) has space for a block's worth. Short elements keep take_integer_run,
// which checks each element less (a leading zero there is a mask, not a comparison each).
template <class T>
PRISM_INLINE std::size_t take_integer_stream(const std::uint8_t* p, const std::uint8_t* end, T* out, std::size_t room,
                                             std::size_t& taken, bool& spaced) noexcept {
  static_assert(std::is_unsigned_v<T>);
  constexpr unsigned max_digits = max_integer_digits<T>;
  T* o = out;
  T* const last_out = out + room - run_most;
  const auto last_block = static_cast<std::size_t>(end - p) - 72;
  std::size_t start = 0;  // where the next element begins, from p
  spaced = false;
  for (std::size_t block = 0; block <= last_block && o <= last_out; block += 64) {
    const block_masks m = classify_block<false, false>(p + block);
    const std::uint64_t stops = ~(m.digits | m.commas);
    std::uint64_t commas = m.commas & ((stops & (0 - stops)) - 1);  // all of them when stops is 0
    while (commas != 0) {
      const std::size_t comma = block + static_cast<unsigned>(std::countr_zero(commas));
      commas &= commas - 1;
      const std::size_t digits = comma - start;
      if (digits - 1 >= max_digits) goto done;  // none, or more than T can hold
      std::uint64_t magnitude;
      if (!run_magnitude<max_digits>(p + start, static_cast<unsigned>(digits), magnitude)) goto done;
      // A leading zero (a value below its count of digits), or beyond T.
      if (magnitude < least_with_digits[digits] || magnitude > std::numeric_limits<T>::max()) goto done;
      *o++ = static_cast<T>(magnitude);
      start = comma + 1;
    }
    if (stops != 0) {
      spaced = p[block + static_cast<unsigned>(std::countr_zero(stops))] <= ' ';
      break;
    }
  }
done:
  taken = start;
  return static_cast<std::size_t>(o - out);
}

#endif

}  // namespace prism::json_detail
