#pragma once
// prism::meta<T>: the one customization point. A specialization may declare
//
//   static constexpr auto fields = std::tuple{
//       prism::field<&Person::name>("full_name"),   // renamed
//       prism::field<&Person::age>().with(prism::protobuf_field{.number = 7}),
//       prism::field<&Person::level>().with(prism::zserio_field{.bits = 5}),
//   };                                              // members not listed are skipped
//
// where `with` attaches what one format reads of the field (its own attribute type), or
//
//   static constexpr auto annotations = std::tuple{
//       prism::field<&Person::email>().with(prism::protobuf_field{.number = 4}),
//   };                                              // the other members keep their defaults
//
// which gives names or attributes to some members of a reflected aggregate and keeps them all,
// and for the type as a whole
//
//   static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
//
// which works for aggregates and non-aggregates alike (a class with private members makes
// prism::meta<T> a friend). For enums, `enum_min` / `enum_max` widen or narrow the range of
// values whose names are looked up (see enum.hpp).
#include <string_view>
#include <tuple>
#include <type_traits>

#include "pretty_name.hpp"

namespace prism {

template <class T>
struct meta {};

namespace detail {
template <class>
struct member_pointer_traits;
template <class Class, class Member>
struct member_pointer_traits<Member Class::*> {
  using class_type = Class;
  using member_type = Member;
};
}  // namespace detail

// Whether a field must be in the input, given with `with`:
//   prism::field<&Order::id>().with(prism::presence::required)
// by_options (the default): required under options::error_on_missing_keys, unless the member is
// a std::optional or a pointer, whose absence means empty.
enum class presence : unsigned char { by_options, required, optional };

// How the keyed formats spell the fields of a type whose names are its members' own (not given
// in meta): a type attribute, `static constexpr auto attributes = std::tuple{prism::naming{
// prism::key_case::camel}};` makes `max_speed` "maxSpeed". Words are split at underscores and at
// lower-to-upper case changes; a trailing underscore (a keyword's escape) is dropped first.
enum class key_case : unsigned char { as_declared, camel, pascal, kebab, snake };
struct naming {
  key_case keys = key_case::as_declared;
};

// A field of meta<T>::fields: its member, its name, and its attributes, each given once with
// `with`: prism::presence (core reads it) and what single formats read (prism::protobuf_field,
// prism::zserio_field).
template <auto MemberPtr, class... Attributes>
struct field_descriptor {
  using traits = detail::member_pointer_traits<decltype(MemberPtr)>;
  using class_type = typename traits::class_type;
  using member_type = typename traits::member_type;
  static constexpr auto pointer = MemberPtr;

  std::string_view name;
  std::tuple<Attributes...> attributes{};

  template <class Attribute>
  constexpr field_descriptor<MemberPtr, Attributes..., Attribute> with(const Attribute& a) const noexcept {
    static_assert(!(std::is_same_v<Attribute, Attributes> || ...),
                  "prism::field: this field already has an attribute of this type; give all its values in one");
    return {name, std::tuple_cat(attributes, std::tuple<Attribute>{a})};
  }

  // The attribute of type A given with `with`, else A{}.
  template <class A>
  constexpr A attribute() const noexcept {
    if constexpr ((std::is_same_v<A, Attributes> || ...)) {
      return std::get<A>(attributes);
    } else {
      return A{};
    }
  }
};

// A field described by its member pointer; its name defaults to the member's own name.
template <auto MemberPtr>
constexpr field_descriptor<MemberPtr> field(std::string_view name = detail::member_name_from_pointer<MemberPtr>()) noexcept {
  return field_descriptor<MemberPtr>{name};
}

template <class T>
concept has_meta_fields = requires { std::tuple_size<std::remove_cvref_t<decltype(meta<T>::fields)>>::value; };

template <class T>
concept has_meta_attributes = requires { std::tuple_size<std::remove_cvref_t<decltype(meta<T>::attributes)>>::value; };

// The attribute of type A that meta<T>::attributes gives the type T, else A{}.
template <class A, class T>
constexpr A type_attribute() noexcept {
  if constexpr (has_meta_attributes<T>) {
    return std::apply(
        [](const auto&... given) {
          A found{};
          const auto take = [&found](const auto& one) {
            if constexpr (std::is_same_v<std::remove_cvref_t<decltype(one)>, A>) found = one;
          };
          (take(given), ...);
          return found;
        },
        meta<T>::attributes);
  } else {
    return A{};
  }
}

template <class T>
concept has_meta_annotations = requires { std::tuple_size<std::remove_cvref_t<decltype(meta<T>::annotations)>>::value; };

}  // namespace prism
