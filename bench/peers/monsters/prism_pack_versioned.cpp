// pack with Monster versioned, as bitsery's compatibility variant wraps Monster in its growable
// extension: each Monster's body follows its size, so that fields can be appended to it.
#include <prism/pack.hpp>

#include "prism_peer.hpp"

namespace bench {
struct versioned_tag {};
using versioned_monster = monsters::basic_monster<monsters::Vec3, versioned_tag>;
}  // namespace bench

template <>
struct prism::meta<bench::versioned_monster> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};

namespace bench {
std::unique_ptr<monster_case> make_prism_pack_versioned() {
  return make_case<prism_peer<prism::pack, versioned_monster>>();
}
}  // namespace bench
