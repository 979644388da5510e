#pragma once
// What the zserio writer and reader share: a field's wire type from its C++ type and meta
// attributes, zserio's variable-length integers, float16, and sizes in bits.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <ranges>
#include <string_view>
#include <type_traits>
#include <variant>

#include "../core/concepts.hpp"
#include "../core/fields.hpp"
#include "../core/meta.hpp"
#include "format.hpp"

namespace prism::zserio_detail {

// How an integer travels: its fixed width (bits), a varint of at most varint_bits, or varsize.
enum class coding : std::uint8_t { automatic, varint, varsize };

// A field's zserio_field in a form usable as a template argument. length_from is the index of the
// field that holds the array's length (-1: none).
struct field_spec {
  std::uint16_t bits = 0;
  coding encoding = coding::automatic;
  std::uint8_t varint_bits = 0;
  std::uint16_t align = 0;
  bool packed = false;
  int length_from = -1;
};

// The element of an array keeps the scalar attributes, not those of the array field itself.
constexpr field_spec element_spec(field_spec s) noexcept { return {s.bits, s.encoding, s.varint_bits, 0, false, -1}; }

template <class T>
constexpr int field_index_named(std::string_view name) noexcept {
  int found = -1;
  for_each_field_index<T>([&](auto i) {
    if (field_name<T, i.value>() == name) found = static_cast<int>(i.value);
  });
  return found;
}

constexpr field_spec without_align(field_spec s) noexcept {
  s.align = 0;
  return s;
}

template <class T, std::size_t I>
constexpr field_spec spec_of() noexcept {
  constexpr zserio_field a = field_attribute<zserio_field, T, I>();
  constexpr auto e = a.encoding;
  constexpr coding encoding = e == zserio_integer::fixed ? coding::automatic : e == zserio_integer::varsize ? coding::varsize : coding::varint;
  constexpr std::uint8_t varint_bits = e == zserio_integer::varint16 ? 16 : e == zserio_integer::varint32 ? 32 : e == zserio_integer::varint64 ? 64 : 0;
  field_spec s{a.bits, encoding, varint_bits, a.align, a.packed, -1};
  if constexpr (!a.length_from.empty()) {
    constexpr int j = field_index_named<T>(a.length_from);
    static_assert(j >= 0, "prism zserio: length_from names no field of this struct");
    static_assert(j < static_cast<int>(I), "prism zserio: length_from must name an earlier field");
    s.length_from = j;
  }
  return s;
}

// ---- scalars ----------------------------------------------------------------------------------

enum class wire : std::uint8_t { boolean, fixed, var, varsize, float16, float32, float64 };

struct scalar_spec {
  wire kind;
  unsigned bits;        // fixed: the width; var / varsize: unused
  bool is_signed;
  unsigned max_bytes;   // var / varsize: the longest encoding
};

template <class T>
concept scalar = boolean<T> || integer<T> || enumeration<T> || floating<T>;

// The width of an enum: meta<E>::bits when given (zserio's `enum bit:N E`), else its underlying type's.
template <class T>
constexpr unsigned default_bits() noexcept {
  if constexpr (enumeration<T> && requires { meta<T>::bits; }) {
    return meta<T>::bits;
  } else {
    return sizeof(integer_of_t<T>) * 8;
  }
}

template <class T, field_spec S>
constexpr scalar_spec scalar_of() noexcept {
  if constexpr (boolean<T>) {
    return {wire::boolean, 1, false, 0};
  } else if constexpr (floating<T>) {
    constexpr unsigned bits = S.bits ? S.bits : sizeof(T) * 8;
    static_assert(bits == 16 || bits == 32 || bits == 64, "prism zserio: floats are 16, 32 or 64 bits");
    static_assert(bits <= sizeof(T) * 8, "prism zserio: a float member cannot hold float64");
    return {bits == 16 ? wire::float16 : bits == 32 ? wire::float32 : wire::float64, bits, true, 0};
  } else {
    using U = integer_of_t<T>;
    constexpr bool is_signed = std::is_signed_v<U>;
    if constexpr (S.encoding == coding::varsize) {
      return {wire::varsize, 0, false, 5};
    } else if constexpr (S.encoding == coding::varint) {
      constexpr unsigned max_bytes = S.varint_bits == 16 ? 2 : S.varint_bits == 32 ? 4 : S.varint_bits == 64 ? 8 : 9;
      return {wire::var, 0, is_signed, max_bytes};
    } else {
      constexpr unsigned bits = S.bits ? S.bits : default_bits<T>();
      static_assert(bits >= 1 && bits <= sizeof(U) * 8, "prism zserio: bit width beyond the member's type");
      return {wire::fixed, bits, is_signed, 0};
    }
  }
}

// Arrays of these are copied as bytes when nothing else is asked of them.
template <class T>
concept byte_sized_integer = integer<T> && sizeof(T) == 1;

// An array written as its bytes, one per element: what the writer copies, the reader copies, and
// the only arrays whose wire size the reader may ask for as 8 bits per element up front.
template <class R, field_spec S, bool Packed>
constexpr bool array_as_bytes() noexcept {
  constexpr field_spec ES = element_spec(S);
  return std::ranges::contiguous_range<R> && byte_sized_integer<std::ranges::range_value_t<R>> && ES.bits == 0 &&
         ES.encoding == coding::automatic && !S.packed && !Packed;
}

// Integers and enums may be delta-packed; bools, floats and strings never are.
template <class T>
concept packable_scalar = integer<T> || enumeration<T>;

// ---- variable-length integers -----------------------------------------------------------------

// Value bits that a k-byte encoding holds (k <= max_bytes).
constexpr unsigned var_capacity(unsigned k, unsigned max_bytes, bool is_signed) noexcept {
  const unsigned first = is_signed ? 6 : 7;
  if (k == max_bytes) return first + 7 * (k - 2) + 8;
  return first + 7 * (k - 1);
}

// The fewest bytes that hold `magnitude`, or 0 when no encoding can.
constexpr unsigned var_bytes(std::uint64_t magnitude, unsigned max_bytes, bool is_signed) noexcept {
  const unsigned width = static_cast<unsigned>(std::bit_width(magnitude));
  const unsigned first = is_signed ? 6 : 7;
  const unsigned k = width <= first ? 1 : 1 + (width - first + 6) / 7;
  if (k < max_bytes) return k;
  return width <= var_capacity(max_bytes, max_bytes, is_signed) ? max_bytes : 0;
}

// The bytes of the encoding, most significant first, in the low 8*k bits of the result
// (k <= 8), or for k == 9 the first byte in `first` and the other 8 in the result.
struct var_code {
  std::uint64_t word;
  std::uint8_t first;  // only for 9-byte encodings
  unsigned bytes;
};

constexpr var_code encode_var(std::uint64_t magnitude, bool negative, unsigned k, unsigned max_bytes, bool is_signed) noexcept {
  var_code out{0, 0, k};
  for (unsigned i = 0; i < k; ++i) {
    unsigned bits = 8;
    std::uint64_t byte = 0;
    if (is_signed && i == 0) {
      byte |= std::uint64_t{negative} << 7;
      --bits;
    }
    if (i + 1 < k) {
      --bits;
      byte |= std::uint64_t{1} << bits;
    } else if (k < max_bytes) {
      --bits;
    }
    const unsigned shift = (k - 1 - i) * 7 + (k == max_bytes && i + 1 < k ? 1 : 0);
    byte |= (magnitude >> shift) & ((std::uint64_t{1} << bits) - 1);
    if (k == 9 && i == 0) {
      out.first = static_cast<std::uint8_t>(byte);
    } else {
      out.word = (out.word << 8) | byte;
    }
  }
  return out;
}

// Size in bits of one value as written unpacked (varints vary with the value).
template <scalar_spec W>
constexpr std::uint64_t var_bits_of(std::uint64_t magnitude) noexcept {
  return std::uint64_t{var_bytes(magnitude, W.max_bytes, W.is_signed)} * 8;
}

// A value as zserio's packing sees it: its bits as a 64-bit number, with its sign known.
template <class T>
constexpr std::uint64_t to_bits(T v) noexcept {
  return static_cast<std::uint64_t>(static_cast<integer_of_t<T>>(v));
}

// |a - b| for two values of the same signedness, exact (it always fits 64 bits).
constexpr std::uint64_t distance(std::uint64_t a, std::uint64_t b, bool is_signed) noexcept {
  const bool a_below = is_signed ? static_cast<std::int64_t>(a) < static_cast<std::int64_t>(b) : a < b;
  return a_below ? b - a : a - b;
}

// Does a 64-bit value (two's complement when signed) fit the destination type?
template <class T>
constexpr bool fits(std::uint64_t bits) noexcept {
  using U = integer_of_t<T>;
  if constexpr (std::is_signed_v<U>) {
    const auto v = static_cast<std::int64_t>(bits);
    return v >= std::numeric_limits<U>::min() && v <= std::numeric_limits<U>::max();
  } else {
    return bits <= std::numeric_limits<U>::max();
  }
}

// ---- float16 ----------------------------------------------------------------------------------

inline std::uint16_t float_to_half(float f) noexcept {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t exponent = (x >> 23) & 0xFFu;
  std::uint32_t mantissa = x & 0x7FFFFFu;
  if (exponent == 0xFF) return static_cast<std::uint16_t>(sign | 0x7C00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u));
  const int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 31) return static_cast<std::uint16_t>(sign | 0x7C00u);
  if (e <= 0) {
    if (e < -10) return static_cast<std::uint16_t>(sign);
    mantissa |= 0x800000u;
    const unsigned shift = static_cast<unsigned>(14 - e);
    std::uint32_t half = mantissa >> shift;
    const std::uint32_t rest = mantissa & ((1u << shift) - 1);
    const std::uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1))) ++half;
    return static_cast<std::uint16_t>(sign | half);
  }
  std::uint32_t half = (static_cast<std::uint32_t>(e) << 10) | (mantissa >> 13);
  const std::uint32_t rest = mantissa & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1))) ++half;  // may carry into infinity, as it should
  return static_cast<std::uint16_t>(sign | half);
}

inline float half_to_float(std::uint16_t h) noexcept {
  const std::uint32_t sign = std::uint32_t{h & 0x8000u} << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1Fu;
  const std::uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0) {
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 31) return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
  return std::bit_cast<float>(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

}  // namespace prism::zserio_detail
