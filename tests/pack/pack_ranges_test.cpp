// pack's value ranges (pack_range): runs of fields stored in the bits their ranges need, floats
// quantized within half a step, integers exactly, and what is out of range refused both ways.
#include <gtest/gtest.h>

#include <prism/pack.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace pack_ranges_types {

struct UnitVec3 {
  float x, y, z;
};

struct Stats {
  std::string name;
  std::int16_t hp;     // [0, 1000]: 10 bits
  std::uint8_t level;  // [1, 100]: 7 bits
  std::int32_t delta;  // [-8, 7]: 4 bits
  double weight;       // not ranged: 8 bytes
};

struct Scene {
  UnitVec3 origin;
  std::vector<UnitVec3> path;
  Stats stats;
};

using bytes = std::vector<std::uint8_t>;

template <class T>
bytes ranged_bytes(const T& v) {
  bytes out;
  EXPECT_TRUE(prism::write<prism::pack>(v, out));
  return out;
}

}  // namespace pack_ranges_types
using namespace pack_ranges_types;

template <>
struct prism::meta<UnitVec3> {
  static constexpr prism::pack_range unit{.min = -1, .max = 1, .precision = 0.01};
  static constexpr auto annotations = std::tuple{prism::field<&UnitVec3::x>().with(unit),
                                                 prism::field<&UnitVec3::y>().with(unit),
                                                 prism::field<&UnitVec3::z>().with(unit)};
};

template <>
struct prism::meta<Stats> {
  static constexpr auto annotations =
      std::tuple{prism::field<&Stats::hp>().with(prism::pack_range{.min = 0, .max = 1000}),
                 prism::field<&Stats::level>().with(prism::pack_range{.min = 1, .max = 100}),
                 prism::field<&Stats::delta>().with(prism::pack_range{.min = -8, .max = 7})};
};

TEST(PackRanges, IntegersTakeTheBitsOfTheirRange) {
  const Stats s{"ab", 1000, 1, -8, 0.5};
  const bytes b = ranged_bytes(s);
  // name; then hp 1000 (10 bits), level 1 -> 0 (7 bits), delta -8 -> 0 (4 bits): 21 bits, 3 bytes.
  ASSERT_EQ(b.size(), 3u + 3u + 8u);
  EXPECT_EQ(b[3], 1000 & 0xff);
  EXPECT_EQ(b[4], 1000 >> 8);
  EXPECT_EQ(b[5], 0);
  const auto back = prism::read<prism::pack, Stats>(b);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->hp, 1000);
  EXPECT_EQ(back->level, 1);
  EXPECT_EQ(back->delta, -8);
  EXPECT_EQ(back->weight, 0.5);

  std::mt19937 rng(4213);
  for (int i = 0; i < 200; ++i) {
    const Stats r{"x", static_cast<std::int16_t>(rng() % 1001), static_cast<std::uint8_t>(1 + rng() % 100),
                  static_cast<std::int32_t>(rng() % 16) - 8, 1.0};
    const auto again = prism::read<prism::pack, Stats>(ranged_bytes(r));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->hp, r.hp);
    EXPECT_EQ(again->level, r.level);
    EXPECT_EQ(again->delta, r.delta);
  }
}

TEST(PackRanges, FloatsComeBackWithinHalfAStep) {
  std::mt19937 rng(7113);
  std::uniform_real_distribution<float> unit(-1, 1);
  Scene scene{{1, -1, 0}, {}, {"s", 3, 4, 5, 6}};
  for (int i = 0; i < 300; ++i) scene.path.push_back({unit(rng), unit(rng), unit(rng)});
  const bytes b = ranged_bytes(scene);
  // Each UnitVec3 takes 3 bytes: 8 bits per component for 200 steps.
  EXPECT_EQ(b.size(), 3u + 2u + 300u * 3u + (2u + 3u + 8u));
  const auto back = prism::read<prism::pack, Scene>(b);
  ASSERT_TRUE(back) << back.error().message();
  const float half_step = 1.0f / 255.0f + 1e-6f;
  EXPECT_EQ(back->origin.x, 1.0f);
  EXPECT_EQ(back->origin.y, -1.0f);
  for (std::size_t i = 0; i < scene.path.size(); ++i) {
    EXPECT_NEAR(back->path[i].x, scene.path[i].x, half_step);
    EXPECT_NEAR(back->path[i].y, scene.path[i].y, half_step);
    EXPECT_NEAR(back->path[i].z, scene.path[i].z, half_step);
  }

  // The same bytes through a stream and a packed-sequences write that keeps ranged structs whole.
  constexpr prism::options packed{.format = prism::pack_options{.packed_sequences = true}};
  bytes p;
  ASSERT_TRUE((prism::write<prism::pack, packed>(scene, p)));
  const auto from_packed = prism::read<prism::pack, Scene, packed>(p);
  ASSERT_TRUE(from_packed) << from_packed.error().message();
  EXPECT_EQ(from_packed->path.size(), 300u);
}

TEST(PackRanges, ValuesOutsideTheRangeAreRefusedBothWays) {
  bytes out;
  const auto high = prism::write<prism::pack>(Stats{"x", 1001, 1, 0, 0}, out);
  ASSERT_FALSE(high);
  EXPECT_EQ(high.error().code, prism::errc::out_of_range);
  EXPECT_EQ(high.error().path, "hp");

  const auto nan = prism::write<prism::pack>(UnitVec3{0, std::numeric_limits<float>::quiet_NaN(), 0}, out);
  ASSERT_FALSE(nan);
  EXPECT_EQ(nan.error().code, prism::errc::out_of_range);
  EXPECT_EQ(nan.error().path, "y");

  // level's 7 bits hold 127, beyond 100 - 1.
  bytes b = ranged_bytes(Stats{"", 0, 1, 0, 0});
  b[2] = static_cast<std::uint8_t>(b[2] | 0xfc);  // level's top 6 bits
  b[3] = static_cast<std::uint8_t>(b[3] | 0x01);  // and its last one
  const auto bad = prism::read<prism::pack, Stats>(b);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, prism::errc::invalid_value);
  EXPECT_EQ(bad.error().path, "level");

  // The padding bits after the run must be zero.
  bytes pad = ranged_bytes(Stats{"", 0, 1, 0, 0});
  pad[3] = static_cast<std::uint8_t>(pad[3] | 0x80);
  const auto padded = prism::read<prism::pack, Stats>(pad);
  ASSERT_FALSE(padded);
  EXPECT_EQ(padded.error().code, prism::errc::invalid_value);

  // A run cut off by the end of the input names its first field.
  const bytes cut(b.begin(), b.begin() + 2);
  const auto short_read = prism::read<prism::pack, Stats>(cut);
  ASSERT_FALSE(short_read);
  EXPECT_EQ(short_read.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(short_read.error().path, "hp");
}
