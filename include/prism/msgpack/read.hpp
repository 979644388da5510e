#pragma once
// MessagePack decoder straight into C++ values. Accepts every encoding of a value (not only
// the smallest), checks every length against the remaining input before allocating, and
// reports the offset and field path of the first problem.
// Here: arrays, maps, structs and the dispatch over every type.
// Under it, in read_scalars.hpp: scalars, strings, tensors and skipping.
#include <bit>
#include <chrono>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "../core/category_read.hpp"
#include "../core/struct_reader.hpp"
#include "../core/value_io.hpp"
#include "../core/enum_read.hpp"
#include "read_scalars.hpp"

namespace prism::msgpack_detail {

// The elements of an array, from the cursor on, into a sequence of their number (the depth
// entered for the array, and left here); returns where they end, or null on an error.
template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_elements(Ctx& ctx, local_cursor c, T& v) {
  return detail::read_elements_at(
      ctx, c, v, [&](local_cursor& at, auto& e) PRISM_LAMBDA_INLINE { return detail::read_next<cursor_reader, O>(ctx, at, e); },
      [&](auto& e) { return read_value<O>(ctx, e); });
}

template <options O, class T, class Ctx>
bool read_sequence_rest(Ctx& ctx, T& v);

// A sequence at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. The usual head (an array) is read at the cursor; read_sequence_rest
// reads every other encoding and checks the same.
template <options O, class T, class Ctx>
const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v) {
  const std::size_t readable = c.readable();
  std::size_t n = 0, head_bytes = 0;
  if (readable >= 1 && (*c.p & 0xf0) == code::fixarray) {
    n = *c.p & 0x0f;
    head_bytes = 1;
  } else if (readable >= 3 && *c.p == code::array16) {
    n = load_be16(c.p + 1);
    head_bytes = 3;
  } else if (readable >= 5 && *c.p == code::array32) {
    n = load_be32(c.p + 1);
    head_bytes = 5;
  }
  if (head_bytes != 0 && n <= ctx.lim.max_elements && n <= readable - head_bytes && detail::size_quick(ctx, v, n) &&
      ctx.try_enter()) [[likely]] {
    return read_elements<O>(ctx, local_cursor{c.p + head_bytes, c.end}, v);
  }
  c.store_to(ctx.src);
  return read_sequence_rest<O>(ctx, v) ? ctx.src.cur() : nullptr;
}

template <options O, class T, class Ctx>
bool read_sequence(Ctx& ctx, T& v) {
  return detail::move_to(ctx.src, read_sequence_at<O>(ctx, local_cursor{ctx.src}, v));
}

template <options O, class T, class Ctx>
bool read_sequence_rest(Ctx& ctx, T& v) {
  std::size_t n{};
  const std::size_t at = ctx.src.offset();
  if constexpr (resizable_sequence<T> && sizeof(range_value_t<T>) == 1 && integer<range_value_t<T>>) {
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    if (tag == code::bin8 || tag == code::bin16 || tag == code::bin32) {  // bytes as written by msgpack-cxx
      if (!read_header<kind::bin>(ctx, n, "array")) return false;
      if (!ctx.check_count(n, 1, at) || !ctx.src.need(n) || !ctx.charge(n)) return ctx.fail(errc::unexpected_end, at);
      v.resize(n);
      if (n) detail::copy_large(std::ranges::data(v), ctx.src.cur(), n);
      ctx.src.advance(n);
      return true;
    }
  }
  if (!read_header<kind::array>(ctx, n, "array")) return false;
  if (!ctx.check_count(n, 1, at)) return false;
  if (!detail::size_sequence(ctx, v, n, at)) return false;
  if (!ctx.enter()) return false;
  return detail::move_to(ctx.src, read_elements<O>(ctx, local_cursor{ctx.src}, v));
}

template <options O, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, std::size_t index) {
  return detail::read_field_at(ctx, v, index, [&](auto& field) { return read_value<O>(ctx, field); });
}

// Every field's encoded key, by index: the lookup's test of the writer's order.
template <class T>
inline constexpr auto encoded_keys = detail::key_table<T>([]<std::size_t I>() -> auto& { return encoded_key<T, I>; });

// The n entries of a map from the cursor on (depth entered), into struct T, whose head is at
// offset `at`; returns where they end, or null on an error.
struct read_struct_fields_body {
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* read(Ctx& ctx, local_cursor c, T& v, std::size_t n, std::size_t at) {
    return detail::read_keyed_fields<cursor_reader, O>(
        ctx, c, v, n, at, encoded_keys<T>, [&](auto& p, auto& len) { return read_key_bytes<O>(ctx, p, len); },
        [&](std::size_t index) { return read_field<O>(ctx, v, index); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
  }
};

template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_struct_fields(Ctx& ctx, local_cursor c, T& v, std::size_t n, std::size_t at) {
  return detail::read_placed<detail::struct_in_place<T>, read_struct_fields_body, O>(ctx, c, v, n, at);
}

// A struct written as an array of all its fields (options::structs_as_arrays), after its head
// (depth entered): each field at the cursor, in order; returns where they end, or null.
struct read_positional_body {
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* read(Ctx& ctx, local_cursor c, T& v) {
    const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) PRISM_LAMBDA_INLINE {
      return ((detail::read_next<cursor_reader, O>(ctx, c, get_field<I>(v)) || detail::in_field_at<T>(ctx, I)) && ...);
    }(std::make_index_sequence<field_count_v<T>>{});
    if (!ok) return nullptr;
    ctx.leave();
    return c.p;
  }
};

template <options O, class T, class Ctx>
bool read_struct_rest(Ctx& ctx, T& v);

// A struct at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. The usual heads (a fixmap, or a fixarray of every field) are read at
// the cursor; read_struct_rest reads every other and checks the same.
template <options O, class T, class Ctx>
const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v) {
  if (c.readable() >= 1 && (*c.p & 0xf0) == code::fixmap) [[likely]] {
    const std::size_t n = *c.p & 0x0f;
    if (n <= ctx.lim.max_elements && n <= (c.readable() - 1) / 2 && ctx.try_enter()) [[likely]]
      return read_struct_fields<O>(ctx, local_cursor{c.p + 1, c.end}, v, n, detail::offset_of(ctx.src, c.p));
  }
  constexpr std::size_t fields = field_count_v<T>;
  if constexpr (fields <= 15) {
    if (c.readable() > fields && *c.p == static_cast<std::uint8_t>(code::fixarray | fields) && fields <= ctx.lim.max_elements && ctx.try_enter())
      return detail::read_placed<detail::struct_in_place<T>, read_positional_body, O>(ctx, local_cursor{c.p + 1, c.end}, v);
  }
  c.store_to(ctx.src);
  return read_struct_rest<O>(ctx, v) ? ctx.src.cur() : nullptr;
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v) {
  return detail::move_to(ctx.src, read_struct_at<O>(ctx, local_cursor{ctx.src}, v));
}

template <options O, class T, class Ctx>
bool read_struct_rest(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  std::size_t n{};
  if ((tag & 0xf0) == code::fixarray || tag == code::array16 || tag == code::array32) {
    if (!read_header<kind::array>(ctx, n, "array")) return false;
    if (!ctx.check_count(n, 1, at) || !ctx.enter()) return false;
    return detail::read_positional_items<O, T>(
        ctx, n, at, [&](std::size_t k) { return read_field<O>(ctx, v, k); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
  }
  if (!read_header<kind::map>(ctx, n, "map")) return false;
  if (!ctx.check_count(n, 2, at) || !ctx.enter()) return false;
  return detail::read_fields_after_other_head<read_struct_fields_body, O>(
      ctx, v, n, at, encoded_keys<T>, [&](auto& p, auto& len) { return read_key_bytes<O>(ctx, p, len); },
      [&](std::size_t index) { return read_field<O>(ctx, v, index); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
}

// MessagePack's encodings for the type dispatch in core (core/category_read.hpp).
// MessagePack's one-byte marks for bool, nil and strings.
struct wire_marks {
  static constexpr std::uint8_t true_byte = code::true_, false_byte = code::false_, null_byte = code::nil;
  static constexpr bool is_text(std::uint8_t tag) noexcept {
    return (tag & 0xe0) == code::fixstr || tag == code::str8 || tag == code::str16 || tag == code::str32;
  }
  template <class Ctx>
  PRISM_INLINE static bool peek(Ctx& ctx, std::uint8_t& tag) { return peek_tag(ctx, tag); }
  template <class Ctx>
  static bool mismatch(Ctx& ctx, std::string_view what, std::uint8_t tag) { return msgpack_detail::mismatch(ctx, what, tag); }
};

struct wire_reader : detail::byte_marked<wire_marks> {
  using format = msgpack;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool read_value_member(Ctx& ctx, prism::value& v) { return detail::value_io<msgpack>::read_member(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return msgpack_detail::read_int(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_float(Ctx& ctx, T& v) { return msgpack_detail::read_float(ctx, v); }
  template <options O, class Ctx, class Use>
  PRISM_INLINE static bool read_text(Ctx& ctx, Use&& use) {
    const std::uint8_t* p{};
    std::size_t n{};
    return read_str_bytes<O>(ctx, p, n) && use(p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_blob(Ctx& ctx, T& v) {
    std::size_t n{};
    const std::size_t at = ctx.src.offset();
    return read_header<kind::bin>(ctx, n, "binary") && detail::take_bytes(ctx, v, n, at);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_tensor(Ctx& ctx, T& v) { return msgpack_detail::read_tensor(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_sequence(Ctx& ctx, T& v) { return msgpack_detail::read_sequence<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool read_map_size(Ctx& ctx, std::size_t& n) {
    const std::size_t at = ctx.src.offset();
    return read_header<kind::map>(ctx, n, "map") && ctx.check_count(n, 2, at);
  }
  template <class Ctx, class Items>
  PRISM_INLINE static bool read_items(Ctx& ctx, std::size_t count, std::string_view what, Items&& items) {
    std::size_t n{};
    const std::size_t at = ctx.src.offset();
    if (!read_header<kind::array>(ctx, n, what)) return false;
    if (n != count) return ctx.fail(errc::size_mismatch, at, what);
    return items();
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_time(Ctx& ctx, T& v) {
    std::int64_t secs{};
    std::uint32_t nanos{};
    const std::size_t at = ctx.src.offset();
    if (!read_timestamp(ctx, secs, nanos)) return false;
    if (!detail::time_point_from(secs, nanos, v)) [[unlikely]] return ctx.fail(errc::out_of_range, at, "a timestamp within the time point's range");
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_struct(Ctx& ctx, T& v) {
    return msgpack_detail::read_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  return detail::read_category<wire_reader, O>(ctx, v);
}

}  // namespace prism::msgpack_detail

namespace prism {

template <>
struct format_reader<msgpack> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    return msgpack_detail::read_value<O>(ctx, v);
  }
};

}  // namespace prism
