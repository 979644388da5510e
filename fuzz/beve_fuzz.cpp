#include <prism/beve.hpp>

#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::beve>(data, size);
  return 0;
}
