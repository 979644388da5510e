#pragma once
// Whether prism knows how to write and read a type, checked once at the entry points, so that a
// member of a type it does not know is one short error naming the struct, the member and its
// type, rather than a cascade from inside a format.
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>

#include "adapter.hpp"
#include "concepts.hpp"
#include "fields.hpp"
#include "tensor.hpp"
#include "tensor_io.hpp"

namespace prism {

namespace detail {

template <class... Seen>
struct seen_types {};

struct all_supported {};

// The first type prism does not know, and where it was found: Owner's field Field (Owner is
// void until the search returns through the struct that holds it).
template <class Owner, std::size_t Field, class Type>
struct unsupported_found {};

// Converts only to a proper base class of T: an aggregate whose first element accepts it has one.
template <class T>
struct base_class_probe {
  template <class Base>
    requires(std::is_base_of_v<Base, T> && !std::is_same_v<Base, T>)
  operator Base() const noexcept;
};

// An aggregate with a base class: C++20 cannot name its members (structured bindings refuse a
// class whose members are split between it and a base), so it needs prism::meta.
template <class T>
concept aggregate_with_bases = reflectable_aggregate<T> && !has_meta_fields<T> && requires { T{base_class_probe<T>{}}; };

template <class T, class Seen>
struct find_unsupported;

template <class T, class Seen>
using find_unsupported_t = typename find_unsupported<T, Seen>::type;

template <class First, class... Rest>
constexpr auto first_found(First, Rest... rest) {
  if constexpr (!std::is_same_v<First, all_supported> || sizeof...(Rest) == 0) return First{};
  else return first_found(rest...);
}

// A field's result: an unsupported type found directly in it is placed at that field.
template <class Owner, std::size_t Field, class Found>
struct at_field {
  using type = Found;
};
template <class Owner, std::size_t Field, class Type>
struct at_field<Owner, Field, unsupported_found<void, 0, Type>> {
  using type = unsupported_found<Owner, Field, Type>;
};

template <class T, class... Seen>
struct find_unsupported<T, seen_types<Seen...>> {
  using seen = seen_types<Seen..., T>;

  static constexpr auto search() {
    if constexpr ((std::is_same_v<T, Seen> || ...)) {
      return all_supported{};  // a recursive type: checked where it was first met
    } else if constexpr (adapted<T>) {
      return find_unsupported_t<proxy_t<T>, seen>{};
    } else if constexpr (is_dynamic_value<T>::value || boolean<T> || integer<T> || floating<T> || enumeration<T> ||
                         string_type<T> || string_view_type<T> || blob<T> || tensor_type<T> || tensor_view_type<T> ||
                         adapted_tensor<T> || time_point_type<T> || std::is_same_v<T, std::monostate>) {
      return all_supported{};
    } else if constexpr (fixed_array<T> || sequence<T> || set_type<T>) {
      return find_unsupported_t<range_value_t<T>, seen>{};
    } else if constexpr (map_type<T>) {
      return first_found(find_unsupported_t<std::remove_const_t<typename T::key_type>, seen>{},
                         find_unsupported_t<typename T::mapped_type, seen>{});
    } else if constexpr (optional_type<T> || owning_pointer<T>) {
      return find_unsupported_t<std::remove_cvref_t<decltype(*std::declval<T&>())>, seen>{};
    } else if constexpr (variant_type<T> || tuple_type<T>) {
      return []<template <class...> class Sum, class... A>(std::type_identity<Sum<A...>>) {
        return first_found(all_supported{}, find_unsupported_t<A, seen>{}...);
      }(std::type_identity<T>{});
    } else if constexpr (reflectable<T> && !aggregate_with_bases<T>) {
      return []<std::size_t... I>(std::index_sequence<I...>) {
        return first_found(all_supported{}, typename at_field<T, I, find_unsupported_t<field_type<T, I>, seen>>::type{}...);
      }(std::make_index_sequence<field_count_v<T>>{});
    } else {
      return unsupported_found<void, 0, T>{};
    }
  }
  using type = decltype(search());
};

template <class T>
inline constexpr bool supported = std::is_same_v<find_unsupported_t<T, seen_types<>>, all_supported>;

// A field name as a template argument, so that the compiler's error shows it.
template <std::size_t N>
struct field_label {
  char name[N + 1]{};
  constexpr explicit field_label(std::string_view s) noexcept {
    for (std::size_t i = 0; i < N; ++i) name[i] = s[i];
  }
};

template <class T>
inline constexpr bool always_false = false;

// The error a user sees. Its first lines name the struct, the field and the type.
template <class Struct, auto Field, class Type>
struct unsupported_member {
  static_assert(always_false<Type>,
                "prism cannot write or read this member's type. Say how it travels with "
                "prism::adapter<Type> (to and from a type prism knows), or describe a struct's fields "
                "with prism::meta<Type>. See docs/types.md.");
  static constexpr bool reported = false;
};

template <class Type>
struct struct_with_base_classes {
  static_assert(always_false<Type>,
                "prism cannot reflect a struct with base classes (C++20 cannot name the members of a base). "
                "List its fields, the bases' members too, in prism::meta<Type>: "
                "prism::field<&Type::base_member>() works for a member of a public base. See docs/types.md.");
  static constexpr bool reported = false;
};

template <class Type>
struct unsupported_type {
  static_assert(always_false<Type>,
                "prism cannot write or read this type. Say how it travels with prism::adapter<Type> (to and "
                "from a type prism knows), or describe a struct's fields with prism::meta<Type>. See docs/types.md.");
  static constexpr bool reported = false;
};

template <class Found>
struct report_unsupported;
template <class Type>
struct report_unsupported<unsupported_found<void, 0, Type>> {
  static constexpr bool reported = [] {
    if constexpr (aggregate_with_bases<Type>) return struct_with_base_classes<Type>::reported;
    else return unsupported_type<Type>::reported;
  }();
};
template <class Struct, std::size_t Field, class Type>
struct report_unsupported<unsupported_found<Struct, Field, Type>> {
  static constexpr std::string_view name = field_name<Struct, Field>();
  static constexpr bool reported = [] {
    if constexpr (aggregate_with_bases<Type>) return struct_with_base_classes<Type>::reported;
    else return unsupported_member<Struct, field_label<name.size()>(name), Type>::reported;
  }();
};

// Instantiates the error above for an unsupported T. The entry points call it in the branch of
// `if constexpr (!supported<T>)` that replaces the format's code, so that nothing else fails.
template <class T>
constexpr void report_unsupported_type() noexcept {
  (void)report_unsupported<find_unsupported_t<T, seen_types<>>>::reported;
}

}  // namespace detail
}  // namespace prism
