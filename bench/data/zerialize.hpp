#pragma once
// The zerialize comparison's test data (../shared/workloads/zerialize.md §3.3): four shared fields
// and, in the tensor cases, a fifth holding a tensor.
#include <prism/core/tensor.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace zerialize_data {

struct SmallStruct {
  int int_value = 42;
  double double_value = 3.14159;
  std::string string_value = "hello world";
  std::array<int, 10> array_value{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
};

template <class T, std::size_t Rank>
struct TensorStruct {
  int int_value = 42;
  double double_value = 3.14159;
  std::string string_value = "hello world";
  std::vector<int> array_value{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  prism::tensor<T, Rank> tensor_value;
};

using SmallTensorStruct = TensorStruct<double, 2>;
using MediumTensorStruct = TensorStruct<float, 2>;
using LargeTensorStruct = TensorStruct<std::uint8_t, 3>;

enum class case_kind { small, small_tensor, medium_tensor, large_tensor };

inline SmallTensorStruct make_small_tensor() {
  SmallTensorStruct s;
  s.tensor_value = prism::tensor<double, 2>({4, 4});
  for (std::size_t i = 0; i < 16; ++i) s.tensor_value.data()[i] = static_cast<double>(i);  // 0..15 row-major
  return s;
}
inline MediumTensorStruct make_medium_tensor() {
  MediumTensorStruct s;
  s.tensor_value = prism::tensor<float, 2>({1, 2048}, prism::memory_order::row_major, 3.0f);
  return s;
}
inline LargeTensorStruct make_large_tensor() {
  LargeTensorStruct s;
  s.tensor_value = prism::tensor<std::uint8_t, 3>({3, 1024, 768}, prism::memory_order::row_major, 3);
  return s;
}

// What every reader must come up with: int + double + string length + sum of the array +
// the tensor element read (1, 2) / (0, 7) / (2, 1000, 700).
constexpr double expected_checksum(case_kind k) {
  const double shared = 42 + 3.14159 + 11 + 55;
  switch (k) {
    case case_kind::small: return shared;
    case case_kind::small_tensor: return shared + 6;
    case case_kind::medium_tensor: return shared + 3;
    case case_kind::large_tensor: return shared + 3;
  }
  return 0;
}

}  // namespace zerialize_data
