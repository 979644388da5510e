#pragma once
// MessagePack encoder: always the smallest encoding, byte for byte what msgpack-cxx writes.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../core/category_write.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/tensor_io.hpp"
#include "../core/tensor.hpp"
#include "../core/width_codes.hpp"
#include "../core/value_io.hpp"
#include "common.hpp"
#include "format.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace prism::msgpack_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);
struct wire_writer;

inline constexpr detail::width_codes integer_codes{code::uint8, code::uint16, code::uint32, code::uint64,
                                                   code::int8,  code::int16,  code::int32,  code::int64};

PRISM_INLINE std::size_t put_uint(std::uint8_t* p, std::uint64_t v) noexcept {
  return detail::put_width_coded_uint<integer_codes, std::endian::big>(p, v);
}

PRISM_INLINE std::size_t put_int(std::uint8_t* p, std::int64_t v) noexcept {
  return detail::put_width_coded_int<integer_codes, std::endian::big>(p, v);
}

// A header for strings, arrays, maps or binaries: the fix form when `fix` allows it.
PRISM_INLINE std::size_t put_header(std::uint8_t* p, std::size_t n, std::uint8_t fix, std::size_t fix_limit,
                                    std::uint8_t c8, std::uint8_t c16, std::uint8_t c32) noexcept {
  return detail::put_width_coded_length<std::endian::big>(p, n, fix, fix_limit, c8, c16, c32);
}

template <class Ctx>
PRISM_INLINE bool write_array_header(Ctx& ctx, std::size_t n) {
  if (!ctx.reserve(5)) return false;
  ctx.out.advance(put_header(ctx.out.cur(), n, code::fixarray, 16, 0, code::array16, code::array32));
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_map_header(Ctx& ctx, std::size_t n) {
  if (!ctx.reserve(5)) return false;
  ctx.out.advance(put_header(ctx.out.cur(), n, code::fixmap, 16, 0, code::map16, code::map32));
  return true;
}

// A string, after the K bytes at `prefix` (a struct field's key) when K is not 0.
template <std::size_t K = 0, class Ctx>
PRISM_INLINE bool write_str(Ctx& ctx, const void* data, std::size_t n, const std::uint8_t* prefix = nullptr) {
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "string of at most 2^32-1 bytes");
  if (!ctx.reserve(K + str_header_size(n) + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  if constexpr (K != 0) std::memcpy(p, prefix, K);
  const std::size_t h = put_header(p + K, n, code::fixstr, 32, code::str8, code::str16, code::str32);
  if constexpr (K != 0) detail::copy_large(p + K + h, data, n);  // a call: inline copies at every field cost more code than time
  else detail::copy_bytes(p + K + h, data, n);
  ctx.out.advance(K + h + n);
  return true;
}

template <class Ctx>
PRISM_INLINE bool write_bin(Ctx& ctx, const void* data, std::size_t n) {
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "binary of at most 2^32-1 bytes");
  if (!ctx.reserve((n < 256 ? 2 : n < 65536 ? 3 : 5) + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  const std::size_t h = put_header(p, n, code::bin8 /* unused */, 0, code::bin8, code::bin16, code::bin32);
  detail::copy_bytes(p + h, data, n);
  ctx.out.advance(h + n);
  return true;
}

// True for the values msgpack-cxx writes as integers: without a fractional part and within
// [-2^63, 2^64), -0.0 excepted. Decided from the bits alone (a float-to-integer conversion is
// slow where most values are fractional), the exponent first: it settles large values, infinity
// and NaN in one comparison.
template <class F>
PRISM_INLINE bool integral_in_range(F v) noexcept {
  using bits_type = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  constexpr int mantissa_bits = std::numeric_limits<F>::digits - 1;
  constexpr int exponent_mask = sizeof(F) == 4 ? 0xff : 0x7ff;
  constexpr int bias = exponent_mask / 2;
  bits_type bits;
  std::memcpy(&bits, &v, sizeof(F));
  const int e = static_cast<int>((bits >> mantissa_bits) & exponent_mask) - bias;
  if (e >= 63) {  // 2^63 <= |v|: only positive values below 2^64, and -2^63 itself
    const bool negative = (bits >> (8 * sizeof(F) - 1)) != 0;
    return e == 63 && (!negative || (bits << 1) == bits_type(bias + 63) << (mantissa_bits + 1));
  }
  if (e < 0) return bits == 0;  // below 1 only +0 (-0.0 keeps its float)
  if (e >= mantissa_bits) return true;
  const bits_type fraction_mask = (bits_type(1) << (mantissa_bits - e)) - 1;
  return (bits & fraction_mask) == 0;
}

// A float as float32 or float64, whatever its value.
template <class F>
PRISM_INLINE std::size_t put_ieee(std::uint8_t* p, F v) noexcept {
  if constexpr (std::is_same_v<F, float>) {
    p[0] = code::float32;
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    store_be32(p + 1, bits);
    return 5;
  } else {
    p[0] = code::float64;
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    store_be64(p + 1, bits);
    return 9;
  }
}

// An integral float as the integer it equals: one function for every site (most floats are not).
template <class F>
PRISM_NOINLINE std::size_t put_integral_float(std::uint8_t* p, F v) noexcept {
  if (v >= 0) return put_uint(p, static_cast<std::uint64_t>(v));
  return put_int(p, static_cast<std::int64_t>(v));
}

template <options O, class F>
PRISM_INLINE std::size_t put_float(std::uint8_t* p, F v) noexcept {
  if constexpr (own<O>.compact_floats) {
    // As msgpack-cxx: an integral value within the integers' range is written as the integer.
    if (integral_in_range(v)) return put_integral_float(p, v);
  }
  return put_ieee(p, v);
}

#if defined(__SSE2__)
// Whether one of the 16 bytes of floats (or doubles) at v may be integral and in range:
// converted to 32-bit integers and back, an integral value is unchanged; magnitudes from 2^31,
// which that cannot hold, count as maybe too, up to 2^64. That upper bound is tested only when
// the rest says maybe: most data is settled by the first test, and data spread over the whole
// range (past 2^64, never written as integers) then keeps to the fast path as well.
template <class F>
PRISM_INLINE bool maybe_integral_x16(const F* v) noexcept {
  if constexpr (std::is_same_v<F, float>) {
    const __m128 x = _mm_loadu_ps(v);
    const __m128 magnitude = _mm_andnot_ps(_mm_set1_ps(-0.0f), x);
    const __m128 same = _mm_cmpeq_ps(_mm_cvtepi32_ps(_mm_cvttps_epi32(x)), x);
    const __m128 wide = _mm_cmpge_ps(magnitude, _mm_set1_ps(0x1p31f));
    if (_mm_movemask_ps(_mm_or_ps(same, wide)) == 0) [[likely]] return false;
    return _mm_movemask_ps(_mm_or_ps(same, _mm_and_ps(wide, _mm_cmplt_ps(magnitude, _mm_set1_ps(0x1p64f))))) != 0;
  } else {
    const __m128d x = _mm_loadu_pd(v);
    const __m128d magnitude = _mm_andnot_pd(_mm_set1_pd(-0.0), x);
    const __m128d same = _mm_cmpeq_pd(_mm_cvtepi32_pd(_mm_cvttpd_epi32(x)), x);
    const __m128d wide = _mm_cmpge_pd(magnitude, _mm_set1_pd(0x1p31));
    if (_mm_movemask_pd(_mm_or_pd(same, wide)) == 0) [[likely]] return false;
    return _mm_movemask_pd(_mm_or_pd(same, _mm_and_pd(wide, _mm_cmplt_pd(magnitude, _mm_set1_pd(0x1p64))))) != 0;
  }
}
#endif

// n floats (or doubles) at p, which has room for 9 bytes each. With compact floats, 16 bytes of
// them none of which is integral (most data) are written without the check per value.
template <options O, class F>
PRISM_INLINE std::uint8_t* put_floats(std::uint8_t* p, const F* v, std::size_t n) noexcept {
#if defined(__SSE2__)
  if constexpr (own<O>.compact_floats) {
    constexpr std::size_t group = 16 / sizeof(F);
    for (std::size_t i = 0; i < n;) {
      if (i + group <= n && !maybe_integral_x16(v + i)) [[likely]] {
        for (std::size_t k = 0; k < group; ++k) p += put_ieee(p, v[i + k]);
        i += group;
      } else {
        p += put_float<O>(p, v[i++]);
      }
    }
    return p;
  }
#endif
  for (std::size_t i = 0; i < n; ++i) p += put_float<O>(p, v[i]);
  return p;
}

// n 16-bit unsigned integers at v into p, which has room for 3 bytes each. Four values of 256 or
// more (most of a range spread over all 16 bits) are written together as four uint16 codes,
// shifted into place in two stores; others one at a time.
PRISM_INLINE std::uint8_t* put_uint16s(std::uint8_t* p, const std::uint16_t* v, std::size_t n) noexcept {
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    constexpr std::uint64_t low_bytes = 0x00ff00ff00ff00ffull, lanes = 0x0001000100010001ull;
    constexpr std::uint64_t c = code::uint16;
    for (; i + 4 <= n; i += 4) {
      std::uint64_t x;
      std::memcpy(&x, v + i, 8);
      const std::uint64_t high = (x >> 8) & low_bytes;
      if (((high - lanes) & ~high & (lanes << 15)) != 0) {  // a value below 256
        for (std::size_t k = 0; k < 4; ++k) p += put_uint(p, v[i + k]);
        continue;
      }
      const std::uint64_t y = high | ((x & low_bytes) << 8);  // each value big-endian
      const std::uint64_t first = c | (y & 0xffff) << 8 | c << 24 | (y & 0xffff0000) << 16 | c << 48 | (y & 0xff00000000) << 24;
      const auto second = static_cast<std::uint32_t>(((y >> 40) & 0xff) | c << 8 | (y >> 48) << 16);
      std::memcpy(p, &first, 8);
      std::memcpy(p + 8, &second, 4);
      p += 12;
    }
  }
  for (; i < n; ++i) p += put_uint(p, v[i]);
  return p;
}

// An extension: fixext when the payload is 1, 2, 4, 8 or 16 bytes, else ext 8/16/32.
template <class Ctx>
bool write_extension(Ctx& ctx, std::int8_t type, bytes_view data) {
  const std::size_t n = data.size();
  if (n > 0xffffffffull) [[unlikely]] return ctx.fail(errc::out_of_range, ctx.out.position(), "extension of at most 2^32-1 bytes");
  if (!ctx.reserve(6 + n)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::size_t h = 1;
  if (n != 0 && n <= 16 && std::has_single_bit(n)) {
    p[0] = static_cast<std::uint8_t>(code::fixext1 + std::countr_zero(n));
  } else {
    h = put_header(p, n, code::ext8 /* unused */, 0, code::ext8, code::ext16, code::ext32);
  }
  p[h] = static_cast<std::uint8_t>(type);
  detail::copy_bytes(p + h + 1, data.data(), n);
  ctx.out.advance(h + 1 + n);
  return true;
}

// Timestamp extension: 32-bit seconds, 64-bit (30-bit ns, 34-bit s) or 96-bit form, the smallest.
template <class Ctx, class TimePoint>
bool write_timestamp(Ctx& ctx, const TimePoint& tp) {
  using namespace std::chrono;
  const auto since = tp.time_since_epoch();
  auto secs = duration_cast<seconds>(since);
  if (secs > since) secs -= seconds(1);  // floor toward negative infinity
  const auto nanos = static_cast<std::uint32_t>(duration_cast<nanoseconds>(since - secs).count());
  const std::int64_t s = secs.count();
  if (!ctx.reserve(15)) return false;
  std::uint8_t* p = ctx.out.cur();
  if (s >= 0 && (static_cast<std::uint64_t>(s) >> 34) == 0) {
    const std::uint64_t data = (std::uint64_t(nanos) << 34) | static_cast<std::uint64_t>(s);
    if ((data & 0xffffffff00000000ull) == 0) {
      p[0] = code::fixext4;
      p[1] = 0xff;
      store_be32(p + 2, static_cast<std::uint32_t>(data));
      ctx.out.advance(6);
    } else {
      p[0] = code::fixext8;
      p[1] = 0xff;
      store_be64(p + 2, data);
      ctx.out.advance(10);
    }
  } else {
    p[0] = code::ext8;
    p[1] = 12;
    p[2] = 0xff;
    store_be32(p + 3, nanos);
    store_be64(p + 7, static_cast<std::uint64_t>(s));
    ctx.out.advance(15);
  }
  return true;
}

// The most bytes a value of T can take when that is small and known at compile time (numbers,
// enums, and structs, arrays and optionals of them); 0 for every other type. Such values are
// written after one reservation, with no check per field.
inline constexpr std::size_t max_bounded_size = span_sink::scratch_size;

template <options O, class T>
constexpr std::size_t bounded_size() noexcept {
  if constexpr (adapted<T>) {
    return 0;
  } else if constexpr (boolean<T>) {
    return 1;
  } else if constexpr (integer<T> || floating<T>) {
    return 9;
  } else if constexpr (enumeration<T>) {
    return O.enums_as_strings ? 0 : 9;
  } else if constexpr (optional_type<T>) {
    return bounded_size<O, typename T::value_type>();  // nil is one byte
  } else if constexpr (fixed_array<T>) {
    constexpr std::size_t element = bounded_size<O, typename T::value_type>();
    constexpr std::size_t total = 5 + std::tuple_size_v<T> * element;
    return element && total <= max_bounded_size ? total : 0;
  } else if constexpr (plain_struct<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) -> std::size_t {
      constexpr bool all = ((bounded_size<O, field_type<T, I>>() != 0) && ... && true);
      if constexpr (!all) {
        return 0;
      } else {
        constexpr std::size_t keys = O.structs_as_arrays ? 0 : (encoded_key<T, I>.size() + ... + 0);
        constexpr std::size_t total = 5 + keys + (bounded_size<O, field_type<T, I>>() + ... + 0);
        return total <= max_bounded_size ? total : 0;
      }
    }(std::make_index_sequence<field_count_v<T>>{});
  } else {
    return 0;
  }
}

template <options O, class T>
inline constexpr bool bounded = bounded_size<O, T>() != 0;

template <options O, class T>
PRISM_INLINE std::size_t put_bounded(std::uint8_t* p, const T& v) noexcept;

// Field I of a bounded struct: its key unless structs are arrays, then its value.
template <options O, class T, std::size_t I>
PRISM_INLINE std::size_t put_bounded_field(std::uint8_t* p, const T& v) noexcept {
  std::size_t n = 0;
  if constexpr (!O.structs_as_arrays) {
    constexpr auto& key = encoded_key<T, I>;
    std::memcpy(p, key.data(), key.size());
    n = key.size();
  }
  return n + put_bounded<O>(p + n, get_field<I>(v));
}

template <options O, class T, std::size_t... I>
PRISM_INLINE std::size_t put_bounded_fields(std::uint8_t* p, const T& v, std::index_sequence<I...>) noexcept {
  std::size_t n = 0;
  ((n += put_bounded_field<O, T, I>(p + n, v)), ...);
  return n;
}

// Writes a bounded value at p, which has room for bounded_size<O, T>() bytes; returns its size.
template <options O, class T>
PRISM_INLINE std::size_t put_bounded(std::uint8_t* p, const T& v) noexcept {
  if constexpr (boolean<T>) {
    *p = v ? code::true_ : code::false_;
    return 1;
  } else if constexpr (integer<T>) {
    if constexpr (std::is_signed_v<T>) return put_int(p, static_cast<std::int64_t>(v));
    else return put_uint(p, static_cast<std::uint64_t>(v));
  } else if constexpr (floating<T>) {
    return put_float<O>(p, v);
  } else if constexpr (enumeration<T>) {
    return put_bounded<O>(p, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (optional_type<T>) {
    if (v) return put_bounded<O>(p, *v);
    *p = code::nil;
    return 1;
  } else if constexpr (fixed_array<T>) {
    std::size_t n = put_header(p, std::tuple_size_v<T>, code::fixarray, 16, 0, code::array16, code::array32);
    for (const auto& e : v) n += put_bounded<O>(p + n, e);
    return n;
  } else {
    constexpr std::size_t fields = field_count_v<T>;
    std::size_t n = O.structs_as_arrays ? put_header(p, fields, code::fixarray, 16, 0, code::array16, code::array32)
                                        : put_header(p, fields, code::fixmap, 16, 0, code::map16, code::map32);
    return n + put_bounded_fields<O>(p + n, v, std::make_index_sequence<fields>{});
  }
}

template <options O, class T, class Ctx>
PRISM_INLINE bool write_bounded(Ctx& ctx, const T& v) {
  if (!ctx.reserve(bounded_size<O, T>())) return false;
  ctx.out.advance(put_bounded<O>(ctx.out.cur(), v));
  return true;
}

// A field of a struct written as a map: its key and value after one reservation when the value
// is text or bounded.
template <options O, class T, std::size_t I, class Ctx>
PRISM_INLINE bool write_keyed_field(Ctx& ctx, const T& v) {
  constexpr auto& key = encoded_key<T, I>;
  using F = field_type<T, I>;
  if constexpr (detail::written_as_text<wire_writer, O, F>()) {
    const auto& text = get_field<I>(v);
    return write_str<key.size()>(ctx, text.data(), text.size(), key.data());
  } else if constexpr (bounded<O, F>) {
    if (!ctx.reserve(key.size() + bounded_size<O, F>())) return false;
    std::uint8_t* p = ctx.out.cur();
    std::memcpy(p, key.data(), key.size());
    ctx.out.advance(key.size() + put_bounded<O>(p + key.size(), get_field<I>(v)));
    return true;
  } else {
    return ctx.write(key.data(), key.size()) && write_value<O>(ctx, get_field<I>(v));
  }
}

// A tensor as [dtype, [extents...], bin] (zerialize's triple), with a fourth element 1 when the
// data is in column-major order.
template <class Ctx, class T>
bool write_tensor(Ctx& ctx, const T& t) {
  using E = std::remove_const_t<typename T::element_type>;
  const bool column_major = t.order() == memory_order::column_major;
  const std::size_t rank = std::size(t.shape());
  if (!ctx.reserve(2 + 5 + 9 * rank)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::size_t n = put_header(p, column_major ? 4 : 3, code::fixarray, 16, 0, code::array16, code::array32);
  n += put_uint(p + n, static_cast<std::uint8_t>(dtype_of<E>));
  n += put_header(p + n, rank, code::fixarray, 16, 0, code::array16, code::array32);
  for (std::size_t e : t.shape()) n += put_uint(p + n, e);
  ctx.out.advance(n);
  if (!write_bin(ctx, t.data(), t.size_bytes())) return false;
  if (column_major) {
    if (!ctx.reserve(1)) return false;
    *ctx.out.cur() = 1;
    ctx.out.advance(1);
  }
  return true;
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  constexpr std::size_t n = field_count_v<T>;
  if constexpr (O.structs_as_arrays) {
    if (!write_array_header(ctx, n)) return false;
    return detail::write_each_field<T>(ctx, [&](auto i) { return write_value<O>(ctx, get_field<decltype(i)::value>(v)); });
  } else {
    if (!write_map_header(ctx, n)) return false;
    return detail::write_each_field<T>(ctx, [&](auto i) { return write_keyed_field<O, T, decltype(i)::value>(ctx, v); });
  }
}

// MessagePack's encodings for the type dispatch in core (core/category_write.hpp). Values of a
// small bound (numbers, and structs, arrays and optionals of them) go first, after one
// reservation.
struct wire_writer {
  using format = msgpack;
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) { return write_value<O>(ctx, v); }
  template <options O, class T>
  static constexpr bool takes_first = bounded<O, T>;
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_first(Ctx& ctx, const T& v) { return write_bounded<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_value_member(Ctx& ctx, const prism::value& v) {
    return detail::value_io<msgpack>::write_member(ctx, v);
  }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_text(Ctx& ctx, const char* p, std::size_t n) { return write_str(ctx, p, n); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_blob(Ctx& ctx, const T& v) { return write_bin(ctx, v.data(), v.size()); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_tensor(Ctx& ctx, const T& v) { return msgpack_detail::write_tensor(ctx, v); }
  template <options O, class Ctx, class T>
  static bool write_sequence(Ctx& ctx, const T& v) {
    if (!write_array_header(ctx, std::ranges::size(v))) return false;
    if constexpr (bounded<O, range_value_t<T>>) {
      // One reservation per run of elements that fits the bound (a fixed buffer's scratch).
      using E = range_value_t<T>;
      constexpr std::size_t run = std::max<std::size_t>(1, max_bounded_size / bounded_size<O, E>());
      if constexpr ((floating<E> || std::is_same_v<E, std::uint16_t>) && std::ranges::contiguous_range<T>) {
        const E* data = std::ranges::data(v);
        for (std::size_t left = std::ranges::size(v); left != 0;) {
          const std::size_t k = std::min(run, left);
          if (!ctx.reserve(k * bounded_size<O, E>())) return false;
          std::uint8_t* const start = ctx.out.cur();
          std::uint8_t* end;
          if constexpr (floating<E>) {
            end = put_floats<O>(start, data, k);
          } else {
            end = put_uint16s(start, data, k);
          }
          ctx.out.advance(static_cast<std::size_t>(end - start));
          data += k;
          left -= k;
        }
      } else {
        auto it = std::ranges::begin(v);
        const auto end = std::ranges::end(v);
        while (it != end) {
          if (!ctx.reserve(run * bounded_size<O, E>())) return false;
          std::uint8_t* const start = ctx.out.cur();
          std::uint8_t* p = start;
          for (std::size_t k = 0; k < run && it != end; ++k, ++it) p += put_bounded<O>(p, static_cast<const E&>(*it));
          ctx.out.advance(static_cast<std::size_t>(p - start));
        }
      }
    } else {
      for (auto it = std::ranges::begin(v); it != std::ranges::end(v); ++it) {
        if (!write_value<O>(ctx, *it)) [[unlikely]] return ctx.in_element(detail::position_of(v, it));
      }
    }
    return true;
  }
  template <class Ctx>
  PRISM_INLINE static bool write_null(Ctx& ctx) {
    if (!ctx.reserve(1)) return false;
    *ctx.out.cur() = code::nil;
    ctx.out.advance(1);
    return true;
  }
  template <class Ctx>
  PRISM_INLINE static bool write_array_head(Ctx& ctx, std::size_t n) { return write_array_header(ctx, n); }
  template <class Ctx>
  PRISM_INLINE static bool write_map_head(Ctx& ctx, std::size_t n) { return write_map_header(ctx, n); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_time(Ctx& ctx, const T& v) { return write_timestamp(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_struct(Ctx& ctx, const T& v) {
    return msgpack_detail::write_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  return detail::write_category<wire_writer, O>(ctx, v);
}

}  // namespace prism::msgpack_detail

namespace prism {

template <>
struct format_writer<msgpack> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return msgpack_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
