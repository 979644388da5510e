// Key lookups in views resume where the last one in the same object succeeded: every order of
// lookups (in field order, reversed, repeated, missing keys, seeded random orders, several
// threads sharing one view) must find exactly the value written under each key.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/flex.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace view_lookup_test_types {

// Values of several widths, so that a resumed walk has to skip each kind of value.
struct Record {
  std::int64_t id = -7;
  std::string name = "a name longer than thirty-one bytes, so not a short string";
  std::vector<double> samples{1.5, -2.25, 4e10};
  bool active = true;
  std::vector<std::string> tags{"x", "yy", "zzz"};
  double score = 0.125;
  std::uint8_t level = 200;
};

struct Outer {
  Record first;
  int between = 3;
  Record second;
};

constexpr std::array<std::string_view, 7> keys{"id", "name", "samples", "active", "tags", "score", "level"};

// Checks the value under keys[k] against a default Record.
template <class View>
void expect_field(const View& v, std::size_t k) {
  const Record r;
  SCOPED_TRACE(std::string(keys[k]));
  const auto field = v[keys[k]];
  ASSERT_TRUE(field.valid()) << field.failure()->message();
  switch (k) {
    case 0: EXPECT_EQ(field.template as<std::int64_t>().value(), r.id); break;
    case 1: EXPECT_EQ(field.as_string_view().value(), r.name); break;
    case 2: EXPECT_EQ(field.template as<std::vector<double>>().value(), r.samples); break;
    case 3: EXPECT_EQ(field.template as<bool>().value(), r.active); break;
    case 4: EXPECT_EQ(field.template as<std::vector<std::string>>().value(), r.tags); break;
    case 5: EXPECT_EQ(field.template as<double>().value(), r.score); break;
    case 6: EXPECT_EQ(field.template as<int>().value(), r.level); break;
    default: FAIL();
  }
}

}  // namespace view_lookup_test_types

using namespace view_lookup_test_types;

template <class F>
class ViewLookups : public ::testing::Test {
 protected:
  std::string bytes() const {
    const Record record;
    std::string out;
    EXPECT_TRUE(prism::write<F>(record, out));
    return out;
  }
};
using lookup_formats = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::flex, prism::zbin, prism::json>;
TYPED_TEST_SUITE(ViewLookups, lookup_formats);

TYPED_TEST(ViewLookups, EveryOrderFindsEveryKey) {
  const std::string bytes = this->bytes();
  const auto v = prism::view<TypeParam>(bytes);
  for (std::size_t k = 0; k < keys.size(); ++k) expect_field(v, k);
  for (std::size_t k = keys.size(); k-- > 0;) expect_field(v, k);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    expect_field(v, k);
    expect_field(v, k);  // the same key again, from the hint itself
  }
  std::mt19937 rng(20261123);
  std::array<std::size_t, keys.size()> order{};
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  for (int round = 0; round < 50; ++round) {
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t k : order) expect_field(v, k);
  }
}

TYPED_TEST(ViewLookups, MissingKeysAfterAHitAreStillMissing) {
  const std::string bytes = this->bytes();
  const auto v = prism::view<TypeParam>(bytes);
  expect_field(v, 4);
  for (std::string_view absent : {"", "i", "idx", "level_", "Score", "zzz"}) {
    const auto field = v[absent];
    ASSERT_FALSE(field.valid()) << absent;
    EXPECT_EQ(field.failure()->code, prism::errc::missing_key);
    EXPECT_FALSE(v.find(absent).has_value());
  }
  expect_field(v, 0);  // a wrap-around after the misses
  expect_field(v, 6);
}

TYPED_TEST(ViewLookups, CopiesOfAViewAndSharedViewsAgree) {
  const std::string bytes = this->bytes();
  const auto v = prism::view<TypeParam>(bytes);
  expect_field(v, 5);
  const auto copy = v;  // carries the hint along; it is still a valid place to start
  for (std::size_t k = 0; k < keys.size(); ++k) expect_field(copy, k);

  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (unsigned t = 0; t < failures.size(); ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(t + 1);
      const Record r;
      for (int i = 0; i < 2000; ++i) {
        const std::size_t k = rng() % keys.size();
        const auto field = v[keys[k]];
        const bool ok = k == 0   ? field.template as<std::int64_t>().value_or(0) == r.id
                        : k == 5 ? field.template as<double>().value_or(0) == r.score
                        : k == 6 ? field.template as<int>().value_or(0) == r.level
                                 : field.valid();
        if (!ok) ++failures[t];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int f : failures) EXPECT_EQ(f, 0);
}

// A view into a nested object keeps a hint of its own: lookups in the outer object do not
// disturb lookups in the inner one.
TYPED_TEST(ViewLookups, NestedObjectsKeepTheirOwnPlace) {
  Outer o;
  o.second.id = 99;
  std::string bytes;
  ASSERT_TRUE(prism::write<TypeParam>(o, bytes));
  const auto v = prism::view<TypeParam>(bytes);
  const auto first = v["first"];
  const auto second = v["second"];
  ASSERT_TRUE(first.valid() && second.valid());
  for (std::size_t k = keys.size(); k-- > 0;) {
    expect_field(first, k);
    EXPECT_EQ(v["between"].template as<int>().value(), 3);
  }
  EXPECT_EQ(second["id"].template as<int>().value(), 99);
  EXPECT_EQ(second["level"].template as<int>().value(), 200);
  EXPECT_EQ(second["id"].template as<int>().value(), 99);
}
