#pragma once
// Untagged variants in JSON: a std::variant written as its alternative's plain value (8, "auto",
// {...}) and read back by the JSON type of what comes: chosen for a variant in meta
//   template <> struct prism::meta<Setting> { static constexpr bool untagged = true; };
// or for every variant of a call with json_options{.untagged_variants = true}. The
// alternatives must differ in JSON type (one integer and one floating-point type may share
// numbers: a number with a fraction or an exponent goes to the latter), else the variant does
// not compile.
#include <array>
#include <cstddef>
#include <string_view>
#include <utility>
#include <variant>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/meta.hpp"
#include "../core/tensor.hpp"
#include "format.hpp"
#include "scan.hpp"

namespace prism::json_detail {

template <class V, options O>
constexpr bool untagged_variant() noexcept {
  if constexpr (requires { meta<V>::untagged; }) {
    return meta<V>::untagged;
  } else {
    return static_cast<bool>(own<O>.untagged_variants);
  }
}

// What JSON type a value of T is written as, for telling untagged alternatives apart.
enum class json_type : unsigned char { null, boolean, integer, floating, string, array, object, ambiguous };

inline constexpr std::string_view json_type_names[] = {"null", "true or false", "an integer", "a number",
                                                       "a string", "an array", "an object", "?"};

template <class T, options O>
constexpr json_type json_type_of() noexcept {
  if constexpr (std::is_same_v<T, std::monostate>) return json_type::null;
  else if constexpr (boolean<T>) return json_type::boolean;
  else if constexpr (enumeration<T>) return O.enums_as_strings ? json_type::string : json_type::integer;
  else if constexpr (integer<T>) return json_type::integer;
  else if constexpr (floating<T>) return json_type::floating;
  else if constexpr (string_type<T> || string_view_type<T> || blob<T> || time_point_type<T>) return json_type::string;
  else if constexpr (map_type<T>) return json_type::object;
  else if constexpr (sequence<T> || fixed_array<T> || tuple_type<T> || set_type<T> || tensor_type<T> || tensor_view_type<T>)
    return json_type::array;
  else if constexpr (plain_struct<T>) return O.structs_as_arrays ? json_type::array : json_type::object;
  else return json_type::ambiguous;  // optionals, pointers, adapters, nested variants, prism::value
}

template <class V, options O>
constexpr std::array<json_type, std::variant_size_v<V>> alternative_types() noexcept {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<json_type, sizeof...(I)>{json_type_of<std::variant_alternative_t<I, V>, O>()...};
  }(std::make_index_sequence<std::variant_size_v<V>>{});
}

template <class V, options O>
constexpr bool alternatives_differ() noexcept {
  constexpr auto types = alternative_types<V, O>();
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (types[i] == json_type::ambiguous) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (types[i] == types[j]) return false;
  }
  return true;
}

// The alternative a value of JSON type `t` goes to, or the variant's size when none takes it.
template <class V, options O>
constexpr std::size_t alternative_for(json_type t) noexcept {
  constexpr auto types = alternative_types<V, O>();
  for (std::size_t i = 0; i < types.size(); ++i)
    if (types[i] == t) return i;
  if (t == json_type::floating || t == json_type::integer) {  // a number takes the other number type
    for (std::size_t i = 0; i < types.size(); ++i)
      if (types[i] == json_type::floating || types[i] == json_type::integer) return i;
  }
  return types.size();
}

// The JSON type of the value at the cursor (which is on its first byte).
template <class Ctx>
json_type json_type_at(Ctx& ctx) {
  const std::uint8_t* p = ctx.src.cur();
  const std::uint8_t* end = p + ctx.src.readable();
  switch (*p) {
    case '{': return json_type::object;
    case '[': return json_type::array;
    case '"': return json_type::string;
    case 't':
    case 'f': return json_type::boolean;
    case 'n': return json_type::null;
    default: break;
  }
  for (; p != end && (*p == '-' || (*p >= '0' && *p <= '9')); ++p) {
  }
  return p != end && (*p == '.' || *p == 'e' || *p == 'E') ? json_type::floating : json_type::integer;
}

// "an integer, a string, an object": what an untagged variant takes, for its errors.
template <class V, options O>
inline constexpr auto expected_types_text = [] {
  std::array<char, 160> out{};
  std::size_t n = 0;
  for (json_type t : alternative_types<V, O>()) {
    if (n != 0 && n + 4 < out.size()) out[n++] = ',', out[n++] = ' ';
    for (char c : json_type_names[static_cast<std::size_t>(t)])
      if (n < out.size()) out[n++] = c;
  }
  return std::pair{out, n};
}();

template <class V, options O>
constexpr std::string_view expected_types() noexcept {
  return std::string_view(expected_types_text<V, O>.first.data(), expected_types_text<V, O>.second);
}

// Reads an untagged variant: the alternative its JSON type names.
template <options O, class V, class Ctx, class ReadValue>
bool read_untagged_variant(Ctx& ctx, V& v, ReadValue&& read_value) {
  static_assert(alternatives_differ<V, O>(),
                "prism::json: an untagged variant needs alternatives of different JSON types (null, bool, number, "
                "string, array, object; one integer and one floating type may share numbers); tag it instead");
  if (ctx.src.readable() == 0) return ctx.fail(errc::unexpected_end, ctx.src.offset(), "a value");
  const std::size_t index = alternative_for<V, O>(json_type_at(ctx));
  if (index >= std::variant_size_v<V>) [[unlikely]] return type_error(ctx, expected_types<V, O>());
  return detail::visit_index<V>(index, [&](auto i) { return read_value(detail::ensure_alternative<decltype(i)::value>(v)); });
}

}  // namespace prism::json_detail
