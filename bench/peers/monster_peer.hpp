#pragma once
// The one interface every library implements for the monsters report, as in the original:
// serialize the 50 monsters into the peer's own reused buffer, deserialize into a reused vector.
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "data/monsters.hpp"

namespace bench {

class monster_peer {
 public:
  virtual ~monster_peer() = default;
  virtual std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) = 0;
  virtual bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) = 0;
};

std::unique_ptr<monster_peer> make_hand_written();
std::unique_ptr<monster_peer> make_prism_pack();
std::unique_ptr<monster_peer> make_prism_msgpack();
std::unique_ptr<monster_peer> make_msgpack_cxx();
std::unique_ptr<monster_peer> make_cereal();
std::unique_ptr<monster_peer> make_boost();
std::unique_ptr<monster_peer> make_flatbuffers();

}  // namespace bench
