// Untagged variants in JSON: written as the alternative's plain value and read back by JSON
// type, per call (json_options::untagged_variants) or per variant (meta<V>::untagged).
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace json_untagged_types {
struct point {
  int x = 0;
  int y = 0;
  bool operator==(const point&) const = default;
};
using setting = std::variant<std::int64_t, double, std::string, point, std::vector<int>, bool, std::monostate>;

// Untagged in every call, by its meta.
using limit = std::variant<std::uint32_t, std::string>;
struct config {
  limit memory;
  limit threads;
  std::variant<int, std::string> tagged;  // stays tagged without the option
  bool operator==(const config&) const = default;
};
}  // namespace json_untagged_types
using namespace json_untagged_types;

template <>
struct prism::meta<limit> {
  static constexpr bool untagged = true;
};

constexpr prism::json_options untagged{.untagged_variants = true};

TEST(JsonUntagged, EachJsonTypeGoesToItsAlternative) {
  const std::vector<setting> all{std::int64_t{-8}, 2.5, std::string("auto"), point{1, 2}, std::vector<int>{3}, true, std::monostate{}};
  std::string text;
  ASSERT_TRUE((prism::write<prism::json, untagged>(all, text)));
  EXPECT_EQ(text, R"([-8,2.5,"auto",{"x":1,"y":2},[3],true,null])");
  const auto back = prism::read<prism::json, std::vector<setting>, untagged>(text);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, all);
  // A number with a fraction or an exponent is the floating-point alternative, else the integer.
  const auto numbers = prism::read<prism::json, std::vector<setting>, untagged>("[1e3, 7, -0.0, 12345678901]");
  ASSERT_TRUE(numbers);
  EXPECT_EQ((*numbers)[0].index(), 1u);
  EXPECT_EQ((*numbers)[1], setting(std::int64_t{7}));
  EXPECT_EQ((*numbers)[2].index(), 1u);
  EXPECT_EQ((*numbers)[3], setting(std::int64_t{12345678901}));
}

TEST(JsonUntagged, AJsonTypeNoAlternativeTakesIsAnError) {
  const auto r = prism::read<prism::json, std::variant<int, std::string>, untagged>(R"({"a":1})");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::type_mismatch);
  EXPECT_NE(r.error().message().find("expected an integer, a string"), std::string::npos) << r.error().message();
  // The alternative's own checks still apply: 1.5 into the only number type, an integer.
  EXPECT_FALSE((prism::read<prism::json, std::variant<int, std::string>, untagged>("1.5")));
}

TEST(JsonUntagged, MetaMakesOneVariantUntaggedInEveryCall) {
  const config c{std::uint32_t{512}, std::string("auto"), std::string("x")};
  std::string text;
  ASSERT_TRUE(prism::write<prism::json>(c, text));
  EXPECT_EQ(text, R"({"memory":512,"threads":"auto","tagged":{"type":"string","value":"x"}})");
  const auto back = prism::read<prism::json, config>(text);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, c);
}
