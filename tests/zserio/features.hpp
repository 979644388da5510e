#pragma once
// The C++ side of tests/zserio/schemas/features.zs.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include <prism/core/meta.hpp>

namespace features {

enum class Kind : std::uint8_t { A, B, C, D };

struct Inner {
  std::int32_t x = 0;
  Kind kind{};
  bool operator==(const Inner&) const = default;
};

using Choice = std::variant<std::uint8_t, std::string, Inner>;

struct Item {
  std::uint32_t id = 0;
  std::optional<std::uint8_t> level;
  std::string name;
  Kind kind{};
  Choice pick;
  std::vector<std::int8_t> nested;
  bool operator==(const Item&) const = default;
};

struct Features {
  std::uint8_t a = 0;
  std::int8_t b = 0;
  bool flag = false;
  float h = 0;
  float f = 0;
  double d = 0;
  std::int16_t v16 = 0;
  std::int32_t v32 = 0;
  std::int64_t v64 = 0;
  std::int64_t v = 0;
  std::uint16_t u16 = 0;
  std::uint32_t u32 = 0;
  std::uint64_t u64 = 0;
  std::uint64_t u = 0;
  std::uint32_t sz = 0;
  std::string s;
  std::optional<std::uint8_t> opt;
  std::uint16_t aligned = 0;
  std::optional<Inner> maybe;
  Choice pick;
  std::array<std::uint8_t, 3> triple{};
  std::vector<std::int16_t> list;
  std::uint32_t count = 0;
  std::vector<Item> sized;
  std::vector<std::uint16_t> packedList;
  std::vector<std::int64_t> packedWide;
  std::vector<Item> items;
  bool operator==(const Features&) const = default;
};

}  // namespace features

template <>
struct prism::meta<features::Kind> {
  static constexpr unsigned bits = 3;
};

template <>
struct prism::meta<features::Choice> {
  static constexpr std::string_view tag = "";
  static constexpr std::array<std::string_view, 3> names{"small", "text", "inner"};
};

template <>
struct prism::meta<features::Item> {
  using T = features::Item;
  static constexpr auto fields = std::tuple{
      field<&T::id>().with(zserio_field{.encoding = zserio_integer::varint32}),
      field<&T::level>().with(zserio_field{.bits = 5}),
      field<&T::name>(),
      field<&T::kind>(),
      field<&T::pick>(),
      field<&T::nested>()};
};

template <>
struct prism::meta<features::Features> {
  using T = features::Features;
  static constexpr auto fields = std::tuple{
      field<&T::a>().with(zserio_field{.bits = 4}),
      field<&T::b>().with(zserio_field{.bits = 7}),
      field<&T::flag>(),
      field<&T::h>().with(zserio_field{.bits = 16}),
      field<&T::f>(),
      field<&T::d>(),
      field<&T::v16>().with(zserio_field{.encoding = zserio_integer::varint16}),
      field<&T::v32>().with(zserio_field{.encoding = zserio_integer::varint32}),
      field<&T::v64>().with(zserio_field{.encoding = zserio_integer::varint64}),
      field<&T::v>().with(zserio_field{.encoding = zserio_integer::varint}),
      field<&T::u16>().with(zserio_field{.encoding = zserio_integer::varint16}),
      field<&T::u32>().with(zserio_field{.encoding = zserio_integer::varint32}),
      field<&T::u64>().with(zserio_field{.encoding = zserio_integer::varint64}),
      field<&T::u>().with(zserio_field{.encoding = zserio_integer::varint}),
      field<&T::sz>().with(zserio_field{.encoding = zserio_integer::varsize}),
      field<&T::s>(),
      field<&T::opt>(),
      field<&T::aligned>().with(zserio_field{.align = 32}),
      field<&T::maybe>(),
      field<&T::pick>(),
      field<&T::triple>(),
      field<&T::list>(),
      field<&T::count>().with(zserio_field{.encoding = zserio_integer::varsize}),
      field<&T::sized>().with(zserio_field{.length_from = "count"}),
      field<&T::packedList>().with(zserio_field{.packed = true}),
      field<&T::packedWide>().with(zserio_field{.packed = true}),
      field<&T::items>().with(zserio_field{.packed = true})};
};
