#pragma once
// A byte-oriented encoding of integers and lengths that binary formats share in shape: a small
// value is its own first byte (0 to 127, and -32 to -1), any other a code byte naming its width
// followed by 1, 2, 4 or 8 bytes in the format's byte order, always the narrowest that holds it.
// Lengths likewise: `fix | n` in one byte below a limit, else a code and 1, 2 or 4 bytes. The
// format supplies its codes and byte order.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "byte_order.hpp"
#include "config.hpp"
#include "fields.hpp"

namespace prism::detail {

struct width_codes {
  std::uint8_t u8, u16, u32, u64, i8, i16, i32, i64;
};

// Writes v at p (9 bytes must be free) and returns how many bytes it took.
template <width_codes C, std::endian Order>
PRISM_INLINE std::size_t put_width_coded_uint(std::uint8_t* p, std::uint64_t v) noexcept {
  if (v < 128) {
    p[0] = static_cast<std::uint8_t>(v);
    return 1;
  }
  if (v < 256) {
    p[0] = C.u8;
    p[1] = static_cast<std::uint8_t>(v);
    return 2;
  }
  if (v < 65536) {
    p[0] = C.u16;
    store<Order>(p + 1, static_cast<std::uint16_t>(v));
    return 3;
  }
  if (v <= 0xffffffffull) {
    p[0] = C.u32;
    store<Order>(p + 1, static_cast<std::uint32_t>(v));
    return 5;
  }
  p[0] = C.u64;
  store<Order>(p + 1, v);
  return 9;
}

// Writes v at p (9 bytes must be free), non-negative values as unsigned ones.
template <width_codes C, std::endian Order>
PRISM_INLINE std::size_t put_width_coded_int(std::uint8_t* p, std::int64_t v) noexcept {
  if (v >= 0) return put_width_coded_uint<C, Order>(p, static_cast<std::uint64_t>(v));
  if (v >= -32) {
    p[0] = static_cast<std::uint8_t>(v);
    return 1;
  }
  if (v >= -128) {
    p[0] = C.i8;
    p[1] = static_cast<std::uint8_t>(v);
    return 2;
  }
  if (v >= -32768) {
    p[0] = C.i16;
    store<Order>(p + 1, static_cast<std::uint16_t>(v));
    return 3;
  }
  if (v >= -2147483648ll) {
    p[0] = C.i32;
    store<Order>(p + 1, static_cast<std::uint32_t>(v));
    return 5;
  }
  p[0] = C.i64;
  store<Order>(p + 1, static_cast<std::uint64_t>(v));
  return 9;
}

// Writes the length n (below 2^32) at p (5 bytes must be free): `fix | n` below fix_limit, then
// c8 and one byte (when c8 is not 0), c16 and two, or c32 and four.
template <std::endian Order>
PRISM_INLINE std::size_t put_width_coded_length(std::uint8_t* p, std::size_t n, std::uint8_t fix, std::size_t fix_limit,
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
    store<Order>(p + 1, static_cast<std::uint16_t>(n));
    return 3;
  }
  p[0] = c32;
  store<Order>(p + 1, static_cast<std::uint32_t>(n));
  return 5;
}

// How many bytes put_width_coded_length takes for n, with a one-byte form below fix_limit.
constexpr std::size_t width_coded_length_size(std::size_t n, std::size_t fix_limit) noexcept {
  return n < fix_limit ? 1 : n < 256 ? 2 : n < 65536 ? 3 : 5;
}

// The codes of a format's text strings: `fix | n` below fix_limit, then str8, str16.
struct text_codes {
  std::uint8_t fix;
  std::size_t fix_limit;
  std::uint8_t str8, str16;
};

// Field I's name of T as a text string (its length and its bytes), rendered at compile time:
// what the writer puts down and the reader compares in one go.
template <class T, std::size_t I, text_codes C, std::endian Order>
inline constexpr auto width_coded_key = [] {
  constexpr std::string_view name = field_name<T, I>();
  constexpr std::size_t h = width_coded_length_size(name.size(), C.fix_limit);
  static_assert(h <= 3, "prism: a field name is longer than 65535 bytes");
  std::array<std::uint8_t, h + name.size()> out{};
  if constexpr (h == 1) {
    out[0] = static_cast<std::uint8_t>(C.fix | name.size());
  } else if constexpr (h == 2) {
    out[0] = C.str8;
    out[1] = static_cast<std::uint8_t>(name.size());
  } else {
    const auto n = static_cast<std::uint16_t>(name.size());
    out[0] = C.str16;
    out[Order == std::endian::big ? 1 : 2] = static_cast<std::uint8_t>(n >> 8);
    out[Order == std::endian::big ? 2 : 1] = static_cast<std::uint8_t>(n);
  }
  for (std::size_t i = 0; i < name.size(); ++i) out[h + i] = static_cast<std::uint8_t>(name[i]);
  return out;
}();

// Reads the code byte and a length of `width` bytes (1, 2 or 4) after it, in the format's order.
template <std::endian Order, class Ctx>
PRISM_INLINE bool read_width_coded_length(Ctx& ctx, std::size_t width, std::size_t& n) {
  if (!ctx.require(1 + width)) [[unlikely]] return false;
  const std::uint8_t* p = ctx.src.cur() + 1;
  n = width == 1 ? p[0] : width == 2 ? load<Order, std::uint16_t>(p) : load<Order, std::uint32_t>(p);
  ctx.src.advance(1 + width);
  return true;
}

}  // namespace prism::detail
