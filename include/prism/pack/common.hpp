#pragma once
// Pieces shared by the pack writer and reader: which types travel as raw bytes, and varints.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>
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

// What a versioned struct's body says of the type that wrote it: for each of its versions (the
// fields up to the last one with that pack_field::since), a hash of the names and kinds of those
// fields. A reader checks the hash of the last version both know against its own fields, so that
// a field inserted, removed, reordered or added without a new version is an error, not a misread.
struct field_list_hash {
  std::uint32_t state = 2166136261u;  // FNV-1a
  constexpr void add(std::string_view text) noexcept {
    for (char c : text) state = (state ^ static_cast<unsigned char>(c)) * 16777619u;
    state = (state ^ 0xffu) * 16777619u;
  }
  constexpr std::uint8_t byte() const noexcept {
    return static_cast<std::uint8_t>(state ^ (state >> 8) ^ (state >> 16) ^ (state >> 24));
  }
};

// A field's kind for the hash: numbers by kind and width, everything else by its category.
template <class F>
constexpr std::string_view field_kind() noexcept {
  if constexpr (std::is_same_v<F, bool>) return "b";
  else if constexpr (std::is_floating_point_v<F>) return sizeof(F) == 4 ? "f4" : "f8";
  else if constexpr (std::is_enum_v<F>) return field_kind<std::underlying_type_t<F>>();
  else if constexpr (std::is_integral_v<F>) {
    constexpr std::string_view names[2][4] = {{"u1", "u2", "u4", "u8"}, {"i1", "i2", "i4", "i8"}};
    return names[std::is_signed_v<F>][std::bit_width(sizeof(F)) - 1];
  } else if constexpr (string_type<F> || string_view_type<F>) return "s";
  else if constexpr (sequence<F> || fixed_array<F>) return "a";
  else if constexpr (map_type<F>) return "m";
  else if constexpr (optional_type<F> || owning_pointer<F>) return "o";
  else if constexpr (variant_type<F>) return "v";
  else return "x";
}

template <class T>
constexpr unsigned version_count() noexcept {
  unsigned versions = 1;
  for_each_field_index<T>([&](auto I) {
    constexpr unsigned since = field_attribute<pack_field, T, I>().since;
    static_assert(since >= 1, "prism::pack_field: versions start at 1");
    versions = since > versions ? since : versions;
  });
  return versions;
}

// Whether each field's version is at least the one before it.
template <class T>
constexpr bool versions_grow() noexcept {
  unsigned last = 1;
  bool grow = true;
  for_each_field_index<T>([&](auto I) {
    constexpr unsigned since = field_attribute<pack_field, T, I>().since;
    grow = grow && since >= last;
    last = since;
  });
  return grow;
}

// hashes[v - 1]: the hash of the fields of versions 1 to v.
template <class T>
inline constexpr auto version_hashes = [] {
  constexpr unsigned versions = version_count<T>();
  static_assert(versions <= 255, "prism::pack_field: at most 255 versions");
  static_assert(versions_grow<T>(),
                "prism::pack_field: a field of a later version comes before one of an earlier version; "
                "append new fields at the end of the versioned struct");
  std::array<std::uint8_t, versions> hashes{};
  field_list_hash h;
  unsigned version = 1;
  for_each_field_index<T>([&](auto I) {
    constexpr unsigned since = field_attribute<pack_field, T, I>().since;
    for (; version < since; ++version) hashes[version - 1] = h.byte();
    h.add(field_name<T, I>());
    h.add(field_kind<field_type<T, I>>());
  });
  for (; version <= versions; ++version) hashes[version - 1] = h.byte();
  return hashes;
}();

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

// The most bytes that a field's usual path (read.hpp's read_usual) looks at, for the fields that a run
// reads with one check of the bytes in view; 0 for the others.
template <class F>
consteval std::size_t usual_reach() {
  if constexpr (raw<F> || enumeration<F>) return sizeof(F);
  else if constexpr (boolean<F>) return 1;
  else if constexpr (string_type<F>) return 17;  // the count and one 16-byte load
  else return 0;
}

// The end of the run of such fields from field I.
template <class T, std::size_t I>
consteval std::size_t usual_run_end() {
  if constexpr (I < field_count_v<T>) {
    if constexpr (usual_reach<field_type<T, I>>() != 0) return usual_run_end<T, I + 1>();
  }
  return I;
}

template <class T, std::size_t I, std::size_t End>
consteval std::size_t usual_run_reach() {
  return []<std::size_t... K>(std::index_sequence<K...>) {
    return (std::size_t{0} + ... + usual_reach<field_type<T, I + K>>());
  }(std::make_index_sequence<End - I>{});
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
