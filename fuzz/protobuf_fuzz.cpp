#include <prism/protobuf.hpp>

#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::protobuf>(data, size);
  return 0;
}
