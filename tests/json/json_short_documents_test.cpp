// A document of up to format_reader<json>::short_document bytes is read from a copy with spaces
// after it, so that the quick paths, which read past the value they take, cover all of it. It
// must read exactly as the input itself does: the same values, or the same error (code, byte,
// line, column, field). The reference is a read through a std::istream, which takes the text
// whole through a copy of its own and never the short path: seeded random messages, each cut at
// every length, and damaged at random places.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace json_short_documents_types {

enum class mood { calm, busy, away };

struct message {
  std::int64_t id = 0;
  std::string name;
  double score = 0;
  bool active = false;
  std::vector<int> tags;
  std::optional<std::string> note;
  std::map<std::string, std::uint16_t> counts;
  std::array<float, 2> at{};
  mood state = mood::calm;
  std::vector<double> samples;
  friend bool operator==(const message&, const message&) = default;
};

struct names {
  std::string first, last;
};

}  // namespace json_short_documents_types

namespace {

using json_short_documents_types::message;

message random_message(std::mt19937_64& rng) {
  message m;
  m.id = static_cast<std::int64_t>(rng()) >> (rng() % 64);
  m.name = std::string(rng() % 24, static_cast<char>('a' + rng() % 26));
  if (rng() % 3 == 0) m.name += "\xc3\xa9\\\"";  // an escape and a two-byte letter
  m.score = std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
  m.active = rng() % 2 == 0;
  for (std::size_t i = rng() % 6; i > 0; --i) m.tags.push_back(static_cast<int>(rng() % 2000) - 1000);
  if (rng() % 2 == 0) m.note = std::string(rng() % 12, 'n');
  for (std::size_t i = rng() % 3; i > 0; --i) m.counts[std::string(1 + rng() % 4, 'k')] = static_cast<std::uint16_t>(rng());
  m.at = {static_cast<float>(rng() % 1000) / 8, -static_cast<float>(rng() % 100)};
  m.state = static_cast<json_short_documents_types::mood>(rng() % 3);
  for (std::size_t i = rng() % 4; i > 0; --i) m.samples.push_back(static_cast<double>(rng() % 100000) / 1000);
  return m;
}

// Reads `text` both ways into copies of `start` and compares what came of it.
void expect_same_read(const std::string& text, const message& start) {
  message direct = start, through_stream = start;
  const prism::status a = prism::read<prism::json>(direct, text);
  std::istringstream in(text);
  const prism::status b = prism::read<prism::json>(through_stream, in);
  ASSERT_EQ(static_cast<bool>(a), static_cast<bool>(b)) << text;
  if (a) {
    EXPECT_EQ(direct, through_stream) << text;
    return;
  }
  EXPECT_EQ(a.error().code, b.error().code) << text;
  EXPECT_EQ(a.error().offset, b.error().offset) << text;
  EXPECT_EQ(a.error().line, b.error().line) << text;
  EXPECT_EQ(a.error().column, b.error().column) << text;
  EXPECT_EQ(a.error().path, b.error().path) << text;
  EXPECT_EQ(a.error().expected, b.error().expected) << text;
}

TEST(JsonShortDocuments, ReadAsTheInputDoes) {
  std::mt19937_64 rng(20261130);
  for (int k = 0; k < 60; ++k) {
    const message m = random_message(rng);
    const std::string text = k % 2 == 0 ? *prism::write<prism::json>(m) : *prism::write<prism::json, prism::json_options{.pretty = true}>(m);
    ASSERT_LE(text.size(), 512u);
    message back;
    ASSERT_TRUE(prism::read<prism::json>(back, text)) << text;
    EXPECT_EQ(back, m);
    expect_same_read(text, message{});
    expect_same_read(text, m);  // into a value that holds it already
  }
}

TEST(JsonShortDocuments, CutOrDamagedFailAsTheInputDoes) {
  std::mt19937_64 rng(7);
  static const char damage[] = "{}[],:\"\\0123456789.eE+- \ntfnu\x01\xff";
  for (int k = 0; k < 12; ++k) {
    const message m = random_message(rng);
    const std::string text = *prism::write<prism::json>(m);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) expect_same_read(text.substr(0, cut), m);
    for (int d = 0; d < 200; ++d) {
      std::string damaged = text;
      damaged[rng() % damaged.size()] = damage[rng() % (sizeof damage - 1)];
      expect_same_read(damaged, message{});
    }
    expect_same_read(text + " x", message{});  // bytes after the document
    expect_same_read(text + " \n\t ", message{});
  }
}

TEST(JsonShortDocuments, EitherSideOfTheShortSize) {
  message m;
  m.id = 42;
  for (std::size_t length = 480; length <= 540; ++length) {
    m.name.clear();
    const std::size_t bare = prism::write<prism::json>(m)->size();
    m.name.assign(length - bare, 'x');
    const std::string text = *prism::write<prism::json>(m);
    ASSERT_EQ(text.size(), length);
    expect_same_read(text, message{});
    expect_same_read(text.substr(0, length - 2), message{});
  }
}

// read_prefix gives the bytes the value and the whitespace after it took, not the copy's spaces.
TEST(JsonShortDocuments, PrefixTakesOnlyTheInput) {
  const std::string one = R"({"id":1,"tags":[1,2,3]})";
  for (const std::string& after : {std::string(), std::string("  "), std::string(" \n{\"id\":2}")}) {
    message m;
    const auto consumed = prism::read_prefix<prism::json>(m, one + after);
    ASSERT_TRUE(consumed);
    const std::size_t spaces = after.find_first_not_of(" \n");
    EXPECT_EQ(*consumed, one.size() + (spaces == std::string::npos ? after.size() : spaces));
    EXPECT_EQ(m.tags, (std::vector<int>{1, 2, 3}));
  }
}

// The allocation budget holds on the short path too, with the error where the input's own read
// puts it, for a fresh value (the copy's read sizes its strings before it fails).
TEST(JsonShortDocuments, AllocationLimitAsTheInputDoes) {
  using json_short_documents_types::names;
  const std::string text = *prism::write<prism::json>(names{std::string(40, 'a'), std::string(30, 'b')});
  names fresh;
  const prism::status st = prism::read<prism::json>(fresh, text, prism::limits{.max_alloc_bytes = 50});
  ASSERT_FALSE(st);
  names other;
  std::istringstream in(text);
  const prism::status reference = prism::read<prism::json>(other, in, prism::limits{.max_alloc_bytes = 50});
  ASSERT_FALSE(reference);
  EXPECT_EQ(st.error().code, prism::errc::allocation_limit);
  EXPECT_EQ(st.error().offset, reference.error().offset);
  EXPECT_EQ(st.error().path, reference.error().path);
  EXPECT_EQ(st.error().column, reference.error().column);
}

// A vector that runs out of budget fails where the input's own read of a fresh value fails,
// not further on: the copy's read leaves the vector with capacity that a second read would
// fill uncharged.
template <class T>
void expect_same_allocation_error(const std::string& text, std::size_t budget) {
  T fresh;
  const prism::status st = prism::read<prism::json>(fresh, text, prism::limits{.max_alloc_bytes = budget});
  T other;
  std::istringstream in(text);
  const prism::status reference = prism::read<prism::json>(other, in, prism::limits{.max_alloc_bytes = budget});
  ASSERT_EQ(static_cast<bool>(st), static_cast<bool>(reference)) << budget << " " << text;
  if (st) return;
  EXPECT_EQ(st.error().code, reference.error().code) << budget;
  EXPECT_EQ(st.error().offset, reference.error().offset) << budget << " " << text;
  EXPECT_EQ(st.error().path, reference.error().path) << budget;
  EXPECT_EQ(st.error().column, reference.error().column) << budget;
}

TEST(JsonShortDocuments, AllocationLimitOfGrowingVectorsAsTheInputDoes) {
  std::string doubles = "[", integers = "[", words = "[";
  for (int i = 0; i < 24; ++i) {
    doubles += (i ? ", " : "") + std::to_string(i) + ".5";
    integers += (i ? "," : "") + std::to_string(i * 37);
    words += (i ? "," : "") + std::string("\"") + std::string(1 + i % 5, 'w') + "\"";
  }
  doubles += "]";
  integers += "]";
  words += "]";
  for (const std::size_t budget : {0u, 8u, 40u, 64u, 100u, 150u, 1000u}) {
    expect_same_allocation_error<std::vector<double>>(doubles, budget);
    expect_same_allocation_error<std::vector<std::int64_t>>(integers, budget);
    expect_same_allocation_error<std::vector<std::string>>(words, budget);
  }
  // The case this guards: the copy's read fails at the sixth double (40 bytes charged).
  std::vector<double> v;
  const prism::status st = prism::read<prism::json>(v, doubles, prism::limits{.max_alloc_bytes = 40});
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::allocation_limit);
  EXPECT_LT(st.error().offset, doubles.find("6.5"));
}

}  // namespace
