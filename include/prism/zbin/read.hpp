#pragma once
// zbin decoder straight into C++ values, front to back (so it reads from streams too). Indexes
// are skipped: a struct is filled in wire order, keys dispatched by the compile-time key table.
// Every length is checked against the input before anything is allocated.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/category_read.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/struct_reader.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "../core/width_codes.hpp"
#include "../core/enum_read.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::zbin_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);

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

// Consumes `1 + width` bytes (a code and a little-endian length) and returns the length.
template <class Ctx>
PRISM_INLINE bool read_sized(Ctx& ctx, std::size_t width, std::size_t& n) {
  return detail::read_width_coded_length<std::endian::little>(ctx, width, n);
}

template <class Ctx>
bool read_varint(Ctx& ctx, std::uint64_t& v) {
  const std::size_t at = ctx.src.offset();
  if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) {
    const std::size_t k = get_varint(ctx.src.cur(), ctx.src.cur() + ctx.src.readable(), v);
    if (k == 0) [[unlikely]] return ctx.fail(ctx.src.readable() >= 10 ? errc::invalid_value : errc::unexpected_end, at, "varint");
    ctx.src.advance(k);
    return true;
  } else {
    v = 0;
    for (std::size_t i = 0; i < 10; ++i) {
      if (!ctx.require(1, at, "varint")) [[unlikely]] return false;
      const std::uint64_t b = *ctx.src.cur();
      ctx.src.advance(1);
      if (i == 9 && b > 1) break;
      v |= (b & 0x7f) << (7 * i);
      if (b < 0x80) return true;
    }
    return ctx.fail(errc::invalid_value, at, "varint");
  }
}

// A string's or a binary's length; `text` selects which codes are accepted.
template <class Ctx>
PRISM_INLINE bool read_bytes_header(Ctx& ctx, bool text, std::size_t& n) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if (text) {
    if ((tag & 0xe0) == code::fixstr) {
      n = tag & 0x1f;
      ctx.src.advance(1);
      return true;
    }
    if (tag == code::str8) return read_sized(ctx, 1, n);
    if (tag == code::str16) return read_sized(ctx, 2, n);
    if (tag == code::str32) return read_sized(ctx, 4, n);
    return mismatch(ctx, "string", tag);
  }
  if (tag == code::bin8) return read_sized(ctx, 1, n);
  if (tag == code::bin16) return read_sized(ctx, 2, n);
  if (tag == code::bin32) return read_sized(ctx, 4, n);
  return mismatch(ctx, "binary", tag);
}

// The header of an array or object: its element count, and `end`, the offset where its contents
// end (as a skip and a view find it); the index, if any, is skipped.
template <class Ctx>
PRISM_INLINE bool read_container(Ctx& ctx, bool object, std::size_t& n, std::size_t& end, std::string_view expected) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  const std::uint8_t fix = object ? code::fixobject : code::fixarray;
  std::size_t head = 1;
  if ((tag & 0xf0) == fix) {
    n = tag & 0x0f;
  } else if (tag == (object ? code::object : code::array)) {
    if (!ctx.require(5, at)) [[unlikely]] return false;
    n = load_le32(ctx.src.cur() + 1);
    head = 5;
  } else {
    return mismatch(ctx, expected, tag);
  }
  if (!ctx.require(head + 4, at)) [[unlikely]] return false;
  const std::size_t body = load_le32(ctx.src.cur() + head);
  ctx.src.advance(head + 4);
  // The whole body must be there, from a stream too (its bytes arrive first), so that a span
  // and a stream refuse the same containers.
  if (!ctx.src.need(body)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
  end = ctx.src.offset() + body;
  const bool indexed = !object || n > max_unindexed_entries;
  if (!ctx.check_count(n, object ? 2 : 1, at)) return false;
  if (indexed) {
    if (4 * n > body) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
    ctx.src.advance(4 * n);
  }
  return true;
}

// A container's contents, read, must end where its declared size says, as skips, views and
// verify() take them to.
template <class Ctx>
PRISM_INLINE bool ends_at(Ctx& ctx, std::size_t end) {
  if (ctx.src.offset() != end) [[unlikely]] return ctx.fail(errc::invalid_value, ctx.src.offset(), "a container's contents of its declared size");
  return true;
}

// The header of a typed array or tensor up to its data, which starts at the aligned offset.
template <class Ctx>
bool read_numeric_header(Ctx& ctx, tensor_header& h, bool& is_tensor) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  if (tag != code::typed_array && tag != code::tensor) return mismatch(ctx, "typed array or tensor", tag);
  is_tensor = tag == code::tensor;
  if (!ctx.require(is_tensor ? 3 : 2, at)) [[unlikely]] return false;
  const std::uint8_t type = ctx.src.cur()[1];
  if (!valid_dtype(type)) return ctx.fail(errc::invalid_value, at, "a dtype");
  h.type = static_cast<dtype>(type);
  if (is_tensor) {
    const std::uint8_t r = ctx.src.cur()[2];
    h.rank = r & 0x7f;
    h.order = (r & 0x80) ? memory_order::column_major : memory_order::row_major;
    if (h.rank > max_tensor_rank) return ctx.fail(errc::invalid_value, at, "a tensor rank of 16 at most");
    ctx.src.advance(3);
  } else {
    h.rank = 1;
    ctx.src.advance(2);
  }
  const std::size_t element = dtype_size(h.type);
  // Only the element count has to fit the input: an extent may be anything while another is 0,
  // so that span and stream readers, views and verify() judge a shape alike.
  std::size_t count = 1;
  for (std::size_t d = 0; d < h.rank; ++d) {
    std::uint64_t e{};
    if (!read_varint(ctx, e)) return false;
    h.shape[d] = static_cast<std::size_t>(e);
    if (__builtin_mul_overflow(count, h.shape[d], &count)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
  }
  if (count > ctx.src.remaining_bound() / element) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
  h.data_bytes = count * element;
  const std::size_t pad = align_up(ctx.src.offset(), data_alignment(element, h.data_bytes)) - ctx.src.offset();
  if (!ctx.require(pad + h.data_bytes, at)) [[unlikely]] return false;
  ctx.src.advance(pad);
  h.data = reinterpret_cast<const std::byte*>(ctx.src.cur());
  return true;
}

// Skips one complete value: O(1) for containers, whose body size precedes them.
template <class Ctx>
bool skip_value(Ctx& ctx) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  std::size_t skip = 0;
  if (tag <= 0x7f || tag >= code::negfixint || tag == code::null || tag == code::false_ || tag == code::true_) {
    skip = 1;
  } else if (tag <= 0x9f || tag == code::array || tag == code::object) {
    const std::size_t head = tag <= 0x9f ? 1 : 5;
    if (!ctx.require(head + 4, at)) [[unlikely]] return false;
    skip = head + 4 + load_le32(ctx.src.cur() + head);
  } else if (tag <= 0xbf) {
    skip = 1 + (tag & 0x1f);
  } else if (tag == code::typed_array || tag == code::tensor) {
    tensor_header h;
    bool is_tensor{};
    if (!read_numeric_header(ctx, h, is_tensor)) return false;
    skip = h.data_bytes;
  } else {
    std::size_t n = 0;
    switch (tag) {
      case code::u8: case code::i8: skip = 2; break;
      case code::u16: case code::i16: skip = 3; break;
      case code::u32: case code::i32: case code::f32: skip = 5; break;
      case code::u64: case code::i64: case code::f64: skip = 9; break;
      case code::timestamp: skip = 13; break;
      case code::str8: case code::bin8: if (!read_sized(ctx, 1, n)) return false; skip = n; break;
      case code::str16: case code::bin16: if (!read_sized(ctx, 2, n)) return false; skip = n; break;
      case code::str32: case code::bin32: if (!read_sized(ctx, 4, n)) return false; skip = n; break;
      default: return ctx.fail(errc::invalid_value, at, "a zbin value", describe_tag(tag));
    }
  }
  if (!ctx.require(skip, at)) [[unlikely]] return false;
  ctx.src.advance(skip);
  return true;
}

// Any integer code: `negative` and the value (two's complement when negative).
template <class Ctx>
PRISM_INLINE bool read_integer(Ctx& ctx, std::uint8_t tag, bool& negative, std::uint64_t& value, std::string_view expected) {
  if (tag <= 0x7f) {
    negative = false;
    value = tag;
    ctx.src.advance(1);
    return true;
  }
  if (tag >= code::negfixint) {
    negative = true;
    value = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(tag)));
    ctx.src.advance(1);
    return true;
  }
  if (tag < code::u8 || tag > code::i64) [[unlikely]] return mismatch(ctx, expected, tag);
  const std::size_t w = int_code_width(tag);
  if (!ctx.require(1 + w)) [[unlikely]] return false;
  decode_int(tag, ctx.src.cur() + 1, negative, value);
  ctx.src.advance(1 + w);
  return true;
}

template <class T, class Ctx>
PRISM_INLINE bool read_int(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if (tag <= 0x7f) [[likely]] {
    v = static_cast<T>(tag);
    ctx.src.advance(1);
    return true;
  }
  const std::size_t at = ctx.src.offset();
  bool negative{};
  std::uint64_t value{};
  if (!read_integer(ctx, tag, negative, value, "integer")) return false;
  if (detail::fit_integer(negative, value, v) != errc::ok) [[unlikely]]
    return ctx.fail(errc::out_of_range, at, negative && std::is_unsigned_v<T> ? "non-negative integer" : "");
  return true;
}

template <class T, class Ctx>
bool read_float(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if (tag == code::f64) {
    if (!ctx.require(9)) [[unlikely]] return false;
    double d;
    std::memcpy(&d, ctx.src.cur() + 1, 8);
    if (!detail::store_floating(ctx, d, v, ctx.src.offset())) return false;
    ctx.src.advance(9);
    return true;
  }
  if (tag == code::f32) {
    if (!ctx.require(5)) [[unlikely]] return false;
    float f;
    std::memcpy(&f, ctx.src.cur() + 1, 4);
    v = static_cast<T>(f);
    ctx.src.advance(5);
    return true;
  }
  bool negative{};
  std::uint64_t value{};
  if (!read_integer(ctx, tag, negative, value, "number")) return false;
  v = negative ? static_cast<T>(static_cast<std::int64_t>(value)) : static_cast<T>(value);
  return true;
}

template <options O, class Ctx>
PRISM_INLINE bool read_text(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  if (!read_bytes_header(ctx, true, n)) return false;
  const std::size_t at = ctx.src.offset();
  if (!ctx.check_elements(n, at)) [[unlikely]] return false;
  if (!ctx.require(n, at)) [[unlikely]] return false;
  p = ctx.src.cur();
  if (!detail::check_text<O>(ctx, p, n)) [[unlikely]] return false;
  ctx.src.advance(n);
  return true;
}

// A typed array of E's own dtype, whole in the bytes readable now (and at least a varint's
// longest past its code): its header decoded inline, and the cursor left at its elements. False,
// with nothing consumed, for anything else, which read_numeric_header then decodes or refuses:
// both accept the same arrays, this only sooner.
template <class E, class Ctx>
PRISM_INLINE bool own_typed_array(Ctx& ctx, std::size_t& n) {
  const std::uint8_t* const p = ctx.src.cur();
  const std::size_t readable = ctx.src.readable();
  if (readable < 2 + detail::max_varint_bytes || p[1] != static_cast<std::uint8_t>(dtype_of<E>)) return false;
  std::uint64_t count{};
  const std::size_t k = detail::get_varint_unchecked(p + 2, count);
  if (k == 0 || count > readable / sizeof(E)) return false;
  n = static_cast<std::size_t>(count);
  const std::size_t head = 2 + k;
  const std::size_t bytes = n * sizeof(E);
  const std::size_t offset = ctx.src.offset() + head;
  const std::size_t pad = align_up(offset, data_alignment(sizeof(E), bytes)) - offset;
  if (readable - head < pad + bytes) return false;
  ctx.src.advance(head + pad);
  return true;
}

// Numbers of a typed array or tensor into contiguous storage of E: one copy when the dtype is
// E's, else element by element with a range check (small integer arrays are stored narrow).
template <class E, class Ctx>
bool copy_numbers(Ctx& ctx, const tensor_header& h, E* out, std::size_t at) {
  const std::size_t count = h.count();
  if (h.type == dtype_of<E>) {
    if (count) detail::copy_large(out, h.data, h.data_bytes);
    return true;
  }
  if (convert_numbers(h.type, h.data, count, out)) return true;
  return ctx.fail(is_integer_dtype(h.type) && std::is_integral_v<E> ? errc::out_of_range : errc::type_mismatch, at,
                  dtype_name(dtype_of<E>), dtype_name(h.type));
}

template <options O, class T, class Ctx>
bool read_sequence(Ctx& ctx, T& v) {
  using E = range_value_t<T>;
  const std::size_t at = ctx.src.offset();
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if constexpr (plain_number<E>) {
    if (tag == code::typed_array) {
      if constexpr (std::ranges::contiguous_range<T>) {
        std::size_t n{};
        if (own_typed_array<E>(ctx, n)) [[likely]] {
          if (!ctx.check_elements(n, at) || !detail::size_sequence(ctx, v, n, at)) [[unlikely]] return false;
          if (n) detail::copy_large(std::ranges::data(v), ctx.src.cur(), n * sizeof(E));
          ctx.src.advance(n * sizeof(E));
          return true;
        }
      }
      tensor_header h;
      bool is_tensor{};
      if (!read_numeric_header(ctx, h, is_tensor)) return false;
      const std::size_t n = h.shape[0];
      if (!ctx.check_elements(n, at)) [[unlikely]] return false;
      if (!detail::size_sequence(ctx, v, n, at)) return false;
      if constexpr (std::ranges::contiguous_range<T>) {
        if (!copy_numbers(ctx, h, std::ranges::data(v), at)) return false;
      } else {  // a deque or a list: through a contiguous copy
        std::vector<E> numbers(n);
        if (!copy_numbers(ctx, h, numbers.data(), at)) return false;
        std::ranges::copy(numbers, std::ranges::begin(v));
      }
      ctx.src.advance(h.data_bytes);
      return true;
    }
  }
  std::size_t n{}, end{};
  if (!read_container(ctx, false, n, end, "array")) return false;
  if (!detail::size_sequence(ctx, v, n, at)) return false;
  if (!ctx.enter()) return false;
  std::size_t i = 0;
  for (auto&& e : v) {
    if (!detail::read_element(e, [&](auto& x) { return read_value<O>(ctx, x); })) [[unlikely]] return ctx.in_element(i);
    ++i;
  }
  ctx.leave();
  return ends_at(ctx, end);
}

template <class T, class Ctx>
bool read_tensor(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  tensor_header h;
  bool is_tensor{};
  if (!read_numeric_header(ctx, h, is_tensor) || !detail::store_tensor(ctx, h, v, at)) return false;
  ctx.src.advance(h.data_bytes);
  return true;
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v);

// zbin's encodings for the type dispatch in core (core/category_read.hpp).
// zbin's one-byte marks for bool, null and strings.
struct wire_marks {
  static constexpr std::uint8_t true_byte = code::true_, false_byte = code::false_, null_byte = code::null;
  static constexpr bool is_text(std::uint8_t tag) noexcept {
    return (tag & 0xe0) == code::fixstr || tag == code::str8 || tag == code::str16 || tag == code::str32;
  }
  template <class Ctx>
  PRISM_INLINE static bool peek(Ctx& ctx, std::uint8_t& tag) { return peek_tag(ctx, tag); }
  template <class Ctx>
  static bool mismatch(Ctx& ctx, std::string_view what, std::uint8_t tag) { return zbin_detail::mismatch(ctx, what, tag); }
};

struct wire_reader : detail::byte_marked<wire_marks> {
  using format = zbin;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return zbin_detail::read_int(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_float(Ctx& ctx, T& v) { return zbin_detail::read_float(ctx, v); }
  template <options O, class Ctx, class Use>
  PRISM_INLINE static bool read_text(Ctx& ctx, Use&& use) {
    const std::uint8_t* p{};
    std::size_t n{};
    return zbin_detail::read_text<O>(ctx, p, n) && use(p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_blob(Ctx& ctx, T& v) {
    std::size_t n{};
    const std::size_t at = ctx.src.offset();
    return read_bytes_header(ctx, false, n) && detail::take_bytes(ctx, v, n, at);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_tensor(Ctx& ctx, T& v) { return zbin_detail::read_tensor(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_sequence(Ctx& ctx, T& v) { return zbin_detail::read_sequence<O>(ctx, v); }
  template <options O, class Ctx, class T>
  static bool read_map(Ctx& ctx, T& v) {
    std::size_t n{}, end{};
    return read_container(ctx, true, n, end, "object") && detail::read_map_entries<wire_reader, O>(ctx, v, n) && ends_at(ctx, end);
  }
  template <class Ctx, class Items>
  PRISM_INLINE static bool read_items(Ctx& ctx, std::size_t count, std::string_view what, Items&& items) {
    std::size_t n{}, end{};
    const std::size_t at = ctx.src.offset();
    if (!read_container(ctx, false, n, end, what)) return false;
    if (n != count) return ctx.fail(errc::size_mismatch, at, what);
    return items() && ends_at(ctx, end);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_time(Ctx& ctx, T& v) {
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    const std::size_t at = ctx.src.offset();
    if (tag != code::timestamp) return mismatch(ctx, "timestamp", tag);
    if (!ctx.require(13, at)) [[unlikely]] return false;
    const auto secs = static_cast<std::int64_t>(load_le64(ctx.src.cur() + 1));
    const std::uint32_t nanos = load_le32(ctx.src.cur() + 9);
    if (nanos >= 1000000000u) return ctx.fail(errc::invalid_value, at, "nanoseconds below 10^9");
    if (!detail::time_point_from(secs, nanos, v)) [[unlikely]] return ctx.fail(errc::out_of_range, at, "a timestamp within the time point's range");
    ctx.src.advance(13);
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_struct(Ctx& ctx, T& v) {
    return zbin_detail::read_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  return detail::read_category<wire_reader, O>(ctx, v);
}

template <options O, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, std::size_t index) {
  return detail::read_field_at(ctx, v, index, [&](auto& field) { return read_value<O>(ctx, field); });
}

// Every field's encoded key, by index: the lookup's test of the writer's order.
template <class T>
inline constexpr auto encoded_keys = detail::key_table<T>([]<std::size_t I>() -> auto& { return encoded_key<T, I>; });

// Keys in the order prism writes them are matched as raw bytes, with no lookup.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_fields_in_order(Ctx& ctx, T& v, std::size_t n, std::size_t& i) {
  return detail::read_fields_in_order<T, wire_order<T>>(ctx, n, i, [&](auto field) {
    constexpr auto& key = encoded_key<T, field()>;
    if (!ctx.src.need(key.size()) || !detail::equal_bytes(ctx.src.cur(), key)) return detail::in_order::other_key;
    ctx.src.advance(key.size());
    return read_value<O>(ctx, get_field<field()>(v)) ? detail::in_order::read : detail::in_order::value_failed;
  });
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  std::size_t n{}, end{};
  const auto skip = [&] { return skip_value(ctx); };
  if ((tag & 0xf0) == code::fixarray || tag == code::array) {
    if (!read_container(ctx, false, n, end, "array")) return false;
    if (!ctx.enter()) return false;
    return detail::read_positional_items<O, T>(ctx, n, at, [&](std::size_t k) { return read_field<O>(ctx, v, k); }, skip) &&
           ends_at(ctx, end);
  }
  if (!read_container(ctx, true, n, end, "object")) return false;
  if (!ctx.enter()) return false;
  std::size_t i = 0;
  if (!read_fields_in_order<O>(ctx, v, n, i)) return false;
  return detail::read_remaining_entries<O, T, wire_order<T>>(
             ctx, i, n, at, encoded_keys<T>, [&](auto& p, auto& len) { return read_text<O>(ctx, p, len); },
             [&](std::size_t index) { return read_field<O>(ctx, v, index); }, skip) &&
         ends_at(ctx, end);
}

template <class Ctx>
bool read_header(Ctx& ctx) {
  if (!ctx.require(header_size)) [[unlikely]] return false;
  if (ctx.src.cur()[0] != magic) return ctx.fail(errc::invalid_value, 0, "zbin magic byte 0x5a");
  if (ctx.src.cur()[1] != version) return ctx.fail(errc::invalid_value, 1, "zbin version 1");
  ctx.src.advance(header_size);
  return true;
}

}  // namespace prism::zbin_detail

namespace prism {

template <>
struct format_reader<zbin> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    return zbin_detail::read_header(ctx) && zbin_detail::read_value<O>(ctx, v);
  }
};

}  // namespace prism
