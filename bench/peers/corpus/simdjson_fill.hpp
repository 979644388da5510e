#pragma once
// The simdjson peer of the corpus report: simdjson's on-demand API filling the same structs as
// prism. The walk is written once for every struct, over prism's reflection of the field names
// (what a hand-written filler does per field: iterate the object, compare the key, get the value).
#include <simdjson.h>

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <prism/core/concepts.hpp>
#include <prism/core/fields.hpp>

namespace bench::simdjson_fill {

using simdjson::error_code;
using simdjson::ondemand::value;

template <class T>
error_code fill(value v, T& out);

template <class T>
error_code fill_struct(value v, T& out) {
  simdjson::ondemand::object object;
  if (auto e = v.get_object().get(object)) return e;
  for (auto field : object) {
    std::string_view key;
    if (auto e = field.unescaped_key().get(key)) return e;
    error_code result = simdjson::SUCCESS;
    bool matched = false;
    prism::for_each_field_index<T>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      if (!matched && key == prism::field_name<T, I>()) {
        matched = true;
        result = fill(field.value(), prism::get_field<I>(out));
      }
    });
    if (result) return result;
  }
  return simdjson::SUCCESS;
}

template <class T>
error_code fill(value v, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    return v.get_bool().get(out);
  } else if constexpr (std::is_same_v<T, double>) {
    return v.get_double().get(out);
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    std::uint64_t u{};
    if (auto e = v.get_uint64().get(u)) return e;
    if (u > std::numeric_limits<T>::max()) return simdjson::NUMBER_OUT_OF_RANGE;
    out = static_cast<T>(u);
    return simdjson::SUCCESS;
  } else if constexpr (std::is_integral_v<T>) {
    std::int64_t i{};
    if (auto e = v.get_int64().get(i)) return e;
    if (i < std::numeric_limits<T>::min() || i > std::numeric_limits<T>::max()) return simdjson::NUMBER_OUT_OF_RANGE;
    out = static_cast<T>(i);
    return simdjson::SUCCESS;
  } else if constexpr (prism::string_type<T>) {
    std::string_view s;
    if (auto e = v.get_string().get(s)) return e;
    out.assign(s.data(), s.size());
    return simdjson::SUCCESS;
  } else if constexpr (prism::optional_type<T> || prism::unique_pointer<T>) {
    bool null{};
    if (auto e = v.is_null().get(null)) return e;
    if (null) {
      out.reset();
      return simdjson::SUCCESS;
    }
    if constexpr (prism::unique_pointer<T>) {
      if (!out) out = std::make_unique<typename T::element_type>();
    } else {
      if (!out) out.emplace();
    }
    return fill(v, *out);
  } else if constexpr (prism::fixed_array<T>) {
    std::size_t i = 0;
    simdjson::ondemand::array array;
    if (auto e = v.get_array().get(array)) return e;
    for (auto element : array) {
      if (i >= out.size()) return simdjson::INDEX_OUT_OF_BOUNDS;
      value ev;
      if (auto e = element.get(ev)) return e;
      if (auto e = fill(ev, out[i++])) return e;
    }
    return i == out.size() ? simdjson::SUCCESS : simdjson::INDEX_OUT_OF_BOUNDS;
  } else if constexpr (prism::map_type<T>) {
    simdjson::ondemand::object object;
    if (auto e = v.get_object().get(object)) return e;
    out.clear();
    for (auto field : object) {
      std::string_view key;
      if (auto e = field.unescaped_key().get(key)) return e;
      if (auto e = fill(field.value(), out[std::string(key)])) return e;
    }
    return simdjson::SUCCESS;
  } else if constexpr (prism::sequence<T>) {
    simdjson::ondemand::array array;
    if (auto e = v.get_array().get(array)) return e;
    out.clear();
    for (auto element : array) {
      value ev;
      if (auto e = element.get(ev)) return e;
      if (auto e = fill(ev, out.emplace_back())) return e;
    }
    return simdjson::SUCCESS;
  } else {
    return fill_struct(v, out);
  }
}

// Parses `text` (padded) into `out`.
template <class T>
error_code read(simdjson::ondemand::parser& parser, const simdjson::padded_string& text, T& out) {
  simdjson::ondemand::document doc;
  if (auto e = parser.iterate(text).get(doc)) return e;
  value root;
  if (auto e = doc.get_value().get(root)) return e;
  return fill(root, out);
}

}  // namespace bench::simdjson_fill
