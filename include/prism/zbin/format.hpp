#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// prism's self-describing zero-copy binary (docs/zbin.md): O(1) array indexing, indexed keys,
// numeric arrays and tensors at aligned offsets, one pass into one buffer, verify() once.
struct zbin {
  static constexpr std::string_view name = "zbin";
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys, &options::enums_as_strings>(o);
  }
};

}  // namespace prism
