#pragma once
// Where a view's last key lookup in an object succeeded, so that lookups made in field order
// resume there instead of rescanning from the first entry (as simdjson's on-demand objects do).
// A view may be shared between threads: lookups load and store the hint as one relaxed atomic
// word, and whatever value a reader sees was stored by a lookup in the same object, so it is
// always a valid place to start. Constructing and copying a view (which no other thread sees
// yet) write the word plainly, so that a view no lookup touches (an element of a walk) can stay
// in registers: compilers keep every std::atomic object in memory.
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "config.hpp"
#include "error.hpp"

namespace prism::detail {

class lookup_hint {
 public:
  struct entry {
    std::size_t index = 0;   // which entry (0 = the first)
    std::size_t offset = 0;  // its byte offset in the message (0 = none recorded)
  };

  lookup_hint() = default;
  lookup_hint(const lookup_hint& other) noexcept : packed_(other.kept()) {}
  lookup_hint& operator=(const lookup_hint& other) noexcept {
    keep(other.kept());
    return *this;
  }

  PRISM_INLINE entry get() const noexcept {
    const std::uint64_t v = kept();
    return {static_cast<std::size_t>(v >> 32), static_cast<std::size_t>(v & 0xffffffffu)};
  }
  // Where a lookup among `count` entries, the first at offset `first` and all before `end`,
  // starts: the hinted entry when it lies among them, else the first.
  PRISM_INLINE entry start(std::size_t first, std::size_t end, std::size_t count) const noexcept {
    const entry e = get();
    if (e.offset >= first && e.offset < end && e.index < count) return e;
    return {0, first};
  }
  // After a lookup found entry `index` of `count`, at offset `entry`: names the entry after it
  // when where it starts is known (`next`; 0 when not), so that the next lookup in field order
  // matches at once, else the one found; after the last entry, the first (at offset `first`), so
  // that reading the fields in order again starts where they start.
  PRISM_INLINE void found(std::size_t index, std::size_t count, std::size_t entry, std::size_t next, std::size_t first) const noexcept {
    if (next && index + 1 < count) set(index + 1, next);
    else if (index + 1 == count) set(0, first);
    else set(index, entry);
  }
  // Offsets and indexes of 2^32 or more are not recorded (the lookup then starts at the first).
  PRISM_INLINE void set(std::size_t index, std::size_t offset) const noexcept {
    if ((index | offset) >> 32) return;
    keep(static_cast<std::uint64_t>(index) << 32 | offset);
  }

  // A format whose lookups need no place to resume may keep another word about its object here
  // instead (FlexBuffers keeps where a map's keys are, or a vector's element count); 0 means
  // nothing is kept.
  PRISM_INLINE std::uint64_t kept() const noexcept { return std::atomic_ref<std::uint64_t>(packed_).load(std::memory_order_relaxed); }
  PRISM_INLINE void keep(std::uint64_t word) const noexcept { std::atomic_ref<std::uint64_t>(packed_).store(word, std::memory_order_relaxed); }

 private:
  alignas(std::atomic_ref<std::uint64_t>::required_alignment) mutable std::uint64_t packed_ = 0;
};

// A walk over the `count` entries of an object laid out from `first`, starting at the entry the
// hint names and wrapping around to the first: each entry is visited once. The caller reads the
// entry at at() (number index()) and moves on with advance(where the next entry starts).
class hinted_walk {
 public:
  hinted_walk(const lookup_hint& hint, const std::uint8_t* base, std::size_t first, std::size_t end, std::size_t count) noexcept
      : first_(base + first), left_(count), count_(count) {
    const lookup_hint::entry start = hint.start(first, end, count);
    at_ = base + start.offset;
    index_ = start.index;
  }
  bool more() const noexcept { return left_ != 0; }
  const std::uint8_t* at() const noexcept { return at_; }
  std::size_t index() const noexcept { return index_; }
  void advance(const std::uint8_t* next) noexcept {
    --left_;
    if (++index_ == count_) {
      index_ = 0;
      at_ = first_;
    } else {
      at_ = next;
    }
  }

 private:
  const std::uint8_t* first_;
  const std::uint8_t* at_;
  std::size_t index_, left_, count_;
};

// A key lookup among the n entries of an object whose keys and values are view nodes that step
// key -> value -> key with next(). Starts at the hinted entry (first_key.at(offset) is a key
// node there) and wraps around; matches(key) says whether a key is the one looked for. The hint
// left behind names the entry after the one found when value.end_if_scalar() gives where it
// starts (the next lookup in field order then matches at once), else the one found.
template <class Node, class Matches>
errc find_entry(const Node& first_key, std::size_t n, const lookup_hint& hint, Matches matches, Node& out, bool& found) {
  const lookup_hint::entry start = hint.start(first_key.offset(), static_cast<std::size_t>(-1), n);
  Node k = first_key.at(start.offset);
  std::size_t i = start.index;
  for (std::size_t step = 0; step < n; ++step, ++i) {
    if (i == n) {
      i = 0;
      k = first_key;
    }
    Node value;
    if (const errc e = k.next(value); e != errc::ok) return e;
    if (matches(k)) {
      hint.found(i, n, k.offset(), value.end_if_scalar(), first_key.offset());
      out = value;
      found = true;
      return errc::ok;
    }
    if (step + 1 < n && i + 1 < n)
      if (const errc e = value.next(k); e != errc::ok) return e;
  }
  return errc::ok;
}

}  // namespace prism::detail
