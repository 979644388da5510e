#pragma once
// What the column writer and reader of pack's packed mode share: a column is a range of items
// and a projection from an item to the value it holds (a field of a parent column's element, or
// the element a pointer points to).
#include <iterator>
#include <ranges>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"

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

// Values that pack's packed mode writes as a column of one item, so that their elements go
// column by column: sequences, fixed arrays and maps.
template <class T>
concept packed_container = (sequence<T> || fixed_array<T> || map_type<T>) && !any_tensor<T>;

}  // namespace prism::pack_detail
