#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// prism's compact schema-driven binary (docs/pack.md): the C++ type is the schema.
struct pack {
  static constexpr std::string_view name = "pack";
  static constexpr options defaults{};
};

}  // namespace prism
