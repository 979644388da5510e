#include <gtest/gtest.h>

#include <prism/msgpack.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <list>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "support/types.hpp"

using namespace testing_types;

namespace msgpack_test_types {
using bytes = std::vector<std::uint8_t>;
template <prism::options O = prism::msgpack::defaults, class T>
bytes bytes_of(const T& v) {
  bytes out;
  EXPECT_TRUE((prism::write<prism::msgpack, O>(v, out)));
  return out;
}
constexpr prism::options as_arrays{.structs_as_arrays = true};
}  // namespace msgpack_test_types
using namespace msgpack_test_types;

// Vectors from the MessagePack specification.
TEST(MsgPack, IntegersUseTheSmallestEncoding) {
  EXPECT_EQ(bytes_of(0), (bytes{0x00}));
  EXPECT_EQ(bytes_of(127), (bytes{0x7f}));
  EXPECT_EQ(bytes_of(128), (bytes{0xcc, 0x80}));
  EXPECT_EQ(bytes_of(256), (bytes{0xcd, 0x01, 0x00}));
  EXPECT_EQ(bytes_of(65536), (bytes{0xce, 0x00, 0x01, 0x00, 0x00}));
  EXPECT_EQ(bytes_of(std::uint64_t{1} << 32), (bytes{0xcf, 0, 0, 0, 1, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_of(-1), (bytes{0xff}));
  EXPECT_EQ(bytes_of(-32), (bytes{0xe0}));
  EXPECT_EQ(bytes_of(-33), (bytes{0xd0, 0xdf}));
  EXPECT_EQ(bytes_of(-129), (bytes{0xd1, 0xff, 0x7f}));
  EXPECT_EQ(bytes_of(-32769), (bytes{0xd2, 0xff, 0xff, 0x7f, 0xff}));
  EXPECT_EQ(bytes_of(std::numeric_limits<std::int64_t>::min()), (bytes{0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(MsgPack, FloatsAndNilAndBool) {
  EXPECT_EQ(bytes_of(1.5), (bytes{0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_of(1.5f), (bytes{0xca, 0x3f, 0xc0, 0, 0}));
  EXPECT_EQ(bytes_of(2.0), (bytes{0x02}));  // integral: as an integer, like msgpack-cxx
  EXPECT_EQ(bytes_of(-0.0), (bytes{0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0}));
  // The integers' range ends: 2^63 and -2^63 are integers, 2^64 and the double below -2^63 stay floats.
  EXPECT_EQ(bytes_of(9223372036854775808.0), (bytes{0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_of(-9223372036854775808.0), (bytes{0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_of(18446744073709551616.0), (bytes{0xcb, 0x43, 0xf0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_of(18446744073709551616.0f), (bytes{0xca, 0x5f, 0x80, 0, 0}));
  EXPECT_EQ(bytes_of(-9223372036854777856.0), (bytes{0xcb, 0xc3, 0xe0, 0, 0, 0, 0, 0, 1}));
  constexpr prism::options exact{.format = prism::msgpack_options{.compact_floats = false}};
  EXPECT_EQ(bytes_of<exact>(2.0f), (bytes{0xca, 0x40, 0, 0, 0}));
  EXPECT_EQ(bytes_of(std::optional<int>{}), (bytes{0xc0}));
  EXPECT_EQ(bytes_of(true), (bytes{0xc3}));
  EXPECT_EQ(bytes_of(false), (bytes{0xc2}));
}

// Contiguous floats and doubles are written a group at a time when no value of the group is
// integral: the bytes must be those of the same values written one at a time, which a std::list
// (not contiguous) is, with integral, special and fractional values at every place of a group.
template <class F, prism::options O>
void expect_range_as_each_value(std::mt19937_64& rng) {
  constexpr F inf = std::numeric_limits<F>::infinity();
  const F specials[] = {F(0), F(-0.0), F(1), F(-1), F(2147483648.0), F(-2147483648.0), F(2147483520.0), F(4294967296.0),
                        F(9223372036854775808.0), F(-9223372036854775808.0), F(18446744073709551616.0), inf, -inf,
                        std::numeric_limits<F>::quiet_NaN(), std::numeric_limits<F>::denorm_min(), F(0.5), F(1e30),
                        F(-1e30), std::numeric_limits<F>::max(), std::numeric_limits<F>::lowest(),
                        std::nextafter(F(18446744073709551616.0), F(0)), -std::nextafter(F(18446744073709551616.0), F(0))};
  std::uniform_real_distribution<F> fractional(F(-1000), F(1000));
  // Magnitudes over the whole range: nearly all past 2^64, so never integers, in groups of their own.
  std::uniform_real_distribution<F> whole_range(F(0), std::numeric_limits<F>::max());
  for (int round = 0; round < 400; ++round) {
    std::vector<F> v(rng() % 24);
    const bool wide = round % 4 == 3;
    for (F& e : v) {
      switch (rng() % 6) {
        case 0: e = specials[rng() % std::size(specials)]; break;
        case 1: e = static_cast<F>(static_cast<std::int32_t>(rng() % 200001) - 100000); break;
        case 2: e = wide ? -whole_range(rng) : fractional(rng); break;
        default: e = wide ? whole_range(rng) : fractional(rng);
      }
    }
    const bytes written = bytes_of<O>(v);
    ASSERT_EQ(written, bytes_of<O>(std::list<F>(v.begin(), v.end()))) << round;
    // Read back, a vector (a leaf at a time at the cursor) as a list (every encoding's reader).
    std::vector<F> back;
    std::list<F> back_list;
    ASSERT_TRUE(prism::read<prism::msgpack>(back, written)) << round;
    ASSERT_TRUE(prism::read<prism::msgpack>(back_list, written)) << round;
    ASSERT_EQ(back.size(), v.size());
    auto from_list = back_list.begin();
    using raw = std::array<unsigned char, sizeof(F)>;
    for (std::size_t k = 0; k < v.size(); ++k, ++from_list) {
      EXPECT_EQ(std::bit_cast<raw>(back[k]), std::bit_cast<raw>(*from_list)) << round << " " << k;
      if (!std::isnan(v[k])) {
        EXPECT_EQ(back[k], v[k]) << round << " " << k;
      }
    }
  }
}

TEST(MsgPack, FloatRangesAsEachValueAlone) {
  std::mt19937_64 rng(20261129);
  constexpr prism::options exact{.format = prism::msgpack_options{.compact_floats = false}};
  expect_range_as_each_value<float, prism::msgpack::defaults>(rng);
  expect_range_as_each_value<double, prism::msgpack::defaults>(rng);
  expect_range_as_each_value<float, exact>(rng);
  expect_range_as_each_value<double, exact>(rng);
  // One integral value among fractional ones: written as the integer wherever it stands.
  for (std::size_t at = 0; at < 9; ++at) {
    std::vector<float> v(9, 0.25f);
    v[at] = 3.0f;
    const bytes b = bytes_of(v);
    ASSERT_EQ(b.size(), 1 + 8 * 5 + 1u) << at;
    EXPECT_EQ(b[1 + 5 * at], 0x03) << at;
  }
}

TEST(MsgPack, StringsBinariesArraysMaps) {
  EXPECT_EQ(bytes_of(std::string("a")), (bytes{0xa1, 'a'}));
  EXPECT_EQ(bytes_of(std::string(31, 'x'))[0], 0xbf);
  EXPECT_EQ(bytes_of(std::string(32, 'x'))[0], 0xd9);
  EXPECT_EQ(bytes_of(std::string(256, 'x'))[0], 0xda);
  EXPECT_EQ(bytes_of(std::string(65536, 'x'))[0], 0xdb);
  EXPECT_EQ(bytes_of(std::vector<std::byte>{std::byte{7}}), (bytes{0xc4, 1, 7}));
  EXPECT_EQ(bytes_of(std::vector<std::byte>(256))[0], 0xc5);
  EXPECT_EQ(bytes_of(std::vector<int>{1, 2}), (bytes{0x92, 1, 2}));
  EXPECT_EQ(bytes_of(std::vector<int>(16))[0], 0xdc);
  EXPECT_EQ(bytes_of(std::map<std::string, int>{{"a", 1}}), (bytes{0x81, 0xa1, 'a', 1}));
  std::map<int, int> big;
  for (int i = 0; i < 16; ++i) big[i] = i;
  EXPECT_EQ(bytes_of(big)[0], 0xde);
}

TEST(MsgPack, StructsAsMapsOrArrays) {
  EXPECT_EQ(bytes_of(Leaf{"x", 5}), (bytes{0x82, 0xa5, 'l', 'a', 'b', 'e', 'l', 0xa1, 'x', 0xa6, 'w', 'e', 'i', 'g', 'h', 't', 5}));
  EXPECT_EQ(bytes_of<as_arrays>(Leaf{"x", 5}), (bytes{0x92, 0xa1, 'x', 5}));
  auto back = prism::read<prism::msgpack, Leaf, as_arrays>(bytes_of<as_arrays>(Leaf{"y", -9}));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, (Leaf{"y", -9}));
}

// A struct written as an array of every field is read at the cursor; any other array (fewer or
// more items, a longer head) the general way. Both give the same values, errors and limits.
TEST(MsgPack, StructsAsArraysReadAtTheCursorAsTheGeneralWayDoes) {
  const auto read_leaf = [](const bytes& in, const prism::limits& lim = {}) { return prism::read<prism::msgpack, Leaf>(in, lim); };
  const bytes usual{0x92, 0xa1, 'y', 0xf7};              // fixarray of both fields
  const bytes long_head{0xdc, 0x00, 0x02, 0xa1, 'y', 0xf7};  // array16 of both: the general way
  for (const bytes& in : {usual, long_head}) {
    const auto leaf = read_leaf(in);
    ASSERT_TRUE(leaf) << leaf.error().message();
    EXPECT_EQ(*leaf, (Leaf{"y", -9}));
  }
  const auto fewer = read_leaf(bytes{0x91, 0xa1, 'z'});  // the rest keep their values
  ASSERT_TRUE(fewer);
  EXPECT_EQ(*fewer, (Leaf{"z", 0}));
  const auto more = read_leaf(bytes{0x93, 0xa1, 'z', 4, 0x92, 1, 2});  // items past the fields skipped
  ASSERT_TRUE(more);
  EXPECT_EQ(*more, (Leaf{"z", 4}));
  // The same error at the same place after either head.
  for (const std::size_t head : {std::size_t{1}, std::size_t{3}}) {
    bytes bad = head == 1 ? usual : long_head;
    bad[head + 1] = 0xff;  // the label's byte, not UTF-8
    const auto e = read_leaf(bad);
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().code, prism::errc::invalid_utf8);
    EXPECT_EQ(e.error().offset, head + 1);
    EXPECT_EQ(e.error().path, "label");
    bad = head == 1 ? usual : long_head;
    bad.back() = 0xc3;  // weight: true
    const auto mismatch = read_leaf(bad);
    ASSERT_FALSE(mismatch);
    EXPECT_EQ(mismatch.error().code, prism::errc::type_mismatch);
    EXPECT_EQ(mismatch.error().path, "weight");
    const auto elements = read_leaf(head == 1 ? usual : long_head, prism::limits{.max_elements = 1});
    ASSERT_FALSE(elements);
    EXPECT_EQ(elements.error().code, prism::errc::too_many_elements);
    const auto depth = read_leaf(head == 1 ? usual : long_head, prism::limits{.max_depth = 0});
    ASSERT_FALSE(depth);
    EXPECT_EQ(depth.error().code, prism::errc::too_deep);
  }
  // Nested: a tree written as arrays reads back whole.
  Node tree{"root", {{"a", {}}, {"b", {{"c", {}}}}}};
  const auto back = prism::read<prism::msgpack, Node>(bytes_of<as_arrays>(tree));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, tree);
}

TEST(MsgPack, KeysInAnyOrderUnknownKeysSkipped) {
  // {"weight": 3, "extra": [1, {"a": nil}], "label": "z"}
  const bytes in{0x83, 0xa6, 'w', 'e', 'i', 'g', 'h', 't', 3, 0xa5, 'e', 'x', 't', 'r', 'a', 0x92, 1, 0x81, 0xa1, 'a', 0xc0,
                 0xa5, 'l', 'a', 'b', 'e', 'l', 0xa1, 'z'};
  auto leaf = prism::read<prism::msgpack, Leaf>(in);
  ASSERT_TRUE(leaf) << leaf.error().message();
  EXPECT_EQ(*leaf, (Leaf{"z", 3}));
  constexpr prism::options strict{.error_on_unknown_keys = true};
  auto refused = prism::read<prism::msgpack, Leaf, strict>(in);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, prism::errc::unknown_key);
  EXPECT_EQ(refused.error().offset, 9u);
}

// A struct under a map16 or map32 head (other writers' choice) reads as under a fixmap, alone
// and as elements, and its errors name the same field at the byte that is wrong.
TEST(MsgPack, StructsUnderLongerMapHeads) {
  const bytes entries{0xa5, 'l', 'a', 'b', 'e', 'l', 0xa1, 'x', 0xa6, 'w', 'e', 'i', 'g', 'h', 't', 5};
  for (const bytes& head : {bytes{0x82}, bytes{0xde, 0, 2}, bytes{0xdf, 0, 0, 0, 2}}) {
    bytes one = head;
    one.insert(one.end(), entries.begin(), entries.end());
    auto leaf = prism::read<prism::msgpack, Leaf>(one);
    ASSERT_TRUE(leaf) << leaf.error().message();
    EXPECT_EQ(*leaf, (Leaf{"x", 5}));

    bytes two{0x92};
    for (int i = 0; i < 2; ++i) two.insert(two.end(), one.begin(), one.end());
    auto leaves = prism::read<prism::msgpack, std::vector<Leaf>>(two);
    ASSERT_TRUE(leaves) << leaves.error().message();
    EXPECT_EQ(*leaves, (std::vector<Leaf>{{"x", 5}, {"x", 5}}));

    bytes damaged = two;
    damaged.back() = 0xa1;  // the second weight as a string of one byte, cut off
    auto refused = prism::read<prism::msgpack, std::vector<Leaf>>(damaged);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().path, "[1].weight");
    EXPECT_EQ(refused.error().offset, damaged.size() - 1);
  }
  // A missing field is reported at the struct's head.
  constexpr prism::options strict{.error_on_missing_keys = true};
  for (const bytes& head : {bytes{0x81}, bytes{0xde, 0, 1}, bytes{0xdf, 0, 0, 0, 1}}) {
    bytes one = head;
    one.insert(one.end(), entries.begin(), entries.begin() + 8);  // "label": "x" only
    bytes two{0x92, 0x82};  // a whole struct, then the one with a field missing
    two.insert(two.end(), entries.begin(), entries.end());
    const std::size_t second = two.size();
    two.insert(two.end(), one.begin(), one.end());
    auto refused = prism::read<prism::msgpack, std::vector<Leaf>, strict>(two);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, prism::errc::missing_key);
    EXPECT_EQ(refused.error().offset, second) << refused.error().message();
  }
}

TEST(MsgPack, MissingKeysOnOption) {
  const bytes in{0x81, 0xa5, 'l', 'a', 'b', 'e', 'l', 0xa1, 'z'};
  EXPECT_TRUE((prism::read<prism::msgpack, Leaf>(in)));
  constexpr prism::options strict{.error_on_missing_keys = true};
  auto r = prism::read<prism::msgpack, Leaf, strict>(in);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::missing_key);
  EXPECT_EQ(r.error().found, "no weight");
}

TEST(MsgPack, EnumsAsNumbersOrNames) {
  EXPECT_EQ(bytes_of(Kind::beta), (bytes{1}));
  constexpr prism::options names{.enums_as_strings = true};
  EXPECT_EQ(bytes_of<names>(Kind::beta), (bytes{0xa4, 'b', 'e', 't', 'a'}));
  EXPECT_EQ((prism::read<prism::msgpack, Kind>(bytes{0xa5, 'g', 'a', 'm', 'm', 'a'}).value()), Kind::gamma);
}

TEST(MsgPack, TimestampsUseTheSmallestExtension) {
  using std::chrono::seconds, std::chrono::nanoseconds;
  using testing_types::time_point;
  EXPECT_EQ(bytes_of(time_point(seconds(1))), (bytes{0xd6, 0xff, 0, 0, 0, 1}));
  EXPECT_EQ(bytes_of(time_point(seconds(1) + nanoseconds(1))), (bytes{0xd7, 0xff, 0, 0, 0, 4, 0, 0, 0, 1}));
  EXPECT_EQ(bytes_of(time_point(nanoseconds(-1))),
            (bytes{0xc7, 12, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
  for (auto ns : {0ll, 1ll, -1ll, 999999999ll, 1ll << 40, -(1ll << 40)}) {
    const time_point t{nanoseconds(ns)};
    EXPECT_EQ((prism::read<prism::msgpack, time_point>(bytes_of(t)).value()), t) << ns;
  }
}

// The 96-bit timestamp reaches far beyond the +-292 years of nanosecond time points: each time
// point reads what its own period and range hold, floored to its period.
TEST(MsgPack, TimestampsBeyondNanosecondRangeReadIntoCoarserTimePoints) {
  using namespace std::chrono;
  const sys_seconds far_future{seconds(std::int64_t{1} << 40)};  // about year 36812
  const sys_seconds far_past{seconds(-(std::int64_t{1} << 38))};
  for (const sys_seconds t : {far_future, far_past}) {
    const bytes b = bytes_of(t);
    EXPECT_EQ(b.size(), 15u);
    EXPECT_EQ((prism::read<prism::msgpack, sys_seconds>(b).value()), t);
    EXPECT_EQ((prism::read<prism::msgpack, sys_time<milliseconds>>(b).value()), time_point_cast<milliseconds>(t));
    EXPECT_EQ((prism::read<prism::msgpack, testing_types::time_point>(b).error().code), prism::errc::out_of_range);
  }
  // 12 bytes: nanoseconds 999999999, seconds -1 (half a nanosecond short of 1970).
  const bytes before_epoch{0xc7, 12, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  EXPECT_EQ((prism::read<prism::msgpack, sys_seconds>(before_epoch).value()), sys_seconds(seconds(-1))) << "floored";
  EXPECT_EQ((prism::read<prism::msgpack, sys_time<microseconds>>(before_epoch).value()), sys_time<microseconds>(microseconds(-1)));
  const sys_days day{days(-1000000)};  // coarser than a second
  EXPECT_EQ((prism::read<prism::msgpack, sys_days>(bytes_of(day)).value()), day);
}

TEST(MsgPack, ReadsEveryIntegerEncodingWithRangeChecks) {
  EXPECT_EQ((prism::read<prism::msgpack, std::uint8_t>(bytes{0xcf, 0, 0, 0, 0, 0, 0, 0, 200}).value()), 200);
  EXPECT_EQ((prism::read<prism::msgpack, std::int8_t>(bytes{0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x80}).value()), -128);
  auto too_big = prism::read<prism::msgpack, std::uint8_t>(bytes{0xcd, 0x01, 0x2c});
  ASSERT_FALSE(too_big);
  EXPECT_EQ(too_big.error().code, prism::errc::out_of_range);
  auto negative = prism::read<prism::msgpack, std::uint32_t>(bytes{0xff});
  ASSERT_FALSE(negative);
  EXPECT_EQ(negative.error().code, prism::errc::out_of_range);
  auto from_float = prism::read<prism::msgpack, int>(bytes{0xca, 0x3f, 0xc0, 0, 0});
  ASSERT_FALSE(from_float);
  EXPECT_EQ(from_float.error().code, prism::errc::type_mismatch);
  EXPECT_EQ((prism::read<prism::msgpack, double>(bytes{0xd0, 0x80}).value()), -128.0);
}

namespace msgpack_test_types {
struct IntegerRun {
  std::vector<std::int64_t> a;
  int b = 5;
};
}  // namespace msgpack_test_types

// A view skips runs of small integers eight bytes at a time: every length, with a value of
// another encoding at every place (and at none), positive and negative fixints around it, and
// every truncation of the message.
TEST(MsgPackView, SkipsRunsOfSmallIntegersOfEveryShape) {
  const std::int64_t others[] = {128, -33, 255, 70000, -1000000, std::numeric_limits<std::int64_t>::min()};
  std::mt19937_64 rng(3);
  for (std::size_t n = 0; n <= 24; ++n) {
    for (std::size_t odd = 0; odd <= n; ++odd) {  // odd == n: all small
      IntegerRun r;
      for (std::size_t i = 0; i < n; ++i) r.a.push_back(static_cast<std::int64_t>(rng() % 160) - 32);  // -32..127
      if (odd < n) r.a[odd] = others[(n + odd) % std::size(others)];
      const bytes message = bytes_of(r);
      const auto v = prism::view<prism::msgpack>(message);
      ASSERT_EQ(v["b"].as<int>().value(), 5) << n << " " << odd;  // the walk skips the whole array
      const auto a = v["a"];
      for (std::size_t i = n; i-- > 0;) ASSERT_EQ(a[i].as<std::int64_t>().value(), r.a[i]) << n << " " << odd << " " << i;
      for (std::size_t cut = 0; cut < message.size(); ++cut) {  // every truncation fails cleanly
        const std::span<const std::uint8_t> part(message.data(), cut);
        const auto w = prism::view<prism::msgpack>(part);
        EXPECT_FALSE(w["b"].as<int>()) << n << " " << odd << " " << cut;
      }
    }
  }
}

// Nesting under an unknown key counts against limits::max_depth as it does everywhere else: a
// struct read that skips the key, a view walk and transcode accept and refuse the same inputs.
TEST(MsgPack, SkippedValuesObeyTheDepthLimit) {
  // {"weight": 3, "extra": <n arrays, each of one map {"k": [...]}>, "label": "z"}
  const auto message = [](std::size_t n) {
    bytes in{0x83, 0xa6, 'w', 'e', 'i', 'g', 'h', 't', 3, 0xa5, 'e', 'x', 't', 'r', 'a'};
    for (std::size_t i = 0; i < n; ++i) {
      if (i % 2) {
        in.insert(in.end(), {0x81, 0xa1, 'k'});
      } else {
        in.push_back(0xdc);  // array16 of one: the wide heads too
        in.insert(in.end(), {0x00, 0x01});
      }
    }
    in.push_back(0xc0);
    in.insert(in.end(), {0xa5, 'l', 'a', 'b', 'e', 'l', 0xa1, 'z'});
    return in;
  };
  const prism::limits ten{.max_depth = 10};
  for (const std::size_t n : {std::size_t{8}, std::size_t{9}, std::size_t{10}, std::size_t{11}}) {
    const bytes in = message(n);
    const auto leaf = prism::read<prism::msgpack, Leaf>(in, ten);
    const auto again = prism::transcode<prism::msgpack, prism::msgpack>(in, ten);
    prism::value dynamic;
    const auto as_value = prism::read<prism::msgpack>(dynamic, in, ten);
    const bool fits = n <= 9;  // the struct is one level, its skipped value n more
    EXPECT_EQ(bool(leaf), fits) << n << " levels: " << (leaf ? "" : leaf.error().message());
    EXPECT_EQ(bool(again), fits) << n << " levels: " << (again ? "" : again.error().message());
    EXPECT_EQ(bool(as_value), fits) << n << " levels: " << (as_value ? "" : as_value.error().message());
    if (!fits) {
      EXPECT_EQ(leaf.error().code, prism::errc::too_deep) << leaf.error().message();
      EXPECT_EQ(leaf.error().path, "[\"extra\"]") << leaf.error().message();  // an unknown key's path
    }
  }
  // 100,000 levels under an unknown key: refused at the default limit, without recursion.
  const bytes deep = message(100'000);
  const auto leaf = prism::read<prism::msgpack, Leaf>(deep);
  ASSERT_FALSE(leaf);
  EXPECT_EQ(leaf.error().code, prism::errc::too_deep);
  // An empty container is a level too, as the reader counts it.
  bytes empty{0x82, 0xa6, 'w', 'e', 'i', 'g', 'h', 't', 3, 0xa1, 'x', 0x90};
  EXPECT_TRUE((prism::read<prism::msgpack, Leaf>(empty, prism::limits{.max_depth = 2})));
  EXPECT_EQ((prism::read<prism::msgpack, Leaf>(empty, prism::limits{.max_depth = 1}).error().code), prism::errc::too_deep);
}
