#pragma once
// JSON numbers into C++ integers and floating-point values: the usual number inline, the rest
// (the input's last bytes, unusual numbers, errors) out of line.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/config.hpp"
#include "../core/error.hpp"
#include "../core/source.hpp"
#include "number.hpp"
#include "scan.hpp"

namespace prism::json_detail {

// The digits of an integer among the input's last bytes, where read_number's 40 bytes are not
// in view: eight bytes at a time where eight bytes of the input end at `end` (`long_input`: a
// span's, all but the smallest), else one by one. Returns the byte after them, or null
// (read_any_number's general path then judges the text). One function for every integer
// type, which adds its sign and checks the range; a lone digit (an index, a flag, a small
// count) takes no call.
PRISM_NOINLINE inline const std::uint8_t* scan_last_magnitude(const std::uint8_t* p, const std::uint8_t* end, bool long_input,
                                                              std::uint64_t& m) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    if (long_input && p != end) {
      std::uint8_t next;
      const std::uint8_t* const after = scan_last_digits(p, end, m, next);
      return after != nullptr && ends_integer(next) ? after : nullptr;
    }
  }
  return scan_integer_within(p, end, m);
}

template <class T, class Ctx>
PRISM_INLINE const std::uint8_t* scan_last_integer_of(Ctx& ctx, T& v) noexcept {
  const std::uint8_t* p = ctx.src.cur();
  const std::uint8_t* const end = p + ctx.src.readable();
  bool long_input = false;
  if constexpr (std::is_same_v<std::remove_cvref_t<decltype(ctx.src)>, span_source>)
    long_input = ctx.src.offset() + ctx.src.readable() >= 8;
  bool negative = false;
  if constexpr (std::is_signed_v<T>) {
    negative = p != end && *p == '-';
    p += negative;
  }
  if (end - p >= 2 && is_digit(p[0]) && !is_digit(p[1])) {
    if (!ends_integer(p[1])) return nullptr;
    v = static_cast<T>(negative ? '0' - p[0] : p[0] - '0');
    return p + 1;
  }
  std::uint64_t m;
  const std::uint8_t* const after = scan_last_magnitude(p, end, long_input, m);
  if (after == nullptr || fit_magnitude(negative, m, v) != convert_status::ok) return nullptr;
  return after;
}

// Every number, its errors included. Narrower integers go through the 64-bit reader of their
// signedness and are then checked to fit: one reader for all of them.
template <class T, class Ctx>
PRISM_NOINLINE bool read_any_number(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  const std::uint8_t* p = ctx.src.cur();
  if constexpr (integer<T> && sizeof(T) == 8) {  // the input's last integers (read_number takes the others inline)
    if (const std::uint8_t* end = scan_last_integer_of(ctx, v)) [[likely]] {
      ctx.src.advance(static_cast<std::size_t>(end - p));
      return true;
    }
  }
  if constexpr (integer<T> && sizeof(T) < 8) {
    wide_integer_t<T> wide{};
    if (!read_any_number(ctx, wide)) return false;
    bool fits = wide <= std::numeric_limits<T>::max();
    if constexpr (std::is_signed_v<T>) fits = fits && wide >= std::numeric_limits<T>::min();
    if (!fits) [[unlikely]] return ctx.fail(errc::out_of_range, at, "an integer that fits");
    v = static_cast<T>(wide);
    return true;
  } else {
    if (*p != '-' && !is_digit(*p)) [[unlikely]] return type_error(ctx, integer<T> ? "an integer" : "a number");
    number_text n;
    switch (scan_number(p, p + ctx.src.readable(), n)) {
      case number_status::ok: break;
      case number_status::end: return ctx.fail(errc::unexpected_end, at + ctx.src.readable(), "a number");
      case number_status::syntax: return ctx.fail(errc::syntax_error, at, "a number");
    }
    convert_status st{};
    if constexpr (integer<T>) st = to_integer(n, v);
    else st = to_floating(n, v);
    if (st != convert_status::ok) [[unlikely]] {
      if (st == convert_status::not_integer) return ctx.fail(errc::type_mismatch, at, "an integer", "a number with a fraction or exponent");
      return ctx.fail(errc::out_of_range, at, integer<T> ? "an integer that fits" : "a finite number");
    }
    ctx.src.advance(static_cast<std::size_t>(reinterpret_cast<const std::uint8_t*>(n.end) - p));
    return true;
  }
}

// The usual number inline (no call per element of a coordinate array), the rest out of line.
template <class T, class Ctx>
PRISM_INLINE bool read_number(Ctx& ctx, T& v) {
  if constexpr (std::endian::native == std::endian::little) {
    const std::uint8_t* p = ctx.src.cur();
    if (ctx.src.readable() >= 40) [[likely]] {
      if constexpr (integer<T>) {
        std::uint8_t next;
        const std::uint8_t* end = scan_usual_integer(p, v, next);
        if (end != nullptr && ends_integer(next)) [[likely]] {
          ctx.src.advance(static_cast<std::size_t>(end - p));
          return true;
        }
      } else {
        number_text n;
        if (scan_short_number(p, n) && to_floating_quickly(n, v)) [[likely]] {
          ctx.src.advance(static_cast<std::size_t>(reinterpret_cast<const std::uint8_t*>(n.end) - p));
          return true;
        }
      }
    }
  }
  return read_any_number(ctx, v);
}

}  // namespace prism::json_detail
