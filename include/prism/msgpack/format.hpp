#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// MessagePack (https://github.com/msgpack/msgpack/blob/master/spec.md). Structs are maps keyed
// by field name (arrays with options::structs_as_arrays), variants [index, value], blobs bin,
// time points the timestamp extension (type -1).
struct msgpack {
  static constexpr std::string_view name = "msgpack";
  // prism::json::value is JSON's own (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = is_dynamic_value<T>::value;
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys, &options::compact_floats,
                        &options::enums_as_strings>(o);
  }
};

}  // namespace prism
