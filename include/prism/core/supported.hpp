#pragma once
// Whether prism knows how to write and read a type, and whether the format has an encoding for
// it, checked once at the entry points: a member of a type either cannot take is one short error
// naming the struct, the member and its type, rather than a cascade from inside a format.
//
// A format names the types it has no encoding for in its tag:
//   template <class T> static constexpr bool lacks_encoding = map_type<T> || ...;
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>

#include "adapter.hpp"
#include "concepts.hpp"
#include "fields.hpp"
#include "tagged.hpp"
#include "tensor.hpp"
#include "tensor_io.hpp"

namespace prism {

class value;

namespace detail {

template <class... Seen>
struct seen_types {};

struct all_supported {};

// The first type prism does not know, and where it was found: Owner's field Field (Owner is
// void until the search returns through the struct that holds it).
template <class Owner, std::size_t Field, class Type>
struct unsupported_found {};

// An aggregate whose members are split between it and its bases: C++20 cannot reflect it, so
// it needs prism::meta.
template <class T>
concept aggregate_with_bases = reflectable_aggregate<T> && !has_meta_fields<T> && members_split_with_bases<T>;

// A format whose own reader and writer take prism::value, anywhere in a message (JSON); the
// others take it through their views (core/value_io.hpp).
template <class Format>
concept has_native_value = requires { Format::native_value; };

// A format that takes prism::value as a member of a struct: natively, or through views that can
// start at any value (MessagePack, CBOR, BEVE declare `value_members`; core/value_io.hpp).
template <class Format>
concept takes_value_members = has_native_value<Format> || requires { Format::value_members; };

// True when Format declares that it has no encoding for T.
template <class Format, class T>
constexpr bool format_lacks() noexcept {
  if constexpr (requires { Format::template lacks_encoding<T>; }) return Format::template lacks_encoding<T>;
  else return false;
}

// A type the format (not prism) has no encoding for, found as unsupported_found is.
template <class Format, class Owner, std::size_t Field, class Type>
struct lacking_found {};

template <class T, class Seen, class Format = void>
struct find_unsupported;

template <class T, class Seen, class Format = void>
using find_unsupported_t = typename find_unsupported<T, Seen, Format>::type;

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
template <class Owner, std::size_t Field, class Format, class Type>
struct at_field<Owner, Field, lacking_found<Format, void, 0, Type>> {
  using type = lacking_found<Format, Owner, Field, Type>;
};

template <class T, class... Seen, class Format>
struct find_unsupported<T, seen_types<Seen...>, Format> {
  using seen = seen_types<Seen..., T>;
  template <class U>
  using find = find_unsupported_t<U, seen, Format>;

  static constexpr auto search() {
    if constexpr ((std::is_same_v<T, Seen> || ...)) {
      return all_supported{};  // a recursive type: checked where it was first met
    } else if constexpr (adapted<T>) {
      return find<proxy_t<T>>{};
    } else if constexpr (format_lacks<Format, T>()) {
      return lacking_found<Format, void, 0, T>{};
    } else if constexpr (tagged_type<T>) {
      if constexpr (std::is_void_v<Format> || has_tags<Format>) return find<typename T::value_type>{};
      else return lacking_found<Format, void, 0, T>{};
    } else if constexpr (std::is_same_v<T, value>) {
      if constexpr (takes_value_members<Format>) return all_supported{};
      else return unsupported_found<void, 0, T>{};  // as a member: dynamic_value_member says why
    } else if constexpr (boolean<T> || integer<T> || floating<T> || enumeration<T> ||
                         string_type<T> || string_view_type<T> || blob<T> || tensor_type<T> || tensor_view_type<T> ||
                         adapted_tensor<T> || time_point_type<T> || std::is_same_v<T, std::monostate>) {
      return all_supported{};
    } else if constexpr (fixed_array<T> || sequence<T> || set_type<T>) {
      return find<range_value_t<T>>{};
    } else if constexpr (map_type<T>) {
      return first_found(find<std::remove_const_t<typename T::key_type>>{}, find<typename T::mapped_type>{});
    } else if constexpr (optional_type<T> || owning_pointer<T>) {
      return find<std::remove_cvref_t<decltype(*std::declval<T&>())>>{};
    } else if constexpr (variant_type<T> || tuple_type<T>) {
      return []<template <class...> class Sum, class... A>(std::type_identity<Sum<A...>>) {
        return first_found(all_supported{}, find<A>{}...);
      }(std::type_identity<T>{});
    } else if constexpr (reflectable<T> && !aggregate_with_bases<T>) {
      return []<std::size_t... I>(std::index_sequence<I...>) {
        return first_found(all_supported{}, typename at_field<T, I, find<field_type<T, I>>>::type{}...);
      }(std::make_index_sequence<field_count_v<T>>{});
    } else {
      return unsupported_found<void, 0, T>{};
    }
  }
  using type = decltype(search());
};

// T can be written and read in Format (any format when Format is void).
template <class T, class Format = void>
inline constexpr bool supported = std::is_same_v<find_unsupported_t<T, seen_types<>, Format>, all_supported>;

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

template <class Format, class Struct, auto Field, class Type>
struct member_lacks_encoding {
  static_assert(always_false<Type>,
                "this format has no encoding for this member's type (see docs/types.md). Make it travel as "
                "a type the format has with prism::adapter<Type>, or use another format.");
  static constexpr bool reported = false;
};

template <class Format, class Type>
struct type_lacks_encoding {
  static_assert(always_false<Type>,
                "this format has no encoding for this type (see docs/types.md). Make it travel as a type the "
                "format has with prism::adapter<Type>, or use another format.");
  static constexpr bool reported = false;
};

template <class Struct, auto Field, class Type>
struct dynamic_value_member {
  static_assert(always_false<Type>,
                "prism::value is a member of a struct only in JSON, MessagePack, CBOR and BEVE; this format "
                "reads and writes it as a whole message. Give the member a type prism knows, or read the message "
                "into a prism::value. See docs/types.md.");
  static constexpr bool reported = false;
};

template <class Type>
struct struct_with_base_classes {
  static_assert(always_false<Type>,
                "prism cannot reflect a struct whose members are split between it and its base classes "
                "(C++20 cannot name a base's members). List its fields, the bases' members too, in prism::meta<Type>: "
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
    else if constexpr (std::is_same_v<Type, value>) return dynamic_value_member<Struct, field_label<name.size()>(name), Type>::reported;
    else return unsupported_member<Struct, field_label<name.size()>(name), Type>::reported;
  }();
};

template <class Format, class Type>
struct report_unsupported<lacking_found<Format, void, 0, Type>> {
  static constexpr bool reported = type_lacks_encoding<Format, Type>::reported;
};
template <class Format, class Struct, std::size_t Field, class Type>
struct report_unsupported<lacking_found<Format, Struct, Field, Type>> {
  static constexpr std::string_view name = field_name<Struct, Field>();
  static constexpr bool reported = member_lacks_encoding<Format, Struct, field_label<name.size()>(name), Type>::reported;
};

// Input that a reader takes through a copy of its own (a stream read whole, JSON text with its
// comments removed): nothing read may point into it. Found as a format's lacking type is.
struct copied_input {
  static constexpr bool native_value = true;
  static constexpr bool tags = true;
  template <class T>
  static constexpr bool lacks_encoding = string_view_type<T> || byte_span<T> || tensor_view_type<T>;
};

template <class Type>
struct borrows_from_copy {
  static_assert(always_false<Type>,
                "this type points into the input (a string_view, byte span or tensor view), but this read "
                "goes through a copy of the input (a stream, or JSON with comments) that ends with the read. "
                "Read an owning type (std::string, std::vector, prism::tensor), or read from a buffer that you keep.");
  static constexpr bool reported = false;
};
template <class Struct, auto Field, class Type>
struct member_borrows_from_copy {
  static_assert(always_false<Type>,
                "this member points into the input (a string_view, byte span or tensor view), but this read "
                "goes through a copy of the input (a stream, or JSON with comments) that ends with the read. "
                "Give it an owning type (std::string, std::vector, prism::tensor), or read from a buffer that you keep.");
  static constexpr bool reported = false;
};
template <class Type>
struct report_unsupported<lacking_found<copied_input, void, 0, Type>> {
  static constexpr bool reported = borrows_from_copy<Type>::reported;
};
template <class Struct, std::size_t Field, class Type>
struct report_unsupported<lacking_found<copied_input, Struct, Field, Type>> {
  static constexpr std::string_view name = field_name<Struct, Field>();
  static constexpr bool reported = member_borrows_from_copy<Struct, field_label<name.size()>(name), Type>::reported;
};

// True when a T read from a copy of the input keeps nothing that points into it.
template <class T>
inline constexpr bool lasts_beyond_copy = std::is_same_v<find_unsupported_t<T, seen_types<>, copied_input>, all_supported>;

// Instantiates the error above for a T that Format cannot take. The entry points call it in the
// branch of `if constexpr (!supported<T, Format>)` that replaces the format's code, so that
// nothing else fails.
template <class T, class Format = void>
constexpr void report_unsupported_type() noexcept {
  (void)report_unsupported<find_unsupported_t<T, seen_types<>, Format>>::reported;
}

}  // namespace detail
}  // namespace prism
