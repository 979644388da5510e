#pragma once
// Big- and little-endian loads and stores: MessagePack and CBOR numbers are big-endian on the
// wire, protobuf's fixed32/fixed64 and zbin's little-endian. Unaligned; compile to a move (and a
// swap where the host's order differs).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "config.hpp"

namespace prism::detail {

template <class U>
PRISM_INLINE constexpr U swap_bytes(U v) noexcept {
  if constexpr (sizeof(U) == 1) return v;
  else if constexpr (sizeof(U) == 2) return __builtin_bswap16(v);
  else if constexpr (sizeof(U) == 4) return __builtin_bswap32(v);
  else return __builtin_bswap64(v);
}

// An unsigned integer in the byte order Order at p.
template <std::endian Order, class U>
PRISM_INLINE void store(std::uint8_t* p, U v) noexcept {
  if constexpr (Order != std::endian::native) v = swap_bytes(v);
  std::memcpy(p, &v, sizeof v);
}
template <std::endian Order, class U>
PRISM_INLINE U load(const std::uint8_t* p) noexcept {
  U v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (Order != std::endian::native) v = swap_bytes(v);
  return v;
}

PRISM_INLINE void store_be16(std::uint8_t* p, std::uint16_t v) noexcept { store<std::endian::big>(p, v); }
PRISM_INLINE void store_be32(std::uint8_t* p, std::uint32_t v) noexcept { store<std::endian::big>(p, v); }
PRISM_INLINE void store_be64(std::uint8_t* p, std::uint64_t v) noexcept { store<std::endian::big>(p, v); }
PRISM_INLINE std::uint16_t load_be16(const std::uint8_t* p) noexcept { return load<std::endian::big, std::uint16_t>(p); }
PRISM_INLINE std::uint32_t load_be32(const std::uint8_t* p) noexcept { return load<std::endian::big, std::uint32_t>(p); }
PRISM_INLINE std::uint64_t load_be64(const std::uint8_t* p) noexcept { return load<std::endian::big, std::uint64_t>(p); }

PRISM_INLINE void store_le16(std::uint8_t* p, std::uint16_t v) noexcept { store<std::endian::little>(p, v); }
PRISM_INLINE void store_le32(std::uint8_t* p, std::uint32_t v) noexcept { store<std::endian::little>(p, v); }
PRISM_INLINE void store_le64(std::uint8_t* p, std::uint64_t v) noexcept { store<std::endian::little>(p, v); }
PRISM_INLINE std::uint16_t load_le16(const std::uint8_t* p) noexcept { return load<std::endian::little, std::uint16_t>(p); }
PRISM_INLINE std::uint32_t load_le32(const std::uint8_t* p) noexcept { return load<std::endian::little, std::uint32_t>(p); }
PRISM_INLINE std::uint64_t load_le64(const std::uint8_t* p) noexcept { return load<std::endian::little, std::uint64_t>(p); }

// A little-endian unsigned number of `width` bytes, width 1, 2, 4 or 8 (0 for any other). One
// fixed-size load per width: a memcpy of a run-time size into a wider integer goes through the
// stack, and the load after it stalls.
PRISM_INLINE std::uint64_t load_le_width(const std::uint8_t* p, std::size_t width) noexcept {
  switch (width) {
    case 1: return p[0];
    case 2: return load_le16(p);
    case 4: return load_le32(p);
    case 8: return load_le64(p);
    default: return 0;
  }
}

}  // namespace prism::detail
