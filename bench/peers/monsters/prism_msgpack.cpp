#include <prism/msgpack.hpp>

#include "peers/monster_peer.hpp"

namespace bench {
namespace {

class prism_msgpack final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    if (!prism::write<prism::msgpack>(in, buffer_)) return {};
    return buffer_;
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    return static_cast<bool>(prism::read<prism::msgpack>(out, bytes));
  }

 private:
  std::vector<std::uint8_t> buffer_;
};

}  // namespace

std::unique_ptr<monster_peer> make_prism_msgpack() { return std::make_unique<prism_msgpack>(); }

}  // namespace bench
