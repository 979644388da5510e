#include <gtest/gtest.h>

#include <prism/core/enum.hpp>

#include <cstdint>
#include <string_view>

namespace enum_test_types {
enum class Color : std::uint8_t { Red, Green, Blue };
enum Plain { first = 1, second = 5 };
enum class Wide : std::int32_t { negative = -100, zero = 0, far = 1000 };
enum class Sparse : std::uint8_t { a = 0, b = 200, c = 255 };
}  // namespace enum_test_types
using namespace enum_test_types;

namespace {
enum class Hidden : std::int8_t { first = -3, second, third = 4 };  // compilers spell its namespace in parentheses
}  // namespace

template <>
struct prism::meta<Wide> {
  static constexpr long long enum_min = -100;
  static constexpr long long enum_max = 1000;
};

TEST(Enum, NamesOfScopedAndUnscopedEnums) {
  static_assert(prism::enum_name(Color::Blue) == "Blue");
  static_assert(prism::enum_name(second) == "second");
  EXPECT_EQ(prism::enum_name(Color::Red), "Red");
  EXPECT_EQ(prism::enum_name(static_cast<Color>(7)), "");
  EXPECT_FALSE(prism::enum_contains(static_cast<Plain>(2)));
}

TEST(Enum, ValuesFromNames) {
  EXPECT_EQ(prism::enum_from_name<Color>("Green"), Color::Green);
  EXPECT_EQ(prism::enum_from_name<Color>("green"), std::nullopt);
  EXPECT_EQ(prism::enum_from_name<Plain>("first"), first);
}

TEST(Enum, DefaultRangeFollowsTheUnderlyingType) {
  // uint8_t: [0, 127] by default, so 200 and 255 have no names unless meta widens the range.
  EXPECT_EQ(prism::enum_name(Sparse::a), "a");
  EXPECT_EQ(prism::enum_name(Sparse::b), "");
  EXPECT_EQ(prism::enum_entries<Color>().size(), 3u);
}

TEST(Enum, MetaWidensTheRange) {
  EXPECT_EQ(prism::enum_name(Wide::negative), "negative");
  EXPECT_EQ(prism::enum_name(Wide::far), "far");
  EXPECT_EQ(prism::enum_entries<Wide>().size(), 3u);
}

// Names come from the enumerators themselves: by index when their values are consecutive, by a
// search when they are not; every value between and around them has none.
TEST(Enum, EveryValueInAndAroundTheRangeGetsItsOwnName) {
  for (int v = -128; v < 128; ++v) {
    const auto wide = static_cast<Wide>(v * 9);
    const std::string_view expected = v == 0 ? "zero" : "";
    EXPECT_EQ(prism::enum_name(wide), expected) << v * 9;
  }
  for (int v = 0; v < 8; ++v) {  // an enum without a fixed type holds the values its bits can: 0 to 7 here
    const auto plain = static_cast<Plain>(v);
    EXPECT_EQ(prism::enum_name(plain), v == 1 ? "first" : v == 5 ? "second" : "") << v;
  }
  for (int v = 0; v < 256; ++v) {
    const auto color = static_cast<Color>(v);
    EXPECT_EQ(prism::enum_contains(color), v < 3) << v;
  }
  EXPECT_EQ(prism::enum_name(Wide::negative), "negative");
  EXPECT_EQ(prism::enum_name(static_cast<Wide>(-101)), "");
  EXPECT_EQ(prism::enum_name(static_cast<Wide>(1001)), "");
  EXPECT_EQ(prism::enum_name(static_cast<Wide>(INT32_MIN)), "");
  EXPECT_EQ(prism::enum_name(static_cast<Wide>(INT32_MAX)), "");
  static_assert(prism::enum_name(Wide::far) == "far");
  static_assert(prism::enum_name(Plain::second) == "second");
}

TEST(Enum, EnumsInAnonymousNamespacesAndFunctionsHaveNames) {
  EXPECT_EQ(prism::enum_name(Hidden::first), "first");
  EXPECT_EQ(prism::enum_name(Hidden::second), "second");
  EXPECT_EQ(prism::enum_name(Hidden::third), "third");
  EXPECT_EQ(prism::enum_name(static_cast<Hidden>(0)), "");
  EXPECT_EQ(prism::enum_entries<Hidden>().size(), 3u);
  enum class Local { up, down };
  EXPECT_EQ(prism::enum_name(Local::down), "down");
  EXPECT_EQ(prism::enum_name(static_cast<Local>(2)), "");
}
