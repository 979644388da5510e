#pragma once
// Compile-time key dispatch: for a fixed set of names, a seed is searched at compile time so
// that a cheap hash maps every name to its own slot; a lookup is one hash and one comparison.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "config.hpp"

namespace prism::detail {

PRISM_INLINE constexpr std::uint64_t load_le(const char* p, std::size_t n) noexcept {
  if (std::is_constant_evaluated()) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
    return v;
  } else {
    std::uint64_t v = 0;
    std::memcpy(&v, p, n);
    return v;
  }
}

// W (at most 8) bytes at q as an integer in host order; W is a constant, so that this stays a
// single load wherever the inliner has run out of budget.
template <std::size_t W>
PRISM_INLINE std::uint64_t load_bytes(const std::uint8_t* q) noexcept {
  std::uint64_t v = 0;
  std::memcpy(&v, q, W);
  return v;
}

// p[0..N) == key, by whole words (overlapping at the end) rather than a call to memcmp;
// with a compile-time key the words of the key are constants.
template <std::size_t N>
PRISM_INLINE bool equal_bytes(const std::uint8_t* p, const std::array<std::uint8_t, N>& key) noexcept {
  if constexpr (N == 0) {
    return true;
  } else if constexpr (N < 4) {
    bool equal = true;
    for (std::size_t i = 0; i < N; ++i) equal &= p[i] == key[i];
    return equal;
  } else if constexpr (N < 8) {
    return load_bytes<4>(p) == load_bytes<4>(key.data()) && load_bytes<4>(p + N - 4) == load_bytes<4>(key.data() + N - 4);
  } else {
    std::uint64_t diff = 0;
    std::size_t i = 0;
    for (; i + 8 <= N; i += 8) diff |= load_bytes<8>(p + i) ^ load_bytes<8>(key.data() + i);
    if (i < N) diff |= load_bytes<8>(p + N - 8) ^ load_bytes<8>(key.data() + N - 8);
    return diff == 0;
  }
}

// Mixes the length, the first and the last (up to) eight bytes. Keys that differ only in the
// middle of long names collide for every seed; such sets use the full-string hash instead.
PRISM_INLINE constexpr std::uint64_t key_hash_ends(std::string_view key, std::uint64_t seed) noexcept {
  const std::size_t n = key.size();
  std::uint64_t head, tail;
  if (n >= 8) {
    head = load_le(key.data(), 8);
    tail = load_le(key.data() + n - 8, 8);
  } else {
    head = load_le(key.data(), n);
    tail = 0;
  }
  // Each product is folded (h ^= h >> 32) so that every byte reaches the low bits that pick
  // the slot: a multiplication alone moves differences only upwards, and keys such as
  // "revMajor" / "revMinor" would collide for every seed.
  std::uint64_t h = (head ^ seed) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 32;
  h = (h ^ (tail + n)) * 0xC2B2AE3D27D4EB4Full;
  return h ^ (h >> 32);
}

constexpr std::uint64_t key_hash_full(std::string_view key, std::uint64_t seed) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ull ^ seed;
  for (char c : key) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ull;
  }
  return h ^ (h >> 29);
}

// Maps N distinct names to their indices; find() returns N for a name not in the set.
template <std::size_t N>
struct key_index {
  static constexpr std::size_t table_size = [] {
    std::size_t s = 1;
    while (s < 2 * N) s *= 2;
    return s < 4 ? 4 : s;
  }();
  using slot_type = std::conditional_t<(N < 255), std::uint8_t, std::uint16_t>;
  static constexpr slot_type empty = static_cast<slot_type>(N);

  std::array<std::string_view, N> names{};
  std::array<slot_type, table_size> slots{};
  std::uint64_t seed = 0;
  bool full_hash = false;
  bool ok = false;

  constexpr std::uint64_t hash(std::string_view key) const noexcept {
    return full_hash ? key_hash_full(key, seed) : key_hash_ends(key, seed);
  }

  constexpr explicit key_index(const std::array<std::string_view, N>& keys) : names(keys) {
    for (int mode = 0; mode < 2 && !ok; ++mode) {
      full_hash = mode == 1;
      for (std::uint64_t s = 1; s < 4096 && !ok; ++s) {
        seed = s * 0x2545F4914F6CDD1Dull;
        for (auto& slot : slots) slot = empty;
        bool collision = false;
        for (std::size_t i = 0; i < N && !collision; ++i) {
          auto& slot = slots[hash(names[i]) & (table_size - 1)];
          if (slot != empty) collision = true;
          slot = static_cast<slot_type>(i);
        }
        ok = !collision;
      }
    }
  }

  PRISM_INLINE constexpr std::size_t find(std::string_view key) const noexcept {
    if constexpr (N == 0) {
      return 0;
    } else {
      const std::size_t i = slots[hash(key) & (table_size - 1)];
      if (i < N && names[i] == key) return i;
      return N;
    }
  }
};

template <std::size_t N>
key_index(const std::array<std::string_view, N>&) -> key_index<N>;

}  // namespace prism::detail
