#include <prism/pack.hpp>

#include "fuzz_target.hpp"

// The same bytes as plain pack and as pack's packed sequences.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::pack>(data, size);
  constexpr prism::options packed{.format = prism::pack_options{.packed_sequences = true}};
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<prism::pack, std::vector<monsters::Monster>, packed>(input);
  fuzz_one<prism::pack, testing_types::Everything, packed>(input);
  fuzz_one<prism::pack, std::vector<testing_types::Everything>, packed>(input);
  return 0;
}
