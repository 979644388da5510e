#pragma once
// Copies between buffers that do not overlap: names, keys and short arrays inline, large blocks
// through memcpy except where memcpy has a slow case.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "config.hpp"

namespace prism::detail {

// glibc copies blocks above its `rep movsb` threshold (2 KiB and up) with `rep movsb`, which on AMD
// Zen 3 runs about 20 times slower when the destination lies 1 to 63 bytes past the source modulo
// 4 KiB: 80 KB in 35 us instead of 1.8 us. Whether a read or write meets that case depends only on
// where the allocator put the two buffers, so such copies go in 2 KiB pieces, each below the
// threshold; other copies are one memcpy.
inline constexpr std::size_t rep_movsb_safe_piece = 2048;

PRISM_NOINLINE inline void copy_in_pieces(unsigned char* d, const unsigned char* s, std::size_t n) noexcept {
  // The piece size is hidden from the optimizer: g++ expands a memcpy of a known 2 KiB into
  // `rep movsq`, which has the same slow case.
  std::size_t piece = rep_movsb_safe_piece;
  __asm__("" : "+r"(piece));
  for (; n > piece; n -= piece) {
    std::memcpy(d, s, piece);
    d += piece;
    s += piece;
  }
  std::memcpy(d, s, n);
}

PRISM_INLINE void copy_large(void* dst, const void* src, std::size_t n) noexcept {
  const auto distance = (reinterpret_cast<std::uintptr_t>(dst) - reinterpret_cast<std::uintptr_t>(src)) & 4095;
  if (n > rep_movsb_safe_piece && distance - 1 < 63) [[unlikely]] {
    copy_in_pieces(static_cast<unsigned char*>(dst), static_cast<const unsigned char*>(src), n);
  } else {
    std::memcpy(dst, src, n);
  }
}

// Copies of up to 32 bytes are done inline by overlapping moves instead of a call into the C
// library.
PRISM_INLINE void copy_bytes(void* dst, const void* src, std::size_t n) noexcept {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (n > 32) {
    copy_large(d, s, n);
  } else if (n > 16) {  // 16 itself is two 8-byte moves: a caller that knows n <= 16 skips this test
    std::memcpy(d, s, 16);
    std::memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8) {
    std::memcpy(d, s, 8);
    std::memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(d, s, 4);
    std::memcpy(d + n - 4, s + n - 4, 4);
  } else if (n) {
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
}

}  // namespace prism::detail
