#pragma once
// zbin type codes, the message header and the layout rules shared by the writer, the reader,
// the view and verify() (docs/zbin.md).
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/byte_order.hpp"
#include "../core/config.hpp"
#include "../core/fields.hpp"
#include "../core/tensor.hpp"
#include "../core/varint.hpp"
#include "../core/width_codes.hpp"

namespace prism::zbin_detail {

namespace code {
inline constexpr std::uint8_t fixobject = 0x80, fixarray = 0x90, fixstr = 0xa0, negfixint = 0xe0;
inline constexpr std::uint8_t null = 0xc0, false_ = 0xc1, true_ = 0xc2;
inline constexpr std::uint8_t u8 = 0xc3, u16 = 0xc4, u32 = 0xc5, u64 = 0xc6;
inline constexpr std::uint8_t i8 = 0xc7, i16 = 0xc8, i32 = 0xc9, i64 = 0xca;
inline constexpr std::uint8_t f32 = 0xcb, f64 = 0xcc;
inline constexpr std::uint8_t str8 = 0xcd, str16 = 0xce, str32 = 0xcf;
inline constexpr std::uint8_t bin8 = 0xd0, bin16 = 0xd1, bin32 = 0xd2;
inline constexpr std::uint8_t array = 0xd3, object = 0xd4;
inline constexpr std::uint8_t typed_array = 0xd5, tensor = 0xd6, timestamp = 0xd7;
}  // namespace code

inline constexpr std::uint8_t magic = 0x5a;  // 'Z'
inline constexpr std::uint8_t version = 1;
inline constexpr std::size_t header_size = 2;
// Objects of more entries than this carry an index of entry offsets, keys in byte order.
inline constexpr std::size_t max_unindexed_entries = 8;
inline constexpr std::size_t max_alignment = 64;

using detail::load_le16;
using detail::load_le32;
using detail::load_le64;
using detail::store_le16;
using detail::store_le32;
using detail::store_le64;

// Numeric array and tensor data start at a multiple of this, counted from the message's first
// byte: 64 for 64 bytes of data or more, else the element size (so small arrays cost little and
// every array is still aligned for its element whenever the message is 64-byte aligned).
constexpr std::size_t data_alignment(std::size_t element_size, std::size_t data_bytes) noexcept {
  return data_bytes >= max_alignment ? max_alignment : element_size;
}
constexpr std::size_t align_up(std::size_t offset, std::size_t alignment) noexcept {
  return (offset + alignment - 1) & ~(alignment - 1);
}

using detail::put_varint;
using detail::varint_size;
// A varint of at most 10 bytes from [p, end): its length, or 0 when malformed or truncated.
PRISM_INLINE std::size_t get_varint(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t& v) noexcept {
  const std::size_t n = detail::get_varint_bounded(p, static_cast<std::size_t>(end - p), v);
  return n == SIZE_MAX ? 0 : n;
}

// The encoded key of field I of T (string header and name), rendered at compile time.
template <class T, std::size_t I>
inline constexpr auto& encoded_key =
    detail::width_coded_key<T, I, detail::text_codes{code::fixstr, 32, code::str8, code::str16}, std::endian::little>;

// The order in which a struct's fields go on the wire: declaration order for small structs,
// byte order of the names for indexed ones (so that readers can binary-search the index).
template <class T>
inline constexpr auto wire_order = [] {
  constexpr std::size_t n = field_count_v<T>;
  std::array<std::size_t, n> order{};
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  if constexpr (n > max_unindexed_entries) {
    constexpr auto names = field_names<T>();
    for (std::size_t i = 1; i < n; ++i)  // insertion sort: constexpr and small
      for (std::size_t j = i; j > 0 && names[order[j]] < names[order[j - 1]]; --j) {
        const std::size_t t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  }
  return order;
}();

// The integer after an integer code u8..i64 at p (the byte after the code): sign and magnitude
// (two's complement when negative); the payload is `int_code_width(code)` bytes.
constexpr std::size_t int_code_width(std::uint8_t code_byte) noexcept {
  constexpr std::uint8_t widths[8] = {1, 2, 4, 8, 1, 2, 4, 8};
  return widths[code_byte - code::u8];
}
PRISM_INLINE void decode_int(std::uint8_t code_byte, const std::uint8_t* p, bool& negative, std::uint64_t& value) noexcept {
  const std::size_t w = int_code_width(code_byte);
  const std::uint64_t raw = w == 1 ? p[0] : w == 2 ? load_le16(p) : w == 4 ? load_le32(p) : load_le64(p);
  if (code_byte <= code::u64) {
    negative = false;
    value = raw;
    return;
  }
  const std::int64_t s = w == 1 ? static_cast<std::int8_t>(raw) : w == 2 ? static_cast<std::int16_t>(raw)
                       : w == 4 ? static_cast<std::int32_t>(raw) : static_cast<std::int64_t>(raw);
  negative = s < 0;
  value = static_cast<std::uint64_t>(s);
}

// The size of values whose code alone gives it (scalars, short strings); 0 for the others.
inline constexpr auto fixed_value_size = [] {
  std::array<std::uint8_t, 256> size{};
  for (int t = 0; t < 256; ++t) {
    if (t <= 0x7f || t >= code::negfixint) size[t] = 1;
    else if (t >= code::fixstr && t <= 0xbf) size[t] = static_cast<std::uint8_t>(1 + (t & 0x1f));
  }
  size[code::null] = size[code::false_] = size[code::true_] = 1;
  size[code::u8] = size[code::i8] = 2;
  size[code::u16] = size[code::i16] = 3;
  size[code::u32] = size[code::i32] = size[code::f32] = 5;
  size[code::u64] = size[code::i64] = size[code::f64] = 9;
  size[code::timestamp] = 13;
  return size;
}();

constexpr std::string_view describe_tag(std::uint8_t tag) noexcept {
  if (tag <= 0x7f || tag >= code::negfixint) return "integer";
  if (tag <= 0x8f) return "object";
  if (tag <= 0x9f) return "array";
  if (tag <= 0xbf) return "string";
  switch (tag) {
    case code::null: return "null";
    case code::false_: case code::true_: return "bool";
    case code::f32: case code::f64: return "float";
    case code::str8: case code::str16: case code::str32: return "string";
    case code::bin8: case code::bin16: case code::bin32: return "binary";
    case code::array: return "array";
    case code::object: return "object";
    case code::typed_array: return "typed array";
    case code::tensor: return "tensor";
    case code::timestamp: return "timestamp";
    default: break;
  }
  if (tag >= code::u8 && tag <= code::i64) return "integer";
  return "reserved code";
}

}  // namespace prism::zbin_detail
