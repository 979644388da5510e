// Must not compile: prism::value as a member of a struct in MessagePack (JSON takes it there, the
// other formats as a whole message only). The error must name the struct, the field and the way out.
#include <prism/msgpack.hpp>

#include <string>

struct Envelope {
  int id;
  prism::value payload;
};

int main() {
  std::string out;
  (void)prism::write<prism::msgpack>(Envelope{}, out);
}
