// msgpack-cxx: Monster as a map keyed by field name (as MSGPACK_DEFINE_MAP would write it),
// packed into a reused sbuffer; unpacked into an object zone, then converted.
#include <msgpack.hpp>

#include "peers/monster_peer.hpp"

MSGPACK_ADD_ENUM(monsters::Color);

namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
namespace adaptor {

template <>
struct pack<monsters::Vec3> {
  template <class Stream>
  packer<Stream>& operator()(packer<Stream>& o, const monsters::Vec3& v) const {
    o.pack_map(3);
    o.pack("x"), o.pack(v.x), o.pack("y"), o.pack(v.y), o.pack("z"), o.pack(v.z);
    return o;
  }
};
template <>
struct convert<monsters::Vec3> {
  const msgpack::object& operator()(const msgpack::object& o, monsters::Vec3& v) const {
    if (o.type != msgpack::type::MAP) throw msgpack::type_error();
    for (const auto& kv : o.via.map) {
      const auto key = kv.key.as<std::string_view>();
      if (key == "x") kv.val.convert(v.x);
      else if (key == "y") kv.val.convert(v.y);
      else if (key == "z") kv.val.convert(v.z);
    }
    return o;
  }
};

template <>
struct pack<monsters::Weapon> {
  template <class Stream>
  packer<Stream>& operator()(packer<Stream>& o, const monsters::Weapon& w) const {
    o.pack_map(2);
    o.pack("name"), o.pack(w.name), o.pack("damage"), o.pack(w.damage);
    return o;
  }
};
template <>
struct convert<monsters::Weapon> {
  const msgpack::object& operator()(const msgpack::object& o, monsters::Weapon& w) const {
    if (o.type != msgpack::type::MAP) throw msgpack::type_error();
    for (const auto& kv : o.via.map) {
      const auto key = kv.key.as<std::string_view>();
      if (key == "name") kv.val.convert(w.name);
      else if (key == "damage") kv.val.convert(w.damage);
    }
    return o;
  }
};

template <>
struct pack<monsters::Monster> {
  template <class Stream>
  packer<Stream>& operator()(packer<Stream>& o, const monsters::Monster& m) const {
    o.pack_map(9);
    o.pack("pos"), o.pack(m.pos), o.pack("mana"), o.pack(m.mana), o.pack("hp"), o.pack(m.hp);
    o.pack("name"), o.pack(m.name), o.pack("inventory"), o.pack(m.inventory), o.pack("color"), o.pack(m.color);
    o.pack("weapons"), o.pack(m.weapons), o.pack("equipped"), o.pack(m.equipped), o.pack("path"), o.pack(m.path);
    return o;
  }
};
template <>
struct convert<monsters::Monster> {
  const msgpack::object& operator()(const msgpack::object& o, monsters::Monster& m) const {
    if (o.type != msgpack::type::MAP) throw msgpack::type_error();
    for (const auto& kv : o.via.map) {
      const auto key = kv.key.as<std::string_view>();
      if (key == "pos") kv.val.convert(m.pos);
      else if (key == "mana") kv.val.convert(m.mana);
      else if (key == "hp") kv.val.convert(m.hp);
      else if (key == "name") kv.val.convert(m.name);
      else if (key == "inventory") kv.val.convert(m.inventory);
      else if (key == "color") kv.val.convert(m.color);
      else if (key == "weapons") kv.val.convert(m.weapons);
      else if (key == "equipped") kv.val.convert(m.equipped);
      else if (key == "path") kv.val.convert(m.path);
    }
    return o;
  }
};

}  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE
}  // namespace msgpack

namespace bench {
namespace {

class msgpack_cxx final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    buffer_.clear();
    msgpack::pack(buffer_, in);
    return {reinterpret_cast<const std::uint8_t*>(buffer_.data()), buffer_.size()};
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    try {
      const auto handle = msgpack::unpack(reinterpret_cast<const char*>(bytes.data()), bytes.size());
      handle.get().convert(out);
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }

 private:
  msgpack::sbuffer buffer_;
};

}  // namespace

std::unique_ptr<monster_case> make_msgpack_cxx() { return make_case<msgpack_cxx>(); }

}  // namespace bench
