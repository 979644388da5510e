// RFC 6901 JSON Pointers on the views of every self-describing format and on prism::value: the
// RFC's own examples, and errors whose path is the pointer up to the token that fails.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <string>

#include "support/formats.hpp"

namespace {

// RFC 6901 section 5.
const std::string rfc_document = R"({
  "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8
})";

struct rfc_case {
  const char* pointer;
  int number;  // -1: the whole document, -2: the "foo" array, -3: "bar"
};
const rfc_case rfc_cases[] = {{"", -1},     {"/foo", -2},  {"/foo/0", -3}, {"/", 0},    {"/a~1b", 1}, {"/c%d", 2},
                              {"/e^f", 3},  {"/g|h", 4},   {"/i\\j", 5},   {"/k\"l", 6}, {"/ ", 7},    {"/m~0n", 8}};

TEST(JsonPointer, TheRfcExamplesOnAValue) {
  const auto doc = prism::read<prism::json, prism::value>(rfc_document);
  ASSERT_TRUE(doc) << doc.error().message();
  for (const auto& c : rfc_cases) {
    const auto r = doc->at_pointer(c.pointer);
    ASSERT_TRUE(r) << c.pointer << ": " << r.error().message();
    if (c.number >= 0) {
      EXPECT_EQ(*(*r)->as_int(), c.number) << c.pointer;
    } else if (c.number == -1) {
      EXPECT_EQ(*r, &*doc);
    } else if (c.number == -2) {
      EXPECT_EQ((*r)->size(), 2u);
    } else {
      EXPECT_EQ(*(*r)->as_string(), "bar");
    }
  }
}

template <class Format>
class JsonPointerViews : public ::testing::Test {};
using Formats = ::testing::Types<prism::json, prism::msgpack, prism::cbor, prism::beve, prism::zbin PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(JsonPointerViews, Formats);

TYPED_TEST(JsonPointerViews, FindValuesAndNameTheTokenThatFails) {
  const auto doc = prism::read<prism::json, prism::value>(rfc_document + "");
  ASSERT_TRUE(doc);
  std::string bytes;
  ASSERT_TRUE(prism::write<TypeParam>(*doc, bytes));
  const auto root = prism::view<TypeParam>(bytes);
  for (const auto& c : rfc_cases) {
    const auto v = root.at_pointer(c.pointer);
    if (c.number >= 0) {
      const auto n = v.template as<int>();
      ASSERT_TRUE(n) << c.pointer << ": " << n.error().message();
      EXPECT_EQ(*n, c.number) << c.pointer;
    } else if (c.number == -3) {
      EXPECT_EQ(v.template as<std::string>().value(), "bar");
    } else {
      EXPECT_NE(v.type(), prism::value_type::other) << c.pointer;
    }
  }
  struct failure {
    const char* pointer;
    prism::errc code;
  };
  const failure failures[] = {{"/foo/2", prism::errc::out_of_range},  {"/nothing", prism::errc::missing_key},
                              {"/foo/-", prism::errc::type_mismatch}, {"/foo/01", prism::errc::type_mismatch},
                              {"/ /x", prism::errc::type_mismatch},   {"foo", prism::errc::syntax_error},
                              {"/m~2n", prism::errc::syntax_error}};
  for (const auto& f : failures) {
    const auto r = root.at_pointer(f.pointer).template as<int>();
    ASSERT_FALSE(r) << f.pointer;
    EXPECT_EQ(r.error().code, f.code) << f.pointer << ": " << r.error().message();
    EXPECT_EQ(r.error().path, f.pointer) << r.error().message();
    const auto on_value = doc->at_pointer(f.pointer);
    ASSERT_FALSE(on_value) << f.pointer;
    EXPECT_EQ(on_value.error().code, f.code) << f.pointer << ": " << on_value.error().message();
    EXPECT_EQ(on_value.error().path, f.pointer);
  }
  EXPECT_EQ(root.at_pointer("/nothing").template as<int>().error().found, "no \"nothing\"");
}

}  // namespace
