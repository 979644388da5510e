#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// FlexBuffers (https://google.github.io/flatbuffers/flexbuffers.html), written by flatbuffers'
// own flexbuffers::Builder and read by prism's checked reader (docs/flex.md). Structs are maps
// keyed by field name (vectors with options::structs_as_arrays), enums their names (numbers
// with enums_as_strings = false, or when unnamed), variants [index, value],
// numeric ranges typed vectors, blobs blobs, time points integer nanoseconds since 1970,
// tensors [dtype, [extents], blob(, 1 when column-major)] with the blob aligned for its type.
// Needs <flatbuffers/flexbuffers.h> (Debian libflatbuffers-dev).
struct flex {
  static constexpr std::string_view name = "flex";
  static constexpr options defaults{.enums_as_strings = true};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys, &options::enums_as_strings>(o);
  }
};

}  // namespace prism
