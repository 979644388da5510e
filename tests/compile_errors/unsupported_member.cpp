// Must not compile: a struct with a member of a type prism does not know (std::stack), written
// and read in four formats. check.cmake asserts that the error is short and names the struct,
// the field and the type, and the ways out.
#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include <stack>
#include <string>

struct Config {
  int port;
  std::stack<int> history;
  std::string name;
};

int main() {
  Config c{};
  std::string out;
  (void)prism::write<prism::json>(c, out);
  (void)prism::read<prism::json>(c, out);
  (void)prism::write<prism::msgpack>(c, out);
  (void)prism::read<prism::cbor>(c, out);
  (void)prism::read<prism::beve>(c, out);
}
