#pragma once
// What the protobuf encoder and decoder share: wire types, how each C++ scalar is encoded,
// varints, and the field numbers of a struct (a variant member takes one per alternative).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <variant>

#include "../core/byte_order.hpp"
#include "../core/varint.hpp"
#include "../core/concepts.hpp"
#include "../core/config.hpp"
#include "../core/fields.hpp"
#include "../core/options.hpp"
#include "format.hpp"

namespace prism::protobuf_detail {

enum class wire : std::uint8_t { varint = 0, i64 = 1, len = 2, group_start = 3, group_end = 4, i32 = 5 };

inline constexpr std::uint32_t max_field_number = (1u << 29) - 1;

// A value that protobuf encodes without a length: a varint, fixed32 or fixed64.
template <class T>
concept scalar = boolean<T> || integer<T> || floating<T> || enumeration<T>;

// Values written as a message of their own: fields, a oneof, a Timestamp.
template <class T>
concept message_like = plain_struct<T> || tuple_type<T> || time_point_type<T> || variant_type<T>;

template <class T>
concept bytes_like = string_type<T> || string_view_type<T> || blob<T>;

template <class T>
concept pointer_like = optional_type<T> || owning_pointer<T>;

// Sequences of scalars are packed; sequences of anything else are repeated fields.
template <class T>
concept packed_range = (sequence<T> || fixed_array<T>) && scalar<range_value_t<T>>;

// Ranges of adapted values that travel as scalars: packed, as their proxies would be.
template <class T>
concept adapted_scalar_range =
    (sequence<T> || fixed_array<T>) && adapted<range_value_t<T>> && scalar<travels_as_t<range_value_t<T>>>;

template <class T>
concept repeated_range = (sequence<T> || fixed_array<T>) && !scalar<range_value_t<T>> && !adapted_scalar_range<T>;

// How one scalar is written, after the field's protobuf_integer and protobuf_options::zigzag.
enum class scalar_code : std::uint8_t { varint_signed, varint_unsigned, zigzag32, zigzag64, fixed32, fixed64, float32, float64 };

template <class T, protobuf_integer E, options O>
constexpr scalar_code code_of() noexcept {
  if constexpr (floating<T>) {
    return sizeof(T) == 4 ? scalar_code::float32 : scalar_code::float64;
  } else if constexpr (boolean<T>) {
    return scalar_code::varint_unsigned;
  } else if constexpr (enumeration<T>) {
    return std::is_signed_v<std::underlying_type_t<T>> ? scalar_code::varint_signed : scalar_code::varint_unsigned;
  } else {
    constexpr protobuf_integer e = E != protobuf_integer::automatic ? E
                                   : own<O>.zigzag                      ? protobuf_integer::zigzag
                                                                   : protobuf_integer::varint;
    if constexpr (e == protobuf_integer::fixed) {
      return sizeof(T) <= 4 ? scalar_code::fixed32 : scalar_code::fixed64;
    } else if constexpr (e == protobuf_integer::zigzag && std::is_signed_v<T>) {
      return sizeof(T) <= 4 ? scalar_code::zigzag32 : scalar_code::zigzag64;
    } else {
      return std::is_signed_v<T> ? scalar_code::varint_signed : scalar_code::varint_unsigned;
    }
  }
}

constexpr wire wire_of(scalar_code c) noexcept {
  switch (c) {
    case scalar_code::fixed32: case scalar_code::float32: return wire::i32;
    case scalar_code::fixed64: case scalar_code::float64: return wire::i64;
    default: return wire::varint;
  }
}

constexpr std::size_t fixed_width(scalar_code c) noexcept {
  return wire_of(c) == wire::i32 ? 4 : wire_of(c) == wire::i64 ? 8 : 0;
}

// ---- varints ----

using detail::get_varint_bounded;
using detail::get_varint_unchecked;
using detail::put_varint;
using detail::varint_size;
using detail::zigzag_decode;
using detail::zigzag_encode;

// The varint bytes of a run of unsigned integers narrower than 64 bits: one byte, plus one per
// 7-bit step the value reaches. Blocks of a fixed count let compilers vectorize the sum.
template <class T>
PRISM_INLINE std::size_t varint_run_size(const T* data, std::size_t n) noexcept {
  static_assert(std::is_unsigned_v<T> && sizeof(T) < 8);
  constexpr unsigned steps = (8 * sizeof(T) + 6) / 7 - 1;
  const auto extra = [](T x) {
    T e = 0;
    for (unsigned k = 1; k <= steps; ++k) e += x >= (T{1} << (7 * k));
    return e;
  };
  constexpr std::size_t block = 32;
  std::size_t total = n, i = 0;
  for (; i + block <= n; i += block) {
    T sum = 0;  // at most block * steps, which fits T
    for (std::size_t j = 0; j < block; ++j) sum += extra(data[i + j]);
    total += sum;
  }
  for (; i < n; ++i) total += extra(data[i]);
  return total;
}

// Branch-free decoding for runs of varints (packed fields), where the length of each varint is
// unpredictable. Groups is how many 7-bit groups the values can need (fewer shifts for narrow
// types). Encoding keeps the loop of put_varint: on the machines measured it was faster than a
// branch-free spread of the groups.
// The value of the first Groups varint bytes held little-endian in x (bytes past the varint zero).
template <unsigned Groups = 8>
PRISM_INLINE constexpr std::uint64_t join_varint_bytes(std::uint64_t x) noexcept {
  std::uint64_t v = x & 0x7f;
  [&]<unsigned... K>(std::integer_sequence<unsigned, K...>) {
    ((v |= (x >> (K + 1)) & (std::uint64_t{0x7f} << (7 * (K + 1)))), ...);
  }(std::make_integer_sequence<unsigned, Groups - 1>{});
  return v;
}

// Decodes a varint of at most 8 bytes from 8 readable bytes; 0 for a longer one.
PRISM_INLINE std::size_t get_varint_wide(const std::uint8_t* p, std::uint64_t& v) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  const std::uint64_t stops = ~w & 0x8080808080808080ull;
  if (stops == 0) [[unlikely]] return 0;
  const std::uint64_t last = stops & (~stops + 1);
  v = join_varint_bytes(w & ((last << 1) - 1));
  return static_cast<std::size_t>(std::countr_zero(last) >> 3) + 1;
}

// Varint groups a scalar's wire value can need, as far as the wide forms go (at most 8).
template <scalar_code C, class T>
inline constexpr unsigned varint_groups = [] {
  if constexpr (C == scalar_code::varint_unsigned && !enumeration<T>) {
    return std::min(8u, unsigned(8 * sizeof(T) + 6) / 7);
  } else if constexpr (C == scalar_code::zigzag32) {
    return 5u;
  } else {
    return 8u;
  }
}();

// The 64 bits a scalar puts on the wire (the varint value, or the fixed32/64 bit pattern).
template <scalar_code C, class T>
PRISM_INLINE std::uint64_t wire_bits(T v) noexcept {
  if constexpr (C == scalar_code::float32) {
    return std::bit_cast<std::uint32_t>(static_cast<float>(v));
  } else if constexpr (C == scalar_code::float64) {
    return std::bit_cast<std::uint64_t>(static_cast<double>(v));
  } else {
    using U = integer_of_t<T>;
    const auto u = static_cast<U>(v);
    if constexpr (C == scalar_code::zigzag32) {
      const auto s = static_cast<std::int32_t>(u);
      return static_cast<std::uint32_t>((static_cast<std::uint32_t>(s) << 1) ^ static_cast<std::uint32_t>(s >> 31));
    } else if constexpr (C == scalar_code::zigzag64) {
      return zigzag_encode(static_cast<std::int64_t>(u));
    } else if constexpr (C == scalar_code::fixed32) {
      return static_cast<std::uint32_t>(u);
    } else if constexpr (std::is_signed_v<U>) {
      return static_cast<std::uint64_t>(static_cast<std::int64_t>(u));
    } else {
      return static_cast<std::uint64_t>(u);
    }
  }
}

// ---- field numbers ----

// Numbers a member takes: one per alternative of a variant that is not std::monostate, none for
// the member that keeps unknown fields.
template <class T>
constexpr std::size_t alternatives_with_numbers() noexcept {
  if constexpr (std::is_same_v<T, protobuf_unknown_fields>) {
    return 0;
  } else if constexpr (variant_type<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (std::size_t{0} + ... + (std::is_same_v<std::variant_alternative_t<I, T>, std::monostate> ? 0 : 1));
    }(std::make_index_sequence<std::variant_size_v<T>>{});
  } else {
    return 1;
  }
}

// One field number of a struct: the member it belongs to and, for a variant, the alternative.
struct slot {
  std::uint32_t number = 0;
  std::size_t field = 0;
  std::size_t alternative = 0;
};

template <class T>
constexpr std::size_t slot_count() noexcept {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (std::size_t{0} + ... + alternatives_with_numbers<field_type<T, I>>());
  }(std::make_index_sequence<field_count_v<T>>{});
}

// Calls f(alternative) for each number member type M takes (see alternatives_with_numbers).
template <class M, class F>
constexpr void for_each_numbered_alternative(F&& f) {
  if constexpr (std::is_same_v<M, protobuf_unknown_fields>) {
  } else if constexpr (variant_type<M>) {
    [&]<std::size_t... A>(std::index_sequence<A...>) {
      ((std::is_same_v<std::variant_alternative_t<A, M>, std::monostate> ? void() : f(A)), ...);
    }(std::make_index_sequence<std::variant_size_v<M>>{});
  } else {
    f(std::size_t{0});
  }
}

// The index of T's member that keeps unknown fields, or field_count_v<T> when it has none.
template <class T>
constexpr std::size_t unknown_fields_member() noexcept {
  std::size_t found = field_count_v<T>;
  for_each_field_index<T>([&](auto I) {
    if constexpr (std::is_same_v<field_type<T, I>, protobuf_unknown_fields>) found = I;
  });
  return found;
}

// A member with a meta id takes it (a variant: its alternatives take the id and the numbers
// after it). The others take, in declaration order, the lowest numbers that no id takes, so that
// a field inserted with an id leaves the numbers of the fields around it as they were.
template <class T>
constexpr auto make_slots() noexcept {
  std::array<slot, slot_count<T>()> slots{};
  std::size_t at = 0;
  for_each_field_index<T>([&](auto I) {
    constexpr std::uint32_t id = field_attribute<protobuf_field, T, I>().number;
    if constexpr (id != 0) {
      std::uint32_t number = id;
      for_each_numbered_alternative<field_type<T, I>>([&](std::size_t a) { slots[at++] = slot{number++, I, a}; });
    }
  });
  const auto taken = [&](std::uint32_t n) {
    for (std::size_t i = 0; i < at; ++i)
      if (slots[i].number == n) return true;
    return false;
  };
  std::uint32_t next = 1;
  for_each_field_index<T>([&](auto I) {
    if constexpr (field_attribute<protobuf_field, T, I>().number == 0) {
      for_each_numbered_alternative<field_type<T, I>>([&](std::size_t a) {
        while (taken(next)) ++next;
        slots[at++] = slot{next++, I, a};
      });
    }
  });
  // Declaration order, which the writer follows.
  for (std::size_t i = 1; i < slots.size(); ++i)
    for (std::size_t j = i; j > 0 && slots[j - 1].field > slots[j].field; --j) std::swap(slots[j - 1], slots[j]);
  return slots;
}

template <class T>
constexpr bool valid_numbers(const auto& slots) noexcept {
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].number == 0 || slots[i].number > max_field_number) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (slots[i].number == slots[j].number) return false;
  }
  return true;
}

template <class T>
inline constexpr auto struct_slots = [] {
  constexpr auto slots = make_slots<T>();
  static_assert(valid_numbers<T>(slots), "prism::protobuf: field numbers must be unique and in [1, 2^29 - 1]");
  return slots;
}();

// The number of member I's first slot (its alternative 0 or first non-monostate one).
template <class T, std::size_t I>
constexpr std::uint32_t first_number() noexcept {
  for (const auto& s : struct_slots<T>)
    if (s.field == I) return s.number;
  return 0;
}

template <class T, std::size_t I, std::size_t Alternative>
constexpr std::uint32_t alternative_number() noexcept {
  for (const auto& s : struct_slots<T>)
    if (s.field == I && s.alternative == Alternative) return s.number;
  return 0;
}

// Alternative A of a variant that is not a struct member (a oneof on its own): numbered from 1,
// std::monostate taking no number.
template <class V, std::size_t A>
constexpr std::uint32_t oneof_number() noexcept {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return std::uint32_t{1} + (std::uint32_t{0} + ... +
                               (I < A && !std::is_same_v<std::variant_alternative_t<I, V>, std::monostate> ? 1u : 0u));
  }(std::make_index_sequence<std::variant_size_v<V>>{});
}

// A field key (number and wire type) as the bytes of its varint, computed at compile time.
struct tag_bytes {
  std::array<std::uint8_t, 5> bytes{};
  std::size_t size = 0;
};

template <std::uint32_t Number, wire W>
inline constexpr tag_bytes tag_of = [] {
  tag_bytes t;
  std::uint64_t v = (std::uint64_t{Number} << 3) | static_cast<std::uint8_t>(W);
  while (v >= 0x80) {
    t.bytes[t.size++] = static_cast<std::uint8_t>(v | 0x80);
    v >>= 7;
  }
  t.bytes[t.size++] = static_cast<std::uint8_t>(v);
  return t;
}();

template <class T, std::size_t I>
inline constexpr protobuf_integer encoding_of = field_attribute<protobuf_field, T, I>().encoding;

}  // namespace prism::protobuf_detail
