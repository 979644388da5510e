// Must not compile: prism::value as a member of a struct in zbin (JSON, MessagePack, CBOR and BEVE
// take it there; zbin as a whole message only). The error must name the struct, the field and the
// way out.
#include <prism/zbin.hpp>

#include <string>

struct Envelope {
  int id;
  prism::value payload;
};

int main() {
  std::string out;
  (void)prism::write<prism::zbin>(Envelope{}, out);
}
