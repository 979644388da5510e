#pragma once
// xtensor's xt::xtensor<T, N, L> as prism tensors of rank N in layout L: written directly from
// their storage; read as copies (into either layout), or viewed in place with prism::xtensor::adapt
// over a tensor_view read from the bytes. xt::xarray (rank known only at run time) is not adapted.
#include <xtensor/xadapt.hpp>
#include <xtensor/xtensor.hpp>

#include <array>
#include <cstddef>
#include <cstring>

#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"

namespace prism {

template <class T, std::size_t N, xt::layout_type L>
  requires tensor_element<T> && (L == xt::layout_type::row_major || L == xt::layout_type::column_major)
struct tensor_adapter<xt::xtensor<T, N, L>> {
  using array = xt::xtensor<T, N, L>;
  using owning = tensor<T, N>;
  static constexpr memory_order order = L == xt::layout_type::row_major ? memory_order::row_major : memory_order::column_major;

  static tensor_view<const T, N> view(const array& a) noexcept {
    std::array<std::size_t, N> shape{};
    for (std::size_t d = 0; d < N; ++d) shape[d] = a.shape()[d];
    return {a.data(), shape, order};
  }

  static bool assign(array& a, const owning& t) {
    a.resize(t.shape());
    if (t.size() == 0) return true;  // xtensor's strided iteration misbehaves on empty arrays
    if (t.order() == order) {
      detail::copy_large(a.data(), t.data(), t.size_bytes());
    } else {  // the other layout: let xtensor transpose through a strided adaptor
      a = xt::adapt(t.data(), t.size(), xt::no_ownership(), t.shape(), strides_of(t.view()));
    }
    return true;
  }

  template <class View>
  static std::array<std::ptrdiff_t, N> strides_of(const View& v) noexcept {
    std::array<std::ptrdiff_t, N> strides{};
    std::ptrdiff_t step = 1;
    if (v.order() == memory_order::row_major) {
      for (std::size_t d = N; d-- > 0;) {
        strides[d] = step;
        step *= static_cast<std::ptrdiff_t>(v.extent(d));
      }
    } else {
      for (std::size_t d = 0; d < N; ++d) {
        strides[d] = step;
        step *= static_cast<std::ptrdiff_t>(v.extent(d));
      }
    }
    return strides;
  }
};

namespace xtensor {

// A read-only xtensor adaptor over a tensor view, strided for either memory order: no copy.
template <class T, std::size_t N>
auto adapt(const tensor_view<const T, N>& v) {
  return xt::adapt(v.data(), v.size(), xt::no_ownership(), v.shape(),
                   tensor_adapter<xt::xtensor<T, N>>::strides_of(v));
}

}  // namespace xtensor
}  // namespace prism
