#pragma once
// Big- and little-endian loads and stores: MessagePack and CBOR numbers are big-endian on the
// wire, protobuf's fixed32/fixed64 little-endian. Unaligned; compile to a move (and a swap).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "config.hpp"

namespace prism::detail {

PRISM_INLINE void store_be16(std::uint8_t* p, std::uint16_t v) noexcept {
  v = __builtin_bswap16(v);
  std::memcpy(p, &v, 2);
}
PRISM_INLINE void store_be32(std::uint8_t* p, std::uint32_t v) noexcept {
  v = __builtin_bswap32(v);
  std::memcpy(p, &v, 4);
}
PRISM_INLINE void store_be64(std::uint8_t* p, std::uint64_t v) noexcept {
  v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}
PRISM_INLINE std::uint16_t load_be16(const std::uint8_t* p) noexcept {
  std::uint16_t v;
  std::memcpy(&v, p, 2);
  return __builtin_bswap16(v);
}
PRISM_INLINE std::uint32_t load_be32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return __builtin_bswap32(v);
}
PRISM_INLINE std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

PRISM_INLINE void store_le32(std::uint8_t* p, std::uint32_t v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  std::memcpy(p, &v, 4);
}
PRISM_INLINE void store_le64(std::uint8_t* p, std::uint64_t v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}
PRISM_INLINE std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  return v;
}
PRISM_INLINE std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}

// A little-endian unsigned number of `width` bytes, width 1, 2, 4 or 8 (0 for any other). One
// fixed-size load per width: a memcpy of a run-time size into a wider integer goes through the
// stack, and the load after it stalls.
PRISM_INLINE std::uint64_t load_le_width(const std::uint8_t* p, std::size_t width) noexcept {
  switch (width) {
    case 1: return p[0];
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap16(v);
      return v;
    }
    case 4: return load_le32(p);
    case 8: return load_le64(p);
    default: return 0;
  }
}

}  // namespace prism::detail
