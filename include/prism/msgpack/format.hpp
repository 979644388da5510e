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
  static constexpr options defaults{};
};

}  // namespace prism
