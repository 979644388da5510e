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


// Looks up again, through the same view, what a walk finds: the last four keys of an object in
// reverse order (each must be found) and a key it likely lacks, the last, middle and first
// elements of an array (each must be there), three levels down. Lookups skip values by their own
// paths (hints, runs of small values skipped at once), which must agree with the walk. For a
// message whose every value decodes (a lookup may fail on a damaged value it has to step over,
// which a walk that stops earlier never meets); keys that are not plain strings are not looked
// up. False on a disagreement.
template <class View>
bool probe_lookups(const View& v, int depth = 0) {
  if (depth > 2) return true;
  const auto size = v.size();
  if (!size) return true;
  if (v.type() == prism::value_type::object) {
    std::string keys[4];
    std::size_t n = 0;
    for (auto [key, value] : v.items()) {
      const auto text = key.as_string_view();
      if (!text) return true;  // an integer key, a string in chunks or with escapes
      keys[n++ % 4].assign(text->data(), text->size());
    }
    for (std::size_t k = n; k-- > (n > 4 ? n - 4 : 0);) {
      const auto found = v[keys[k % 4]];
      if (!found.valid() || !probe_lookups(found, depth + 1)) return false;
    }
    (void)v.find(std::string(40, 'k'));
  } else if (v.type() == prism::value_type::array && *size > 0) {
    for (const std::size_t i : {*size - 1, *size / 2, std::size_t{0}}) {
      const auto e = v[i];
      if (!e.valid() || !probe_lookups(e, depth + 1)) return false;
    }
  }
  return true;
}
