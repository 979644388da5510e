#pragma once
// prism in any format: write into a reused vector, read into the reused result.
#include <prism/core/api.hpp>

#include "peers/monster_peer.hpp"

namespace bench {

template <class Format, class M = monsters::Monster>
class prism_peer final : public basic_monster_peer<M> {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<M>& in) override {
    if (!prism::write<Format>(in, buffer_)) return {};
    return buffer_;
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<M>& out) override {
    return static_cast<bool>(prism::read<Format>(out, bytes));
  }

 private:
  std::vector<std::uint8_t> buffer_;
};

}  // namespace bench
