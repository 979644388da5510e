#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"
#include "../core/value.hpp"

namespace prism {

// JSON (RFC 8259), read straight into structs and written straight from them. Structs are
// objects (arrays with options::structs_as_arrays), enums their names, blobs base64 strings,
// time points RFC 3339 strings, variants tagged objects (see docs/json.md).
struct json {
  static constexpr std::string_view name = "json";
  static constexpr options defaults{.enums_as_strings = true};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    options kept = keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                                &options::error_on_missing_keys, &options::enums_as_strings,
                                &options::pretty, &options::indent, &options::skip_null_members,
                                &options::nan_inf_as_null>(o);
    if (!kept.pretty) kept.indent = options{}.indent;
    return kept;
  }
  using value = prism::value;  // a document of unknown shape (core/value.hpp)
  // JSON reads and writes prism::value itself, also as a member of a struct.
  static constexpr bool native_value = true;
};

}  // namespace prism
