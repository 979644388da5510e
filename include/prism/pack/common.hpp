#pragma once
// Pieces shared by the pack writer and reader: which types travel as raw bytes, and varints.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/error.hpp"
#include "../core/fields.hpp"
#include "../core/varint.hpp"
#include "format.hpp"
#include "ranged.hpp"

namespace prism::pack_detail {

// A struct written as its body's size, then its fields (pack_struct::versioned).
template <class T>
concept versioned_struct = reflectable<T> && type_attribute<pack_struct, T>().versioned;

// A struct with fields stored in the bits of their pack_range.
template <class T>
concept ranged_struct = reflectable<T> && !std::is_arithmetic_v<T> && has_ranged_field<T>();

template <class T>
constexpr bool is_raw() noexcept;

template <class T, std::size_t... I>
constexpr bool raw_struct(std::index_sequence<I...>) noexcept {
  return (is_raw<field_type<T, I>>() && ...) && (sizeof(field_type<T, I>) + ... + 0) == sizeof(T) &&
         !(ranged_field<T, I>() || ...);
}

// Types whose in-memory bytes are exactly their pack encoding on a little-endian machine:
// plain numbers, and arrays and padding-free aggregates of them (Vec3). They are copied with
// one memcpy, one by one or a whole contiguous range at once.
template <class T>
constexpr bool is_raw() noexcept {
  if constexpr (std::endian::native != std::endian::little || adapted<T>) {
    return false;
  } else if constexpr (plain_number<T>) {
    return true;
  } else if constexpr (fixed_array<T>) {
    return is_raw<typename T::value_type>() && sizeof(T) == sizeof(typename T::value_type) * std::tuple_size_v<T>;
  } else if constexpr (reflectable<T> && !has_meta_fields<T> && !versioned_struct<T> && std::is_trivially_copyable_v<T>) {
    return raw_struct<T>(std::make_index_sequence<field_count_v<T>>{});
  } else {
    return false;
  }
}

template <class T>
inline constexpr bool raw = is_raw<T>();

// The end of the run of raw fields of T that starts at field I, and the bytes the run takes:
// such a run (Monster's position, mana and hp) is bounds-checked or reserved once.
template <class T, std::size_t I>
constexpr std::size_t raw_run_end() noexcept {
  if constexpr (I < field_count_v<T>) {
    if constexpr (raw<field_type<T, I>> && !ranged_field<T, I>()) return raw_run_end<T, I + 1>();
  }
  return I;
}
template <class T, std::size_t I, std::size_t End>
constexpr std::size_t raw_run_bytes() noexcept {
  if constexpr (I < End) return sizeof(field_type<T, I>) + raw_run_bytes<T, I + 1, End>();
  else return 0;
}

using detail::max_varint_bytes;
using detail::varint_size;

using detail::put_varint;

// An unsigned LEB128 varint of at most 64 bits, in its shortest form.
template <class Ctx>
PRISM_INLINE bool read_varint(Ctx& ctx, std::uint64_t& out) {
  auto& src = ctx.src;
  if (!src.need(1)) [[unlikely]] return ctx.fail(errc::unexpected_end, src.offset(), "size");
  const std::uint8_t first = *src.cur();
  if (first < 0x80) [[likely]] {
    src.advance(1);
    out = first;
    return true;
  }
  const std::size_t start = src.offset();
  std::uint64_t value = 0;
  for (unsigned shift = 0;; shift += 7) {
    if (!src.need(1)) [[unlikely]] return ctx.fail(errc::unexpected_end, src.offset(), "size");
    const std::uint8_t byte = *src.cur();
    src.advance(1);
    if (shift == 63 && byte > 1) [[unlikely]] return ctx.fail(errc::invalid_value, start, "varint of at most 64 bits");
    value |= std::uint64_t(byte & 0x7F) << shift;
    if (byte < 0x80) {
      if (byte == 0 && shift > 0) [[unlikely]] return ctx.fail(errc::invalid_value, start, "shortest varint");
      out = value;
      return true;
    }
  }
}

}  // namespace prism::pack_detail
