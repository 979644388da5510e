// The original's hand-written baseline: memcpy per field, size_t length prefixes, no checks on
// write; on read, each read checks the remaining bytes and is skipped when it does not fit,
// and lengths are capped at 100.
#include <array>
#include <cstring>

#include "peers/monster_peer.hpp"

namespace bench {
namespace {

class hand_written final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    pos_ = 0;
    put_size(in.size());
    for (const auto& m : in) {
      put(m.pos);
      put(m.mana);
      put(m.hp);
      put_string(m.name);
      put_size(m.inventory.size());
      put_bytes(m.inventory.data(), m.inventory.size());
      put(m.color);
      put_size(m.weapons.size());
      for (const auto& w : m.weapons) put_weapon(w);
      put_weapon(m.equipped);
      put_size(m.path.size());
      put_bytes(m.path.data(), m.path.size() * sizeof(monsters::Vec3));
    }
    return {buffer_.data(), pos_};
  }

  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    in_ = bytes.data();
    end_ = bytes.data() + bytes.size();
    out.resize(get_size());
    for (auto& m : out) {
      get(m.pos);
      get(m.mana);
      get(m.hp);
      get_string(m.name);
      m.inventory.resize(get_size());
      get_bytes(m.inventory.data(), m.inventory.size());
      get(m.color);
      m.weapons.resize(get_size());
      for (auto& w : m.weapons) get_weapon(w);
      get_weapon(m.equipped);
      m.path.resize(get_size());
      get_bytes(m.path.data(), m.path.size() * sizeof(monsters::Vec3));
    }
    return true;
  }

 private:
  template <class T>
  void put(const T& v) {
    std::memcpy(buffer_.data() + pos_, &v, sizeof(T));
    pos_ += sizeof(T);
  }
  void put_size(std::size_t n) { put(n); }
  void put_bytes(const void* p, std::size_t n) {
    std::memcpy(buffer_.data() + pos_, p, n);
    pos_ += n;
  }
  void put_string(const std::string& s) {
    put_size(s.size());
    put_bytes(s.data(), s.size());
  }
  void put_weapon(const monsters::Weapon& w) {
    put_string(w.name);
    put(w.damage);
  }

  template <class T>
  void get(T& v) {
    if (static_cast<std::size_t>(end_ - in_) >= sizeof(T)) {
      std::memcpy(&v, in_, sizeof(T));
      in_ += sizeof(T);
    }
  }
  std::size_t get_size() {
    std::size_t n = 0;
    get(n);
    return n > 100 ? 100 : n;
  }
  void get_bytes(void* p, std::size_t n) {
    if (static_cast<std::size_t>(end_ - in_) >= n) {
      std::memcpy(p, in_, n);
      in_ += n;
    }
  }
  void get_string(std::string& s) {
    s.resize(get_size());
    get_bytes(s.data(), s.size());
  }
  void get_weapon(monsters::Weapon& w) {
    get_string(w.name);
    get(w.damage);
  }

  std::array<std::uint8_t, 1000000> buffer_{};
  std::size_t pos_ = 0;
  const std::uint8_t* in_ = nullptr;
  const std::uint8_t* end_ = nullptr;
};

}  // namespace

std::unique_ptr<monster_case> make_hand_written() { return make_case<hand_written>(); }

}  // namespace bench
