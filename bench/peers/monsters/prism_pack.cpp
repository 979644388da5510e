#include <prism/pack.hpp>

#include "peers/monster_peer.hpp"

namespace bench {
namespace {

class prism_pack final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    if (!prism::write<prism::pack>(in, buffer_)) return {};
    return buffer_;
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    return static_cast<bool>(prism::read<prism::pack>(out, bytes));
  }

 private:
  std::vector<std::uint8_t> buffer_;
};

}  // namespace

std::unique_ptr<monster_peer> make_prism_pack() { return std::make_unique<prism_pack>(); }

}  // namespace bench
