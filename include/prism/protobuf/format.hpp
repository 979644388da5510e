#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// The Protocol Buffers wire format with proto3 semantics (docs/protobuf.md). A struct is a
// message; field numbers follow declaration order (a std::variant member is a oneof and takes
// one number per alternative) and may be set with prism::meta's .id(). Scalars with default
// values are left out, std::optional has explicit presence, numeric ranges are packed, maps are
// repeated key/value entries, time points google.protobuf.Timestamp. The reader takes fields in
// any order, skips unknown ones, lets the last value win and merges repeated messages.
struct protobuf {
  static constexpr std::string_view name = "protobuf";
  // What protobuf has no encoding for (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = tensor_type<T> || tensor_view_type<T> || adapted_tensor<T> || is_dynamic_value<T>::value;
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::error_on_unknown_keys, &options::zigzag>(o);
  }
};

}  // namespace prism
