// JSON against simdjson: prism reads every number and string exactly as simdjson does, and
// prism's output, parsed by simdjson, equals the original document value for value. Runs on
// the real corpora in ../shared/datasets/json when present, and always on built-in documents.
#include <gtest/gtest.h>

#include <prism/json.hpp>
#include <simdjson.h>

#include "data/file_text.hpp"

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

void check_document(const std::string& text, const std::string& name) {
  simdjson::dom::parser parser;
  simdjson::dom::element original;
  ASSERT_EQ(parser.parse(text).get(original), simdjson::SUCCESS) << name;
  // prism reads what simdjson reads.
  const auto ours = prism::read<prism::json, prism::json::value>(text);
  ASSERT_TRUE(ours) << name << ": " << ours.error().message();
  ASSERT_TRUE(same(*ours, original, "")) << name;
  // simdjson reads prism's output, compact and pretty, as the original.
  for (const bool pretty : {false, true}) {
    const auto written = pretty ? prism::write<prism::json, prism::options{.pretty = true}>(*ours) : prism::write<prism::json>(*ours);
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

TEST(JsonInterop, RealCorpora) {
  const std::filesystem::path dir = PRISM_SHARED_JSON_DIR;
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no corpora at " << dir;
  int checked = 0;
  for (const char* file : {"canada.json", "citm_catalog.json", "twitter.json"}) {
    const auto text = bench_io::file_text(dir / file);
    if (!text) continue;
    check_document(*text, file);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}
