// prism::value, the one dynamic value of every format that has views: seeded random values round
// trip in each format, values read what structs wrote and bridge one format to another, and bad
// input (truncated, trailing, too deep) is an error, never a crash.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/formats.hpp"

namespace value_test_types {

using prism::value;

template <class Format>
constexpr bool is_flex() {
#if PRISM_TESTS_WITH_FLEX
  return std::is_same_v<Format, prism::flex>;
#else
  return false;
#endif
}

// What a format keeps of a value exactly: JSON writes blobs as base64 text, timestamps as RFC
// 3339 text and integer keys as text; BEVE writes timestamps as integers; FlexBuffers keys are
// text, in sorted order. (MessagePack writes integral floats as integers: compact_floats.)
template <class Format>
struct keeps {
  static constexpr bool key_order = !is_flex<Format>();
  static constexpr bool blobs = !std::is_same_v<Format, prism::json>;
  static constexpr bool timestamps = std::is_same_v<Format, prism::msgpack> || std::is_same_v<Format, prism::cbor> ||
                                     std::is_same_v<Format, prism::zbin>;
  static constexpr bool integer_keys = !std::is_same_v<Format, prism::json> && !is_flex<Format>();
};

// Seeded random values of every kind the format keeps, at most `depth` containers deep.
template <class Format>
class value_generator {
 public:
  explicit value_generator(std::uint64_t seed) : rng_(seed) {}

  // An object of a few entries, each `depth` deep at most: what a message usually is.
  value document(int depth) {
    value::object o;
    for (int i = 0; i < 8; ++i) o.emplace_back(value("field" + std::to_string(i)), make(depth));
    return value(std::move(o));
  }

  value make(int depth) {
    switch (pick(depth > 0 ? 14 : 9)) {
      case 0: return value{};
      case 1: return value(pick(2) == 1);
      case 2: return value(static_cast<std::int64_t>(rng_()) >> pick(64));
      case 3: return value(std::numeric_limits<std::uint64_t>::max() - pick(1000));
      case 4: return value(std::ldexp(static_cast<double>(static_cast<std::int32_t>(rng_()) | 1), -1 - static_cast<int>(pick(100))));
      case 5: return value(text());
      case 6:
        if constexpr (keeps<Format>::blobs) {
          value::bytes b(pick(40));
          for (auto& x : b) x = static_cast<std::byte>(rng_());
          return value(std::move(b));
        }
        return value(text());
      case 7:
        if constexpr (keeps<Format>::timestamps) {
          return value(value::time(std::chrono::nanoseconds(static_cast<std::int64_t>(rng_() % 4'000'000'000'000'000'000u))));
        }
        return value(-static_cast<std::int64_t>(pick(1000)));
      case 8: return value(std::int64_t{std::numeric_limits<std::int64_t>::min()});
      case 9:
      case 10:
      case 11: {
        value::array a;
        for (std::size_t n = pick(6); n > 0; --n) a.push_back(make(depth - 1));
        return value(std::move(a));
      }
      default: {
        value::object o;
        const bool integer_keys = keeps<Format>::integer_keys && pick(3) == 0;
        for (std::size_t n = pick(6); n > 0; --n) {
          value key = integer_keys ? value(static_cast<std::int64_t>(rng_() % 2000) - 1000) : value(text() + std::to_string(n));
          o.emplace_back(std::move(key), make(depth - 1));
        }
        if constexpr (!keeps<Format>::key_order) {
          std::sort(o.begin(), o.end(), [](const auto& a, const auto& b) { return *a.first.as_string() < *b.first.as_string(); });
        }
        return value(std::move(o));
      }
    }
  }

 private:
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  std::string text() {
    static constexpr std::string_view pieces[] = {"a", "key", "ü", "名前", " ", "\"", "\\", "\n", "0", "𝄞"};
    std::string s;
    for (std::size_t n = pick(5); n > 0; --n) s += pieces[pick(std::size(pieces))];
    return s;
  }

  std::mt19937_64 rng_;
};

struct Reading {
  std::string sensor;
  std::int32_t level = 0;
  std::vector<double> samples;
  std::map<std::string, std::int64_t> counters;
  std::optional<std::string> note;
  bool operator==(const Reading&) const = default;
};

struct Envelope {
  std::int32_t id = 0;
  prism::value payload;
  bool operator==(const Envelope&) const = default;
};

// A value between other members and inside a container, and the same message with a typed member.
struct Tagged {
  std::string kind;
  prism::value payload;
  std::vector<prism::value> extras;
  std::int32_t after = 0;
  bool operator==(const Tagged&) const = default;
};

struct TypedEnvelope {
  std::int32_t id = 0;
  Reading payload;
  bool operator==(const TypedEnvelope&) const = default;
};

struct WithTensor {
  prism::tensor<float, 2> t;
};

Reading sample_reading() { return {"thermo-7", -12, {0.5, 1.25, -3.0}, {{"errors", 2}, {"reads", 90000000000}}, "calibrated"}; }

}  // namespace value_test_types
using namespace value_test_types;

template <class Format>
class Values : public ::testing::Test {};
using FormatsWithViews = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::zbin, prism::json PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(Values, FormatsWithViews);

TYPED_TEST(Values, RandomValuesRoundTrip) {
  value_generator<TypeParam> gen(41);
  value reused = value::array{value(1), value("stale")};
  std::size_t total = 0;
  for (int i = 0; i < 300; ++i) {
    const value original = gen.document(4);
    const auto bytes = prism::write<TypeParam>(original);
    ASSERT_TRUE(bytes) << TypeParam::name << ": " << bytes.error().message() << " (value " << i << ")";
    value back;
    const auto st = prism::read<TypeParam>(back, *bytes);
    ASSERT_TRUE(st) << TypeParam::name << ": " << st.error().message() << " (value " << i << ")";
    ASSERT_TRUE(back == original) << TypeParam::name << " value " << i;
    ASSERT_TRUE(prism::read<TypeParam>(reused, *bytes));
    ASSERT_TRUE(reused == original) << TypeParam::name << " reused, value " << i;
    total += bytes->size();
  }
  EXPECT_GT(total, 60'000u) << "the values are too small to test much";
}

TYPED_TEST(Values, ReadWhatAStructWroteAndWriteItBack) {
  const Reading r = sample_reading();
  const auto bytes = prism::write<TypeParam>(r);
  ASSERT_TRUE(bytes);
  value v;
  const auto st = prism::read<TypeParam>(v, *bytes);
  ASSERT_TRUE(st) << st.error().message();
  ASSERT_EQ(v.type(), value::kind::object);
  EXPECT_EQ(*v["sensor"].as_string(), "thermo-7");
  EXPECT_EQ(*v["level"].as_int(), -12);
  EXPECT_EQ(*v["samples"][1].as_double(), 1.25);
  EXPECT_EQ(*v["counters"]["reads"].as_int(), 90000000000);
  EXPECT_EQ(*v["note"].as_string(), "calibrated");
  EXPECT_TRUE(v["absent"]["deeper"][3].is_null());  // lookups chain through what is missing
  // The value written back in the same format reads into the struct again.
  const auto again = prism::write<TypeParam>(v);
  ASSERT_TRUE(again) << again.error().message();
  const auto back = prism::read<TypeParam, Reading>(*again);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, r);
}

TYPED_TEST(Values, DamagedInputIsAnErrorNotACrash) {
  value_generator<TypeParam> gen(42);
  value v;
  for (int i = 0; i < 10; ++i) {
    const std::string bytes = prism::write<TypeParam>(gen.document(2)).value();
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      (void)prism::read<TypeParam>(v, bytes.substr(0, n));  // may be a shorter valid message, never a crash
      std::string flipped = bytes;
      flipped[n] = static_cast<char>(flipped[n] ^ 0x5a);
      (void)prism::read<TypeParam>(v, flipped);
    }
    EXPECT_FALSE(prism::read<TypeParam>(v, std::string_view{})) << TypeParam::name << ": an empty input is no message";
  }
}

TYPED_TEST(Values, TrailingBytesAreReported) {
  if constexpr (!is_flex<TypeParam>()) {  // a FlexBuffer's root is at its end: nothing can trail it
    const std::string bytes = prism::write<TypeParam>(sample_reading()).value() + std::string(1, '\x01');
    value v;
    const auto st = prism::read<TypeParam>(v, bytes);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().code, prism::errc::trailing_bytes) << st.error().message();
    EXPECT_EQ(st.error().offset, bytes.size() - 1);
    if constexpr (!std::is_same_v<TypeParam, prism::json>) {  // JSON's view indexes the whole text
      constexpr prism::options lenient{.allow_trailing_bytes = true};
      EXPECT_TRUE((prism::read<TypeParam, lenient>(v, bytes)));
      EXPECT_EQ(*v["level"].as_int(), -12);
    }
  }
}

template <class Format>
class ValueMembers : public ::testing::Test {};
using FormatsWithValueMembers = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::json>;
TYPED_TEST_SUITE(ValueMembers, FormatsWithValueMembers);

TYPED_TEST(ValueMembers, RoundTripBetweenOtherMembers) {
  value_generator<TypeParam> gen(43);
  Tagged reused{"stale", value::array{value(1), value("x")}, {value("y")}, 9};
  for (int i = 0; i < 100; ++i) {
    const Tagged original{"kind " + std::to_string(i), gen.document(3), {gen.make(2), gen.make(1)}, i};
    const auto bytes = prism::write<TypeParam>(original);
    ASSERT_TRUE(bytes) << TypeParam::name << ": " << bytes.error().message() << " (value " << i << ")";
    const auto back = prism::read<TypeParam, Tagged>(*bytes);
    ASSERT_TRUE(back) << TypeParam::name << ": " << back.error().message() << " (value " << i << ")";
    ASSERT_TRUE(*back == original) << TypeParam::name << " value " << i;
    ASSERT_TRUE(prism::read<TypeParam>(reused, *bytes));
    ASSERT_TRUE(reused == original) << TypeParam::name << " reused, value " << i;
  }
}

TYPED_TEST(ValueMembers, ReadWhatATypedMemberWroteAndWriteItBack) {
  const TypedEnvelope typed{7, sample_reading()};
  const auto bytes = prism::write<TypeParam>(typed);
  ASSERT_TRUE(bytes);
  const auto dynamic = prism::read<TypeParam, Envelope>(*bytes);
  ASSERT_TRUE(dynamic) << dynamic.error().message();
  EXPECT_EQ(dynamic->id, 7);
  EXPECT_EQ(*dynamic->payload["sensor"].as_string(), "thermo-7");
  EXPECT_EQ(*dynamic->payload["counters"]["reads"].as_int(), 90000000000);
  const auto again = prism::write<TypeParam>(*dynamic);
  ASSERT_TRUE(again) << again.error().message();
  EXPECT_EQ((prism::read<TypeParam, TypedEnvelope>(*again).value()), typed);
}

TYPED_TEST(ValueMembers, ErrorsNameTheMemberAndTheDepthCountsFromTheMessage) {
  value nested = value(1);
  for (int i = 0; i < 9; ++i) nested = value::array{std::move(nested)};
  const std::string bytes = prism::write<TypeParam>(Envelope{3, nested}).value();
  Envelope e;
  EXPECT_TRUE(prism::read<TypeParam>(e, bytes, prism::limits{.max_depth = 10})) << "the struct and 9 arrays";
  auto st = prism::read<TypeParam>(e, bytes, prism::limits{.max_depth = 9});
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::too_deep) << st.error().message();
  EXPECT_EQ(st.error().path.rfind("payload", 0), 0u) << st.error().message();
  // Cut inside the payload: the error is at an offset within the message and names the member.
  st = prism::read<TypeParam>(e, std::string_view(bytes).substr(0, bytes.size() - 3));
  ASSERT_FALSE(st);
  EXPECT_LE(st.error().offset, bytes.size() - 3) << st.error().message();
  EXPECT_GT(st.error().offset, 8u) << st.error().message();
  EXPECT_EQ(st.error().path.rfind("payload", 0), 0u) << st.error().message();
  for (std::size_t n = 0; n < bytes.size(); ++n) {  // no prefix is a crash
    (void)prism::read<TypeParam>(e, std::string_view(bytes).substr(0, n));
  }
}

TEST(Value, IntegersKeepOneFormWhateverTheirCppType) {
  EXPECT_EQ(value(std::uint64_t{5}).type(), value::kind::integer);
  EXPECT_EQ(value(std::uint8_t{5}), value(5));
  EXPECT_EQ(value(std::numeric_limits<std::uint64_t>::max()).type(), value::kind::unsigned_integer);
  EXPECT_EQ(value::from_integer(true, std::uint64_t{1} << 63), value(std::numeric_limits<std::int64_t>::min()));
  EXPECT_EQ(value::from_integer(false, 7), value(7));
  EXPECT_EQ(value(1.5f), value(1.5));
  // MessagePack writes an integral float as an integer by default (compact_floats, as msgpack-cxx).
  value two;
  ASSERT_TRUE(prism::read<prism::msgpack>(two, prism::write<prism::msgpack>(value(2.0)).value()));
  EXPECT_EQ(two, value(2));
  EXPECT_EQ(value("text"), value(std::string("text")));
  const value o = value::object{{value("a"), value(1)}, {value("a"), value(2)}, {value(3), value("three")}};
  EXPECT_EQ(*o["a"].as_int(), 1);  // the first of repeated keys, as every read path takes it
  EXPECT_EQ(o.size(), 3u);
}

TEST(Value, BridgesOneFormatToAnother) {
  const Reading r = sample_reading();
  value v;
  ASSERT_TRUE(prism::read<prism::msgpack>(v, prism::write<prism::msgpack>(r).value()));
  const auto cbor = prism::write<prism::cbor>(v);
  ASSERT_TRUE(cbor);
  EXPECT_EQ((prism::read<prism::cbor, Reading>(*cbor).value()), r);
  const auto json = prism::write<prism::json>(v);
  ASSERT_TRUE(json);
  EXPECT_EQ((prism::read<prism::json, Reading>(*json).value()), r) << *json;
}

TEST(Value, JsonTakesItAnywhere) {
  // A member of a struct, with JSON's options, and from a stream: JSON's own reader and writer.
  const Envelope e{7, value::object{{value("when"), value(value::time(std::chrono::seconds(90)))},
                                    {value("blob"), value(value::bytes{std::byte{0xff}, std::byte{0}})},
                                    {value(12), value::array{value(1.5), value(nullptr)}}}};
  const auto text = prism::write<prism::json>(e);
  ASSERT_TRUE(text) << text.error().message();
  EXPECT_EQ(*text, R"({"id":7,"payload":{"when":"1970-01-01T00:01:30Z","blob":"/wA=","12":[1.5,null]}})");
  constexpr prism::json_options pretty{.pretty = true};
  EXPECT_EQ((prism::write<prism::json, pretty>(value::array{value(1)}).value()), "[\n  1\n]");
  std::istringstream in(*text);
  Envelope back;
  ASSERT_TRUE(prism::read<prism::json>(back, in));
  EXPECT_EQ(back.id, 7);
  EXPECT_EQ(*back.payload["when"].as_string(), "1970-01-01T00:01:30Z");  // JSON text has no timestamps
  EXPECT_EQ(*back.payload["12"][0].as_double(), 1.5);
}

TEST(Value, TooDeepIsAnError) {
  std::string deep(300, '\x91');  // MessagePack: 300 arrays of one element each, then nil
  deep += '\xc0';
  value v;
  auto st = prism::read<prism::msgpack>(v, deep);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::too_deep);
  EXPECT_TRUE(prism::read<prism::msgpack>(v, deep, prism::limits{.max_depth = 400})) << "the caller's limit applies";
  value nested;
  for (int i = 0; i < 300; ++i) nested = value::array{std::move(nested)};
  const auto written = prism::write<prism::cbor>(nested);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, prism::errc::too_deep);
}

TEST(Value, WhatNoFormatHoldsIsAnError) {
  // A tensor is not a value: read it into a prism::tensor.
  WithTensor w{prism::tensor<float, 2>({2, 2})};
  value v;
  auto st = prism::read<prism::zbin>(v, prism::write<prism::zbin>(w).value());
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::type_mismatch);
  EXPECT_NE(st.error().message().find("a tensor"), std::string::npos) << st.error().message();
  EXPECT_EQ(st.error().path, "t") << st.error().message();
  // Keys are strings or integers in every format.
  const value bad_key = value::object{{value(true), value(1)}};
  const auto written = prism::write<prism::msgpack>(bad_key);
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().message().find("a string or integer key"), std::string::npos) << written.error().message();
}
