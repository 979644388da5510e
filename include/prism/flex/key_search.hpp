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

// strcmp(stored, key)'s sign for the stored key at p, with the message ending at end: negative,
// zero or positive. A stored key that runs to the end of the message without its terminating
// zero compares unequal.
inline int compare_stored_key(const std::uint8_t* p, const std::uint8_t* end, std::string_view key) noexcept {
  const std::size_t room = static_cast<std::size_t>(end - p), n = key.size();
  if (room <= n) {  // the stored key ends before the message does, or is malformed
    const int c = std::memcmp(p, key.data(), room);
    return c != 0 ? c : 1;
  }
  if (const int c = std::memcmp(p, key.data(), n); c != 0) return c;
  return p[n] != 0 ? 1 : 0;
}

// A key of fewer than 16 bytes, none of them zero, in two zero-padded words.
class short_key {
 public:
  static constexpr std::size_t max_size = 15;

  // False when the key holds a zero byte: no stored key can equal it.
  PRISM_INLINE static bool make(std::string_view key, short_key& out) noexcept {
    const std::size_t n = key.size();
    const char* const p = key.data();
    std::uint64_t low, high;
    if (n >= 8) {  // overlapping words: the second's bytes past the first's shifted down
      std::uint64_t tail;
      std::memcpy(&low, p, 8);
      std::memcpy(&tail, p + n - 8, 8);
      high = n > 8 ? tail >> (8 * (16 - n)) : 0;
    } else {
      low = load_partial(p, n);
      high = 0;
    }
    // Big-endian, so that comparing words compares their first differing bytes; masked over
    // the key and its terminating zero.
    out.low_mask_ = big_endian_masks[n + 1][0];
    out.high_mask_ = big_endian_masks[n + 1][1];
    out.low_ = __builtin_bswap64(low);
    out.high_ = __builtin_bswap64(high);
    return !has_zero_byte(low | ~masks[n][0]) && !has_zero_byte(high | ~masks[n][1]);  // only the key's own bytes
  }

  // compare_stored_key's sign for a stored key with at least 16 bytes of the message from p.
  PRISM_INLINE int compare(const std::uint8_t* p) const noexcept {
    std::uint64_t low, high;
    std::memcpy(&low, p, 8);
    std::memcpy(&high, p + 8, 8);
    low = __builtin_bswap64(low) & low_mask_;
    if (low != low_) return low < low_ ? -1 : 1;
    high = __builtin_bswap64(high) & high_mask_;
    if (high != high_) return high < high_ ? -1 : 1;
    return 0;
  }

 private:
  // The n (< 8) bytes at p, in the low bytes of a word, loaded without reading past them and in
  // register-sized pieces (bytes stored one by one and loaded as a word would stall).
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

  // The first n bytes of two words.
  static constexpr auto masks = [] {
    std::array<std::array<std::uint64_t, 2>, 17> m{};
    for (std::size_t n = 1; n <= 16; ++n) {
      m[n][0] = n >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * n)) - 1;
      m[n][1] = n <= 8 ? 0 : n == 16 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * (n - 8))) - 1;
    }
    return m;
  }();
  static constexpr auto big_endian_masks = [] {
    auto m = masks;
    for (auto& words : m)
      for (auto& w : words) w = __builtin_bswap64(w);
    return m;
  }();

  std::uint64_t low_, high_, low_mask_, high_mask_;
};

// A comparison that cannot decide (no stored key compares this way: strcmp's signs are byte
// differences, in -255..255).
inline constexpr int restart_search = -1000;

// Where `key` is among the `count` sorted keys of a map, whose slots (`width` bytes each, each
// an offset back to its key's bytes) start at `keys`; index `count` when it is not there.
struct key_position {
  std::size_t index = 0;
  errc code = errc::ok;
};

// Binary search with `compare(stored key's first byte)`, which returns `restart` when it cannot
// decide; Width 0: slots `width` bytes wide. A key stored more than once is found at its first
// slot, the entry that reading the map keeps.
template <std::size_t Width, class Compare>
PRISM_INLINE key_position search_sorted_keys(const std::uint8_t* base, const std::uint8_t* keys, std::size_t width, std::size_t count,
                                             Compare compare) noexcept {
  const std::size_t w = Width ? Width : width;
  std::size_t lo = 0, hi = count, found = count;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const std::uint8_t* const slot = keys + mid * w;
    const std::uint64_t back = load_uint(slot, w);
    if (back > static_cast<std::uint64_t>(slot - base)) return {count, errc::invalid_value};
    const int c = compare(slot - back);
    if (c == restart_search) return {count + 1, errc::ok};
    if (c == 0) {
      if (mid == lo) return {mid, errc::ok};
      found = mid;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return {found, errc::ok};
}

// Any key, any stored keys, byte by byte.
PRISM_NOINLINE inline key_position find_sorted_key_bytewise(const std::uint8_t* base, const std::uint8_t* end, const std::uint8_t* keys,
                                                              std::size_t width, std::size_t count, std::string_view key) noexcept {
  if (std::memchr(key.data(), 0, key.size())) return {count, errc::ok};
  return search_sorted_keys<0>(base, keys, width, count, [=](const std::uint8_t* p) { return compare_stored_key(p, end, key); });
}

// Where a map's keys are (their offset in the message), how many and how wide, in one word
// that a view keeps in its hint; 0 when they do not fit one.
struct kept_keys {
  static std::uint64_t pack(std::size_t offset, std::size_t count, std::size_t width) noexcept {
    if (offset >> 32 || count >> 30) return 0;  // at or past 4 GiB, or 2^30 keys or more
    return offset | std::uint64_t{count} << 32 | std::uint64_t(std::countr_zero(width)) << 62;
  }
  static std::size_t offset(std::uint64_t kept) noexcept { return static_cast<std::size_t>(kept & 0xffffffff); }
  static std::size_t count(std::uint64_t kept) noexcept { return static_cast<std::size_t>(kept >> 32 & 0x3fffffff); }
  static std::size_t width(std::uint64_t kept) noexcept { return std::size_t{1} << (kept >> 62); }
};

// The keys that `kept` names. Short keys compare as words while the stored key has 16 bytes of
// the message after it; the search calls nothing, so that it needs no registers saved.
PRISM_NOINLINE inline key_position find_kept_key(const std::uint8_t* base, const std::uint8_t* end, std::uint64_t kept, std::string_view key) noexcept {
  const std::uint8_t* const keys = base + kept_keys::offset(kept);
  const std::size_t count = kept_keys::count(kept), width = kept_keys::width(kept);
  if (key.size() > short_key::max_size) return find_sorted_key_bytewise(base, end, keys, width, count, key);
  short_key k;
  if (!short_key::make(key, k)) return {count, errc::ok};
  const auto compare = [=](const std::uint8_t* p) { return end - p >= 16 ? k.compare(p) : restart_search; };
  const key_position at = width == 1 ? search_sorted_keys<1>(base, keys, 1, count, compare)  // keys within 255 bytes of their slots
                                     : search_sorted_keys<0>(base, keys, width, count, compare);
  if (at.index > count) [[unlikely]] return find_sorted_key_bytewise(base, end, keys, width, count, key);
  return at;
}

}  // namespace prism::flex_detail
