// Structs read from maps whose keys are in any order, with keys left out, added and repeated:
// every keyed format gives what a reader of one key at a time would (the first entry of a key
// wins, an unknown key is skipped, an absent field keeps its value). The in-order pass and
// the lookup take turns on such input (the pass goes on after a key that continues the
// writer's order), so seeded random documents check every way of switching between them.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace key_order_test_types {

struct Eight {
  std::int64_t f0 = -1, f1 = -1, f2 = -1, f3 = -1, f4 = -1, f5 = -1, f6 = -1, f7 = -1;
  std::array<std::int64_t, 8> values() const { return {f0, f1, f2, f3, f4, f5, f6, f7}; }
};

struct Three {  // a few fields: the lookup takes what one pass leaves
  std::int64_t a = -1, b = -1, c = -1;
};

// A document's entries: field k is "f<k>", 8 and 9 are keys the struct does not have.
std::vector<std::pair<int, std::int64_t>> random_entries(std::mt19937_64& rng) {
  std::vector<std::pair<int, std::int64_t>> entries;
  std::int64_t next = 100;
  for (int k = 0; k < 8; ++k) {
    switch (rng() % 6) {
      case 0: break;  // left out
      case 1: entries.emplace_back(8 + static_cast<int>(rng() % 2), next++); [[fallthrough]];  // added before it
      default: entries.emplace_back(k, next++);
    }
  }
  if (rng() % 2 == 0) {  // some moved out of order
    for (std::size_t swaps = rng() % 3; swaps > 0 && entries.size() > 1; --swaps)
      std::swap(entries[rng() % entries.size()], entries[rng() % entries.size()]);
  }
  if (rng() % 3 == 0 && !entries.empty()) {  // a key repeated later
    const auto repeat = entries[rng() % entries.size()];
    entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(rng() % (entries.size() + 1)), {repeat.first, next++});
  }
  return entries;
}

prism::value document_of(const std::vector<std::pair<int, std::int64_t>>& entries) {
  prism::value::object o;
  for (const auto& [key, v] : entries) o.emplace_back(prism::value("f" + std::to_string(key)), prism::value(v));
  return prism::value(std::move(o));
}

template <class Format>
class KeyOrder : public testing::Test {};
using KeyedFormats = testing::Types<prism::json, prism::msgpack, prism::cbor, prism::beve, prism::zbin>;
TYPED_TEST_SUITE(KeyOrder, KeyedFormats);

TYPED_TEST(KeyOrder, AnyOrderReadsAsOneKeyAtATime) {
  std::mt19937_64 rng(2026);
  for (int round = 0; round < 400; ++round) {
    const auto entries = random_entries(rng);
    std::array<std::int64_t, 8> expected;
    expected.fill(-1);
    std::array<bool, 8> seen{};
    for (const auto& [key, v] : entries) {
      if (key < 8 && !seen[static_cast<std::size_t>(key)]) {
        seen[static_cast<std::size_t>(key)] = true;
        expected[static_cast<std::size_t>(key)] = v;
      }
    }
    const auto bytes = prism::write<TypeParam>(document_of(entries));
    ASSERT_TRUE(bytes);
    Eight got;
    const auto st = prism::read<TypeParam>(got, *bytes);
    ASSERT_TRUE(st) << st.error().message();
    EXPECT_EQ(got.values(), expected) << "round " << round;
  }
}

TYPED_TEST(KeyOrder, AbsentRequiredFieldsAreNamedWhateverTheOrder) {
  constexpr prism::options strict{.error_on_missing_keys = true};
  // f1 and f6 left out, f4 added again after the others: both absent fields are named.
  const auto bytes = prism::write<TypeParam>(document_of({{0, 1}, {2, 3}, {3, 4}, {9, 0}, {4, 5}, {5, 6}, {7, 8}, {4, 9}}));
  ASSERT_TRUE(bytes);
  Eight got;
  const auto st = prism::read<TypeParam, strict>(got, *bytes);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::missing_key);
  EXPECT_NE(st.error().message().find("f1, f6"), std::string::npos) << st.error().message();
  EXPECT_EQ(got.f4, 5);
}

TYPED_TEST(KeyOrder, UnknownKeysAreRefusedWhereAsked) {
  constexpr prism::options strict{.error_on_unknown_keys = true};
  const auto bytes = prism::write<TypeParam>(document_of({{0, 1}, {2, 3}, {8, 0}, {3, 4}}));
  ASSERT_TRUE(bytes);
  Eight got;
  const auto st = prism::read<TypeParam, strict>(got, *bytes);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::unknown_key);
  EXPECT_NE(st.error().message().find("\"f8\""), std::string::npos) << st.error().message();
}

TYPED_TEST(KeyOrder, AFewFieldsInAnyOrder) {
  prism::value::object o;
  o.emplace_back(prism::value("c"), prism::value(3));
  o.emplace_back(prism::value("x"), prism::value(9));
  o.emplace_back(prism::value("a"), prism::value(1));
  o.emplace_back(prism::value("c"), prism::value(7));
  const auto bytes = prism::write<TypeParam>(prism::value(std::move(o)));
  ASSERT_TRUE(bytes);
  Three got;
  ASSERT_TRUE(prism::read<TypeParam>(got, *bytes));
  EXPECT_EQ(got.a, 1);
  EXPECT_EQ(got.b, -1);
  EXPECT_EQ(got.c, 3);
}

}  // namespace key_order_test_types
