// The prism side of the cbor2 interop test (cbor2_check.py): reads a CBOR array of records
// from stdin and writes it back to stdout in prism's deterministic encoding; exit status 1 and
// the error on stderr when the input does not read.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <prism/cbor.hpp>

namespace cbor2_peer_types {

struct record {
  std::int64_t id;
  std::string name;
  double score;
  std::vector<std::string> tags;
  std::map<std::string, std::int64_t> props;
  std::optional<std::string> maybe;
  bool flag;
  std::vector<std::byte> blob;
  std::vector<std::int32_t> samples;
};

}  // namespace cbor2_peer_types

int main() {
  using cbor2_peer_types::record;
  const std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  auto records = prism::read<prism::cbor, std::vector<record>>(input);
  if (!records) {
    std::fprintf(stderr, "%s\n", records.error().message().c_str());
    return 1;
  }
  std::string out;
  if (!prism::write<prism::cbor, prism::options{.format = prism::cbor_options{.deterministic = true}}>(*records, out)) return 1;
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
