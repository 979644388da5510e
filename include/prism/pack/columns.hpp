#pragma once
// What the column writer and reader of pack's packed mode share: a column is a range of items
// and a projection from an item to the value it holds (a field of a parent column's element, or
// the element a pointer points to).
#include <iterator>
#include <ranges>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/fields.hpp"
#include "../core/options.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::pack_detail {

template <class Items, class Proj>
using column_value_t = std::remove_cvref_t<decltype(std::declval<Proj&>()(*std::ranges::begin(std::declval<Items&>())))>;

struct deref {
  template <class P>
  PRISM_INLINE auto& operator()(P* p) const noexcept {
    return *p;
  }
};

struct entry_key {
  template <class Entry>
  PRISM_INLINE const auto& operator()(const Entry* e) const noexcept {
    return e->first;
  }
};

struct entry_value {
  template <class Entry>
  PRISM_INLINE auto& operator()(Entry* e) const noexcept {
    return e->second;
  }
};

// Tensors (prism's and adapted ones) keep their own encoding in every column.
template <class T>
concept any_tensor = tensor_type<T> || adapted_tensor<T>;

// Values whose column is each item in pack's plain encoding, one after another: tensors keep
// their own encoding, adapted values go through their proxy, sets and bit vectors have no
// element to point at, versioned structs keep their size before each body and ranged ones
// their bit strings.
template <class T>
concept row_only = any_tensor<T> || adapted<T> || set_type<T> || versioned_struct<T> || ranged_struct<T> ||
                   (detail::is_specialization<T, std::vector>::value && std::same_as<typename T::value_type, bool>);

// Values that pack's packed mode writes as a column of one item, so that their elements go
// column by column: sequences, fixed arrays and maps.
template <class T>
concept packed_container = (sequence<T> || fixed_array<T> || map_type<T>) && !row_only<T>;

// Structs that pack writes and reads field by field (the last branch of write_value and
// read_value): not raw, not a container in packed mode.
template <options O, class T>
inline constexpr bool field_by_field =
    reflectable<T> && !any_tensor<T> && !adapted<T> && !(own<O>.packed_sequences && packed_container<T>) && !raw<T> && !boolean<T> &&
    !enumeration<T> && !string_type<T> && !string_view_type<T> && !blob<T> && !fixed_array<T> && !sequence<T> &&
    !map_type<T> && !optional_type<T> && !owning_pointer<T> && !variant_type<T> && !tuple_type<T> && !time_point_type<T>;

// The fewest bytes one element takes in a packed column: integers may take none at all, floats
// their size; structs, tuples and arrays the sum of their parts.
template <class T>
constexpr std::size_t column_min_bytes() noexcept {
  if constexpr (row_only<T>) {
    return 1;
  } else if constexpr (floating<T>) {
    return sizeof(T);
  } else if constexpr (fixed_array<T>) {
    return std::tuple_size_v<T> * column_min_bytes<typename T::value_type>();
  } else if constexpr (tuple_type<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (column_min_bytes<std::tuple_element_t<I, T>>() + ... + 0);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (plain_struct<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (column_min_bytes<field_type<T, I>>() + ... + 0);
    }(std::make_index_sequence<field_count_v<T>>{});
  } else {
    return 0;
  }
}

}  // namespace prism::pack_detail
