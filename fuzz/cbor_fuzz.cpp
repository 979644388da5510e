#include <prism/cbor.hpp>

#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::cbor>(data, size);
  (void)walk_view(prism::view<prism::cbor>(std::string_view(reinterpret_cast<const char*>(data), size)));
  return 0;
}
