#pragma once
// prism::json::value: a JSON document of unknown shape, read and written like any other type.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "../core/concepts.hpp"

namespace prism {

class json_value {
 public:
  using array = std::vector<json_value>;
  using object = std::vector<std::pair<std::string, json_value>>;  // members in document order
  enum class kind : std::uint8_t { null, boolean, integer, unsigned_integer, number, string, array, object };

  json_value() = default;
  json_value(std::nullptr_t) noexcept {}
  json_value(bool b) : data_(b) {}
  json_value(std::int64_t i) : data_(i) {}
  json_value(int i) : data_(std::int64_t{i}) {}
  json_value(std::uint64_t u) : data_(u) {}
  json_value(double d) : data_(d) {}
  json_value(std::string s) : data_(std::move(s)) {}
  json_value(const char* s) : data_(std::string(s)) {}
  json_value(array a) : data_(std::move(a)) {}
  json_value(object o) : data_(std::move(o)) {}

  kind type() const noexcept { return static_cast<kind>(data_.index()); }
  bool is_null() const noexcept { return type() == kind::null; }
  bool is_number() const noexcept { return type() == kind::integer || type() == kind::unsigned_integer || type() == kind::number; }

  const bool* as_bool() const noexcept { return std::get_if<bool>(&data_); }
  const std::int64_t* as_int() const noexcept { return std::get_if<std::int64_t>(&data_); }
  const std::uint64_t* as_uint() const noexcept { return std::get_if<std::uint64_t>(&data_); }
  const double* as_double() const noexcept { return std::get_if<double>(&data_); }
  const std::string* as_string() const noexcept { return std::get_if<std::string>(&data_); }
  const array* as_array() const noexcept { return std::get_if<array>(&data_); }
  const object* as_object() const noexcept { return std::get_if<object>(&data_); }
  array* as_array() noexcept { return std::get_if<array>(&data_); }
  object* as_object() noexcept { return std::get_if<object>(&data_); }

  // Any number as a double (integers converted).
  double to_double() const noexcept {
    switch (type()) {
      case kind::integer: return static_cast<double>(std::get<std::int64_t>(data_));
      case kind::unsigned_integer: return static_cast<double>(std::get<std::uint64_t>(data_));
      case kind::number: return std::get<double>(data_);
      default: return 0;
    }
  }

  // The member `key` of an object (the last one if repeated), or nullptr.
  const json_value* find(std::string_view key) const noexcept {
    const object* o = as_object();
    if (!o) return nullptr;
    for (auto it = o->rbegin(); it != o->rend(); ++it) {
      if (it->first == key) return &it->second;
    }
    return nullptr;
  }
  // Missing members and out-of-range indices give null, so that lookups chain.
  const json_value& operator[](std::string_view key) const noexcept {
    const json_value* v = find(key);
    return v ? *v : null_value();
  }
  const json_value& operator[](std::size_t index) const noexcept {
    const array* a = as_array();
    return a && index < a->size() ? (*a)[index] : null_value();
  }
  std::size_t size() const noexcept {
    if (const array* a = as_array()) return a->size();
    if (const object* o = as_object()) return o->size();
    return 0;
  }

  template <class T>
  T& emplace(T v) {
    return data_.template emplace<T>(std::move(v));
  }

  friend bool operator==(const json_value&, const json_value&) = default;

 private:
  static const json_value& null_value() noexcept {
    static const json_value null;
    return null;
  }
  std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string, array, object> data_;
};

template <>
struct is_dynamic_value<json_value> : std::true_type {};

}  // namespace prism
