#pragma once
// prism::meta<T>: the one customization point. A specialization may declare
//
//   static constexpr auto fields = std::tuple{
//       prism::field<&Person::name>("full_name"),   // renamed
//       prism::field<&Person::age>().id(7).bits(7), // protobuf field number, bit width
//       prism::field<&Person::delta>().zigzag(),    // protobuf sint32/sint64 (.fixed(): sfixed)
//       prism::field<&Trace::points>().packed(),    // zserio: delta-packed array
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

// How an integer field is encoded. Protobuf: automatic follows options::zigzag. zserio: varint
// selects its own variable-length encoding (varint16..varint / varuint16..varuint, see
// varint_bits), varsize its varsize; automatic is the fixed-width type (or bit:N with .bits(N)).
enum class integer_encoding : std::uint8_t { automatic, varint, zigzag, fixed, varsize };

// Attributes a format may read from a field. Zero means "not set". Attributes of a container
// field (vector, array, optional) apply to its elements.
struct field_attributes {
  std::uint32_t id = 0;    // protobuf field number (default: the number after the previous field's)
  std::uint16_t bits = 0;  // bit width (zserio bit:N / int:N, float16 with 16)
  integer_encoding encoding = integer_encoding::automatic;  // integers (and their arrays)
  std::uint8_t varint_bits = 0;  // zserio: 16, 32 or 64 for varint16..64 / varuint16..64; 0: varint / varuint
  std::uint16_t align = 0;       // zserio align(n): pad to a multiple of n bits before the field
  bool packed = false;           // zserio: the array is delta-packed
  std::string_view length_from;  // zserio: the array's length is this earlier field's value (no prefix)
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
  // zserio varint16/32/64 (varuint16/32/64 for unsigned members); plain varint() is the 9-byte one.
  constexpr field_descriptor varint(std::uint8_t max_bits) const noexcept {
    auto copy = encoded_as(integer_encoding::varint);
    copy.attributes.varint_bits = max_bits;
    return copy;
  }
  constexpr field_descriptor varsize() const noexcept { return encoded_as(integer_encoding::varsize); }
  constexpr field_descriptor align(std::uint16_t bits) const noexcept {
    auto copy = *this;
    copy.attributes.align = bits;
    return copy;
  }
  constexpr field_descriptor packed() const noexcept {
    auto copy = *this;
    copy.attributes.packed = true;
    return copy;
  }
  constexpr field_descriptor length_from(std::string_view field_name) const noexcept {
    auto copy = *this;
    copy.attributes.length_from = field_name;
    return copy;
  }
};

// A field described by its member pointer; its name defaults to the member's own name.
template <auto MemberPtr>
constexpr field_descriptor<MemberPtr> field(std::string_view name = detail::member_name_from_pointer<MemberPtr>()) noexcept {
  return field_descriptor<MemberPtr>{name, {}};
}

template <class T>
concept has_meta_fields = requires { std::tuple_size<std::remove_cvref_t<decltype(meta<T>::fields)>>::value; };

}  // namespace prism
