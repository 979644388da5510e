// Tensors as struct members: written once, read back in place when aligned (zbin aligns them).
#include <prism/prism.hpp>

#include <cstdio>
#include <string>

struct Frame {
  std::string camera;
  prism::tensor<float, 2> depth;  // rows x columns, row-major
};

int main() {
  Frame f{"front", prism::tensor<float, 2>({4, 6})};
  for (std::size_t i = 0; i < f.depth.size(); ++i) f.depth.data()[i] = 0.5f * static_cast<float>(i);

  prism::aligned_buffer message;  // keeps zbin's 64-byte alignment of tensor data in memory
  if (!prism::write<prism::zbin>(f, message)) return 1;

  const auto view = prism::view<prism::zbin>(message);
  const auto depth = view["depth"].as_tensor<const float, 2>();
  if (!depth) return 1;
  const auto& d = depth->view();  // a tensor_view over the message, or over a copy
  std::printf("%zu x %zu, depth(1, 2) = %g, %s\n", d.extent(0), d.extent(1), (*depth)(1, 2), depth->why().c_str());
  return d.extent(1) == 6 && depth->zero_copy() ? 0 : 1;
}
