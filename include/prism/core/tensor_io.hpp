#pragma once
// What every format's reader does once it has found a tensor's header and data: check the rank
// and element type, then point a tensor_view at the data or copy it into a prism::tensor.
#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "config.hpp"
#include "copy_bytes.hpp"
#include "error.hpp"
#include "tensor.hpp"

namespace prism {

// Specialized by prism/adapters/*.hpp for other libraries' tensors (Eigen, xtensor):
//   static tensor_view<const E, R> view(const T&);       what writers write
//   using owning = prism::tensor<E, R>;                   what readers read into first
//   static bool assign(T&, const owning&);               false when T cannot take that shape
template <class T>
struct tensor_adapter;

template <class T>
concept adapted_tensor = requires(const T& v) { tensor_adapter<T>::view(v); };

}  // namespace prism

namespace prism::detail {

// Reads an adapted tensor: into its owning prism::tensor with `read`, then assigned.
template <class T, class Ctx, class Read>
bool read_adapted(Ctx& ctx, T& v, Read&& read) {
  const std::size_t at = ctx.src.offset();
  typename tensor_adapter<T>::owning t;
  if (!read(t)) return false;
  if (!tensor_adapter<T>::assign(v, t)) return ctx.fail(errc::size_mismatch, at, "a tensor of the declared shape");
  return true;
}

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
  static_assert(!tensor_view_type<T> || std::remove_cvref_t<decltype(ctx.src)>::bounded, "prism: views can only be read from contiguous input");
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
      if (h.data_bytes) detail::copy_large(v.data(), h.data, h.data_bytes);
      return true;
    }
    if (convert_numbers(h.type, h.data, h.count(), v.data())) return true;
    return ctx.fail(is_integer_dtype(h.type) && std::is_integral_v<E> ? errc::out_of_range : errc::type_mismatch, at,
                    dtype_name(dtype_of<E>), dtype_name(h.type));
  }
}

// A tensor of T whose rank is known at run time: what a transcoder hands to the writers (which
// only copy its bytes, so the data need not be aligned for T).
template <class T>
struct tensor_ref {
  using element_type = const T;
  const std::byte* bytes = nullptr;
  std::span<const std::size_t> extents;
  memory_order layout = memory_order::row_major;

  const T* data() const noexcept { return reinterpret_cast<const T*>(bytes); }
  std::span<const std::size_t> shape() const noexcept { return extents; }
  memory_order order() const noexcept { return layout; }
  std::size_t size() const noexcept {
    std::size_t n = 1;
    for (std::size_t e : extents) n *= e;
    return n;
  }
  std::size_t size_bytes() const noexcept { return size() * sizeof(T); }
  // Element i, copied out of the bytes.
  T operator[](std::size_t i) const noexcept {
    T v;
    std::memcpy(&v, bytes + i * sizeof(T), sizeof(T));
    return v;
  }
};

template <class T>
struct is_tensor<tensor_ref<T>> : std::true_type {};

// Calls f(tensor_ref<T>) with T the element type of h. With Numbers, only integer, float32
// and float64 data: other dtypes return R{} without calling f.
template <bool Numbers = false, class F>
decltype(auto) with_tensor_ref(const tensor_header& h, F&& f) {
  const auto call = [&]<class T>(T*) { return f(tensor_ref<T>{h.data, {h.shape.data(), h.rank}, h.order}); };
  switch (h.type) {
    case dtype::int8: return call(static_cast<std::int8_t*>(nullptr));
    case dtype::int16: return call(static_cast<std::int16_t*>(nullptr));
    case dtype::int32: return call(static_cast<std::int32_t*>(nullptr));
    case dtype::int64: return call(static_cast<std::int64_t*>(nullptr));
    case dtype::uint8: return call(static_cast<std::uint8_t*>(nullptr));
    case dtype::uint16: return call(static_cast<std::uint16_t*>(nullptr));
    case dtype::uint32: return call(static_cast<std::uint32_t*>(nullptr));
    case dtype::uint64: return call(static_cast<std::uint64_t*>(nullptr));
    case dtype::float32: return call(static_cast<float*>(nullptr));
    case dtype::float64: return call(static_cast<double*>(nullptr));
    default: break;
  }
  if constexpr (Numbers) {
    return decltype(call(static_cast<double*>(nullptr))){};
  } else {
    if (h.type == dtype::complex64) return call(static_cast<std::complex<float>*>(nullptr));
    if (h.type == dtype::complex128) return call(static_cast<std::complex<double>*>(nullptr));
    return call(static_cast<float16*>(nullptr));
  }
}

// The element count of `shape`, or false when it overflows or exceeds `bytes / element_size`.
PRISM_INLINE bool tensor_fits(const tensor_header& h, std::size_t element_size, std::size_t bytes) noexcept {
  std::size_t count = 1;
  for (std::size_t d = 0; d < h.rank; ++d)
    if (__builtin_mul_overflow(count, h.shape[d], &count)) return false;
  return count <= bytes && count * element_size == bytes;
}

}  // namespace prism::detail
