// Arrays of numbers into vectors and deques take a loop of their own (read_number_array); a
// std::list takes the element-by-element reader. Both must give the same values, or the same
// error at the same byte and element, for every text: seeded random arrays in random layouts,
// values at and beyond each type's range, and damaged numbers anywhere in the array.
#include <gtest/gtest.h>

#include <prism/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <limits>
#include <list>
#include <random>
#include <string>
#include <vector>

#include "support/number_text.hpp"

namespace {

template <class E>
std::string text_of(E v) {
  return std::to_string(static_cast<std::conditional_t<std::is_signed_v<E>, long long, unsigned long long>>(v));
}

// The array's text: compact (as writers print it, and as integer_run.hpp's blocks take it) or
// with a separator and padding drawn for each element.
template <class E>
std::string layout(const std::vector<std::string>& numbers, std::mt19937_64& rng) {
  static const char* const separators[] = {",", ",", ",", ", ", ",\n    ", " , ", ",\t"};
  static const char* const pads[] = {"", "", " ", "\n  "};
  const bool compact = rng() % 2;
  std::string out = std::string("[") + pads[compact ? 0 : rng() % 4];
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i != 0) out += separators[compact ? 0 : rng() % 7];
    out += numbers[i];
  }
  return out + pads[rng() % 4] + "]";
}

// Reads `text` into a vector (pre-filled with `held` elements), a deque and a list, and checks
// that they agree with each other.
template <class E>
void expect_same_verdict(const std::string& text, std::size_t held, const prism::limits& lim = {}) {
  std::vector<E> vec(held, E{7});
  std::deque<E> deq(held, E{7});
  std::list<E> lst;
  const auto by_vector = prism::read<prism::json>(vec, text, lim);
  const auto by_deque = prism::read<prism::json>(deq, text, lim);
  const auto by_list = prism::read<prism::json>(lst, text, lim);
  ASSERT_EQ(static_cast<bool>(by_vector), static_cast<bool>(by_list)) << text.substr(0, 200);
  ASSERT_EQ(static_cast<bool>(by_deque), static_cast<bool>(by_list));
  if (by_list) {
    EXPECT_EQ(std::vector<E>(lst.begin(), lst.end()), vec);
    EXPECT_EQ(std::vector<E>(deq.begin(), deq.end()), vec);
  } else {
    EXPECT_EQ(by_vector.error().code, by_list.error().code) << by_list.error().message();
    EXPECT_EQ(by_vector.error().offset, by_list.error().offset) << by_list.error().message();
    EXPECT_EQ(by_vector.error().path, by_list.error().path) << by_list.error().message();
    EXPECT_EQ(by_deque.error().offset, by_list.error().offset);
  }
}

// `long_values`: nearly all drawn from the full range, so that the elements of wide types take
// nine bytes or more (ids, hashes), the arrays integer_run.hpp takes in blocks at fixed places.
template <class E>
void random_arrays(std::uint64_t seed, bool long_values = false) {
  std::mt19937_64 rng(seed);
  using wide = std::conditional_t<std::is_signed_v<E>, long long, unsigned long long>;
  const wide lo = std::numeric_limits<E>::min(), hi = std::numeric_limits<E>::max();
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = rng() % 300;
    std::vector<E> values(n);
    std::vector<std::string> numbers(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t kind = long_values && rng() % 16 != 0 ? 1 : rng() % 4;
      switch (kind) {  // small, full range, the ends of the range, powers of ten
        case 0: values[i] = static_cast<E>(rng() % 200); break;
        case 1: values[i] = static_cast<E>(std::uniform_int_distribution<wide>(lo, hi)(rng)); break;
        case 2: values[i] = rng() % 2 ? std::numeric_limits<E>::max() : std::numeric_limits<E>::min(); break;
        default: {
          wide p = 1;
          for (unsigned k = rng() % 20; k > 0 && p <= hi / 10; --k) p *= 10;
          values[i] = static_cast<E>(p);
        }
      }
      numbers[i] = text_of(values[i]);
    }
    const std::string text = layout<E>(numbers, rng);
    std::vector<E> got;
    const auto st = prism::read<prism::json>(got, text);
    ASSERT_TRUE(st) << st.error().message() << " in " << text.substr(0, 200);
    EXPECT_EQ(got, values);
    expect_same_verdict<E>(text, rng() % (n + 2));

    // One element damaged: beyond the range, a fraction, an exponent, a leading zero, a sign
    // where none may be, or not a number.
    if (n == 0) continue;
    // Six, eight and ten digits: beyond the narrow types, within the wide ones.
    static const char* const damage[] = {"99999999999999999999999", "1.5", "2e3", "007", "-", "+1", "1x", "\"1\"", "-0", "0",
                                         "18446744073709551616", "-9223372036854775809", "1 2", "[1]", "", "1,", "--1", "1-2", "-01", "00",
                                         "123456", "99999999", "1234567890"};
    const std::string damaged = damage[rng() % std::size(damage)];
    E parsed{};
    const bool long_but_fits = damaged.size() >= 6 && damaged.size() <= 10 &&
                               std::from_chars(damaged.data(), damaged.data() + damaged.size(), parsed).ec == std::errc{};
    const std::size_t at = rng() % n;
    numbers[at] = damaged;
    const std::string bad = layout<E>(numbers, rng);
    expect_same_verdict<E>(bad, rng() % (n + 2));
    // Only "0", "-0" and the long values within E's range are E's: the rest fail, at that element.
    std::vector<E> into;
    const auto verdict = prism::read<prism::json>(into, bad);
    ASSERT_EQ(static_cast<bool>(verdict), damaged == "0" || damaged == "-0" || long_but_fits) << damaged << " in " << bad.substr(0, 200);
    if (!verdict && damaged != "1 2" && damaged != "1," && damaged != "1x" && damaged != "1-2") {  // those fail between elements
      EXPECT_EQ(verdict.error().path, "[" + std::to_string(at) + "]") << damaged << ": " << verdict.error().message();
    }
  }
}

// Floating-point arrays: shortest texts, fixed and scientific forms, long mantissas (which the
// loop leaves to the general reader), then one element damaged or out of range.
template <class E>
void random_floating_arrays(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = rng() % 300;
    std::vector<std::string> numbers(n);
    for (std::string& text : numbers) {
      switch (rng() % 4) {
        case 0: text = testing_support::shortest_random_float<E>(rng); break;
        case 1: text = std::to_string(static_cast<int>(rng() % 20000) - 10000) + "." + std::to_string(rng() % 1000); break;
        case 2: text = std::to_string(rng() % 1000) + "e" + std::to_string(static_cast<int>(rng() % 60) - 30); break;
        default: text = "0." + std::string(1 + rng() % 30, '3'); break;  // up to 31 digits
      }
    }
    const std::string text = layout<E>(numbers, rng);
    std::vector<E> got;
    const auto st = prism::read<prism::json>(got, text);
    ASSERT_TRUE(st) << st.error().message() << " in " << text.substr(0, 200);
    ASSERT_EQ(got.size(), n);
    expect_same_verdict<E>(text, rng() % (n + 2));

    if (n == 0) continue;
    static const char* const damage[] = {"1e400", "-1e400", "1e-400", "1.", ".5", "01.5", "-", "+1", "1x", "\"1\"", "1e", "NaN", "1 2", "[1]", "", "1,", "3.4028236e38"};
    numbers[rng() % n] = damage[rng() % 17];
    expect_same_verdict<E>(layout<E>(numbers, rng), rng() % (n + 2));
  }
}

}  // namespace

TEST(JsonIntegerArrays, AgreeWithTheElementReaderUint16) { random_arrays<std::uint16_t>(1); }
TEST(JsonIntegerArrays, AgreeWithTheElementReaderInt16) { random_arrays<std::int16_t>(2); }
TEST(JsonIntegerArrays, AgreeWithTheElementReaderUint32) { random_arrays<std::uint32_t>(3); }
TEST(JsonIntegerArrays, AgreeWithTheElementReaderInt32) { random_arrays<std::int32_t>(4); }
TEST(JsonIntegerArrays, AgreeWithTheElementReaderUint64) { random_arrays<std::uint64_t>(5); }
TEST(JsonIntegerArrays, AgreeWithTheElementReaderInt64) { random_arrays<std::int64_t>(6); }
TEST(JsonIntegerArrays, LongValuesAgreeWithTheElementReader) {
  random_arrays<std::uint32_t>(11, true);
  random_arrays<std::uint64_t>(12, true);
  random_arrays<std::int64_t>(13, true);
}
TEST(JsonIntegerArrays, AgreeWithTheElementReaderBytes) {
  random_arrays<std::uint8_t>(7);
  random_arrays<std::int8_t>(8);
}

TEST(JsonIntegerArrays, LimitsHoldAsForEveryArray) {
  std::string text = "[";
  for (int i = 0; i < 500; ++i) text += (i ? "," : "") + std::to_string(i * 1000);
  text += "]";
  expect_same_verdict<std::uint32_t>(text, 0, prism::limits{.max_elements = 100});
  expect_same_verdict<std::uint32_t>(text, 0, prism::limits{.max_alloc_bytes = 256});
  std::vector<std::uint32_t> v;
  const auto st = prism::read<prism::json>(v, text, prism::limits{.max_elements = 100});
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::too_many_elements);
  const auto alloc = prism::read<prism::json>(v, text, prism::limits{.max_alloc_bytes = 256});
  ASSERT_FALSE(alloc);
  EXPECT_EQ(alloc.error().code, prism::errc::allocation_limit);
}

// A vector read again keeps its memory: arrays shorter or longer than its elements, compact or
// spaced, fit its capacity with no new allocation (none is charged) and leave exactly their
// elements; the spare ones the reader makes while it fills the vector are gone afterwards.
TEST(JsonIntegerArrays, ReusedCapacityTakesArraysOfAnyLength) {
  std::mt19937_64 rng(21);
  for (const bool spaced : {false, true}) {
    std::vector<std::uint32_t> v(3, 7);
    v.reserve(20000);
    const std::uint32_t* const memory = v.data();
    for (const std::size_t n : {0u, 1u, 3u, 40u, 700u, 15000u, 2u}) {
      std::vector<std::uint32_t> expected(n);
      std::string text = "[";
      for (std::size_t i = 0; i < n; ++i) {
        expected[i] = static_cast<std::uint32_t>(rng() % (i % 2 ? 100 : 4000000000u));
        text += (i ? (spaced ? ", " : ",") : "") + std::to_string(expected[i]);
      }
      text += "]";
      const auto st = prism::read<prism::json>(v, text, prism::limits{.max_alloc_bytes = 64});
      ASSERT_TRUE(st) << n << ": " << st.error().message();
      EXPECT_EQ(v, expected) << n;
      EXPECT_EQ(v.data(), memory) << n;
      EXPECT_EQ(v.capacity(), 20000u) << n;
    }
  }
}

TEST(JsonFloatingArrays, GrowingVectorsKeepEveryValue) {
  std::mt19937_64 rng(22);
  for (const std::size_t n : {1u, 16u, 17u, 33u, 1000u, 4097u}) {
    std::vector<double> expected(n);
    std::string text = "[";
    for (std::size_t i = 0; i < n; ++i) {
      expected[i] = static_cast<double>(static_cast<int>(rng() % 2000000) - 1000000) / 64;
      char digits[32];
      const auto end = std::to_chars(digits, digits + sizeof digits, expected[i]).ptr;
      text += (i ? "," : "") + std::string(digits, end);
    }
    text += "]";
    std::vector<double> v;
    ASSERT_TRUE(prism::read<prism::json>(v, text)) << n;
    EXPECT_EQ(v, expected) << n;
    EXPECT_LE(v.capacity(), 2 * n + 16) << n;  // grown as push_back grows it, not to the input's size
  }
}

TEST(JsonIntegerArrays, TwentyDigitsAtTheEdgeOfUint64) {
  std::string text = "[";
  for (int i = 0; i < 20; ++i) text += "18446744073709551615,";
  text += "18446744073709551615]";
  std::vector<std::uint64_t> v;
  ASSERT_TRUE(prism::read<prism::json>(v, text));
  EXPECT_EQ(v, std::vector<std::uint64_t>(21, std::numeric_limits<std::uint64_t>::max()));
  text.replace(text.find("15,") + 1, 1, "6");  // the first value one past the maximum
  const auto st = prism::read<prism::json>(v, text);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::out_of_range);
  EXPECT_EQ(st.error().offset, 1u);
  EXPECT_EQ(st.error().path, "[0]");
}

TEST(JsonFloatingArrays, AgreeWithTheElementReaderFloat) { random_floating_arrays<float>(9); }
TEST(JsonFloatingArrays, AgreeWithTheElementReaderDouble) { random_floating_arrays<double>(10); }

// An integer among the input's last 40 bytes has readers of its own (the block scanners read
// ahead), a lone digit in an array's loop by a path of its own. Every such text gets the verdict
// that the same text followed by 64 spaces gets (value, or error code and byte), and the value
// of std::from_chars.
template <class E>
void short_documents(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  using wide = std::conditional_t<std::is_signed_v<E>, long long, unsigned long long>;
  std::vector<std::string> texts = {"0", "-0", "7", "-7", "01", "-01", "00", "-", "--1", "+1", "1.5", "1e2", "1E2", "9.",
                                    "1x", "12345678901234567890", "99999999999999999999", "123456789012345678901", ""};
  for (const wide edge : {wide(std::numeric_limits<E>::min()), wide(std::numeric_limits<E>::max())}) {
    texts.push_back(text_of(edge));
    texts.push_back(text_of(edge) + "0");  // one digit more: out of range
  }
  for (int i = 0; i < 300; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 20);
    std::string t = rng() % 3 == 0 ? "-" : "";
    for (int d = 0; d < digits; ++d) t += static_cast<char>('0' + (d == 0 && digits > 1 ? 1 + rng() % 9 : rng() % 10));
    texts.push_back(t);
  }
  for (const std::string& number : texts) {
    for (const std::string& text : {number, "[" + number + "]", "[3, " + number + ",4]", "{\"a\":" + number + "}"}) {
      const bool in_struct = text[0] == '{';
      const auto read = [&](const std::string& s, E& out) {
        if (in_struct) {
          struct holder { E a{}; } h;
          auto st = prism::read<prism::json>(h, s);
          out = h.a;
          return st;
        }
        std::vector<E> v;
        auto st = text[0] == '[' ? prism::read<prism::json>(v, s) : prism::read<prism::json>(out, s);
        if (st && !v.empty()) out = v[v.size() == 1 ? 0 : 1];
        return st;
      };
      // Both texts after 600 spaces: a document of up to 512 bytes is read from a padded copy,
      // and the input's own last bytes are what this test is about.
      const std::string lead(600, ' ');
      E short_value{}, padded_value{};
      const auto short_read = read(lead + text, short_value);
      const auto padded_read = read(lead + text + std::string(64, ' '), padded_value);
      ASSERT_EQ(static_cast<bool>(short_read), static_cast<bool>(padded_read)) << text;
      if (!short_read) {  // a text cut off in a number ("-", "9.") is another error once padded
        if (short_read.error().code == prism::errc::unexpected_end) continue;
        EXPECT_EQ(short_read.error().code, padded_read.error().code) << text << ": " << short_read.error().message();
        EXPECT_EQ(short_read.error().offset, padded_read.error().offset) << text;
        continue;
      }
      EXPECT_EQ(short_value, padded_value) << text;
      if (number.empty()) continue;  // "[]"
      E expected{};
      const std::string digits = number == "-0" ? "0" : number;  // from_chars takes no sign for unsigned types
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), expected);
      ASSERT_TRUE(ec == std::errc{} && end == digits.data() + digits.size()) << number << " read as " << +short_value;
      EXPECT_EQ(short_value, expected) << text;
    }
  }
}

TEST(JsonIntegers, ShortDocumentsAsPaddedOnes) {
  short_documents<std::uint8_t>(31);
  short_documents<std::int8_t>(32);
  short_documents<std::uint16_t>(33);
  short_documents<std::int16_t>(34);
  short_documents<std::uint32_t>(35);
  short_documents<std::int32_t>(36);
  short_documents<std::uint64_t>(37);
  short_documents<std::int64_t>(38);
}
