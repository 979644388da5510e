#pragma once
// Protobuf decoder, first half: keys, varints, scalars, strings, packed ranges and the skipping
// of unknown fields. Every length is checked against the input before anything is allocated.
#include <bit>
#include <cstddef>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/byte_order.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/text_input.hpp"
#include "../core/varint.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::protobuf_detail {

constexpr std::string_view describe(wire w) noexcept {
  switch (w) {
    case wire::varint: return "varint";
    case wire::i64: return "fixed64";
    case wire::len: return "length-delimited";
    case wire::group_start: return "group start";
    case wire::group_end: return "group end";
    case wire::i32: return "fixed32";
  }
  return "wire type 6 or 7";
}

template <class Ctx>
PRISM_COLD bool mismatch(Ctx& ctx, std::size_t at, wire expected, wire found) {
  return ctx.fail(errc::type_mismatch, at, describe(expected), describe(found));
}

template <class Ctx>
PRISM_NOINLINE bool read_varint_slow(Ctx& ctx, std::uint64_t& v) {
  std::size_t have = ctx.src.readable();
  while (true) {
    const std::size_t n = get_varint_bounded(ctx.src.cur(), have, v);
    if (n == 0) return ctx.fail(errc::invalid_value, ctx.src.offset(), "varint of at most 10 bytes and 64 bits");
    if (n != SIZE_MAX) {
      ctx.src.advance(n);
      return true;
    }
    if (!ctx.require(have + 1)) return false;
    have = ctx.src.readable();
  }
}

template <class Ctx>
PRISM_INLINE bool read_varint(Ctx& ctx, std::uint64_t& v) {
  if (ctx.src.readable() >= 10) [[likely]] {
    const std::size_t n = get_varint_unchecked(ctx.src.cur(), v);
    if (n == 0) [[unlikely]] return ctx.fail(errc::invalid_value, ctx.src.offset(), "varint of at most 10 bytes and 64 bits");
    ctx.src.advance(n);
    return true;
  }
  return read_varint_slow(ctx, v);
}

// A field's key (number << 3 | wire type): a varint of at most 5 bytes and 32 bits, as
// libprotobuf reads keys, with a field number of at least 1. `at` is where it starts.
template <class Ctx>
PRISM_NOINLINE bool read_key(Ctx& ctx, std::uint64_t& key, std::size_t at) {
  if (!read_varint(ctx, key)) return false;
  if (ctx.src.offset() - at > 5 || key > 0xffffffffu) return ctx.fail(errc::invalid_value, at, "a field key of at most 5 bytes and 32 bits");
  if (key < 8) return ctx.fail(errc::invalid_value, at, "field number in [1, 2^29 - 1]");
  return true;
}

// The length of a length-delimited value, whose bytes must all be there: from a stream they
// arrive first, so that a span and a stream refuse the same lengths.
template <class Ctx>
PRISM_INLINE bool read_length(Ctx& ctx, std::size_t& n) {
  std::uint64_t v{};
  if (!read_varint(ctx, v)) return false;
  if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) {
    if (v > ctx.src.remaining_bound()) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
  } else {
    if (!ctx.src.need(v)) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
  }
  n = static_cast<std::size_t>(v);
  return true;
}

template <class T>
PRISM_INLINE bool fits(std::int64_t s) noexcept {
  if constexpr (std::is_signed_v<T>) {
    return s >= static_cast<std::int64_t>(std::numeric_limits<T>::min()) &&
           s <= static_cast<std::int64_t>(std::numeric_limits<T>::max());
  } else {
    return s >= 0 && static_cast<std::uint64_t>(s) <= std::numeric_limits<T>::max();
  }
}

// Converts the wire bits of a scalar into T; false when the value does not fit.
template <scalar_code C, class T>
PRISM_INLINE bool from_wire(std::uint64_t raw, T& v) noexcept {
  if constexpr (C == scalar_code::float32) {
    v = static_cast<T>(std::bit_cast<float>(static_cast<std::uint32_t>(raw)));
  } else if constexpr (C == scalar_code::float64) {
    v = static_cast<T>(std::bit_cast<double>(raw));
  } else if constexpr (boolean<T>) {
    v = raw != 0;  // protobuf reads any nonzero varint as true
  } else {
    using U = integer_of_t<T>;
    std::int64_t s;
    if constexpr (C == scalar_code::varint_unsigned || (C == scalar_code::fixed64 && std::is_unsigned_v<U>)) {
      if (raw > std::numeric_limits<U>::max()) [[unlikely]] return false;
      v = static_cast<T>(static_cast<U>(raw));
      return true;
    } else if constexpr (C == scalar_code::zigzag32) {
      if (raw > 0xffffffffu) [[unlikely]] return false;
      s = zigzag_decode(raw);
    } else if constexpr (C == scalar_code::zigzag64) {
      s = zigzag_decode(raw);
    } else if constexpr (C == scalar_code::fixed32) {
      s = std::is_signed_v<U> ? std::int64_t{static_cast<std::int32_t>(raw)} : static_cast<std::int64_t>(raw);
    } else {  // varint_signed, or fixed64 into a signed type
      s = static_cast<std::int64_t>(raw);
    }
    if (!fits<U>(s)) [[unlikely]] return false;
    v = static_cast<T>(static_cast<U>(s));
  }
  return true;
}

template <scalar_code C, class T, class Ctx>
PRISM_INLINE bool read_scalar(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t raw{};
  if constexpr (wire_of(C) == wire::varint) {
    if (!read_varint(ctx, raw)) return false;
  } else {
    constexpr std::size_t width = fixed_width(C);
    if (!ctx.require(width, at)) [[unlikely]] return false;
    raw = width == 4 ? detail::load_le32(ctx.src.cur()) : detail::load_le64(ctx.src.cur());
    ctx.src.advance(width);
  }
  if (!from_wire<C>(raw, v)) [[unlikely]] return ctx.fail(errc::out_of_range, at);
  return true;
}

// A string or bytes field's payload (the key already read).
template <options O, class T, class Ctx>
bool read_bytes(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  std::size_t n{};
  if (!read_length(ctx, n)) return false;
  if (!ctx.check_count(n, 1, at)) return false;
  if (!ctx.require(n, at)) [[unlikely]] return false;
  const std::uint8_t* p = ctx.src.cur();
  if constexpr (string_type<T> || string_view_type<T>) {
    if (!detail::check_text<O>(ctx, p, n)) [[unlikely]] return false;
  }
  if (!detail::store_bytes(ctx, v, p, n)) return false;
  ctx.src.advance(n);
  return true;
}

// How many varints a packed run holds: one per byte without the continuation bit.
inline std::size_t count_varints(const std::uint8_t* p, std::size_t n) noexcept {
  std::size_t count = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    count += static_cast<std::size_t>((((~w & 0x8080808080808080ull) >> 7) * 0x0101010101010101ull) >> 56);
  }
  for (; i < n; ++i) count += p[i] < 0x80;
  return count;
}

// Decodes the varints of a packed run of n bytes whose last byte is final; `readable` bytes may
// be loaded from p. The ends of the varints come from the stop bits of whole 8-byte words, so
// each varint decodes without waiting for the length of the one before it. emit(value, end of
// the varint) returns false to stop; the result is null, or where a malformed varint starts.
template <unsigned Groups, class Emit>
PRISM_INLINE const std::uint8_t* decode_varint_run(const std::uint8_t* p, std::size_t n, std::size_t readable, Emit&& emit) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t w;
    if (n - i >= 8) {
      std::memcpy(&w, p + i, 8);
    } else {  // bytes past the run read as continuation bytes
      std::uint8_t tail[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
      std::memcpy(tail, p + i, n - i);
      std::memcpy(&w, tail, 8);
    }
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
    for (std::uint64_t stops = ~w & 0x8080808080808080ull; stops != 0; stops &= stops - 1) {
      const std::size_t last = i + static_cast<std::size_t>(std::countr_zero(stops) >> 3);
      const std::size_t length = last - start + 1;
      std::uint64_t value = 0;
      if (length <= Groups && readable - start >= 8) [[likely]] {
        std::uint64_t x;
        std::memcpy(&x, p + start, 8);
        if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
        value = join_varint_bytes<Groups>(x & (~std::uint64_t{0} >> (64 - 8 * length)));
      } else if (get_varint_unchecked(p + start, value) != length) [[unlikely]] {
        return p + start;
      }
      if (!emit(value, p + last + 1)) return nullptr;
      start = last + 1;
    }
  }
  return nullptr;
}

// Makes room for `count` more elements after the `filled` ones and returns where they go.
// Contiguous destinations are grown only when too small, so a reused vector is not refilled.
template <class R, class Ctx>
PRISM_INLINE bool grow_for(Ctx& ctx, R& r, std::uint32_t filled, std::size_t count, std::size_t at) {
  using X = range_value_t<R>;
  if constexpr (fixed_array<R>) {
    if (count > std::tuple_size_v<R> - filled) [[unlikely]] return ctx.fail(errc::size_mismatch, at, "at most the array's size");
  } else {
    if (count > ctx.lim.max_elements - filled) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
    if (filled + count > r.size()) {
      if (!ctx.charge((filled + count - r.size()) * sizeof(X))) return false;
      r.resize(filled + count);
    }
  }
  return true;
}

// A packed run of scalars appended after the `filled` elements of a range.
template <options O, scalar_code C, class R, class Ctx>
bool read_packed(Ctx& ctx, R& r, std::uint32_t& filled) {
  using X = range_value_t<R>;
  const std::size_t at = ctx.src.offset();
  std::size_t n{};
  if (!read_length(ctx, n)) return false;
  if (!ctx.require(n, at)) [[unlikely]] return false;
  const std::uint8_t* p = ctx.src.cur();
  constexpr std::size_t width = fixed_width(C);
  std::size_t count;
  if constexpr (width != 0) {
    if (n % width != 0) [[unlikely]] return ctx.fail(errc::invalid_value, at, "packed length a multiple of the element size");
    count = n / width;
  } else {
    if (n != 0 && p[n - 1] >= 0x80) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset() + n);
    count = count_varints(p, n);
  }
  if constexpr (std::ranges::random_access_range<R> && !std::is_same_v<R, std::vector<bool>>) {
    if (!grow_for(ctx, r, filled, count, at)) return false;
    if constexpr (width != 0 && contiguous_numbers<R> && sizeof(X) == width && std::endian::native == std::endian::little) {
      if (n) detail::copy_large(std::ranges::data(r) + filled, p, n);
      filled += static_cast<std::uint32_t>(count);
      ctx.src.advance(n);
      return true;
    }
  } else {
    if (count > ctx.lim.max_elements - filled) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
    if (filled == 0) r.clear();
  }
  const std::uint8_t* const end = p + n;
  std::uint32_t index = filled;
  const auto store = [&](const X& x) {
    if constexpr (std::ranges::random_access_range<R> && !std::is_same_v<R, std::vector<bool>>) {
      r[index] = x;
    } else {
      r.push_back(x);
    }
    ++index;
  };
  const auto fail_at = [&](errc code, const std::uint8_t* where, std::string_view expected = {}) {
    return ctx.fail(code, ctx.src.offset() + static_cast<std::size_t>(where - ctx.src.cur()), expected);
  };
  bool ok = true;
  const auto take = [&](std::uint64_t raw, const std::uint8_t* after) {
    X x{};
    if (!from_wire<C>(raw, x)) [[unlikely]] return ok = fail_at(errc::out_of_range, after);
    store(x);
    return true;
  };
  if constexpr (width == 0) {
    if (const std::uint8_t* bad = decode_varint_run<varint_groups<C, X>>(p, n, ctx.src.readable(), take)) return fail_at(errc::invalid_value, bad, "varint of at most 10 bytes and 64 bits");
    if (!ok) return false;
  } else {
    for (; p != end; p += width) {
      if (!take(width == 4 ? detail::load_le32(p) : detail::load_le64(p), p + width)) return false;
    }
  }
  filled = index;
  ctx.src.advance(n);
  return true;
}

// Appends a field's bytes to what a prism::protobuf::unknown_fields member keeps, charged to
// the allocation budget.
template <class Ctx>
bool keep_bytes(Ctx& ctx, std::vector<std::byte>& kept, const void* data, std::size_t n) {
  if (!ctx.charge(n)) return false;
  const auto* p = static_cast<const std::byte*>(data);
  kept.insert(kept.end(), p, p + n);
  return true;
}

template <class Ctx>
bool keep_varint(Ctx& ctx, std::vector<std::byte>& kept, std::uint64_t v) {
  std::uint8_t encoded[detail::max_varint_bytes];
  return keep_bytes(ctx, kept, encoded, detail::put_varint(encoded, v));
}

// Skips the value of a field the destination does not have; with `kept`, appends the field (its
// key and value, re-encoded in the shortest form) to it.
template <class Ctx>
bool skip_field(Ctx& ctx, std::uint32_t number, wire w, std::size_t at, std::vector<std::byte>* kept = nullptr) {
  if (kept != nullptr && w != wire::group_end && w <= wire::i32 &&
      !keep_varint(ctx, *kept, (std::uint64_t{number} << 3) | static_cast<std::uint64_t>(w)))
    return false;
  switch (w) {
    case wire::varint: {
      std::uint64_t v;
      return read_varint(ctx, v) && (kept == nullptr || keep_varint(ctx, *kept, v));
    }
    case wire::i64:
    case wire::i32: {
      const std::size_t width = w == wire::i64 ? 8 : 4;
      if (!ctx.require(width)) return false;
      if (kept != nullptr && !keep_bytes(ctx, *kept, ctx.src.cur(), width)) return false;
      ctx.src.advance(width);
      return true;
    }
    case wire::len: {
      std::size_t n{};
      if (!read_length(ctx, n)) return false;
      if (!ctx.require(n)) return false;
      if (kept != nullptr && !(keep_varint(ctx, *kept, n) && keep_bytes(ctx, *kept, ctx.src.cur(), n))) return false;
      ctx.src.advance(n);
      return true;
    }
    case wire::group_start: {  // a proto2 group: fields up to the matching group end
      if (!ctx.enter()) return false;
      while (true) {
        const std::size_t key_at = ctx.src.offset();
        std::uint64_t key{};
        if (!read_key(ctx, key, key_at)) return false;
        const auto inner = static_cast<std::uint32_t>(key >> 3);
        const auto inner_wire = static_cast<wire>(key & 7);
        if (inner_wire == wire::group_end) {
          if (inner != number) return ctx.fail(errc::invalid_value, key_at, "the group's own end");
          if (kept != nullptr && !keep_varint(ctx, *kept, key)) return false;
          break;
        }
        if (!skip_field(ctx, inner, inner_wire, key_at, kept)) return false;
      }
      ctx.leave();
      return true;
    }
    case wire::group_end: return ctx.fail(errc::invalid_value, at, "a field", "group end without a start");
  }
  return ctx.fail(errc::invalid_value, at, "wire type 0, 1, 2, 3, 4 or 5", "wire type 6 or 7");
}

enum class outcome : std::uint8_t { read, unknown, failed };

// Reads the fields of one message up to `end`; dispatch(number, wire, key offset) reads a known
// field and says whether it knew it. SIZE_MAX as the end of a stream means "to the end of it".
// Unknown fields are skipped, or appended to `kept` where the struct keeps them.
template <options O, class Ctx, class Dispatch, class Kept = std::nullptr_t>
PRISM_INLINE bool read_fields(Ctx& ctx, std::size_t end, Dispatch&& dispatch, Kept kept = nullptr) {
  while (true) {
    if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) {
      if (ctx.src.offset() >= end) return true;
    } else {
      if (end == SIZE_MAX ? !ctx.src.need(1) : ctx.src.offset() >= end) return true;
    }
    const std::size_t at = ctx.src.offset();
    std::uint64_t key;
    if (ctx.src.readable() != 0 && *ctx.src.cur() < 0x80) [[likely]] {
      key = *ctx.src.cur();
      ctx.src.advance(1);
      if (key < 8) [[unlikely]] return ctx.fail(errc::invalid_value, at, "field number in [1, 2^29 - 1]");
    } else if (!read_key(ctx, key, at)) {
      return false;
    }
    const auto number = static_cast<std::uint32_t>(key >> 3);
    const auto w = static_cast<wire>(key & 7);
    if (w == wire::group_end || (key & 7) > 5) [[unlikely]] return skip_field(ctx, number, w, at);  // the error
    switch (dispatch(number, w, at)) {
      case outcome::read: break;
      case outcome::failed: return false;
      case outcome::unknown:
        if constexpr (O.error_on_unknown_keys) {
          return ctx.fail(errc::unknown_key, at, "a field of the message", "field number " + std::to_string(number));
        } else {
          if constexpr (std::is_same_v<Kept, std::nullptr_t>) {
            if (!skip_field(ctx, number, w, at)) return false;
          } else {
            if (!skip_field(ctx, number, w, at, kept)) return false;
          }
        }
        break;
    }
    if (ctx.src.offset() > end) [[unlikely]] return ctx.fail(errc::unexpected_end, at, "a field within its message");
  }
}

}  // namespace prism::protobuf_detail
