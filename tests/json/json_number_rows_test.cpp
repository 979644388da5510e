// A std::array of numbers (a point, a pixel, a matrix row) takes a loop of its own when its text
// is compact (take_number_row); a std::list takes the element-by-element reader. For every text
// the row must give the same values, or the same error at the same byte and element, or a size
// mismatch exactly when the list has another number of elements: seeded random rows in random
// layouts, at every distance from the end of the input, with one element damaged or missing.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <list>
#include <random>
#include <string>
#include <vector>

#include "support/number_text.hpp"

namespace json_rows_test_types {
struct point {
  std::array<double, 2> at;
  std::array<std::int32_t, 3> rgb;
};
}  // namespace json_rows_test_types

namespace {

template <class E>
std::string random_number(std::mt19937_64& rng) {
  if constexpr (std::is_floating_point_v<E>) {
    switch (rng() % 4) {
      case 0: return testing_support::shortest_random_float<E>(rng);
      case 1: return std::to_string(static_cast<int>(rng() % 400) - 200) + "." + std::to_string(rng() % 1000000000000000ull);
      case 2: return std::to_string(rng() % 1000) + "e" + std::to_string(static_cast<int>(rng() % 60) - 30);
      default: return std::to_string(static_cast<int>(rng() % 2000) - 1000);
    }
  } else {
    E v;
    const std::uint64_t bits = rng() % 3 == 0 ? rng() % 100 : rng();
    std::memcpy(&v, &bits, sizeof v);
    char buffer[32];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
  }
}

std::string row_text(const std::vector<std::string>& numbers, bool compact, std::mt19937_64& rng) {
  static const char* const separators[] = {",", ", ", " ,", ",\n  "};
  static const char* const pads[] = {"", " ", "\n"};
  std::string out = std::string("[") + pads[compact ? 0 : rng() % 3];
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i != 0) out += separators[compact ? 0 : rng() % 4];
    out += numbers[i];
  }
  return out + pads[compact ? 0 : rng() % 3] + "]";
}

template <class E, std::size_t N>
void expect_row_as_list(const std::string& text) {
  std::array<E, N> row{};
  std::list<E> list;
  const auto by_row = prism::read<prism::json>(row, text);
  const auto by_list = prism::read<prism::json>(list, text);
  if (by_list && list.size() == N) {
    ASSERT_TRUE(by_row) << text << ": " << by_row.error().message();
    EXPECT_TRUE(std::equal(row.begin(), row.end(), list.begin())) << text;
    return;
  }
  ASSERT_FALSE(by_row) << text;
  if (by_row.error().code == prism::errc::size_mismatch) {
    // Another number of elements: the list has them, or fails past the row's last one.
    if (!by_list) {
      EXPECT_GE(by_list.error().offset, by_row.error().offset) << text;
    }
    return;
  }
  ASSERT_FALSE(by_list) << text << ": " << by_row.error().message();
  EXPECT_EQ(by_row.error().code, by_list.error().code) << text << ": " << by_row.error().message();
  EXPECT_EQ(by_row.error().offset, by_list.error().offset) << text;
  EXPECT_EQ(by_row.error().path, by_list.error().path) << text;
}

template <class E, std::size_t N>
void random_rows(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  static const char* const damage[] = {"1e400", "1.", ".5", "01", "-", "+1", "1x", "\"1\"", "1e", "", "1 2", "[1]",
                                       "99999999999999999999999", "1.5", "-0", "0"};
  for (int round = 0; round < 400; ++round) {
    std::vector<std::string> numbers(N);
    for (std::string& n : numbers) n = random_number<E>(rng);
    switch (rng() % 4) {  // as written, one element damaged, one missing, one more
      case 0: break;
      case 1: numbers[rng() % N] = damage[rng() % 16]; break;
      case 2: numbers.erase(numbers.begin() + static_cast<std::ptrdiff_t>(rng() % N)); break;
      default: numbers.push_back(random_number<E>(rng)); break;
    }
    const std::string row = row_text(numbers, rng() % 3 != 0, rng);
    // Alone, padded to every distance from the end, and as the last of a document's rows. After
    // 600 spaces too: a document of up to 512 bytes is read from a copy with spaces after it,
    // a longer one's last bytes from the input itself.
    for (std::size_t pad = 0; pad <= 48; pad += 1 + rng() % 6) {
      expect_row_as_list<E, N>(row + std::string(pad, ' '));
      expect_row_as_list<E, N>(std::string(600, ' ') + row + std::string(pad, ' '));
    }
    std::vector<std::array<E, N>> rows;
    std::list<std::list<E>> lists;
    const std::string doc = "[" + row + "," + row + "]";
    const auto by_rows = prism::read<prism::json>(rows, doc);
    const auto by_lists = prism::read<prism::json>(lists, doc);
    if (by_lists && lists.front().size() == N) {
      ASSERT_TRUE(by_rows) << doc;
      EXPECT_TRUE(std::equal(rows[1].begin(), rows[1].end(), lists.back().begin())) << doc;
    } else {
      EXPECT_FALSE(by_rows) << doc;
    }
  }
}

}  // namespace

TEST(JsonNumberRows, AgreeWithTheElementReaderDouble) {
  random_rows<double, 1>(41);
  random_rows<double, 2>(42);
  random_rows<double, 3>(43);
  random_rows<double, 7>(44);
}
TEST(JsonNumberRows, AgreeWithTheElementReaderFloat) { random_rows<float, 2>(45); }
TEST(JsonNumberRows, AgreeWithTheElementReaderIntegers) {
  random_rows<std::int32_t, 2>(46);
  random_rows<std::uint8_t, 4>(47);
  random_rows<std::int64_t, 3>(48);
  random_rows<std::uint64_t, 1>(49);
}

TEST(JsonNumberRows, EmptyAndNestedRows) {
  std::array<double, 0> none{};
  EXPECT_TRUE(prism::read<prism::json>(none, std::string("[]")));
  EXPECT_FALSE(prism::read<prism::json>(none, std::string("[1]")));
  json_rows_test_types::point p{};
  ASSERT_TRUE(prism::read<prism::json>(p, std::string(R"({"at":[-65.613616999999977,43.420273000000009],"rgb":[1,2,3]})")));
  EXPECT_EQ(p.at[0], -65.613616999999977);
  EXPECT_EQ(p.at[1], 43.420273000000009);
  EXPECT_EQ(p.rgb[2], 3);
  const auto extra = prism::read<prism::json>(p, std::string(R"({"at":[1,2],"rgb":[1,2,3,4]})"));
  ASSERT_FALSE(extra);
  EXPECT_EQ(extra.error().code, prism::errc::size_mismatch);
  EXPECT_EQ(extra.error().path, "rgb");
  const auto fraction = prism::read<prism::json>(p, std::string(R"({"at":[1,2],"rgb":[1,2.5,3]})"));
  ASSERT_FALSE(fraction);
  EXPECT_EQ(fraction.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(fraction.error().path, "rgb[1]");
  EXPECT_EQ(fraction.error().offset, 21u);
}
