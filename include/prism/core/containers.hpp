#pragma once
// Helpers that decoders share for filling C++ containers and sum types.
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <variant>

#include "concepts.hpp"
#include "config.hpp"

namespace prism::detail {

// Calls f(std::in_place_index<I>) for the runtime index; false when the index is out of range.
template <class Variant, class F>
PRISM_INLINE bool visit_index(std::size_t index, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool result = false;
    (void)((index == I ? (result = f(std::integral_constant<std::size_t, I>{}), true) : false) || ...);
    return result;
  }(std::make_index_sequence<std::variant_size_v<Variant>>{});
}

// Makes `v` hold alternative I, keeping the current value when it already does.
template <std::size_t I, class Variant>
PRISM_INLINE auto& ensure_alternative(Variant& v) {
  if (v.index() != I) v.template emplace<I>();
  return *std::get_if<I>(&v);
}

template <class Optional>
PRISM_INLINE auto& ensure_engaged(Optional& o) {
  if (!o) o.emplace();
  return *o;
}

template <class Pointer>
PRISM_INLINE auto& ensure_allocated(Pointer& p) {
  if (!p) p = std::make_unique<typename Pointer::element_type>();
  return *p;
}

// Minimal byte cost of a value on the wire for a format whose scalar sizes are given by
// the format; used to refuse a length prefix that the remaining input cannot hold.
template <class T>
inline constexpr std::size_t at_least_one_byte = 1;

}  // namespace prism::detail
