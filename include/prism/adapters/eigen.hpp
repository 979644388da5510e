#pragma once
// Eigen matrices as prism tensors (rank 2, rows x cols, in the matrix's storage order):
// written directly from their storage; read as copies into any Eigen::Matrix (fixed sizes must
// match), or viewed in place with prism::eigen::map over a tensor_view read from the bytes.
// Include after <Eigen/Core>; link nothing (Eigen is header-only).
#include <Eigen/Core>

#include <cstddef>
#include <cstring>

#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"

namespace prism {

template <class Scalar, int Rows, int Cols, int Options, int MaxRows, int MaxCols>
  requires tensor_element<Scalar>
struct tensor_adapter<Eigen::Matrix<Scalar, Rows, Cols, Options, MaxRows, MaxCols>> {
  using matrix = Eigen::Matrix<Scalar, Rows, Cols, Options, MaxRows, MaxCols>;
  using owning = tensor<Scalar, 2>;
  static constexpr memory_order order = matrix::IsRowMajor ? memory_order::row_major : memory_order::column_major;

  static tensor_view<const Scalar, 2> view(const matrix& m) noexcept {
    return {m.data(), {static_cast<std::size_t>(m.rows()), static_cast<std::size_t>(m.cols())}, order};
  }

  static bool assign(matrix& m, const owning& t) {
    const auto rows = static_cast<Eigen::Index>(t.extent(0)), cols = static_cast<Eigen::Index>(t.extent(1));
    if ((Rows != Eigen::Dynamic && rows != Rows) || (Cols != Eigen::Dynamic && cols != Cols)) return false;
    if ((MaxRows != Eigen::Dynamic && rows > MaxRows) || (MaxCols != Eigen::Dynamic && cols > MaxCols)) return false;
    m.resize(rows, cols);
    if (t.order() == order) {
      if (t.size()) detail::copy_large(m.data(), t.data(), t.size_bytes());
    } else {
      for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c) m(r, c) = t(static_cast<std::size_t>(r), static_cast<std::size_t>(c));
    }
    return true;
  }
};

namespace eigen {

// A read-only Eigen map over a rank-2 tensor view, strided for either memory order: no copy.
template <class Scalar>
using const_map = Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>, Eigen::Unaligned,
                             Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>>;

template <class Scalar>
const_map<Scalar> map(const tensor_view<const Scalar, 2>& v) noexcept {
  const auto rows = static_cast<Eigen::Index>(v.extent(0)), cols = static_cast<Eigen::Index>(v.extent(1));
  const bool row_major = v.order() == memory_order::row_major;
  // Eigen's Stride is (outer, inner); for a column-major matrix outer steps columns.
  return const_map<Scalar>(v.data(), rows, cols,
                           Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>(row_major ? 1 : rows, row_major ? cols : 1));
}

}  // namespace eigen
}  // namespace prism
