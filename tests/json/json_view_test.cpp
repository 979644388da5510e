// JSON views: strings with escapes, numbers at the edges of 64 bits, tensors in their text
// form, structs read out of a view, errors with their path, line and column, and the index
// accepting exactly the texts the reader accepts.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <random>
#include <string>
#include <vector>

namespace json_view_test_types {

struct Child {
  std::string name;
  std::vector<int> ids;
  friend bool operator==(const Child&, const Child&) = default;
};
struct WithTensor {
  Child child;
  prism::tensor<float, 2> image;
};

}  // namespace json_view_test_types

using namespace json_view_test_types;

TEST(JsonView, StringsWithEscapesAreDecodedNotViewed) {
  const std::string text = R"({"plain": "abc", "esc": "a\"b\\c\u00e9\ud83d\ude00", "k\u00e9y": 1, "kéy": 2})";
  const auto v = prism::view<prism::json>(text);
  ASSERT_TRUE(v.valid());
  EXPECT_EQ(v["plain"].as_string_view().value(), "abc");
  EXPECT_EQ(v["esc"].as_string_view().error().code, prism::errc::type_mismatch);
  EXPECT_EQ(v["esc"].as<std::string>().value(), "a\"b\\cé😀");
  EXPECT_EQ(v["esc"].size().value(), std::string("a\"b\\cé😀").size());
  EXPECT_EQ(v["kéy"].as<int>().value(), 1);  // the first member of that name, escaped or not
  std::vector<std::string> keys;
  for (auto [key, value] : v.items()) keys.push_back(key.as<std::string>().value());
  EXPECT_EQ(keys, (std::vector<std::string>{"plain", "esc", "kéy", "kéy"}));
  EXPECT_EQ(v["missing"].failure()->code, prism::errc::missing_key);
  EXPECT_EQ(v.size().value(), 4u);
}

TEST(JsonView, NumbersAtTheEdges) {
  const std::string text = "[18446744073709551615, -9223372036854775808, 123456789012345678901234, 300, 1.5, -0.0, 1e400, 0]";
  const auto v = prism::view<prism::json>(text);
  EXPECT_EQ(v[0].type(), prism::value_type::integer);
  EXPECT_EQ(v[0].as<std::uint64_t>().value(), 18446744073709551615ull);
  EXPECT_EQ(v[0].as<std::int64_t>().error().code, prism::errc::out_of_range);
  EXPECT_EQ(v[1].as<std::int64_t>().value(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(v[1].as<std::uint64_t>().error().code, prism::errc::out_of_range);
  EXPECT_EQ(v[2].type(), prism::value_type::floating);  // beyond 64 bits: a double
  EXPECT_EQ(v[2].as<double>().value(), 123456789012345678901234.0);
  EXPECT_EQ(v[2].as<std::uint64_t>().error().code, prism::errc::out_of_range);
  EXPECT_EQ(v[3].as<std::int8_t>().error().code, prism::errc::out_of_range);
  EXPECT_EQ(v[3].as<std::int16_t>().value(), 300);
  EXPECT_EQ(v[4].type(), prism::value_type::floating);
  EXPECT_EQ(v[4].as<int>().error().code, prism::errc::type_mismatch);
  EXPECT_TRUE(std::signbit(v[5].as<double>().value()));
  EXPECT_FALSE(v[6].as<double>());
  EXPECT_EQ(v[7].as<double>().value(), 0.0);
  EXPECT_EQ(prism::view<prism::json>(std::string_view("-0")).as<unsigned>().value(), 0u);  // as the reader takes it
  EXPECT_EQ(v[8].failure()->code, prism::errc::out_of_range);
}

TEST(JsonView, TensorsAreDecodedCopies) {
  WithTensor w;
  w.child = {"c", {1, 2, 3}};
  w.image = prism::tensor<float, 2>({2, 3}, prism::memory_order::column_major);
  for (std::size_t i = 0; i < 6; ++i) w.image.data()[i] = static_cast<float>(i) + 0.5f;
  const auto text = prism::write<prism::json>(w).value();
  const auto v = prism::view<prism::json>(text);
  EXPECT_EQ(v["image"].type(), prism::value_type::tensor);
  EXPECT_EQ(v["image"].size().value(), 6u);
  const auto t = v["image"].as_tensor<float, 2>();
  ASSERT_TRUE(t) << t.error().message();
  EXPECT_FALSE(t->zero_copy());
  EXPECT_EQ(t->why(), "copied: decoded from text");
  EXPECT_EQ(t->view().order(), prism::memory_order::column_major);
  EXPECT_EQ((*t)(1, 2), 5.5f);
  EXPECT_EQ((v["image"].as_tensor<float, 3>().error().code), prism::errc::size_mismatch);
  Child c;
  ASSERT_TRUE(prism::read(c, v["child"]));
  EXPECT_EQ(c, w.child);
  // Arrays that only look like tensors stay arrays: the data must decode to the shape's size.
  for (const char* lookalike : {R"([10, [2], "AAAA"])", R"([15, [1], "AAAAAA=="])", R"([10, [1], "AAAAAA==", 2])", R"([10, [-1], ""])"}) {
    EXPECT_EQ(prism::view<prism::json>(std::string_view(lookalike)).type(), prism::value_type::array) << lookalike;
  }
  EXPECT_EQ(prism::view<prism::json>(std::string_view(R"([10, [1], "AAAAAA=="])")).type(), prism::value_type::tensor);
}

TEST(JsonView, ErrorsSayWhereWithPathLineAndColumn) {
  const std::string text = "{\n  \"a\": {\"b\": [1,\n   tru]}\n}";
  const auto v = prism::view<prism::json>(text);
  ASSERT_FALSE(v.valid());
  const prism::error& e = *v.failure();
  EXPECT_EQ(e.code, prism::errc::syntax_error);
  EXPECT_EQ(e.path, "a.b[1]");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 4u);
  EXPECT_EQ(e.offset, text.find("tru"));
  EXPECT_EQ(v["a"].failure()->code, prism::errc::syntax_error);  // every access returns the error
  EXPECT_EQ(prism::view<prism::json>(std::string_view("[1, 2] 3")).failure()->code, prism::errc::trailing_bytes);
  EXPECT_EQ(prism::view<prism::json>(std::string_view("")).failure()->code, prism::errc::unexpected_end);
  EXPECT_EQ(prism::view<prism::json>(std::string_view("\"\xff\"")).failure()->code, prism::errc::invalid_utf8);
  EXPECT_EQ(prism::view<prism::json>(std::string_view("[\"a\nb\"]")).failure()->code, prism::errc::syntax_error);
}

TEST(JsonView, EveryTruncationIsAnError) {
  const std::string text = R"({"a": [1, -2.5e3, "x\ty", true, false, null, {"k": []}], "b": {"c": "\u00e9"}})";
  ASSERT_TRUE(prism::view<prism::json>(text).valid());
  for (std::size_t n = 0; n < text.size(); ++n) {
    const auto v = prism::view<prism::json>(std::string_view(text).substr(0, n));
    EXPECT_FALSE(v.valid()) << n;
    if (!v.valid()) {
      EXPECT_TRUE(v.failure()->code == prism::errc::unexpected_end || v.failure()->code == prism::errc::syntax_error) << n;
      EXPECT_LE(v.failure()->offset, n);
    }
  }
}

TEST(JsonView, LimitsAreHonored) {
  const std::string deep(100000, '[');
  EXPECT_EQ(prism::view<prism::json>(deep).failure()->code, prism::errc::too_deep);
  EXPECT_EQ(prism::verify<prism::json>(std::string_view("[[[1]]]"), prism::limits{.max_depth = 2}).error().code, prism::errc::too_deep);
  EXPECT_TRUE(prism::verify<prism::json>(std::string_view("[[[1]]]"), prism::limits{.max_depth = 3}));
  EXPECT_EQ(prism::verify<prism::json>(std::string_view("[1,2,3]"), prism::limits{.max_elements = 2}).error().code, prism::errc::too_many_elements);
  EXPECT_EQ(prism::verify<prism::json>(std::string_view(R"({"a":1,"b":2})"), prism::limits{.max_elements = 1}).error().code,
            prism::errc::too_many_elements);
}

TEST(JsonView, IndexAcceptsWhatTheReaderAccepts) {
  const std::string text = R"({"a": [1, -2.5e3, "x\ty\u00e9", true, false, null, {"k": [0.5, 1E2]}], "b": {"c": "\ud83d\ude00"}, "d": []})";
  std::mt19937_64 rng(31);
  const std::string alphabet = "{}[]:,\"\\ 0123456789-+.eEtrufalsn\x01\x80\xc3\xa9";
  int accepted = 0;
  for (int k = 0; k < 5000; ++k) {
    std::string bad = text;
    for (int m = 0, n = 1 + static_cast<int>(rng() % 3); m < n; ++m) bad[rng() % bad.size()] = alphabet[rng() % alphabet.size()];
    const bool indexed = static_cast<bool>(prism::verify<prism::json>(bad));
    const auto read = prism::read<prism::json, prism::json::value>(bad);
    // The index checks number syntax; numbers beyond a double's range are refused when read.
    if (!read && read.error().code == prism::errc::out_of_range) continue;
    EXPECT_EQ(indexed, static_cast<bool>(read)) << bad;
    accepted += indexed;
  }
  EXPECT_GT(accepted, 100);  // the mutations leave some texts valid
}
