// Unknown and missing keys, per call and per field, in every keyed format: the errors name the
// unknown key, every absent required field, and a bad enumerator with the accepted names.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>

namespace strictness_test {

enum class tier { bronze, silver, gold };

struct customer_v2 {  // what a newer writer sends
  int id = 0;
  std::string name;
  std::string email;
  tier level = tier::bronze;
};
struct customer {  // what this reader knows
  int id = 0;
  std::string name;
  std::optional<std::string> nickname;  // absent means empty, even when every field is required
  tier level = tier::bronze;
};
struct order {
  int id = 0;
  std::string item;
  int count = 1;
};
struct order_summary {
  int count = 0;
};

}  // namespace strictness_test

template <>
struct prism::meta<strictness_test::order> {
  using order = strictness_test::order;
  static constexpr auto fields = std::tuple{prism::field<&order::id>().with(prism::presence::required),
                                            prism::field<&order::item>().with(prism::presence::required),
                                            prism::field<&order::count>()};
};

namespace {

using namespace strictness_test;

template <class Format>
class Strictness : public ::testing::Test {};
using KeyedFormats = ::testing::Types<prism::json, prism::msgpack, prism::cbor, prism::beve, prism::zbin>;
TYPED_TEST_SUITE(Strictness, KeyedFormats);

TYPED_TEST(Strictness, AnUnknownKeyIsNamed) {
  const auto bytes = prism::write<TypeParam>(customer_v2{7, "Ada", "ada@example.org", tier::gold}).value();
  EXPECT_EQ((prism::read<TypeParam, customer>(bytes).value().id), 7) << "skipped by default";
  constexpr prism::options strict{.error_on_unknown_keys = true};
  const auto r = prism::read<TypeParam, customer, strict>(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::unknown_key);
  EXPECT_EQ(r.error().found, "\"email\"");
  EXPECT_NE(r.error().message().find("found \"email\""), std::string::npos) << r.error().message();
}

TYPED_TEST(Strictness, EveryAbsentRequiredFieldIsNamed) {
  const auto bytes = prism::write<TypeParam>(order_summary{3}).value();
  const auto r = prism::read<TypeParam, order>(bytes);  // id and item are required by meta
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::missing_key);
  EXPECT_EQ(r.error().found, "no id, item") << r.error().message();
  EXPECT_TRUE((prism::read<TypeParam, order>(prism::write<TypeParam>(order{1, "pen", 2}).value())));
}

TYPED_TEST(Strictness, MissingKeysDoNotDemandOptionalMembers) {
  constexpr prism::options every{.error_on_missing_keys = true};
  const auto bytes = prism::write<TypeParam>(customer_v2{7, "Ada", "ada@example.org", tier::gold}).value();
  const auto r = prism::read<TypeParam, customer, every>(bytes);  // no nickname: it is optional
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_FALSE(r->nickname);
  const auto partial = prism::write<TypeParam>(order_summary{3}).value();
  const auto missing = prism::read<TypeParam, customer, every>(partial);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().found, "no id, name, level");
}

TYPED_TEST(Strictness, AnUnknownEnumeratorIsNamedWithTheAcceptedOnes) {
  if constexpr (std::is_same_v<TypeParam, prism::json>) {
    const auto r = prism::read<TypeParam, customer>(std::string(R"({"id":1,"level":"platinum"})"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, prism::errc::invalid_enum);
    EXPECT_EQ(r.error().found, "\"platinum\", not one of bronze, silver, gold");
    EXPECT_EQ(r.error().path, "level");
  }
}

TEST(Strictness, AStreamThatFailedToOpenIsAnIoError) {
  std::ifstream missing("/nonexistent/prism/message.bin", std::ios::binary);
  const auto r = prism::read<prism::msgpack, customer>(missing);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::io_error);
  std::istringstream empty;
  EXPECT_EQ((prism::read<prism::msgpack, customer>(empty).error().code), prism::errc::unexpected_end) << "an empty stream is no failure";
}

}  // namespace
