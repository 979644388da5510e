#pragma once
// Where encoders write. Every sink offers the same small interface:
//   reserve(n)  make n bytes writable at cur(); false only for a full fixed buffer
//   cur()/advance(n), write(p, n), position(), finish()
// Encoders call reserve() once per group of small writes, then write through cur() unchecked.
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <span>
#include <type_traits>
#include <vector>

#include "config.hpp"

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
      : buffer_(&buffer), data_(reinterpret_cast<std::uint8_t*>(buffer.data())), capacity_(buffer.size()) {}

  PRISM_INLINE bool reserve(std::size_t n) {
    if (capacity_ - position_ < n) [[unlikely]] grow(n);
    return true;
  }
  PRISM_INLINE std::uint8_t* cur() noexcept { return data_ + position_; }
  PRISM_INLINE void advance(std::size_t n) noexcept { position_ += n; }
  PRISM_INLINE bool write(const void* bytes, std::size_t n) {
    reserve(n);
    if (n) std::memcpy(data_ + position_, bytes, n);
    position_ += n;
    return true;
  }
  std::size_t position() const noexcept { return position_; }
  bool finish() {
    buffer_->resize(position_);
    return true;
  }

 private:
  PRISM_NOINLINE void grow(std::size_t n) {
    const std::size_t target = position_ + n;
    const std::size_t capacity = buffer_->capacity();
    std::size_t size = std::max<std::size_t>({target, 2 * buffer_->size(), 256});
    if (target <= capacity) size = std::min(size, capacity);
    buffer_->resize(size);
    data_ = reinterpret_cast<std::uint8_t*>(buffer_->data());
    capacity_ = buffer_->size();
  }

  Buffer* buffer_;
  std::uint8_t* data_;
  std::size_t capacity_;
  std::size_t position_ = 0;
};

// Writes into fixed memory; reserve() fails instead of writing past the end.
class span_sink {
 public:
  static constexpr bool can_overflow = true;

  template <byte_like B>
  explicit span_sink(std::span<B> out) noexcept
      : data_(reinterpret_cast<std::uint8_t*>(out.data())), capacity_(out.size()) {}

  PRISM_INLINE bool reserve(std::size_t n) const noexcept { return capacity_ - position_ >= n; }
  PRISM_INLINE std::uint8_t* cur() noexcept { return data_ + position_; }
  PRISM_INLINE void advance(std::size_t n) noexcept { position_ += n; }
  PRISM_INLINE bool write(const void* bytes, std::size_t n) noexcept {
    if (!reserve(n)) return false;
    if (n) std::memcpy(data_ + position_, bytes, n);
    position_ += n;
    return true;
  }
  std::size_t position() const noexcept { return position_; }
  bool finish() const noexcept { return true; }

 private:
  std::uint8_t* data_;
  std::size_t capacity_;
  std::size_t position_ = 0;
};

// Writes to a std::ostream through a chunk buffer; large blocks go to the stream directly.
class ostream_sink {
 public:
  static constexpr bool can_overflow = true;  // a failing stream reports as an error
  static constexpr std::size_t chunk_size = 16384;

  explicit ostream_sink(std::ostream& os) : os_(&os), chunk_(chunk_size) {}

  PRISM_INLINE bool reserve(std::size_t n) {
    if (chunk_.size() - used_ >= n) [[likely]] return true;
    if (!flush()) return false;
    if (n > chunk_.size()) chunk_.resize(n);
    return true;
  }
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
    std::memcpy(chunk_.data() + used_, bytes, n);
    used_ += n;
    return true;
  }
  std::size_t position() const noexcept { return flushed_ + used_; }
  bool finish() { return flush() && os_->flush().good(); }

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
