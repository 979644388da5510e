// Must not compile: prism::meta with both `fields` (the members to use) and `annotations`
// (attributes of some members, keeping all). The error must say to give one of them.
#include <prism/json.hpp>

#include <string>

struct Badge {
  int id;
  std::string label;
};

template <>
struct prism::meta<Badge> {
  static constexpr auto fields = std::tuple{prism::field<&Badge::id>()};
  static constexpr auto annotations = std::tuple{prism::field<&Badge::label>("name")};
};

int main() {
  std::string out;
  (void)prism::write<prism::json>(Badge{}, out);
}
