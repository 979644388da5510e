#pragma once
// pack's value ranges (pack_range): a run of consecutive fields that have one is stored as one
// bit string, each field in the bits its range needs, least significant bit first, padded with
// zero bits to a whole byte at the end of the run.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <ranges>
#include <type_traits>

#include "../core/byte_order.hpp"
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

// The code of a value within its range, or false when it lies outside. Floats round to the
// nearest step, computed in their own type.
template <class T, std::size_t I, class F>
PRISM_INLINE bool range_code(F v, std::uint64_t& code) noexcept {
  constexpr pack_range r = range_of<T, I>;
  if constexpr (std::is_floating_point_v<F>) {
    constexpr F lo = static_cast<F>(r.min);
    constexpr F hi = static_cast<F>(r.max);
    if (!(v >= lo && v <= hi)) [[unlikely]] return false;  // NaN too
    constexpr F scale = static_cast<F>(static_cast<double>((std::uint64_t{1} << range_bits<T, I>()) - 1) / (r.max - r.min));
    code = static_cast<std::uint64_t>(static_cast<std::int64_t>((v - lo) * scale + F(0.5)));
  } else {
    const auto x = static_cast<std::int64_t>(v);
    if (x < static_cast<std::int64_t>(r.min) || x > static_cast<std::int64_t>(r.max)) [[unlikely]] return false;
    code = static_cast<std::uint64_t>(x - static_cast<std::int64_t>(r.min));
  }
  return true;
}

// The value of a code, or false for an integer code beyond the range.
template <class T, std::size_t I, class F>
PRISM_INLINE bool range_value(std::uint64_t code, F& v) noexcept {
  constexpr pack_range r = range_of<T, I>;
  if constexpr (std::is_floating_point_v<F>) {
    constexpr F step = static_cast<F>((r.max - r.min) / static_cast<double>((std::uint64_t{1} << range_bits<T, I>()) - 1));
    const F x = static_cast<F>(r.min) + static_cast<F>(static_cast<std::int64_t>(code)) * step;
    constexpr F hi = static_cast<F>(r.max);
    v = x < hi ? x : hi;  // the top code is max itself, not max plus a rounding error
  } else {
    constexpr auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(r.max) - static_cast<std::int64_t>(r.min));
    if (code > span) [[unlikely]] return false;
    v = static_cast<F>(static_cast<std::int64_t>(r.min) + static_cast<std::int64_t>(code));
  }
  return true;
}

// The bit offset of field I + K within the run that starts at field I.
template <class T, std::size_t I, std::size_t K>
inline constexpr unsigned bit_offset = ranged_run_bits<T, I, I + K>();

template <class T, std::size_t I, std::size_t K>
PRISM_COLD bool range_failure(auto& ctx, errc code, std::size_t at) {
  ctx.fail(code, at, "a value within the field's pack_range");
  return detail::in_field_at<T>(ctx, I + K);
}

// Fields [I, End) of v as the low bits of one word (the run takes at most 64 bits).
template <class T, std::size_t I, std::size_t End, class Ctx>
PRISM_INLINE bool to_ranged_word(Ctx& ctx, const T& v, std::uint64_t& word) {
  std::uint64_t bits = 0;  // a local, so that it stays in a register
  const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) PRISM_LAMBDA_INLINE {
    return ([&]() PRISM_LAMBDA_INLINE {
      std::uint64_t code;
      if (!range_code<T, I + K>(get_field<I + K>(v), code)) [[unlikely]]
        return range_failure<T, I, K>(ctx, errc::out_of_range, ctx.out.position());
      bits |= code << bit_offset<T, I, K>;
      return true;
    }() && ...);
  }(std::make_index_sequence<End - I>{});
  word = bits;
  return ok;
}

// Fields [I, End) of v from the low bits of `word`, which holds the run's bytes (at offset `at`).
template <class T, std::size_t I, std::size_t End, class Ctx>
PRISM_INLINE bool from_ranged_word(Ctx& ctx, std::uint64_t word, T& v, std::size_t at) {
  constexpr unsigned total = ranged_run_bits<T, I, End>();
  constexpr std::size_t bytes = (total + 7) / 8;
  constexpr unsigned padding = 8 * bytes - total;
  if constexpr (padding != 0) {
    if (((word >> total) & ((std::uint64_t{1} << padding) - 1)) != 0) [[unlikely]]
      return ctx.fail(errc::invalid_value, at + bytes - 1, "zero padding bits after the fields with a pack_range");
  }
  return [&]<std::size_t... K>(std::index_sequence<K...>) PRISM_LAMBDA_INLINE {
    return ([&]() PRISM_LAMBDA_INLINE {
      constexpr unsigned width = range_bits<T, I + K>();
      const std::uint64_t code = (word >> bit_offset<T, I, K>) & (width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1);
      if (!range_value<T, I + K>(code, get_field<I + K>(v))) [[unlikely]]
        return range_failure<T, I, K>(ctx, errc::invalid_value, at);
      return true;
    }() && ...);
  }(std::make_index_sequence<End - I>{});
}

// Structs whose fields all have ranges that fit one word, such as a quantized Vec3: a range of
// them is checked or reserved once and each element is one word.
template <class T>
concept word_of_ranges = reflectable<T> && !std::is_arithmetic_v<T> && (field_count_v<T> > 0) &&
                         ranged_run_end<T, 0>() == field_count_v<T> && ranged_run_bits<T, 0, field_count_v<T>>() <= 64;

template <class T>
inline constexpr std::size_t word_bytes = (ranged_run_bits<T, 0, field_count_v<T>>() + 7) / 8;

template <class Range, class Ctx>
bool write_words_of_ranges(Ctx& ctx, const Range& r) {
  using E = std::ranges::range_value_t<Range>;
  constexpr std::size_t bytes = word_bytes<E>;
  // A growing buffer takes 8-byte stores with room to spare; fixed ones and streams get exactly
  // the bytes, so that an output that fits exactly is never refused.
  constexpr bool wide = !std::remove_cvref_t<decltype(ctx.out)>::can_overflow;
  if (!ctx.reserve(std::ranges::size(r) * bytes + (wide ? 8 : 0))) return false;
  std::uint8_t* out = ctx.out.cur();
  for (const E& e : r) {
    std::uint64_t word;
    if (!to_ranged_word<E, 0, field_count_v<E>>(ctx, e, word)) [[unlikely]] return false;
    if constexpr (wide) {
      detail::store_le64(out, word);
    } else {
      for (std::size_t b = 0; b < bytes; ++b) out[b] = static_cast<std::uint8_t>(word >> (8 * b));
    }
    out += bytes;
  }
  ctx.out.advance(std::ranges::size(r) * bytes);
  return true;
}

template <class Range, class Ctx>
bool read_words_of_ranges(Ctx& ctx, Range& r, std::size_t n) {
  using E = std::ranges::range_value_t<Range>;
  constexpr std::size_t bytes = word_bytes<E>;
  if (!ctx.require(n * bytes)) [[unlikely]] return false;
  const std::uint8_t* in = ctx.src.cur();
  const std::uint8_t* wide_end = in + ctx.src.readable();  // 8-byte loads stay before it
  const std::size_t at = ctx.src.offset();
  std::size_t i = 0;
  for (E& e : r) {
    const std::uint8_t* p = in + i * bytes;
    std::uint64_t word = 0;
    if (wide_end - p >= 8) [[likely]] {
      word = detail::load_le64(p);
    } else {
      for (std::size_t b = 0; b < bytes; ++b) word |= std::uint64_t{p[b]} << (8 * b);
    }
    if (!from_ranged_word<E, 0, field_count_v<E>>(ctx, word, e, at + i * bytes)) [[unlikely]] return ctx.in_element(i);
    ++i;
  }
  ctx.src.advance(n * bytes);
  return true;
}

// Writes fields [I, End) of v, all ranged, as one bit string: in one 64-bit word where the run
// fits in it, else bit by bit.
template <class T, std::size_t I, std::size_t End, class Ctx>
PRISM_INLINE bool write_ranged_run(Ctx& ctx, const T& v) {
  constexpr unsigned total = ranged_run_bits<T, I, End>();
  constexpr std::size_t bytes = (total + 7) / 8;
  if (!ctx.reserve(total <= 64 ? 8 : bytes)) return false;
  std::uint8_t* out = ctx.out.cur();
  if constexpr (total <= 64) {
    std::uint64_t word;
    if (!to_ranged_word<T, I, End>(ctx, v, word)) return false;
    detail::store_le64(out, word);  // the bytes past the run are scratch: the next write replaces them
  } else {
    std::uint64_t pending = 0;  // bits not yet stored, low first; fewer than 8 between fields
    unsigned held = 0;
    const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) {
      return ([&] {
        std::uint64_t code;
        if (!range_code<T, I + K>(get_field<I + K>(v), code)) [[unlikely]]
          return range_failure<T, I, K>(ctx, errc::out_of_range, ctx.out.position());
        constexpr unsigned width = range_bits<T, I + K>();
        for (unsigned done = 0; done < width;) {
          const unsigned take = std::min(width - done, 56u);
          pending |= ((code >> done) & ((std::uint64_t{1} << take) - 1)) << held;
          held += take;
          done += take;
          for (; held >= 8; held -= 8, pending >>= 8) *out++ = static_cast<std::uint8_t>(pending);
        }
        return true;
      }() && ...);
    }(std::make_index_sequence<End - I>{});
    if (!ok) return false;
    if (held) *out = static_cast<std::uint8_t>(pending);
  }
  ctx.out.advance(bytes);
  return true;
}

// Reads fields [I, End) of v from their bit string.
template <class T, std::size_t I, std::size_t End, class Ctx>
PRISM_INLINE bool read_ranged_run(Ctx& ctx, T& v) {
  constexpr unsigned total = ranged_run_bits<T, I, End>();
  constexpr std::size_t bytes = (total + 7) / 8;
  const std::size_t at = ctx.src.offset();
  if (!ctx.require(bytes, at, "the bits of the fields with a pack_range")) [[unlikely]] return detail::in_field_at<T>(ctx, I);
  const std::uint8_t* in = ctx.src.cur();
  if constexpr (total <= 64) {
    std::uint64_t word = 0;
    if (ctx.src.readable() >= 8) [[likely]] {
      word = detail::load_le64(in);
    } else {
      for (std::size_t b = 0; b < bytes; ++b) word |= std::uint64_t{in[b]} << (8 * b);
    }
    if (!from_ranged_word<T, I, End>(ctx, word, v, at)) return false;
  } else {
    unsigned position = 0;  // bits consumed
    const auto take_bits = [&](unsigned width) {
      std::uint64_t code = 0;
      for (unsigned done = 0; done < width;) {
        const unsigned bit = position % 8;
        const unsigned take = std::min(width - done, 8 - bit);
        code |= ((std::uint64_t{in[position / 8]} >> bit) & ((std::uint64_t{1} << take) - 1)) << done;
        done += take;
        position += take;
      }
      return code;
    };
    const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) {
      return ([&] {
        if (!range_value<T, I + K>(take_bits(range_bits<T, I + K>()), get_field<I + K>(v))) [[unlikely]]
          return range_failure<T, I, K>(ctx, errc::invalid_value, at);
        return true;
      }() && ...);
    }(std::make_index_sequence<End - I>{});
    if (!ok) return false;
    if (total % 8 != 0 && (in[bytes - 1] >> (total % 8)) != 0) [[unlikely]]
      return ctx.fail(errc::invalid_value, at + bytes - 1, "zero padding bits after the fields with a pack_range");
  }
  ctx.src.advance(bytes);
  return true;
}

}  // namespace prism::pack_detail
