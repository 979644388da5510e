#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"
#include "value.hpp"

namespace prism {

// JSON (RFC 8259), read straight into structs and written straight from them. Structs are
// objects (arrays with options::structs_as_arrays), enums their names, blobs base64 strings,
// time points RFC 3339 strings, variants tagged objects (see docs/json.md).
struct json {
  static constexpr std::string_view name = "json";
  static constexpr options defaults{.enums_as_strings = true};
  using value = json_value;  // a document of unknown shape
};

}  // namespace prism
