#pragma once
// How a std::variant names its alternatives in formats that tag them by name (JSON):
//   template <> struct prism::meta<Shape> {          // Shape = std::variant<Circle, Square>
//     static constexpr std::string_view tag = "kind";                      // default "type"
//     static constexpr std::array<std::string_view, 2> names{"circle", "square"};
//   };
// By default the tag is "type" and each alternative is named by its unqualified type name. An
// empty tag writes {"name": value} instead (externally tagged).
#include <array>
#include <cstddef>
#include <string_view>
#include <variant>

#include "concepts.hpp"
#include "hash.hpp"
#include "meta.hpp"
#include "pretty_name.hpp"

namespace prism {

namespace detail {
template <class T>
constexpr std::string_view alternative_name() noexcept {
  if constexpr (string_type<T> || string_view_type<T>) return "string";
  else if constexpr (std::is_same_v<T, std::monostate>) return "null";
  else return short_type_name<T>();
}

}  // namespace detail

template <class V>
constexpr std::string_view variant_tag() noexcept {
  if constexpr (requires { meta<V>::tag; }) return meta<V>::tag;
  else return "type";
}

template <class V>
constexpr std::array<std::string_view, std::variant_size_v<V>> variant_names() noexcept {
  if constexpr (requires { meta<V>::names; }) {
    return meta<V>::names;
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return std::array<std::string_view, sizeof...(I)>{
          detail::alternative_name<std::variant_alternative_t<I, V>>()...};
    }(std::make_index_sequence<std::variant_size_v<V>>{});
  }
}

namespace detail {
template <class V>
inline constexpr key_index<std::variant_size_v<V>> variant_index{variant_names<V>()};
}  // namespace detail

}  // namespace prism
