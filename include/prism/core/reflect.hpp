#pragma once
// Reflection of plain aggregates without macros: field count by brace-initialization probing,
// field access through structured bindings, field names from __PRETTY_FUNCTION__.
//
// Limits: at most detail::max_reflected_fields (128) fields; C arrays as members are not
// supported by automatic reflection (use std::array); a struct with base classes is reflected
// when its bases are empty or it adds no member to its only base (aggregate_shape).
// Types outside these limits are described with prism::meta.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "detail/tie.hpp"
#include "pretty_name.hpp"

namespace prism::detail {

template <class T>
struct is_chrono_duration : std::false_type {};
template <class Rep, class Period>
struct is_chrono_duration<std::chrono::duration<Rep, Period>> : std::true_type {};

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-inline"
#endif
template <class T>
struct is_std_optional : std::false_type {};
template <class T>
struct is_std_optional<std::optional<T>> : std::true_type {};

// Converts to any member type in unevaluated probes. Each member is probed as `{any_field}`
// (list-initialization), which lets forwarding constructors (variant) win; conversions that
// would make a constructor call ambiguous (const char*, nullptr_t, durations) are excluded, and
// so are types that cannot be copied: a container of them would otherwise take the probe as an
// element of its initializer_list constructor, whose body (which copies) clang instantiates.
struct any_field {
  template <class T>
    requires(!is_chrono_duration<T>::value && !std::is_same_v<T, const char*> && !std::is_same_v<T, std::nullptr_t> &&
             std::is_copy_constructible_v<T>)
  constexpr operator T() const noexcept;
};
// Probed as a plain expression (copy-initialization): this form accepts durations, members
// that cannot be copied and, through their forwarding constructor, optionals.
struct any_field_plain {
  template <class T>
    requires(!is_std_optional<T>::value)
  constexpr operator T() const noexcept;
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <class T, class... Args>
concept list_constructible = requires { T{{std::declval<Args>()}...}; };
template <class T, class... Args>
concept plain_constructible = requires { T{std::declval<Args>()...}; };

template <class T, bool List, std::size_t... I>
constexpr bool constructible_with_n(std::index_sequence<I...>) noexcept {
  if constexpr (List) {
    return list_constructible<T, decltype((void)I, any_field{})...>;
  } else {
    return plain_constructible<T, decltype((void)I, any_field_plain{})...>;
  }
}

template <class T, bool List, std::size_t N = 0>
constexpr std::size_t count_aggregate_fields() noexcept {
  if constexpr (N > max_reflected_fields) {
    return N;
  } else if constexpr (constructible_with_n<T, List>(std::make_index_sequence<N + 1>{})) {
    return count_aggregate_fields<T, List, N + 1>();
  } else {
    return N;
  }
}

// Aggregates with base classes. C++20 cannot name a base, but it can tell where bases stand and
// whether they hold members: an element that accepts only a proper base of T is a base, and a
// base with members takes an initializer that is not a base through brace elision, which an
// empty base refuses. Structured bindings (and so reflection) work when every member belongs to
// one class: the bases are all empty, or T adds no member to its only base.
template <class T>
struct base_only {
  template <class B>
    requires(std::is_base_of_v<B, T> && !std::is_same_v<B, T>)
  operator B() const noexcept;
};
template <class T>
struct not_a_base {
  template <class U>
    requires(!std::is_base_of_v<U, T>)
  operator U() const noexcept;
};

// T{b, ..., b, last} with J leading bases given as themselves.
template <class T, std::size_t J, class Last>
constexpr bool initializable_after_bases() noexcept {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return requires { T{(void(I), base_only<T>{})..., std::declval<Last>()}; };
  }(std::make_index_sequence<J>{});
}

template <class T, std::size_t K = 0>
constexpr std::size_t count_leading_bases() noexcept {
  if constexpr (K < 16 && initializable_after_bases<T, K, base_only<T>>()) {
    return count_leading_bases<T, K + 1>();
  } else {
    return K;
  }
}

template <class T, std::size_t J>
constexpr bool base_has_members() noexcept {
  return initializable_after_bases<T, J, not_a_base<T>>();
}

// How many initializers T takes by brace elision into its only base's members.
template <class T, std::size_t N = 1>
constexpr std::size_t count_elided_fields() noexcept {
  if constexpr (N > max_reflected_fields) {
    return N;
  } else if constexpr ([]<std::size_t... I>(std::index_sequence<I...>) {
                         return requires { T{(void(I), not_a_base<T>{})...}; };
                       }(std::make_index_sequence<N + 1>{})) {
    return count_elided_fields<T, N + 1>();
  } else {
    return N;
  }
}

enum class base_layout : std::uint8_t { none, empty_bases, members_in_base, split };

template <class T>
struct aggregate_shape {
  static constexpr std::size_t elements = std::max(count_aggregate_fields<T, true>(), count_aggregate_fields<T, false>());
  static constexpr std::size_t bases = count_leading_bases<T>();
  static constexpr base_layout layout = [] {
    if constexpr (bases == 0) {
      return base_layout::none;
    } else if constexpr (![]<std::size_t... J>(std::index_sequence<J...>) {
                           return (base_has_members<T, J>() || ...);
                         }(std::make_index_sequence<bases>{})) {
      return base_layout::empty_bases;
    } else if constexpr (bases == 1 && elements == 1) {
      return base_layout::members_in_base;
    } else {
      return base_layout::split;
    }
  }();
  static constexpr std::size_t fields = [] {
    if constexpr (layout == base_layout::none) return elements;
    else if constexpr (layout == base_layout::empty_bases) return elements - bases;
    else if constexpr (layout == base_layout::members_in_base) return count_elided_fields<T>();
    else return std::size_t{0};
  }();
};

// True for an aggregate whose members are split between it and its bases: C++20 cannot reflect
// it (structured bindings refuse it), prism::meta can.
template <class T>
inline constexpr bool members_split_with_bases = aggregate_shape<T>::layout == base_layout::split;

template <class T>
inline constexpr std::size_t aggregate_field_count = aggregate_shape<T>::fields;

template <std::size_t I, class T>
constexpr decltype(auto) aggregate_field(T& value) noexcept {
  return field_of<I, aggregate_field_count<std::remove_const_t<T>>>(value);
}

// An object whose members' addresses are taken in constant expressions, so that the compiler
// spells the member names; no T is ever constructed.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-var-template"
#pragma clang diagnostic ignored "-Wundefined-internal"
#pragma clang diagnostic ignored "-Wundefined-internal-type"
// clang: declared, never defined (a union holding a T that is not a literal type would not be
// literal for clang).
template <class T>
struct external_holder {
  static const T value;
};
template <class T>
constexpr const T& name_probe() noexcept {
  return external_holder<T>::value;
}
#else
// g++: an object declared but never defined cannot have a type without linkage (a struct in a
// function body or an anonymous namespace); a constant union whose T member is never active
// can, for every T.
template <class T>
union probe_storage {
  char none;
  T value;
  constexpr probe_storage() noexcept : none() {}
  constexpr ~probe_storage() {}
};
template <class T>
inline constexpr probe_storage<T> probe_object{};
template <class T>
constexpr const T& name_probe() noexcept {
  return probe_object<T>.value;
}
#endif

template <std::size_t I, class T>
constexpr auto field_pointer() noexcept {
  auto& field = aggregate_field<I>(name_probe<T>());
  return wrapped_ptr<std::remove_cvref_t<decltype(field)>>{&field};
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <class T, std::size_t I>
inline constexpr std::string_view aggregate_field_name = [] {
  // One trailing underscore is dropped, so that a field can carry a name that is a C++
  // keyword: `bool protected_;` is "protected" on the wire.
  constexpr std::string_view name = member_name_from_pointer<field_pointer<I, T>()>();
  return name.size() > 1 && name.back() == '_' ? name.substr(0, name.size() - 1) : name;
}();

}  // namespace prism::detail
