#pragma once
// Delta packing of arrays, as zserio chooses and encodes it (docs/zserio.md, "Packed arrays").
// Each packable scalar reached inside an array element (a "slot") gets one delta_context for
// the whole array. The writer first feeds every value to init(), then writes; the reader reads
// the slot's descriptor at its first value. packing_t<T, S> is the tree of contexts for an
// element of type T: one per integer or enum, a tuple for a struct, the tag's plus one set per
// alternative for a variant, nothing for what cannot be packed (floats, bools, strings, and
// nested arrays, which are packed again with fresh contexts of their own).
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "common.hpp"

namespace prism::zserio_detail {

struct delta_context {
  static constexpr unsigned max_bit_number_limit = 62;

  bool started = false;
  bool is_packed = false;
  unsigned max_bit_number = 0;
  std::uint64_t previous = 0;
  std::uint64_t unpacked_bits = 0;
  std::uint64_t first_bits = 0;
  std::uint64_t count = 0;

  void init(std::uint64_t value, bool is_signed, std::uint64_t value_bits) noexcept {
    ++count;
    unpacked_bits += value_bits;
    if (count == 1) {
      previous = value;
      first_bits = value_bits;
      return;
    }
    if (max_bit_number > max_bit_number_limit) return;
    is_packed = true;
    const unsigned bits = static_cast<unsigned>(std::bit_width(distance(value, previous, is_signed)));
    if (bits > max_bit_number) {
      max_bit_number = bits;
      if (bits > max_bit_number_limit) is_packed = false;
    }
    previous = value;
  }

  // Packed only when strictly smaller than the values written one by one.
  void decide() noexcept {
    if (!is_packed) return;
    const std::uint64_t delta_bits = max_bit_number ? max_bit_number + 1 : 0;
    const std::uint64_t packed_bits = 1 + 6 + first_bits + (count - 1) * delta_bits;
    if (packed_bits >= 1 + unpacked_bits) is_packed = false;
  }

  unsigned delta_bits() const noexcept { return max_bit_number ? max_bit_number + 1 : 0; }
};

struct no_packing {};

template <class T, field_spec S>
struct packing_of {
  using type = no_packing;
};

template <class T, field_spec S>
using packing_t = typename packing_of<T, S>::type;

template <class T>
inline constexpr bool has_slots = !std::is_same_v<T, no_packing>;

template <packable_scalar T, field_spec S>
struct packing_of<T, S> {
  using type = delta_context;
};

// An adapted value packs as its proxy.
template <adapted T, field_spec S>
struct packing_of<T, S> {
  using type = packing_t<proxy_t<T>, S>;
};

template <class T, field_spec S>
  requires optional_type<T> || owning_pointer<T>
struct packing_of<T, S> {
  using type = packing_t<std::remove_cvref_t<decltype(*std::declval<T&>())>, S>;
};

template <class T, class Indices>
struct struct_packing;
template <class T, std::size_t... I>
struct struct_packing<T, std::index_sequence<I...>> {
  using type = std::tuple<packing_t<field_type<T, I>, spec_of<T, I>()>...>;
};

template <class T, field_spec S>
  requires plain_struct<T>
struct packing_of<T, S> {
  using type = typename struct_packing<T, std::make_index_sequence<field_count_v<T>>>::type;
};

template <class T, class Indices>
struct tuple_packing;
template <class T, std::size_t... I>
struct tuple_packing<T, std::index_sequence<I...>> {
  using type = std::tuple<packing_t<std::tuple_element_t<I, T>, field_spec{}>...>;
};

template <class T, field_spec S>
  requires tuple_type<T>
struct packing_of<T, S> {
  using type = typename tuple_packing<T, std::make_index_sequence<std::tuple_size_v<T>>>::type;
};

// A union: its tag is a slot, and each alternative has slots of its own.
template <class... Alternatives>
struct union_packing {
  delta_context tag;
  std::tuple<packing_t<Alternatives, field_spec{}>...> alternatives;
};

template <class... A, field_spec S>
struct packing_of<std::variant<A...>, S> {
  using type = union_packing<A...>;
};

// The contexts of the I-th member when packing, else the same empty set.
template <class Pack, std::size_t I, bool Packed>
constexpr auto& slot_of(Pack& pack) noexcept {
  if constexpr (Packed) {
    return std::get<I>(pack);
  } else {
    return pack;
  }
}

}  // namespace prism::zserio_detail
