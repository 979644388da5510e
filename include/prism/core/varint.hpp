#pragma once
// LEB128 varints and zigzag, the integer encodings protobuf, zbin and pack share: the low seven
// bits of each byte carry the value, least significant group first, and a set high bit says
// another byte follows. At most ten bytes hold 64 bits; a tenth byte above 1 overflows them.
#include <bit>
#include <cstddef>
#include <cstdint>

#include "config.hpp"

namespace prism::detail {

inline constexpr std::size_t max_varint_bytes = 10;

// ceil(significant bits / 7), at least 1, without a division.
PRISM_INLINE constexpr std::size_t varint_size(std::uint64_t v) noexcept {
  return static_cast<std::size_t>((std::bit_width(v | 1) * 9 + 64) >> 6);
}

// Writes v at p (room for varint_size(v) bytes) and returns the bytes written.
PRISM_INLINE std::size_t put_varint(std::uint8_t* p, std::uint64_t v) noexcept {
  std::size_t n = 0;
  while (v >= 0x80) {
    p[n++] = static_cast<std::uint8_t>(v | 0x80);
    v >>= 7;
  }
  p[n++] = static_cast<std::uint8_t>(v);
  return n;
}

// Decodes a varint from at least max_varint_bytes readable bytes: its length, or 0 for one
// longer than ten bytes or with bits beyond the 64th.
PRISM_INLINE std::size_t get_varint_unchecked(const std::uint8_t* p, std::uint64_t& v) noexcept {
  std::uint64_t result = p[0];
  if (result < 0x80) [[likely]] {
    v = result;
    return 1;
  }
  result &= 0x7f;
  for (std::size_t i = 1; i < max_varint_bytes; ++i) {
    const std::uint64_t byte = p[i];
    result |= (byte & 0x7f) << (7 * i);
    if (byte < 0x80) {
      if (i == 9 && byte > 1) return 0;
      v = result;
      return i + 1;
    }
  }
  return 0;
}

// The same over `available` bytes: 0 when the varint is malformed, SIZE_MAX when it runs past
// them.
inline std::size_t get_varint_bounded(const std::uint8_t* p, std::size_t available, std::uint64_t& v) noexcept {
  std::uint64_t result = 0;
  for (std::size_t i = 0; i < max_varint_bytes; ++i) {
    if (i == available) return SIZE_MAX;
    const std::uint64_t byte = p[i];
    result |= (byte & 0x7f) << (7 * i);
    if (byte < 0x80) {
      if (i == 9 && byte > 1) return 0;
      v = result;
      return i + 1;
    }
  }
  return 0;
}

// Signed integers as unsigned ones of small magnitude: 0, -1, 1, -2 ... become 0, 1, 2, 3 ...
PRISM_INLINE constexpr std::uint64_t zigzag_encode(std::int64_t v) noexcept {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
PRISM_INLINE constexpr std::int64_t zigzag_decode(std::uint64_t v) noexcept {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

}  // namespace prism::detail
