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

namespace prism::flex_detail {

class key_probe {
 public:
  explicit key_probe(std::string_view key) noexcept : key_(key) {
    const std::size_t n = key.size();
    if (n >= 16) return;
    const std::size_t low = n < 8 ? n : 8;
    word_[0] = load_partial(key.data(), low);
    word_[1] = load_partial(key.data() + low, n - low);
    mask_[0] = masks[n + 1][0];  // the key and its terminating zero
    mask_[1] = masks[n + 1][1];
    short_ = true;
  }

  // No stored key holds a zero byte, so none can equal a key that does. Asked only of a key
  // that compared equal: a zero inside it may have matched a stored key's end.
  bool findable() const noexcept {
    if (!short_) return std::memchr(key_.data(), 0, key_.size()) == nullptr;
    const std::size_t n = key_.size();  // the bytes past the key set, so that only its own are tested
    return !has_zero_byte(word_[0] | ~masks[n][0]) && !has_zero_byte(word_[1] | ~masks[n][1]);
  }

  // strcmp(stored, key)'s sign for the stored key at p, with the message ending at end: negative,
  // zero or positive. A stored key that runs to the end of the message without its terminating
  // zero compares unequal.
  PRISM_INLINE int compare(const std::uint8_t* p, const std::uint8_t* end) const noexcept {
    const std::size_t room = static_cast<std::size_t>(end - p);
    if (short_ && room >= 16) {
      std::uint64_t stored[2];
      std::memcpy(&stored[0], p, 8);
      std::memcpy(&stored[1], p + 8, 8);
      for (int w = 0; w < 2; ++w)
        if (const std::uint64_t diff = (stored[w] ^ word_[w]) & mask_[w]) {
          const int shift = std::countr_zero(diff) & ~7;
          return static_cast<int>((stored[w] >> shift) & 0xff) - static_cast<int>((word_[w] >> shift) & 0xff);
        }
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
  std::uint64_t word_[2] = {0, 0};
  std::uint64_t mask_[2] = {0, 0};
  bool short_ = false;
};

}  // namespace prism::flex_detail
