#pragma once
// zbin encoder: one pass, front to back, into one buffer. A container's byte size and its
// index of element offsets are reserved before its elements and filled in after each one, so
// no byte is written twice; numeric data goes to its aligned place in one memcpy.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "../core/category_write.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/tensor_io.hpp"
#include "../core/sink.hpp"
#include "../core/tensor.hpp"
#include "../core/width_codes.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::zbin_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);

inline constexpr detail::width_codes integer_codes{code::u8, code::u16, code::u32, code::u64,
                                                   code::i8, code::i16, code::i32, code::i64};

PRISM_INLINE std::size_t put_uint(std::uint8_t* p, std::uint64_t v) noexcept {
  return detail::put_width_coded_uint<integer_codes, std::endian::little>(p, v);
}

PRISM_INLINE std::size_t put_int(std::uint8_t* p, std::int64_t v) noexcept {
  return detail::put_width_coded_int<integer_codes, std::endian::little>(p, v);
}

PRISM_INLINE std::size_t put_length(std::uint8_t* p, std::size_t n, std::uint8_t fix, std::size_t fix_limit, std::uint8_t c8,
                                    std::uint8_t c16, std::uint8_t c32) noexcept {
  return detail::put_width_coded_length<std::endian::little>(p, n, fix, fix_limit, c8, c16, c32);
}

template <class Ctx>
PRISM_INLINE bool write_bytes(Ctx& ctx, const void* data, std::size_t n, bool text) {
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "at most 2^32-1 bytes");
  if (!ctx.reserve(5 + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  const std::size_t h = text ? put_length(p, n, code::fixstr, 32, code::str8, code::str16, code::str32)
                             : put_length(p, n, 0, 0, code::bin8, code::bin16, code::bin32);
  detail::copy_bytes(p + h, data, n);
  ctx.out.advance(h + n);
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_padding(Ctx& ctx, std::size_t alignment) {
  const std::size_t pad = align_up(ctx.out.position(), alignment) - ctx.out.position();
  if (!ctx.reserve(pad)) return false;
  std::memset(ctx.out.cur(), 0, pad);
  ctx.out.advance(pad);
  return true;
}

// A typed array: code, dtype, varint count, zero padding, the elements in one copy.
template <class Ctx>
bool write_numbers(Ctx& ctx, dtype type, const void* data, std::size_t count) {
  const std::size_t element = dtype_size(type);
  if (!ctx.reserve(12)) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = code::typed_array;
  p[1] = static_cast<std::uint8_t>(type);
  ctx.out.advance(2 + put_varint(p + 2, count));
  const std::size_t bytes = count * element;
  return write_padding(ctx, data_alignment(element, bytes)) && ctx.write(data, bytes);
}

// Integer arrays of less than 64 bytes go in the narrowest integer type that holds every element
// (they are not 64-byte aligned anyway, and so cost about what MessagePack's integers cost).
template <class Ctx, class E>
bool write_narrow_integers(Ctx& ctx, const E* data, std::size_t n) {
  std::int64_t lo = 0;
  std::uint64_t hi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_signed_v<E>) {
      if (data[i] < 0) lo = std::min<std::int64_t>(lo, data[i]);
      else hi = std::max<std::uint64_t>(hi, static_cast<std::uint64_t>(data[i]));
    } else {
      hi = std::max<std::uint64_t>(hi, data[i]);
    }
  }
  const auto emit = [&]<class N>(N*) {
    N narrow[max_alignment];
    for (std::size_t i = 0; i < n; ++i) narrow[i] = static_cast<N>(data[i]);
    return write_numbers(ctx, dtype_of<N>, narrow, n);
  };
  if (lo == 0) {
    if (hi <= 0xff) return emit(static_cast<std::uint8_t*>(nullptr));
    if (hi <= 0xffff && sizeof(E) > 2) return emit(static_cast<std::uint16_t*>(nullptr));
  } else {
    if (lo >= -128 && hi <= 127) return emit(static_cast<std::int8_t*>(nullptr));
    if (lo >= -32768 && hi <= 32767 && sizeof(E) > 2) return emit(static_cast<std::int16_t*>(nullptr));
  }
  return write_numbers(ctx, dtype_of<E>, data, n);
}

// A tensor: code, dtype, rank with the memory order in the top bit, varint extents, padding, data.
template <class Ctx, class Tensor>
bool write_tensor(Ctx& ctx, const Tensor& t) {
  using T = std::remove_const_t<typename Tensor::element_type>;
  const std::size_t rank = std::size(t.shape());
  if (rank > max_tensor_rank) return ctx.fail(errc::out_of_range, ctx.out.position(), "a tensor rank of 16 at most");
  if (!ctx.reserve(3 + 10 * rank)) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = code::tensor;
  p[1] = static_cast<std::uint8_t>(dtype_of<T>);
  p[2] = static_cast<std::uint8_t>(rank | (t.order() == memory_order::column_major ? 0x80 : 0));
  std::size_t n = 3;
  for (std::size_t e : t.shape()) n += put_varint(p + n, e);
  ctx.out.advance(n);
  const std::size_t bytes = t.size_bytes();
  return write_padding(ctx, data_alignment(sizeof(T), bytes)) && ctx.write(t.data(), bytes);
}

template <class Ctx, class TimePoint>
bool write_timestamp(Ctx& ctx, const TimePoint& tp) {
  using namespace std::chrono;
  const auto since = tp.time_since_epoch();
  auto secs = duration_cast<seconds>(since);
  if (secs > since) secs -= seconds(1);
  const auto nanos = static_cast<std::uint32_t>(duration_cast<nanoseconds>(since - secs).count());
  if (!ctx.reserve(13)) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = code::timestamp;
  store_le64(p + 1, static_cast<std::uint64_t>(secs.count()));
  store_le32(p + 9, nanos);
  ctx.out.advance(13);
  return true;
}

// An open array or object: where its body starts and where its index lies.
struct container {
  std::size_t size_at = 0;   // the u32 body size
  std::size_t body = 0;      // first byte after the size
  std::size_t index_at = 0;  // first index entry; 0 when unindexed
};

template <class Ctx>
bool open_container(Ctx& ctx, container& c, std::size_t n, bool object, bool indexed) {
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "at most 2^32-1 elements");
  if (!ctx.reserve(9)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::size_t h = 1;
  if (n < 16) {
    p[0] = static_cast<std::uint8_t>((object ? code::fixobject : code::fixarray) | n);
  } else {
    p[0] = object ? code::object : code::array;
    store_le32(p + 1, static_cast<std::uint32_t>(n));
    h = 5;
  }
  ctx.out.advance(h + 4);
  if (!ctx.written_so_far()) return false;  // the size and the index are filled in later
  c.size_at = ctx.out.position() - 4;
  c.body = ctx.out.position();
  if (indexed) {
    c.index_at = c.body;
    if (!ctx.reserve(4 * n)) return false;
    ctx.out.advance(4 * n);
    if (!ctx.written_so_far()) return false;
  }
  return true;
}

template <class Ctx>
PRISM_INLINE void mark_element(Ctx& ctx, const container& c, std::size_t i) {
  if (c.index_at) store_le32(ctx.out.at(c.index_at + 4 * i), static_cast<std::uint32_t>(ctx.out.position() - c.body));
}

template <class Ctx>
PRISM_INLINE bool close_container(Ctx& ctx, const container& c) {
  const std::size_t size = ctx.out.position() - c.body;
  if (size > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, c.body, "a container of less than 4 GiB");
  store_le32(ctx.out.at(c.size_at), static_cast<std::uint32_t>(size));
  return true;
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  constexpr std::size_t n = field_count_v<T>;
  container c;
  if constexpr (O.structs_as_arrays) {
    if (!open_container(ctx, c, n, false, true)) return false;
    std::size_t i = 0;
    const bool ok = detail::write_each_field<T>(ctx, [&](auto f) {
      mark_element(ctx, c, i++);
      return write_value<O>(ctx, get_field<decltype(f)::value>(v));
    });
    return ok && close_container(ctx, c);
  } else {
    if (!open_container(ctx, c, n, true, n > max_unindexed_entries)) return false;
    const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) {
      return ([&] {
        constexpr std::size_t I = wire_order<T>[K];
        constexpr auto& key = encoded_key<T, I>;
        mark_element(ctx, c, K);
        return (ctx.write(key.data(), key.size()) && write_value<O>(ctx, get_field<I>(v))) || detail::in_field_at<T>(ctx, I);
      }() && ...);
    }(std::make_index_sequence<n>{});
    return ok && close_container(ctx, c);
  }
}

// std::map and alike ordered by std::less over strings: already in byte order.
template <class T>
concept byte_ordered_keys = requires { typename T::key_compare; } &&
                            (string_type<typename T::key_type> || string_view_type<typename T::key_type>) &&
                            (std::is_same_v<typename T::key_compare, std::less<typename T::key_type>> ||
                             std::is_same_v<typename T::key_compare, std::less<>>);

template <options O, class T, class Ctx>
bool write_map(Ctx& ctx, const T& v) {
  const std::size_t n = v.size();
  const bool indexed = n > max_unindexed_entries;
  container c;
  if (!open_container(ctx, c, n, true, indexed)) return false;
  auto write_entry = [&](std::size_t i, const auto& key, const auto& value) {
    mark_element(ctx, c, i);
    return write_value<O>(ctx, key) && write_value<O>(ctx, value);
  };
  constexpr bool string_keys = string_type<typename T::key_type> || string_view_type<typename T::key_type>;
  if constexpr (string_keys && !byte_ordered_keys<T>) {
    if (indexed) {  // indexed keys go in byte order
      std::vector<const typename T::value_type*> entries;
      entries.reserve(n);
      for (const auto& e : v) entries.push_back(&e);
      std::sort(entries.begin(), entries.end(), [](auto* a, auto* b) { return std::string_view(a->first) < std::string_view(b->first); });
      for (std::size_t i = 0; i < n; ++i)
        if (!write_entry(i, entries[i]->first, entries[i]->second)) [[unlikely]] return detail::in_map_entry(ctx, entries[i]->first, i);
      return close_container(ctx, c);
    }
  }
  std::size_t i = 0;
  for (const auto& [key, value] : v) {
    if (!write_entry(i, key, value)) [[unlikely]] return detail::in_map_entry(ctx, key, i);
    ++i;  // write_entry takes it too
  }
  return close_container(ctx, c);
}

// zbin's encodings for the type dispatch in core (core/category_write.hpp). Arrays (variants
// and tuples too) carry an index of their elements' offsets.
struct wire_writer {
  using format = zbin;
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) { return write_value<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool write_bool(Ctx& ctx, bool v) {
    if (!ctx.reserve(1)) return false;
    *ctx.out.cur() = v ? code::true_ : code::false_;
    ctx.out.advance(1);
    return true;
  }
  template <class Ctx, class T>
  PRISM_INLINE static bool write_int(Ctx& ctx, T v) {
    if (!ctx.reserve(9)) return false;
    if constexpr (std::is_signed_v<T>) ctx.out.advance(put_int(ctx.out.cur(), static_cast<std::int64_t>(v)));
    else ctx.out.advance(put_uint(ctx.out.cur(), static_cast<std::uint64_t>(v)));
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_float(Ctx& ctx, T v) {
    if (!ctx.reserve(9)) return false;
    std::uint8_t* p = ctx.out.cur();
    if constexpr (sizeof(T) == 4) {
      p[0] = code::f32;
      std::memcpy(p + 1, &v, 4);
      ctx.out.advance(5);
    } else {
      p[0] = code::f64;
      std::memcpy(p + 1, &v, 8);
      ctx.out.advance(9);
    }
    return true;
  }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_text(Ctx& ctx, const char* p, std::size_t n) { return write_bytes(ctx, p, n, true); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_blob(Ctx& ctx, const T& v) { return write_bytes(ctx, v.data(), v.size(), false); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_tensor(Ctx& ctx, const T& v) { return zbin_detail::write_tensor(ctx, v); }
  // Numbers as one typed block (small integer arrays in their narrowest width), anything else
  // as an indexed array.
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_sequence(Ctx& ctx, const T& v) {
    if constexpr (contiguous_numbers<T>) {
      using E = range_value_t<T>;
      const std::size_t n = std::ranges::size(v);
      if constexpr (integer<E> && sizeof(E) > 1) {
        if (n * sizeof(E) < max_alignment) return write_narrow_integers(ctx, std::ranges::data(v), n);
      }
      return write_numbers(ctx, dtype_of<E>, std::ranges::data(v), n);
    } else {
      container c;
      if (!open_container(ctx, c, std::ranges::size(v), false, true)) return false;
      std::size_t i = 0;
      for (const auto& e : v) {
        mark_element(ctx, c, i);
        if (!write_value<O>(ctx, e)) [[unlikely]] return ctx.in_element(i);
        ++i;
      }
      return close_container(ctx, c);
    }
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_map(Ctx& ctx, const T& v) { return zbin_detail::write_map<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool write_null(Ctx& ctx) {
    if (!ctx.reserve(1)) return false;
    *ctx.out.cur() = code::null;
    ctx.out.advance(1);
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_variant(Ctx& ctx, const T& v) {
    container c;
    if (!open_container(ctx, c, 2, false, true)) return false;
    mark_element(ctx, c, 0);
    if (!write_value<O>(ctx, static_cast<std::uint64_t>(v.index()))) return false;
    mark_element(ctx, c, 1);
    return std::visit([&](const auto& alt) { return write_value<O>(ctx, alt); }, v) && close_container(ctx, c);
  }
  template <options O, class Ctx, class T>
  static bool write_tuple(Ctx& ctx, const T& v) {
    container c;
    if (!open_container(ctx, c, std::tuple_size_v<T>, false, true)) return false;
    std::size_t i = 0;
    const bool ok = std::apply([&](const auto&... e) { return ((mark_element(ctx, c, i++), write_value<O>(ctx, e)) && ...); }, v);
    return ok && close_container(ctx, c);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_time(Ctx& ctx, const T& v) { return write_timestamp(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_struct(Ctx& ctx, const T& v) {
    return zbin_detail::write_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  return detail::write_category<wire_writer, O>(ctx, v);
}

template <options O, class T, class Ctx>
bool write_message(Ctx& ctx, const T& v) {
  if (!ctx.reserve(header_size)) return false;
  ctx.out.cur()[0] = magic;
  ctx.out.cur()[1] = version;
  ctx.out.advance(header_size);
  return write_value<O>(ctx, v);
}

}  // namespace prism::zbin_detail

namespace prism {

template <>
struct format_writer<zbin> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    if constexpr (requires { ctx.out.at(std::size_t{}); }) {
      return zbin_detail::write_message<O>(ctx, v);
    } else {
      // Sizes and offsets are filled in after their elements: a stream gets the finished message.
      std::string message;
      write_context<buffer_sink<std::string>> inner{buffer_sink<std::string>{message}};
      if (!zbin_detail::write_message<O>(inner, v)) return ctx.adopt(inner, 0);
      inner.out.finish();
      return ctx.write(message.data(), message.size());
    }
  }
};

}  // namespace prism
