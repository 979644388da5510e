#pragma once
// BEVE headers and the compressed sizes, shared by the encoder and the decoder.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "../core/config.hpp"
#include "../core/fields.hpp"
#include "../core/tensor.hpp"

namespace prism::beve_detail {

static_assert(std::endian::native == std::endian::little, "prism::beve: BEVE is little-endian; big-endian hosts are not supported yet");

namespace type {  // the low three bits of a header
inline constexpr std::uint8_t null_or_bool = 0, number = 1, string = 2, object = 3, typed_array = 4, generic_array = 5,
                              extension = 6;
}

namespace header {
inline constexpr std::uint8_t null = 0x00, false_ = 0x08, true_ = 0x18, string = 0x02, string_keyed_object = 0x03,
                              generic_array = 0x05, bool_array = 0x1c, string_array = 0x3c, type_tag = 0x0e,
                              matrix = 0x16, complex = 0x1e;
}

// Number kinds (bits 4..3 of numbers and typed arrays, and of object keys).
inline constexpr std::uint8_t floating_kind = 0, signed_kind = 1, unsigned_kind = 2, bool_or_string_kind = 3;

// An object's header: string keys (kind 0, no byte count), or integer keys of 1 to 8 bytes.
constexpr bool valid_object_header(std::uint8_t h) noexcept {
  const unsigned kind = (h >> 3) & 3;
  return kind == 0 ? h == header::string_keyed_object : kind != bool_or_string_kind && (h >> 5) <= 3;
}

template <class T>
constexpr std::uint8_t byte_count_code() noexcept {
  return sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : sizeof(T) == 8 ? 3 : 4;
}

template <class T>
constexpr std::uint8_t number_kind() noexcept {
  return std::is_floating_point_v<T> || std::is_same_v<T, float16> ? floating_kind : std::is_signed_v<T> ? signed_kind : unsigned_kind;
}

// The header of a number of type T, of a typed array of T, and of an object keyed by T.
template <class T>
inline constexpr std::uint8_t number_header = static_cast<std::uint8_t>(type::number | (number_kind<T>() << 3) | (byte_count_code<T>() << 5));
template <class T>
inline constexpr std::uint8_t typed_array_header = static_cast<std::uint8_t>(type::typed_array | (number_kind<T>() << 3) | (byte_count_code<T>() << 5));
template <class K>
inline constexpr std::uint8_t integer_keyed_object_header = static_cast<std::uint8_t>(type::object | (number_kind<K>() << 3) | (byte_count_code<K>() << 5));

// The integer type an integer or enum map key is written as.
template <class K>
using key_integer_t = typename std::conditional_t<std::is_enum_v<K>, std::underlying_type<K>, std::type_identity<K>>::type;

// The compressed unsigned integer (SIZE): the two low bits give the width (1, 2, 4 or 8 bytes).
constexpr std::size_t size_width(std::uint64_t n) noexcept {
  return n < (1u << 6) ? 1 : n < (1u << 14) ? 2 : n < (1ull << 30) ? 4 : 8;
}

PRISM_INLINE std::size_t put_size(std::uint8_t* p, std::uint64_t n) noexcept {
  const std::size_t width = size_width(n);
  const std::uint64_t word = (n << 2) | (width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3);
  std::memcpy(p, &word, width);  // little-endian host
  return width;
}

// The key of field I of T in an object: SIZE and the name, rendered at compile time.
template <class T, std::size_t I>
inline constexpr auto encoded_key = [] {
  constexpr std::string_view name = field_name<T, I>();
  static_assert(name.size() < (1u << 14), "prism::beve: field name too long");
  constexpr std::size_t w = name.size() < 64 ? 1 : 2;
  std::array<std::uint8_t, w + name.size()> out{};
  if constexpr (w == 1) {
    out[0] = static_cast<std::uint8_t>(name.size() << 2);
  } else {
    out[0] = static_cast<std::uint8_t>(((name.size() << 2) | 1) & 0xff);
    out[1] = static_cast<std::uint8_t>((name.size() << 2) >> 8);
  }
  for (std::size_t i = 0; i < name.size(); ++i) out[w + i] = static_cast<std::uint8_t>(name[i]);
  return out;
}();

// The header of a complex array of std::complex<T> (after the extension byte).
template <class T>
inline constexpr std::uint8_t complex_array_header = static_cast<std::uint8_t>(1 | (number_kind<T>() << 3) | (byte_count_code<T>() << 5));

// The tensor element type of a typed array (or complex array) header; false for the widths and
// kinds prism has no dtype for (bfloat16, 16-byte numbers, bools and strings).
constexpr bool dtype_of_header(std::uint8_t h, bool is_complex, dtype& out) noexcept {
  const unsigned kind = (h >> 3) & 3, code = h >> 5;
  if (code > 3 || kind == bool_or_string_kind) return false;
  if (kind == floating_kind) {
    if (code == 0) return false;
    if (is_complex && code < 2) return false;
    if (code == 1) out = dtype::float16;
    else if (code == 2) out = is_complex ? dtype::complex64 : dtype::float32;
    else out = is_complex ? dtype::complex128 : dtype::float64;
    return true;
  }
  if (is_complex) return false;
  out = static_cast<dtype>((kind == signed_kind ? 0 : 4) + code);
  return true;
}

constexpr std::string_view describe_header(std::uint8_t h) noexcept {
  switch (h & 7) {
    case type::null_or_bool: return h == header::null ? "null" : "bool";
    case type::number: return "number";
    case type::string: return h == header::string ? "string" : "a string header with reserved bits set";
    case type::object: return valid_object_header(h) ? "object" : "an object header of no key type";
    case type::typed_array: return "typed array";
    case type::generic_array: return "array";
    case type::extension: return "extension";
    default: return "reserved type 7";
  }
}

}  // namespace prism::beve_detail
