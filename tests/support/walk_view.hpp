#pragma once
// Visits every value under a view (depth-bounded): every element and entry once, each decoded
// as its type says. False when one fails to decode or a container's walk disagrees with size().
#include <cstddef>
#include <cstdint>
#include <string>

#include <prism/core/view.hpp>

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
    case prism::value_type::string: return v.as_string_view() || v.template as<std::string>();
    case prism::value_type::binary: return static_cast<bool>(v.as_bytes());
    case prism::value_type::integer: return v.template as<std::int64_t>() || v.template as<std::uint64_t>();
    case prism::value_type::floating: return static_cast<bool>(v.template as<double>());
    case prism::value_type::tensor: {  // typed arrays may be walked element by element too
      const auto size = v.size();
      if (!size) return false;
      std::size_t n = 0;
      for (auto e : v.elements()) {
        if (!walk_view(e, depth + 1)) return false;
        ++n;
      }
      return n == 0 || n == *size;
    }
    default: return true;
  }
}

