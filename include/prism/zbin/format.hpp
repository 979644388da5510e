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
};

}  // namespace prism
