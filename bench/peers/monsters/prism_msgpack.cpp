#include <prism/msgpack.hpp>

#include "prism_peer.hpp"

namespace bench {
std::unique_ptr<monster_peer> make_prism_msgpack() { return std::make_unique<prism_peer<prism::msgpack>>(); }
}  // namespace bench
