#include <prism/beve.hpp>
#include <prism/msgpack.hpp>

#include "fuzz_target.hpp"
#include "targets.hpp"

// Struct reads, a walk of the view, and lookups through the view of what a walk finds, in a
// message whose every value decodes (it transcodes).
int fuzz_beve(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::beve>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  paths_agree_on<prism::beve>(input);  // every path that decodes the message gives one verdict
  const auto v = prism::view<prism::beve>(input);
  (void)walk_view(v);
  if (prism::transcode<prism::beve, prism::msgpack>(input) && !probe_lookups(v)) std::abort();
  return 0;
}
