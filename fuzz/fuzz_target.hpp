#pragma once
// Decodes arbitrary bytes as several types; any error is fine, a crash or a sanitizer report
// is not. Values that decode are written back and must decode again to an equal value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <prism/core/view.hpp>

#include "data/monsters.hpp"
#include "support/types.hpp"

template <class Format, class T>
void fuzz_one(std::string_view input) {
  const prism::limits lim{.max_depth = 64, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
  auto value = prism::read<Format, T>(input, lim);
  if (!value) return;
  std::string again;
  if (!prism::write<Format>(*value, again)) std::abort();
  auto second = prism::read<Format, T>(again, lim);
  if (!second) std::abort();
}

// Visits every value under a view (depth-bounded); false when one fails to decode.
template <class View>
bool walk_view(const View& v, int depth = 0) {
  if (depth > 64) return true;
  switch (v.type()) {
    case prism::value_type::array:
    case prism::value_type::object: {
      const auto size = v.size();
      if (!size) return false;
      std::size_t n = 0;
      if (v.type() == prism::value_type::object) {
        for (auto [key, value] : v.items()) {
          if (!walk_view(key, depth + 1) || !walk_view(value, depth + 1)) return false;
          ++n;
        }
      } else {
        auto range = v.elements();
        for (auto e : range) {
          if (!walk_view(e, depth + 1)) return false;
          ++n;
        }
        if (range.error() != prism::errc::ok) return false;
      }
      return n == *size;
    }
    case prism::value_type::string: return static_cast<bool>(v.as_string_view());
    case prism::value_type::binary: return static_cast<bool>(v.as_bytes());
    case prism::value_type::integer: return v.template as<std::int64_t>() || v.template as<std::uint64_t>();
    case prism::value_type::floating: return static_cast<bool>(v.template as<double>());
    case prism::value_type::tensor: return static_cast<bool>(v.size());
    default: return true;
  }
}

template <class Format>
void fuzz_all(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<Format, std::vector<monsters::Monster>>(input);
  fuzz_one<Format, testing_types::Everything>(input);
  fuzz_one<Format, testing_types::Node>(input);
}
