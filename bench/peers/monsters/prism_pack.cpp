#include <prism/pack.hpp>

#include "prism_peer.hpp"

namespace bench {
std::unique_ptr<monster_case> make_prism_pack() { return make_case<prism_peer<prism::pack>>(); }
}  // namespace bench
