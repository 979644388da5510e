#pragma once
// Bounds that every decoder honors on untrusted input.
#include <cstddef>

namespace prism {

struct limits {
  std::size_t max_depth = 256;                     // nested containers and structs
  std::size_t max_elements = std::size_t{1} << 28; // elements of one container, bytes of one string
  std::size_t max_alloc_bytes = std::size_t{1} << 30;  // total bytes a decode may allocate
};

namespace detail {
// Whether `count` elements of `element_bytes` bytes each fit in `room` bytes, without the
// division (tens of cycles) that count > room / element_bytes would take.
constexpr bool count_fits(std::size_t count, std::size_t element_bytes, std::size_t room) noexcept {
  std::size_t bytes{};
  return !__builtin_mul_overflow(count, element_bytes, &bytes) && bytes <= room;
}
}  // namespace detail

}  // namespace prism
