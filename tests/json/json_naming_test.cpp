// Key case conversion: a type's fields written and matched as camelCase, PascalCase, kebab-case
// or snake_case from their C++ names (prism::naming in meta), names given in meta kept as given.
#include <gtest/gtest.h>

#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include <string>

namespace json_naming_types {
struct vehicle {
  int max_speed = 0;
  std::string model_name_v2;
  bool class_ = false;  // a keyword's escape: "class"
  int wheel_count = 0;  // renamed in meta: kept as given
  bool operator==(const vehicle&) const = default;
};
struct kebab {
  int max_speed = 0;
  int top_gear_ratio = 0;
};
struct pascal {
  int max_speed = 0;
};
struct snake_from_camel {
  int maxSpeed = 0;
};
}  // namespace json_naming_types
using namespace json_naming_types;

template <>
struct prism::meta<vehicle> {
  static constexpr auto attributes = std::tuple{prism::naming{prism::key_case::camel}};
  static constexpr auto annotations = std::tuple{prism::field<&vehicle::wheel_count>("WHEELS")};
};
template <>
struct prism::meta<kebab> {
  static constexpr auto attributes = std::tuple{prism::naming{prism::key_case::kebab}};
};
template <>
struct prism::meta<pascal> {
  static constexpr auto attributes = std::tuple{prism::naming{prism::key_case::pascal}};
};
template <>
struct prism::meta<snake_from_camel> {
  static constexpr auto attributes = std::tuple{prism::naming{prism::key_case::snake}};
};

TEST(KeyCase, NamesAreConvertedAtCompileTime) {
  static_assert(prism::field_name<vehicle, 0>() == "maxSpeed");
  static_assert(prism::field_name<vehicle, 1>() == "modelNameV2");
  static_assert(prism::field_name<vehicle, 2>() == "class");
  static_assert(prism::field_name<vehicle, 3>() == "WHEELS");
  static_assert(prism::field_name<kebab, 1>() == "top-gear-ratio");
  static_assert(prism::field_name<pascal, 0>() == "MaxSpeed");
  static_assert(prism::field_name<snake_from_camel, 0>() == "max_speed");
  SUCCEED();
}

TEST(KeyCase, WrittenAndMatchedInTheKeyedFormats) {
  const vehicle v{120, "T", true, 4};
  std::string json;
  ASSERT_TRUE(prism::write<prism::json>(v, json));
  EXPECT_EQ(json, R"({"maxSpeed":120,"modelNameV2":"T","class":true,"WHEELS":4})");
  const auto back = prism::read<prism::json, vehicle>(json);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, v);
  // The C++ spelling is another key.
  constexpr prism::options strict{.error_on_unknown_keys = true};
  const auto snake = prism::read<prism::json, vehicle, strict>(R"({"max_speed":1})");
  ASSERT_FALSE(snake);
  EXPECT_EQ(snake.error().found, "\"max_speed\"");
  std::string mp;
  ASSERT_TRUE(prism::write<prism::msgpack>(v, mp));
  EXPECT_NE(mp.find("modelNameV2"), std::string::npos);
  EXPECT_EQ((prism::read<prism::msgpack, vehicle>(mp).value()), v);
}
