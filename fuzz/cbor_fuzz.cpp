#include <prism/cbor.hpp>
#include <prism/msgpack.hpp>

#include "fuzz_target.hpp"
#include "targets.hpp"
#if PRISM_FUZZ_WITH_LIBCBOR
#include "libcbor_differential.hpp"
#endif

// Struct reads, a walk of the view, and lookups through the view of what a walk finds, in a
// message whose every value decodes (it transcodes); and libcbor's verdict on the same bytes.
int fuzz_cbor(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::cbor>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  paths_agree_on<prism::cbor>(input);  // every path that decodes the message gives one verdict
  const auto v = prism::view<prism::cbor>(input);
  (void)walk_view(v);
  if (prism::transcode<prism::cbor, prism::msgpack>(input) && !probe_lookups(v)) std::abort();
#if PRISM_FUZZ_WITH_LIBCBOR
  libcbor_differential::check(input);  // the same verdict and value as libcbor
#endif
  return 0;
}
