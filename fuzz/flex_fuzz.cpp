#include <prism/flex.hpp>

#include "flexbuffers_differential.hpp"
#include "fuzz_target.hpp"
#include "targets.hpp"

// Struct reads are bounded by their work budget; a whole-message walk of the view only after
// flexbuffers::Verifier accepts the bytes (a FlexBuffer may share one container many times);
// the values prism reads from a verified message are those flatbuffers' own reader finds.
int fuzz_flex(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::flex>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  paths_agree_on<prism::flex>(input);  // every path that decodes the message gives one verdict
  const auto v = prism::view<prism::flex>(input);
  (void)v[0][1].size();
  (void)v.find("name");
  (void)v.find("");
  (void)v.find("a key of more than sixteen bytes");  // the memcmp path of key_probe
  (void)v["samples"].as_tensor<float, 1>();
  if (prism::verify<prism::flex>(input, prism::limits{.max_depth = 64})) {
    (void)walk_view(v);
    (void)probe_lookups(v);  // the Verifier does not check that keys are sorted: a miss is no bug
  }
  flexbuffers_differential::check(input);
  return 0;
}
