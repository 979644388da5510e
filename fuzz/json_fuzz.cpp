#include <prism/json.hpp>

#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::json>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<prism::json, prism::json::value>(input);
  return 0;
}
