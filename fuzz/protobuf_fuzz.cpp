#include <prism/protobuf.hpp>

#include "fuzz_target.hpp"
#include "targets.hpp"
#if PRISM_FUZZ_WITH_LIBPROTOBUF
#include "libprotobuf_differential.hpp"
#endif

// Besides struct reads: libprotobuf gives the same verdict and values for a Record of every
// field kind (tests/protobuf/interop.proto).
int fuzz_protobuf(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::protobuf>(data, size);
#if PRISM_FUZZ_WITH_LIBPROTOBUF
  libprotobuf_differential::check(std::string_view(reinterpret_cast<const char*>(data), size));
#endif
  return 0;
}
