#pragma once
// Strings and blobs that decoders take from their source: UTF-8 checked, then viewed in place
// or copied against the allocation budget.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "concepts.hpp"
#include "config.hpp"
#include "containers.hpp"
#include "error.hpp"
#include "options.hpp"
#include "utf8.hpp"

namespace prism::detail {

// check_text's error: the offset of the first invalid byte, one function for every site.
template <class Ctx>
PRISM_COLD bool invalid_text(Ctx& ctx, const std::uint8_t* p, std::size_t n) {
  const auto behind = static_cast<std::size_t>(ctx.src.cur() - p);
  return ctx.fail(errc::invalid_utf8, ctx.src.offset() - behind + utf8_valid_prefix(p, n));
}

// Checks the n bytes at p as UTF-8 when the options ask for it. p lies in the source's current
// buffer, at or before cur() (taken, or about to be); an error names the first invalid byte.
template <options O, class Ctx>
PRISM_INLINE bool check_text(Ctx& ctx, const std::uint8_t* p, std::size_t n) {
  if constexpr (O.validate_utf8) {
    const auto behind = static_cast<std::size_t>(ctx.src.cur() - p);
    if (!utf8_valid(p, n, ctx.src.readable() + behind)) [[unlikely]] return invalid_text(ctx, p, n);
  }
  return true;
}

// The budget counts what a read allocates: bytes stored over as many (reading into the same
// object again) are copied in place, allocate nothing and are not charged.
template <class T, class Ctx>
PRISM_INLINE bool charge_bytes(Ctx& ctx, const T& v, std::size_t n) {
  return std::size(v) == n || ctx.charge(n);
}
// charge_bytes for fast paths: false, with nothing charged and no error, beyond the budget.
template <class T, class Ctx>
PRISM_INLINE bool try_charge_bytes(Ctx& ctx, const T& v, std::size_t n) noexcept {
  return std::size(v) == n || ctx.try_charge(n);
}

// Stores the n input bytes at p in v: a view of the input for string views and byte spans,
// else a copy charged to the allocation budget.
template <class T, class Ctx>
PRISM_INLINE bool store_bytes(Ctx& ctx, T& v, const std::uint8_t* p, std::size_t n) {
  if constexpr (string_view_type<T> || byte_span<T>) {
    static_assert(std::remove_cvref_t<decltype(ctx.src)>::bounded, "prism: views can only be read from contiguous input");
    v = T(reinterpret_cast<const typename T::value_type*>(p), n);
  } else {
    if (!charge_bytes(ctx, v, n)) return false;
    assign_bytes(v, p, n);
  }
  return true;
}

// A string or blob of n bytes that began at `at`, its bytes next in the source, into v: within
// limits::max_elements, present, stored (store_bytes) and consumed.
template <class T, class Ctx>
PRISM_INLINE bool take_bytes(Ctx& ctx, T& v, std::size_t n, std::size_t at) {
  if (!ctx.check_elements(n, at)) [[unlikely]] return false;
  if (!ctx.require(n, at)) [[unlikely]] return false;
  if (!store_bytes(ctx, v, ctx.src.cur(), n)) return false;
  ctx.src.advance(n);
  return true;
}

// check_text and store_bytes for the usual case: ASCII text (decided without a loop per byte;
// `readable` bytes may be read at p) stored as a view, or copied (in place when the string has
// that size already, reading into the same object again). False, with nothing stored or charged
// and no error, for everything else: the caller then takes the full path. Out of line: a call
// is little beside a text longer than store_short_text takes, and each string field would
// otherwise repeat the loop. It takes the one option it needs, not the format's options, so
// that every format shares one copy.
template <bool ValidateUtf8, class T, class Ctx>
PRISM_NOINLINE bool store_text_quick(Ctx& ctx, T& v, const std::uint8_t* p, std::size_t n, std::size_t readable) {
  if constexpr (ValidateUtf8) {
    if (!ascii_quick(p, n, readable)) return false;
  }
  if constexpr (string_view_type<T>) {
    v = T(reinterpret_cast<const char*>(p), n);
    return true;
  } else {
    if (!try_charge_bytes(ctx, v, n)) return false;
    assign_bytes(v, p, n);
    return true;
  }
}

// store_text_quick for a text of at most 16 bytes with 16 bytes readable at p: the ASCII check
// is two masked loads, and the copy two overlapping moves, with no bounds left to check.
template <options O, class T, class Ctx>
PRISM_INLINE bool store_short_text(Ctx& ctx, T& v, const std::uint8_t* p, std::size_t n) {
  PRISM_ASSUME(n <= 16);
  if constexpr (O.validate_utf8) {
    if (!ascii_within_16(p, n)) return false;
  }
  if constexpr (string_view_type<T>) {
    v = T(reinterpret_cast<const char*>(p), n);
    return true;
  } else {
    if (!try_charge_bytes(ctx, v, n)) return false;
    assign_bytes(v, p, n);
    return true;
  }
}

}  // namespace prism::detail
