// Boost.Serialization's binary_oarchive over a std::stringstream made on every call.
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include <sstream>

#include "peers/monster_peer.hpp"

namespace boost::serialization {
template <class Archive>
void serialize(Archive& ar, monsters::Vec3& v, const unsigned int) {
  ar& v.x& v.y& v.z;
}
template <class Archive>
void serialize(Archive& ar, monsters::Weapon& w, const unsigned int) {
  ar& w.name& w.damage;
}
template <class Archive>
void serialize(Archive& ar, monsters::Monster& m, const unsigned int) {
  ar& m.pos& m.mana& m.hp& m.name& m.inventory& m.color& m.weapons& m.equipped& m.path;
}
}  // namespace boost::serialization

namespace bench {
namespace {

class boost_binary final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    std::stringstream ss;
    {
      boost::archive::binary_oarchive archive(ss);
      archive << in;
    }
    if (buffer_.empty()) buffer_ = ss.str();
    return {reinterpret_cast<const std::uint8_t*>(buffer_.data()), buffer_.size()};
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    std::stringstream ss;
    ss.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    try {
      boost::archive::binary_iarchive archive(ss);
      archive >> out;
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }

 private:
  std::string buffer_;
};

}  // namespace

std::unique_ptr<monster_case> make_boost() { return make_case<boost_binary>(); }

}  // namespace bench
