#include <prism/msgpack.hpp>

#include "prism_peer.hpp"

namespace bench {
std::unique_ptr<monster_case> make_prism_msgpack() { return make_case<prism_peer<prism::msgpack>>(); }
}  // namespace bench
