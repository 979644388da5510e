// flatbuffers: serialize builds the table from the native structs in a reused builder;
// deserialize runs the Verifier, then copies into the native structs (as the original).
#include "monster_generated.h"
#include "peers/monster_peer.hpp"

namespace bench {
namespace {

class flatbuffers_peer final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    builder_.Clear();
    std::vector<flatbuffers::Offset<bench_fb::Monster>> offsets;
    offsets.reserve(in.size());
    std::vector<flatbuffers::Offset<bench_fb::Weapon>> weapons;
    std::vector<bench_fb::Vec3> path;
    for (const auto& m : in) {
      weapons.clear();
      for (const auto& w : m.weapons) weapons.push_back(bench_fb::CreateWeaponDirect(builder_, w.name.c_str(), w.damage));
      path.clear();
      for (const auto& p : m.path) path.emplace_back(p.x, p.y, p.z);
      const bench_fb::Vec3 pos(m.pos.x, m.pos.y, m.pos.z);
      const auto equipped = bench_fb::CreateWeaponDirect(builder_, m.equipped.name.c_str(), m.equipped.damage);
      offsets.push_back(bench_fb::CreateMonsterDirect(builder_, &pos, m.mana, m.hp, m.name.c_str(), &m.inventory,
                                                      static_cast<bench_fb::Color>(m.color), &weapons, equipped, &path));
    }
    builder_.Finish(bench_fb::CreateMonstersDirect(builder_, &offsets));
    return {builder_.GetBufferPointer(), builder_.GetSize()};
  }

  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    if (!bench_fb::VerifyMonstersBuffer(verifier)) return false;
    const auto* root = bench_fb::GetMonsters(bytes.data());
    const auto* list = root->monsters();
    out.resize(list ? list->size() : 0);
    for (std::size_t i = 0; i < out.size(); ++i) {
      const auto* src = list->Get(static_cast<flatbuffers::uoffset_t>(i));
      auto& m = out[i];
      if (const auto* p = src->pos()) m.pos = {p->x(), p->y(), p->z()};
      m.mana = src->mana();
      m.hp = src->hp();
      m.name = src->name() ? src->name()->str() : std::string();
      if (const auto* inv = src->inventory()) m.inventory.assign(inv->begin(), inv->end());
      m.color = static_cast<monsters::Color>(src->color());
      m.weapons.resize(src->weapons() ? src->weapons()->size() : 0);
      for (std::size_t k = 0; k < m.weapons.size(); ++k) {
        const auto* w = src->weapons()->Get(static_cast<flatbuffers::uoffset_t>(k));
        m.weapons[k].name = w->name() ? w->name()->str() : std::string();
        m.weapons[k].damage = w->damage();
      }
      if (const auto* e = src->equipped()) {
        m.equipped.name = e->name() ? e->name()->str() : std::string();
        m.equipped.damage = e->damage();
      }
      m.path.resize(src->path() ? src->path()->size() : 0);
      for (std::size_t k = 0; k < m.path.size(); ++k) {
        const auto* p = src->path()->Get(static_cast<flatbuffers::uoffset_t>(k));
        m.path[k] = {p->x(), p->y(), p->z()};
      }
    }
    return true;
  }

 private:
  flatbuffers::FlatBufferBuilder builder_{16384};
};

}  // namespace

std::unique_ptr<monster_case> make_flatbuffers() { return make_case<flatbuffers_peer>(); }

}  // namespace bench
