// prism::transcode between every pair of formats: a document with nested values, a blob, a
// timestamp and tensors written in one format, transcoded, and read back from the other equal
// to the original; plus byte-level checks against writing the target directly.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>


#include <chrono>
#include <complex>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "support/formats.hpp"

namespace transcode_test_types {

struct Inner {
  std::string name;
  std::vector<double> values;
  std::optional<std::int32_t> missing;
  friend bool operator==(const Inner&, const Inner&) = default;
};

struct Document {
  std::string title;
  std::int64_t negative;
  std::uint64_t big;
  double ratio;
  bool flag;
  std::vector<std::int32_t> small_numbers;
  std::vector<std::int64_t> numbers;
  std::vector<std::string> words;
  std::map<std::string, Inner> children;
  std::vector<Inner> list;
  std::vector<std::byte> blob;
  std::optional<std::chrono::sys_time<std::chrono::nanoseconds>> when;  // BEVE holds time points as int64 nanoseconds
  prism::tensor<float, 2> image;
  prism::tensor<std::complex<double>, 1> spectrum;
  friend bool operator==(const Document&, const Document&) = default;
};

Document make_document(std::uint64_t seed, bool with_time = true) {
  std::mt19937_64 rng(seed);
  Document d;
  d.title = "doc " + std::to_string(seed) + " — ünïcode";
  d.negative = -static_cast<std::int64_t>(rng() >> 2);
  d.big = rng();
  d.ratio = std::normal_distribution<double>(0, 1e9)(rng);
  d.flag = rng() % 2;
  for (int i = 0; i < 5; ++i) d.small_numbers.push_back(static_cast<std::int32_t>(rng() % 200) - 100);
  for (std::size_t i = 0, n = rng() % 40; i < n; ++i) d.numbers.push_back(static_cast<std::int64_t>(rng()));
  d.words = {"a", "", std::string(40, 'w')};
  for (int i = 0; i < 12; ++i) d.children["child" + std::to_string(rng() % 1000)] = Inner{"c" + std::to_string(i), {0.5 * i, -1.0}, std::nullopt};
  d.list = {Inner{"x", {}, 7}, Inner{"y", {1e300}, std::nullopt}};
  for (std::size_t i = 0, n = rng() % 100; i < n; ++i) d.blob.push_back(static_cast<std::byte>(rng()));
  const auto when = std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::nanoseconds(static_cast<std::int64_t>(rng() >> 4)));
  if (with_time) d.when = when;
  d.image = prism::tensor<float, 2>({rng() % 5, rng() % 70}, seed % 2 ? prism::memory_order::column_major : prism::memory_order::row_major);
  for (std::size_t i = 0; i < d.image.size(); ++i) d.image.data()[i] = static_cast<float>(rng() % 1000) / 8.0f;
  d.spectrum = prism::tensor<std::complex<double>, 1>({rng() % 4});
  for (std::size_t i = 0; i < d.spectrum.size(); ++i) d.spectrum.data()[i] = {static_cast<double>(i), -0.25};
  return d;
}

}  // namespace transcode_test_types

using namespace transcode_test_types;

template <class Pair>
class Transcode : public ::testing::Test {};

template <class From, class To>
struct pair_of {
  using from = From;
  using to = To;
};

using pairs = ::testing::Types<
    pair_of<prism::msgpack, prism::msgpack>, pair_of<prism::msgpack, prism::cbor>, pair_of<prism::msgpack, prism::beve>,
    pair_of<prism::msgpack, prism::json>, pair_of<prism::msgpack, prism::zbin>, pair_of<prism::cbor, prism::msgpack>,
    pair_of<prism::cbor, prism::cbor>, pair_of<prism::cbor, prism::beve>, pair_of<prism::cbor, prism::json>,
    pair_of<prism::cbor, prism::zbin>, pair_of<prism::beve, prism::msgpack>, pair_of<prism::beve, prism::cbor>,
    pair_of<prism::beve, prism::beve>, pair_of<prism::beve, prism::json>, pair_of<prism::beve, prism::zbin>,
    pair_of<prism::zbin, prism::msgpack>, pair_of<prism::zbin, prism::cbor>, pair_of<prism::zbin, prism::beve>,
    pair_of<prism::zbin, prism::json>, pair_of<prism::zbin, prism::zbin>, pair_of<prism::json, prism::msgpack>,
    pair_of<prism::json, prism::cbor>, pair_of<prism::json, prism::beve>, pair_of<prism::json, prism::json>,
    pair_of<prism::json, prism::zbin>
    PRISM_WITH_FLEX(pair_of<prism::flex, prism::msgpack>, pair_of<prism::flex, prism::cbor>, pair_of<prism::flex, prism::beve>,
                    pair_of<prism::flex, prism::json>, pair_of<prism::flex, prism::zbin>, pair_of<prism::flex, prism::flex>,
                    pair_of<prism::msgpack, prism::flex>, pair_of<prism::cbor, prism::flex>, pair_of<prism::beve, prism::flex>,
                    pair_of<prism::zbin, prism::flex>, pair_of<prism::json, prism::flex>)>;
TYPED_TEST_SUITE(Transcode, pairs);

TYPED_TEST(Transcode, ReadsBackEqual) {
  using From = typename TypeParam::from;
  using To = typename TypeParam::to;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    // BEVE and FlexBuffers have no timestamp type: their time points arrive elsewhere as integers.
    const Document original = make_document(seed, !std::is_same_v<From, prism::beve> && !std::is_same_v<To, prism::beve> &&
                                                      !std::is_same_v<From, prism::flex>);
    const std::string source = prism::write<From>(original).value();
    const auto target = prism::transcode<From, To>(source);
    ASSERT_TRUE(target) << "seed " << seed << ": " << target.error().message();
    Document back{};
    // JSON holds blobs and time points as strings: they arrive elsewhere as strings, so a JSON
    // source is checked by coming back to JSON.
    const auto again = std::is_same_v<From, prism::json> ? prism::transcode<To, prism::json>(*target) : prism::result<std::string>(*target);
    ASSERT_TRUE(again) << "seed " << seed << ": " << again.error().message();
    const auto st = std::is_same_v<From, prism::json> ? prism::read<prism::json>(back, *again) : prism::read<To>(back, *target);
    ASSERT_TRUE(st) << "seed " << seed << ": " << st.error().message();
    EXPECT_TRUE(back == original) << "seed " << seed;
  }
}

TYPED_TEST(Transcode, DamagedInputIsAnErrorNotACrash) {
  using From = typename TypeParam::from;
  using To = typename TypeParam::to;
  const std::string source = prism::write<From>(make_document(99)).value();
  std::mt19937_64 rng(5);
  for (std::size_t n = 0; n < source.size(); n += 5) (void)prism::transcode<From, To>(std::string_view(source).substr(0, n));
  for (int k = 0; k < 100; ++k) {
    std::string bad = source;
    bad[rng() % bad.size()] = static_cast<char>(rng());
    (void)prism::transcode<From, To>(bad);
  }
}

TEST(TranscodeBytes, SameFormatIsTheSameBytesWhereTheWriterIsCanonical) {
  const Document d = make_document(3);
  const std::string m = prism::write<prism::msgpack>(d).value();
  EXPECT_EQ((prism::transcode<prism::msgpack, prism::msgpack>(m).value()), m);
  const std::string z = prism::write<prism::zbin>(d).value();
  EXPECT_EQ((prism::transcode<prism::zbin, prism::zbin>(z).value()), z);
  EXPECT_TRUE(prism::verify<prism::zbin>((prism::transcode<prism::msgpack, prism::zbin>(m).value())));
}

TEST(TranscodeBytes, BytesAfterTheMessageAreAnErrorAsForRead) {
  const auto trailing = [](auto format, std::string bytes) {
    using F = decltype(format);
    const std::size_t at = bytes.size();
    bytes += '\x01';
    const auto r = prism::transcode<F, prism::json>(bytes);
    EXPECT_FALSE(r) << F::name;
    if (!r) {
      EXPECT_EQ(r.error().code, prism::errc::trailing_bytes) << r.error().message();
      EXPECT_EQ(r.error().offset, at) << r.error().message();
    }
    EXPECT_EQ((prism::read<F, Document>(bytes).error().code), prism::errc::trailing_bytes) << F::name;
  };
  const Document d = make_document(2);
  trailing(prism::msgpack{}, prism::write<prism::msgpack>(d).value());
  trailing(prism::cbor{}, prism::write<prism::cbor>(d).value());
  trailing(prism::beve{}, prism::write<prism::beve>(d).value());
  trailing(prism::zbin{}, prism::write<prism::zbin>(d).value());
  trailing(prism::json{}, prism::write<prism::json>(d).value());
  EXPECT_EQ((prism::transcode<prism::msgpack, prism::json>(std::string("\xc0\xc0", 2)).error().code), prism::errc::trailing_bytes);
}

TEST(TranscodeBytes, ErrorsNameTheFieldAndTheFormat) {
  const std::string m = prism::write<prism::msgpack>(make_document(4)).value();
  std::string bad = m;
  const std::size_t at = bad.find("small_numbers") + 13;
  bad[at] = '\xc1';  // never used in MessagePack
  const auto r = prism::transcode<prism::msgpack, prism::json>(bad);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().path, "small_numbers");
  EXPECT_EQ(r.error().format, "msgpack");
}

TEST(TranscodeBytes, TheTargetsOptionsApply) {
  const std::string text = R"({"a":[1,2.5,{"b":"x"}],"c":{},"d":[],"e":"\u00e9"})";
  const auto cbor = prism::transcode<prism::json, prism::cbor>(text);
  ASSERT_TRUE(cbor);
  // Pretty JSON from any format is what a pretty write of the same value gives.
  const auto pretty = prism::transcode<prism::cbor, prism::json, prism::json_options{.pretty = true, .indent = 4}>(*cbor);
  ASSERT_TRUE(pretty) << pretty.error().message();
  const auto v = prism::read<prism::json, prism::value>(text);
  ASSERT_TRUE(v);
  EXPECT_EQ(*pretty, (prism::write<prism::json, prism::json_options{.pretty = true, .indent = 4}>(*v).value()));
  EXPECT_NE(pretty->find("\n    \"a\": [\n        1,"), std::string::npos) << *pretty;
  // The options apply to how each value is written (a float in CBOR's shortest exact width with
  // `deterministic`); containers keep the source's order.
  const auto wide = prism::transcode<prism::json, prism::cbor>("[1.5]");
  const auto shortest = prism::transcode<prism::json, prism::cbor, prism::cbor_options{.deterministic = true}>("[1.5]");
  ASSERT_TRUE(wide && shortest);
  EXPECT_EQ(wide->size(), 10u);  // 0x81, then a double
  EXPECT_EQ(*shortest, std::string("\x81\xf9\x3e\x00", 4));
}

// A target chosen at run time (prism::format_target through prism::transcode_target) writes
// what transcode<From, To> writes, and fails where it fails, with the same error.
template <class From, class To>
void expect_same_as_static(const std::string& source, const std::string& what) {
  std::string dynamic;
  prism::format_target<To> target(dynamic);
  const prism::status st = prism::transcode<From>(source, target);
  const auto expected = prism::transcode<From, To>(source);
  ASSERT_EQ(static_cast<bool>(st), static_cast<bool>(expected)) << what << ": " << (st ? expected.error().message() : st.error().message());
  if (expected) {
    EXPECT_EQ(dynamic, *expected) << what;
  } else {
    EXPECT_EQ(st.error().code, expected.error().code) << what;
    EXPECT_EQ(st.error().offset, expected.error().offset) << what;
    EXPECT_EQ(st.error().path, expected.error().path) << what;
    EXPECT_EQ(st.error().format, expected.error().format) << what;
  }
}

TYPED_TEST(Transcode, ATargetChosenAtRunTimeWritesTheSameBytes) {
  using From = typename TypeParam::from;
  using To = typename TypeParam::to;
  std::mt19937_64 rng(17);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::string source = prism::write<From>(make_document(seed, !std::is_same_v<From, prism::beve>)).value();
    expect_same_as_static<From, To>(source, "seed " + std::to_string(seed));
    for (int k = 0; k < 20; ++k) {
      std::string bad = source.substr(0, rng() % source.size());
      if (k % 2 == 0) bad = source, bad[rng() % bad.size()] = static_cast<char>(rng());
      expect_same_as_static<From, To>(bad, "seed " + std::to_string(seed) + " damaged " + std::to_string(k));
    }
  }
}

TEST(TranscodeTarget, WhatSomeTargetsLackIsRefusedOrDroppedAsByTheStaticPath) {
  const std::string extension("\xd4\x01\x02", 3);  // MessagePack: fixext 1 of type 1
  expect_same_as_static<prism::msgpack, prism::json>(extension, "extension to JSON");
  expect_same_as_static<prism::msgpack, prism::msgpack>(extension, "extension to MessagePack");
  const std::string below_int64("\x3b\xff\xff\xff\xff\xff\xff\xff\xff", 9);  // CBOR: -2^64
  expect_same_as_static<prism::cbor, prism::json>(below_int64, "-2^64 to JSON");
  expect_same_as_static<prism::cbor, prism::msgpack>(below_int64, "-2^64 to MessagePack");
  expect_same_as_static<prism::cbor, prism::cbor>(below_int64, "-2^64 to CBOR");
  const std::string tagged("\xc6\x82\xf7\xf0", 4);  // CBOR: tag 6 around [undefined, simple(16)]
  expect_same_as_static<prism::cbor, prism::json>(tagged, "tag and simple values to JSON");
  expect_same_as_static<prism::cbor, prism::cbor>(tagged, "tag and simple values to CBOR");
  std::string json_out;
  prism::format_target<prism::json> target(json_out);
  ASSERT_TRUE(prism::transcode<prism::cbor>(below_int64, target));
  EXPECT_EQ(json_out, "-18446744073709551616");
}

TEST(TranscodeTarget, APrefixIsOneMessageOfAStream) {
  const std::string first = prism::write<prism::msgpack>(make_document(5)).value();
  const std::string second = prism::write<prism::msgpack>(std::vector<int>{1, 2, 3}).value();
  const std::string stream = first + second;
  std::string out;
  const auto took = prism::transcode_prefix<prism::msgpack>(stream, *std::make_unique<prism::format_target<prism::cbor>>(out));
  ASSERT_TRUE(took) << took.error().message();
  EXPECT_EQ(*took, first.size());
  EXPECT_EQ(out, (prism::transcode<prism::msgpack, prism::cbor>(first).value()));
  prism::format_target<prism::json> next(out);
  EXPECT_EQ(prism::transcode_prefix<prism::msgpack>(std::string_view(stream).substr(*took), next).value(), second.size());
  EXPECT_EQ(out, "[1,2,3]");
  // A target serves one message after another, each afresh, also after one that failed.
  EXPECT_FALSE(prism::transcode<prism::json>(std::string(R"({"a":[1,]})"), next));
  ASSERT_TRUE(prism::transcode<prism::json>(std::string(R"({"b": [true]})"), next));
  EXPECT_EQ(out, R"({"b":[true]})");
  // The whole stream as one message: the bytes after the first are an error, as for read.
  std::string whole;
  prism::format_target<prism::cbor> once(whole);
  const prism::status st = prism::transcode<prism::msgpack>(stream, once);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::trailing_bytes);
  EXPECT_EQ(st.error().offset, first.size());
}

// A program's own target: the values of a message of any format, counted by kind.
class counting_target final : public prism::transcode_target {
 public:
  std::map<std::string, int> counts;
  bool start() override { return true; }
  bool finish() override { return true; }
  bool null() override { return count("null"); }
  bool boolean(bool) override { return count("boolean"); }
  bool integer(bool, std::uint64_t) override { return count("integer"); }
  bool floating(double) override { return count("floating"); }
  bool string(std::string_view) override { return count("string"); }
  bool binary(prism::bytes_view) override { return count("binary"); }
  bool timestamp(time) override { return count("timestamp"); }
  bool begin_array(std::size_t) override { return count("array"); }
  bool element(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool begin_object(std::size_t, bool) override { return count("object"); }
  bool entry(std::size_t) override { return true; }
  bool key_string(std::string_view) override { return count("key"); }
  bool key_integer(bool, std::uint64_t) override { return count("key"); }
  bool end_object() override { return true; }
  bool numbers(const prism::tensor_header& h) override { return counts["number"] += static_cast<int>(h.count()), true; }
  bool tensor(const prism::tensor_header&) override { return count("tensor"); }
  bool sorts_keys(std::size_t) const override { return false; }
  bool tag(std::uint64_t) override { return count("tag"); }
  bool simple(std::uint8_t) override { return count("simple"); }
  bool extension(std::int8_t, prism::bytes_view) override { return count("extension"); }
  bool negative_beyond_int64(std::uint64_t) override { return count("integer"); }
  prism::emitter_features features() const override { return {.extensions = true, .negatives_beyond_int64 = true}; }
  prism::errc finish_output() override { return prism::errc::ok; }
  prism::status take_error() override { return {}; }
  std::size_t position() const override { return 0; }
  std::string_view format_name() const noexcept override { return "counts"; }

 private:
  bool count(const std::string& kind) { return ++counts[kind], true; }
};

TEST(TranscodeTarget, AProgramsOwnTargetSeesEveryValue) {
  const std::string text = R"({"a":[1,2.5,"x",null,true],"b":{"c":-3}})";
  counting_target from_json;
  ASSERT_TRUE(prism::transcode<prism::json>(text, from_json));
  const std::map<std::string, int> expected{{"array", 1}, {"boolean", 1}, {"floating", 1}, {"integer", 2},
                                            {"key", 3},   {"null", 1},    {"object", 2},   {"string", 1}};
  EXPECT_EQ(from_json.counts, expected);
  counting_target from_cbor;
  ASSERT_TRUE(prism::transcode<prism::cbor>(prism::transcode<prism::json, prism::cbor>(text).value(), from_cbor));
  EXPECT_EQ(from_cbor.counts, expected);
}
