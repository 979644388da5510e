#include <prism/pack.hpp>

#include "prism_peer.hpp"

namespace bench {
std::unique_ptr<monster_peer> make_prism_pack() { return std::make_unique<prism_peer<prism::pack>>(); }
}  // namespace bench
