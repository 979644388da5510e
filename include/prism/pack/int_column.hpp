#pragma once
// Integer columns of pack's packed mode (docs/pack.md, "Packed sequences"): n integers known to
// both sides, as frame-of-reference blocks of 64 values, on the values or on their deltas,
// whichever is smaller. Values travel as their 64-bit two's-complement images; a reader checks
// that each one fits the destination type.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "../core/byte_order.hpp"
#include "../core/concepts.hpp"
#include "../core/config.hpp"
#include "../core/error.hpp"
#include "common.hpp"

namespace prism::pack_detail {

inline constexpr std::size_t column_block = 64;
inline constexpr std::uint8_t column_deltas = 1;     // method bit: blocks hold v[i] - v[i-1]
inline constexpr std::uint8_t column_one_block = 2;  // method bit: one block for the whole column

PRISM_INLINE constexpr std::uint64_t zigzag(std::uint64_t image) noexcept {
  return detail::zigzag_encode(static_cast<std::int64_t>(image));
}
PRISM_INLINE constexpr std::uint64_t unzigzag(std::uint64_t z) noexcept {
  return static_cast<std::uint64_t>(detail::zigzag_decode(z));
}

// The 64-bit image of an integer-like value (signed values sign-extended).
template <class T>
PRISM_INLINE std::uint64_t integer_image(const T& v) noexcept {
  if constexpr (boolean<T>) {
    return v ? 1 : 0;
  } else if constexpr (time_point_type<T>) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(v.time_since_epoch().count()));
  } else {
    using I = integer_of_t<T>;
    if constexpr (std::is_signed_v<I>) {
      return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<I>(v)));
    } else {
      return static_cast<std::uint64_t>(static_cast<I>(v));
    }
  }
}

// The value of image `x` as a T; false when it does not fit.
template <class T>
PRISM_INLINE bool from_image(std::uint64_t x, T& out) noexcept {
  if constexpr (boolean<T>) {
    if (x > 1) return false;
    out = x != 0;
  } else if constexpr (time_point_type<T>) {
    using Rep = typename T::rep;
    const auto s = static_cast<std::int64_t>(x);
    if (s < std::numeric_limits<Rep>::min() || s > std::numeric_limits<Rep>::max()) return false;
    out = T(typename T::duration(static_cast<Rep>(s)));
  } else {
    using I = integer_of_t<T>;
    if constexpr (std::is_signed_v<I>) {
      const auto s = static_cast<std::int64_t>(x);
      if (s < std::numeric_limits<I>::min() || s > std::numeric_limits<I>::max()) return false;
      out = static_cast<T>(static_cast<I>(s));
    } else {
      if (x > std::numeric_limits<I>::max()) return false;
      out = static_cast<T>(static_cast<I>(x));
    }
  }
  return true;
}

template <class T>
concept column_integer = integer<T> || boolean<T> || enumeration<T> || time_point_type<T>;

// Bytes of `count` values of `width` bits.
PRISM_INLINE constexpr std::size_t packed_bytes(std::size_t count, unsigned width) noexcept {
  return (count * width + 7) / 8;
}

// A block's range: its smallest and largest value in signed order.
struct block_range {
  std::int64_t lo = std::numeric_limits<std::int64_t>::max();
  std::int64_t hi = std::numeric_limits<std::int64_t>::min();
  PRISM_INLINE void add(std::uint64_t v) noexcept {
    const auto s = static_cast<std::int64_t>(v);
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
  PRISM_INLINE void add(const block_range& r) noexcept {
    lo = std::min(lo, r.lo);
    hi = std::max(hi, r.hi);
  }
  PRISM_INLINE unsigned width() const noexcept {
    return static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo)));
  }
  // A block of `count` values: width byte, zigzag minimum, packed offsets.
  PRISM_INLINE std::size_t bytes(std::size_t count) const noexcept {
    return 1 + varint_size(zigzag(static_cast<std::uint64_t>(lo))) + packed_bytes(count, width());
  }
};

// The encoding of one integer column, chosen by size, with the ranges of its blocks: blocks of
// column_block values, or one block.
struct int_column_plan {
  std::uint8_t method = 0;
  std::size_t bytes = 0;
  std::vector<block_range> blocks;
};

inline int_column_plan plan_int_column(std::span<const std::uint64_t> x) {
  const std::size_t n = x.size();
  const std::size_t m = n - 1;  // deltas
  std::vector<block_range> values((n + column_block - 1) / column_block), deltas((m + column_block - 1) / column_block);
  for (std::size_t b = 0, start = 0; start < n; ++b, start += column_block) {
    block_range v, d;
    const std::size_t end = std::min(n, start + column_block);
    const std::size_t delta_end = std::min(m, end);
    std::size_t i = start;
    for (; i < delta_end; ++i) {
      v.add(x[i]);
      d.add(x[i + 1] - x[i]);
    }
    for (; i < end; ++i) v.add(x[i]);
    values[b] = v;
    if (b < deltas.size()) deltas[b] = d;
  }
  const auto blocked = [](const std::vector<block_range>& ranges, std::size_t count) {
    std::size_t bytes = 0;
    for (std::size_t b = 0; b < ranges.size(); ++b) bytes += ranges[b].bytes(std::min(column_block, count - b * column_block));
    return bytes;
  };
  const auto whole = [](const std::vector<block_range>& ranges) {
    block_range all;
    for (const auto& r : ranges) all.add(r);
    return all;
  };
  const block_range all_values = whole(values), all_deltas = whole(deltas);
  const std::size_t first = varint_size(zigzag(x[0]));
  int_column_plan best{column_one_block, all_values.bytes(n), {all_values}};
  const auto consider = [&](std::uint8_t method, std::size_t bytes, const auto& blocks) {
    if (bytes < best.bytes) best = {method, bytes, blocks};
  };
  if (n > column_block) consider(0, blocked(values, n), values);
  if (m > 0) {
    consider(column_deltas | column_one_block, first + all_deltas.bytes(m), std::vector<block_range>{all_deltas});
    if (m > column_block) consider(column_deltas, first + blocked(deltas, m), deltas);
  }
  best.bytes += 1;  // the method byte
  return best;
}

template <class Get>
std::uint8_t* emit_block(std::uint8_t* out, std::size_t start, std::size_t end, const block_range& range, Get get) noexcept {
  const auto base = static_cast<std::uint64_t>(range.lo);
  const unsigned width = range.width();
  *out++ = static_cast<std::uint8_t>(width);
  out += put_varint(out, zigzag(base));
  if (width == 0) return out;
  std::uint64_t acc = 0;
  unsigned filled = 0;
  for (std::size_t i = start; i < end; ++i) {
    const std::uint64_t v = get(i) - base;
    acc |= v << filled;
    if (filled + width >= 64) {
      detail::store_le64(out, acc);
      out += 8;
      acc = filled == 0 ? 0 : v >> (64 - filled);
      filled = filled + width - 64;
    } else {
      filled += width;
    }
  }
  for (; filled > 0; filled = filled > 8 ? filled - 8 : 0) {
    *out++ = static_cast<std::uint8_t>(acc);
    acc >>= 8;
  }
  return out;
}

// Writes `plan.bytes` bytes at `out`.
inline void emit_int_column(std::uint8_t* out, std::span<const std::uint64_t> x, const int_column_plan& plan) noexcept {
  const std::size_t n = x.size();
  *out++ = plan.method;
  const auto emit_all = [&](std::size_t count, auto get) {
    const std::size_t block = (plan.method & column_one_block) ? count : column_block;
    for (std::size_t b = 0; b < plan.blocks.size(); ++b)
      out = emit_block(out, b * block, std::min(count, (b + 1) * block), plan.blocks[b], get);
  };
  if (plan.method & column_deltas) {
    out += put_varint(out, zigzag(x[0]));
    emit_all(n - 1, [&](std::size_t i) { return x[i + 1] - x[i]; });
  } else {
    emit_all(n, [&](std::size_t i) { return x[i]; });
  }
}

// Width bits at bit `bit` of a block of `size` bytes (the bits lie inside it).
PRISM_INLINE std::uint64_t load_bits(const std::uint8_t* p, std::size_t size, std::size_t bit, unsigned width) noexcept {
  const std::size_t at = bit >> 3;
  const unsigned shift = bit & 7;
  std::uint64_t word = 0;
  if (size - at >= 8) {
    word = detail::load_le64(p + at);
  } else {
    std::uint8_t tail[8] = {};
    std::memcpy(tail, p + at, size - at);
    word = detail::load_le64(tail);
  }
  std::uint64_t v = word >> shift;
  if (shift + width > 64) v |= std::uint64_t(p[at + 8]) << (64 - shift);
  return width == 64 ? v : v & ((std::uint64_t{1} << width) - 1);
}

// Reads an integer column one value at a time; the source moves past each block as it starts,
// so nothing else may read from it until the column's last value is taken.
template <class Ctx>
class int_column_reader {
 public:
  int_column_reader(Ctx& ctx, std::size_t n) noexcept : ctx_(ctx), n_(n) {}

  // The method byte and, for deltas, the first value; before the first `next`.
  bool start() {
    if (n_ == 0) return true;
    auto& src = ctx_.src;
    const std::size_t at = block_at_ = src.offset();
    if (!src.need(1)) [[unlikely]] return ctx_.fail(errc::unexpected_end, at, "integer column");
    method_ = *src.cur();
    src.advance(1);
    if (method_ > (column_deltas | column_one_block)) [[unlikely]]
      return ctx_.fail(errc::invalid_value, at, "integer column method (0 to 3)");
    left_ = (method_ & column_deltas) ? n_ - 1 : n_;
    block_ = (method_ & column_one_block) ? left_ : column_block;
    if (method_ & column_deltas) {
      std::uint64_t z{};
      if (!read_zigzag(z)) return false;
      pending_first_ = true;
      previous_ = z;
    }
    return true;
  }

  PRISM_INLINE bool next(std::uint64_t& x) {
    if (at_ == filled_) [[unlikely]] {
      if (!refill()) return false;
    }
    x = buffer_[at_++];
    return true;
  }

  std::size_t offset() const noexcept { return block_at_; }

 private:
  bool read_zigzag(std::uint64_t& out) {
    std::uint64_t z{};
    if (!read_varint(ctx_, z)) return false;
    out = unzigzag(z);
    return true;
  }

  // Decodes the next values, up to column_block of them, into buffer_.
  bool refill() {
    at_ = 0;
    if (pending_first_) {
      pending_first_ = false;
      buffer_[0] = previous_;
      filled_ = 1;
      return true;
    }
    if (in_block_ == taken_ && !start_block()) return false;
    const std::size_t count = std::min(column_block, in_block_ - taken_);
    if (width_ == 0) {
      for (std::size_t k = 0; k < count; ++k) buffer_[k] = base_;
    } else {
      std::size_t bit = taken_ * width_, k = 0;
      if (width_ <= 56) {  // a value lies within the 8 bytes from its first byte
        const std::uint64_t mask = (std::uint64_t{1} << width_) - 1;
        for (; k < count && (bit >> 3) + 8 <= payload_size_; ++k, bit += width_)
          buffer_[k] = base_ + ((detail::load_le64(payload_ + (bit >> 3)) >> (bit & 7)) & mask);
      }
      for (; k < count; ++k, bit += width_) buffer_[k] = base_ + load_bits(payload_, payload_size_, bit, width_);
    }
    if (method_ & column_deltas) {
      for (std::size_t k = 0; k < count; ++k) buffer_[k] = previous_ += buffer_[k];
    }
    taken_ += count;
    filled_ = count;
    return true;
  }

  bool start_block() {
    auto& src = ctx_.src;
    block_at_ = src.offset();
    if (left_ == 0) [[unlikely]] return ctx_.fail(errc::invalid_value, block_at_, "integer column");
    if (!src.need(1)) [[unlikely]] return ctx_.fail(errc::unexpected_end, block_at_, "integer column block");
    width_ = *src.cur();
    src.advance(1);
    if (width_ > 64) [[unlikely]] return ctx_.fail(errc::invalid_value, block_at_, "bit width of at most 64");
    if (!read_zigzag(base_)) return false;
    in_block_ = std::min(left_, block_);
    left_ -= in_block_;
    taken_ = 0;
    payload_size_ = packed_bytes(in_block_, width_);
    if (!src.need(payload_size_)) [[unlikely]] return ctx_.fail(errc::unexpected_end, src.offset(), "integer column block");
    payload_ = src.cur();
    src.advance(payload_size_);
    return true;
  }

  Ctx& ctx_;
  std::size_t n_;
  std::uint8_t method_ = 0;
  bool pending_first_ = false;
  std::size_t left_ = 0;  // values in blocks not started yet
  std::size_t block_ = column_block;
  std::size_t in_block_ = 0, taken_ = 0;
  unsigned width_ = 0;
  std::uint64_t base_ = 0, previous_ = 0;
  const std::uint8_t* payload_ = nullptr;
  std::size_t payload_size_ = 0;
  std::size_t block_at_ = 0;
  std::size_t at_ = 0, filled_ = 0;  // buffer_[at_, filled_) are decoded and not taken yet
  std::uint64_t buffer_[column_block];
};

}  // namespace prism::pack_detail
