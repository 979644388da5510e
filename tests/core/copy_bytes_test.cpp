#include <gtest/gtest.h>

#include <prism/core/copy_bytes.hpp>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "support/sanitized.hpp"

namespace {

// Both buffers live in one arena so that the destination's place relative to the source (modulo
// 32 and modulo 4 KiB) is chosen by the test: those decide which copy loop runs.
struct arena {
  static constexpr std::size_t guard = 64;
  std::vector<unsigned char> bytes;

  explicit arena(std::size_t size) : bytes(size) {
    std::mt19937 random(20261130);
    for (auto& b : bytes) b = static_cast<unsigned char>(random());
  }
  unsigned char* page_aligned(std::size_t offset) {
    const auto base = reinterpret_cast<std::uintptr_t>(bytes.data());
    return bytes.data() + ((4096 - base % 4096) % 4096) + offset;
  }
};

// Copies n bytes from `src` to `dst` and checks them, and that the bytes on either side of the
// destination are untouched.
void expect_copied(unsigned char* dst, const unsigned char* src, std::size_t n, void (*copy)(void*, const void*, std::size_t)) {
  const std::vector<unsigned char> before(dst - arena::guard, dst + n + arena::guard);
  copy(dst, src, n);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(dst[i], src[i]) << "byte " << i << " of " << n;
  }
  for (std::size_t i = 0; i < arena::guard; ++i) {
    ASSERT_EQ(dst[-1 - static_cast<std::ptrdiff_t>(i)], before[arena::guard - 1 - i]) << "before the copy of " << n;
    ASSERT_EQ(dst[n + i], before[arena::guard + n + i]) << "after the copy of " << n;
  }
}

void through_copy_large(void* d, const void* s, std::size_t n) { prism::detail::copy_large(d, s, n); }
void through_copy_bytes(void* d, const void* s, std::size_t n) { prism::detail::copy_bytes(d, s, n); }

TEST(CopyBytes, EverySmallSizeAtEveryAlignment) {
  arena a(3 * 4096);
  for (std::size_t n = 0; n <= 200; ++n) {
    for (std::size_t src_offset = 0; src_offset < 32; src_offset += 5) {
      for (std::size_t dst_offset = 0; dst_offset < 32; dst_offset += 3) {
        expect_copied(a.page_aligned(4096 + dst_offset), a.page_aligned(src_offset + 256), n, through_copy_bytes);
      }
    }
  }
}

// Sizes around each boundary of copy_large's choice (memcpy, the AVX2 loop and its 128-byte and
// 32-byte steps, `rep movsb` for mutually aligned blocks, memcpy again past 1 MiB), at offsets
// that are and are not 32-byte aligned to each other, and at distances of 1 to 63 bytes modulo
// 4 KiB, where `rep movsb` is slow and the copy goes another way.
TEST(CopyBytes, LargeBlocksAroundEveryThresholdAndDistance) {
  const std::size_t mib = std::size_t{1} << 20;
  arena a(4 * mib + 3 * 4096);
  const std::size_t sizes[] = {33,        127,        128,        2047,       2048,       2049,       2050,     2048 + 31,
                               2048 + 32, 2048 + 127, 2048 + 128, 4096,       16383,      16384,      16385,    20000,
                               65536 + 5, mib - 1,    mib,        mib + 1,    mib + 4099};
  const std::size_t src_offsets[] = {0, 3, 16, 31, 32};
  const std::size_t distances[] = {0, 1, 2, 17, 32, 62, 63, 64, 65, 200, 2048, 4095};
  std::size_t cases = 0;
  for (const std::size_t n : sizes) {
    for (const std::size_t src_offset : src_offsets) {
      for (const std::size_t distance : distances) {
        if (++cases % testing_support::exhaustive_step != 0) continue;
        const unsigned char* src = a.page_aligned(src_offset);
        // The destination follows the source's whole block, at `distance` past it modulo 4 KiB.
        const std::size_t start = (src_offset + n + arena::guard + 4095) / 4096 * 4096;
        unsigned char* dst = a.page_aligned(start + src_offset + distance);
        expect_copied(dst, src, n, through_copy_large);
      }
    }
  }
}

}  // namespace
