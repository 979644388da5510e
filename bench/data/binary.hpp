#pragma once
// The data of the binary-formats report (../shared/workloads/binary.md): the Complex Nested
// Object, filled with the values of the original's embedded JSON, and vectors of 10 000 numbers
// drawn from std::mt19937_64 with its default seed, uniform over [0, max of the type].
#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <prism/core/meta.hpp>
#include <prism/protobuf/format.hpp>

namespace binary {

struct fixed_object_t {
  std::vector<int> int_array;
  std::vector<float> float_array;
  std::vector<double> double_array;
  friend bool operator==(const fixed_object_t&, const fixed_object_t&) = default;
};
struct fixed_name_object_t {
  std::string name0, name1, name2, name3, name4;
  friend bool operator==(const fixed_name_object_t&, const fixed_name_object_t&) = default;
};
struct nested_object_t {
  std::vector<std::array<double, 3>> v3s;
  std::string id;
  friend bool operator==(const nested_object_t&, const nested_object_t&) = default;
};
struct another_object_t {
  std::string string;
  std::string another_string;
  bool boolean;
  nested_object_t nested_object;
  friend bool operator==(const another_object_t&, const another_object_t&) = default;
};
struct obj_t {
  fixed_object_t fixed_object;
  fixed_name_object_t fixed_name_object;
  another_object_t another_object;
  std::vector<std::string> string_array;
  std::string string;
  double number;
  bool boolean;
  bool another_bool;
  friend bool operator==(const obj_t&, const obj_t&) = default;
};

// A vector as the original's Protobuf variant sends it: the one field of a message, packed,
// with 4- and 8-byte integers as fixed32/fixed64.
template <class T>
struct pb_vector {
  std::vector<T> values;
  friend bool operator==(const pb_vector&, const pb_vector&) = default;
};

inline obj_t make_object() {
  obj_t o{};
  o.fixed_object.int_array = {0, 1, 2, 3, 4, 5, 6};
  o.fixed_object.float_array = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f};
  o.fixed_object.double_array = {3288398.238, 233e22, 289e-1, 0.928759872, 0.22222848, 0.1, 0.2, 0.3, 0.4};
  o.fixed_name_object = {"James", "Abraham", "Susan", "Frank", "Alicia"};
  o.another_object.string = "here is some text";
  o.another_object.another_string = "Hello World";
  o.another_object.boolean = false;
  o.another_object.nested_object.v3s = {{0.12345, 0.23456, 0.001345}, {0.3894675, 97.39827, 297.92387}, {18.18, 87.289, 2988.298}};
  o.another_object.nested_object.id = "298728949872";
  o.string_array = {"Cat", "Dog", "Elephant", "Tiger"};
  o.string = "Hello world";
  o.number = 3.14;
  o.boolean = true;
  o.another_bool = false;
  return o;
}

inline constexpr std::size_t vector_size = 10000;

template <class T>
std::vector<T> make_vector() {
  std::mt19937_64 rng{};
  std::vector<T> v(vector_size);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<T> dist(0, std::numeric_limits<T>::max());
    for (auto& x : v) x = dist(rng);
  } else {
    std::uniform_int_distribution<T> dist(0, std::numeric_limits<T>::max());
    for (auto& x : v) x = dist(rng);
  }
  return v;
}

}  // namespace binary

// Protobuf encodings of the original report's pb structs: int_array as sint32, fixed-width
// vectors. Other formats see the same fields with the same names.
template <>
struct prism::meta<binary::fixed_object_t> {
  using T = binary::fixed_object_t;
  static constexpr auto fields =
      std::tuple{field<&T::int_array>().with(protobuf_field{.encoding = protobuf_integer::zigzag}), field<&T::float_array>(),
                 field<&T::double_array>()};
};
template <class T>
struct prism::meta<binary::pb_vector<T>> {
  static constexpr auto fields = std::tuple{field<&binary::pb_vector<T>::values>().with(protobuf_field{
      .encoding = std::is_integral_v<T> && sizeof(T) >= 4 ? protobuf_integer::fixed : protobuf_integer::automatic})};
};
