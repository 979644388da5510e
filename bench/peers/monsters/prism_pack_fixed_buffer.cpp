// pack into the peer's own fixed array and back from it, as the original's fixed-buffer
// variants do (prism still checks every write against the end of the buffer).
#include <prism/pack.hpp>

#include <array>

#include "peers/monster_peer.hpp"

namespace bench {
namespace {
class prism_pack_fixed_buffer final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    const auto written = prism::write<prism::pack>(in, std::span<std::uint8_t>(buffer_));
    if (!written) return {};
    return std::span<const std::uint8_t>(buffer_.data(), *written);
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    return static_cast<bool>(prism::read<prism::pack>(out, bytes));
  }

 private:
  std::array<std::uint8_t, 150000> buffer_;
};
}  // namespace

std::unique_ptr<monster_case> make_prism_pack_fixed_buffer() { return make_case<prism_pack_fixed_buffer>(); }
}  // namespace bench
