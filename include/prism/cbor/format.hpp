#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// CBOR (RFC 8949). Structs are maps keyed by field name (arrays with options::structs_as_arrays),
// contiguous numeric ranges RFC 8746 typed arrays (options::typed_arrays), blobs byte strings,
// variants [index, value], time points tag 1 (epoch seconds). options::deterministic gives the
// core deterministic encoding of RFC 8949 section 4.2.1. The reader takes every well-formed
// encoding: indefinite lengths, any float width, typed arrays of either byte order, and skips
// tags it does not know.
struct cbor {
  static constexpr std::string_view name = "cbor";
  // prism::json::value is JSON's own (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = is_dynamic_value<T>::value;
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys, &options::enums_as_strings,
                        &options::typed_arrays, &options::deterministic>(o);
  }
};

}  // namespace prism
