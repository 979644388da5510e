#pragma once
// JSON against simdjson on the same text: simdjson's DOM parser and prism's reader into a
// prism::value must agree: what prism accepts simdjson accepts as the same value (numbers
// compared as numbers: an integer written 1e2 is 100 either way), and what simdjson accepts
// prism refuses only for nesting beyond max_depth. Integers beyond int64 / uint64, which prism
// reads as doubles and simdjson refuses (NUMBER_ERROR), are the one difference the other way.
// Aborts on any other disagreement.
#include <simdjson.h>

#include <prism/json.hpp>

#include <cmath>
#include <cstdlib>
#include <string_view>

namespace simdjson_differential {

inline bool is_number(const prism::value& v) { return v.as_int() || v.as_uint() || v.as_double(); }
inline long double number_of(const prism::value& v) {
  if (const auto* i = v.as_int()) return static_cast<long double>(*i);
  if (const auto* u = v.as_uint()) return static_cast<long double>(*u);
  return static_cast<long double>(*v.as_double());
}

// simdjson's element equals prism's value (depth-bounded by prism's own limit).
inline bool same(simdjson::dom::element e, const prism::value& v, std::size_t depth = 0) {
  if (depth > prism::limits{}.max_depth) return false;
  using simdjson::dom::element_type;
  switch (e.type()) {
    case element_type::NULL_VALUE: return v.is_null();
    case element_type::BOOL: return v.as_bool() && *v.as_bool() == bool(e.get_bool());
    case element_type::INT64: return v.as_int() && *v.as_int() == int64_t(e.get_int64());
    case element_type::UINT64: return is_number(v) && number_of(v) == static_cast<long double>(uint64_t(e.get_uint64()));
    case element_type::DOUBLE: return is_number(v) && number_of(v) == static_cast<long double>(double(e.get_double()));
    case element_type::STRING: return v.as_string() && *v.as_string() == std::string_view(e.get_string());
    case element_type::ARRAY: {
      const auto* a = v.as_array();
      if (!a) return false;
      std::size_t i = 0;
      for (simdjson::dom::element x : simdjson::dom::array(e)) {
        if (i >= a->size() || !same(x, (*a)[i], depth + 1)) return false;
        ++i;
      }
      return i == a->size();
    }
    case element_type::OBJECT: {
      const auto* o = v.as_object();
      if (!o) return false;
      std::size_t i = 0;
      for (simdjson::dom::key_value_pair kv : simdjson::dom::object(e)) {
        if (i >= o->size() || !(*o)[i].first.as_string() || *(*o)[i].first.as_string() != kv.key || !same(kv.value, (*o)[i].second, depth + 1))
          return false;
        ++i;
      }
      return i == o->size();
    }
  }
  return false;
}

// Whether the text holds an integer beyond int64 (negative) or uint64, which prism reads as a
// double and simdjson refuses (NUMBER_ERROR). Over-approximates inside strings: fine for a guard.
inline bool has_big_integer(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '-' && (c < '0' || c > '9')) continue;
    std::size_t end = i + (c == '-');
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    const bool integral = end == text.size() || (text[end] != '.' && text[end] != 'e' && text[end] != 'E');
    if (integral && end > i + (c == '-')) {
      const std::string_view digits = text.substr(i + (c == '-'), end - i - (c == '-'));
      const bool big = c == '-' ? digits.size() > 19 || (digits.size() == 19 && digits > "9223372036854775808")
                                : digits.size() > 20 || (digits.size() == 20 && digits > "18446744073709551615");
      if (big) return true;
    }
    i = end;
  }
  return false;
}

inline void check(std::string_view input) {
  prism::value ours;
  const prism::status st = prism::read<prism::json>(ours, input);
  simdjson::dom::parser parser;
  const simdjson::padded_string padded(input);
  simdjson::dom::element theirs;
  const bool accepted = parser.parse(padded).get(theirs) == simdjson::SUCCESS;
  if (st) {
    if (!accepted) {
      if (has_big_integer(input)) return;  // the listed difference
      std::abort();  // prism took what simdjson did not
    }
    if (!same(theirs, ours)) std::abort();
    return;
  }
  if (accepted && st.error().code != prism::errc::too_deep) std::abort();  // simdjson took what prism did not
}

}  // namespace simdjson_differential
