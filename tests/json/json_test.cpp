// JSON: exact output, RFC 8259 acceptance and rejection, numbers, strings, options, errors.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "support/types.hpp"

namespace json_test_types {

enum class Color { red, green, blue };

struct Weapon {
  std::string name;
  std::int16_t damage;
  friend bool operator==(const Weapon&, const Weapon&) = default;
};

struct Hero {
  std::string name;
  std::int32_t hp;
  Color color;
  std::vector<Weapon> weapons;
  std::optional<double> speed;
  friend bool operator==(const Hero&, const Hero&) = default;
};

struct Switches {
  bool on;
  std::vector<bool> flags;
  bool off;
  std::optional<bool> maybe;
};

struct Circle {
  double r;
  friend bool operator==(const Circle&, const Circle&) = default;
};
struct Area {
  std::int64_t areaId;
  std::vector<std::int64_t> blockIds;
};
struct Category {
  std::vector<Area> areas;
  Circle first;
};
struct Square {
  std::int32_t side;
  friend bool operator==(const Square&, const Square&) = default;
};
using Shape = std::variant<Circle, Square, std::int32_t>;
struct Drawing {
  std::vector<Shape> shapes;
  friend bool operator==(const Drawing&, const Drawing&) = default;
};

using Tagged = std::variant<Circle, Square>;

struct Nested {
  std::vector<Nested> children;
};

}  // namespace json_test_types

template <>
struct prism::meta<json_test_types::Tagged> {
  static constexpr std::string_view tag = "kind";
  static constexpr std::array<std::string_view, 2> names{"circle", "square"};
};

using namespace json_test_types;

namespace {

template <class T, prism::options O = prism::json::defaults>
std::string to_json(const T& v) {
  auto s = prism::write<prism::json, O>(v);
  EXPECT_TRUE(s) << s.error().message();
  return s ? *s : std::string{};
}

template <class T, prism::options O = prism::json::defaults>
prism::result<T> from_json(std::string_view text) {
  return prism::read<prism::json, T, O>(text);
}

const Hero hero{"Zed", 120, Color::blue, {{"axe", 12}, {"bow \"long\"", -3}}, 1.5};

}  // namespace

TEST(Json, WritesCompactText) {
  EXPECT_EQ(to_json(hero),
            R"({"name":"Zed","hp":120,"color":"blue","weapons":[{"name":"axe","damage":12},{"name":"bow \"long\"","damage":-3}],"speed":1.5})");
  Hero slow = hero;
  slow.speed.reset();
  EXPECT_EQ(to_json(slow).substr(to_json(slow).size() - 13), R"("speed":null})");
  constexpr prism::json_options skip{.skip_null_members = true};
  EXPECT_EQ((to_json<Hero, skip>(slow).find("speed")), std::string::npos);
  constexpr prism::options numbers{.enums_as_strings = false};
  EXPECT_NE((to_json<Hero, numbers>(hero).find(R"("color":2)")), std::string::npos);
}

TEST(Json, WritesPrettyText) {
  constexpr prism::json_options pretty{.pretty = true, .indent = 3};
  const std::string text = to_json<Weapon, pretty>(Weapon{"axe", 1});
  EXPECT_EQ(text, "{\n   \"name\": \"axe\",\n   \"damage\": 1\n}");
  EXPECT_EQ((to_json<std::vector<int>, pretty>({})), "[]");
  EXPECT_EQ((to_json<std::vector<int>, pretty>({1, 2})), "[\n   1,\n   2\n]");
  auto back = from_json<Hero>(to_json<Hero, pretty>(hero));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, hero);
}

TEST(Json, ReadsKeysInAnyOrderAndSkipsUnknownOnes) {
  const auto h = from_json<Hero>(R"( { "speed" : 2.5 , "extra": {"a":[1,2,{"b":null}]}, "hp":7,"name":"A",
      "weapons":[], "color":"red" } )");
  ASSERT_TRUE(h) << h.error().message();
  EXPECT_EQ(h->hp, 7);
  EXPECT_EQ(h->name, "A");
  EXPECT_EQ(h->speed, 2.5);
  constexpr prism::options strict{.error_on_unknown_keys = true, .enums_as_strings = true};
  const auto bad = from_json<Hero, strict>(R"({"name":"A","bogus":1})");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, prism::errc::unknown_key);
  EXPECT_EQ(bad.error().offset, 12u);
  constexpr prism::options all{.error_on_missing_keys = true, .enums_as_strings = true};
  EXPECT_TRUE((from_json<Hero, all>(R"({"name":"A","hp":1,"color":"red","weapons":[]})"))) << "speed is optional";
  const auto missing = from_json<Hero, all>(R"({"name":"A","weapons":[]})");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, prism::errc::missing_key);
  EXPECT_EQ(missing.error().found, "no hp, color");
}

TEST(Json, StructsAsArrays) {
  constexpr prism::options arrays{.structs_as_arrays = true, .enums_as_strings = true};
  EXPECT_EQ((to_json<Weapon, arrays>(Weapon{"axe", 4})), R"(["axe",4])");
  const auto back = from_json<Hero, arrays>(to_json<Hero, arrays>(hero));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, hero);
}

TEST(Json, VariantsAreTaggedObjects) {
  const Drawing d{{Circle{1.5}, Square{3}, 42}};
  const std::string text = to_json(d);
  EXPECT_EQ(text, R"({"shapes":[{"type":"Circle","r":1.5},{"type":"Square","side":3},{"type":"int","value":42}]})");
  auto back = from_json<Drawing>(text);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, d);
  // The tag may come after the other members.
  auto late = from_json<Shape>(R"({"side":9,"type":"Square"})");
  ASSERT_TRUE(late) << late.error().message();
  EXPECT_EQ(std::get<Square>(*late).side, 9);
  // Tag key and names from prism::meta.
  EXPECT_EQ(to_json(Tagged{Square{2}}), R"({"kind":"square","side":2})");
  auto custom = from_json<Tagged>(R"({"kind":"circle","r":0.5})");
  ASSERT_TRUE(custom);
  EXPECT_EQ(std::get<Circle>(*custom).r, 0.5);
  EXPECT_EQ(from_json<Tagged>(R"({"kind":"triangle"})").error().code, prism::errc::invalid_value);
  EXPECT_EQ(from_json<Tagged>(R"({"r":1})").error().code, prism::errc::missing_key);
}

TEST(Json, MapsWithStringIntegerAndEnumKeys) {
  const std::map<std::string, int> by_name{{"a\"b", 1}, {"c", 2}};
  EXPECT_EQ(to_json(by_name), R"({"a\"b":1,"c":2})");
  const std::map<std::int64_t, std::string> by_id{{-5, "x"}, {7, "y"}};
  EXPECT_EQ(to_json(by_id), R"({"-5":"x","7":"y"})");
  using by_id_map = std::map<std::int64_t, std::string>;
  EXPECT_EQ(*from_json<by_id_map>(to_json(by_id)), by_id);
  EXPECT_FALSE(from_json<by_id_map>(R"({"x1":"a"})"));
  const std::map<Color, int> by_color{{Color::green, 3}};
  EXPECT_EQ(to_json(by_color), R"({"green":3})");
  using by_color_map = std::map<Color, int>;
  EXPECT_EQ(*from_json<by_color_map>(R"({"green":3})"), by_color);
}

TEST(Json, IntegersAreCheckedForRange) {
  EXPECT_EQ(*from_json<std::uint8_t>("255"), 255);
  EXPECT_EQ(from_json<std::uint8_t>("300").error().code, prism::errc::out_of_range);
  EXPECT_EQ(from_json<std::uint8_t>("-1").error().code, prism::errc::out_of_range);
  EXPECT_EQ(*from_json<std::int8_t>("-128"), -128);
  EXPECT_EQ(from_json<std::int8_t>("-129").error().code, prism::errc::out_of_range);
  EXPECT_EQ(from_json<int>("1.5").error().code, prism::errc::type_mismatch);
  EXPECT_EQ(from_json<int>("1e2").error().code, prism::errc::type_mismatch);
  EXPECT_EQ(*from_json<std::int64_t>("-9223372036854775808"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(from_json<std::int64_t>("9223372036854775808").error().code, prism::errc::out_of_range);
  EXPECT_EQ(*from_json<std::uint64_t>("18446744073709551615"), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(from_json<std::uint64_t>("18446744073709551616").error().code, prism::errc::out_of_range);
  EXPECT_EQ(from_json<std::uint64_t>("99999999999999999999").error().code, prism::errc::out_of_range);
  EXPECT_EQ(from_json<std::uint64_t>("123456789012345678901").error().code, prism::errc::out_of_range);
  EXPECT_EQ(*from_json<int>("-0"), 0);
  for (std::int64_t v : {std::numeric_limits<std::int64_t>::min(), std::int64_t{-1}, std::int64_t{0},
                         std::numeric_limits<std::int64_t>::max()}) {
    EXPECT_EQ(*from_json<std::int64_t>(to_json(v)), v);
  }
}

TEST(Json, DoublesRoundTripExactly) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, 8);
    if (!std::isfinite(d)) continue;
    const std::string text = to_json(d);
    const auto back = from_json<double>(text);
    ASSERT_TRUE(back) << text;
    ASSERT_EQ(std::memcmp(&*back, &d, 8), 0) << text;
    // Correctly rounded like strtod on the same text.
    ASSERT_EQ(*back, std::strtod(text.c_str(), nullptr)) << text;
  }
  for (int i = 0; i < 20000; ++i) {
    const auto bits = static_cast<std::uint32_t>(rng());
    float f;
    std::memcpy(&f, &bits, 4);
    if (!std::isfinite(f)) continue;
    const auto back = from_json<float>(to_json(f));
    ASSERT_TRUE(back);
    ASSERT_EQ(std::memcmp(&*back, &f, 4), 0) << to_json(f);
  }
  EXPECT_EQ(to_json(1.0), "1.0");
  EXPECT_EQ(to_json(-0.0), "-0.0");
  EXPECT_EQ(to_json(1e300), "1e+300");
  EXPECT_EQ(*from_json<double>("0.1"), 0.1);
  EXPECT_EQ(*from_json<double>("123456789012345678901234567890"), 123456789012345678901234567890.0);
  EXPECT_EQ(*from_json<double>("2.2250738585072011e-308"), 2.2250738585072011e-308);
  EXPECT_EQ(*from_json<double>("1e-400"), 0.0);
  EXPECT_EQ(from_json<double>("1e400").error().code, prism::errc::out_of_range);
  EXPECT_EQ(*from_json<float>("3.4028235e38"), std::numeric_limits<float>::max());
  EXPECT_EQ(from_json<float>("3.5e38").error().code, prism::errc::out_of_range);
}

TEST(Json, DecimalTextIsCorrectlyRounded) {
  // Coordinates and measurements: up to 19 significant digits, small exponents (the fast paths).
  std::mt19937_64 rng(12);
  char text[64];
  for (int i = 0; i < 200000; ++i) {
    const double magnitude = std::ldexp(1.0, static_cast<int>(rng() % 80) - 40);
    const double d = (static_cast<double>(rng() >> 11) / 9007199254740992.0 - 0.5) * magnitude;
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::snprintf(text, sizeof text, "%.*g", digits, d);
    const auto back = from_json<double>(text);
    ASSERT_TRUE(back) << text;
    ASSERT_EQ(*back, std::strtod(text, nullptr)) << text;
  }
  // The same inside arrays, where a number has the text after it in view and takes the short
  // path (fractions eight digits at a time): fixed and exponent notation, leading zeros in
  // fractions, 1 to 19 significant digits and beyond.
  std::vector<std::string> numbers;
  std::string array = "[";
  for (int i = 0; i < 200000; ++i) {
    const double magnitude = std::ldexp(1.0, static_cast<int>(rng() % 80) - 40);
    const double d = (static_cast<double>(rng() >> 11) / 9007199254740992.0 - 0.5) * magnitude;
    const int digits = 1 + static_cast<int>(rng() % 24);
    if (rng() % 2 == 0) std::snprintf(text, sizeof text, "%.*g", digits, d);
    else std::snprintf(text, sizeof text, "%.*f", digits, d);
    numbers.emplace_back(text);
    array += text;
    array += i + 1 < 200000 ? (rng() % 4 == 0 ? ", " : ",") : "]";
  }
  const auto read = from_json<std::vector<double>>(array);
  ASSERT_TRUE(read) << read.error().message();
  ASSERT_EQ(read->size(), numbers.size());
  for (std::size_t i = 0; i < numbers.size(); ++i) ASSERT_EQ((*read)[i], std::strtod(numbers[i].c_str(), nullptr)) << numbers[i];
  // Halfway cases between two doubles, where rounding twice would go wrong.
  for (const char* halfway : {"9007199254740993", "9007199254740993.0", "1.00000000000000011102230246251565404236316680908203125",
                              "0.1000000000000000055511151231257827021181583404541015625", "2.0000000000000002220446049250313080847263336181640625"}) {
    EXPECT_EQ(*from_json<double>(halfway), std::strtod(halfway, nullptr)) << halfway;
  }
}

TEST(Json, NanAndInfinityAreAnErrorOnWrite) {
  auto nan = prism::write<prism::json>(std::numeric_limits<double>::quiet_NaN());
  ASSERT_FALSE(nan);
  EXPECT_EQ(nan.error().code, prism::errc::invalid_value);
  EXPECT_FALSE(prism::write<prism::json>(std::vector<float>{1, std::numeric_limits<float>::infinity()}));
  constexpr prism::json_options as_null{.nan_inf_as_null = true};
  EXPECT_EQ((*prism::write<prism::json, as_null>(std::vector<double>{std::nan(""), 1})), "[null,1.0]");
}

TEST(Json, StringViewsPointIntoTheInput) {
  const std::string text = R"({"a":"hello"})";
  using views = std::map<std::string, std::string_view>;
  const auto m = from_json<views>(text);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->at("a"), "hello");
  EXPECT_EQ(m->at("a").data(), text.data() + 6);
  EXPECT_EQ((from_json<std::string_view>(R"("a\nb")").error().code), prism::errc::type_mismatch);
}

TEST(Json, ReadingReusesTheDestination) {
  Hero h = hero;
  h.weapons.resize(5);
  const auto* first_weapon = h.weapons.data();
  ASSERT_TRUE(prism::read<prism::json>(h, to_json(hero)));
  EXPECT_EQ(h, hero);
  EXPECT_EQ(h.weapons.data(), first_weapon);
}

TEST(Json, GenericValue) {
  const std::string text = R"({"a":[1,-2,18446744073709551615,2.5,"s",true,null,{}],"b":{"c":"d"}})";
  const auto v = from_json<prism::json::value>(text);
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(v->size(), 2u);
  EXPECT_EQ(*(*v)["a"][0].as_int(), 1);
  EXPECT_EQ(*(*v)["a"][1].as_int(), -2);
  EXPECT_EQ(*(*v)["a"][2].as_uint(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(*(*v)["a"][3].as_double(), 2.5);
  EXPECT_EQ(*(*v)["b"]["c"].as_string(), "d");
  EXPECT_TRUE((*v)["missing"][3].is_null());
  EXPECT_EQ(to_json(*v), R"({"a":[1,-2,18446744073709551615,2.5,"s",true,null,{}],"b":{"c":"d"}})");
}

// RFC 8259: documents every reader must accept, and documents it must reject.
TEST(Json, Rfc8259Acceptance) {
  const char* accepted[] = {
      "0", "-0", "1", "-1", "0.5", "1e5", "1E5", "1e+5", "1e-5", "-1.25e-3", "123456789", "\"\"", "\"a\"",
      "true", "false", "null", "[]", "{}", " [ 1 , 2 ] ", "\t\r\n{ \"a\" : [ ] }\n", "[[[]]]",
      "{\"a\":{\"b\":{}}}", "\"\\u0000\"", "\"\\/\"", "[1,\"a\",null,true,{\"x\":[]}]", "\"\xe2\x82\xac\"",
      "\"\xf0\x9f\x98\x80\"", "{\"a\":1,\"a\":2}",
  };
  for (const char* doc : accepted) {
    const auto v = from_json<prism::json::value>(doc);
    EXPECT_TRUE(v) << doc << ": " << v.error().message();
  }
  const char* rejected[] = {
      "", " ", "01", "-01", "00", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "-Infinity",
      "[1,]", "[,1]", "[1 2]", "{\"a\":1,}", "{,}", "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}", "['a']",
      "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD800\\u0041\"", "\"a\nb\"", "\"\t\"",
      "\"\xff\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "tru", "nul", "falsey", "[1]]",
      "{}{}", "[", "{", "{\"a\"", "{\"a\":", "1 2", "[1,2", "True", "[\"a\",]",
  };
  for (const char* doc : rejected) {
    EXPECT_FALSE(from_json<prism::json::value>(doc)) << "accepted: " << doc;
  }
}

TEST(Json, TruncationAtEveryByteIsAnError) {
  const std::string text = to_json(hero);
  for (std::size_t n = 0; n < text.size(); ++n) {
    const auto r = from_json<Hero>(std::string_view(text).substr(0, n));
    ASSERT_FALSE(r) << n;
    EXPECT_LE(r.error().offset, n);
  }
  const std::string doc = R"({"a":[1,2.5e3,"x\u00e9",true,null,{"b":{}}]})";
  for (std::size_t n = 0; n < doc.size(); ++n) {
    ASSERT_FALSE(from_json<prism::json::value>(std::string_view(doc).substr(0, n))) << n;
  }
}

TEST(Json, ErrorsCarryOffsetLineColumnAndPath) {
  const auto r = from_json<Hero>("{\"name\":\"A\",\n\"weapons\":[{\"name\":\"x\",\"damage\":1},\n  {\"name\":\"y\",\"damage\":\"big\"}]}");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(r.error().path, "weapons[1].damage");
  EXPECT_EQ(r.error().line, 3u);
  EXPECT_EQ(r.error().column, 24u);
  EXPECT_EQ(r.error().message(),
            "json: type mismatch at byte 72 (line 3, column 24), field weapons[1].damage: expected an integer, found a string");
  EXPECT_EQ(from_json<Hero>(R"({"name":"A"} x)").error().code, prism::errc::trailing_bytes);
}


// A literal cut by the end of the input is unexpected_end where the input ends; one that
// differs is a syntax error at its first byte: read into a bool, skipped, and in prism::value.
TEST(Json, LiteralsCutOrMisspeltAreTheirOwnErrors) {
  const auto cut = from_json<std::vector<bool>>("[true,fals");
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(cut.error().offset, 10u);
  EXPECT_EQ(cut.error().path, "[1]");
  const auto wrong = from_json<std::vector<bool>>("[true,flase]");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, prism::errc::syntax_error);
  EXPECT_EQ(wrong.error().offset, 6u);
  const auto skipped = from_json<Hero>(R"({"name":"A","unknown":nul)");
  ASSERT_FALSE(skipped);
  EXPECT_EQ(skipped.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(skipped.error().offset, 25u);
  const auto dynamic = from_json<prism::json::value>("[nulx]");
  ASSERT_FALSE(dynamic);
  EXPECT_EQ(dynamic.error().code, prism::errc::syntax_error);
  EXPECT_EQ(dynamic.error().offset, 1u);
}
TEST(Json, DeepNestingHitsTheDepthLimit) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const auto v = from_json<prism::json::value>(deep);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, prism::errc::too_deep);
  const auto n = from_json<std::vector<std::vector<int>>>(deep);
  ASSERT_FALSE(n);
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"children\":[";
  const auto t = from_json<Nested>(objects);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().code, prism::errc::too_deep);
}

TEST(Json, VectorOfBool) {
  const std::vector<bool> bits{true, false, true};
  EXPECT_EQ(to_json(bits), "[true,false,true]");
  std::vector<bool> reused{false, false, false, false, false};
  ASSERT_TRUE(prism::read<prism::json>(reused, std::string("[true,false,true]")));
  EXPECT_EQ(reused, bits);
}

TEST(Json, BlobsAreBase64) {
  std::vector<std::byte> blob;
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(*from_json<std::vector<std::byte>>(to_json(blob)), blob);
    blob.push_back(std::byte(i * 37));
  }
  EXPECT_EQ(to_json(std::vector<std::byte>{std::byte('M'), std::byte('a')}), "\"TWE=\"");
  EXPECT_FALSE(from_json<std::vector<std::byte>>("\"TWE\""));
  EXPECT_FALSE(from_json<std::vector<std::byte>>("\"TW!=\""));
  EXPECT_FALSE(from_json<std::vector<std::byte>>("\"TWF=\""));  // non-zero padding bits
}

TEST(Json, TimePointsAreRfc3339) {
  using namespace std::chrono;
  const sys_time<milliseconds> t{milliseconds{1700000000123}};
  EXPECT_EQ(to_json(t), "\"2023-11-14T22:13:20.123Z\"");
  EXPECT_EQ(*from_json<sys_time<milliseconds>>("\"2023-11-14T23:13:20.123+01:00\""), t);
  EXPECT_EQ(to_json(sys_seconds{seconds{0}}), "\"1970-01-01T00:00:00Z\"");
  EXPECT_FALSE(from_json<sys_seconds>("\"2023-02-30T00:00:00Z\""));
  EXPECT_FALSE(from_json<sys_seconds>("\"2023-01-01 00:00:00\""));
}

template <class T>
void expect_fixed_buffers_never_overrun(const T& value) {
  const std::string full = to_json(value);
  for (std::size_t n = 0; n <= full.size(); ++n) {
    std::vector<char> out(n + 16, '#');
    auto r = prism::write<prism::json>(value, std::span(out.data(), n));
    if (n < full.size()) {
      ASSERT_FALSE(r) << n;
      EXPECT_EQ(r.error().code, prism::errc::buffer_overflow);
    } else {
      ASSERT_TRUE(r) << n;
      EXPECT_EQ(std::string(out.data(), *r), full);
    }
    for (std::size_t i = n; i < out.size(); ++i) ASSERT_EQ(out[i], '#') << n;
  }
}

TEST(Json, FixedBufferIsNeverOverrun) {
  expect_fixed_buffers_never_overrun(hero);
  // Numbers are reserved for together with the key or comma before them.
  expect_fixed_buffers_never_overrun(std::vector<double>{-65.613616999999977, 1e300, 0.5, -0.0, 5e-324});
  expect_fixed_buffers_never_overrun(std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(), 0, 205705999, 1372701600000});
  expect_fixed_buffers_never_overrun(Circle{-1.7976931348623157e308});
  // Booleans too, with their keys, as eight-byte copies of which four or five bytes count.
  const Switches switches{true, {false, true, true}, false, false};
  EXPECT_EQ(to_json(switches), R"({"on":true,"flags":[false,true,true],"off":false,"maybe":false})");
  expect_fixed_buffers_never_overrun(switches);
  expect_fixed_buffers_never_overrun(Switches{false, {}, true, true});
}

// The first field's key carries the object's brace, empty arrays are written whole: structs
// that start with a number, a string, an array or another struct, empty or not, at every depth.
TEST(Json, WritesObjectsAndEmptyArraysAtEveryPlace) {
  const std::vector<Category> value{{{{205705999, {}}, {7, {1, 2}}}, {0.5}}, {{}, {-1.0}}};
  EXPECT_EQ(to_json(value),
            R"([{"areas":[{"areaId":205705999,"blockIds":[]},{"areaId":7,"blockIds":[1,2]}],"first":{"r":0.5}},)"
            R"({"areas":[],"first":{"r":-1.0}}])");
  EXPECT_EQ(to_json(std::vector<Weapon>{}), "[]");
  EXPECT_EQ(to_json(std::vector<std::vector<int>>{{}, {}, {3}}), "[[],[],[3]]");
  constexpr prism::json_options pretty{.pretty = true, .indent = 1};
  EXPECT_EQ((to_json<Area, pretty>(Area{1, {}})), "{\n \"areaId\": 1,\n \"blockIds\": []\n}");
  expect_fixed_buffers_never_overrun(value);
  // A field that cannot be written fails at the place of its value, after its key.
  const auto bad = prism::write<prism::json>(std::vector<Circle>{{1.0}, {std::numeric_limits<double>::quiet_NaN()}});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().offset, 16u);  // after [{"r":1.0},{"r":
}

TEST(Json, NonFiniteFieldsAndElementsAreAnErrorOrNull) {
  constexpr prism::json_options as_null{.nan_inf_as_null = true};
  const auto field = prism::write<prism::json>(Circle{std::numeric_limits<double>::infinity()});
  ASSERT_FALSE(field);
  EXPECT_EQ(field.error().code, prism::errc::invalid_value);
  EXPECT_EQ(field.error().offset, 5u);
  EXPECT_EQ((*prism::write<prism::json, as_null>(Circle{std::nan("")})), R"({"r":null})");
  const auto element = prism::write<prism::json>(std::vector<float>{1, -std::numeric_limits<float>::infinity()});
  ASSERT_FALSE(element);
  EXPECT_EQ(element.error().offset, 5u);
  EXPECT_EQ((*prism::write<prism::json, as_null>(std::vector<float>{1, std::nanf(""), 2})), "[1.0,null,2.0]");
}

// Arrays of numbers are written eight elements to a reservation: every length around the
// batches, with non-finite elements at every place, equals the elements written one by one.
TEST(Json, NumberArraysOfEveryLengthWithNonFiniteElements) {
  constexpr prism::json_options as_null{.nan_inf_as_null = true};
  std::mt19937_64 rng(24);
  for (std::size_t n = 0; n <= 26; ++n) {
    for (std::size_t bad = 0; bad <= n; ++bad) {  // bad == n: all finite
      std::vector<double> doubles(n);
      std::vector<std::int64_t> integers(n);
      for (std::size_t i = 0; i < n; ++i) {
        doubles[i] = std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(rng() % 80) - 60) * (rng() % 2 ? 1 : -1);
        integers[i] = static_cast<std::int64_t>(rng()) >> (rng() % 64);
      }
      if (bad < n) doubles[bad] = bad % 2 ? std::numeric_limits<double>::infinity() : std::nan("");
      std::string expected = "[", expected_integers = "[";
      for (std::size_t i = 0; i < n; ++i) {
        expected += (i ? "," : "") + (i == bad ? std::string("null") : *prism::write<prism::json>(doubles[i]));
        expected_integers += (i ? "," : "") + *prism::write<prism::json>(integers[i]);
      }
      ASSERT_EQ((*prism::write<prism::json, as_null>(doubles)), expected + "]") << n << " " << bad;
      ASSERT_EQ(*prism::write<prism::json>(integers), expected_integers + "]");
      // Containers without random access count their batches by walking.
      ASSERT_EQ((*prism::write<prism::json, as_null>(std::list<double>(doubles.begin(), doubles.end()))), expected + "]");
      ASSERT_EQ(*prism::write<prism::json>(std::deque<std::int64_t>(integers.begin(), integers.end())), expected_integers + "]");
      const auto strict = prism::write<prism::json>(doubles);
      ASSERT_EQ(static_cast<bool>(strict), bad == n);
      if (bad < n) {
        EXPECT_EQ(strict.error().offset, expected.find("null")) << n << " " << bad;
      }
      if (n == 12) expect_fixed_buffers_never_overrun(integers);
    }
  }
  EXPECT_EQ(to_json(std::array<double, 2>{-65.613616999999977, 43.420273000000009}), "[-65.61361699999998,43.42027300000001]");
}

// Rows of numbers (coordinate pairs and the like) are batched the same way.
TEST(Json, NumberRowsOfEveryLengthWithNonFiniteElements) {
  constexpr prism::json_options as_null{.nan_inf_as_null = true};
  std::mt19937_64 rng(25);
  for (std::size_t n = 0; n <= 19; ++n) {
    for (std::size_t bad = 0; bad <= 2 * n; ++bad) {  // bad == 2n: all finite
      std::vector<std::array<double, 2>> pairs(n);
      std::vector<std::array<std::int32_t, 3>> triples(n);
      for (std::size_t i = 0; i < n; ++i) {
        for (double& x : pairs[i]) x = static_cast<double>(static_cast<std::int64_t>(rng() % 3600000000000000ull) - 1800000000000000ll) * 1e-13;
        for (std::int32_t& x : triples[i]) x = static_cast<std::int32_t>(rng());
      }
      if (bad < 2 * n) pairs[bad / 2][bad % 2] = std::numeric_limits<double>::quiet_NaN();
      std::string expected = "[", expected_triples = "[";
      for (std::size_t i = 0; i < n; ++i) {
        expected += i ? ",[" : "[";
        for (std::size_t j = 0; j < 2; ++j) {
          expected += (j ? "," : "") + (2 * i + j == bad ? std::string("null") : *prism::write<prism::json>(pairs[i][j]));
        }
        expected += "]";
        expected_triples += (i ? "," : "") + *prism::write<prism::json>(std::vector<std::int32_t>(triples[i].begin(), triples[i].end()));
      }
      ASSERT_EQ((*prism::write<prism::json, as_null>(pairs)), expected + "]") << n << " " << bad;
      ASSERT_EQ(*prism::write<prism::json>(triples), expected_triples + "]");
      const auto strict = prism::write<prism::json>(pairs);
      ASSERT_EQ(static_cast<bool>(strict), bad == 2 * n);
      if (bad < 2 * n) {
        EXPECT_EQ(strict.error().offset, expected.find("null")) << n << " " << bad;
      }
      if (n == 9 && bad == 2 * n) expect_fixed_buffers_never_overrun(pairs);
    }
  }
}

// Integers are read up to eight digits at a time: every length, followed by every kind of
// byte that may end a number, reads as std::from_chars reads it; beyond the type's range, or
// with a leading zero, it is an error.
TEST(Json, IntegersOfEveryLengthAndEnding) {
  std::mt19937_64 rng(7);
  for (std::size_t length = 1; length <= 20; ++length) {
    for (int round = 0; round < 20; ++round) {
      std::string digits(length, '0');
      digits[0] = static_cast<char>('1' + rng() % 9);
      for (std::size_t k = 1; k < length; ++k) digits[k] = static_cast<char>('0' + rng() % 10);
      for (const std::string sign : {"", "-"}) {
        const std::string number = sign + digits;
        std::int64_t expected{};
        const auto parsed = std::from_chars(number.data(), number.data() + number.size(), expected);
        const bool fits = parsed.ec == std::errc{};
        for (const std::string& text : {"[" + number + "]", "[" + number + "," + number + "]", "[" + number + " ]",
                                        "[ " + number + "\n,1]", number}) {
          auto got = prism::read<prism::json, std::vector<std::int64_t>>(text.front() == '[' ? text : "[" + text + "]");
          ASSERT_EQ(static_cast<bool>(got), fits) << text;
          if (fits) {
            EXPECT_EQ(got->front(), expected) << text;
          }
        }
        auto alone = prism::read<prism::json, std::int64_t>(number);
        ASSERT_EQ(static_cast<bool>(alone), fits) << number;
        if (fits) {
          EXPECT_EQ(*alone, expected);
        } else {
          EXPECT_EQ(alone.error().code, prism::errc::out_of_range) << number;
        }
      }
    }
  }
  using u64 = std::uint64_t;
  using i64 = std::int64_t;
  EXPECT_EQ((*prism::read<prism::json, u64>(std::string("18446744073709551615"))), 18446744073709551615ull);
  EXPECT_FALSE((prism::read<prism::json, u64>(std::string("18446744073709551616"))));
  EXPECT_EQ((*prism::read<prism::json, i64>(std::string("-9223372036854775808"))), std::numeric_limits<i64>::min());
  EXPECT_FALSE((prism::read<prism::json, i64>(std::string("012345678"))));
  EXPECT_FALSE((prism::read<prism::json, i64>(std::string("12345678x"))));
  EXPECT_FALSE((prism::read<prism::json, int>(std::string("123456789.5"))));
  EXPECT_EQ((*prism::read<prism::json, double>(std::string("123456789.5"))), 123456789.5);
}

// A string literal is read without its terminating '\0'; arrays of unsigned char are bytes.
TEST(Json, StringLiteralsAreReadWithoutTheirTerminator) {
  const auto number = prism::read<prism::json, int>("42");
  ASSERT_TRUE(number) << number.error().message();
  EXPECT_EQ(*number, 42);
  int reused = 0;
  EXPECT_TRUE(prism::read<prism::json>(reused, "7"));
  EXPECT_EQ(reused, 7);
  EXPECT_EQ(prism::view<prism::json>("{\"a\": 5}")["a"].as<int>().value_or(0), 5);
  const unsigned char bytes[] = {'4', '2', 0};
  const auto with_zero = prism::read<prism::json, int>(bytes);
  ASSERT_FALSE(with_zero);
  EXPECT_EQ(with_zero.error().code, prism::errc::trailing_bytes);
}

// Whitespace is skipped 16 bytes at a time, with a shortcut for a newline and spaces: every
// mix and length of the four whitespace bytes around values reads the same; other control
// bytes between tokens are refused.
// Up to 40 bytes of whitespace: half of the time a newline and mostly spaces (indentation), else
// any mix of the four; with `may_be_empty`, a third of the gaps are empty.
static std::string whitespace_gap(std::mt19937& rng, bool may_be_empty = false) {
  static constexpr char spaces[] = {' ', '\n', '\r', '\t'};
  std::string g;
  if (may_be_empty && rng() % 3 == 0) return g;
  const std::size_t n = rng() % 40;
  const bool indentation = rng() % 2 == 0;
  if (indentation) g += '\n';
  for (std::size_t k = 0; k < n; ++k) g += indentation && rng() % 8 != 0 ? ' ' : spaces[rng() % 4];
  return g;
}

TEST(Json, WhitespaceOfEveryLengthAndMix) {
  std::mt19937 rng(11);
  for (int round = 0; round < 400; ++round) {
    const auto gap = [&] { return whitespace_gap(rng); };
    const std::string text = gap() + "{" + gap() + "\"a\"" + gap() + ":" + gap() + "[" + gap() + "1" + gap() + "," + gap() +
                             "22" + gap() + "]" + gap() + "}" + gap();
    const auto value = prism::read<prism::json, std::map<std::string, std::vector<int>>>(text);
    ASSERT_TRUE(value) << testing::PrintToString(text) << value.error().message();
    EXPECT_EQ(value->at("a"), (std::vector<int>{1, 22}));
    std::string broken = text;
    broken.insert(broken.find('1'), std::string(1 + rng() % 20, ' ') + '\x0b');
    EXPECT_FALSE((prism::read<prism::json, std::map<std::string, std::vector<int>>>(broken))) << testing::PrintToString(broken);
  }
}

// A struct's members with whitespace of every length and mix around keys, colons and commas,
// in declaration order (the in-order pass) and not: each reads the same, and each truncation
// of it is unexpected_end within the bytes given.
TEST(Json, StructMembersWithWhitespaceOfEveryLengthAndMix) {
  std::mt19937 rng(12);
  for (int round = 0; round < 300; ++round) {
    const auto gap = [&] { return whitespace_gap(rng, true); };
    const std::string name = gap() + "\"name\"" + gap() + ":" + gap() + "\"axe\"" + gap();
    const std::string damage = gap() + "\"damage\"" + gap() + ":" + gap() + "-7" + gap();
    const bool in_order = round % 2 == 0;
    const std::string text = "{" + (in_order ? name + "," + damage : damage + "," + name) + "}";
    const auto weapon = from_json<Weapon>(text);
    ASSERT_TRUE(weapon) << testing::PrintToString(text) << weapon.error().message();
    EXPECT_EQ(*weapon, (Weapon{"axe", -7})) << testing::PrintToString(text);
    for (std::size_t n = 0; n < text.size(); ++n) {
      const auto cut = from_json<Weapon>(std::string_view(text).substr(0, n));
      ASSERT_FALSE(cut) << testing::PrintToString(text.substr(0, n));
      EXPECT_EQ(cut.error().code, prism::errc::unexpected_end) << testing::PrintToString(text.substr(0, n));
      EXPECT_LE(cut.error().offset, n);
    }
  }
}

// Numbers with 40 bytes after them take the inline path (no end checks), with one byte after
// them the checked one: both read every number alike, valid or not, into every type.
template <class T>
void expect_same_with_bytes_after(const std::string& number) {
  const auto alone = prism::read<prism::json, T>(number + " ");
  const auto padded = prism::read<prism::json, T>(number + std::string(48, ' '));
  const auto in_array = prism::read<prism::json, std::vector<T>>("[" + number + "," + number + "]" + std::string(40, ' '));
  ASSERT_EQ(static_cast<bool>(alone), static_cast<bool>(padded)) << number;
  ASSERT_EQ(static_cast<bool>(alone), static_cast<bool>(in_array)) << number;
  if (alone) {
    ASSERT_EQ(std::memcmp(&*alone, &*padded, sizeof(T)), 0) << number;
    ASSERT_EQ(std::memcmp(&*alone, &in_array->back(), sizeof(T)), 0) << number;
  } else {
    EXPECT_EQ(alone.error().code, padded.error().code) << number;
    EXPECT_EQ(alone.error().offset, padded.error().offset) << number;
    EXPECT_EQ(in_array.error().offset, alone.error().offset + 1) << number;
  }
}

TEST(Json, NumbersReadTheSameWithAndWithoutBytesAfterThem) {
  std::mt19937_64 rng(21);
  const auto digits = [&](std::size_t n, bool leading_nonzero) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>((i == 0 && leading_nonzero ? '1' : '0') + rng() % (i == 0 && leading_nonzero ? 9 : 10));
    return s;
  };
  std::vector<std::string> numbers = {"0", "-0", "0.0", "01", "-01", "1.", "1.e5", "-", "1e", "1e+", "--1", ".5", "1.5x", "1e5.5",
                                      "1E-2", "2e00001", "2e000001", "1e400", "1e-400", "-0.000000000000000000000000001",
                                      "18446744073709551615", "18446744073709551616", "-9223372036854775808",
                                      "9007199254740993", "123456789.5", "0.1000000000000000055511151231257827021181583404541015625"};
  for (std::size_t whole = 1; whole <= 22; ++whole) {
    for (std::size_t fraction = 0; fraction <= 22; fraction += 1 + rng() % 3) {
      for (int round = 0; round < 4; ++round) {
        std::string n = (rng() % 2 ? "-" : "") + (whole == 1 && rng() % 3 == 0 ? std::string("0") : digits(whole, true));
        if (fraction) n += "." + digits(fraction, false);
        if (rng() % 3 == 0) n += std::string(rng() % 2 ? "e" : "E") + (rng() % 2 ? "-" : (rng() % 2 ? "+" : "")) + digits(1 + rng() % 6, false);
        numbers.push_back(n);
      }
    }
  }
  for (const std::string& n : numbers) {
    expect_same_with_bytes_after<double>(n);
    expect_same_with_bytes_after<float>(n);
    expect_same_with_bytes_after<std::int64_t>(n);
    expect_same_with_bytes_after<std::uint64_t>(n);
    expect_same_with_bytes_after<std::int16_t>(n);
    const auto d = prism::read<prism::json, double>(n + std::string(48, ' '));
    if (d && n.size() < 60) {
      EXPECT_EQ(*d, std::strtod(n.c_str(), nullptr)) << n;
    }
  }
}
