#pragma once
// MSB-first bit streams: the first bit is bit 7 of byte 0 and multi-bit values are big-endian.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../core/byte_order.hpp"
#include "../core/copy_bytes.hpp"
#include "../core/config.hpp"

namespace prism::zserio_detail {

// Collects bits in a 64-bit register and stores it big-endian, 8 bytes at a time, into the
// sink of a write context. Bits above the `used_` low bits of the register are stale; every
// path shifts them out before they are stored.
template <class Ctx>
class bit_writer {
 public:
  explicit bit_writer(Ctx& ctx) noexcept : ctx_(&ctx) {}

  Ctx& context() noexcept { return *ctx_; }

  std::uint64_t position() const noexcept { return stored_bytes_ * 8 + used_; }

  // Appends the low `bits` bits of v (1..64); v must be below 2^bits.
  PRISM_INLINE bool put(std::uint64_t v, unsigned bits) {
    if (bits < 64 - used_) {
      acc_ = (acc_ << bits) | v;
      used_ += bits;
      return true;
    }
    const unsigned room = 64 - used_;
    const unsigned rest = bits - room;
    const std::uint64_t word = (used_ ? acc_ << room : 0) | (v >> rest);
    acc_ = v;
    used_ = rest;
    return store_word(word);
  }

  PRISM_INLINE bool put_bool(bool b) { return put(b ? 1u : 0u, 1); }

  // Appends n bytes: one copy when the stream is at a byte boundary, else 8 bytes per step.
  bool put_bytes(const std::uint8_t* p, std::size_t n) {
    if ((used_ & 7) == 0) {
      if (!store_pending()) return false;
      if (!ctx_->write(p, n)) return false;
      stored_bytes_ += n;
      return true;
    }
    for (; n >= 8; n -= 8, p += 8) {
      if (!put(detail::load_be64(p), 64)) return false;
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (!put(p[i], 8)) return false;
    }
    return true;
  }

  // Zero bits up to the next multiple of `n` bits from the start of the stream.
  bool align_to(unsigned n) {
    std::uint64_t pad = (n - position() % n) % n;
    for (; pad > 0;) {
      const unsigned step = pad > 64 ? 64u : static_cast<unsigned>(pad);
      if (!put(0, step)) return false;
      pad -= step;
    }
    return true;
  }

  // Stores the last partial byte, its unused low bits zero.
  bool finish() { return store_pending(); }

 private:
  PRISM_INLINE bool store_word(std::uint64_t word) {
    if (!ctx_->reserve(8)) [[unlikely]] return false;
    detail::store_be64(ctx_->out.cur(), word);
    ctx_->out.advance(8);
    stored_bytes_ += 8;
    return true;
  }

  // Stores the whole and partial bytes held in the register.
  bool store_pending() {
    if (used_ == 0) return true;
    const unsigned bytes = (used_ + 7) / 8;
    if (!ctx_->reserve(8)) [[unlikely]] return false;
    detail::store_be64(ctx_->out.cur(), acc_ << (64 - used_));
    ctx_->out.advance(bytes);
    stored_bytes_ += bytes;
    used_ = 0;
    return true;
  }

  Ctx* ctx_;
  std::uint64_t acc_ = 0;
  unsigned used_ = 0;
  std::uint64_t stored_bytes_ = 0;
};

// Reads bits from contiguous memory. Callers check has(bits) before take(bits).
class bit_reader {
 public:
  bit_reader(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size), end_(std::uint64_t{size} * 8) {}

  std::uint64_t position() const noexcept { return pos_; }
  std::uint64_t remaining() const noexcept { return end_ - pos_; }
  PRISM_INLINE bool has(std::uint64_t bits) const noexcept { return bits <= end_ - pos_; }
  bool aligned() const noexcept { return (pos_ & 7) == 0; }
  const std::uint8_t* byte_pointer() const noexcept { return data_ + (pos_ >> 3); }
  void skip(std::uint64_t bits) noexcept { pos_ += bits; }

  // The next `bits` bits (1..64) as an unsigned number.
  PRISM_INLINE std::uint64_t take(unsigned bits) noexcept {
    if (bits <= 57) [[likely]] return take_short(bits);
    if (can_peek64()) [[likely]] {
      const std::uint64_t v = peek64() >> (64 - bits);
      pos_ += bits;
      return v;
    }
    const std::uint64_t high = take_short(bits - 32);
    return (high << 32) | take_short(32);
  }

  // The same bits as a two's-complement number of that width.
  PRISM_INLINE std::int64_t take_signed(unsigned bits) noexcept {
    const std::uint64_t v = take(bits);
    if (bits == 64) return static_cast<std::int64_t>(v);
    const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
    return static_cast<std::int64_t>((v ^ sign) - sign);
  }

  // Whether 9 bytes can be loaded at the current byte: then peek64() needs no care at the end.
  PRISM_INLINE bool can_peek64() const noexcept { return (pos_ >> 3) + 9 <= size_; }

  // The next 64 bits, not consumed (requires can_peek64()).
  PRISM_INLINE std::uint64_t peek64() const noexcept {
    const std::uint8_t* p = data_ + (pos_ >> 3);
    const unsigned shift = static_cast<unsigned>(pos_ & 7);
    const std::uint64_t word = detail::load_be64(p);
    return shift ? (word << shift) | (p[8] >> (8 - shift)) : word;
  }

  // The same 64 bits with their first byte in the low byte: at a byte boundary a plain load,
  // without the byte swap that peek64() puts on the path from the load to the bits.
  PRISM_INLINE std::uint64_t peek64_first_byte_low() const noexcept {
    if ((pos_ & 7) == 0) [[likely]] return detail::load_le64(data_ + (pos_ >> 3));
    return __builtin_bswap64(peek64());
  }

  // Copies n bytes that start at the current bit position: one memcpy when byte-aligned, else
  // 8 bytes per step shifted into place. Unaligned, it returns the OR of the bytes copied (the
  // high bits say whether any byte is above 127), so that a check for ASCII need not load what
  // was just stored in other widths (a store-forwarding stall); aligned, it returns ~0.
  std::uint64_t take_bytes(std::uint8_t* out, std::size_t n) noexcept {
    if (aligned()) {
      if (n) detail::copy_large(out, byte_pointer(), n);
      pos_ += std::uint64_t{n} * 8;
      return ~std::uint64_t{0};
    }
    std::uint64_t seen = 0;
    for (; n >= 8 && can_peek64(); n -= 8, out += 8) {
      const std::uint64_t word = peek64();
      seen |= word;
      detail::store_be64(out, word);
      pos_ += 64;
    }
    if (n == 0) return seen;
    if (can_peek64()) {
      const std::uint64_t word = peek64() >> (64 - 8 * n) << (64 - 8 * n);  // the first n bytes
      seen |= word;
      std::uint8_t last[8];
      detail::store_be64(last, word);
      std::memcpy(out, last, n);
      pos_ += std::uint64_t{n} * 8;
      return seen;
    }
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = static_cast<std::uint8_t>(take_short(8));
      seen |= out[i];
    }
    return seen;
  }

 private:
  PRISM_INLINE std::uint64_t take_short(unsigned bits) noexcept {
    const std::size_t byte = static_cast<std::size_t>(pos_ >> 3);
    const unsigned shift = static_cast<unsigned>(pos_ & 7);
    const std::uint64_t word = byte + 8 <= size_ ? detail::load_be64(data_ + byte) : load_tail(data_, size_, byte);
    pos_ += bits;
    return (word << shift) >> (64 - bits);
  }

  // Static: a call that took `this` would keep the reader out of registers.
  PRISM_NOINLINE static std::uint64_t load_tail(const std::uint8_t* data, std::size_t size, std::size_t byte) noexcept {
    std::uint8_t tail[8] = {};
    if (byte < size) std::memcpy(tail, data + byte, size - byte);
    return detail::load_be64(tail);
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::uint64_t end_;
  std::uint64_t pos_ = 0;
};

}  // namespace prism::zserio_detail
