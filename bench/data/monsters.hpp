#pragma once
// The monsters workload (../shared/workloads/monsters.md): types and the seeded generator,
// drawing exactly as the original benchmark does so that the data is byte-for-byte the same.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace monsters {

enum class Color : std::uint8_t { Red, Green, Blue };

struct Vec3 {
  float x, y, z;
  // As the original: equal when every component differs by less than 0.05.
  friend bool operator==(const Vec3& a, const Vec3& b) noexcept {
    return std::fabs(a.x - b.x) < 0.05f && std::fabs(a.y - b.y) < 0.05f && std::fabs(a.z - b.z) < 0.05f;
  }
};

struct Weapon {
  std::string name;
  std::int16_t damage;
  friend bool operator==(const Weapon&, const Weapon&) = default;
};

// Monster over the type of its positions. The report's prism variants build types of their own
// from it (a versioned Monster, one with quantized positions) that hold the same data.
template <class V, class Tag = void>
struct basic_monster {
  using vec3_type = V;
  V pos;
  std::int16_t mana;
  std::int16_t hp;
  std::string name;
  std::vector<std::uint8_t> inventory;
  Color color;
  std::vector<Weapon> weapons;
  Weapon equipped;
  std::vector<V> path;
  friend bool operator==(const basic_monster&, const basic_monster&) = default;
};

using Monster = basic_monster<Vec3>;

// std::mt19937's parameters with uint_fast32_t, as the original declares it.
using engine = std::mersenne_twister_engine<std::uint_fast32_t, 32, 624, 397, 31, 0x9908b0df, 11, 0xffffffff, 7,
                                            0x9d2c5680, 15, 0xefc60000, 18, 1812433253>;

// Uniform over [a, b): the original's own distribution, identical on every platform.
template <class T>
T uniform_int(engine& eng, T a, T b) {
  const std::uint64_t urange = static_cast<std::uint64_t>(static_cast<std::int64_t>(b) - static_cast<std::int64_t>(a));
  const std::uint64_t erange = static_cast<std::uint64_t>(engine::max() - engine::min());
  const std::uint64_t scale = erange / urange;
  for (;;) {
    const std::uint64_t r = static_cast<std::uint64_t>(eng() - engine::min());
    if (r >= scale * urange) continue;
    return static_cast<T>(static_cast<std::int64_t>(r / scale) + static_cast<std::int64_t>(a));
  }
}

inline float uniform_real(engine& eng, float a, float b) {
  const auto erange = static_cast<float>(engine::max() - engine::min());
  return static_cast<float>(eng()) / erange * (b - a) + a;
}

struct generator {
  engine eng;
  generator() : eng([] {
    std::seed_seq seq{1, 2, 3};
    return engine(seq);
  }()) {}

  char rand_char() { return static_cast<char>(uniform_int<std::int16_t>(eng, 'A', 'Z')); }
  int rand_len() { return uniform_int<int>(eng, 1, 10); }
  std::int16_t rand_nr() { return uniform_int<std::int16_t>(eng, 0, INT16_MAX); }
  float rand_float() { return uniform_real(eng, -1.0f, 1.0f); }

  std::string rand_name() {
    const int n = rand_len();
    std::string s;
    for (int i = 0; i < n; ++i) s.push_back(rand_char());
    return s;
  }
  Weapon rand_weapon() {
    Weapon w;
    w.damage = rand_nr();
    w.name = rand_name();
    return w;
  }
  template <class M = Monster>
  M rand_monster() {
    M m;
    m.name = rand_name();
    m.pos.x = rand_float();
    m.pos.y = rand_float();
    m.pos.z = rand_float();
    m.color = static_cast<Color>(rand_len() % 3);
    m.hp = static_cast<std::int16_t>(rand_nr() % 1000);
    m.mana = static_cast<std::int16_t>(std::abs(rand_nr() % 500));
    for (int i = 0, n = rand_len(); i < n; ++i) m.inventory.push_back(static_cast<std::uint8_t>(rand_len()));
    for (int i = 0, n = rand_len(); i < n; ++i) {
      typename M::vec3_type v;
      v.x = rand_float();
      v.y = rand_float();
      v.z = rand_float();
      m.path.push_back(v);
    }
    m.equipped = rand_weapon();
    for (int i = 0, n = rand_len(); i < n; ++i) m.weapons.push_back(rand_weapon());
    return m;
  }
};

inline constexpr std::size_t default_count = 50;

template <class M = Monster>
std::vector<M> make_monsters(std::size_t count = default_count) {
  generator gen;
  std::vector<M> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) out.push_back(gen.template rand_monster<M>());
  return out;
}

}  // namespace monsters
