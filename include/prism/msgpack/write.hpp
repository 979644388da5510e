#pragma once
// MessagePack encoder: always the smallest encoding, byte for byte what msgpack-cxx writes.
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::msgpack_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);

PRISM_INLINE std::size_t put_uint(std::uint8_t* p, std::uint64_t v) noexcept {
  if (v < 128) {
    p[0] = static_cast<std::uint8_t>(v);
    return 1;
  }
  if (v < 256) {
    p[0] = code::uint8;
    p[1] = static_cast<std::uint8_t>(v);
    return 2;
  }
  if (v < 65536) {
    p[0] = code::uint16;
    store_be16(p + 1, static_cast<std::uint16_t>(v));
    return 3;
  }
  if (v <= 0xffffffffull) {
    p[0] = code::uint32;
    store_be32(p + 1, static_cast<std::uint32_t>(v));
    return 5;
  }
  p[0] = code::uint64;
  store_be64(p + 1, v);
  return 9;
}

PRISM_INLINE std::size_t put_int(std::uint8_t* p, std::int64_t v) noexcept {
  if (v >= 0) return put_uint(p, static_cast<std::uint64_t>(v));
  if (v >= -32) {
    p[0] = static_cast<std::uint8_t>(v);
    return 1;
  }
  if (v >= -128) {
    p[0] = code::int8;
    p[1] = static_cast<std::uint8_t>(v);
    return 2;
  }
  if (v >= -32768) {
    p[0] = code::int16;
    store_be16(p + 1, static_cast<std::uint16_t>(v));
    return 3;
  }
  if (v >= std::numeric_limits<std::int32_t>::min()) {
    p[0] = code::int32;
    store_be32(p + 1, static_cast<std::uint32_t>(v));
    return 5;
  }
  p[0] = code::int64;
  store_be64(p + 1, static_cast<std::uint64_t>(v));
  return 9;
}

// A header for strings, arrays, maps or binaries: the fix form when `fix` allows it.
PRISM_INLINE std::size_t put_header(std::uint8_t* p, std::size_t n, std::uint8_t fix, std::size_t fix_limit,
                                    std::uint8_t c8, std::uint8_t c16, std::uint8_t c32) noexcept {
  if (n < fix_limit) {
    p[0] = static_cast<std::uint8_t>(fix | n);
    return 1;
  }
  if (c8 && n < 256) {
    p[0] = c8;
    p[1] = static_cast<std::uint8_t>(n);
    return 2;
  }
  if (n < 65536) {
    p[0] = c16;
    store_be16(p + 1, static_cast<std::uint16_t>(n));
    return 3;
  }
  p[0] = c32;
  store_be32(p + 1, static_cast<std::uint32_t>(n));
  return 5;
}

template <class Ctx>
PRISM_INLINE bool write_array_header(Ctx& ctx, std::size_t n) {
  if (!ctx.reserve(5)) return false;
  ctx.out.advance(put_header(ctx.out.cur(), n, code::fixarray, 16, 0, code::array16, code::array32));
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_map_header(Ctx& ctx, std::size_t n) {
  if (!ctx.reserve(5)) return false;
  ctx.out.advance(put_header(ctx.out.cur(), n, code::fixmap, 16, 0, code::map16, code::map32));
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_str(Ctx& ctx, const void* data, std::size_t n) {
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "string of at most 2^32-1 bytes");
  if (!ctx.reserve(5 + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  const std::size_t h = put_header(p, n, code::fixstr, 32, code::str8, code::str16, code::str32);
  if (n) std::memcpy(p + h, data, n);
  ctx.out.advance(h + n);
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_bin(Ctx& ctx, const void* data, std::size_t n) {
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "binary of at most 2^32-1 bytes");
  if (!ctx.reserve(5 + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  const std::size_t h = put_header(p, n, code::bin8 /* unused */, 0, code::bin8, code::bin16, code::bin32);
  if (n) std::memcpy(p + h, data, n);
  ctx.out.advance(h + n);
  return true;
}

template <options O, class F, class Ctx>
PRISM_INLINE bool write_float(Ctx& ctx, F v) {
  if (!ctx.reserve(9)) return false;
  std::uint8_t* p = ctx.out.cur();
  if constexpr (O.compact_floats) {
    // As msgpack-cxx: an integral value is written as the integer; -0.0 keeps its sign.
    constexpr F two63 = static_cast<F>(9223372036854775808.0);
    if (v >= 0 && v < 2 * two63 && v == static_cast<F>(static_cast<std::uint64_t>(v)) && !(v == 0 && std::signbit(v))) {
      ctx.out.advance(put_uint(p, static_cast<std::uint64_t>(v)));
      return true;
    }
    if (v < 0 && v >= -two63 && v == static_cast<F>(static_cast<std::int64_t>(v))) {
      ctx.out.advance(put_int(p, static_cast<std::int64_t>(v)));
      return true;
    }
  }
  if constexpr (std::is_same_v<F, float>) {
    p[0] = code::float32;
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    store_be32(p + 1, bits);
    ctx.out.advance(5);
  } else {
    p[0] = code::float64;
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    store_be64(p + 1, bits);
    ctx.out.advance(9);
  }
  return true;
}

// Timestamp extension: 32-bit seconds, 64-bit (30-bit ns, 34-bit s) or 96-bit form, the smallest.
template <class Ctx, class TimePoint>
bool write_timestamp(Ctx& ctx, const TimePoint& tp) {
  using namespace std::chrono;
  const auto since = tp.time_since_epoch();
  auto secs = duration_cast<seconds>(since);
  if (secs > since) secs -= seconds(1);  // floor toward negative infinity
  const auto nanos = static_cast<std::uint32_t>(duration_cast<nanoseconds>(since - secs).count());
  const std::int64_t s = secs.count();
  if (!ctx.reserve(15)) return false;
  std::uint8_t* p = ctx.out.cur();
  if (s >= 0 && (static_cast<std::uint64_t>(s) >> 34) == 0) {
    const std::uint64_t data = (std::uint64_t(nanos) << 34) | static_cast<std::uint64_t>(s);
    if ((data & 0xffffffff00000000ull) == 0) {
      p[0] = code::fixext4;
      p[1] = 0xff;
      store_be32(p + 2, static_cast<std::uint32_t>(data));
      ctx.out.advance(6);
    } else {
      p[0] = code::fixext8;
      p[1] = 0xff;
      store_be64(p + 2, data);
      ctx.out.advance(10);
    }
  } else {
    p[0] = code::ext8;
    p[1] = 12;
    p[2] = 0xff;
    store_be32(p + 3, nanos);
    store_be64(p + 7, static_cast<std::uint64_t>(s));
    ctx.out.advance(15);
  }
  return true;
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  constexpr std::size_t n = field_count_v<T>;
  if constexpr (O.structs_as_arrays) {
    if (!write_array_header(ctx, n)) return false;
    return all_fields<T>([&](auto i) { return write_value<O>(ctx, get_field<decltype(i)::value>(v)); });
  } else {
    if (!write_map_header(ctx, n)) return false;
    return all_fields<T>([&](auto i) {
      constexpr auto& key = encoded_key<T, decltype(i)::value>;
      return ctx.write(key.data(), key.size()) && write_value<O>(ctx, get_field<decltype(i)::value>(v));
    });
  }
}

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  if constexpr (boolean<T>) {
    if (!ctx.reserve(1)) return false;
    *ctx.out.cur() = v ? code::true_ : code::false_;
    ctx.out.advance(1);
    return true;
  } else if constexpr (integer<T>) {
    if (!ctx.reserve(9)) return false;
    if constexpr (std::is_signed_v<T>) {
      ctx.out.advance(put_int(ctx.out.cur(), static_cast<std::int64_t>(v)));
    } else {
      ctx.out.advance(put_uint(ctx.out.cur(), static_cast<std::uint64_t>(v)));
    }
    return true;
  } else if constexpr (floating<T>) {
    return write_float<O>(ctx, v);
  } else if constexpr (enumeration<T>) {
    if constexpr (O.enums_as_strings) {
      const std::string_view name = enum_name(v);
      if (!name.empty()) return write_str(ctx, name.data(), name.size());
    }
    return write_value<O>(ctx, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (string_type<T> || string_view_type<T>) {
    return write_str(ctx, v.data(), v.size());
  } else if constexpr (blob<T>) {
    return write_bin(ctx, v.data(), v.size());
  } else if constexpr (fixed_array<T> || sequence<T>) {
    if (!write_array_header(ctx, std::ranges::size(v))) return false;
    for (const auto& e : v) {
      if (!write_value<O>(ctx, e)) return false;
    }
    return true;
  } else if constexpr (map_type<T>) {
    if (!write_map_header(ctx, v.size())) return false;
    for (const auto& [key, value] : v) {
      if (!write_value<O>(ctx, key) || !write_value<O>(ctx, value)) return false;
    }
    return true;
  } else if constexpr (optional_type<T> || unique_pointer<T>) {
    if (v) return write_value<O>(ctx, *v);
    if (!ctx.reserve(1)) return false;
    *ctx.out.cur() = code::nil;
    ctx.out.advance(1);
    return true;
  } else if constexpr (variant_type<T>) {
    if (!write_array_header(ctx, 2) || !write_value<O>(ctx, static_cast<std::uint64_t>(v.index()))) return false;
    return std::visit([&](const auto& alt) { return write_value<O>(ctx, alt); }, v);
  } else if constexpr (tuple_type<T>) {
    if (!write_array_header(ctx, std::tuple_size_v<T>)) return false;
    return std::apply([&](const auto&... e) { return (write_value<O>(ctx, e) && ...); }, v);
  } else if constexpr (time_point_type<T>) {
    return write_timestamp(ctx, v);
  } else if constexpr (reflectable<T>) {
    return write_struct<O>(ctx, v);
  } else {
    static_assert(sizeof(T) == 0, "prism::msgpack: this type cannot be written");
    return false;
  }
}

}  // namespace prism::msgpack_detail

namespace prism {

template <>
struct format_writer<msgpack> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return msgpack_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
