#pragma once
// The MessagePack reader, first layer: scalars, strings, tensors and skipping. read.hpp builds
// arrays, maps, structs and the dispatch over every type on it.
#include <algorithm>
#include <bit>
#include <bitset>
#include <chrono>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/cursor_read.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/open_containers.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "../core/width_codes.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::msgpack_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);
template <options O, class T, class Ctx>
const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v);
template <options O, class T, class Ctx>
const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v);

template <class Ctx>
PRISM_INLINE bool peek_tag(Ctx& ctx, std::uint8_t& tag) {
  if (!ctx.require(1)) [[unlikely]] return false;
  tag = *ctx.src.cur();
  return true;
}

template <class Ctx>
PRISM_COLD bool mismatch(Ctx& ctx, std::string_view expected, std::uint8_t tag) {
  return ctx.fail(errc::type_mismatch, ctx.src.offset(), expected, describe_tag(tag));
}

// Reads `bytes` big-endian length bytes after the tag; the tag is consumed too.
template <class Ctx>
PRISM_INLINE bool read_length_field(Ctx& ctx, std::size_t bytes, std::size_t& n) {
  return detail::read_width_coded_length<std::endian::big>(ctx, bytes, n);
}

enum class kind : std::uint8_t { str, bin, array, map };

// Reads the header of a string, binary, array or map; `n` gets its length.
template <kind K, class Ctx>
PRISM_INLINE bool read_header(Ctx& ctx, std::size_t& n, std::string_view expected) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if constexpr (K == kind::str) {
    if ((tag & 0xe0) == code::fixstr) {
      n = tag & 0x1f;
      ctx.src.advance(1);
      return true;
    }
    if (tag == code::str8) return read_length_field(ctx, 1, n);
    if (tag == code::str16) return read_length_field(ctx, 2, n);
    if (tag == code::str32) return read_length_field(ctx, 4, n);
  } else if constexpr (K == kind::bin) {
    if (tag == code::bin8 || tag == code::str8) return read_length_field(ctx, 1, n);
    if (tag == code::bin16 || tag == code::str16) return read_length_field(ctx, 2, n);
    if (tag == code::bin32 || tag == code::str32) return read_length_field(ctx, 4, n);
    if ((tag & 0xe0) == code::fixstr) {
      n = tag & 0x1f;
      ctx.src.advance(1);
      return true;
    }
  } else if constexpr (K == kind::array) {
    if ((tag & 0xf0) == code::fixarray) {
      n = tag & 0x0f;
      ctx.src.advance(1);
      return true;
    }
    if (tag == code::array16) return read_length_field(ctx, 2, n);
    if (tag == code::array32) return read_length_field(ctx, 4, n);
  } else {
    if ((tag & 0xf0) == code::fixmap) {
      n = tag & 0x0f;
      ctx.src.advance(1);
      return true;
    }
    if (tag == code::map16) return read_length_field(ctx, 2, n);
    if (tag == code::map32) return read_length_field(ctx, 4, n);
  }
  return mismatch(ctx, expected, tag);
}

// Any integer encoding: sets `negative` and the value (as int64 when negative, else uint64).
template <class Ctx>
PRISM_INLINE bool read_integer(Ctx& ctx, std::uint8_t tag, bool& negative, std::uint64_t& value, std::string_view expected) {
  auto& src = ctx.src;
  if (tag <= 0x7f) {
    negative = false;
    value = tag;
    src.advance(1);
    return true;
  }
  if (tag >= 0xe0) {
    negative = true;
    value = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(tag)));
    src.advance(1);
    return true;
  }
  if (tag < code::uint8 || tag > code::int64) [[unlikely]] return mismatch(ctx, expected, tag);
  static constexpr std::uint8_t widths[8] = {1, 2, 4, 8, 1, 2, 4, 8};
  const std::size_t w = widths[tag - code::uint8];
  if (!src.need(1 + w)) [[unlikely]] return ctx.fail(errc::unexpected_end, src.offset());
  const std::uint8_t* p = src.cur() + 1;
  const std::uint64_t raw = w == 1 ? p[0] : w == 2 ? load_be16(p) : w == 4 ? load_be32(p) : load_be64(p);
  if (tag <= code::uint64) {
    negative = false;
    value = raw;
  } else {
    std::int64_t s;
    switch (w) {
      case 1: s = static_cast<std::int8_t>(raw); break;
      case 2: s = static_cast<std::int16_t>(raw); break;
      case 4: s = static_cast<std::int32_t>(raw); break;
      default: s = static_cast<std::int64_t>(raw); break;
    }
    negative = s < 0;
    value = static_cast<std::uint64_t>(s);
  }
  src.advance(1 + w);
  return true;
}

// Every encoding but a positive fixint, for read_int: one function for every integer type.
template <class Ctx>
PRISM_NOINLINE bool read_wider_integer(Ctx& ctx, std::uint8_t tag, bool& negative, std::uint64_t& value) {
  return read_integer(ctx, tag, negative, value, "integer");
}

template <class T, class Ctx>
PRISM_INLINE bool read_int(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if (tag <= 0x7f) [[likely]] {  // positive fixint fits every integer type
    v = static_cast<T>(tag);
    ctx.src.advance(1);
    return true;
  }
  const std::size_t at = ctx.src.offset();
  bool negative{};
  std::uint64_t value{};
  if (!read_wider_integer(ctx, tag, negative, value)) return false;
  if (detail::fit_integer(negative, value, v) != errc::ok) [[unlikely]]
    return ctx.fail(errc::out_of_range, at, negative && std::is_unsigned_v<T> ? "non-negative integer" : "");
  return true;
}

template <class T, class Ctx>
bool read_float(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if (tag == code::float32) {
    if (!ctx.require(5)) [[unlikely]] return false;
    const std::uint32_t bits = load_be32(ctx.src.cur() + 1);
    float f;
    std::memcpy(&f, &bits, 4);
    v = static_cast<T>(f);
    ctx.src.advance(5);
    return true;
  }
  if (tag == code::float64) {
    if (!ctx.require(9)) [[unlikely]] return false;
    const std::uint64_t bits = load_be64(ctx.src.cur() + 1);
    double d;
    std::memcpy(&d, &bits, 8);
    if (!detail::store_floating(ctx, d, v, ctx.src.offset())) return false;
    ctx.src.advance(9);
    return true;
  }
  bool negative{};
  std::uint64_t value{};
  if (!read_integer(ctx, tag, negative, value, "float")) return false;
  v = negative ? static_cast<T>(static_cast<std::int64_t>(value)) : static_cast<T>(value);
  return true;
}

// A string's bytes, checked as UTF-8; `p` points into the source until its next read.
template <options O, class Ctx>
PRISM_INLINE bool read_str_bytes(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  if (!read_header<kind::str>(ctx, n, "string")) return false;
  const std::size_t at = ctx.src.offset();
  if (!ctx.check_elements(n, at)) [[unlikely]] return false;
  if (!ctx.require(n, at)) [[unlikely]] return false;
  p = ctx.src.cur();
  if (!detail::check_text<O>(ctx, p, n)) [[unlikely]] return false;
  ctx.src.advance(n);
  return true;
}

// read_str_bytes out of line, for the keys that a struct's in-order pass leaves to the lookup.
template <options O, class Ctx>
PRISM_NOINLINE bool read_key_bytes(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  return read_str_bytes<O>(ctx, p, n);
}

// The format's functions for detail::read_next (core/cursor_read.hpp) and the in-order pass.
struct cursor_reader {
  // Field I's key as the writer encodes it, for the in-order pass (detail::read_keys_in_order).
  template <class T, std::size_t I>
  static constexpr const auto& key() noexcept {
    return encoded_key<T, I>;
  }

  // The usual encoding of a leaf value, read at a local cursor where a struct or a sequence holds
  // one: a bool, an integer that fits the type, a float32 or float64 into a floating type, or a
  // string (ASCII, into a view or a string of its size already). False, with nothing consumed and
  // no error, for anything else: read_value then reads every encoding and reports errors.
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool usual(Ctx& ctx, local_cursor& c, T& v) {
    const std::size_t readable = c.readable();
    if (readable < 1) [[unlikely]] return false;
    const std::uint8_t tag = *c.p;
    if constexpr (adapted_tensor<T>) {
      return false;
    } else if constexpr (boolean<T>) {
      if ((tag | 1) != code::true_) [[unlikely]] return false;
      v = tag == code::true_;
      c.p += 1;
      return true;
    } else if constexpr (integer<T>) {
      if (tag <= 0x7f) [[likely]] {
        v = static_cast<T>(tag);
        c.p += 1;
        return true;
      }
      if constexpr (sizeof(T) > 1) {
        // The unsigned encoding of T's own width, which writers give the larger non-negative
        // values of T: a range check for signed T only.
        constexpr std::uint8_t own_width = code::uint8 + std::bit_width(sizeof(T)) - 1;
        if (tag == own_width && readable >= 1 + sizeof(T)) [[likely]] {
          std::uint64_t raw;
          if constexpr (sizeof(T) == 2) raw = load_be16(c.p + 1);
          else if constexpr (sizeof(T) == 4) raw = load_be32(c.p + 1);
          else raw = load_be64(c.p + 1);
          if (!std::is_signed_v<T> || raw <= static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
            v = static_cast<T>(raw);
            c.p += 1 + sizeof(T);
            return true;
          }
        }
      }
      if constexpr (std::is_signed_v<T>) {
        if (tag >= 0xe0) {
          v = static_cast<T>(static_cast<std::int8_t>(tag));
          c.p += 1;
          return true;
        }
      }
      if (tag < code::uint8 || tag > code::int64) return false;
      static constexpr std::uint8_t widths[8] = {1, 2, 4, 8, 1, 2, 4, 8};
      const std::size_t w = widths[tag - code::uint8];
      if (readable < 1 + w) [[unlikely]] return false;
      const std::uint8_t* p = c.p + 1;
      const std::uint64_t raw = w == 1 ? p[0] : w == 2 ? load_be16(p) : w == 4 ? load_be32(p) : load_be64(p);
      bool negative = false;
      std::uint64_t value = raw;
      if (tag >= code::int8) {
        const std::int64_t s = w == 1 ? static_cast<std::int8_t>(raw) : w == 2 ? static_cast<std::int16_t>(raw)
                               : w == 4 ? static_cast<std::int32_t>(raw) : static_cast<std::int64_t>(raw);
        negative = s < 0;
        value = static_cast<std::uint64_t>(s);
      }
      if (detail::fit_integer(negative, value, v) != errc::ok) return false;
      c.p += 1 + w;
      return true;
    } else if constexpr (floating<T>) {
      // The width that writers give T is looked for first: float32 for float, float64 else.
      if constexpr (sizeof(T) == sizeof(float)) {
        if (tag == code::float32 && readable >= 5) [[likely]] {
          v = static_cast<T>(std::bit_cast<float>(load_be32(c.p + 1)));
          c.p += 5;
          return true;
        }
      }
      if (tag == code::float64 && readable >= 9) [[likely]] {
        if (detail::fit_floating(std::bit_cast<double>(load_be64(c.p + 1)), v) != errc::ok) [[unlikely]] return false;  // the full path says why
        c.p += 9;
        return true;
      }
      if constexpr (sizeof(T) != sizeof(float)) {
        if (tag == code::float32 && readable >= 5) {
          v = static_cast<T>(std::bit_cast<float>(load_be32(c.p + 1)));
          c.p += 5;
          return true;
        }
      }
      return false;
    } else if constexpr (string_type<T> || string_view_type<T>) {
      if ((tag & 0xe0) != code::fixstr) return false;
      const std::size_t n = tag & 0x1f;
      if (n > ctx.lim.max_elements) [[unlikely]] return false;
      if (readable >= 17 && n <= 16) [[likely]] {
        if (!detail::store_short_text<O>(ctx, v, c.p + 1, n)) return false;
      } else if (readable < 1 + n || !detail::store_text_quick<bool(O.validate_utf8)>(ctx, v, c.p + 1, n, readable - 1)) {
        return false;
      }
      c.p += 1 + n;
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
bool read_timestamp(Ctx& ctx, std::int64_t& secs, std::uint32_t& nanos) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  std::size_t len = 0, head = 2;
  if (tag == code::fixext4) len = 4;
  else if (tag == code::fixext8) len = 8;
  else if (tag == code::ext8) {
    if (!ctx.require(2, at)) [[unlikely]] return false;
    len = ctx.src.cur()[1];
    head = 3;
  } else {
    return mismatch(ctx, "timestamp", tag);
  }
  if (!ctx.require(head + len, at)) [[unlikely]] return false;
  const std::uint8_t* p = ctx.src.cur();
  if (static_cast<std::int8_t>(p[head - 1]) != timestamp_type) return ctx.fail(errc::type_mismatch, at, "timestamp", "extension");
  p += head;
  if (len == 4) {
    secs = load_be32(p);
    nanos = 0;
  } else if (len == 8) {
    const std::uint64_t data = load_be64(p);
    nanos = static_cast<std::uint32_t>(data >> 34);
    secs = static_cast<std::int64_t>(data & 0x3ffffffffull);
  } else if (len == 12) {
    nanos = load_be32(p);
    secs = static_cast<std::int64_t>(load_be64(p + 4));
  } else {
    return ctx.fail(errc::invalid_value, at, "timestamp of 4, 8 or 12 bytes");
  }
  if (nanos >= 1000000000u) return ctx.fail(errc::invalid_value, at, "nanoseconds below 10^9");
  ctx.src.advance(head + len);
  return true;
}

// A string or an extension that a skip steps over, checked as a read would check it: text as
// UTF-8, a timestamp (extension -1) for its length, nanoseconds and range. Other extensions are
// left for the skip.
template <class Ctx>
PRISM_NOINLINE bool check_skipped(Ctx& ctx, std::uint8_t tag, bool& done) {
  done = true;
  if ((tag & 0xe0) == code::fixstr || (tag >= code::str8 && tag <= code::str32)) {
    const std::uint8_t* p{};
    std::size_t n{};
    return read_str_bytes<options{}>(ctx, p, n);
  }
  const std::size_t at = ctx.src.offset();
  const std::size_t type_at = tag >= code::fixext1 ? 1 : tag == code::ext8 ? 2 : tag == code::ext16 ? 3 : 5;
  if (!ctx.require(type_at + 1)) [[unlikely]] return false;
  if (static_cast<std::int8_t>(ctx.src.cur()[type_at]) != timestamp_type) {
    done = false;
    return true;
  }
  std::int64_t secs{};
  std::uint32_t nanos{};
  std::chrono::sys_time<std::chrono::nanoseconds> t;
  if (!read_timestamp(ctx, secs, nanos)) return false;
  return detail::time_point_from(secs, nanos, t) || ctx.fail(errc::out_of_range, at, "a timestamp within the time point's range");
}

// Skips one complete value of any type without recursion, within the depth the reader has left.
// Checked, it checks what reading each value would (check_skipped), so that a struct read takes
// what a read into prism::value, a transcode and a view's walk take; a view steps over values
// unchecked (it checks a value when it is read).
template <bool Checked = true, class Ctx>
bool skip_value(Ctx& ctx) {
  detail::open_containers open(ctx.lim.max_depth - std::min(ctx.depth, ctx.lim.max_depth));
  std::size_t pending = 1;  // items still to skip, in every open container: each takes a byte
  while (open.next()) {
    --pending;
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    const value_head& h = value_heads[tag];
    if (!h.valid) return ctx.fail(errc::invalid_value, ctx.src.offset(), "a MessagePack value", describe_tag(tag));
    if constexpr (Checked) {
      if (h.checked) {
        bool done{};
        if (!check_skipped(ctx, tag, done)) return false;
        if (done) continue;
      }
    }
    const std::size_t at = ctx.src.offset();
    std::size_t skip = h.size;
    std::size_t items = h.nested;
    if (h.width) {
      std::size_t n = 0;
      if (!read_length_field(ctx, h.width, n)) return false;
      items = h.per_item * n;
      skip = h.per_item ? 0 : n + h.extra;
    }
    if ((tag & 0xe0) == 0x80 || h.per_item) {  // a map or an array: one level deeper
      if (!open.open(items)) [[unlikely]] return ctx.fail(errc::too_deep, at);
      pending += items;
      if (pending > ctx.src.remaining_bound()) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
    }
    if (!ctx.require(skip)) [[unlikely]] return false;
    ctx.src.advance(skip);
  }
  return true;
}


template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v);

// [dtype, [extents...], bin] or [dtype, [extents...], bin, order]. `on_data(h)` sees the header
// while h.data points at the bin's bytes in the source (a stream may move them afterwards); it
// returns false to fail. h.order is known only when this returns.
template <class Ctx, class OnData>
bool read_tensor_header(Ctx& ctx, tensor_header& h, OnData&& on_data) {
  const std::size_t at = ctx.src.offset();
  std::size_t n{}, rank{}, bytes{};
  if (!read_header<kind::array>(ctx, n, "tensor [dtype, shape, data]")) return false;
  if (n != 3 && n != 4) return ctx.fail(errc::type_mismatch, at, "tensor [dtype, shape, data]", "another array");
  std::uint8_t type{};
  if (!read_int(ctx, type)) return false;
  if (!valid_dtype(type)) return ctx.fail(errc::invalid_value, at, "a dtype");
  h.type = static_cast<dtype>(type);
  if (!read_header<kind::array>(ctx, rank, "tensor shape")) return false;
  if (rank > max_tensor_rank) return ctx.fail(errc::invalid_value, at, "a tensor rank of 16 at most");
  h.rank = rank;
  for (std::size_t d = 0; d < rank; ++d)
    if (!read_int(ctx, h.shape[d])) return false;
  const std::size_t bin_at = ctx.src.offset();
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  // Binary only: with a string there, the array is three values (and the string is text).
  if (tag < code::bin8 || tag > code::bin32) return mismatch(ctx, "tensor data (binary)", tag);
  if (!read_header<kind::bin>(ctx, bytes, "tensor data")) return false;
  std::size_t count = 1;
  for (std::size_t d = 0; d < rank; ++d)
    if (__builtin_mul_overflow(count, h.shape[d], &count)) return ctx.fail(errc::size_mismatch, bin_at, "data of the tensor's shape");
  if (count > bytes || count * dtype_size(h.type) != bytes) return ctx.fail(errc::size_mismatch, bin_at, "data of the tensor's shape");
  if (!ctx.require(bytes, bin_at)) [[unlikely]] return false;
  h.data = reinterpret_cast<const std::byte*>(ctx.src.cur());
  h.data_bytes = bytes;
  if (!on_data(h)) return false;
  ctx.src.advance(bytes);
  h.order = memory_order::row_major;
  if (n == 4) {
    std::uint8_t order{};
    if (!read_int(ctx, order)) return false;
    if (order > 1) return ctx.fail(errc::invalid_value, at, "memory order 0 or 1");
    h.order = static_cast<memory_order>(order);
  }
  return true;
}

template <class T, class Ctx>
bool read_tensor(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  tensor_header h;
  if (!read_tensor_header(ctx, h, [&](const tensor_header& th) { return detail::store_tensor(ctx, th, v, at); })) return false;
  if (h.order == memory_order::row_major) return true;
  if constexpr (tensor_view_type<T>) v = T(v.data(), v.shape(), h.order);
  else v.reshape(v.shape(), h.order);
  return true;
}

}  // namespace prism::msgpack_detail
