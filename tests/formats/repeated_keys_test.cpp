// A key repeated within one object: every read path keeps its first entry, the one a fresh view
// finds (structs, maps, prism::value, view lookups), and transcoding keeps both entries. Protocol
// Buffers is the exception its specification makes: the last entry of a map key wins.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/protobuf.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

namespace repeated_keys_test_types {

struct Pair {
  std::int32_t a = 0;
  std::int32_t b = 0;
  bool operator==(const Pair&) const = default;
};

std::string bytes_of(std::initializer_list<unsigned> list) {
  std::string s;
  for (unsigned x : list) s.push_back(static_cast<char>(x));
  return s;
}

// {"a": 1, "b": 2, "a": 3} and {"b": 2, "a": 1, "a": 3}: the repeat after the in-order pass
// matched the field, and the repeat found by lookup.
struct Messages {
  std::string in_order, by_lookup;
};

template <class Format>
Messages messages();

template <>
Messages messages<prism::json>() {
  return {R"({"a":1,"b":2,"a":3})", R"({"b":2,"a":1,"a":3})"};
}
template <>
Messages messages<prism::msgpack>() {
  return {bytes_of({0x83, 0xa1, 'a', 1, 0xa1, 'b', 2, 0xa1, 'a', 3}), bytes_of({0x83, 0xa1, 'b', 2, 0xa1, 'a', 1, 0xa1, 'a', 3})};
}
template <>
Messages messages<prism::cbor>() {
  return {bytes_of({0xa3, 0x61, 'a', 1, 0x61, 'b', 2, 0x61, 'a', 3}), bytes_of({0xa3, 0x61, 'b', 2, 0x61, 'a', 1, 0x61, 'a', 3})};
}

template <class Format>
class RepeatedKeys : public testing::Test {};
using KeyedFormats = testing::Types<prism::json, prism::msgpack, prism::cbor>;
TYPED_TEST_SUITE(RepeatedKeys, KeyedFormats);

TYPED_TEST(RepeatedKeys, EveryPathKeepsTheFirstEntry) {
  const Messages m = messages<TypeParam>();
  for (const std::string& in : {m.in_order, m.by_lookup}) {
    EXPECT_EQ((prism::read<TypeParam, Pair>(in).value()), (Pair{1, 2}));
    const auto map = prism::read<TypeParam, std::map<std::string, int>>(in);
    ASSERT_TRUE(map);
    EXPECT_EQ(map->at("a"), 1);
    EXPECT_EQ(map->size(), 2u);
    EXPECT_EQ((prism::read<TypeParam, std::unordered_map<std::string, int>>(in).value().at("a")), 1);
    EXPECT_EQ((prism::read<TypeParam, std::multimap<std::string, int>>(in).value().count("a")), 2u) << "a multimap keeps both";
    prism::value v;
    ASSERT_TRUE(prism::read<TypeParam>(v, in));
    EXPECT_EQ(v.size(), 3u) << "a value keeps every entry";
    EXPECT_EQ(*v["a"].as_int(), 1);
    EXPECT_EQ(prism::view<TypeParam>(in)["a"].template as<int>().value(), 1);
    Pair reused{7, 7};
    ASSERT_TRUE(prism::read<TypeParam>(reused, in));
    EXPECT_EQ(reused, (Pair{1, 2}));
  }
  // With unknown keys refused, a repeated known key is still no unknown key.
  constexpr prism::options strict{.error_on_unknown_keys = true, .error_on_missing_keys = true};
  EXPECT_EQ((prism::read<TypeParam, Pair, strict>(m.by_lookup).value()), (Pair{1, 2}));
}

struct Counts {
  std::map<std::string, std::int32_t> counts;
};

TEST(RepeatedKeysProtobuf, TheLastMapEntryWinsAsTheSpecificationSays) {
  // field 1, length 5: {key "a" (field 1), value (field 2)}, twice.
  const std::string in = bytes_of({0x0a, 5, 0x0a, 1, 'a', 0x10, 1, 0x0a, 5, 0x0a, 1, 'a', 0x10, 3});
  const auto back = prism::read<prism::protobuf, Counts>(in);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->counts.at("a"), 3);
}

}  // namespace repeated_keys_test_types
