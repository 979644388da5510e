#pragma once
// CBOR encoder: preferred serialization (shortest heads, definite lengths); with
// cbor_options::deterministic also the shortest exact float width and map keys in the bytewise order
// of their encodings (RFC 8949 4.2.1).
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
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
#include "../core/value_io.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::cbor_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);
struct wire_writer;

template <class Ctx>
PRISM_INLINE bool write_head(Ctx& ctx, std::uint8_t m, std::uint64_t value) {
  if (!ctx.reserve(9)) return false;
  ctx.out.advance(put_head(ctx.out.cur(), m, value));
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_byte(Ctx& ctx, std::uint8_t b) {
  if (!ctx.reserve(1)) return false;
  *ctx.out.cur() = b;
  ctx.out.advance(1);
  return true;
}

template <class T>
PRISM_INLINE std::size_t put_integer(std::uint8_t* p, T v) noexcept {
  if constexpr (std::is_signed_v<T>) {
    if (v < 0) return put_head(p, major::negative_int, static_cast<std::uint64_t>(-(static_cast<std::int64_t>(v) + 1)));
  }
  return put_head(p, major::unsigned_int, static_cast<std::uint64_t>(v));
}

template <options O, class F>
PRISM_INLINE std::size_t put_float(std::uint8_t* p, F v) noexcept {
  if constexpr (own<O>.deterministic) {
    std::uint16_t half;
    if (double_to_half_exactly(static_cast<double>(v), half)) {
      p[0] = code::half;
      store_be16(p + 1, half);
      return 3;
    }
  }
  if constexpr (std::is_same_v<F, float> || own<O>.deterministic) {
    if (std::is_same_v<F, float> || static_cast<double>(static_cast<float>(v)) == static_cast<double>(v)) {
      const auto f = static_cast<float>(v);
      std::uint32_t bits;
      std::memcpy(&bits, &f, 4);
      p[0] = code::single;
      store_be32(p + 1, bits);
      return 5;
    }
  }
  const auto d = static_cast<double>(v);
  std::uint64_t bits;
  std::memcpy(&bits, &d, 8);
  p[0] = code::double_;
  store_be64(p + 1, bits);
  return 9;
}

// A text or byte string, after the K bytes at `prefix` (a struct field's key) when K is not 0.
template <std::size_t K = 0, class Ctx>
PRISM_INLINE bool write_string_like(Ctx& ctx, std::uint8_t m, const void* data, std::size_t n,
                                    const std::uint8_t* prefix = nullptr) {
  if (!ctx.reserve(K + head_size(n) + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  if constexpr (K != 0) std::memcpy(p, prefix, K);
  const std::size_t h = put_head(p + K, m, n);
  if constexpr (K != 0) {  // a call: inline copies at every field cost more code than time
    if (n != 0) detail::copy_large(p + K + h, data, n);  // an empty range may have no address
  } else {
    detail::copy_bytes(p + K + h, data, n);
  }
  ctx.out.advance(K + h + n);
  return true;
}

// A typed array's tag (64 to 87: one byte after 0xd8) and its elements' bytes, after one
// reservation: one function for every element type.
template <class Ctx>
PRISM_NOINLINE bool write_typed_array_bytes(Ctx& ctx, std::uint8_t tag_number, const void* data, std::size_t bytes) {
  const std::uint8_t tag_head[2] = {0xd8, tag_number};
  return write_string_like<2>(ctx, major::bytes, data, bytes, tag_head);
}

// An RFC 8746 typed array: the tag for the host's byte order, then the elements' bytes.
template <class Range, class Ctx>
PRISM_INLINE bool write_typed_array(Ctx& ctx, const Range& r) {
  using E = range_value_t<Range>;
  constexpr std::uint64_t little_endian_tag = typed_array_tag<E>();
  constexpr std::uint64_t t =
      std::endian::native == std::endian::little || sizeof(E) == 1 ? little_endian_tag : little_endian_tag - 4;
  if constexpr (fixed_array<Range>) {  // heads and copy of a size known here (a point, a row): inline
    return write_head(ctx, major::tag, t) && write_string_like(ctx, major::bytes, std::ranges::data(r), std::tuple_size_v<Range> * sizeof(E));
  } else {
    return write_typed_array_bytes(ctx, static_cast<std::uint8_t>(t), std::ranges::data(r), std::ranges::size(r) * sizeof(E));
  }
}

// A tensor as RFC 8746 tag 40 (row-major) or 1040 (column-major) over [[extents...], typed
// array]. Complex elements are written as their parts with a trailing extent of 2: typed
// arrays have no complex type.
template <class Ctx, class T>
bool write_tensor(Ctx& ctx, const T& t) {
  using E = std::remove_const_t<typename T::element_type>;
  using part = typename detail::complex_part<E>::type;
  constexpr bool is_complex = !std::is_void_v<part>;
  using stored = std::conditional_t<is_complex, part, E>;
  constexpr std::uint64_t little_endian_tag = typed_array_tag<stored>();
  constexpr std::uint64_t data_tag =
      std::endian::native == std::endian::little || sizeof(stored) == 1 ? little_endian_tag : little_endian_tag - 4;
  const bool column_major = t.order() == memory_order::column_major;
  const std::size_t rank = std::size(t.shape());
  if (!ctx.reserve(3 + 2 + 9 * (rank + 1) + 3)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::size_t n = put_head(p, major::tag, column_major ? tag::column_major_array : tag::multi_dimensional_array);
  p[n++] = (major::array << 5) | 2;
  n += put_head(p + n, major::array, rank + (is_complex ? 1 : 0));
  for (std::size_t e : t.shape()) n += put_head(p + n, major::unsigned_int, e);
  if constexpr (is_complex) p[n++] = 2;
  n += put_head(p + n, major::tag, data_tag);
  ctx.out.advance(n);
  return write_string_like(ctx, major::bytes, t.data(), t.size_bytes());
}

// Whole seconds as tag 1 (epoch seconds, an integer); with a fraction, RFC 9581 extended time
// (tag 1001) {1: seconds, -9: nanoseconds}, which keeps every nanosecond.
template <class Ctx, class TimePoint>
bool write_time(Ctx& ctx, const TimePoint& tp) {
  using namespace std::chrono;
  const auto since = tp.time_since_epoch();
  const auto secs = floor<seconds>(since);
  const auto seconds_count = static_cast<std::int64_t>(secs.count());
  if (since == secs) {
    if (!ctx.reserve(10)) return false;
    std::uint8_t* p = ctx.out.cur();
    const std::size_t n = put_head(p, major::tag, tag::epoch_time);
    ctx.out.advance(n + put_integer(p + n, seconds_count));
    return true;
  }
  const auto nanos = static_cast<std::uint64_t>(duration_cast<nanoseconds>(since - secs).count());
  if (!ctx.reserve(3 + 1 + 1 + 9 + 1 + 5)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::size_t n = put_head(p, major::tag, tag::extended_time);
  p[n++] = (major::map << 5) | 2;
  p[n++] = 0x01;
  n += put_integer(p + n, seconds_count);
  p[n++] = (major::negative_int << 5) | 8;  // -9
  n += put_head(p + n, major::unsigned_int, nanos);
  ctx.out.advance(n);
  return true;
}

// Field indices of T in the bytewise order of their encoded keys (deterministic encoding).
template <class T>
inline constexpr auto sorted_field_order = [] {
  constexpr std::size_t n = field_count_v<T>;
  std::array<std::size_t, n> order{};
  std::array<std::pair<const std::uint8_t*, std::size_t>, n> keys{};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((keys[I] = {encoded_key<T, I>.data(), encoded_key<T, I>.size()}), ...);
  }(std::make_index_sequence<n>{});
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(keys[a].first, keys[a].first + keys[a].second, keys[b].first,
                                        keys[b].first + keys[b].second);
  });
  return order;
}();

// A field of a struct written as a map: its key, then its value (text under the same reservation).
template <options O, class T, std::size_t I, class Ctx>
PRISM_INLINE bool write_keyed_field(Ctx& ctx, const T& v) {
  constexpr auto& key = encoded_key<T, I>;
  if constexpr (detail::written_as_text<wire_writer, O, field_type<T, I>>()) {
    const auto& text = get_field<I>(v);
    return write_string_like<key.size()>(ctx, major::text, text.data(), text.size(), key.data());
  } else {
    return ctx.write(key.data(), key.size()) && write_value<O>(ctx, get_field<I>(v));
  }
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  constexpr std::size_t n = field_count_v<T>;
  if constexpr (O.structs_as_arrays) {
    if (!write_head(ctx, major::array, n)) return false;
    return detail::write_each_field<T>(ctx, [&](auto i) { return write_value<O>(ctx, get_field<decltype(i)::value>(v)); });
  } else {
    if (!write_head(ctx, major::map, n)) return false;
    if constexpr (own<O>.deterministic) {
      return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return ((write_keyed_field<O, T, sorted_field_order<T>[K]>(ctx, v) || detail::in_field_at<T>(ctx, sorted_field_order<T>[K])) && ...);
      }(std::make_index_sequence<n>{});
    } else {
      return detail::write_each_field<T>(ctx, [&](auto i) { return write_keyed_field<O, T, decltype(i)::value>(ctx, v); });
    }
  }
}

// Deterministic maps: every key encoded apart, then the entries in the order of those bytes.
template <options O, class Map, class Ctx>
bool write_sorted_map(Ctx& ctx, const Map& m) {
  struct entry {
    std::string encoded;
    const typename Map::key_type* key;
    const typename Map::mapped_type* value;
  };
  std::vector<entry> entries;
  entries.reserve(m.size());
  for (const auto& [key, value] : m) {
    std::string encoded;
    write_context<buffer_sink<std::string>> key_ctx{buffer_sink<std::string>{encoded}};
    if (!write_value<O>(key_ctx, key) || key_ctx.out.finish() != errc::ok) return ctx.fail(errc::invalid_value, ctx.out.position(), "a map key");
    encoded.resize(key_ctx.out.position());
    entries.push_back({std::move(encoded), &key, &value});
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return std::lexicographical_compare(a.encoded.begin(), a.encoded.end(), b.encoded.begin(), b.encoded.end(),
                                        [](char x, char y) { return static_cast<unsigned char>(x) < static_cast<unsigned char>(y); });
  });
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const entry& e = entries[i];
    if (!ctx.write(e.encoded.data(), e.encoded.size()) || !write_value<O>(ctx, *e.value)) [[unlikely]]
      return detail::in_map_entry(ctx, *e.key, i);
  }
  return true;
}

// CBOR's encodings for the type dispatch in core (core/category_write.hpp).
struct wire_writer {
  using format = cbor;
  static constexpr bool monostate_is_null = true;
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) { return write_value<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_value_member(Ctx& ctx, const prism::value& v) {
    return detail::value_io<cbor>::write_member(ctx, v);
  }
  template <options O, class Ctx, class T>
  static bool write_tagged(Ctx& ctx, const tagged<T>& v) {
    return write_head(ctx, major::tag, v.tag) && write_value<O>(ctx, v.value);
  }
  template <class Ctx>
  PRISM_INLINE static bool write_bool(Ctx& ctx, bool v) { return write_byte(ctx, v ? code::true_ : code::false_); }
  template <class Ctx, class T>
  PRISM_INLINE static bool write_int(Ctx& ctx, T v) {
    if (!ctx.reserve(9)) return false;
    ctx.out.advance(put_integer(ctx.out.cur(), v));
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_float(Ctx& ctx, T v) {
    if (!ctx.reserve(9)) return false;
    ctx.out.advance(put_float<O>(ctx.out.cur(), v));
    return true;
  }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_text(Ctx& ctx, const char* p, std::size_t n) {
    return write_string_like(ctx, major::text, p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_blob(Ctx& ctx, const T& v) { return write_string_like(ctx, major::bytes, v.data(), v.size()); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_tensor(Ctx& ctx, const T& v) { return cbor_detail::write_tensor(ctx, v); }
  // Numbers as a typed array (RFC 8746) when the options ask for it, else an array of items.
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_sequence(Ctx& ctx, const T& v) {
    if constexpr (contiguous_numbers<T> && own<O>.typed_arrays) {
      return write_typed_array(ctx, v);
    } else {
      if (!write_head(ctx, major::array, std::ranges::size(v))) return false;
      for (auto it = std::ranges::begin(v); it != std::ranges::end(v); ++it) {
        if (!write_value<O>(ctx, static_cast<const range_value_t<T>&>(*it))) [[unlikely]] return ctx.in_element(detail::position_of(v, it));
      }
      return true;
    }
  }
  // Entries in the bytewise order of their keys' encodings when deterministic (RFC 8949 4.2.1).
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_map(Ctx& ctx, const T& v) {
    if (!write_head(ctx, major::map, v.size())) return false;
    if constexpr (own<O>.deterministic) {
      return write_sorted_map<O>(ctx, v);
    } else {
      for (auto it = std::ranges::begin(v); it != std::ranges::end(v); ++it) {
        if (!write_value<O>(ctx, it->first) || !write_value<O>(ctx, it->second)) [[unlikely]]
          return detail::in_map_entry(ctx, it->first, detail::position_of(v, it));
      }
      return true;
    }
  }
  template <class Ctx>
  PRISM_INLINE static bool write_null(Ctx& ctx) { return write_byte(ctx, code::null); }
  template <class Ctx>
  PRISM_INLINE static bool write_array_head(Ctx& ctx, std::size_t n) { return write_head(ctx, major::array, n); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_time(Ctx& ctx, const T& v) { return cbor_detail::write_time(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_struct(Ctx& ctx, const T& v) {
    return cbor_detail::write_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  return detail::write_category<wire_writer, O>(ctx, v);
}

}  // namespace prism::cbor_detail

namespace prism {

template <>
struct format_writer<cbor> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return cbor_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
