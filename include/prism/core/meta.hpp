#pragma once
// prism::meta<T>: the one customization point. A specialization may declare
//
//   static constexpr auto fields = std::tuple{
//       prism::field<&Person::name>("full_name"),   // renamed
//       prism::field<&Person::age>().id(7).bits(7), // protobuf field number, bit width
//       prism::field<&Person::delta>().zigzag(),    // protobuf sint32/sint64 (.fixed(): sfixed)
//   };                                              // members not listed are skipped
//
// which works for aggregates and non-aggregates alike (a class with private members makes
// prism::meta<T> a friend). For enums, `enum_min` / `enum_max` widen or narrow the range of
// values whose names are looked up (see enum.hpp).
#include <cstdint>
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

// How a protobuf integer field is encoded: automatic follows options::zigzag.
enum class integer_encoding : std::uint8_t { automatic, varint, zigzag, fixed };

// Attributes a format may read from a field. Zero means "not set".
struct field_attributes {
  std::uint32_t id = 0;    // protobuf field number (default: the number after the previous field's)
  std::uint16_t bits = 0;  // bit width (zserio bit:N / int:N)
  integer_encoding encoding = integer_encoding::automatic;  // protobuf integers (and their arrays)
};

template <auto MemberPtr>
struct field_descriptor {
  using traits = detail::member_pointer_traits<decltype(MemberPtr)>;
  using class_type = typename traits::class_type;
  using member_type = typename traits::member_type;
  static constexpr auto pointer = MemberPtr;

  std::string_view name;
  field_attributes attributes{};

  constexpr field_descriptor id(std::uint32_t number) const noexcept {
    auto copy = *this;
    copy.attributes.id = number;
    return copy;
  }
  constexpr field_descriptor bits(std::uint16_t width) const noexcept {
    auto copy = *this;
    copy.attributes.bits = width;
    return copy;
  }
  constexpr field_descriptor encoded_as(integer_encoding e) const noexcept {
    auto copy = *this;
    copy.attributes.encoding = e;
    return copy;
  }
  constexpr field_descriptor zigzag() const noexcept { return encoded_as(integer_encoding::zigzag); }
  constexpr field_descriptor fixed() const noexcept { return encoded_as(integer_encoding::fixed); }
  constexpr field_descriptor varint() const noexcept { return encoded_as(integer_encoding::varint); }
};

// A field described by its member pointer; its name defaults to the member's own name.
template <auto MemberPtr>
constexpr field_descriptor<MemberPtr> field(std::string_view name = detail::member_name_from_pointer<MemberPtr>()) noexcept {
  return field_descriptor<MemberPtr>{name, {}};
}

template <class T>
concept has_meta_fields = requires { std::tuple_size<std::remove_cvref_t<decltype(meta<T>::fields)>>::value; };

}  // namespace prism
