// JSONC (json_options::jsonc): comments and trailing commas, accepted by every path alike (read
// into a struct and into prism::value, view, verify, transcode), with errors placed in the
// original text; off by default.
#include <gtest/gtest.h>

#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace jsonc_types {
struct settings {
  std::string name;
  std::vector<int> sizes;
  std::map<std::string, bool> flags;
  bool operator==(const settings&) const = default;
};
}  // namespace jsonc_types
using jsonc_types::settings;

namespace {

constexpr prism::json_options jsonc{.jsonc = true};

// JSONC text and the plain JSON it stands for.
struct accepted_case {
  std::string_view jsonc;
  std::string_view plain;
};

const accepted_case accepted[] = {
    {"// settings\n{\"name\": \"x\", /* sizes */ \"sizes\": [1, 2, 3,], \"flags\": {\"a\": true,},} // end",
     R"({"name":"x","sizes":[1,2,3],"flags":{"a":true}})"},
    {"{\"name\" /* key */ : /* value */ \"y\"}", R"({"name":"y"})"},
    {"/* a\nblock\ncomment */ [1, [2,], {},]", "[1,[2],{}]"},
    {"[\"// not a comment\", \"/* nor this */\", \"a\\\"//b\"]", R"(["// not a comment","/* nor this */","a\"//b"])"},
    {"{\"sizes\":[ 1 , 2 // two\n , ] }", R"({"sizes":[1,2]})"},
    {"\"text\"//", R"("text")"},
    {"1/**/", "1"},
    {"[/**/]", "[]"},
    {"[1,/*x*/]", "[1]"},
    {"[1,\n// last\n]", "[1]"},
};

// Not JSONC: each path must refuse them.
const std::string_view refused[] = {
    "[,]", "{,}", "[1,,]", "[1,,2]", "{\"a\":1,,}", "{\"a\":,}", "[1,]]", "/* open", "[1 /* open ]",
    "[1 / 2]", "[1] /", "/", ",", "// only a comment", "[1,] ,", "{\"a\" 1,}",
};

prism::value read_plain(std::string_view text) {
  auto v = prism::read<prism::json, prism::value>(text);
  EXPECT_TRUE(v) << text << ": " << v.error().message();
  return v ? *v : prism::value{};
}

}  // namespace

TEST(Jsonc, EveryPathReadsWhatThePlainTextHolds) {
  for (const auto& c : accepted) {
    SCOPED_TRACE(c.jsonc);
    const prism::value expected = read_plain(c.plain);

    auto value = prism::read<prism::json, prism::value, jsonc>(c.jsonc);
    ASSERT_TRUE(value) << value.error().message();
    EXPECT_EQ(*value, expected);

    EXPECT_TRUE((prism::verify<prism::json, jsonc>(c.jsonc)));
    const auto view = prism::view<prism::json, jsonc>(c.jsonc);
    ASSERT_TRUE(view.valid()) << view.failure()->message();
    auto from_view = view.as<prism::value>();
    ASSERT_TRUE(from_view);
    EXPECT_EQ(*from_view, expected);

    auto packed = prism::transcode<prism::json, prism::msgpack, prism::msgpack::defaults, jsonc>(c.jsonc);
    ASSERT_TRUE(packed) << packed.error().message();
    EXPECT_EQ(*packed, (*prism::transcode<prism::json, prism::msgpack>(c.plain)));

    auto back = prism::transcode<prism::json, prism::json, prism::json::defaults, jsonc>(c.jsonc);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, *prism::write<prism::json>(expected));
  }
}

TEST(Jsonc, EveryPathRefusesWhatIsNotJsonc) {
  for (std::string_view text : refused) {
    SCOPED_TRACE(text);
    EXPECT_FALSE((prism::read<prism::json, prism::value, jsonc>(text)));
    EXPECT_FALSE((prism::read<prism::json, settings, jsonc>(text)));
    EXPECT_FALSE((prism::verify<prism::json, jsonc>(text)));
    EXPECT_FALSE((prism::view<prism::json, jsonc>(text).valid()));
    EXPECT_FALSE((prism::transcode<prism::json, prism::msgpack, prism::msgpack::defaults, jsonc>(text)));
  }
}

TEST(Jsonc, IntoAStructFromABufferAndAStream) {
  const std::string text = R"(// generated
{
  "name": "build", // the target
  "sizes": [8, 16, 32,],
  /* "flags": {"old": true}, */
  "flags": {"lto": true, "pgo": false,},
}
)";
  const settings expected{"build", {8, 16, 32}, {{"lto", true}, {"pgo", false}}};
  auto from_buffer = prism::read<prism::json, settings, jsonc>(text);
  ASSERT_TRUE(from_buffer) << from_buffer.error().message();
  EXPECT_EQ(*from_buffer, expected);

  std::istringstream in(text);
  settings from_stream;
  const auto st = prism::read<prism::json, jsonc>(from_stream, in);
  ASSERT_TRUE(st) << st.error().message();
  EXPECT_EQ(from_stream, expected);
}

TEST(Jsonc, OffByDefaultWithAHint) {
  const std::string_view text = "{\"name\": \"x\" // a comment\n}";
  settings s;
  const auto st = prism::read<prism::json>(s, text);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::syntax_error);
  EXPECT_EQ(st.error().offset, 13u);
  EXPECT_NE(st.error().message().find(".jsonc = true"), std::string::npos) << st.error().message();
  EXPECT_FALSE(prism::read<prism::json>(s, std::string_view("[1,]")));
  EXPECT_FALSE(prism::verify<prism::json>(std::string_view("[1,]")));
}

TEST(Jsonc, ErrorsPointIntoTheOriginalText) {
  // After a block comment of three lines and a line comment, the bad value is on line 5.
  const std::string_view text = "/* one\ntwo\nthree */\n// four\n{\"name\": \"x\", \"sizes\": [1, true]}";
  settings s;
  const auto st = prism::read<prism::json, jsonc>(s, text);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().offset, text.find("true"));
  EXPECT_EQ(st.error().line, 5u);
  EXPECT_EQ(st.error().path, "sizes[1]");

  const auto viewed = prism::verify<prism::json, jsonc>(std::string_view("/* a\n */ [1, 2,, 3]"));
  ASSERT_FALSE(viewed);
  EXPECT_EQ(viewed.error().offset, 15u);
  EXPECT_EQ(viewed.error().line, 2u);

  const std::string_view open = "[1, 2] /* never closed";
  const auto unterminated = prism::read<prism::json, prism::value, jsonc>(open);
  ASSERT_FALSE(unterminated);
  EXPECT_EQ(unterminated.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(unterminated.error().offset, open.find("/*"));
  EXPECT_EQ((prism::verify<prism::json, jsonc>(open).error().offset), open.find("/*"));
}

TEST(Jsonc, ViewsOutliveTheirText) {
  // The view keeps the text without comments: its strings stay valid after the input is gone.
  std::string text = "{\"name\": \"kept\" /* c */}";
  const auto view = prism::view<prism::json, jsonc>(text);
  text.assign(text.size(), 'x');
  auto name = view["name"].as_string_view();
  ASSERT_TRUE(name);
  EXPECT_EQ(*name, "kept");
}

TEST(Jsonc, PlainJsonOfTheSameLengthForOtherReaders) {
  const std::string_view text = "{\"a\": [1, 2,], // note\n\"b\": \"/*\"} /* end */";
  auto plain = prism::jsonc_to_json(text);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->size(), text.size());
  EXPECT_EQ(*plain, "{\"a\": [1, 2 ],        \n\"b\": \"/*\"}          ");
  EXPECT_TRUE(prism::verify<prism::json>(*plain));
  const auto open = prism::jsonc_to_json("{}\n/*");
  ASSERT_FALSE(open);
  EXPECT_EQ(open.error().offset, 3u);
  EXPECT_EQ(open.error().line, 2u);
}
