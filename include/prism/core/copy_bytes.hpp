#pragma once
// Copies between buffers that do not overlap: names, keys and short arrays inline, large blocks
// by memcpy or by a vector loop, whichever has no slow case for the two buffers' places.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "config.hpp"
#include "cpu_features.hpp"

namespace prism::detail {

// glibc copies blocks above its `rep movsb` threshold (2 KiB and up) with `rep movsb`, which on AMD
// Zen 3 runs about 20 times slower when the destination lies 1 to 63 bytes past the source modulo
// 4 KiB: 80 KB in 35 us instead of 1.8 us. Whether a read or write meets that case depends only on
// where the allocator put the two buffers, so such copies, unless the AVX2 loop below takes them,
// go in 2 KiB pieces, each below the threshold; other copies are one memcpy.
inline constexpr std::size_t rep_movsb_safe_piece = 2048;

#ifdef PRISM_X86_DISPATCH
// `rep movsb` is also slow to start, and slower when the two buffers are not 32-byte aligned to
// each other, which is the rule for arrays in a message (the payload follows a header of a few
// bytes). A loop of 32-byte loads and aligned stores copies such blocks faster, and has no slow
// case for buffers 4 KiB apart; `rep movsb` stays for mutually aligned blocks above
// `avx2_copy_aligned_from`, where it is as fast. Past `avx2_copy_up_to` the copy is bound by
// memory, and glibc's non-temporal stores are the better choice.
inline constexpr std::size_t avx2_copy_aligned_from = 16 * 1024;
inline constexpr std::size_t avx2_copy_up_to = 1024 * 1024;

// n > 128. The first and last 32 bytes are copied unaligned; the loop in between stores at
// 32-byte boundaries of the destination.
__attribute__((target("avx2"))) PRISM_NOINLINE inline void copy_avx2(unsigned char* d, const unsigned char* s,
                                                                     std::size_t n) noexcept {
  typedef unsigned char block __attribute__((vector_size(32)));
  block first, last, b0, b1, b2, b3;
  std::memcpy(&first, s, 32);
  std::memcpy(&last, s + n - 32, 32);
  std::memcpy(d, &first, 32);
  std::size_t i = 32 - (reinterpret_cast<std::uintptr_t>(d) & 31);  // d + i is aligned
  for (; i + 128 <= n; i += 128) {
    std::memcpy(&b0, s + i, 32);
    std::memcpy(&b1, s + i + 32, 32);
    std::memcpy(&b2, s + i + 64, 32);
    std::memcpy(&b3, s + i + 96, 32);
    std::memcpy(__builtin_assume_aligned(d + i, 32), &b0, 32);
    std::memcpy(__builtin_assume_aligned(d + i + 32, 32), &b1, 32);
    std::memcpy(__builtin_assume_aligned(d + i + 64, 32), &b2, 32);
    std::memcpy(__builtin_assume_aligned(d + i + 96, 32), &b3, 32);
    __asm__("" : "+r"(i));  // no call to memcpy in place of the loop
  }
  for (; i + 32 <= n; i += 32) {
    std::memcpy(&b0, s + i, 32);
    std::memcpy(__builtin_assume_aligned(d + i, 32), &b0, 32);
  }
  std::memcpy(d + n - 32, &last, 32);
}
#endif

// Blocks above rep_movsb_safe_piece: out of line, as the choice is made per call.
PRISM_NOINLINE inline void copy_block(unsigned char* d, const unsigned char* s, std::size_t n) noexcept {
  const auto distance = (reinterpret_cast<std::uintptr_t>(d) - reinterpret_cast<std::uintptr_t>(s)) & 4095;
#ifdef PRISM_X86_DISPATCH
  if (n <= avx2_copy_up_to && (n < avx2_copy_aligned_from || distance % 32 != 0) && x86_features::detected().avx2) {
    copy_avx2(d, s, n);
    return;
  }
#endif
  if (distance - 1 < 63) {
    // The piece size is hidden from the optimizer: g++ expands a memcpy of a known 2 KiB into
    // `rep movsq`, which has the same slow case.
    std::size_t piece = rep_movsb_safe_piece;
    __asm__("" : "+r"(piece));
    for (; n > piece; n -= piece) {
      std::memcpy(d, s, piece);
      d += piece;
      s += piece;
    }
  }
  std::memcpy(d, s, n);
}

PRISM_INLINE void copy_large(void* dst, const void* src, std::size_t n) noexcept {
  if (n > rep_movsb_safe_piece) [[unlikely]] {
    copy_block(static_cast<unsigned char*>(dst), static_cast<const unsigned char*>(src), n);
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
