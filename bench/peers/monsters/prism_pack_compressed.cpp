// pack with every Vec3 component quantized to [-1, 1] in steps of at most 0.01 (8 bits), as
// bitsery's compression variant packs each Vec3 into 3 bytes with its value range extension.
#include <prism/pack.hpp>

#include <cmath>

#include "prism_peer.hpp"

namespace bench {
struct unit_vec3 {
  float x, y, z;
  // The original's tolerance, which the lossy variants rely on.
  friend bool operator==(const unit_vec3& a, const unit_vec3& b) noexcept {
    return std::fabs(a.x - b.x) < 0.05f && std::fabs(a.y - b.y) < 0.05f && std::fabs(a.z - b.z) < 0.05f;
  }
};
using compressed_monster = monsters::basic_monster<unit_vec3>;
}  // namespace bench

template <>
struct prism::meta<bench::unit_vec3> {
  static constexpr prism::pack_range unit{.min = -1, .max = 1, .precision = 0.01};
  static constexpr auto annotations = std::tuple{prism::field<&bench::unit_vec3::x>().with(unit),
                                                 prism::field<&bench::unit_vec3::y>().with(unit),
                                                 prism::field<&bench::unit_vec3::z>().with(unit)};
};

namespace bench {
std::unique_ptr<monster_case> make_prism_pack_compressed() {
  return make_case<prism_peer<prism::pack, compressed_monster>>();
}
}  // namespace bench
