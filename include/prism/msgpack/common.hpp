#pragma once
// MessagePack type codes and big-endian helpers shared by the encoder and the decoder.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/byte_order.hpp"
#include "../core/config.hpp"
#include "../core/fields.hpp"
#include "../core/width_codes.hpp"

namespace prism::msgpack_detail {

namespace code {
inline constexpr std::uint8_t nil = 0xc0, false_ = 0xc2, true_ = 0xc3;
inline constexpr std::uint8_t bin8 = 0xc4, bin16 = 0xc5, bin32 = 0xc6;
inline constexpr std::uint8_t ext8 = 0xc7, ext16 = 0xc8, ext32 = 0xc9;
inline constexpr std::uint8_t float32 = 0xca, float64 = 0xcb;
inline constexpr std::uint8_t uint8 = 0xcc, uint16 = 0xcd, uint32 = 0xce, uint64 = 0xcf;
inline constexpr std::uint8_t int8 = 0xd0, int16 = 0xd1, int32 = 0xd2, int64 = 0xd3;
inline constexpr std::uint8_t fixext1 = 0xd4, fixext2 = 0xd5, fixext4 = 0xd6, fixext8 = 0xd7, fixext16 = 0xd8;
inline constexpr std::uint8_t str8 = 0xd9, str16 = 0xda, str32 = 0xdb;
inline constexpr std::uint8_t array16 = 0xdc, array32 = 0xdd, map16 = 0xde, map32 = 0xdf;
inline constexpr std::uint8_t fixmap = 0x80, fixarray = 0x90, fixstr = 0xa0;
}  // namespace code

inline constexpr std::int8_t timestamp_type = -1;

using detail::load_be16;
using detail::load_be32;
using detail::load_be64;
using detail::store_be16;
using detail::store_be32;
using detail::store_be64;

constexpr std::size_t str_header_size(std::size_t n) noexcept { return detail::width_coded_length_size(n, 32); }

// The encoded key of field I of T (str header and name), rendered at compile time.
template <class T, std::size_t I>
inline constexpr auto& encoded_key =
    detail::width_coded_key<T, I, detail::text_codes{code::fixstr, 32, code::str8, code::str16}, std::endian::big>;

// How far a value reaches, from its tag: `size` bytes in all (the tag included), or, when `width`
// is set, the tag, a `width`-byte big-endian length and then `extra` plus that many bytes
// (strings, binaries, extensions) or that many nested values (`per_item` of them per counted
// item: arrays 1, maps 2). Fixed-size maps and arrays count their items in the tag itself
// (`nested`). `valid` is false for the one reserved code, 0xc1.
struct value_head {
  std::uint8_t size = 1, width = 0, extra = 0, per_item = 0, nested = 0;
  bool valid = true;
  bool checked = false;  // a string or an extension: a checked skip looks inside
};

inline constexpr auto value_heads = [] {
  std::array<value_head, 256> heads;
  heads.fill(value_head{1, 0, 0, 0, 0, true, false});  // spelled out: g++-12 loses default member initializers here
  for (int t = 0x80; t <= 0x8f; ++t) heads[t].nested = static_cast<std::uint8_t>(2 * (t & 0x0f));
  for (int t = 0x90; t <= 0x9f; ++t) heads[t].nested = static_cast<std::uint8_t>(t & 0x0f);
  for (int t = 0xa0; t <= 0xbf; ++t) heads[t].size = static_cast<std::uint8_t>(1 + (t & 0x1f));
  heads[0xc1].valid = false;
  for (int t = 0xa0; t <= 0xbf; ++t) heads[t].checked = true;
  for (const std::uint8_t t : {code::str8, code::str16, code::str32, code::ext8, code::ext16, code::ext32, code::fixext1, code::fixext2,
                               code::fixext4, code::fixext8, code::fixext16})
    heads[t].checked = true;
  heads[code::uint8].size = heads[code::int8].size = 2;
  heads[code::uint16].size = heads[code::int16].size = 3;
  heads[code::uint32].size = heads[code::int32].size = heads[code::float32].size = 5;
  heads[code::uint64].size = heads[code::int64].size = heads[code::float64].size = 9;
  heads[code::fixext1].size = 3;
  heads[code::fixext2].size = 4;
  heads[code::fixext4].size = 6;
  heads[code::fixext8].size = 10;
  heads[code::fixext16].size = 18;
  heads[code::str8].width = heads[code::bin8].width = heads[code::ext8].width = 1;
  heads[code::str16].width = heads[code::bin16].width = heads[code::ext16].width = 2;
  heads[code::str32].width = heads[code::bin32].width = heads[code::ext32].width = 4;
  heads[code::ext8].extra = heads[code::ext16].extra = heads[code::ext32].extra = 1;
  heads[code::array16].width = heads[code::map16].width = 2;
  heads[code::array32].width = heads[code::map32].width = 4;
  heads[code::array16].per_item = heads[code::array32].per_item = 1;
  heads[code::map16].per_item = heads[code::map32].per_item = 2;
  return heads;
}();

// The name of the wire type that starts with `tag`, for error messages.
constexpr std::string_view describe_tag(std::uint8_t tag) noexcept {
  if (tag <= 0x7f || tag >= 0xe0) return "integer";
  if (tag <= 0x8f) return "map";
  if (tag <= 0x9f) return "array";
  if (tag <= 0xbf) return "string";
  switch (tag) {
    case code::nil: return "nil";
    case code::false_:
    case code::true_: return "bool";
    case code::bin8:
    case code::bin16:
    case code::bin32: return "binary";
    case code::float32:
    case code::float64: return "float";
    case code::str8:
    case code::str16:
    case code::str32: return "string";
    case code::array16:
    case code::array32: return "array";
    case code::map16:
    case code::map32: return "map";
    case 0xc1: return "reserved byte 0xc1";
    default: break;
  }
  if (tag >= code::uint8 && tag <= code::int64) return "integer";
  return "extension";
}

}  // namespace prism::msgpack_detail
