#pragma once
// Where encoders write. Every sink offers the same small interface:
//   reserve(n)  make n bytes writable at cur(); false only for a full fixed buffer
//   has_room(n) whether n bytes are writable at cur() already (reserve(n) would make no call)
//   cur()/advance(n), write(p, n), position(), finish() (errc::ok or what went wrong)
// Encoders call reserve() once per group of small writes, then write through cur() unchecked.
#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <span>
#include <type_traits>
#include <vector>

#include "config.hpp"
#include "copy_bytes.hpp"
#include "error.hpp"

namespace prism {

template <class T>
concept byte_like = std::same_as<T, char> || std::same_as<T, unsigned char> || std::same_as<T, signed char> ||
                    std::same_as<T, std::byte> || std::same_as<T, char8_t>;

// std::string, std::vector<std::byte>, std::vector<uint8_t> and alike.
template <class B>
concept growable_buffer = requires(B& b, std::size_t n) {
  b.resize(n);
  b.capacity();
  { b.data() };
  { b.size() } -> std::convertible_to<std::size_t>;
} && byte_like<std::remove_cvref_t<decltype(*std::declval<B&>().data())>>;

// Writes into a resizable buffer the caller owns, replacing its contents. Growth reuses the
// buffer's capacity and zero-fills only what it grows beyond the buffer's previous size.
template <growable_buffer Buffer>
class buffer_sink {
 public:
  static constexpr bool can_overflow = false;

  explicit buffer_sink(Buffer& buffer) noexcept
      : buffer_(&buffer), data_(reinterpret_cast<std::uint8_t*>(buffer.data())), capacity_(buffer.size()),
        initial_size_(buffer.size()) {}

  PRISM_INLINE bool reserve(std::size_t n) {
    if (capacity_ - position_ < n) [[unlikely]] grow(n);
    return true;
  }
  // Whether n bytes are writable at cur() already: reserve(n) would make no call.
  PRISM_INLINE bool has_room(std::size_t n) const noexcept { return capacity_ - position_ >= n; }
  PRISM_INLINE std::uint8_t* cur() noexcept { return data_ + position_; }
  PRISM_INLINE void advance(std::size_t n) noexcept { position_ += n; }
  // Bytes already written, for formats that fill in a size or an offset afterwards.
  PRISM_INLINE std::uint8_t* at(std::size_t pos) noexcept { return data_ + pos; }
  PRISM_INLINE bool write(const void* bytes, std::size_t n) {
    reserve(n);
    if (n) detail::copy_large(data_ + position_, bytes, n);
    position_ += n;
    return true;
  }
  std::size_t position() const noexcept { return position_; }
  errc finish() {
    buffer_->resize(position_);
    return errc::ok;
  }

 private:
  PRISM_NOINLINE void grow(std::size_t n) {
    const std::size_t target = position_ + n;
    const std::size_t capacity = buffer_->capacity();
    // Within the capacity growth costs only the zero-fill, so grow by what this message has
    // grown so far (at least 256 bytes): a buffer reused for messages of about the same size
    // zero-fills a few hundred bytes per message however large it is (a step of 1/8 of the size
    // zero-filled 2.5 KB around a 20 KB array on every write), and a larger message still takes
    // few steps. Beyond the capacity, grow geometrically.
    const std::size_t step = std::max<std::size_t>(256, target - std::min(target, initial_size_));
    const std::size_t size = target <= capacity ? std::min(capacity, target + step)
                                                : std::max<std::size_t>({target, 2 * buffer_->size(), 256});
    buffer_->resize(size);
    data_ = reinterpret_cast<std::uint8_t*>(buffer_->data());
    capacity_ = buffer_->size();
  }

  Buffer* buffer_;
  std::uint8_t* data_;
  std::size_t capacity_;
  std::size_t initial_size_;  // the buffer's size before this message
  std::size_t position_ = 0;
};

// Writes into fixed memory and never past its end. Encoders reserve the most bytes a value can
// take; near the end of the span such a reservation is served from a scratch area and only the
// bytes actually written are copied in, so an output that fits exactly is never refused.
class span_sink {
 public:
  static constexpr bool can_overflow = true;
  static constexpr errc full_error = errc::buffer_overflow;
  static constexpr std::size_t scratch_size = 512;

  template <byte_like B>
  explicit span_sink(std::span<B> out) noexcept
      : data_(reinterpret_cast<std::uint8_t*>(out.data())), cur_(data_), capacity_(out.size()) {}
  span_sink(const span_sink& other) noexcept
      : data_(other.data_), cur_(data_ + other.position_), capacity_(other.capacity_), position_(other.position_) {}
  span_sink& operator=(const span_sink&) = delete;

  PRISM_INLINE bool reserve(std::size_t n) noexcept {
    if (capacity_ - position_ >= n) [[likely]] return true;
    return reserve_scratch(n);
  }
  PRISM_INLINE bool has_room(std::size_t n) const noexcept { return capacity_ - position_ >= n; }
  PRISM_INLINE std::uint8_t* cur() noexcept { return cur_; }
  PRISM_INLINE std::uint8_t* at(std::size_t pos) noexcept { return data_ + pos; }
  PRISM_INLINE void advance(std::size_t n) noexcept {
    if (cur_ == scratch_.data()) [[unlikely]] return commit_scratch(n);
    cur_ += n;
    position_ += n;
  }
  PRISM_INLINE bool write(const void* bytes, std::size_t n) noexcept {
    if (capacity_ - position_ < n) [[unlikely]] return false;
    if (n) detail::copy_large(cur_, bytes, n);
    advance(n);
    return true;
  }
  std::size_t position() const noexcept { return position_; }
  errc finish() const noexcept { return overflowed_ ? errc::buffer_overflow : errc::ok; }
  // Whether a write served from the scratch area did not fit: the bytes from position() on were
  // never written, so nothing may be filled in there through at().
  bool overflowed() const noexcept { return overflowed_; }

 private:
  PRISM_NOINLINE bool reserve_scratch(std::size_t n) noexcept {
    if (overflowed_ || n > scratch_size) return false;
    cur_ = scratch_.data();
    return true;
  }
  PRISM_NOINLINE void commit_scratch(std::size_t n) noexcept {
    cur_ = data_ + position_;
    if (capacity_ - position_ < n) {
      overflowed_ = true;
      capacity_ = position_;  // every later reservation fails
      return;
    }
    if (n) std::memcpy(cur_, scratch_.data(), n);
    cur_ += n;
    position_ += n;
  }

  std::uint8_t* data_;
  std::uint8_t* cur_;
  std::size_t capacity_;
  std::size_t position_ = 0;
  bool overflowed_ = false;
  std::array<std::uint8_t, scratch_size> scratch_;
};

// Writes to a std::ostream through a chunk buffer; large blocks go to the stream directly.
class ostream_sink {
 public:
  static constexpr bool can_overflow = true;  // a failing stream reports as an error
  static constexpr errc full_error = errc::io_error;
  static constexpr std::size_t chunk_size = 16384;

  explicit ostream_sink(std::ostream& os) : os_(&os), chunk_(chunk_size) {}

  PRISM_INLINE bool reserve(std::size_t n) {
    if (chunk_.size() - used_ >= n) [[likely]] return true;
    if (!flush()) return false;
    if (n > chunk_.size()) chunk_.resize(n);
    return true;
  }
  PRISM_INLINE bool has_room(std::size_t n) const noexcept { return chunk_.size() - used_ >= n; }
  PRISM_INLINE std::uint8_t* cur() noexcept { return chunk_.data() + used_; }
  PRISM_INLINE void advance(std::size_t n) noexcept { used_ += n; }
  bool write(const void* bytes, std::size_t n) {
    if (n >= chunk_size) {
      if (!flush()) return false;
      os_->write(static_cast<const char*>(bytes), static_cast<std::streamsize>(n));
      flushed_ += n;
      return os_->good();
    }
    if (!reserve(n)) return false;
    detail::copy_large(chunk_.data() + used_, bytes, n);
    used_ += n;
    return true;
  }
  std::size_t position() const noexcept { return flushed_ + used_; }
  errc finish() { return flush() && os_->flush().good() ? errc::ok : errc::io_error; }

 private:
  bool flush() {
    if (used_) {
      os_->write(reinterpret_cast<const char*>(chunk_.data()), static_cast<std::streamsize>(used_));
      flushed_ += used_;
      used_ = 0;
    }
    return os_->good();
  }

  std::ostream* os_;
  std::vector<std::uint8_t> chunk_;
  std::size_t used_ = 0;
  std::size_t flushed_ = 0;
};

}  // namespace prism
