#pragma once
// Big-endian loads and stores, for the formats whose numbers are big-endian on the wire
// (MessagePack, CBOR). Unaligned; compile to a move and a byte swap.
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

}  // namespace prism::detail
