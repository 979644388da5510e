// Must not compile: a struct whose members are split between it and its base, which C++20
// cannot reflect. The error must name the struct and point to prism::meta.
#include <prism/msgpack.hpp>

#include <string>

struct Header {
  int id;
  std::string frame;
};

struct Pose : Header {
  double x, y;
};

int main() {
  std::string out;
  (void)prism::write<prism::msgpack>(Pose{}, out);
}
