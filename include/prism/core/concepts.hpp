#pragma once
// Type categories that formats dispatch on: the C++ side of every format (docs/architecture.md).
#include <array>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "tagged.hpp"
#include "adapter.hpp"
#include "fields.hpp"

namespace prism {

// A read-only view of raw bytes; written as a blob (msgpack bin, CBOR byte string, ...).
using bytes_view = std::span<const std::byte>;

namespace detail {
template <class T, template <class...> class Template>
struct is_specialization : std::false_type {};
template <template <class...> class Template, class... Args>
struct is_specialization<Template<Args...>, Template> : std::true_type {};

template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

template <class T>
struct is_std_span : std::false_type {};
template <class T, std::size_t N>
struct is_std_span<std::span<T, N>> : std::true_type {};

template <class T>
struct is_time_point : std::false_type {};
template <class Clock, class Duration>
struct is_time_point<std::chrono::time_point<Clock, Duration>> : std::true_type {};
}  // namespace detail

template <class T>
concept boolean = std::same_as<T, bool>;

template <class T>
concept integer = std::integral<T> && !boolean<T>;

// The 64-bit integer of T's signedness: readers take narrower integers through it, then fit them.
template <integer T>
using wide_integer_t = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;

template <class T>
concept floating = std::same_as<T, float> || std::same_as<T, double>;

template <class T>
concept enumeration = std::is_enum_v<T> && !adapted<T>;

template <class T>
concept string_type = detail::is_specialization<T, std::basic_string>::value && std::same_as<typename T::value_type, char>;

template <class T>
concept string_view_type = std::same_as<T, std::string_view>;

template <class T>
concept byte_vector = detail::is_specialization<T, std::vector>::value && std::same_as<typename T::value_type, std::byte>;

template <class T>
concept byte_span = detail::is_std_span<T>::value && std::same_as<std::remove_const_t<typename T::element_type>, std::byte>;

// Raw bytes: std::vector<std::byte> and prism::bytes_view.
template <class T>
concept blob = byte_vector<T> || byte_span<T>;

template <class T>
concept optional_type = detail::is_specialization<T, std::optional>::value;

template <class T>
concept variant_type = detail::is_specialization<T, std::variant>::value;

template <class T>
concept unique_pointer = detail::is_specialization<T, std::unique_ptr>::value;

template <class T>
concept shared_pointer = detail::is_specialization<T, std::shared_ptr>::value;

// A pointer that owns what it points to: written as its value or null, read into a new object
// (or into the one it holds when no one else shares it).
template <class T>
concept owning_pointer = unique_pointer<T> || shared_pointer<T>;

template <class T>
concept tuple_type = detail::is_specialization<T, std::tuple>::value || detail::is_specialization<T, std::pair>::value;

template <class T>
concept fixed_array = detail::is_std_array<T>::value;

template <class T>
concept time_point_type = detail::is_time_point<T>::value;

template <class T>
concept map_type = requires {
  typename T::key_type;
  typename T::mapped_type;
} && std::ranges::range<T> && !adapted<T>;

// std::set, std::multiset, std::unordered_set and alike: written as a sequence, read by inserting.
template <class T>
concept set_type = requires(T& s, typename T::key_type&& k) {
  typename T::key_type;
  s.insert(std::move(k));
  s.clear();
} && !requires { typename T::mapped_type; } && std::ranges::sized_range<T> && !adapted<T>;

// Vectors, deques, lists and spans: a size then the elements on the wire.
template <class T>
concept sequence = std::ranges::sized_range<T> && !string_type<T> && !string_view_type<T> && !blob<T> &&
                   !map_type<T> && !fixed_array<T> && !adapted<T> &&
                   (detail::is_std_span<T>::value || requires { typename T::value_type; });

// A vector, deque, list or array of adapted values: written and read as a vector (or array) of
// the values that travel for them, so that on the wire it is the range of their proxies (a
// typed array in CBOR and BEVE, a packed field in Protobuf) and reads whatever that range reads.
template <class T>
concept adapted_range = (sequence<T> || fixed_array<T>) && !set_type<T> && adapted<std::remove_cvref_t<std::ranges::range_value_t<T>>>;

template <class T>
concept resizable_sequence = sequence<T> && requires(T& c, std::size_t n) {
  c.resize(n);
  c.clear();
};

template <class T>
using range_value_t = std::remove_cvref_t<std::ranges::range_value_t<T>>;

// An enum's underlying integer type; any other type itself.
template <class T>
struct integer_of {
  using type = T;
};
template <enumeration T>
struct integer_of<T> {
  using type = std::underlying_type_t<T>;
};
template <class T>
using integer_of_t = typename integer_of<T>::type;

// Numbers whose bytes are their value: memcpy-able to and from little-endian wire data.
template <class T>
concept plain_number = (integer<T> || floating<T>) && !std::same_as<T, long double>;

// A contiguous run of plain numbers: a header plus one memcpy in binary formats.
template <class T>
concept contiguous_numbers = std::ranges::contiguous_range<T> && plain_number<range_value_t<T>>;

// A struct that formats write field by field: reflectable, and of no other type category
// (std::array, std::pair and alike are aggregates too).
template <class T>
concept plain_struct = reflectable<T> && !fixed_array<T> && !tuple_type<T> && !string_type<T> &&
                       !string_view_type<T> && !blob<T> && !sequence<T> && !map_type<T> && !optional_type<T> &&
                       !variant_type<T> && !owning_pointer<T> && !time_point_type<T> && !adapted<T> && !tagged_type<T>;

}  // namespace prism
