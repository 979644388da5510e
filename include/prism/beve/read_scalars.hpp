#pragma once
// The BEVE reader, first layer: scalars, strings, tensors and skipping. read.hpp builds
// arrays, maps, structs and the dispatch over every type on it.
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "../core/byte_order.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/cursor_read.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::beve_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);
template <options O, class T, class Ctx>
const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v);
template <options O, class T, class Ctx>
const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v);

template <class Ctx>
PRISM_INLINE bool peek_header(Ctx& ctx, std::uint8_t& h) {
  if (!ctx.require(1)) [[unlikely]] return false;
  h = *ctx.src.cur();
  return true;
}

template <class Ctx>
PRISM_COLD bool mismatch(Ctx& ctx, std::string_view expected, std::uint8_t h) {
  return ctx.fail(errc::type_mismatch, ctx.src.offset(), expected, describe_header(h));
}

template <class Ctx>
PRISM_INLINE bool read_size(Ctx& ctx, std::uint64_t& n) {
  if (!ctx.require(1)) [[unlikely]] return false;
  const std::uint8_t first = *ctx.src.cur();
  if ((first & 3) == 0) [[likely]] {  // sizes below 64: one byte
    n = first >> 2;
    ctx.src.advance(1);
    return true;
  }
  const std::size_t width = std::size_t{1} << (first & 3);
  if (!ctx.require(width)) [[unlikely]] return false;
  n = detail::load_le_width(ctx.src.cur(), width) >> 2;
  ctx.src.advance(width);
  return true;
}

// Bytes per element of a number or typed array header; 0 for widths prism does not read.
constexpr std::size_t element_size(std::uint8_t h) noexcept {
  const unsigned kind = (h >> 3) & 3, code = h >> 5;
  if (kind == floating_kind && code == 0) return 2;  // bfloat16
  return code <= 3 ? std::size_t{1} << code : 0;
}

// One little-endian number of the header's kind and width as T: integers exactly (an error
// when out of T's range), floats widened or narrowed.
template <class T, class Ctx>
bool convert_number(Ctx& ctx, std::uint8_t h, const std::uint8_t* p, std::size_t at, T& out) {
  if constexpr (integer<T> && sizeof(T) < sizeof(std::uint64_t)) {  // through the 64-bit one: one function
    wide_integer_t<T> wide{};
    if (!convert_number(ctx, h, p, at, wide)) return false;
    if (detail::fit_integer(wide < 0, static_cast<std::uint64_t>(wide), out) != errc::ok) return ctx.fail(errc::out_of_range, at);
    return true;
  }
  const unsigned kind = (h >> 3) & 3, code = h >> 5;
  const std::size_t size = element_size(h);
  if (size == 0 || kind == bool_or_string_kind) return ctx.fail(errc::invalid_value, at, "a number of 1 to 8 bytes");
  const std::uint64_t raw = detail::load_le_width(p, size);
  if (kind == floating_kind) {
    if constexpr (floating<T>) {
      if (size == 2) {
        const auto bits = static_cast<std::uint16_t>(raw);
        if (code == 0) {  // bfloat16: the high half of a float
          const std::uint32_t f32 = std::uint32_t{bits} << 16;
          float f;
          std::memcpy(&f, &f32, 4);
          out = static_cast<T>(f);
        } else {  // IEEE half
          const int e = (bits >> 10) & 0x1f, m = bits & 0x3ff;
          double d = e == 0 ? std::ldexp(m, -24) : e != 31 ? std::ldexp(m + 1024, e - 25)
                                                           : (m ? std::numeric_limits<double>::quiet_NaN() : HUGE_VAL);
          out = static_cast<T>((bits & 0x8000) ? -d : d);
        }
      } else if (size == 4) {
        float f;
        std::memcpy(&f, p, 4);
        out = static_cast<T>(f);
      } else {
        double d;
        std::memcpy(&d, p, 8);
        if (!detail::store_floating(ctx, d, out, at)) return false;
      }
      return true;
    } else {
      return ctx.fail(errc::type_mismatch, at, "integer", "float");
    }
  }
  if (kind == signed_kind) {
    const unsigned unused = 64 - 8 * static_cast<unsigned>(size);
    const std::int64_t s = static_cast<std::int64_t>(raw << unused) >> unused;
    if constexpr (floating<T>) {
      out = static_cast<T>(s);
    } else if constexpr (std::is_signed_v<T>) {
      if (s < std::numeric_limits<T>::min() || s > std::numeric_limits<T>::max()) return ctx.fail(errc::out_of_range, at);
      out = static_cast<T>(s);
    } else {
      if (s < 0 || static_cast<std::uint64_t>(s) > std::numeric_limits<T>::max()) return ctx.fail(errc::out_of_range, at);
      out = static_cast<T>(s);
    }
    return true;
  }
  if constexpr (!floating<T>) {
    if (raw > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return ctx.fail(errc::out_of_range, at);
  }
  out = static_cast<T>(raw);
  return true;
}

// A number of another type or width than T's, header h (read_number's rest): out of line, and
// one function for the narrower integer types, which go through their 64-bit type.
template <class T, class Ctx>
PRISM_NOINLINE bool read_other_number(Ctx& ctx, std::uint8_t h, T& v) {
  if constexpr (integer<T> && sizeof(T) < sizeof(std::uint64_t)) {
    const std::size_t at = ctx.src.offset();
    wide_integer_t<T> wide{};
    if (!read_other_number(ctx, h, wide)) return false;
    if (detail::fit_integer(wide < 0, static_cast<std::uint64_t>(wide), v) != errc::ok) return ctx.fail(errc::out_of_range, at);
    return true;
  }
  if ((h & 7) != type::number) [[unlikely]] return mismatch(ctx, floating<T> ? "number" : "integer", h);
  const std::size_t at = ctx.src.offset();
  const std::size_t size = element_size(h);
  if (size == 0) return ctx.fail(errc::invalid_value, at, "a number of 1 to 8 bytes");
  if (!ctx.require(1 + size, at)) [[unlikely]] return false;
  if (!convert_number(ctx, h, ctx.src.cur() + 1, at, v)) return false;
  ctx.src.advance(1 + size);
  return true;
}

template <class T, class Ctx>
PRISM_INLINE bool read_number(Ctx& ctx, T& v) {
  std::uint8_t h{};
  if (!peek_header(ctx, h)) return false;
  if (h == number_header<T>) [[likely]] {  // the exact type: one load
    if (!ctx.require(1 + sizeof(T))) [[unlikely]] return false;
    std::memcpy(&v, ctx.src.cur() + 1, sizeof(T));
    ctx.src.advance(1 + sizeof(T));
    return true;
  }
  return read_other_number(ctx, h, v);
}

// SIZE and the bytes after it (a string's, a key's); `p` points into the input.
template <class Ctx>
PRISM_INLINE bool read_sized_bytes(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  std::uint64_t size{};
  if (!read_size(ctx, size)) return false;
  const std::size_t at = ctx.src.offset();
  if (!ctx.check_elements(size, at)) [[unlikely]] return false;
  if (!ctx.require(size, at)) [[unlikely]] return false;
  p = ctx.src.cur();
  n = static_cast<std::size_t>(size);
  ctx.src.advance(n);
  return true;
}

template <options O, class Ctx>
PRISM_NOINLINE bool read_text_bytes(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  return read_sized_bytes(ctx, p, n) && detail::check_text<O>(ctx, p, n);
}

template <options O, class Ctx>
PRISM_INLINE bool read_string_value(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  if (ctx.src.need(2)) [[likely]] {  // header and a one-byte SIZE read together
    const std::uint8_t* c = ctx.src.cur();
    const std::size_t k = c[1] >> 2;
    if (c[0] == header::string && (c[1] & 3) == 0 && k <= ctx.lim.max_elements && ctx.src.need(2 + k)) [[likely]] {
      p = ctx.src.cur() + 2;  // need() may have refilled a stream's buffer
      n = k;
      ctx.src.advance(2 + k);
      return detail::check_text<O>(ctx, p, n);
    }
  }
  std::uint8_t h{};
  if (!peek_header(ctx, h)) return false;
  if (h != header::string) [[unlikely]] return mismatch(ctx, "string", h);
  ctx.src.advance(1);
  return read_text_bytes<O>(ctx, p, n);
}

// SIZE of one byte and that many bytes of ASCII text after it, at the cursor, into a string
// view or a string of that size already; false (nothing consumed, no error) for anything else.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_usual_text(Ctx& ctx, local_cursor& c, T& v) {
  const std::size_t readable = c.readable();
  if (readable >= 17 && (c.p[0] & 3) == 0 && (c.p[0] >> 2) <= ctx.short_text_max) [[likely]] {  // SIZE, <= 16 bytes
    const std::size_t n = c.p[0] >> 2;
    if (!detail::store_short_text<O>(ctx, v, c.p + 1, n)) [[unlikely]] return false;
    c.p += 1 + n;
    return true;
  }
  if (readable < 1) [[unlikely]] return false;
  const std::size_t n = c.p[0] >> 2;
  if ((c.p[0] & 3) != 0 || n > ctx.lim.max_elements || readable < 1 + n) [[unlikely]] return false;
  if (!detail::store_text_quick<bool(O.validate_utf8)>(ctx, v, c.p + 1, n, readable - 1)) return false;
  c.p += 1 + n;
  return true;
}

// The format's functions for detail::read_next (core/cursor_read.hpp) and the in-order pass.
struct cursor_reader {
  // Field I's key as the writer encodes it, for the in-order pass (detail::read_keys_in_order).
  template <class T, std::size_t I>
  static constexpr const auto& key() noexcept {
    return encoded_key<T, I>;
  }

  // The usual encoding of a leaf value, read at a local cursor where a struct or a sequence holds
  // one: a bool, a number of exactly the type, a string (read_usual_text), or a typed array of
  // the element type with a one-byte SIZE into a sequence of that size already. False, with
  // nothing consumed and no error, for anything else: the caller then stores the cursor and
  // calls read_value, which reads every encoding and reports errors.
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool usual(Ctx& ctx, local_cursor& c, T& v) {
    const std::size_t readable = c.readable();
    if constexpr (adapted_tensor<T>) {
      return false;
    } else if constexpr (boolean<T>) {
      if (readable < 1 || (*c.p | 0x10) != header::true_) [[unlikely]] return false;
      v = *c.p == header::true_;
      c.p += 1;
      return true;
    } else if constexpr (plain_number<T>) {
      if (readable < 1 + sizeof(T) || *c.p != number_header<T>) [[unlikely]] return false;
      std::memcpy(&v, c.p + 1, sizeof(T));
      c.p += 1 + sizeof(T);
      return true;
    } else if constexpr (string_type<T> || string_view_type<T>) {
      if (readable < 1 || *c.p != header::string) [[unlikely]] return false;
      local_cursor text{c};
      ++text.p;
      if (!read_usual_text<O>(ctx, text, v)) return false;
      c.p = text.p;
      return true;
    } else if constexpr (contiguous_numbers<T> && (fixed_array<T> || resizable_sequence<T>)) {
      using E = range_value_t<T>;
      if (readable < 2) [[unlikely]] return false;
      const std::size_t n = c.p[1] >> 2;
      if (c.p[0] != typed_array_header<E> || (c.p[1] & 3) != 0 || n != std::size(v) || n > ctx.lim.max_elements) [[unlikely]]
        return false;
      if (readable < 2 + n * sizeof(E)) [[unlikely]] return false;
      if constexpr (fixed_array<T>) {
        detail::copy_large(v.data(), c.p + 2, sizeof(E) * std::tuple_size_v<T>);
      } else {
        if (!ctx.try_charge(n * sizeof(E))) return false;
        detail::copy_bytes(v.data(), c.p + 2, n * sizeof(E));
      }
      c.p += 2 + n * sizeof(E);
      return true;
    } else {
      return false;
    }
  }

  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* structure(Ctx& ctx, local_cursor c, T& v) { return read_struct_at<O>(ctx, c, v); }
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* sequence(Ctx& ctx, local_cursor c, T& v) { return read_sequence_at<O>(ctx, c, v); }
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool value(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
};

template <class Ctx>
bool read_tensor_header(Ctx& ctx, tensor_header& h);  // read.hpp: a checked skip reads a matrix as a read does

// A SIZE, as one call: the skip below reads many and is the rare path of a struct read.
template <class Ctx>
PRISM_NOINLINE bool read_size_called(Ctx& ctx, std::uint64_t& n) {
  return read_size(ctx, n);
}

// A SIZE and that much text, skipped (checked as UTF-8 when Checked).
template <bool Checked, class Ctx>
PRISM_NOINLINE bool skip_sized_text(Ctx& ctx) {
  std::uint64_t n{};
  if (!read_size(ctx, n) || !ctx.require(n)) [[unlikely]] return false;
  if constexpr (Checked) {
    if (!detail::check_text<options{}>(ctx, ctx.src.cur(), static_cast<std::size_t>(n))) return false;
  }
  ctx.src.advance(static_cast<std::size_t>(n));
  return true;
}

// Skips one complete value, nested ones included. Checked, it checks what reading each value
// would (text as UTF-8), so that a struct read takes what a read into prism::value, a transcode
// and a view's walk take; a view steps over values unchecked (it checks a value when it is read).
template <bool Checked = true, class Ctx>
bool skip_value(Ctx& ctx) {
  std::uint8_t h{};
  if (!peek_header(ctx, h)) return false;
  const std::size_t at = ctx.src.offset();
  const auto skip_bytes = [&](std::uint64_t n) {
    if (!ctx.require(n)) [[unlikely]] return false;
    ctx.src.advance(static_cast<std::size_t>(n));
    return true;
  };
  if constexpr (Checked) {
    if (h == header::matrix) {
      tensor_header t;
      if (!read_tensor_header(ctx, t)) return false;
      ctx.src.advance(t.data_bytes);
      return true;
    }
  }
  const auto skip_values = [&](std::uint64_t n, std::size_t per_item_key_bytes, bool string_keys) {
    if (n > ctx.src.remaining_bound()) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
    if (!ctx.enter()) return false;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (string_keys) {
        if (!skip_sized_text<Checked>(ctx)) return false;
      } else if (!skip_bytes(per_item_key_bytes)) {
        return false;
      }
      if (!skip_value<Checked>(ctx)) return false;
    }
    ctx.leave();
    return true;
  };
  ctx.src.advance(1);
  std::uint64_t n{};
  switch (h & 7) {
    case type::null_or_bool:
      if (h != header::null && h != header::false_ && h != header::true_) return ctx.fail(errc::invalid_value, at, "null or a bool");
      return true;
    case type::number: {
      const std::size_t size = element_size(h);
      if (size == 0 || ((h >> 3) & 3) == bool_or_string_kind) return ctx.fail(errc::invalid_value, at, "a number of 1 to 8 bytes");
      return skip_bytes(size);
    }
    case type::string:
      if (h != header::string) return ctx.fail(errc::invalid_value, at, "a string header without reserved bits");
      return skip_sized_text<Checked>(ctx);
    case type::object: {
      if (!valid_object_header(h)) return ctx.fail(errc::invalid_value, at, "an object key type");
      if (!read_size_called(ctx, n)) return false;
      if (h == header::string_keyed_object) return skip_values(n, 0, true);
      return skip_values(n, std::size_t{1} << (h >> 5), false);
    }
    case type::typed_array: {
      // Arrays of bools, strings and bfloat16 are arrays in a view (no dtype holds them): a level
      // of nesting, as in a transcode.
      if (!read_size_called(ctx, n)) return false;
      if (((h >> 3) & 3) == bool_or_string_kind) {
        if (h != header::bool_array && h != header::string_array) return ctx.fail(errc::invalid_value, at, "a bool or string array header");
        if (!ctx.enter()) return false;
        if ((h & 0x20) == 0) {
          if (!skip_bytes((n + 7) / 8)) return false;
        } else {
          if (n > ctx.src.remaining_bound()) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
          for (std::uint64_t i = 0; i < n; ++i) {
            if (!skip_sized_text<Checked>(ctx)) return false;
          }
        }
        ctx.leave();
        return true;
      }
      const std::size_t size = element_size(h);
      if (size == 0) return ctx.fail(errc::invalid_value, at, "typed array elements of 1 to 8 bytes");
      if (!detail::count_fits(n, size, ctx.src.remaining_bound())) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
      if (dtype t{}; !dtype_of_header(h, false, t)) {
        if (!ctx.enter()) return false;
        ctx.leave();
      }
      return skip_bytes(n * size);
    }
    case type::generic_array:
      return read_size_called(ctx, n) && skip_values(n, 0, false);
    case type::extension:
      switch (h >> 3) {
        case 0: return ctx.fail(errc::invalid_value, at, "a value", "a data delimiter");
        case 1: {             // type tag: SIZE, then the value
          if (!read_size_called(ctx, n) || !ctx.enter()) return false;
          const bool ok = skip_value<Checked>(ctx);
          ctx.leave();
          return ok;
        }
        case 2: {  // matrix: layout byte, extents, values
          if (!skip_bytes(1) || !ctx.enter()) return false;
          const bool ok = skip_value<Checked>(ctx) && skip_value<Checked>(ctx);
          ctx.leave();
          return ok;
        }
        case 3: {  // complex: header, then one pair (an array in a view: a level) or SIZE pairs
          if (!ctx.require(1)) [[unlikely]] return false;
          const std::uint8_t c = *ctx.src.cur();
          ctx.src.advance(1);
          const std::size_t size = element_size(static_cast<std::uint8_t>(c & 0xf8));
          dtype parts{};
          if (size == 0 || (c & 7) > 1 || (Checked && !dtype_of_header(c, true, parts)))
            return ctx.fail(errc::invalid_value, at, "complex numbers of 4 or 8 byte floats");
          if ((c & 7) == 0) {
            if (!ctx.enter()) return false;
            ctx.leave();
            return skip_bytes(2 * size);
          }
          if (!read_size_called(ctx, n)) return false;
          if (!detail::count_fits(n, 2 * size, ctx.src.remaining_bound())) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
          return skip_bytes(n * 2 * size);
        }
        default: return ctx.fail(errc::invalid_value, at, "a known BEVE extension");
      }
    default:
      return ctx.fail(errc::invalid_value, at, "a BEVE value", "reserved type 7");
  }
}

}  // namespace prism::beve_detail
