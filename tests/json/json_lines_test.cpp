// JSON Lines: values read one line at a time from a stream (blank lines skipped, CRLF taken),
// errors with the line they are on, and written one per line.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace json_lines_types {
struct event {
  int id = 0;
  std::string kind;
  std::vector<double> values;
  bool operator==(const event&) const = default;
};
}  // namespace json_lines_types
using json_lines_types::event;

TEST(JsonLines, ReadsOneValuePerLine) {
  std::istringstream in(
      "{\"id\":1,\"kind\":\"a\",\"values\":[1.5]}\n"
      "\n"
      "{\"id\":2,\"kind\":\"b\",\"values\":[]}\r\n"
      "   \n"
      "{\"id\":3,\"kind\":\"c\",\"values\":[2,3]}");
  prism::json_lines<event> lines(in);
  std::vector<event> got;
  event e;
  while (lines.next(e)) got.push_back(e);
  EXPECT_TRUE(lines.status()) << lines.status().error().message();
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[1], (event{2, "b", {}}));
  EXPECT_EQ(got[2], (event{3, "c", {2, 3}}));
  EXPECT_EQ(lines.line(), 5u);
}

TEST(JsonLines, AnErrorNamesItsLine) {
  const std::string text = "{\"id\":1,\"kind\":\"a\",\"values\":[]}\n{\"id\":1,\"kind\":\"a\",\"values\":[]}\n{\"id\":\"x\"}\n{\"id\":4}\n";
  std::istringstream in(text);
  prism::json_lines<event> lines(in);
  event e;
  int read = 0;
  while (lines.next(e)) ++read;
  EXPECT_EQ(read, 2);
  ASSERT_FALSE(lines.status());
  const prism::error& err = lines.status().error();
  EXPECT_EQ(err.code, prism::errc::type_mismatch);
  EXPECT_EQ(err.line, 3u);
  EXPECT_EQ(err.path, "id");
  EXPECT_EQ(text.substr(err.offset, 3), "\"x\"") << err.message();
  EXPECT_FALSE(lines.next(e));  // stays stopped
}

TEST(JsonLines, WrittenOnePerLineAndReadBack) {
  const std::vector<event> events{{1, "a", {0.25}}, {2, "line\nbreak", {}}, {3, "", {1e300}}};
  std::ostringstream out;
  ASSERT_TRUE(prism::write_json_lines(events, out));
  const std::string text = out.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);  // the string's newline is escaped
  std::istringstream in(text);
  prism::json_lines<event> lines(in);
  std::vector<event> back;
  event e;
  while (lines.next(e)) back.push_back(e);
  EXPECT_TRUE(lines.status());
  EXPECT_EQ(back, events);
}
