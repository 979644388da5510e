#pragma once
// FlexBuffers against flatbuffers' own reader on the same bytes: for a message that
// flexbuffers::Verifier accepts, the prism::value prism reads must hold what
// flexbuffers::Reference reads, value by value: the same kinds (integers of any width, floats as
// doubles, keys and strings as text, typed and fixed vectors as arrays, maps as objects with
// their keys in order), the same numbers, bytes and sizes. prism's verify refuses what the
// Verifier accepts only for what it checks beyond it (a key without its NUL, a map without a key
// for each value, a float of 1 or 2 bytes), and a read of a message prism verified fails only on text that is not UTF-8
// or nesting deeper than max_depth. Aborts on any other disagreement.
#include <flatbuffers/flexbuffers.h>

#include <prism/flex.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

namespace flexbuffers_differential {

inline bool same_text(std::string_view theirs, const prism::value& v) {
  const auto* s = v.as_string();
  return s && *s == theirs;
}

template <class Elements>
bool same_elements(const Elements& elements, const prism::value& v, int depth);

inline bool same(const flexbuffers::Reference& r, const prism::value& v, int depth) {
  if (r.IsNull()) return v.is_null();
  if (r.IsBool()) return v.as_bool() && *v.as_bool() == r.AsBool();
  if (r.IsInt()) {
    const std::int64_t x = r.AsInt64();
    return (v.as_int() && *v.as_int() == x) || (v.as_uint() && x >= 0 && *v.as_uint() == static_cast<std::uint64_t>(x));
  }
  if (r.IsUInt()) {
    const std::uint64_t x = r.AsUInt64();
    return (v.as_uint() && *v.as_uint() == x) || (v.as_int() && *v.as_int() >= 0 && static_cast<std::uint64_t>(*v.as_int()) == x);
  }
  if (r.IsFloat()) {
    const double x = r.AsDouble();
    const double* d = v.as_double();
    return d && (std::memcmp(d, &x, sizeof x) == 0 || (std::isnan(*d) && std::isnan(x)));
  }
  if (r.IsKey()) return same_text(r.AsKey(), v);
  if (r.IsString()) {
    const auto s = r.AsString();
    return same_text(std::string_view(s.c_str(), s.size()), v);
  }
  if (r.IsBlob()) {
    const auto b = r.AsBlob();
    const auto* bytes = v.as_bytes();
    return bytes && bytes->size() == b.size() && (b.size() == 0 || std::memcmp(bytes->data(), b.data(), b.size()) == 0);
  }
  if (r.IsMap()) {
    const auto m = r.AsMap();
    const auto keys = m.Keys();
    const auto values = m.Values();
    const auto* entries = v.as_object();
    if (!entries || entries->size() != m.size()) return false;
    for (std::size_t i = 0; i < m.size(); ++i) {
      if (!same(keys[i], (*entries)[i].first, depth + 1) || !same(values[i], (*entries)[i].second, depth + 1)) return false;
    }
    return true;
  }
  if (r.IsFixedTypedVector()) return same_elements(r.AsFixedTypedVector(), v, depth);
  if (r.IsTypedVector()) return same_elements(r.AsTypedVector(), v, depth);
  if (r.IsVector()) return same_elements(r.AsVector(), v, depth);
  return false;  // a type prism has no value for
}

template <class Elements>
bool same_elements(const Elements& elements, const prism::value& v, int depth) {
  const auto* items = v.as_array();
  if (!items || items->size() != elements.size()) return false;
  for (std::size_t i = 0; i < elements.size(); ++i)
    if (!same(elements[i], (*items)[i], depth + 1)) return false;
  return true;
}

// What prism's verify refuses beyond the Verifier (flex/key_walk.hpp): a key without its NUL, a
// map without a key for each value, a float of 1 or 2 bytes (which flexbuffers reads as an
// integer), text that is not UTF-8.
inline bool verify_refuses_on_purpose(const prism::error& e) {
  return e.code == prism::errc::invalid_utf8 || (e.code == prism::errc::unexpected_end && e.expected.find("NUL") != std::string_view::npos) ||
         (e.code == prism::errc::size_mismatch && e.expected.find("a key for each value") != std::string_view::npos) ||
         (e.code == prism::errc::invalid_value && e.expected.find("a float of 4 or 8 bytes") != std::string_view::npos);
}

inline void check(std::string_view input) {
  const prism::limits lim{.max_depth = 64, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
  // The Verifier loads scalars in place: an 8-aligned copy, as prism's verify makes.
  std::vector<std::uint64_t> aligned((input.size() + 7) / 8);
  if (!input.empty()) std::memcpy(aligned.data(), input.data(), input.size());
  const auto* data = reinterpret_cast<const std::uint8_t*>(aligned.data());
  flexbuffers::Verifier verifier(data, input.size(), nullptr, true, lim.max_depth);
  if (input.empty() || !verifier.VerifyBuffer()) return;
  if (const auto verified = prism::verify<prism::flex>(input, lim); !verified) {
    if (!verify_refuses_on_purpose(verified.error())) std::abort();
    return;
  }
  const auto ours = prism::read<prism::flex, prism::value>(input, lim);
  if (!ours) {  // verify bounds the depth by the Verifier's own count
    if (ours.error().code != prism::errc::too_deep) std::abort();
    return;
  }
  if (!same(flexbuffers::GetRoot(data, input.size()), *ours, 0)) std::abort();
}

}  // namespace flexbuffers_differential
