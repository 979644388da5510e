// JSON against simdjson: prism reads (and views) every number and string exactly as simdjson does, and
// prism's output, parsed by simdjson, equals the original document value for value. Runs on
// the real corpora in ../shared/datasets/json when present, and always on built-in documents.
#include <gtest/gtest.h>

#include <prism/json.hpp>
#include <simdjson.h>

#include "support/io.hpp"

#include <filesystem>
#include <string>

namespace {

// Compares a prism value with a simdjson element: same type, same value, same member order.
::testing::AssertionResult same(const prism::json::value& ours, simdjson::dom::element theirs, const std::string& path) {
  using simdjson::dom::element_type;
  const auto differ = [&](const char* what) {
    return ::testing::AssertionFailure() << what << " differs at " << (path.empty() ? "/" : path);
  };
  switch (theirs.type()) {
    case element_type::NULL_VALUE: return ours.is_null() ? ::testing::AssertionSuccess() : differ("null");
    case element_type::BOOL:
      return ours.as_bool() && *ours.as_bool() == bool(theirs) ? ::testing::AssertionSuccess() : differ("bool");
    case element_type::INT64:
      return ours.as_int() && *ours.as_int() == int64_t(theirs) ? ::testing::AssertionSuccess() : differ("int64");
    case element_type::UINT64:
      return ours.as_uint() && *ours.as_uint() == uint64_t(theirs) ? ::testing::AssertionSuccess() : differ("uint64");
    case element_type::DOUBLE:
      return ours.as_double() && *ours.as_double() == double(theirs) ? ::testing::AssertionSuccess() : differ("double");
    case element_type::STRING:
      return ours.as_string() && *ours.as_string() == std::string_view(theirs) ? ::testing::AssertionSuccess() : differ("string");
    case element_type::ARRAY: {
      const auto* a = ours.as_array();
      simdjson::dom::array arr = theirs;
      if (!a || a->size() != arr.size()) return differ("array");
      std::size_t i = 0;
      for (auto e : arr) {
        auto r = same((*a)[i], e, path + "/" + std::to_string(i));
        if (!r) return r;
        ++i;
      }
      return ::testing::AssertionSuccess();
    }
    case element_type::OBJECT: {
      const auto* o = ours.as_object();
      simdjson::dom::object obj = theirs;
      if (!o || o->size() != obj.size()) return differ("object");
      std::size_t i = 0;
      for (auto [key, e] : obj) {
        if ((*o)[i].first != key) return differ("key");
        auto r = same((*o)[i].second, e, path + "/" + std::string(key));
        if (!r) return r;
        ++i;
      }
      return ::testing::AssertionSuccess();
    }
  }
  return differ("type");
}

// Compares a prism JSON view with a simdjson element, through the view's accessors, its
// iteration and its lookups.
template <class View>
::testing::AssertionResult same_view(const View& ours, simdjson::dom::element theirs, const std::string& path) {
  using simdjson::dom::element_type;
  const auto differ = [&](const char* what) {
    return ::testing::AssertionFailure() << what << " differs in the view at " << (path.empty() ? "/" : path);
  };
  const auto t = ours.type();
  switch (theirs.type()) {
    case element_type::NULL_VALUE: return t == prism::value_type::null ? ::testing::AssertionSuccess() : differ("null");
    case element_type::BOOL: {
      const auto b = ours.template as<bool>();
      return b && *b == bool(theirs) ? ::testing::AssertionSuccess() : differ("bool");
    }
    case element_type::INT64: {
      const auto i = ours.template as<std::int64_t>();
      return t == prism::value_type::integer && i && *i == int64_t(theirs) ? ::testing::AssertionSuccess() : differ("int64");
    }
    case element_type::UINT64: {
      const auto u = ours.template as<std::uint64_t>();
      return t == prism::value_type::integer && u && *u == uint64_t(theirs) ? ::testing::AssertionSuccess() : differ("uint64");
    }
    case element_type::DOUBLE: {
      const auto d = ours.template as<double>();
      return t == prism::value_type::floating && d && *d == double(theirs) ? ::testing::AssertionSuccess() : differ("double");
    }
    case element_type::STRING: {
      const auto s = ours.template as<std::string>();
      return t == prism::value_type::string && s && *s == std::string_view(theirs) ? ::testing::AssertionSuccess() : differ("string");
    }
    case element_type::ARRAY: {
      simdjson::dom::array arr = theirs;
      const auto n = ours.size();
      if (t != prism::value_type::array || !n || *n != arr.size()) return differ("array");
      std::size_t i = 0;
      auto theirs_element = arr.begin();  // simdjson's at(i) walks from the start
      for (auto e : ours.elements()) {
        if (i == *n) return differ("array walk");
        auto r = same_view(e, *theirs_element, path + "/" + std::to_string(i));
        if (!r) return r;
        ++theirs_element;
        ++i;
      }
      if (i != *n) return differ("array walk");
      if (i != 0 && !same_view(ours[i - 1], arr.at(i - 1), path + "/last")) return differ("last element");
      return ::testing::AssertionSuccess();
    }
    case element_type::OBJECT: {
      simdjson::dom::object obj = theirs;
      const auto n = ours.size();
      if (t != prism::value_type::object || !n || *n != obj.size()) return differ("object");
      auto theirs_member = obj.begin();
      std::size_t i = 0;
      for (auto [key, value] : ours.items()) {
        if (key.template as<std::string>().value_or("") != theirs_member.key()) return differ("key");
        auto r = same_view(value, theirs_member.value(), path + "/" + std::string(theirs_member.key()));
        if (!r) return r;
        ++theirs_member;
        ++i;
      }
      if (i != *n) return differ("object walk");
      if (i != 0) {  // a lookup by key finds the first member of that name
        const std::string_view first_key = obj.begin().key();
        if (!same_view(ours[first_key], obj.begin().value(), path + "/" + std::string(first_key))) return differ("lookup");
      }
      return ::testing::AssertionSuccess();
    }
  }
  return differ("type");
}

void check_document(const std::string& text, const std::string& name) {
  simdjson::dom::parser parser;
  simdjson::dom::element original;
  ASSERT_EQ(parser.parse(text).get(original), simdjson::SUCCESS) << name;
  // prism reads what simdjson reads.
  const auto ours = prism::read<prism::json, prism::json::value>(text);
  ASSERT_TRUE(ours) << name << ": " << ours.error().message();
  ASSERT_TRUE(same(*ours, original, "")) << name;
  // prism's view of the text walks to the same values.
  const auto view = prism::view<prism::json>(text);
  ASSERT_TRUE(view.valid()) << name << ": " << view.failure()->message();
  ASSERT_TRUE(prism::verify<prism::json>(text)) << name;
  ASSERT_TRUE(same_view(view, original, "")) << name;
  // simdjson reads prism's output, compact and pretty, as the original.
  for (const bool pretty : {false, true}) {
    const auto written = pretty ? prism::write<prism::json, prism::json_options{.pretty = true}>(*ours) : prism::write<prism::json>(*ours);
    ASSERT_TRUE(written) << name;
    simdjson::dom::parser again;
    simdjson::dom::element reparsed;
    ASSERT_EQ(again.parse(*written).get(reparsed), simdjson::SUCCESS) << name;
    ASSERT_TRUE(same(*ours, reparsed, "")) << name << (pretty ? " (pretty)" : "");
  }
}

}  // namespace

TEST(JsonInterop, BuiltInDocuments) {
  const char* documents[] = {
      R"({"a":[1,-2,18446744073709551615,9223372036854775807,-9223372036854775808,2.5,-0.0,1e-7,1.7976931348623157e308,5e-324]})",
      R"({"s":"\u00e9\u2713\ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t \u0001","e":"","n":null,"t":true,"f":false,"o":{},"l":[]})",
      R"([[[[{"deep":[0.1,0.2,0.30000000000000004,12345678901234567890]}]]]])",
  };
  for (const char* d : documents) check_document(d, d);
}

// One test per corpus, so that CTest runs them side by side.
class JsonInteropCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(JsonInteropCorpus, ValueForValueAsSimdjson) {
  const std::filesystem::path path = std::filesystem::path(PRISM_SHARED_JSON_DIR) / GetParam();
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no corpus at " << path;
  const std::string text = testing_support::slurp(path);
  ASSERT_FALSE(text.empty()) << path;
  check_document(text, GetParam());
}

INSTANTIATE_TEST_SUITE_P(RealCorpora, JsonInteropCorpus, ::testing::Values("canada.json", "citm_catalog.json", "twitter.json"),
                         [](const auto& info) { return std::string(info.param).substr(0, std::string(info.param).find('.')); });
