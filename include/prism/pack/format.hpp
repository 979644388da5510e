#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// prism's compact schema-driven binary (docs/pack.md): the C++ type is the schema.
struct pack {
  static constexpr std::string_view name = "pack";
  // prism::json::value is JSON's own (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = is_dynamic_value<T>::value;
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::packed_sequences>(o);
  }
};

}  // namespace prism
