// zbin typed arrays read into contiguous storage, which decodes the usual header inline: the
// same values, and the same errors at the same bytes, as the general path that a std::deque
// takes, at every count around the varint and alignment steps and at every place in a message.
// And their elements through a view.
#include <gtest/gtest.h>

#include <prism/zbin.hpp>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace zbin_typed_array_test {

template <class E>
struct Shifted {  // `pad` moves the array's header, and so its padding, through every remainder
  std::string pad;
  std::vector<E> values;
};

template <class E>
struct ShiftedAsDeque {
  std::string pad;
  std::deque<E> values;
};

template <class E>
std::vector<E> random_numbers(std::size_t n, std::mt19937_64& rng) {
  std::vector<E> v(n);
  for (auto& e : v) {
    if constexpr (std::is_floating_point_v<E>) e = static_cast<E>(std::uniform_real_distribution<double>(-1e6, 1e6)(rng));
    else e = static_cast<E>(rng());
  }
  return v;
}

template <class E>
const std::vector<E>& numbers_of(const Shifted<E>& v) { return v.values; }
template <class E>
const std::deque<E>& numbers_of(const ShiftedAsDeque<E>& v) { return v.values; }
template <class E>
const std::vector<E>& numbers_of(const std::vector<E>& v) { return v; }
template <class E>
const std::deque<E>& numbers_of(const std::deque<E>& v) { return v; }

// `Fast` holds a std::vector, `General` the same with a std::deque.
template <class Fast, class General>
void expect_same_as_general_path(const std::string& bytes, const std::string& what) {
  Fast fast{};
  General general{};
  const auto a = prism::read<prism::zbin>(fast, bytes);
  const auto b = prism::read<prism::zbin>(general, bytes);
  ASSERT_EQ(static_cast<bool>(a), static_cast<bool>(b)) << what << (a ? b.error().message() : a.error().message());
  if (!a) {
    EXPECT_EQ(a.error().code, b.error().code) << what;
    EXPECT_EQ(a.error().offset, b.error().offset) << what;
    EXPECT_EQ(a.error().path, b.error().path) << what;
  } else {
    const auto& x = numbers_of(fast);
    const auto& y = numbers_of(general);
    EXPECT_TRUE(std::equal(x.begin(), x.end(), y.begin(), y.end())) << what;
  }
}

template <class E>
void check_counts_and_places(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (std::size_t n : {0, 1, 2, 7, 8, 9, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000, 16383, 16384, 16385}) {
    for (std::size_t shift = 0; shift < 9; ++shift) {
      const Shifted<E> value{std::string(shift, 'x'), random_numbers<E>(n, rng)};
      const std::string bytes = prism::write<prism::zbin>(value).value();
      const std::string what = "count " + std::to_string(n) + ", shift " + std::to_string(shift) + ": ";
      Shifted<E> back{};
      ASSERT_TRUE(prism::read<prism::zbin>(back, bytes)) << what;
      EXPECT_EQ(back.values, value.values) << what;
      expect_same_as_general_path<Shifted<E>, ShiftedAsDeque<E>>(bytes, what);
    }
  }
}

TEST(ZbinTypedArray, EveryCountAndPlaceReadsBack) {
  check_counts_and_places<double>(1);
  check_counts_and_places<float>(2);
  check_counts_and_places<std::uint16_t>(3);
  check_counts_and_places<std::int16_t>(4);
  check_counts_and_places<std::int64_t>(5);
  check_counts_and_places<std::uint8_t>(6);
}

// Cut short anywhere, or with any byte of the array's header and first elements changed to
// any value: both paths accept or refuse it alike. At the top level, where no enclosing
// object's size is checked first, and as the last field of an object.
template <class Fast, class General, class E>
void check_damage(const Fast& value, std::size_t n) {
  const std::string bytes = prism::write<prism::zbin>(value).value();
  for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
    expect_same_as_general_path<Fast, General>(bytes.substr(0, cut), "cut at " + std::to_string(cut) + ": ");
  }
  // The array ends the message: its code, dtype, count and padding lie in the 80 bytes before
  // its data.
  const std::size_t data_start = bytes.size() - n * sizeof(E);
  const std::size_t to = std::min(bytes.size(), data_start + 8);
  for (std::size_t at = data_start > 80 ? data_start - 80 : 0; at < to; ++at) {
    for (int byte = 0; byte < 256; byte += 5) {
      std::string bad = bytes;
      bad[at] = static_cast<char>(byte);
      expect_same_as_general_path<Fast, General>(bad, "byte " + std::to_string(at) + " = " + std::to_string(byte) + ": ");
    }
  }
}

template <class E>
void check_damage(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<E> numbers = random_numbers<E>(n, rng);
  check_damage<std::vector<E>, std::deque<E>, E>(numbers, n);
  check_damage<Shifted<E>, ShiftedAsDeque<E>, E>(Shifted<E>{"ab", numbers}, n);
}

TEST(ZbinTypedArray, DamagedArraysFailAsTheGeneralPathDoes) {
  check_damage<std::uint16_t>(200, 7);  // a count of two varint bytes, 64-byte aligned data
  check_damage<double>(5, 8);           // one count byte, data aligned to 8
  check_damage<float>(129, 9);
}

}  // namespace zbin_typed_array_test

namespace zbin_typed_array_test {

// Through a view, an element of a typed array is what its dtype says: float16 elements read as
// doubles, and complex ones are no float (a walk that trusts type() then reads each as it says).
TEST(ZbinTypedArray, ViewElementsReadAsTheirDtypeSays) {
  // Magic and version, then a typed array: code, dtype, count, zero padding to the element size.
  const std::string halves("Z\x01\xd5\x0e\x03\x00"
                           "\x00\x3c\x00\xc1\x01\x00",  // 1, -2.5, 2^-24 (the least subnormal)
                           12);
  ASSERT_TRUE(prism::verify<prism::zbin>(halves)) << prism::verify<prism::zbin>(halves).error().message();
  const std::vector<double> expected{1.0, -2.5, 0x1p-24};
  std::size_t i = 0;
  for (auto e : prism::view<prism::zbin>(halves).elements()) {
    ASSERT_LT(i, expected.size());
    EXPECT_EQ(e.type(), prism::value_type::floating);
    const auto d = e.as<double>();
    ASSERT_TRUE(d) << d.error().message();
    EXPECT_EQ(*d, expected[i++]);
  }
  EXPECT_EQ(i, expected.size());

  const std::string complex_pairs("Z\x01\xd5\x0c\x02\x00\x00\x00"
                                  "\x00\x00\x80\x3f\x00\x00\x80\xbf"  // 1 - i
                                  "\x00\x00\x00\x3f\x00\x00\x00\x40",  // 0.5 + 2i
                                  24);
  ASSERT_TRUE(prism::verify<prism::zbin>(complex_pairs)) << prism::verify<prism::zbin>(complex_pairs).error().message();
  i = 0;
  for (auto e : prism::view<prism::zbin>(complex_pairs).elements()) {
    EXPECT_EQ(e.type(), prism::value_type::other);
    EXPECT_FALSE(e.as<double>());
    ++i;
  }
  EXPECT_EQ(i, 2u);
}

}  // namespace zbin_typed_array_test

namespace zbin_typed_array_test {

// A tensor's extents are judged by the element count they make, on every path alike: with one
// extent 0, another may be anything; an overflowing product, or more elements than the input
// holds, is refused by span and stream reads, views and verify().
TEST(ZbinTypedArray, ExtentsAreJudgedByTheirProductOnEveryPath) {
  const auto tensor_bytes = [](std::uint64_t first, std::uint64_t second) {
    std::string bytes("Z\x01\xd6\x02\x02", 5);  // tensor of int32, rank 2
    for (std::uint64_t e : {first, second}) {
      do {
        bytes += static_cast<char>((e & 0x7f) | (e >= 0x80 ? 0x80 : 0));
        e >>= 7;
      } while (e != 0);
    }
    while (bytes.size() % 4 != 0) bytes += '\0';  // no data: padding to the element size only
    return bytes;
  };
  struct shape_case {
    std::uint64_t first, second;
    bool valid;
  };
  for (const shape_case c : {shape_case{0, 1ull << 40, true}, shape_case{1ull << 40, 0, true}, shape_case{0, ~0ull, true},
                             shape_case{1ull << 33, 1ull << 33, false}, shape_case{1ull << 20, 1ull << 20, false}}) {
    const std::string bytes = tensor_bytes(c.first, c.second);
    const std::string what = std::to_string(c.first) + " x " + std::to_string(c.second);
    prism::tensor<std::int32_t, 2> from_span, from_stream;
    const auto span_read = prism::read<prism::zbin>(from_span, bytes);
    std::istringstream stream(bytes);
    const auto stream_read = prism::read<prism::zbin>(from_stream, stream);
    const auto viewed = prism::view<prism::zbin>(bytes).as_tensor<std::int32_t, 2>();
    const auto verified = prism::verify<prism::zbin>(bytes);
    EXPECT_EQ(static_cast<bool>(span_read), c.valid) << what;
    EXPECT_EQ(static_cast<bool>(stream_read), c.valid) << what;
    EXPECT_EQ(static_cast<bool>(viewed), c.valid) << what;
    EXPECT_EQ(static_cast<bool>(verified), c.valid) << what;
    if (c.valid && span_read && stream_read) {
      EXPECT_EQ(from_span.shape()[0], c.first) << what;
      EXPECT_EQ(from_span.shape()[1], c.second) << what;
      EXPECT_EQ(from_stream.shape()[1], c.second) << what;
      EXPECT_EQ(from_span.size(), 0u) << what;
    }
  }
}

}  // namespace zbin_typed_array_test
