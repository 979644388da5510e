#include <prism/pack.hpp>

#include <cmath>

#include "fuzz_target.hpp"
#include "targets.hpp"

namespace pack_fuzz {
// Monster versioned, and Monster with its positions in 8-bit ranges, as the monsters report's
// prism pack variants.
struct versioned_tag {};
using versioned_monster = monsters::basic_monster<monsters::Vec3, versioned_tag>;
struct unit_vec3 {
  float x, y, z;
  friend bool operator==(const unit_vec3&, const unit_vec3&) = default;
};
using ranged_monster = monsters::basic_monster<unit_vec3>;
}  // namespace pack_fuzz

template <>
struct prism::meta<pack_fuzz::versioned_monster> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};
template <>
struct prism::meta<pack_fuzz::unit_vec3> {
  static constexpr prism::pack_range unit{.min = -1, .max = 1, .precision = 0.01};
  static constexpr auto annotations = std::tuple{prism::field<&pack_fuzz::unit_vec3::x>().with(unit),
                                                 prism::field<&pack_fuzz::unit_vec3::y>().with(unit),
                                                 prism::field<&pack_fuzz::unit_vec3::z>().with(unit)};
};

// The same bytes as plain pack, as pack's packed sequences, and as versioned and ranged structs.
int fuzz_pack(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::pack>(data, size);
  constexpr prism::options packed{.format = prism::pack_options{.packed_sequences = true}};
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<prism::pack, std::vector<monsters::Monster>, packed>(input);
  fuzz_one<prism::pack, testing_types::Everything, packed>(input);
  fuzz_one<prism::pack, std::vector<testing_types::Everything>, packed>(input);
  fuzz_one<prism::pack, std::vector<pack_fuzz::versioned_monster>>(input);
  fuzz_one<prism::pack, std::vector<pack_fuzz::ranged_monster>>(input);
  return 0;
}
