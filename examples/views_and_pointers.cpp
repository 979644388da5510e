// Read only what you need from a message: views decode nothing up front.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>

int main() {
  const std::string message = R"({"pos":{"x":1.5,"y":-2},"weapons":[{"name":"Axe"},{"name":"Bow"}]})";
  std::string cbor;
  if (!prism::transcode<prism::json, prism::cbor>(message, cbor)) return 1;  // the same value in CBOR

  const auto root = prism::view<prism::cbor>(cbor);
  const auto x = root["pos"]["x"].as<double>();
  const auto second = root.at_pointer("/weapons/1/name").as<std::string>();  // RFC 6901
  if (!x || *x != 1.5 || !second || *second != "Bow") return 1;
  std::printf("x = %g, second weapon = %s\n", *x, second->c_str());

  // A lookup that fails says where: the pointer up to the token that failed.
  const auto missing = root.at_pointer("/weapons/5/name").as<std::string>();
  if (missing) return 1;
  std::printf("%s\n", missing.error().message().c_str());
  return 0;
}
