#pragma once
// prism::value: a message of unknown shape, in any format that has views (MessagePack, CBOR,
// BEVE, zbin, FlexBuffers, JSON): null, bool, integers, floats, strings, byte strings,
// timestamps, arrays, and maps whose keys are values of any of these kinds, in message order;
// and what only some formats hold: CBOR tags and simple values, MessagePack extensions.
// Read and written like any other type: prism::read<prism::cbor>(v, bytes),
// prism::write<prism::msgpack>(v, out) (core/value_io.hpp).
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "error.hpp"
#include "json_pointer.hpp"

namespace prism {

class value {
 public:
  using array = std::vector<value>;
  using object = std::vector<std::pair<value, value>>;  // entries in message order
  using bytes = std::vector<std::byte>;
  using time = std::chrono::sys_time<std::chrono::nanoseconds>;
  // An integer that fits std::int64_t is always `integer`; `unsigned_integer` holds the larger ones.
  enum class kind : std::uint8_t {
    null, boolean, integer, unsigned_integer, floating, string, binary, timestamp, array, object,
    tagged, extension, simple
  };

  // A CBOR tag over its content, for the tags prism gives no meaning of its own (bignums 2 and 3,
  // URIs, ...; tags 1 and 1001 are timestamps, typed arrays and tensors are arrays). A format
  // without tags writes the content alone, as RFC 8949 section 6.1 does for JSON.
  class tagged {
   public:
    tagged(std::uint64_t number, value content) : number_(number), content_(1, std::move(content)) {}
    std::uint64_t number() const noexcept { return number_; }
    const value& content() const noexcept { return content_.front(); }
    value& content() noexcept { return content_.front(); }
    friend bool operator==(const tagged&, const tagged&) = default;

   private:
    std::uint64_t number_;
    std::vector<value> content_;  // exactly one: a vector may hold the type still being defined
  };
  // A MessagePack extension other than the timestamp (type -1): its type and payload. Formats
  // without extensions refuse it.
  struct extension {
    std::int8_t type = 0;
    bytes data;
    friend bool operator==(const extension&, const extension&) = default;
  };
  // A CBOR simple value other than false, true and null: `undefined` (23) and the unassigned
  // codes. Formats without them write null, as RFC 8949 section 6.1 does for JSON.
  struct simple {
    std::uint8_t code = 23;
    friend bool operator==(const simple&, const simple&) = default;
  };
  static value undefined() noexcept { return value(simple{23}); }

  value() = default;
  value(std::nullptr_t) noexcept {}
  value(bool b) noexcept : data_(b) {}
  template <std::integral I>
    requires(!std::same_as<I, bool> && !std::same_as<I, char> && !std::same_as<I, char8_t> &&
             !std::same_as<I, char16_t> && !std::same_as<I, char32_t> && !std::same_as<I, wchar_t>)
  value(I i) noexcept {
    if constexpr (std::is_signed_v<I>) {
      data_ = static_cast<std::int64_t>(i);
    } else {
      set_unsigned(static_cast<std::uint64_t>(i));
    }
  }
  value(double d) noexcept : data_(d) {}
  value(float f) noexcept : data_(static_cast<double>(f)) {}
  value(std::string s) noexcept : data_(std::move(s)) {}
  value(std::string_view s) : data_(std::string(s)) {}
  value(const char* s) : data_(std::string(s)) {}
  value(bytes b) noexcept : data_(std::move(b)) {}
  value(time t) noexcept : data_(t) {}
  value(array a) noexcept : data_(std::move(a)) {}
  value(object o) noexcept : data_(std::move(o)) {}
  value(tagged t) noexcept : data_(std::move(t)) {}
  value(extension e) noexcept : data_(std::move(e)) {}
  value(simple s) noexcept : data_(s) {}

  // An integer as views give it: `negative`, and its bits (a negative one's as std::int64_t).
  static value from_integer(bool negative, std::uint64_t bits) noexcept {
    value v;
    if (negative) {
      v.data_ = static_cast<std::int64_t>(bits);
    } else {
      v.set_unsigned(bits);
    }
    return v;
  }

  kind type() const noexcept { return static_cast<kind>(data_.index()); }
  bool is_null() const noexcept { return type() == kind::null; }

  const bool* as_bool() const noexcept { return std::get_if<bool>(&data_); }
  const std::int64_t* as_int() const noexcept { return std::get_if<std::int64_t>(&data_); }
  const std::uint64_t* as_uint() const noexcept { return std::get_if<std::uint64_t>(&data_); }
  const double* as_double() const noexcept { return std::get_if<double>(&data_); }
  const std::string* as_string() const noexcept { return std::get_if<std::string>(&data_); }
  const bytes* as_bytes() const noexcept { return std::get_if<bytes>(&data_); }
  const time* as_time() const noexcept { return std::get_if<time>(&data_); }
  const array* as_array() const noexcept { return std::get_if<array>(&data_); }
  const object* as_object() const noexcept { return std::get_if<object>(&data_); }
  const tagged* as_tagged() const noexcept { return std::get_if<tagged>(&data_); }
  const extension* as_extension() const noexcept { return std::get_if<extension>(&data_); }
  const simple* as_simple() const noexcept { return std::get_if<simple>(&data_); }
  array* as_array() noexcept { return std::get_if<array>(&data_); }
  object* as_object() noexcept { return std::get_if<object>(&data_); }
  tagged* as_tagged() noexcept { return std::get_if<tagged>(&data_); }

  // The value of the entry whose key is the string `key` (the first one if repeated, as views
  // and struct reads take it), or nullptr.
  const value* find(std::string_view key) const noexcept {
    const object* o = as_object();
    if (!o) return nullptr;
    for (const auto& [k, v] : *o) {
      if (const std::string* s = k.as_string(); s && *s == key) return &v;
    }
    return nullptr;
  }
  // Missing entries and out-of-range indices give null, so that lookups chain.
  const value& operator[](std::string_view key) const noexcept {
    const value* v = find(key);
    return v ? *v : null_value();
  }
  const value& operator[](std::size_t index) const noexcept {
    const array* a = as_array();
    return a && index < a->size() ? (*a)[index] : null_value();
  }
  // The value RFC 6901 pointer `pointer` refers to ("/pos/x", "/weapons/3"; "" is this value),
  // or an error whose path is the pointer up to the token that fails.
  result<const value*> at_pointer(std::string_view pointer) const {
    std::string bad;
    const auto tokens = detail::pointer_tokens(pointer, bad);
    if (!tokens) return error{errc::syntax_error, 0, bad, {}, "a JSON pointer (RFC 6901)", {}};
    const value* at = this;
    for (const auto& t : *tokens) {
      if (const array* a = at->as_array()) {
        if (!t.index) return error{errc::type_mismatch, 0, t.prefix, {}, "an array index", "\"" + t.key + "\""};
        if (*t.index >= a->size())
          return error{errc::out_of_range, 0, t.prefix, {}, "an index below the array's size", std::to_string(*t.index)};
        at = &(*a)[*t.index];
      } else if (at->as_object()) {
        at = at->find(t.key);
        if (!at) return error{errc::missing_key, 0, t.prefix, {}, "a member of the object", "no \"" + t.key + "\""};
      } else {
        return error{errc::type_mismatch, 0, t.prefix, {}, "an array or object", "a value of another kind"};
      }
    }
    return at;
  }
  // The same, nullptr where it refers to nothing.
  const value* find_pointer(std::string_view pointer) const {
    auto r = at_pointer(pointer);
    return r ? *r : nullptr;
  }
  // Elements of an array, entries of an object, else 0.
  std::size_t size() const noexcept {
    if (const array* a = as_array()) return a->size();
    if (const object* o = as_object()) return o->size();
    return 0;
  }

  friend bool operator==(const value&, const value&) = default;

 private:
  void set_unsigned(std::uint64_t u) noexcept {
    if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      data_ = static_cast<std::int64_t>(u);
    } else {
      data_ = u;
    }
  }
  static const value& null_value() noexcept {
    static const value null;
    return null;
  }

  std::variant<std::monostate, bool, std::int64_t, std::uint64_t, double, std::string, bytes, time, array, object,
               tagged, extension, simple>
      data_;
};

}  // namespace prism
