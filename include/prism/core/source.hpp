#pragma once
// Where decoders read. Every source offers:
//   need(n)      true when n bytes are readable at cur()
//   cur()/advance(n), offset() (bytes consumed since the start), remaining_bound()
//   readable()   bytes at cur() that may be read now without asking need()
// remaining_bound() is the most bytes the input can still hold: exact for spans, unknown
// (SIZE_MAX) for streams, where allocations instead follow the bytes as they arrive.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ios>
#include <istream>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "config.hpp"

namespace prism {

class span_source {
 public:
  static constexpr bool bounded = true;

  span_source(const void* data, std::size_t size) noexcept
      : begin_(static_cast<const std::uint8_t*>(data)), cur_(begin_), end_(begin_ + size) {}

  PRISM_INLINE bool need(std::size_t n) const noexcept { return static_cast<std::size_t>(end_ - cur_) >= n; }
  PRISM_INLINE const std::uint8_t* cur() const noexcept { return cur_; }
  PRISM_INLINE void advance(std::size_t n) noexcept { cur_ += n; }
  PRISM_INLINE std::size_t offset() const noexcept { return static_cast<std::size_t>(cur_ - begin_); }
  PRISM_INLINE std::size_t remaining_bound() const noexcept { return static_cast<std::size_t>(end_ - cur_); }
  PRISM_INLINE std::size_t readable() const noexcept { return static_cast<std::size_t>(end_ - cur_); }
  bool at_end() const noexcept { return cur_ == end_; }

  // Ends the input n bytes from here (need(n) has held) until widen(): a length-prefixed body
  // is read as if nothing followed it.
  using narrowing = const std::uint8_t*;
  PRISM_INLINE narrowing narrow(std::size_t n) noexcept {
    const std::uint8_t* outer = end_;
    end_ = cur_ + n;
    return outer;
  }
  PRISM_INLINE void widen(narrowing outer) noexcept { end_ = outer; }

 private:
  const std::uint8_t* begin_;
  const std::uint8_t* cur_;
  const std::uint8_t* end_;
};

// Leaves the stream just after the value. A stream that can seek (a file, a string stream) is
// read ahead in chunks and, when the source goes away, set back to the end of what the decoder
// took; one that cannot (a pipe, a terminal) is asked for exactly the bytes the decoder needs.
class stream_source {
 public:
  static constexpr bool bounded = false;
  static constexpr std::size_t step = 65536;

  explicit stream_source(std::istream& is)
      : is_(&is),
        seekable_(is.rdbuf() != nullptr &&
                  is.rdbuf()->pubseekoff(0, std::ios_base::cur, std::ios_base::in) != std::streampos(std::streamoff(-1))) {}
  stream_source(stream_source&& other) noexcept
      : is_(std::exchange(other.is_, nullptr)), buffer_(std::move(other.buffer_)), pos_(other.pos_), filled_(other.filled_),
        base_(other.base_), narrowed_(other.narrowed_), seekable_(other.seekable_) {}
  stream_source& operator=(stream_source&&) = delete;
  ~stream_source() {
    if (is_ != nullptr && seekable_ && filled_ > pos_)
      is_->rdbuf()->pubseekoff(-static_cast<std::streamoff>(filled_ - pos_), std::ios_base::cur, std::ios_base::in);
  }

  bool need(std::size_t n) {
    if (filled_ - pos_ >= n) [[likely]] return true;
    return refill(n);
  }
  const std::uint8_t* cur() const noexcept { return buffer_.data() + pos_; }
  void advance(std::size_t n) noexcept { pos_ += n; }
  std::size_t offset() const noexcept { return base_ + pos_; }
  static constexpr std::size_t remaining_bound() noexcept { return std::numeric_limits<std::size_t>::max(); }
  std::size_t readable() const noexcept { return filled_ - pos_; }

  // Appends everything left in the stream to `out` (for formats that parse whole documents).
  void read_rest(std::string& out) {
    out.append(reinterpret_cast<const char*>(buffer_.data() + pos_), filled_ - pos_);
    base_ += filled_ - pos_;
    pos_ = filled_ = 0;
    char chunk[16384];
    while (true) {
      const auto got = is_->rdbuf()->sgetn(chunk, sizeof chunk);
      if (got <= 0) break;
      out.append(chunk, static_cast<std::size_t>(got));
      base_ += static_cast<std::size_t>(got);
    }
  }
  bool at_end() { return pos_ == filled_ && is_->peek() == std::istream::traits_type::eof(); }

  // As span_source::narrow: the window ends n bytes from here (they are in it: need(n) has held),
  // and no refill reads past them until widen().
  struct narrowing {
    std::size_t filled;
    bool narrowed;
  };
  narrowing narrow(std::size_t n) noexcept {
    const narrowing outer{filled_, narrowed_};
    filled_ = pos_ + n;
    narrowed_ = true;
    return outer;
  }
  void widen(narrowing outer) noexcept {
    filled_ = outer.filled;
    narrowed_ = outer.narrowed;
  }

 private:
  // Grows the window only as bytes arrive, so a huge length prefix cannot force a huge buffer.
  bool refill(std::size_t n) {
    if (narrowed_) return false;
    if (pos_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + pos_, filled_ - pos_);
      filled_ -= pos_;
      base_ += pos_;
      pos_ = 0;
    }
    while (filled_ < n) {
      // Ahead of a seekable stream: a page, then as much as the window already holds, up to a step.
      const std::size_t ahead = seekable_ ? std::clamp<std::size_t>(buffer_.size(), 4096, step) : 0;
      const std::size_t want = std::max(std::min(n - filled_, step), ahead);
      if (buffer_.size() < filled_ + want) buffer_.resize(std::max(filled_ + want, std::min(n, 2 * buffer_.size())));
      const auto got = is_->rdbuf()->sgetn(reinterpret_cast<char*>(buffer_.data() + filled_), static_cast<std::streamsize>(want));
      if (got <= 0) return false;
      filled_ += static_cast<std::size_t>(got);
      if (static_cast<std::size_t>(got) < want && filled_ < n) return false;  // the stream has ended
    }
    return true;
  }

  std::istream* is_;
  std::vector<std::uint8_t> buffer_;
  std::size_t pos_ = 0;
  std::size_t filled_ = 0;
  std::size_t base_ = 0;
  bool narrowed_ = false;
  bool seekable_;
};

// A copy of a source's position for the usual-case paths of the binary decoders: kept in
// registers while they read value after value, so that each value does not wait on a store to
// and a load from the source object. The bytes up to `end` were readable when it was loaded;
// store it back before any call that reads through the source, and load it again after. Calls
// that take a cursor by value and return where they stopped (a struct's or a sequence's reader)
// keep it in registers both ways; the source lags behind meanwhile.
struct local_cursor {
  const std::uint8_t* p;
  const std::uint8_t* end;

  template <class Source>
  PRISM_INLINE explicit local_cursor(const Source& s) noexcept : p(s.cur()), end(s.cur() + s.readable()) {}
  PRISM_INLINE local_cursor(const std::uint8_t* at, const std::uint8_t* stop) noexcept : p(at), end(stop) {}

  PRISM_INLINE std::size_t readable() const noexcept { return static_cast<std::size_t>(end - p); }
  template <class Source>
  PRISM_INLINE void store_to(Source& s) const noexcept { s.advance(static_cast<std::size_t>(p - s.cur())); }
  template <class Source>
  PRISM_INLINE void load_from(const Source& s) noexcept {
    p = s.cur();
    end = p + s.readable();
  }
};

namespace detail {
// Moves a source to where a reader at a local cursor stopped (it may be behind); false for a
// reader that failed (null), whose error is recorded.
template <class Source>
PRISM_INLINE bool move_to(Source& s, const std::uint8_t* p) noexcept {
  if (p == nullptr) [[unlikely]] return false;
  s.advance(static_cast<std::size_t>(p - s.cur()));
  return true;
}

// The input offset of p, a place in the source's current window, before or after its position
// (a local cursor ahead of a lagging source); a stream's window moves when it refills.
template <class Source>
PRISM_INLINE std::size_t offset_of(const Source& s, const std::uint8_t* p) noexcept {
  return s.offset() + static_cast<std::size_t>(p - s.cur());
}
}  // namespace detail

}  // namespace prism
