// cereal's BinaryOutputArchive over a std::stringstream made on every call, as the original.
#include <cereal/archives/binary.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <sstream>

#include "peers/monster_peer.hpp"

namespace monsters {
template <class Archive>
void serialize(Archive& ar, Vec3& v) {
  ar(v.x, v.y, v.z);
}
template <class Archive>
void serialize(Archive& ar, Weapon& w) {
  ar(w.name, w.damage);
}
template <class Archive>
void serialize(Archive& ar, Monster& m) {
  ar(m.pos, m.mana, m.hp, m.name, m.inventory, m.color, m.weapons, m.equipped, m.path);
}
}  // namespace monsters

namespace bench {
namespace {

class cereal_binary final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    std::stringstream ss;
    {
      cereal::BinaryOutputArchive archive(ss);
      archive(in);
    }
    if (buffer_.empty()) buffer_ = ss.str();
    return {reinterpret_cast<const std::uint8_t*>(buffer_.data()), buffer_.size()};
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    std::stringstream ss;
    ss.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    try {
      cereal::BinaryInputArchive archive(ss);
      archive(out);
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }

 private:
  std::string buffer_;
};

}  // namespace

std::unique_ptr<monster_case> make_cereal() { return make_case<cereal_binary>(); }

}  // namespace bench
