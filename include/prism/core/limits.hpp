#pragma once
// Bounds that every decoder honors on untrusted input.
#include <cstddef>

namespace prism {

struct limits {
  std::size_t max_depth = 256;                     // nested containers and structs
  std::size_t max_elements = std::size_t{1} << 28; // elements of one container, bytes of one string
  std::size_t max_alloc_bytes = std::size_t{1} << 30;  // total bytes a decode may allocate
};

}  // namespace prism
