#pragma once
// Helpers that decoders share for filling C++ containers and sum types.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <variant>

#include "concepts.hpp"
#include "config.hpp"
#include "copy_bytes.hpp"
#include "error.hpp"

namespace prism::detail {

// Calls f(std::in_place_index<I>) for the runtime index; false when the index is out of range.
template <class Variant, class F>
PRISM_INLINE bool visit_index(std::size_t index, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool result = false;
    (void)((index == I ? (result = f(std::integral_constant<std::size_t, I>{}), true) : false) || ...);
    return result;
  }(std::make_index_sequence<std::variant_size_v<Variant>>{});
}

// Makes `v` hold alternative I, keeping the current value when it already does.
template <std::size_t I, class Variant>
PRISM_INLINE auto& ensure_alternative(Variant& v) {
  if (v.index() != I) v.template emplace<I>();
  return *std::get_if<I>(&v);
}

template <class Optional>
PRISM_INLINE auto& ensure_engaged(Optional& o) {
  if (!o) o.emplace();
  return *o;
}

template <class Pointer>
PRISM_INLINE auto& ensure_allocated(Pointer& p) {
  if (!p) p = std::make_unique<typename Pointer::element_type>();
  return *p;
}

// A time point from seconds and nanoseconds since 1970; false when it does not fit in int64
// nanoseconds (about +-292 years).
template <class TimePoint>
bool time_point_from(std::int64_t secs, std::int64_t nanos, TimePoint& out) noexcept {
  std::int64_t total_ns = 0;
  if (__builtin_mul_overflow(secs, std::int64_t{1000000000}, &total_ns) || __builtin_add_overflow(total_ns, nanos, &total_ns))
    return false;
  out = TimePoint(std::chrono::duration_cast<typename TimePoint::duration>(std::chrono::nanoseconds(total_ns)));
  return true;
}

// An integer decoded as a sign and a magnitude (two's complement when negative) into T, or
// out_of_range: no silent truncation.
template <class T>
PRISM_INLINE errc fit_integer(bool negative, std::uint64_t value, T& out) noexcept {
  if (negative) {
    if constexpr (std::is_unsigned_v<T>) {
      return errc::out_of_range;
    } else {
      if (static_cast<std::int64_t>(value) < static_cast<std::int64_t>(std::numeric_limits<T>::min())) return errc::out_of_range;
      out = static_cast<T>(static_cast<std::int64_t>(value));
      return errc::ok;
    }
  }
  if (value > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return errc::out_of_range;
  out = static_cast<T>(value);
  return errc::ok;
}

// memcmp(a, b, n) == 0 for short runs (keys) without a call into the C library.
PRISM_INLINE bool bytes_equal(const void* a, const void* b, std::size_t n) noexcept {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  const auto load8 = [](const unsigned char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  };
  const auto load4 = [](const unsigned char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  };
  if (n >= 8) {
    if (n > 16) return std::memcmp(x, y, n) == 0;
    return load8(x) == load8(y) && load8(x + n - 8) == load8(y + n - 8);
  }
  if (n >= 4) return load4(x) == load4(y) && load4(x + n - 4) == load4(y + n - 4);
  for (std::size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return false;
  return true;
}

// Replaces the contents of a string or byte vector with n bytes. When the size already matches
// (reading into the same object again) this is one memcpy, with no call into the library;
// otherwise a string is cleared and appended to (a resize would first zero-fill what the copy
// then overwrites, and assign checks for overlap), a vector assigned.
template <class Bytes>
PRISM_INLINE void assign_bytes(Bytes& v, const void* p, std::size_t n) {
  if (v.size() == n) {
    copy_bytes(v.data(), p, n);
    return;
  }
  const auto* first = static_cast<const std::remove_cvref_t<decltype(*v.data())>*>(p);
  if constexpr (requires { v.append(first, n); }) {
    v.clear();
    v.append(first, n);
  } else {
    v.assign(first, first + n);
  }
}

// Gives a sequence n elements on a decoder's usual-case path: a fixed array must have n already,
// a resizable sequence is charged and resized. False, with nothing charged and no error, when
// it cannot: the full path then reports why.
template <class T, class Ctx>
PRISM_INLINE bool size_quick(Ctx& ctx, T& v, std::size_t n) {
  if constexpr (fixed_array<T>) {
    return n == v.size();
  } else if constexpr (resizable_sequence<T>) {
    if (!ctx.try_charge(n * sizeof(range_value_t<T>))) return false;
    if (v.size() != n) v.resize(n);
    return true;
  } else {
    return false;
  }
}

// Minimal byte cost of a value on the wire for a format whose scalar sizes are given by
// the format; used to refuse a length prefix that the remaining input cannot hold.
template <class T>
inline constexpr std::size_t at_least_one_byte = 1;

}  // namespace prism::detail
