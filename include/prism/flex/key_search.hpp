#pragma once
// A key looked up among a FlexBuffers map's keys, which are nul-terminated and sorted as strcmp
// sorts them. Keys of up to 15 bytes are kept zero-padded in two words, so that comparing one
// with a stored key is two loads and a few register operations instead of memchr and memcmp.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/config.hpp"
#include "../core/error.hpp"
#include "common.hpp"

namespace prism::flex_detail {

class key_probe {
 public:
  explicit key_probe(std::string_view key) noexcept : key_(key) {
    const std::size_t n = key.size();
    if (n >= 16) return;
    const std::size_t low = n < 8 ? n : 8;
    low_ = load_partial(key.data(), low);
    high_ = load_partial(key.data() + low, n - low);
    low_mask_ = masks[n + 1][0];  // the key and its terminating zero
    high_mask_ = masks[n + 1][1];
    short_ = true;
  }

  // No stored key holds a zero byte, so none can equal a key that does. Asked only of a key
  // that compared equal: a zero inside it may have matched a stored key's end.
  PRISM_INLINE bool findable() const noexcept {
    if (!short_) return std::memchr(key_.data(), 0, key_.size()) == nullptr;
    const std::size_t n = key_.size();  // the bytes past the key set, so that only its own are tested
    return !has_zero_byte(low_ | ~masks[n][0]) && !has_zero_byte(high_ | ~masks[n][1]);
  }

  // strcmp(stored, key)'s sign for the stored key at p, with the message ending at end: negative,
  // zero or positive. A stored key that runs to the end of the message without its terminating
  // zero compares unequal.
  PRISM_INLINE int compare(const std::uint8_t* p, const std::uint8_t* end) const noexcept {
    const std::size_t room = static_cast<std::size_t>(end - p);
    if (short_ && room >= 16) {
      std::uint64_t low, high;  // words in named members, not arrays, so that they stay in registers
      std::memcpy(&low, p, 8);
      std::memcpy(&high, p + 8, 8);
      if (const std::uint64_t diff = (low ^ low_) & low_mask_) return first_difference(low, low_, diff);
      if (const std::uint64_t diff = (high ^ high_) & high_mask_) return first_difference(high, high_, diff);
      return 0;
    }
    const std::size_t n = key_.size();
    if (room <= n) {  // the stored key ends before the message does, or is malformed
      const int c = std::memcmp(p, key_.data(), room);
      return c != 0 ? c : 1;
    }
    if (const int c = std::memcmp(p, key_.data(), n); c != 0) return c;
    return p[n] != 0 ? 1 : 0;
  }

 private:
  // The n (< 8) or 8 bytes at p, in the low bytes of a word, loaded without reading past them
  // and in register-sized pieces (bytes stored one by one and loaded as a word would stall).
  static std::uint64_t load_partial(const char* p, std::size_t n) noexcept {
    if (n >= 4) {
      std::uint32_t head, tail;  // overlapping: the shared bytes are equal
      std::memcpy(&head, p, 4);
      std::memcpy(&tail, p + n - 4, 4);
      return head | std::uint64_t{tail} << (8 * (n - 4));
    }
    if (n == 0) return 0;
    const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i); };
    return byte(0) | byte(n / 2) | byte(n - 1);
  }
  // The sign of the first byte in which stored and wanted differ (diff: their masked xor).
  static int first_difference(std::uint64_t stored, std::uint64_t wanted, std::uint64_t diff) noexcept {
    const int shift = std::countr_zero(diff) & ~7;
    return static_cast<int>((stored >> shift) & 0xff) - static_cast<int>((wanted >> shift) & 0xff);
  }
  static constexpr bool has_zero_byte(std::uint64_t v) noexcept { return ((v - 0x0101010101010101u) & ~v & 0x8080808080808080u) != 0; }

  // The bytes compared for a key of n - 1 bytes and its terminating zero, in two words.
  static constexpr auto masks = [] {
    std::array<std::array<std::uint64_t, 2>, 17> m{};
    for (std::size_t n = 1; n <= 16; ++n) {
      m[n][0] = n >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * n)) - 1;
      m[n][1] = n <= 8 ? 0 : n == 16 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * (n - 8))) - 1;
    }
    return m;
  }();

  std::string_view key_;
  std::uint64_t low_ = 0, high_ = 0;  // the key's bytes, zero-padded
  std::uint64_t low_mask_ = 0, high_mask_ = 0;
  bool short_ = false;
};

// Where `key` is among the `count` sorted keys of a map, whose slots (`width` bytes each, each
// an offset back to its key's bytes) start at `keys`; index `count` when it is not there.
struct key_position {
  std::size_t index = 0;
  errc code = errc::ok;
};
PRISM_INLINE key_position find_sorted_key(const std::uint8_t* base, const std::uint8_t* end, const std::uint8_t* keys, std::size_t width,
                                                   std::size_t count, std::string_view key) noexcept {
  const key_probe probe(key);
  std::size_t lo = 0, hi = count;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const std::uint8_t* const slot = keys + mid * width;
    const std::uint64_t back = load_uint(slot, width);
    if (back > static_cast<std::uint64_t>(slot - base)) return {count, errc::invalid_value};
    const int c = probe.compare(slot - back, end);
    if (c == 0) return {probe.findable() ? mid : count, errc::ok};
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return {count, errc::ok};
}

}  // namespace prism::flex_detail
