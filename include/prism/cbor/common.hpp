#pragma once
// CBOR (RFC 8949) initial bytes, heads, half-precision floats and RFC 8746 typed-array tags,
// shared by the encoder and the decoder.
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "../core/byte_order.hpp"
#include "../core/config.hpp"
#include "../core/error.hpp"
#include "../core/fields.hpp"
#include "../core/half_float.hpp"
#include "../core/tensor.hpp"

namespace prism::cbor_detail {

using detail::load_be16;
using detail::load_be32;
using detail::load_be64;
using detail::store_be16;
using detail::store_be32;
using detail::store_be64;

namespace major {
inline constexpr std::uint8_t unsigned_int = 0, negative_int = 1, bytes = 2, text = 3, array = 4, map = 5, tag = 6,
                              simple = 7;
}

namespace code {
inline constexpr std::uint8_t false_ = 0xf4, true_ = 0xf5, null = 0xf6, undefined = 0xf7;
inline constexpr std::uint8_t half = 0xf9, single = 0xfa, double_ = 0xfb, break_ = 0xff;
inline constexpr std::uint8_t indefinite = 31;  // additional information of an indefinite length
}  // namespace code

namespace tag {
inline constexpr std::uint64_t epoch_time = 1, multi_dimensional_array = 40, extended_time = 1001,
                                column_major_array = 1040;
inline constexpr std::uint64_t typed_array_first = 64, typed_array_last = 87;
}  // namespace tag

// Bytes of a head carrying `value` in its shortest form.
constexpr std::size_t head_size(std::uint64_t value) noexcept {
  return value < 24 ? 1 : value < 0x100 ? 2 : value < 0x10000 ? 3 : value <= 0xffffffffull ? 5 : 9;
}

// Writes the shortest head of major type `m` with argument `value`; returns its size.
PRISM_INLINE std::size_t put_head(std::uint8_t* p, std::uint8_t m, std::uint64_t value) noexcept {
  const auto initial = static_cast<std::uint8_t>(m << 5);
  if (value < 24) {
    p[0] = static_cast<std::uint8_t>(initial | value);
    return 1;
  }
  if (value < 0x100) {
    p[0] = initial | 24;
    p[1] = static_cast<std::uint8_t>(value);
    return 2;
  }
  if (value < 0x10000) {
    p[0] = initial | 25;
    store_be16(p + 1, static_cast<std::uint16_t>(value));
    return 3;
  }
  if (value <= 0xffffffffull) {
    p[0] = initial | 26;
    store_be32(p + 1, static_cast<std::uint32_t>(value));
    return 5;
  }
  p[0] = initial | 27;
  store_be64(p + 1, value);
  return 9;
}

// The encoded key of field I of T: a text-string head and the name, rendered at compile time.
template <class T, std::size_t I>
inline constexpr auto encoded_key = [] {
  constexpr std::string_view name = field_name<T, I>();
  constexpr std::size_t h = head_size(name.size());
  static_assert(h <= 3, "prism::cbor: field name too long");
  std::array<std::uint8_t, h + name.size()> out{};
  constexpr auto text_initial = static_cast<std::uint8_t>(major::text << 5);
  if constexpr (h == 1) {
    out[0] = static_cast<std::uint8_t>(text_initial | name.size());
  } else if constexpr (h == 2) {
    out[0] = text_initial | 24;
    out[1] = static_cast<std::uint8_t>(name.size());
  } else {
    out[0] = text_initial | 25;
    out[1] = static_cast<std::uint8_t>(name.size() >> 8);
    out[2] = static_cast<std::uint8_t>(name.size());
  }
  for (std::size_t i = 0; i < name.size(); ++i) out[h + i] = static_cast<std::uint8_t>(name[i]);
  return out;
}();

using detail::double_to_half_exactly;
using detail::half_to_double;

// RFC 8746 typed arrays: the tag of a native little-endian array of T, and what a tag holds.
template <class T>
constexpr std::uint64_t typed_array_tag() noexcept {
  if constexpr (std::is_same_v<T, float16>) {
    return 84;
  } else if constexpr (std::is_same_v<T, float>) {
    return 85;
  } else if constexpr (std::is_same_v<T, double>) {
    return 86;
  } else {
    constexpr std::uint64_t size_code = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : 3;
    constexpr std::uint64_t signed_bit = std::is_signed_v<T> ? 8 : 0;
    constexpr std::uint64_t little_endian = sizeof(T) == 1 ? 0 : 4;
    return 64 + signed_bit + little_endian + size_code;
  }
}

struct typed_array_kind {
  bool is_float = false, is_signed = false, little_endian = false;
  std::size_t element_size = 0;  // 0: not a typed array prism reads (float128, reserved 76)
};

PRISM_INLINE constexpr typed_array_kind describe_typed_array(std::uint64_t t) noexcept {
  typed_array_kind k;
  if (t < tag::typed_array_first || t > tag::typed_array_last) return k;
  const auto bits = static_cast<unsigned>(t - 64);
  k.is_float = (bits & 16) != 0;
  k.little_endian = (bits & 4) != 0;
  if (k.is_float) {  // 80..87: binary16, 32, 64, 128
    k.element_size = (bits & 3) == 3 ? 0 : std::size_t{2} << (bits & 3);
    k.is_signed = true;
  } else {
    k.is_signed = (bits & 8) != 0;
    k.element_size = std::size_t{1} << (bits & 3);
    if (t == 76) k.element_size = 0;  // reserved
  }
  return k;
}

// The tensor element type of a typed array; false for those prism has no dtype for.
constexpr bool dtype_of_typed_array(const typed_array_kind& k, dtype& out) noexcept {
  if (k.element_size == 0) return false;
  if (k.is_float) {
    out = k.element_size == 2 ? dtype::float16 : k.element_size == 4 ? dtype::float32 : dtype::float64;
    return true;
  }
  const auto log2 = k.element_size == 1 ? 0 : k.element_size == 2 ? 1 : k.element_size == 4 ? 2 : 3;
  out = static_cast<dtype>((k.is_signed ? 0 : 4) + log2);
  return true;
}

// Whether the typed array of tag t over n bytes is one that views hand out in place: elements of
// a dtype, in the host's byte order, n a whole number of them (errc::ok), or why not.
constexpr errc check_typed_array(std::uint64_t t, std::size_t n) noexcept {
  const typed_array_kind kind = describe_typed_array(t);
  dtype type{};
  if (!dtype_of_typed_array(kind, type)) return errc::invalid_value;
  if (kind.element_size > 1 && kind.little_endian != (std::endian::native == std::endian::little)) return errc::invalid_value;
  if (n & (kind.element_size - 1)) return errc::size_mismatch;  // sizes are powers of two: no division
  return errc::ok;
}

// The name of the data item that starts with `initial`, for error messages.
constexpr std::string_view describe_initial(std::uint8_t initial) noexcept {
  switch (initial >> 5) {
    case major::unsigned_int: return "unsigned integer";
    case major::negative_int: return "negative integer";
    case major::bytes: return "byte string";
    case major::text: return "text string";
    case major::array: return "array";
    case major::map: return "map";
    case major::tag: return "tag";
    default: break;
  }
  switch (initial) {
    case code::false_:
    case code::true_: return "bool";
    case code::null: return "null";
    case code::undefined: return "undefined";
    case code::half:
    case code::single:
    case code::double_: return "float";
    case code::break_: return "break";
    default: return "simple value";
  }
}

// One past the data item at p when it and everything in it has definite lengths, nests at most
// `depth` levels and ends before `end`; else nullptr (skip_value on a read_context then says
// which error it is, if any).
inline const std::uint8_t* skip_item(const std::uint8_t* p, const std::uint8_t* end, int depth) noexcept {
  for (;;) {
    if (p >= end) return nullptr;
    const unsigned m = *p >> 5, info = *p & 31;
    std::uint64_t argument = info;
    std::size_t head = 1;
    if (info >= 24) {
      if (info > 27) return nullptr;
      const std::size_t width = std::size_t{1} << (info - 24);
      if (static_cast<std::size_t>(end - p) < 1 + width) return nullptr;
      argument = width == 1 ? p[1] : width == 2 ? load_be16(p + 1) : width == 4 ? load_be32(p + 1) : load_be64(p + 1);
      head = 1 + width;
    }
    p += head;
    switch (m) {
      case major::unsigned_int:
      case major::negative_int: return p;
      case major::bytes:
      case major::text: return argument > static_cast<std::uint64_t>(end - p) ? nullptr : p + argument;
      case major::array:
      case major::map: {
        if (depth == 0 || argument > static_cast<std::uint64_t>(end - p)) return nullptr;
        const std::size_t items = static_cast<std::size_t>(argument) * (m == major::map ? 2 : 1);
        for (std::size_t i = 0; i < items && p; ++i) p = skip_item(p, end, depth - 1);
        return p;
      }
      case major::tag: continue;  // the tagged item follows
      default: return info == 24 && argument < 32 ? nullptr : p;  // simple values and floats
    }
  }
}

}  // namespace prism::cbor_detail
