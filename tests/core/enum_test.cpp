#include <gtest/gtest.h>

#include <prism/core/enum.hpp>

#include <cstdint>

namespace enum_test_types {
enum class Color : std::uint8_t { Red, Green, Blue };
enum Plain { first = 1, second = 5 };
enum class Wide : std::int32_t { negative = -100, zero = 0, far = 1000 };
enum class Sparse : std::uint8_t { a = 0, b = 200, c = 255 };
}  // namespace enum_test_types
using namespace enum_test_types;

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
