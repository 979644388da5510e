// Must not compile: zserio has no encoding for maps. The error must name the format, the struct,
// the field and the type, and the way out.
#include <prism/zserio.hpp>

#include <map>
#include <string>

struct Track {
  int id;
  std::map<std::string, int> counts;
};

int main() {
  std::string out;
  (void)prism::write<prism::zserio>(Track{}, out);
  Track back;
  (void)prism::read<prism::zserio>(back, out);
}
