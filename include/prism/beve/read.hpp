#pragma once
// BEVE decoder straight into C++ values. Typed arrays of the destination's element type are one
// bounds check and one copy; other element types convert when every value fits. Every SIZE is
// checked against the remaining input before anything is allocated.
// Here: arrays, maps, structs and the dispatch over every type.
// Under it, in read_scalars.hpp: scalars, strings, tensors and skipping.
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "../core/category_read.hpp"
#include "../core/struct_reader.hpp"
#include "../core/value_io.hpp"
#include "../core/enum_read.hpp"
#include "read_scalars.hpp"

namespace prism::beve_detail {

// A typed array of exactly the destination's contiguous element type, its header consumed:
// one bounds check and one copy (of a constant size for std::array).
template <class T, class Ctx>
PRISM_INLINE bool read_same_typed_array(Ctx& ctx, T& v, std::size_t at) {
  using E = range_value_t<T>;
  std::uint64_t n{};
  if (!read_size(ctx, n)) return false;
  if (!ctx.check_elements(n, at)) [[unlikely]] return false;
  if (n > ctx.src.remaining_bound() / sizeof(E)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
  const auto bytes = static_cast<std::size_t>(n) * sizeof(E);
  if (!ctx.require(bytes, at)) [[unlikely]] return false;
  if constexpr (fixed_array<T>) {
    if (n != v.size()) [[unlikely]] return ctx.fail(errc::size_mismatch, at, "array of the declared size");
    detail::copy_large(std::ranges::data(v), ctx.src.cur(), sizeof(E) * std::tuple_size_v<T>);
  } else {
    if (!detail::size_sequence(ctx, v, static_cast<std::size_t>(n), at)) return false;
    if (n) detail::copy_large(std::ranges::data(v), ctx.src.cur(), bytes);
  }
  ctx.src.advance(bytes);
  return true;
}

// A typed array of another element type (or into a non-contiguous sequence): converted value
// by value, each checked to fit.
template <class T, class Ctx>
bool read_numeric_typed_array(Ctx& ctx, T& v, std::uint8_t h, std::size_t at) {
  std::uint64_t n{};
  if (!read_size(ctx, n)) return false;
  const std::size_t size = element_size(h);
  if (size == 0) return ctx.fail(errc::invalid_value, at, "typed array elements of 1 to 8 bytes");
  if (!ctx.check_elements(n, at)) [[unlikely]] return false;
  if (!detail::count_fits(n, size, ctx.src.remaining_bound()) || !ctx.src.need(n * size)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
  if (!detail::size_sequence(ctx, v, static_cast<std::size_t>(n), at)) return false;
  const std::uint8_t* p = ctx.src.cur();
  std::size_t i = 0;
  for (auto&& e : v) {
    if (!convert_number(ctx, h, p + i * size, at, e)) return ctx.in_element(i);
    ++i;
  }
  ctx.src.advance(static_cast<std::size_t>(n) * size);
  return true;
}

// The matrix extension up to the elements' bytes: h.data points at them; the caller consumes them.
template <class Ctx>
bool read_tensor_header(Ctx& ctx, tensor_header& h) {
  const std::size_t at = ctx.src.offset();
  std::uint8_t b{};
  if (!peek_header(ctx, b)) return false;
  if (b != header::matrix) return mismatch(ctx, "tensor (matrix extension)", b);
  if (!ctx.require(3, at)) [[unlikely]] return false;
  const std::uint8_t layout = ctx.src.cur()[1], extents = ctx.src.cur()[2];
  if (layout > 1) return ctx.fail(errc::invalid_value, at + 1, "matrix layout 0 or 1");
  const unsigned extent_kind = (extents >> 3) & 3;
  if ((extents & 7) != type::typed_array || (extent_kind != signed_kind && extent_kind != unsigned_kind) || element_size(extents) == 0)
    return ctx.fail(errc::type_mismatch, at + 2, "matrix extents as a typed array of integers", describe_header(extents));
  h.order = layout ? memory_order::column_major : memory_order::row_major;
  ctx.src.advance(3);
  std::uint64_t rank{};
  if (!read_size(ctx, rank)) return false;
  if (rank > max_tensor_rank) return ctx.fail(errc::invalid_value, at + 2, "a tensor rank of 16 at most");
  h.rank = static_cast<std::size_t>(rank);
  const std::size_t width = element_size(extents);
  if (!ctx.require(h.rank * width)) [[unlikely]] return false;
  for (std::size_t d = 0; d < h.rank; ++d) {
    if (!convert_number(ctx, extents, ctx.src.cur() + d * width, ctx.src.offset(), h.shape[d])) return false;
  }
  ctx.src.advance(h.rank * width);
  const std::size_t data_at = ctx.src.offset();
  if (!ctx.require(2, data_at)) [[unlikely]] return false;
  const bool is_complex = *ctx.src.cur() == header::complex;
  const std::uint8_t values = ctx.src.cur()[is_complex ? 1 : 0];
  if ((!is_complex && (values & 7) != type::typed_array) || (is_complex && (values & 7) != 1) || !dtype_of_header(values, is_complex, h.type))
    return ctx.fail(errc::type_mismatch, data_at, "matrix elements as a typed array of numbers");
  ctx.src.advance(is_complex ? 2 : 1);
  std::uint64_t count{};
  if (!read_size(ctx, count)) return false;
  const std::size_t size = dtype_size(h.type);
  if (!detail::count_fits(count, size, ctx.src.remaining_bound()) || !ctx.src.need(count * size)) [[unlikely]] return ctx.fail(errc::unexpected_end, data_at);
  h.data = reinterpret_cast<const std::byte*>(ctx.src.cur());
  h.data_bytes = static_cast<std::size_t>(count) * size;
  if (!detail::tensor_fits(h, size, h.data_bytes)) return ctx.fail(errc::size_mismatch, data_at, "elements of the matrix's extents");
  return true;
}

template <class T, class Ctx>
bool read_tensor(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  tensor_header h;
  if (!read_tensor_header(ctx, h) || !detail::store_tensor(ctx, h, v, at)) return false;
  ctx.src.advance(h.data_bytes);
  return true;
}

// The elements of a generic array, from the cursor on, into a sequence of their number (the
// depth entered for the array, and left here); returns where they end, or null on an error.
template <options O, class T, class Ctx>
PRISM_NOINLINE const std::uint8_t* read_elements(Ctx& ctx, local_cursor c, T& v) {
  return detail::read_elements_at(
      ctx, c, v, [&](local_cursor& at, auto& e) PRISM_LAMBDA_INLINE { return detail::read_next<cursor_reader, O>(ctx, at, e); },
      [&](auto& e) { return read_value<O>(ctx, e); });
}

// The strings of a string array, from the cursor on, into a sequence of their number; returns
// where they end, or null on an error.
struct read_texts_body {
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* read(Ctx& ctx, local_cursor c, T& v) {
    std::size_t i = 0;
    for (auto& s : v) {
      if (!read_usual_text<O>(ctx, c, s)) {
        c.store_to(ctx.src);
        const std::uint8_t* p{};
        std::size_t len{};
        if (!read_text_bytes<O>(ctx, p, len)) {
          ctx.in_element(i);
          return nullptr;
        }
        if (!detail::store_bytes(ctx, s, p, len)) return nullptr;
        c.load_from(ctx.src);
      }
      ++i;
    }
    return c.p;
  }
};

template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_texts(Ctx& ctx, local_cursor c, T& v) {
  return detail::read_placed<false, read_texts_body, O>(ctx, c, v);
}

template <options O, class T, class Ctx>
bool read_sequence_rest(Ctx& ctx, T& v);

// A sequence at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. The usual head (a generic or string array of a one-byte SIZE) is
// read at the cursor; read_sequence_rest reads every other and checks the same.
template <options O, class T, class Ctx>
const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v) {
  using E = range_value_t<T>;
  constexpr bool of_text = string_type<E> || string_view_type<E>;
  if (c.readable() >= 2 && (c.p[0] == header::generic_array || (of_text && c.p[0] == header::string_array)) && (c.p[1] & 3) == 0) {
    const std::size_t n = c.p[1] >> 2;
    const bool texts = c.p[0] == header::string_array;
    if (n <= ctx.lim.max_elements && n <= c.readable() - 2 && detail::size_quick(ctx, v, n)) {
      if constexpr (of_text) {
        if (texts) return read_texts<O>(ctx, local_cursor{c.p + 2, c.end}, v);
      }
      if (ctx.try_enter()) [[likely]] return read_elements<O>(ctx, local_cursor{c.p + 2, c.end}, v);
    }
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
  using E = range_value_t<T>;
  std::uint8_t h{};
  if (!peek_header(ctx, h)) return false;
  const std::size_t at = ctx.src.offset();
  if ((h & 7) == type::typed_array) {
    const unsigned kind = (h >> 3) & 3;
    if constexpr (integer<E> || floating<E>) {
      if constexpr (std::ranges::contiguous_range<T>) {
        if (h == typed_array_header<E>) [[likely]] {
          ctx.src.advance(1);
          return read_same_typed_array(ctx, v, at);
        }
      }
      if (kind != bool_or_string_kind) {
        ctx.src.advance(1);
        return read_numeric_typed_array(ctx, v, h, at);
      }
    } else if constexpr (boolean<E>) {
      if (h == header::bool_array) {
        ctx.src.advance(1);
        std::uint64_t n{};
        if (!read_size(ctx, n)) return false;
        if (!ctx.check_elements(n, at)) [[unlikely]] return false;
        const std::uint64_t bytes = (n + 7) / 8;
        if (!ctx.require(bytes, at)) [[unlikely]] return false;
        if (!detail::size_sequence(ctx, v, static_cast<std::size_t>(n), at)) return false;
        const std::uint8_t* p = ctx.src.cur();
        std::size_t i = 0;
        for (auto&& e : v) {
          e = (p[i / 8] & (0x80u >> (i % 8))) != 0;
          ++i;
        }
        ctx.src.advance(static_cast<std::size_t>(bytes));
        return true;
      }
    } else if constexpr (string_type<E> || string_view_type<E>) {
      if (h == header::string_array) {
        ctx.src.advance(1);
        std::uint64_t n{};
        if (!read_size(ctx, n) || !ctx.check_count(n, 1, at) || !detail::size_sequence(ctx, v, static_cast<std::size_t>(n), at)) return false;
        return detail::move_to(ctx.src, read_texts<O>(ctx, local_cursor{ctx.src}, v));
      }
    }
    return mismatch(ctx, "a typed array of the element type", h);
  }
  if (h != header::generic_array) [[unlikely]] return mismatch(ctx, "array", h);
  ctx.src.advance(1);
  std::uint64_t n{};
  if (!read_size(ctx, n) || !ctx.check_count(n, 1, at) || !detail::size_sequence(ctx, v, static_cast<std::size_t>(n), at) || !ctx.enter()) return false;
  return detail::move_to(ctx.src, read_elements<O>(ctx, local_cursor{ctx.src}, v));
}

template <options O, class T, class Ctx>
bool read_map(Ctx& ctx, T& v) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  std::uint8_t h{};
  if (!peek_header(ctx, h)) return false;
  const std::size_t at = ctx.src.offset();
  if ((h & 7) != type::object) [[unlikely]] return mismatch(ctx, "object", h);
  const unsigned key_kind = (h >> 3) & 3;
  const std::size_t key_size = std::size_t{1} << (h >> 5);
  if constexpr (string_type<K>) {
    if (key_kind != 0) return mismatch(ctx, "object with string keys", h);
  } else if constexpr (integer<K> || enumeration<K>) {
    if (key_kind == 0 || key_kind == bool_or_string_kind || (h >> 5) > 3) return mismatch(ctx, "object with integer keys", h);
  } else {
    static_assert(sizeof(K) == 0, "prism::beve: map keys must be strings, integers or enums");
  }
  ctx.src.advance(1);
  std::uint64_t n{};
  if (!read_size(ctx, n) || !ctx.check_count(n, 2, at) || !ctx.enter()) return false;
  v.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const auto read_key = [&](K& key) {
      if constexpr (string_type<K>) {
        const std::uint8_t* p{};
        std::size_t len{};
        if (!read_text_bytes<O>(ctx, p, len)) return false;
        key.assign(reinterpret_cast<const char*>(p), len);
      } else {
        using I = key_integer_t<K>;
        const std::size_t key_at = ctx.src.offset();
        if (!ctx.require(key_size, key_at)) [[unlikely]] return false;
        I k{};
        const auto number = static_cast<std::uint8_t>(type::number | (key_kind << 3) | (h & 0xe0));
        if (!convert_number(ctx, number, ctx.src.cur(), key_at, k)) return false;
        ctx.src.advance(key_size);
        key = static_cast<K>(k);
      }
      return true;
    };
    if (!ctx.charge(sizeof(K) + sizeof(M)) ||
        !detail::read_map_entry(ctx, v, i, read_key, [&](M& value) { return read_value<O>(ctx, value); }))
      return false;
  }
  ctx.leave();
  return true;
}

// Every field's encoded key, by index: the lookup's test of the writer's order.
template <class T>
inline constexpr auto encoded_keys = detail::key_table<T>([]<std::size_t I>() -> auto& { return encoded_key<T, I>; });

template <options O, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, std::size_t index) {
  return detail::read_field_at(ctx, v, index, [&](auto& field) { return read_value<O>(ctx, field); });
}

// The n entries of a string-keyed object from the cursor on (depth entered), into struct T,
// whose head is at offset `at`; returns where they end, or null on an error.
struct read_struct_fields_body {
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* read(Ctx& ctx, local_cursor c, T& v, std::uint64_t n, std::size_t at) {
    return detail::read_keyed_fields<cursor_reader, O>(
        ctx, c, v, static_cast<std::size_t>(n), at, encoded_keys<T>, [&](auto& p, auto& len) { return read_text_bytes<O>(ctx, p, len); },
        [&](std::size_t index) { return read_field<O>(ctx, v, index); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
  }
};

template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_struct_fields(Ctx& ctx, local_cursor c, T& v, std::uint64_t n, std::size_t at) {
  return detail::read_placed<detail::struct_in_place<T>, read_struct_fields_body, O>(ctx, c, v, n, at);
}

template <options O, class T, class Ctx>
bool read_struct_rest(Ctx& ctx, T& v);

// A struct at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. The usual head (an object of a one-byte SIZE) is read at the cursor;
// read_struct_rest reads every other and checks the same.
template <options O, class T, class Ctx>
const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v) {
  if (c.readable() >= 2 && c.p[0] == header::string_keyed_object && (c.p[1] & 3) == 0) [[likely]] {
    const std::uint64_t n = c.p[1] >> 2;
    if (n <= ctx.lim.max_elements && n <= (c.readable() - 2) / 2 && ctx.try_enter()) [[likely]]
      return read_struct_fields<O>(ctx, local_cursor{c.p + 2, c.end}, v, n, detail::offset_of(ctx.src, c.p));
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
  const std::size_t at = ctx.src.offset();
  std::uint64_t n{};
  std::uint8_t h{};
  if (!peek_header(ctx, h)) return false;
  if (h == header::generic_array) {  // positional
    ctx.src.advance(1);
    if (!read_size(ctx, n) || !ctx.check_count(n, 1, at) || !ctx.enter()) return false;
    return detail::read_positional_items<O, T>(
        ctx, n, at, [&](std::size_t k) { return read_field<O>(ctx, v, k); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
  }
  if (h != header::string_keyed_object) [[unlikely]] return mismatch(ctx, "object", h);
  ctx.src.advance(1);
  if (!read_size(ctx, n) || !ctx.check_count(n, 2, at) || !ctx.enter()) return false;
  return detail::read_fields_after_other_head<read_struct_fields_body, O>(
      ctx, v, n, at, encoded_keys<T>, [&](auto& p, auto& len) { return read_text_bytes<O>(ctx, p, len); },
      [&](std::size_t index) { return read_field<O>(ctx, v, index); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
}

// BEVE's encodings for the type dispatch in core (core/category_read.hpp).
// BEVE's one-byte headers for bool, null and strings.
struct wire_marks {
  static constexpr std::uint8_t true_byte = header::true_, false_byte = header::false_, null_byte = header::null;
  static constexpr bool is_text(std::uint8_t h) noexcept { return h == header::string; }
  template <class Ctx>
  PRISM_INLINE static bool peek(Ctx& ctx, std::uint8_t& h) { return peek_header(ctx, h); }
  template <class Ctx>
  static bool mismatch(Ctx& ctx, std::string_view what, std::uint8_t h) { return beve_detail::mismatch(ctx, what, h); }
};

struct wire_reader : detail::byte_marked<wire_marks> {
  using format = beve;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool read_value_member(Ctx& ctx, prism::value& v) { return detail::value_io<beve>::read_member(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return read_number(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_float(Ctx& ctx, T& v) { return read_number(ctx, v); }
  template <options O, class Ctx, class Use>
  PRISM_INLINE static bool read_text(Ctx& ctx, Use&& use) {
    const std::uint8_t* p{};
    std::size_t n{};
    return read_string_value<O>(ctx, p, n) && use(p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_blob(Ctx& ctx, T& v) {
    std::uint8_t h{};
    if (!peek_header(ctx, h)) return false;
    if (h != typed_array_header<std::uint8_t> && h != typed_array_header<std::int8_t>) return mismatch(ctx, "a typed array of bytes", h);
    ctx.src.advance(1);
    const std::uint8_t* p{};
    std::size_t n{};
    return read_sized_bytes(ctx, p, n) && detail::store_bytes(ctx, v, p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_tensor(Ctx& ctx, T& v) { return beve_detail::read_tensor(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_sequence(Ctx& ctx, T& v) { return beve_detail::read_sequence<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_map(Ctx& ctx, T& v) { return beve_detail::read_map<O>(ctx, v); }
  static constexpr bool monostate_is_null = true;
  // A variant is a type tag: the index, then the alternative.
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_variant(Ctx& ctx, T& v) {
    std::uint8_t h{};
    if (!peek_header(ctx, h)) return false;
    if (h != header::type_tag) return mismatch(ctx, "a type tag (variant)", h);
    ctx.src.advance(1);
    const std::size_t index_at = ctx.src.offset();
    std::uint64_t index{};
    if (!read_size(ctx, index)) return false;
    return detail::read_alternative(ctx, v, index, index_at, [&](auto& alt) { return read_value<O>(ctx, alt); });
  }
  template <class Ctx, class Items>
  PRISM_INLINE static bool read_items(Ctx& ctx, std::size_t count, std::string_view what, Items&& items) {
    std::uint8_t h{};
    if (!peek_header(ctx, h)) return false;
    const std::size_t at = ctx.src.offset();
    if (h != header::generic_array) return mismatch(ctx, "array", h);
    ctx.src.advance(1);
    std::uint64_t n{};
    if (!read_size(ctx, n)) return false;
    if (n != count) return ctx.fail(errc::size_mismatch, at, what);
    return items();
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_time(Ctx& ctx, T& v) {
    std::int64_t ns{};
    if (!read_number(ctx, ns)) return false;
    v = T(std::chrono::duration_cast<typename T::duration>(std::chrono::nanoseconds(ns)));
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_struct(Ctx& ctx, T& v) {
    return beve_detail::read_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  return detail::read_category<wire_reader, O>(ctx, v);
}

}  // namespace prism::beve_detail

namespace prism {

template <>
struct format_reader<beve> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    return beve_detail::read_value<O>(ctx, v);
  }
};

}  // namespace prism
