#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// BEVE, Binary Efficient Versatile Encoding (v1.0, github.com/beve-org/beve): little-endian,
// self-describing, JSON-compatible. Structs are objects keyed by field name (generic arrays with
// options::structs_as_arrays); contiguous numbers, bools and strings are typed arrays; variants
// use the type-tag extension; blobs are uint8 typed arrays; time points are int64 nanoseconds
// since the Unix epoch (BEVE has no time type).
struct beve {
  static constexpr std::string_view name = "beve";
  static constexpr bool value_members = true;  // prism::value as a member, through its views
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys, &options::enums_as_strings>(o);
  }
};

}  // namespace prism
