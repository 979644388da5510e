#pragma once
// BEVE encoder. Contiguous numbers are one header, one SIZE and one copy.
#include <chrono>
#include <cstring>
#include <type_traits>

#include "../core/category_write.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/tensor_io.hpp"
#include "../core/value_io.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::beve_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);
struct wire_writer;

template <class Ctx>
PRISM_INLINE bool write_header_and_size(Ctx& ctx, std::uint8_t h, std::uint64_t n) {
  if (!ctx.reserve(9)) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = h;
  ctx.out.advance(1 + put_size(p + 1, n));
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_byte(Ctx& ctx, std::uint8_t b) {
  if (!ctx.reserve(1)) return false;
  *ctx.out.cur() = b;
  ctx.out.advance(1);
  return true;
}

template <class T, class Ctx>
PRISM_INLINE bool write_number(Ctx& ctx, T v) {
  if (!ctx.reserve(1 + sizeof(T))) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = number_header<T>;
  std::memcpy(p + 1, &v, sizeof(T));
  ctx.out.advance(1 + sizeof(T));
  return true;
}

// SIZE and bytes, with `h` in front unless it is 0 (keys and elements of string arrays), after
// the K bytes at `prefix` (a struct field's key) when K is not 0.
template <std::size_t K = 0, class Ctx>
inline bool write_sized_bytes(Ctx& ctx, std::uint8_t h, const void* data, std::size_t n, const std::uint8_t* prefix = nullptr) {
  const std::size_t head = K + (h ? 1 : 0) + size_width(n);
  if (!ctx.reserve(head + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  if constexpr (K != 0) {
    std::memcpy(p, prefix, K);
    p += K;
  }
  if (h) *p++ = h;
  p += put_size(p, n);
  if constexpr (K != 0) detail::copy_large(p, data, n);  // a call: inline copies at every field cost more code than time
  else detail::copy_bytes(p, data, n);
  ctx.out.advance(head + n);
  return true;
}

template <class T>
concept string_like = string_type<T> || string_view_type<T>;

template <options O, class Range, class Ctx>
bool write_range(Ctx& ctx, const Range& r) {
  using E = range_value_t<Range>;
  const std::size_t n = std::ranges::size(r);
  if constexpr (contiguous_numbers<Range>) {
    // Exactly what is written: a reserve past the end of a message reused at the same size
    // would grow and zero-fill the buffer on every write.
    const std::size_t bytes = n * sizeof(E);
    const std::size_t head = 1 + size_width(n);
    if (!ctx.reserve(head + bytes)) return false;
    std::uint8_t* p = ctx.out.cur();
    p[0] = typed_array_header<E>;
    put_size(p + 1, n);
    detail::copy_bytes(p + head, std::ranges::data(r), bytes);
    ctx.out.advance(head + bytes);
    return true;
  } else if constexpr (boolean<E>) {  // bits packed from the high bit of each byte
    const std::size_t bytes = (n + 7) / 8;
    const std::size_t k = 1 + size_width(n);
    if (!ctx.reserve(k + bytes)) return false;
    std::uint8_t* p = ctx.out.cur();
    p[0] = header::bool_array;
    put_size(p + 1, n);
    std::memset(p + k, 0, bytes);
    std::size_t i = 0;
    for (const bool b : r) {
      p[k + i / 8] |= static_cast<std::uint8_t>(b ? 0x80u >> (i % 8) : 0u);
      ++i;
    }
    ctx.out.advance(k + bytes);
    return true;
  } else if constexpr (string_like<E>) {
    if (!write_header_and_size(ctx, header::string_array, n)) return false;
    for (const auto& s : r) {
      if (!write_sized_bytes(ctx, 0, s.data(), s.size())) return false;
    }
    return true;
  } else {
    if (!write_header_and_size(ctx, header::generic_array, n)) return false;
    for (auto it = std::ranges::begin(r); it != std::ranges::end(r); ++it) {
      if (!write_value<O>(ctx, *it)) [[unlikely]] return ctx.in_element(detail::position_of(r, it));
    }
    return true;
  }
}

// A tensor with the matrix extension: the layout byte (1: column-major), the extents as a typed
// array of uint64, then the elements as a typed array (or a complex array).
template <class Ctx, class T>
bool write_tensor(Ctx& ctx, const T& t) {
  using E = std::remove_const_t<typename T::element_type>;
  using part = typename detail::complex_part<E>::type;
  const std::size_t count = t.size();
  const std::size_t rank = std::size(t.shape());
  if (!ctx.reserve(3 + 9 + 8 * rank + 2 + 9)) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = header::matrix;
  p[1] = t.order() == memory_order::column_major ? 1 : 0;
  p[2] = typed_array_header<std::uint64_t>;
  std::size_t n = 3 + put_size(p + 3, rank);
  for (std::size_t e : t.shape()) {
    const auto extent = static_cast<std::uint64_t>(e);
    std::memcpy(p + n, &extent, 8);
    n += 8;
  }
  if constexpr (std::is_void_v<part>) {
    p[n++] = typed_array_header<E>;
  } else {
    p[n++] = header::complex;
    p[n++] = complex_array_header<part>;
  }
  n += put_size(p + n, count);
  ctx.out.advance(n);
  return ctx.write(t.data(), t.size_bytes());
}

template <options O, class M, class Ctx>
bool write_map(Ctx& ctx, const M& m) {
  using K = std::remove_const_t<typename M::key_type>;
  if constexpr (string_like<K>) {
    if (!write_header_and_size(ctx, header::string_keyed_object, m.size())) return false;
    for (const auto& [key, value] : m) {
      if (!write_sized_bytes(ctx, 0, key.data(), key.size()) || !write_value<O>(ctx, value)) [[unlikely]] return ctx.in_key(key);
    }
    return true;
  } else if constexpr (integer<K> || enumeration<K>) {
    using I = key_integer_t<K>;
    if (!write_header_and_size(ctx, integer_keyed_object_header<I>, m.size())) return false;
    for (auto it = std::ranges::begin(m); it != std::ranges::end(m); ++it) {
      const auto k = static_cast<I>(it->first);
      if (!ctx.write(&k, sizeof(I)) || !write_value<O>(ctx, it->second)) [[unlikely]] return ctx.in_element(detail::position_of(m, it));
    }
    return true;
  } else {
    static_assert(sizeof(K) == 0, "prism::beve: map keys must be strings, integers or enums");
    return false;
  }
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  constexpr std::size_t n = field_count_v<T>;
  if constexpr (O.structs_as_arrays) {
    if (!write_header_and_size(ctx, header::generic_array, n)) return false;
    return detail::write_each_field<T>(ctx, [&](auto i) { return write_value<O>(ctx, get_field<decltype(i)::value>(v)); });
  } else {
    if (!write_header_and_size(ctx, header::string_keyed_object, n)) return false;
    return detail::write_each_field<T>(ctx, [&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      constexpr auto& key = encoded_key<T, I>;
      if constexpr (detail::written_as_text<wire_writer, O, field_type<T, I>>()) {  // key and text together
        const auto& text = get_field<I>(v);
        return write_sized_bytes<key.size()>(ctx, header::string, text.data(), text.size(), key.data());
      } else {
        return ctx.write(key.data(), key.size()) && write_value<O>(ctx, get_field<I>(v));
      }
    });
  }
}

// BEVE's encodings for the type dispatch in core (core/category_write.hpp).
struct wire_writer {
  using format = beve;
  static constexpr bool monostate_is_null = true;
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) { return write_value<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_value_member(Ctx& ctx, const prism::value& v) {
    return detail::value_io<beve>::write_member(ctx, v);
  }
  template <class Ctx>
  PRISM_INLINE static bool write_bool(Ctx& ctx, bool v) { return write_byte(ctx, v ? header::true_ : header::false_); }
  template <class Ctx, class T>
  PRISM_INLINE static bool write_int(Ctx& ctx, T v) { return write_number(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_float(Ctx& ctx, T v) { return write_number(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_text(Ctx& ctx, const char* p, std::size_t n) {
    return write_sized_bytes(ctx, header::string, p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_blob(Ctx& ctx, const T& v) {
    return write_sized_bytes(ctx, typed_array_header<std::uint8_t>, v.data(), v.size());
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_tensor(Ctx& ctx, const T& v) { return beve_detail::write_tensor(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_sequence(Ctx& ctx, const T& v) { return write_range<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_map(Ctx& ctx, const T& v) { return beve_detail::write_map<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool write_null(Ctx& ctx) { return write_byte(ctx, header::null); }
  // A variant is a type tag: the index, then the alternative.
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_variant(Ctx& ctx, const T& v) {
    if (!write_header_and_size(ctx, header::type_tag, v.index())) return false;
    return std::visit([&](const auto& alt) { return write_value<O>(ctx, alt); }, v);
  }
  template <class Ctx>
  PRISM_INLINE static bool write_array_head(Ctx& ctx, std::size_t n) {
    return write_header_and_size(ctx, header::generic_array, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_time(Ctx& ctx, const T& v) {
    return write_number(ctx, static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(v.time_since_epoch()).count()));
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_struct(Ctx& ctx, const T& v) {
    return beve_detail::write_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  return detail::write_category<wire_writer, O>(ctx, v);
}

}  // namespace prism::beve_detail

namespace prism {

template <>
struct format_writer<beve> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return beve_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
