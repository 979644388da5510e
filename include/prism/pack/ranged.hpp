#pragma once
// pack's value ranges (pack_range): a run of consecutive fields that have one is stored as one
// bit string, each field in the bits its range needs, least significant bit first, padded with
// zero bits to a whole byte at the end of the run.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/error.hpp"
#include "../core/fields.hpp"
#include "format.hpp"

namespace prism::pack_detail {

template <class T, std::size_t I>
inline constexpr pack_range range_of = field_attribute<pack_range, T, I>();

template <class T, std::size_t I>
constexpr bool ranged_field() noexcept {
  if constexpr (I < field_count_v<T>) {
    return range_of<T, I>.given();
  } else {
    return false;
  }
}

// Checks a range where it is declared and returns the number of bits its values take.
template <class T, std::size_t I>
constexpr unsigned range_bits() noexcept {
  using F = field_type<T, I>;
  constexpr pack_range r = range_of<T, I>;
  static_assert(std::is_arithmetic_v<F> && !std::is_same_v<F, bool>,
                "prism::pack_range: only integer and floating-point fields can have a range");
  if constexpr (std::is_floating_point_v<F>) {
    static_assert(r.precision > 0, "prism::pack_range: a float field's range needs a precision above 0");
    constexpr double steps = (r.max - r.min) / r.precision;
    static_assert(steps < 4294967296.0, "prism::pack_range: more than 2^32 steps; store the float whole instead");
    static_assert(steps >= 1, "prism::pack_range: a precision wider than the range leaves no bits; narrow it");
    return static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(steps)));
  } else {
    static_assert(r.min >= static_cast<double>(std::numeric_limits<F>::lowest()) &&
                      r.max <= static_cast<double>(std::numeric_limits<F>::max()),
                  "prism::pack_range: the range of an integer field must lie within its type");
    static_assert(static_cast<double>(static_cast<std::int64_t>(r.min)) == r.min &&
                      static_cast<double>(static_cast<std::int64_t>(r.max)) == r.max,
                  "prism::pack_range: an integer field's range needs whole bounds");
    return static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(
        static_cast<std::int64_t>(r.max) - static_cast<std::int64_t>(r.min))));
  }
}

// The end of the run of ranged fields of T that starts at field I, and the bytes it takes.
template <class T, std::size_t I>
constexpr std::size_t ranged_run_end() noexcept {
  if constexpr (ranged_field<T, I>()) return ranged_run_end<T, I + 1>();
  else return I;
}
template <class T, std::size_t I, std::size_t End>
constexpr unsigned ranged_run_bits() noexcept {
  if constexpr (I < End) return range_bits<T, I>() + ranged_run_bits<T, I + 1, End>();
  else return 0;
}

// Whether any field of T has a range (T's bytes are then not its encoding).
template <class T>
constexpr bool has_ranged_field() noexcept {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (ranged_field<T, I>() || ...);
  }(std::make_index_sequence<field_count_v<T>>{});
}

// The code of a value within its range, or false when it lies outside.
template <class T, std::size_t I, class F>
PRISM_INLINE bool range_code(F v, std::uint64_t& code) noexcept {
  constexpr pack_range r = range_of<T, I>;
  if constexpr (std::is_floating_point_v<F>) {
    if (!(static_cast<double>(v) >= r.min && static_cast<double>(v) <= r.max)) return false;  // NaN too
    constexpr double top = static_cast<double>((std::uint64_t{1} << range_bits<T, I>()) - 1);
    code = static_cast<std::uint64_t>((static_cast<double>(v) - r.min) * (top / (r.max - r.min)) + 0.5);
  } else {
    const auto x = static_cast<std::int64_t>(v);
    if (x < static_cast<std::int64_t>(r.min) || x > static_cast<std::int64_t>(r.max)) return false;
    code = static_cast<std::uint64_t>(x - static_cast<std::int64_t>(r.min));
  }
  return true;
}

// The value of a code, or false for an integer code beyond the range.
template <class T, std::size_t I, class F>
PRISM_INLINE bool range_value(std::uint64_t code, F& v) noexcept {
  constexpr pack_range r = range_of<T, I>;
  if constexpr (std::is_floating_point_v<F>) {
    constexpr double top = static_cast<double>((std::uint64_t{1} << range_bits<T, I>()) - 1);
    v = static_cast<F>(r.min + static_cast<double>(code) * ((r.max - r.min) / top));
  } else {
    constexpr auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(r.max) - static_cast<std::int64_t>(r.min));
    if (code > span) return false;
    v = static_cast<F>(static_cast<std::int64_t>(r.min) + static_cast<std::int64_t>(code));
  }
  return true;
}

// Writes fields [I, End) of v, all ranged, as one bit string.
template <class T, std::size_t I, std::size_t End, class Ctx>
PRISM_INLINE bool write_ranged_run(Ctx& ctx, const T& v) {
  constexpr std::size_t bytes = (ranged_run_bits<T, I, End>() + 7) / 8;
  if (!ctx.reserve(bytes)) return false;
  std::uint8_t* out = ctx.out.cur();
  std::uint64_t pending = 0;  // bits not yet stored, low first
  unsigned held = 0;
  const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return ([&] {
      std::uint64_t code;
      if (!range_code<T, I + K>(get_field<I + K>(v), code)) [[unlikely]] {
        ctx.fail(errc::out_of_range, ctx.out.position(), "a value within the field's pack_range");
        return ctx.in_field(field_name<T, I + K>());
      }
      constexpr unsigned width = range_bits<T, I + K>();
      for (unsigned done = 0; done < width;) {
        const unsigned take = std::min(width - done, 64 - held);
        const std::uint64_t part = (code >> done) & (take == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << take) - 1);
        pending |= held == 64 ? 0 : part << held;
        held += take;
        done += take;
        while (held >= 8) {
          *out++ = static_cast<std::uint8_t>(pending);
          pending >>= 8;
          held -= 8;
        }
      }
      return true;
    }() && ...);
  }(std::make_index_sequence<End - I>{});
  if (!ok) return false;
  if (held) *out = static_cast<std::uint8_t>(pending);
  ctx.out.advance(bytes);
  return true;
}

// Reads fields [I, End) of v from their bit string.
template <class T, std::size_t I, std::size_t End, class Ctx>
PRISM_INLINE bool read_ranged_run(Ctx& ctx, T& v) {
  constexpr unsigned total = ranged_run_bits<T, I, End>();
  constexpr std::size_t bytes = (total + 7) / 8;
  const std::size_t at = ctx.src.offset();
  if (!ctx.require(bytes, at, "the bits of the fields with a pack_range")) [[unlikely]] return ctx.in_field(field_name<T, I>());
  const std::uint8_t* in = ctx.src.cur();
  unsigned position = 0;  // bits consumed
  const auto take_bits = [&](unsigned width) {
    std::uint64_t code = 0;
    for (unsigned done = 0; done < width;) {
      const unsigned bit = position % 8;
      const unsigned take = std::min(width - done, 8 - bit);
      const std::uint64_t part = (std::uint64_t{in[position / 8]} >> bit) & ((std::uint64_t{1} << take) - 1);
      code |= part << done;
      done += take;
      position += take;
    }
    return code;
  };
  const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return ([&] {
      if (!range_value<T, I + K>(take_bits(range_bits<T, I + K>()), get_field<I + K>(v))) [[unlikely]] {
        ctx.fail(errc::invalid_value, at, "a value within the field's pack_range");
        return ctx.in_field(field_name<T, I + K>());
      }
      return true;
    }() && ...);
  }(std::make_index_sequence<End - I>{});
  if (!ok) return false;
  if (total % 8 != 0 && (in[bytes - 1] >> (total % 8)) != 0) [[unlikely]]
    return ctx.fail(errc::invalid_value, at + bytes - 1, "zero padding bits after the fields with a pack_range");
  ctx.src.advance(bytes);
  return true;
}

}  // namespace prism::pack_detail
