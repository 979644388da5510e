#pragma once
// One view of the fields of a struct, whether reflected (plain aggregates) or described by
// prism::meta: count, names, format attributes and access by index. Formats use only this header.
#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "meta.hpp"
#include "reflect.hpp"

namespace prism {

namespace detail {
template <class T>
concept reflectable_aggregate = std::is_class_v<T> && std::is_aggregate_v<T> && !std::is_union_v<T>;
}

// A struct whose fields prism can enumerate.
template <class T>
concept reflectable = has_meta_fields<T> || detail::reflectable_aggregate<T>;

namespace detail {
inline constexpr std::size_t no_annotation = static_cast<std::size_t>(-1);

template <class T>
using annotations_t = std::remove_cvref_t<decltype(meta<T>::annotations)>;

// The index in meta<T>::annotations of the entry for reflected member I (matched by the member's
// name, which is unique in an aggregate), else no_annotation.
template <class T, std::size_t I>
constexpr std::size_t annotation_of() noexcept {
  if constexpr (!has_meta_annotations<T>) {
    return no_annotation;
  } else {
    return []<std::size_t... A>(std::index_sequence<A...>) {
      constexpr std::string_view member = member_name_from_pointer<field_pointer<I, T>()>();
      std::size_t found = no_annotation;
      ((member_name_from_pointer<std::tuple_element_t<A, annotations_t<T>>::pointer>() == member ? found = A : found), ...);
      return found;
    }(std::make_index_sequence<std::tuple_size_v<annotations_t<T>>>{});
  }
}

// Every annotation names a member of T itself, and T lists no fields of its own.
template <class T>
constexpr bool annotations_are_valid() noexcept {
  static_assert(!has_meta_fields<T>,
                "prism::meta: give either `fields` (the members to use) or `annotations` (attributes of some "
                "members, keeping all), not both");
  static_assert(reflectable_aggregate<T>, "prism::meta: `annotations` need an aggregate whose members prism reflects; "
                                          "list the members in `fields` instead");
  return []<std::size_t... A>(std::index_sequence<A...>) {
    return (std::is_same_v<typename std::tuple_element_t<A, annotations_t<T>>::class_type, T> && ...);
  }(std::make_index_sequence<std::tuple_size_v<annotations_t<T>>>{});
}
}  // namespace detail

template <reflectable T>
constexpr std::size_t field_count() noexcept {
  if constexpr (has_meta_annotations<T>) {
    static_assert(detail::annotations_are_valid<T>(),
                  "prism::meta<T>::annotations: every entry must be prism::field<&T::member>() of T's own members");
  }
  if constexpr (has_meta_fields<T>) {
    return std::tuple_size_v<std::remove_cvref_t<decltype(meta<T>::fields)>>;
  } else {
    return detail::aggregate_field_count<T>;
  }
}

template <class T>
inline constexpr std::size_t field_count_v = field_count<T>();

namespace detail {
// The name of field I as declared: given in meta, else the member's own; `own` says which.
template <class T, std::size_t I>
constexpr std::pair<std::string_view, bool> declared_field_name() noexcept {
  if constexpr (has_meta_fields<T>) {
    using field = std::tuple_element_t<I, std::remove_cvref_t<decltype(meta<T>::fields)>>;
    constexpr std::string_view given = std::get<I>(meta<T>::fields).name;
    return {given, given == member_name_from_pointer<field::pointer>()};
  } else if constexpr (annotation_of<T, I>() != no_annotation) {
    // An annotation's name is the member's own unless it renames it.
    constexpr std::string_view given = std::get<annotation_of<T, I>()>(meta<T>::annotations).name;
    constexpr std::string_view own = member_name_from_pointer<field_pointer<I, T>()>();
    return given == own ? std::pair{aggregate_field_name<T, I>, true} : std::pair{given, false};
  } else {
    return {aggregate_field_name<T, I>, true};
  }
}

constexpr bool is_upper(char c) noexcept { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr char to_upper(char c) noexcept { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }
constexpr char to_lower(char c) noexcept { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// `name` in key case `k`, written into `out` when it is given; returns the length.
constexpr std::size_t cased_name(std::string_view name, key_case k, char* out = nullptr) noexcept {
  if (!name.empty() && name.back() == '_') name.remove_suffix(1);
  std::size_t n = 0;
  std::size_t word = 0;  // words seen
  bool in_word = false;
  const auto put = [&](char c) {
    if (out != nullptr) out[n] = c;
    ++n;
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '_' || c == '-') {
      in_word = false;
      continue;
    }
    const bool starts = !in_word || (is_upper(c) && i > 0 && is_lower(name[i - 1]));
    if (starts) {
      if (word > 0 && k == key_case::kebab) put('-');
      if (word > 0 && k == key_case::snake) put('_');
      ++word;
    }
    in_word = true;
    const bool capital = starts && (k == key_case::pascal || (k == key_case::camel && word > 1));
    put(capital ? to_upper(c) : to_lower(c));
  }
  return n;
}

template <class T, std::size_t I>
struct cased_field_name {
  static constexpr std::string_view source = declared_field_name<T, I>().first;
  static constexpr key_case keys = type_attribute<naming, T>().keys;
  static constexpr std::size_t size = cased_name(source, keys);
  static constexpr auto text = [] {
    std::array<char, size + 1> out{};
    cased_name(source, keys, out.data());
    return out;
  }();
  static constexpr std::string_view value{text.data(), size};
};
}  // namespace detail

// The name of field I on the wire: given in meta, else the member's own in the type's
// key_case (prism::naming).
template <class T, std::size_t I>
constexpr std::string_view field_name() noexcept {
  constexpr auto declared = detail::declared_field_name<T, I>();
  if constexpr (declared.second && type_attribute<naming, T>().keys != key_case::as_declared) {
    return detail::cased_field_name<T, I>::value;
  } else {
    return declared.first;
  }
}

// The attribute of type A (one format's, such as prism::protobuf_field) that meta<T> gives field I,
// else A{}.
template <class A, class T, std::size_t I>
constexpr A field_attribute() noexcept {
  if constexpr (has_meta_fields<T>) {
    return std::get<I>(meta<T>::fields).template attribute<A>();
  } else if constexpr (detail::annotation_of<T, I>() != detail::no_annotation) {
    return std::get<detail::annotation_of<T, I>()>(meta<T>::annotations).template attribute<A>();
  } else {
    return A{};
  }
}

template <class T>
constexpr std::array<std::string_view, field_count_v<T>> field_names() noexcept {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{field_name<T, I>()...};
  }(std::make_index_sequence<field_count_v<T>>{});
}

namespace detail {
// The step of field `index` of T in an error's path (false): one cold call with the index,
// where a step per field would pass each name at its own call site.
template <class T, class Ctx>
PRISM_COLD bool in_field_at(Ctx& ctx, std::size_t index) {
  static constexpr auto names = field_names<T>();
  return ctx.in_field(names[index]);
}
}  // namespace detail

template <std::size_t I, class T>
constexpr decltype(auto) get_field(T& object) noexcept {
  using type = std::remove_const_t<T>;
  if constexpr (has_meta_fields<type>) {
    return (object.*(std::tuple_element_t<I, std::remove_cvref_t<decltype(meta<type>::fields)>>::pointer));
  } else {
    return detail::field_of<I, detail::aggregate_field_count<type>>(object);
  }
}

template <class T, std::size_t I>
using field_type = std::remove_cvref_t<decltype(get_field<I>(std::declval<T&>()))>;

// T{}: the values its default member initializers give, for formats that give a field absent
// from the input its C++ default.
template <class T>
const T& default_object() {
  static const T object{};
  return object;
}

// Gives field I of `object` the value T{} gives it.
template <std::size_t I, class T>
void assign_default_field(T& object) {
  using M = field_type<T, I>;
  if constexpr (std::is_copy_assignable_v<M>) {
    get_field<I>(object) = get_field<I>(default_object<T>());
  } else {
    get_field<I>(object) = M{};
  }
}

// Calls f(std::integral_constant<std::size_t, I>{}) for every field index, in order.
template <class T, class F>
constexpr void for_each_field_index(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<field_count_v<T>>{});
}

// Calls f(field, name) on field `index` of `object` (an index known only at run time) and
// returns its result; true when `index` names no field.
template <class T, class F>
constexpr bool with_field(T& object, std::size_t index, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool ok = true;
    (void)((index == I ? (ok = f(get_field<I>(object), field_name<T, I>()), true) : false) || ...);
    return ok;
  }(std::make_index_sequence<field_count_v<T>>{});
}

// Like for_each_field_index, stopping at the first call that returns false; returns false then.
template <class T, class F>
constexpr bool all_fields(F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (f(std::integral_constant<std::size_t, I>{}) && ...);
  }(std::make_index_sequence<field_count_v<T>>{});
}

}  // namespace prism
