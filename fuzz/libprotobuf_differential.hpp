#pragma once
// Protobuf against libprotobuf on the same bytes: each parses them as one Record of
// tests/protobuf/interop.proto (libprotobuf's generated class, prism the C++ struct of
// tests/protobuf/interop_record.hpp), and the two must agree. What both accept must be the same
// values (libprotobuf's converted to the C++ struct, then both compared as libprotobuf's
// deterministic bytes, so that NaN payloads and -0.0 count). What libprotobuf accepts prism refuses only for the reasons that
// docs/protobuf.md lists: a wire type that does not match the member (libprotobuf keeps the field
// as unknown), a number that does not fit the member (libprotobuf truncates it), a ten-byte varint
// with bits beyond the 64th or a tag with bits beyond the 32nd (libprotobuf drops them), a Timestamp beyond the time point's range
// or with nanos outside [0, 10^9). Aborts on any other disagreement.
#include <google/protobuf/stubs/logging.h>

#include <prism/protobuf.hpp>

#include <cstdlib>
#include <string>
#include <string_view>

#include "protobuf/interop_record.hpp"

namespace libprotobuf_differential {

inline std::string deterministic_bytes(const prism_interop::Record& m) {
  std::string out;
  if (!protobuf_interop_types::deterministic_bytes(m, out)) std::abort();
  return out;
}

// The refusals docs/protobuf.md lists, where libprotobuf accepts.
inline bool refused_on_purpose(const prism::error& e) {
  if (e.code == prism::errc::type_mismatch || e.code == prism::errc::out_of_range) return true;
  if (e.code == prism::errc::invalid_value && (e.expected.rfind("varint", 0) == 0 || e.expected.rfind("a field key", 0) == 0))
    return true;
  return e.path.rfind("when", 0) == 0 && e.code == prism::errc::invalid_value;
}

inline void check(std::string_view input) {
  using protobuf_interop_types::Record;
  static const bool quiet = [] {  // libprotobuf logs every string that is not UTF-8
    google::protobuf::SetLogHandler(nullptr);
    return true;
  }();
  (void)quiet;
  // libprotobuf's own nesting limit is 100; Records nest only through unknown groups.
  const prism::limits lim{.max_depth = 100, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
  prism_interop::Record theirs;
  const bool they_accept = theirs.ParseFromArray(input.data(), static_cast<int>(input.size()));
  const auto ours = prism::read<prism::protobuf, Record>(input, lim);
  if (ours && they_accept) {  // through the C++ struct both ways: message fields have no presence there
    using protobuf_interop_types::from_pb;
    using protobuf_interop_types::to_pb;
    if (deterministic_bytes(to_pb(from_pb(theirs))) != deterministic_bytes(to_pb(*ours))) std::abort();
  } else if (ours) {
    std::abort();  // prism accepts what libprotobuf refuses
  } else if (they_accept && !refused_on_purpose(ours.error())) {
    std::abort();
  }
}

}  // namespace libprotobuf_differential
