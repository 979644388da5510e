#include <prism/msgpack.hpp>
#include <prism/cbor.hpp>

#include "fuzz_target.hpp"
#include "targets.hpp"
#if PRISM_FUZZ_WITH_MSGPACK_CXX
#include "msgpack_cxx_differential.hpp"
#endif

// Struct reads, a walk of the view, and lookups through the view of what a walk finds, in a
// message whose every value decodes (it transcodes); and msgpack-cxx's verdict on the same bytes.
int fuzz_msgpack(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::msgpack>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  paths_agree_on<prism::msgpack>(input);  // every path that decodes the message gives one verdict
  const auto v = prism::view<prism::msgpack>(input);
  (void)walk_view(v);
  if (prism::transcode<prism::msgpack, prism::cbor>(input) && !probe_lookups(v)) std::abort();
#if PRISM_FUZZ_WITH_MSGPACK_CXX
  msgpack_differential::check(input);  // the same verdict and value as msgpack-cxx
#endif
  return 0;
}
