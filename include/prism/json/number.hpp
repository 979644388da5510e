#pragma once
// JSON numbers on read: the RFC 8259 grammar checked in one pass, integers with overflow
// detection, doubles correctly rounded (Clinger's exact path, Eisel-Lemire, else std::from_chars).
#include <bit>
#include <charconv>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <system_error>
#include <type_traits>

#include "../core/config.hpp"
#include "../core/decimal_to_float.hpp"

namespace prism::json_detail {

struct number_text {
  const char* begin = nullptr;
  const char* end = nullptr;
  std::uint64_t mantissa = 0;  // the significant digits, when they fit (digits <= 19)
  int digits = 0;              // significant digits (leading zeros not counted)
  int exponent = 0;            // value = mantissa * 10^exponent when exact
  bool negative = false;
  bool integral = true;        // no fraction and no exponent
};

enum class number_status { ok, syntax, end };

// Eight ASCII digits at p, decoded together (SWAR); little-endian machines only.
PRISM_INLINE bool is_eight_digits(std::uint64_t v) noexcept {
  return ((v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) ==
         0x3333333333333333ull;
}
PRISM_INLINE std::uint32_t parse_eight_digits(std::uint64_t v) noexcept {
  v -= 0x3030303030303030ull;
  v = (v * 10) + (v >> 8);
  v = (((v & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
       (((v >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
  return static_cast<std::uint32_t>(v);
}

PRISM_INLINE constexpr bool is_digit(std::uint8_t c) noexcept { return static_cast<unsigned>(c - '0') < 10; }

// The digits at p appended to m one by one, stopping past 19 (the caller then gives up).
PRISM_INLINE void take_digit_run(const std::uint8_t*& p, std::uint64_t& m, unsigned& count) noexcept {
  while (is_digit(*p) && count < 20) {
    m = m * 10 + (*p++ - '0');
    ++count;
  }
}

// Eight bytes of text with '0' taken from each (a byte-wise subtraction whose borrows move only
// into bytes after a non-digit), and how many of them are digits before the first that is not.
// A byte is a digit when its value is below 10: then neither it nor it plus 0x76 has the top
// bit set; a carry out of such a sum again reaches only bytes after a non-digit.
struct digit_block {
  std::uint64_t values;
  unsigned digits;
};
PRISM_INLINE digit_block digit_block_of(std::uint64_t block) noexcept {
  const std::uint64_t values = block - 0x3030303030303030ull;
  const std::uint64_t other = ((values + 0x7676767676767676ull) | values) & 0x8080808080808080ull;
  return {values, other == 0 ? 8u : static_cast<unsigned>(std::countr_zero(other)) / 8};
}
PRISM_INLINE digit_block load_digit_block(const std::uint8_t* p) noexcept {
  std::uint64_t block;
  std::memcpy(&block, p, 8);
  return digit_block_of(block);
}

// The number that the first b.digits (1 to 8) digits of a block make: the digits moved to the
// end of the block behind zeros, then combined pairwise (SWAR).
PRISM_INLINE std::uint32_t digit_block_value(const digit_block& b) noexcept {
  std::uint64_t v = b.values << (8 * (8 - b.digits));
  v = (v * 10) + (v >> 8);
  v = (((v & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) + (((v >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
  return static_cast<std::uint32_t>(v);
}

inline constexpr std::uint64_t pow10_u64[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

// The digits at p appended to m, eight bytes at a time; false past 19 digits in all (the caller
// then gives up).
PRISM_INLINE bool take_digits(const std::uint8_t*& p, std::uint64_t& m, unsigned& count) noexcept {
  for (;;) {
    const digit_block b = load_digit_block(p);
    count += b.digits;
    if (count > 19) return false;
    m = m * pow10_u64[b.digits] + (b.digits != 0 ? digit_block_value(b) : 0);
    p += b.digits;
    if (b.digits < 8) return true;
  }
}

// The usual number (at most 19 digits before the exponent, an exponent of at most 5 digits)
// with 40 bytes in view, read without end checks (it reads at most 29 bytes). The integer part
// (a few digits, mostly) is walked byte by byte: the next number's start then depends on
// predicted branches, not on arithmetic over the bytes; the fraction (measured data's long
// ones) eight bytes at a time. Returns false for any other number, valid or not; scan_number
// then takes it with every check.
PRISM_INLINE bool scan_short_number(const std::uint8_t* p, number_text& n) noexcept {
  const std::uint8_t* const first = p;
  const bool negative = *p == '-';
  p += negative;
  if (!is_digit(*p) || (*p == '0' && is_digit(p[1]))) return false;
  std::uint64_t m = 0;
  unsigned count = 0;
  take_digit_run(p, m, count);
  if (count > 19) return false;
  int exponent = 0;
  bool integral = true;
  if (*p == '.') {
    ++p;
    if (!is_digit(*p)) return false;
    const std::uint8_t* const fraction = p;
    if (!take_digits(p, m, count)) return false;
    exponent = -static_cast<int>(p - fraction);
    integral = false;
  }
  if ((*p | 0x20) == 'e') {
    ++p;
    const bool negative_exponent = *p == '-';
    p += (*p == '-' || *p == '+');
    if (!is_digit(*p)) return false;
    int e = 0;
    unsigned e_digits = 0;
    do {
      e = e * 10 + (*p++ - '0');
    } while (is_digit(*p) && ++e_digits < 5);
    if (is_digit(*p)) return false;
    exponent += negative_exponent ? -e : e;
    integral = false;
  }
  n.begin = reinterpret_cast<const char*>(first);
  n.end = reinterpret_cast<const char*>(p);
  n.mantissa = m;
  n.digits = static_cast<int>(count);
  n.exponent = exponent;
  n.negative = negative;
  n.integral = integral;
  return true;
}

enum class convert_status { ok, not_integer, out_of_range };

// A sign and a magnitude into T, or out_of_range.
template <class T>
PRISM_INLINE convert_status fit_magnitude(bool negative, std::uint64_t magnitude, T& out) noexcept {
  if constexpr (std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    const std::uint64_t limit = negative ? std::uint64_t(U(std::numeric_limits<T>::max())) + 1 : std::uint64_t(std::numeric_limits<T>::max());
    if (magnitude > limit) return convert_status::out_of_range;
    out = negative ? static_cast<T>(0 - static_cast<U>(magnitude)) : static_cast<T>(magnitude);
  } else {
    if (negative && magnitude != 0) return convert_status::out_of_range;
    if (magnitude > std::numeric_limits<T>::max()) return convert_status::out_of_range;
    out = static_cast<T>(magnitude);
  }
  return convert_status::ok;
}

// The usual integer of type T with 40 bytes in view: a '-' (signed T) and digits, the number
// ending there, its value fitting T. Returns the byte after the digits, with the value in `out`
// and that byte in `next`, or null for any other text, valid or not (out of range, a leading
// zero): the caller then takes every check. The caller also checks that `next` ends the number
// ('.' and 'e' do not). Digits are taken eight bytes at a time, however many of them are digits,
// and `next` comes from the last block read, so that the next element's start waits on no
// further load. A 20th digit (only uint64 values of 10^19 and above have one) is added with an
// overflow check.
template <class T>
PRISM_INLINE const std::uint8_t* scan_usual_integer(const std::uint8_t* p, T& out, std::uint8_t& next) noexcept {
  bool negative = false;
  if constexpr (std::is_signed_v<T>) {
    negative = *p == '-';
    p += negative;
  }
  digit_block b = load_digit_block(p);
  if (b.digits == 0 || ((b.values & 0xff) == 0 && b.digits > 1)) return nullptr;
  std::uint64_t m = digit_block_value(b);
  p += b.digits;
  if (b.digits == 8) {
    if constexpr (sizeof(T) <= 2) return nullptr;  // eight digits or more: out of range
    b = load_digit_block(p);
    if (b.digits != 0) {
      m = m * pow10_u64[b.digits] + digit_block_value(b);
      p += b.digits;
      if (b.digits == 8) {
        if constexpr (sizeof(T) <= 4) return nullptr;  // sixteen digits or more: out of range
        b = load_digit_block(p);
        if (b.digits > 4) return nullptr;
        if (b.digits != 0) {
          if (__builtin_mul_overflow(m, pow10_u64[b.digits], &m) || __builtin_add_overflow(m, digit_block_value(b), &m))
            return nullptr;
          p += b.digits;
        }
      }
    }
  }
  next = static_cast<std::uint8_t>((b.values >> (8 * b.digits)) + '0');  // digits < 8 here
  if (fit_magnitude(negative, m, out) != convert_status::ok) return nullptr;
  return p;
}

// The digits of an integer among the input's last bytes (p before `end`), where at least 8
// bytes end at `end`, up to 15 of them (longer ones are left to the caller's general path): a
// block that would reach past the end is loaded from the 8 bytes that end there and shifted
// down, the bytes past the end reading as zeros, which end a number as the end does. One load
// per block, as in the middle of the input (a copy to a padded buffer would be loaded across
// the smaller stores that filled it, which waits for them). Returns the byte after the digits,
// with their value in `m` and that byte in `next`, or null.
PRISM_INLINE const std::uint8_t* scan_last_digits(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t& m,
                                                  std::uint8_t& next) noexcept {
  const auto load = [end](const std::uint8_t* q) PRISM_LAMBDA_INLINE {
    const auto left = end - q;
    if (left >= 8) return load_digit_block(q);
    std::uint64_t block = 0;
    if (left > 0) {
      std::memcpy(&block, end - 8, 8);
      block >>= 8 * (8 - left);
    }
    return digit_block_of(block);
  };
  digit_block b = load(p);
  if (b.digits == 0 || ((b.values & 0xff) == 0 && b.digits > 1)) return nullptr;
  m = digit_block_value(b);
  p += b.digits;
  if (b.digits == 8) {
    b = load(p);
    if (b.digits == 8) return nullptr;
    if (b.digits != 0) {
      m = m * pow10_u64[b.digits] + digit_block_value(b);
      p += b.digits;
    }
  }
  next = static_cast<std::uint8_t>((b.values >> (8 * b.digits)) + '0');  // digits < 8 here
  return p;
}

// Whether the byte after the digits ends the number (a fraction or an exponent does not).
PRISM_INLINE bool ends_integer(std::uint8_t next) noexcept { return next != '.' && (next | 0x20) != 'e'; }

// The usual integer among the input's last bytes, where scan_usual_integer's 40 bytes are not in
// view: digit by digit up to `end`, the same integers as it takes (up to 19 digits, no leading
// zero, ending there, fitting T). Returns the byte after them, or null for any other text.
template <class T>
PRISM_INLINE const std::uint8_t* scan_integer_within(const std::uint8_t* p, const std::uint8_t* end, T& out) noexcept {
  bool negative = false;
  if constexpr (std::is_signed_v<T>) {
    negative = p != end && *p == '-';
    p += negative;
  }
  if (p == end || !is_digit(*p)) return nullptr;
  const std::uint8_t* const first = p;
  std::uint64_t m = static_cast<std::uint64_t>(*p++ - '0');
  while (p != end && is_digit(*p)) {
    if (m == 0 || p - first == 19) return nullptr;  // a leading zero, or past 19 digits
    m = m * 10 + static_cast<std::uint64_t>(*p++ - '0');
  }
  if ((p != end && !ends_integer(*p)) || fit_magnitude(negative, m, out) != convert_status::ok) return nullptr;
  return p;
}

// Scans the number at p (p < end); on success n.end is the first byte after it.
PRISM_NOINLINE inline number_status scan_number(const std::uint8_t* p, const std::uint8_t* end, number_text& n) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    if (end - p >= 40 && scan_short_number(p, n)) [[likely]] return number_status::ok;
  }
  n.begin = reinterpret_cast<const char*>(p);
  if (*p == '-') {
    n.negative = true;
    if (++p == end) return number_status::end;
  }
  if (!is_digit(*p)) return number_status::syntax;
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return number_status::syntax;  // leading zero
  } else {
    while (p != end && is_digit(*p)) {
      if (n.digits < 19) n.mantissa = n.mantissa * 10 + (*p - '0');
      else ++n.exponent;  // beyond 19 digits: the exact path is off (digits > 19)
      ++n.digits;
      ++p;
    }
  }
  if (p != end && *p == '.') {
    n.integral = false;
    if (++p == end) return number_status::end;
    if (!is_digit(*p)) return number_status::syntax;
    if constexpr (std::endian::native == std::endian::little) {
      // Runs of eight significant digits at a time (the long fractions of measured data).
      while (n.digits > 0 && n.digits <= 11 && end - p >= 8) {
        std::uint64_t block;
        std::memcpy(&block, p, 8);
        if (!is_eight_digits(block)) break;
        n.mantissa = n.mantissa * 100000000 + parse_eight_digits(block);
        n.digits += 8;
        n.exponent -= 8;
        p += 8;
      }
    }
    while (p != end && is_digit(*p)) {
      if (n.digits == 0 && *p == '0') {
        --n.exponent;  // leading zeros of 0.000x are not significant
      } else {
        if (n.digits < 19) {
          n.mantissa = n.mantissa * 10 + (*p - '0');
          --n.exponent;
        }
        ++n.digits;
      }
      ++p;
    }
  }
  if (p != end && (*p == 'e' || *p == 'E')) {
    n.integral = false;
    if (++p == end) return number_status::end;
    bool negative_exponent = false;
    if (*p == '+' || *p == '-') {
      negative_exponent = *p == '-';
      if (++p == end) return number_status::end;
    }
    if (!is_digit(*p)) return number_status::syntax;
    int e = 0;
    while (p != end && is_digit(*p)) {
      if (e < 100000) e = e * 10 + (*p - '0');
      ++p;
    }
    n.exponent += negative_exponent ? -e : e;
  }
  n.end = reinterpret_cast<const char*>(p);
  return number_status::ok;
}

template <class T>
PRISM_INLINE convert_status to_integer(const number_text& n, T& out) noexcept {
  if (!n.integral) return convert_status::not_integer;
  if (n.digits > 19 && n.digits != 20) return convert_status::out_of_range;
  std::uint64_t magnitude = n.mantissa;
  if (n.digits == 20) {
    // Only a uint64 above 10^19 - 1 gets here: finish the last digit with overflow checks.
    const int last = n.end[-1] - '0';
    if (n.mantissa > (std::numeric_limits<std::uint64_t>::max() - last) / 10) return convert_status::out_of_range;
    magnitude = n.mantissa * 10 + last;
  }
  return fit_magnitude(n.negative, magnitude, out);
}

inline constexpr double exact_powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                 1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Exact when the significand fits the float's mantissa and the power of ten is exact: one
// correctly rounded multiplication or division (Clinger's fast path); false for the rest.
template <class F>
PRISM_INLINE bool to_floating_exactly(const number_text& n, F& out) noexcept {
  constexpr int max_power = std::is_same_v<F, float> ? 10 : 22;
  constexpr std::uint64_t max_mantissa = std::uint64_t(1) << std::numeric_limits<F>::digits;
  if (n.digits <= 19 && n.mantissa <= max_mantissa && n.exponent >= -max_power && n.exponent <= max_power) {
    F v = static_cast<F>(n.mantissa);
    if (n.exponent < 0) v /= static_cast<F>(exact_powers_of_ten[-n.exponent]);
    else v *= static_cast<F>(exact_powers_of_ten[n.exponent]);
    out = n.negative ? -v : v;
    return true;
  }
  return false;
}

// The computable cases; false for the rest.
template <class F>
PRISM_INLINE bool to_floating_quickly(const number_text& n, F& out) noexcept {
  if (to_floating_exactly(n, out)) return true;
  // The rest of the usual numbers (up to 19 digits, as measured data has): Eisel-Lemire.
  if (n.digits <= 19 && n.mantissa != 0) {
    F v;
    if (detail::decimal_to_float(n.mantissa, n.exponent, v)) {
      out = n.negative ? -v : v;
      return true;
    }
  }
  return false;
}

// Every number that scan_number takes, for typed reads: the usual ones took to_floating_quickly
// inline before getting here (the input's last bytes and long numbers come here), so past the
// exact cases this is std::from_chars, not another copy of Eisel-Lemire.
template <class F>
convert_status to_floating(const number_text& n, F& out) noexcept {
  if (to_floating_exactly(n, out)) return convert_status::ok;
  F v{};
  const auto r = std::from_chars(n.begin, n.end, v);
  if (r.ec == std::errc::result_out_of_range) {
    if (n.exponent < 0) {  // underflow: the nearest value is zero
      out = n.negative ? -F(0) : F(0);
      return convert_status::ok;
    }
    return convert_status::out_of_range;
  }
  out = v;
  return convert_status::ok;
}

// As to_floating, for the readers that meet every number here (views, prism::value).
template <class F>
convert_status to_floating_any(const number_text& n, F& out) noexcept {
  return to_floating_quickly(n, out) ? convert_status::ok : to_floating(n, out);
}

}  // namespace prism::json_detail
