// Lazy views of every self-describing format: lookups, indexing, walks, materialized
// structs and tensors over seeded random values, and damaged bytes that must never crash.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "support/formats.hpp"
#include "support/random_value.hpp"
#include "support/types.hpp"
#include "support/walk_view.hpp"

namespace view_test_types {

struct Shapes {
  std::vector<std::string> names;
  std::vector<bool> flags;
  std::map<std::int32_t, std::string> by_id;
  std::vector<double> weights;
  std::vector<std::int16_t> offsets;
  prism::tensor<double, 2> matrix;
};

Shapes sample_shapes() {
  Shapes s;
  s.names = {"alpha", "", "gamma", "δέλτα"};
  s.flags = {true, false, false, true, true, false, true, true, false, true};
  s.by_id = {{-3, "minus three"}, {7, "seven"}, {70000, "big"}};
  s.weights = {0.5, -1.25, 3e100};
  s.offsets = {-300, 0, 12, 32000};
  s.matrix = prism::tensor<double, 2>({3, 2}, prism::memory_order::column_major);
  for (std::size_t i = 0; i < 6; ++i) s.matrix.data()[i] = static_cast<double>(i) * 1.5;
  return s;
}

// The bytes of `bytes` copied to an address whose distance from a 64-byte boundary is `shift`.
class placed {
 public:
  placed(const std::string& bytes, std::size_t shift) : storage_(bytes.size() + 128) {
    auto address = reinterpret_cast<std::uintptr_t>(storage_.data());
    data_ = storage_.data() + ((64 - address % 64) % 64) + shift;
    std::memcpy(data_, bytes.data(), bytes.size());
    size_ = bytes.size();
  }
  std::string_view bytes() const { return {reinterpret_cast<const char*>(data_), size_}; }

 private:
  std::vector<std::uint8_t> storage_;
  std::uint8_t* data_;
  std::size_t size_;
};

}  // namespace view_test_types

using namespace view_test_types;

template <class F>
class Views : public ::testing::Test {};
using view_formats = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::zbin, prism::json PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(Views, view_formats);

TYPED_TEST(Views, LookUpIndexWalkAndMaterialize) {
  testing_support::random_values gen(2024);
  for (int i = 0; i < 100; ++i) {
    const auto value = gen.make<testing_types::Everything>();
    const auto bytes = prism::write<TypeParam>(value).value();
    const auto v = prism::view<TypeParam>(bytes);
    EXPECT_EQ(v.type(), prism::value_type::object);
    EXPECT_EQ(v["text"].template as<std::string>().value(), value.text);
    EXPECT_EQ(v["i64"].template as<std::int64_t>().value(), value.i64);
    EXPECT_EQ(v["u64"].template as<std::uint64_t>().value(), value.u64);
    EXPECT_EQ(v["f64"].template as<double>().value(), value.f64);
    EXPECT_EQ(v["flag"].template as<bool>().value(), value.flag);
    EXPECT_EQ(v["numbers"].size().value(), value.numbers.size());
    std::size_t k = 0;
    for (auto e : v["numbers"].elements()) EXPECT_EQ(e.template as<std::int32_t>().value(), value.numbers[k++]);
    EXPECT_EQ(k, value.numbers.size());
    if (!value.numbers.empty()) {
      EXPECT_EQ(v["numbers"][value.numbers.size() - 1].template as<std::int32_t>().value(), value.numbers.back());
    }
    EXPECT_EQ(v["words"].size().value(), value.words.size());
    if (!value.words.empty()) {
      EXPECT_EQ(v["words"][0].template as<std::string>().value(), value.words.front());
      const bool escaped = std::is_same_v<TypeParam, prism::json> && value.words.front().find_first_of("\"\\\n") != std::string::npos;
      if (!escaped) {
        EXPECT_EQ(v["words"][0].as_string_view().value(), value.words.front());
      }
    }
    std::size_t fields = 0;
    for (auto [key, field] : v.items()) {
      EXPECT_TRUE(key.as_string_view());
      EXPECT_TRUE(field.valid());
      ++fields;
    }
    EXPECT_EQ(fields, prism::field_count_v<testing_types::Everything>);
    EXPECT_TRUE(walk_view(v));
    EXPECT_TRUE(probe_lookups(v));
    testing_types::Everything back{};
    ASSERT_TRUE(prism::read(back, v));
    EXPECT_TRUE(back == value);
  }
}

TYPED_TEST(Views, ElementsWithoutHeadersOfTheirOwn) {
  const Shapes s = sample_shapes();
  const auto bytes = prism::write<TypeParam>(s).value();
  const auto v = prism::view<TypeParam>(bytes);
  ASSERT_EQ(v["names"].size().value(), 4u);
  EXPECT_EQ(v["names"][3].as_string_view().value(), "δέλτα");
  std::vector<std::string> names;
  for (auto e : v["names"].elements()) names.emplace_back(e.as_string_view().value());
  EXPECT_EQ(names, s.names);
  std::vector<bool> flags;
  for (auto e : v["flags"].elements()) flags.push_back(e.template as<bool>().value());
  EXPECT_EQ(flags, s.flags);
  EXPECT_EQ(v["flags"][9].template as<bool>().value(), true);
  std::map<std::int32_t, std::string> by_id;
  for (auto [key, value] : v["by_id"].items()) {
    // FlexBuffers and JSON keys are strings: integer keys are written in decimal.
    const std::int32_t id = std::is_same_v<TypeParam, prism::flex> || std::is_same_v<TypeParam, prism::json> ? std::stoi(std::string(key.as_string_view().value()))
                                                                   : key.template as<std::int32_t>().value();
    by_id.emplace(id, value.template as<std::string>().value());
  }
  EXPECT_EQ(by_id, s.by_id);
  EXPECT_EQ(v["weights"][2].template as<double>().value(), 3e100);
  EXPECT_EQ(v["offsets"][0].template as<std::int16_t>().value(), -300);
  EXPECT_EQ(v["offsets"][3].template as<std::int8_t>().error().code, prism::errc::out_of_range);
  EXPECT_EQ(v["offsets"][4].template as<std::int16_t>().error().code, prism::errc::out_of_range);
  std::int16_t one{};
  ASSERT_TRUE(prism::read(one, v["offsets"][1]));
  EXPECT_EQ(one, 0);
  EXPECT_TRUE(walk_view(v));
}

TYPED_TEST(Views, TensorsAreViewedInPlaceWhenAligned) {
  const Shapes s = sample_shapes();
  const auto bytes = prism::write<TypeParam>(s).value();
  bool saw_zero_copy = false, saw_copy = false;
  for (std::size_t shift = 0; shift < 8; ++shift) {
    const placed p(bytes, shift);
    const auto t = prism::view<TypeParam>(p.bytes())["matrix"].template as_tensor<double, 2>();
    ASSERT_TRUE(t) << t.error().message();
    EXPECT_EQ(t->view().order(), prism::memory_order::column_major);
    EXPECT_EQ((*t)(2, 1), 7.5);
    const auto w = prism::view<TypeParam>(p.bytes())["weights"].template as_tensor<double, 1>();
    if (std::is_same_v<TypeParam, prism::msgpack> || std::is_same_v<TypeParam, prism::json>) {  // arrays of numbers, not typed arrays
      EXPECT_FALSE(w);
    } else {
      ASSERT_TRUE(w) << w.error().message();
      EXPECT_EQ((*w)(1), -1.25);
    }
    if constexpr (std::is_same_v<TypeParam, prism::json>) {  // base64 text: decoded, never in place
      EXPECT_EQ(t->why(), "copied: decoded from text");
      saw_zero_copy = saw_copy = true;
      continue;
    }
    (t->zero_copy() ? saw_zero_copy : saw_copy) = true;
    if (!t->zero_copy()) {
      EXPECT_NE(t->why().find("misaligned by"), std::string::npos) << t->why();
    }
  }
  EXPECT_TRUE(saw_zero_copy);
  EXPECT_TRUE(saw_copy);
}

TYPED_TEST(Views, DamagedBytesNeverCrash) {
  testing_support::random_values gen(77);
  std::mt19937_64 rng(78);
  for (int i = 0; i < 10; ++i) {
    const auto bytes = prism::write<TypeParam>(gen.make<testing_types::Everything>()).value();
    for (std::size_t n = 0; n < bytes.size(); n += 7) (void)walk_view(prism::view<TypeParam>(std::string_view(bytes).substr(0, n)));
    for (int k = 0; k < 200; ++k) {
      std::string bad = bytes;
      bad[rng() % bad.size()] = static_cast<char>(rng());
      const auto v = prism::view<TypeParam>(bad);
      (void)walk_view(v);
      (void)v["numbers"][3].template as<int>();
      (void)v["tree"]["children"][0].size();
      testing_types::Everything out{};
      (void)prism::read(out, v);
    }
  }
}

TEST(CborView, IndefiniteLengthsAndTags) {
  // {_ "a": [_ 1, -2], "t": 1(1700000000), "s": (_ "ab", "c")}
  const std::string bytes("\xbf\x61\x61\x9f\x01\x21\xff\x61\x74\xc1\x1a\x65\x53\xf1\x00\x61\x73\x7f\x62\x61\x62\x61\x63\xff\xff", 25);
  const auto v = prism::view<prism::cbor>(bytes);
  EXPECT_EQ(v.size().value(), 3u);
  EXPECT_EQ(v["a"].size().value(), 2u);
  EXPECT_EQ(v["a"][1].as<int>().value(), -2);
  EXPECT_EQ(v["t"].type(), prism::value_type::timestamp);
  EXPECT_EQ(v["s"].type(), prism::value_type::string);
  EXPECT_EQ(v["s"].as_string_view().error().code, prism::errc::type_mismatch);  // chunks cannot be viewed in place
  EXPECT_EQ(v["s"].as<std::string>().value(), "abc");
  EXPECT_TRUE(walk_view(v["a"]));
}

TEST(BeveView, IndexingPastTruncatedTypedArraysIsAnError) {
  // int32 typed array claiming 100 elements, holding one; bool array claiming 100 bits, holding 8.
  const std::string numbers("\x4c\x91\x01\x05\x00\x00\x00", 7);
  EXPECT_EQ(prism::view<prism::beve>(numbers)[50].as<int>().error().code, prism::errc::unexpected_end);
  EXPECT_EQ(prism::view<prism::beve>(numbers)[0].as<int>().error().code, prism::errc::unexpected_end);
  const std::string bits("\x1c\x91\x01\xff", 4);
  EXPECT_EQ(prism::view<prism::beve>(bits)[90].as<bool>().error().code, prism::errc::unexpected_end);
}
