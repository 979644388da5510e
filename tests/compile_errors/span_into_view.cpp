// Must not compile: a std::span member read from a message; a span cannot take the elements. Each
// read must stop at the one static assertion that names the way out, not add the errors of the
// resizing code below it.
#include <prism/cbor.hpp>
#include <prism/msgpack.hpp>

#include <span>
#include <string>

struct Samples {
  std::span<int> values;
};

int main() {
  const std::string bytes;
  Samples s;
  (void)prism::read<prism::cbor>(s, bytes);     // its own sequence reader
  (void)prism::read<prism::msgpack>(s, bytes);  // core's size_sequence, as BEVE and zbin
}
