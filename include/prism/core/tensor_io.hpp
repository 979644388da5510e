#pragma once
// What every format's reader does once it has found a tensor's header and data: check the rank
// and element type, then point a tensor_view at the data or copy it into a prism::tensor.
#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "error.hpp"
#include "tensor.hpp"

namespace prism::detail {

template <class T>
struct complex_part {
  using type = void;
};
template <class T>
struct complex_part<std::complex<T>> {
  using type = T;
};

// Formats without a complex element type (CBOR's typed arrays) store a tensor of complex<T> as
// a tensor of T with a trailing dimension of 2. Given a header of such data and a reader that
// wants complex<T> of `rank`, rewrites the header to the complex tensor; else leaves it.
template <class E>
void complex_from_pairs(tensor_header& h, std::size_t rank) noexcept {
  using part = typename complex_part<E>::type;
  if constexpr (!std::is_void_v<part>) {
    if (h.type == dtype_of<part> && h.rank == rank + 1 && h.shape[rank] == 2) {
      h.type = dtype_of<E>;
      h.rank = rank;
    }
  }
}

// Stores the tensor `h` describes into v (a prism::tensor: copied, with a charge against the
// allocation limit; a tensor_view: pointed at the data, which must be aligned for its type).
// Owning tensors take integer data of another width when every element fits.
template <class T, class Ctx>
bool store_tensor(Ctx& ctx, tensor_header h, T& v, std::size_t at) {
  using E = std::remove_const_t<typename T::element_type>;
  complex_from_pairs<E>(h, T::rank);
  if (h.rank != T::rank) return ctx.fail(errc::size_mismatch, at, "a tensor of the declared rank");
  std::array<std::size_t, T::rank> shape{};
  std::copy_n(h.shape.begin(), T::rank, shape.begin());
  if constexpr (tensor_view_type<T>) {
    static_assert(std::is_const_v<typename T::element_type>, "prism: read tensors as tensor_view<const T, Rank>");
    if (h.type != dtype_of<E>) return ctx.fail(errc::type_mismatch, at, dtype_name(dtype_of<E>), dtype_name(h.type));
    if (reinterpret_cast<std::uintptr_t>(h.data) % alignof(E) != 0)
      return ctx.fail(errc::invalid_value, at, "tensor data aligned for its element type (read into prism::tensor to copy)");
    v = T(reinterpret_cast<const E*>(h.data), shape, h.order);
    return true;
  } else {
    if (!ctx.charge(h.count() * sizeof(E))) return false;
    v.reshape(shape, h.order);
    if (h.type == dtype_of<E>) {
      if (h.data_bytes) std::memcpy(v.data(), h.data, h.data_bytes);
      return true;
    }
    if (convert_numbers(h.type, h.data, h.count(), v.data())) return true;
    return ctx.fail(is_integer_dtype(h.type) && std::is_integral_v<E> ? errc::out_of_range : errc::type_mismatch, at,
                    dtype_name(dtype_of<E>), dtype_name(h.type));
  }
}

// The element count of `shape`, or false when it overflows or exceeds `bytes / element_size`.
inline bool tensor_fits(const tensor_header& h, std::size_t element_size, std::size_t bytes) noexcept {
  std::size_t count = 1;
  for (std::size_t d = 0; d < h.rank; ++d)
    if (__builtin_mul_overflow(count, h.shape[d], &count)) return false;
  return count <= bytes && count * element_size == bytes;
}

}  // namespace prism::detail
