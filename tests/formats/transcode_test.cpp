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
