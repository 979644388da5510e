// Must not compile: CBOR's own options given to MessagePack. The error must say that the options
// belong to another format and name the way out.
#include <prism/cbor.hpp>
#include <prism/msgpack.hpp>

#include <string>

int main() {
  std::string out;
  (void)prism::write<prism::msgpack, prism::options{.format = prism::cbor_options{.deterministic = true}}>(1, out);
}
