#pragma once
// MessagePack decoder straight into C++ values. Accepts every encoding of a value (not only
// the smallest), checks every length against the remaining input before allocating, and
// reports the offset and field path of the first problem.
#include <bitset>
#include <chrono>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::msgpack_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);

template <class Ctx>
PRISM_INLINE bool peek_tag(Ctx& ctx, std::uint8_t& tag) {
  if (!ctx.src.need(1)) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
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
  if (!ctx.src.need(1 + bytes)) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
  const std::uint8_t* p = ctx.src.cur() + 1;
  n = bytes == 1 ? p[0] : bytes == 2 ? load_be16(p) : load_be32(p);
  ctx.src.advance(1 + bytes);
  return true;
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

// Skips one complete value of any type without recursion.
template <class Ctx>
bool skip_value(Ctx& ctx) {
  std::size_t pending = 1;
  while (pending) {
    --pending;
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    const value_head& h = value_heads[tag];
    if (!h.valid) return ctx.fail(errc::invalid_value, ctx.src.offset(), "a MessagePack value", describe_tag(tag));
    std::size_t skip = h.size;
    pending += h.nested;
    if (h.width) {
      std::size_t n = 0;
      if (!read_length_field(ctx, h.width, n)) return false;
      if (h.per_item) pending += h.per_item * n;
      skip = h.per_item ? 0 : n + h.extra;
    }
    if (pending > ctx.src.remaining_bound()) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
    if (!ctx.src.need(skip)) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
    ctx.src.advance(skip);
  }
  return true;
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
  if (!read_integer(ctx, tag, negative, value, "integer")) return false;
  if (detail::fit_integer(negative, value, v) != errc::ok) [[unlikely]]
    return ctx.fail(errc::out_of_range, at, negative && std::is_unsigned_v<T> ? "non-negative integer" : "");
  return true;
}

template <class T, class Ctx>
bool read_float(Ctx& ctx, T& v) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  if (tag == code::float32) {
    if (!ctx.src.need(5)) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
    const std::uint32_t bits = load_be32(ctx.src.cur() + 1);
    float f;
    std::memcpy(&f, &bits, 4);
    v = static_cast<T>(f);
    ctx.src.advance(5);
    return true;
  }
  if (tag == code::float64) {
    if (!ctx.src.need(9)) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
    const std::uint64_t bits = load_be64(ctx.src.cur() + 1);
    double d;
    std::memcpy(&d, &bits, 8);
    v = static_cast<T>(d);
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
  if (n > ctx.lim.max_elements) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
  if (!ctx.src.need(n)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
  p = ctx.src.cur();
  if (!detail::check_text<O>(ctx, p, n)) [[unlikely]] return false;
  ctx.src.advance(n);
  return true;
}

template <class Ctx>
bool read_timestamp(Ctx& ctx, std::int64_t& secs, std::uint32_t& nanos) {
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  std::size_t len = 0, head = 2;
  if (tag == code::fixext4) len = 4;
  else if (tag == code::fixext8) len = 8;
  else if (tag == code::ext8) {
    if (!ctx.src.need(2)) return ctx.fail(errc::unexpected_end, at);
    len = ctx.src.cur()[1];
    head = 3;
  } else {
    return mismatch(ctx, "timestamp", tag);
  }
  if (!ctx.src.need(head + len)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
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
  if (!read_header<kind::bin>(ctx, bytes, "tensor data")) return false;
  std::size_t count = 1;
  for (std::size_t d = 0; d < rank; ++d)
    if (__builtin_mul_overflow(count, h.shape[d], &count)) return ctx.fail(errc::size_mismatch, bin_at, "data of the tensor's shape");
  if (count > bytes || count * dtype_size(h.type) != bytes) return ctx.fail(errc::size_mismatch, bin_at, "data of the tensor's shape");
  if (!ctx.src.need(bytes)) [[unlikely]] return ctx.fail(errc::unexpected_end, bin_at);
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

template <options O, class T, class Ctx>
bool read_sequence(Ctx& ctx, T& v) {
  std::size_t n{};
  const std::size_t at = ctx.src.offset();
  if constexpr (resizable_sequence<T> && sizeof(range_value_t<T>) == 1 && integer<range_value_t<T>>) {
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    if (tag == code::bin8 || tag == code::bin16 || tag == code::bin32) {  // bytes as written by msgpack-cxx
      if (!read_header<kind::bin>(ctx, n, "array")) return false;
      if (!ctx.check_count(n, 1, at) || !ctx.src.need(n) || !ctx.charge(n)) return ctx.fail(errc::unexpected_end, at);
      v.resize(n);
      if (n) std::memcpy(std::ranges::data(v), ctx.src.cur(), n);
      ctx.src.advance(n);
      return true;
    }
  }
  if (!read_header<kind::array>(ctx, n, "array")) return false;
  if (!ctx.check_count(n, 1, at)) return false;
  if constexpr (fixed_array<T>) {
    if (n != v.size()) return ctx.fail(errc::size_mismatch, at, "array of the declared size");
  } else {
    static_assert(resizable_sequence<T>, "prism::msgpack: cannot read into a fixed view; use a container");
    if (!ctx.charge(n * sizeof(range_value_t<T>))) return false;
    v.resize(n);
  }
  if (!ctx.enter()) return false;
  std::size_t i = 0;
  for (auto& e : v) {
    if (!read_value<O>(ctx, e)) [[unlikely]] return ctx.in_element(i);
    ++i;
  }
  ctx.leave();
  return true;
}

template <options O, class T, class Ctx>
bool read_map(Ctx& ctx, T& v) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  std::size_t n{};
  const std::size_t at = ctx.src.offset();
  if (!read_header<kind::map>(ctx, n, "map")) return false;
  if (!ctx.check_count(n, 2, at) || !ctx.charge(n * (sizeof(K) + sizeof(M))) || !ctx.enter()) return false;
  v.clear();
  for (std::size_t i = 0; i < n; ++i) {
    K key{};
    if (!read_value<O>(ctx, key)) return ctx.in_element(i);
    M value{};
    if (!read_value<O>(ctx, value)) {
      if constexpr (string_type<K>) return ctx.in_key(key);
      else return ctx.in_element(i);
    }
    v.insert_or_assign(std::move(key), std::move(value));
  }
  ctx.leave();
  return true;
}

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  if constexpr (adapted_tensor<T>) {
    return detail::read_adapted(ctx, v, [&](auto& t) { return read_value<O>(ctx, t); });
  } else if constexpr (boolean<T>) {
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    if (tag != code::true_ && tag != code::false_) [[unlikely]] return mismatch(ctx, "bool", tag);
    v = tag == code::true_;
    ctx.src.advance(1);
    return true;
  } else if constexpr (integer<T>) {
    return read_int(ctx, v);
  } else if constexpr (floating<T>) {
    return read_float(ctx, v);
  } else if constexpr (enumeration<T>) {
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    if ((tag & 0xe0) == code::fixstr || tag == code::str8 || tag == code::str16 || tag == code::str32) {
      const std::size_t at = ctx.src.offset();
      const std::uint8_t* p{};
      std::size_t n{};
      if (!read_str_bytes<O>(ctx, p, n)) return false;
      const auto e = enum_from_name<T>(std::string_view(reinterpret_cast<const char*>(p), n));
      if (!e) return ctx.fail(errc::invalid_enum, at, "enumerator name");
      v = *e;
      return true;
    }
    std::underlying_type_t<T> u{};
    if (!read_int(ctx, u)) return false;
    v = static_cast<T>(u);
    return true;
  } else if constexpr (string_type<T> || string_view_type<T>) {
    const std::uint8_t* p{};
    std::size_t n{};
    return read_str_bytes<O>(ctx, p, n) && detail::store_bytes(ctx, v, p, n);
  } else if constexpr (blob<T>) {
    std::size_t n{};
    const std::size_t at = ctx.src.offset();
    if (!read_header<kind::bin>(ctx, n, "binary")) return false;
    if (n > ctx.lim.max_elements) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
    if (!ctx.src.need(n)) [[unlikely]] return ctx.fail(errc::unexpected_end, at);
    if (!detail::store_bytes(ctx, v, ctx.src.cur(), n)) return false;
    ctx.src.advance(n);
    return true;
  } else if constexpr (tensor_type<T>) {
    return read_tensor(ctx, v);
  } else if constexpr (fixed_array<T> || sequence<T>) {
    return read_sequence<O>(ctx, v);
  } else if constexpr (map_type<T>) {
    return read_map<O>(ctx, v);
  } else if constexpr (optional_type<T> || unique_pointer<T>) {
    std::uint8_t tag{};
    if (!peek_tag(ctx, tag)) return false;
    if (tag == code::nil) {
      v.reset();
      ctx.src.advance(1);
      return true;
    }
    if constexpr (unique_pointer<T>) {
      if (!ctx.charge(sizeof(typename T::element_type)) || !ctx.enter()) return false;
      const bool ok = read_value<O>(ctx, detail::ensure_allocated(v));
      ctx.leave();
      return ok;
    } else {
      return read_value<O>(ctx, detail::ensure_engaged(v));
    }
  } else if constexpr (variant_type<T>) {
    std::size_t n{};
    const std::size_t at = ctx.src.offset();
    if (!read_header<kind::array>(ctx, n, "[index, value]")) return false;
    if (n != 2) return ctx.fail(errc::size_mismatch, at, "[index, value]");
    const std::size_t index_at = ctx.src.offset();
    std::size_t index{};
    if (!read_int(ctx, index)) return false;
    if (index >= std::variant_size_v<T>) [[unlikely]] return ctx.fail(errc::invalid_value, index_at, "variant index");
    return detail::visit_index<T>(index, [&](auto i) {
      return read_value<O>(ctx, detail::ensure_alternative<decltype(i)::value>(v));
    });
  } else if constexpr (tuple_type<T>) {
    std::size_t n{};
    const std::size_t at = ctx.src.offset();
    if (!read_header<kind::array>(ctx, n, "array")) return false;
    if (n != std::tuple_size_v<T>) return ctx.fail(errc::size_mismatch, at, "array of the tuple's size");
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      std::size_t failed_at = 0;
      const bool ok = ((read_value<O>(ctx, std::get<I>(v)) || (failed_at = I, false)) && ...);
      return ok || ctx.in_element(failed_at);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (time_point_type<T>) {
    std::int64_t secs{};
    std::uint32_t nanos{};
    const std::size_t at = ctx.src.offset();
    if (!read_timestamp(ctx, secs, nanos)) return false;
    if (!detail::time_point_from(secs, nanos, v)) [[unlikely]] return ctx.fail(errc::out_of_range, at, "timestamp within +-292 years of 1970");
    return true;
  } else if constexpr (reflectable<T>) {
    return read_struct<O>(ctx, v);
  } else {
    static_assert(sizeof(T) == 0, "prism::msgpack: this type cannot be read");
    return false;
  }
}

template <class T>
inline constexpr detail::key_index<field_count_v<T>> struct_keys{field_names<T>()};

template <options O, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, std::size_t index) {
  return with_field(v, index, [&](auto& field, std::string_view name) { return read_value<O>(ctx, field) || ctx.in_field(name); });
}

// The common case of keys written in declaration order (as prism and most writers do): each
// encoded key is compared as raw bytes against its compile-time encoding and the field is read
// without a lookup. Stops at the first key out of order; `i` is then the number of fields read.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_fields_in_order(Ctx& ctx, T& v, std::size_t n, std::size_t& i) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool ok = true;
    (void)((i < n && [&] {
      constexpr auto& key = encoded_key<T, I>;
      if (!ctx.src.need(key.size()) || !detail::equal_bytes(ctx.src.cur(), key)) return false;
      ctx.src.advance(key.size());
      ++i;
      if (!read_value<O>(ctx, get_field<I>(v))) [[unlikely]] {
        ok = ctx.in_field(field_name<T, I>());
        return false;
      }
      return true;
    }()) && ...);
    return ok;
  }(std::make_index_sequence<field_count_v<T>>{});
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v) {
  constexpr std::size_t fields = field_count_v<T>;
  std::uint8_t tag{};
  if (!peek_tag(ctx, tag)) return false;
  const std::size_t at = ctx.src.offset();
  std::size_t n{};
  if ((tag & 0xf0) == code::fixarray || tag == code::array16 || tag == code::array32) {
    // Positional: fewer items leave the last fields untouched, extra items are skipped.
    if (!read_header<kind::array>(ctx, n, "array")) return false;
    if (!ctx.check_count(n, 1, at) || !ctx.enter()) return false;
    for (std::size_t i = 0; i < n; ++i) {
      if (i < fields) {
        if (!read_field<O>(ctx, v, i)) return false;
      } else if (!skip_value(ctx)) {
        return ctx.in_element(i);
      }
    }
    ctx.leave();
    if constexpr (O.error_on_missing_keys) {
      if (n < fields) return ctx.fail(errc::missing_key, at, "array with every field");
    }
    return true;
  }
  if (!read_header<kind::map>(ctx, n, "map")) return false;
  if (!ctx.check_count(n, 2, at) || !ctx.enter()) return false;
  static_assert(struct_keys<T>.ok, "prism: field names must be distinct");
  [[maybe_unused]] std::bitset<fields> seen;
  std::size_t i = 0;
  if (!read_fields_in_order<O>(ctx, v, n, i)) return false;
  if constexpr (O.error_on_missing_keys) {
    for (std::size_t k = 0; k < i; ++k) seen.set(k);
  }
  for (; i < n; ++i) {
    const std::size_t key_at = ctx.src.offset();
    const std::uint8_t* p{};
    std::size_t len{};
    if (!read_str_bytes<O>(ctx, p, len)) return false;
    const std::string_view key(reinterpret_cast<const char*>(p), len);
    std::size_t index{};
    if (i < fields && key == struct_keys<T>.names[i]) [[likely]] {
      index = i;  // fields in declaration order: no hashing
    } else {
      index = struct_keys<T>.find(key);
    }
    if (index >= fields) {
      if constexpr (O.error_on_unknown_keys) {
        return ctx.fail(errc::unknown_key, key_at, "a field name");
      } else {
        const std::string name(key);
        if (!skip_value(ctx)) return ctx.in_key(name);
        continue;
      }
    }
    if constexpr (O.error_on_missing_keys) seen.set(index);
    if (!read_field<O>(ctx, v, index)) return false;
  }
  ctx.leave();
  if constexpr (O.error_on_missing_keys) {
    if (!seen.all()) {
      for (std::size_t i = 0; i < fields; ++i) {
        if (!seen.test(i)) {
          ctx.fail(errc::missing_key, at, "every field");
          return ctx.in_field(struct_keys<T>.names[i]);
        }
      }
    }
  }
  return true;
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
