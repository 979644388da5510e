// JSON strings on write and read: escapes, UTF-8 on both sides, at every place around the
// blocks that the writer and the reader copy and scan at a time.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace json_strings_test_types {
struct Weapon {
  std::string name;
  std::int16_t damage;
};
struct Armory {
  std::string owner;
  std::vector<Weapon> weapons;
};
}  // namespace json_strings_test_types

namespace {

std::string written(const std::string& s) {
  auto out = prism::write<prism::json>(s);
  EXPECT_TRUE(out) << out.error().message();
  return out ? *out : std::string{};
}

std::string written(const json_strings_test_types::Armory& a) {
  auto out = prism::write<prism::json>(a);
  EXPECT_TRUE(out) << out.error().message();
  return out ? *out : std::string{};
}

prism::result<std::string> read_text(std::string_view text) { return prism::read<prism::json, std::string>(text); }

}  // namespace

TEST(Json, StringsEscapeOnlyWhatTheyMust) {
  EXPECT_EQ(written(std::string("plain é ✓ /")), "\"plain é ✓ /\"");
  EXPECT_EQ(written(std::string("q\" b\\ \n\r\t\b\f \x01\x1f")), R"("q\" b\\ \n\r\t\b\f \u0001\u001f")");
  const std::string long_text(1000, 'x');
  EXPECT_EQ(written(long_text), "\"" + long_text + "\"");
  EXPECT_EQ(*read_text(R"("\u00e9\u2713\ud83d\ude00\/\"\\\n")"), "é✓😀/\"\\\n");
  EXPECT_EQ(*read_text(R"("\uD83D\uDE00")"), "😀");
  EXPECT_FALSE(prism::write<prism::json>(std::string("bad \xff")));
}

// Text is checked for UTF-8 as it is copied: a bad sequence at every place of a weapon's name
// (ASCII, two- and three-byte letters, with escapes and without, of every length up to past
// four 16-byte blocks) fails the write at the name's opening quote and names the field, into a
// growing buffer and into a fixed one; the same name without it writes, byte for byte.
TEST(Json, BadUtf8OnWriteNamesTheFieldAtEveryPlace) {
  const std::size_t quote = written(json_strings_test_types::Armory{"x", {{"sword", 2}, {"", 3}}}).find("\"\",");
  for (std::size_t round = 0; round <= 141; ++round) {
    const bool escapes = round <= 70;  // then the same lengths without any escape
    const std::size_t units = escapes ? round : round - 71;
    std::string name;
    std::vector<std::size_t> boundaries{0};
    for (std::size_t k = 0; k < units; ++k) {
      name += k % 4 == 2 ? "\u00e9" : k % 4 == 3 ? (escapes ? "\n" : "\u20ac") : k % 4 == 1 ? "b" : "a";
      boundaries.push_back(name.size());
    }
    const auto good = prism::write<prism::json>(json_strings_test_types::Armory{"x", {{"sword", 2}, {name, 3}}});
    ASSERT_TRUE(good) << round;
    if (!escapes) {
      EXPECT_EQ(good->substr(quote, name.size() + 2), "\"" + name + "\"") << round;
    }
    for (const std::size_t at : boundaries) {
      for (const char* bad : {"\xff", "\xc3(", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
        std::string damaged = name;
        damaged.insert(at, bad);
        const json_strings_test_types::Armory a{"x", {{"sword", 2}, {damaged, 3}}};
        std::string out;
        const auto grown = prism::write<prism::json>(a, out);
        ASSERT_FALSE(grown) << round << " " << at;
        EXPECT_EQ(grown.error().code, prism::errc::invalid_utf8);
        EXPECT_EQ(grown.error().offset, quote) << round << " " << at;
        EXPECT_EQ(grown.error().path, "weapons[1].name");
        std::vector<char> fixed(2 * damaged.size() + 96);  // room for the whole text with its escapes
        const auto into_span = prism::write<prism::json>(a, std::span<char>(fixed));
        ASSERT_FALSE(into_span);
        EXPECT_EQ(into_span.error().code, prism::errc::invalid_utf8);
        EXPECT_EQ(into_span.error().offset, quote);
      }
    }
  }
}

// Strings are scanned 16 and 8 bytes at a time: every byte that must be escaped, at every
// place around those blocks, is written as a naive byte-by-byte escaper writes it and reads back.
TEST(Json, EscapesAtEveryPlaceAroundTheScanBlocks) {
  const auto naive = [](const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '"') out += "\\\"";
      else if (c == '\\') out += "\\\\";
      else if (c == '\n') out += "\\n";
      else if (c == '\t') out += "\\t";
      else if (c == '\r') out += "\\r";
      else if (c == '\b') out += "\\b";
      else if (c == '\f') out += "\\f";
      else if (u < 0x20) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\u%04x", u);
        out += hex;
      } else out += c;
    }
    return out + "\"";
  };
  const std::string specials[] = {"\"", "\\", "\x01", "\x1f", "\n", "\x7f", " ", "\xc3\xa9", "\xe2\x82\xac"};
  for (std::size_t length = 0; length <= 70; ++length) {
    for (std::size_t at = 0; at <= length; ++at) {
      for (const std::string& special : specials) {
        std::string text(length, 'a');
        for (std::size_t k = 0; k < length; ++k) text[k] = static_cast<char>('a' + k % 26);
        text.insert(at, special);
        std::string out;
        ASSERT_TRUE(prism::write<prism::json>(text, out));
        ASSERT_EQ(out, naive(text)) << "length " << length << ", at " << at;
        std::string back;
        ASSERT_TRUE(prism::read<prism::json>(back, out)) << out;
        ASSERT_EQ(back, text);
        // A byte that is not UTF-8 at the same place is refused both ways.
        std::string bad = text;
        bad.insert(at, "\xff");
        EXPECT_FALSE(prism::write<prism::json>(bad, out));
        const auto read_bad = prism::read<prism::json, std::string>("\"" + bad + "\"");
        ASSERT_FALSE(read_bad);
        EXPECT_EQ(read_bad.error().code, prism::errc::invalid_utf8);
      }
    }
  }
  // Two escapes: the run after the first is shorter or longer than a block, the last block
  // of the string overlaps the first escape or not.
  for (std::size_t length = 0; length <= 40; ++length) {
    for (std::size_t first = 0; first <= length; ++first) {
      for (std::size_t second = first; second <= length; ++second) {
        std::string text(length, 'a');
        for (std::size_t k = 0; k < length; ++k) text[k] = static_cast<char>('a' + k % 26);
        text.insert(second, "\n");
        text.insert(first, "\x01");
        std::string out;
        ASSERT_TRUE(prism::write<prism::json>(text, out));
        ASSERT_EQ(out, naive(text)) << "length " << length << ", at " << first << " and " << second;
      }
    }
  }
  std::vector<std::string> strings;
  for (std::size_t length = 14; length <= 36; length += 3) {
    std::string text(length, 'x');
    text[length / 3] = '"';
    text[length - 2] = '\n';
    strings.push_back(text);
  }
  expect_fixed_buffers_never_overrun(strings);
}
