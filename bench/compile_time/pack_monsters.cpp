// A probe of the build suite: the monsters workload's reader and writer in pack, as a user's
// program holds them (the .text they take, the time they take to compile).
#include <prism/pack.hpp>

#include <string>
#include <vector>

#include "data/monsters.hpp"

namespace app {

bool write_monsters(const std::vector<monsters::Monster>& in, std::string& out) {
  return static_cast<bool>(prism::write<prism::pack>(in, out));
}

bool read_monsters(const std::string& bytes, std::vector<monsters::Monster>& out) {
  return static_cast<bool>(prism::read<prism::pack>(out, bytes));
}

}  // namespace app

int main() {
  std::vector<monsters::Monster> in(1), out;
  std::string bytes;
  return app::write_monsters(in, bytes) && app::read_monsters(bytes, out) && out == in ? 0 : 1;
}
