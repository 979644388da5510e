// pack's packed mode (prism::pack_options::packed_sequences): columns, integer blocks, and bad input.
#include <gtest/gtest.h>

#include <prism/pack.hpp>

#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "data/monsters.hpp"
#include "support/random_value.hpp"
#include "support/sanitized.hpp"
#include "support/types.hpp"

using namespace testing_types;

namespace pack_packed_test_types {

constexpr prism::options packed = [] {
  prism::options o = prism::pack::defaults;
  o.format = prism::pack_options{.packed_sequences = true};
  return o;
}();

using bytes = std::vector<std::uint8_t>;

template <class T>
bytes packed_bytes_of(const T& v) {
  bytes out;
  EXPECT_TRUE((prism::write<prism::pack, packed>(v, out)));
  return out;
}

template <class T>
T packed_round_trip(const T& v) {
  std::string buf;
  EXPECT_TRUE((prism::write<prism::pack, packed>(v, buf)));
  auto back = prism::read<prism::pack, T, packed>(buf);
  EXPECT_TRUE(back) << back.error().message();
  return back ? std::move(*back) : T{};
}

struct Row {
  std::string name;
  std::uint8_t level;
  std::optional<bool> flag;
  friend bool operator==(const Row&, const Row&) = default;
};

struct Sample {
  std::uint32_t id;
  std::int64_t value;
  Kind kind;
  friend bool operator==(const Sample&, const Sample&) = default;
};

struct Frame {
  std::uint32_t id;
  prism::tensor<float, 2> image;
  bool operator==(const Frame&) const = default;
};

}  // namespace pack_packed_test_types
using namespace pack_packed_test_types;

// Byte vectors worked out from docs/pack.md, "Packed sequences".
TEST(PackPacked, IntegerColumnsTakeTheSmallerOfValuesAndDeltas) {
  // Length column [3]: one block, width 0, base zigzag(3) = 6. Elements 5, 6, 7: one block of
  // width 2 from base 5 (zigzag 10), offsets 0, 1, 2 packed least significant bit first.
  EXPECT_EQ(packed_bytes_of(std::vector<std::uint32_t>{5, 6, 7}), (bytes{0x02, 0x00, 0x06, 0x02, 0x02, 0x0a, 0x24}));
  // 100..104: the first value (zigzag 200, two varint bytes), then four deltas of 1 in width 0.
  EXPECT_EQ(packed_bytes_of(std::vector<std::int32_t>{100, 101, 102, 103, 104}),
            (bytes{0x02, 0x00, 0x0a, 0x03, 0xc8, 0x01, 0x00, 0x02}));
  // Negative values: zigzag bases; -1, -3 from base -3 (zigzag 5), width 2 (offsets 2, 0).
  EXPECT_EQ(packed_bytes_of(std::vector<std::int8_t>{-1, -3}), (bytes{0x02, 0x00, 0x04, 0x02, 0x02, 0x05, 0x02}));
}

TEST(PackPacked, StructsGoFieldByField) {
  const std::vector<Row> rows{{"ab", 1, {}}, {"c", 1, true}};
  EXPECT_EQ(packed_bytes_of(rows), (bytes{
                                       0x02, 0x00, 0x04,                          // 2 rows
                                       0x02, 0x01, 0x02, 0x01, 'a', 'b', 'c',     // name lengths 2, 1, then the bytes
                                       0x02, 0x00, 0x02,                          // level: 1, 1
                                       0x02, 0x01, 0x00, 0x02,                    // flag presence: 0, 1
                                       0x02, 0x00, 0x02,                          // the one present flag: true
                                   }));
  EXPECT_EQ(packed_round_trip(rows), rows);
}

TEST(PackPacked, SortedAndConstantColumnsShrinkToAFewBitsAValue) {
  std::vector<Sample> samples(5000);
  std::mt19937_64 rng(7);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i] = {static_cast<std::uint32_t>(1000 + i), static_cast<std::int64_t>(rng() % 1000) - 500,
                  static_cast<Kind>(rng() % 3)};
  }
  const bytes packed_form = packed_bytes_of(samples);
  std::string plain;
  ASSERT_TRUE(prism::write<prism::pack>(samples, plain));
  EXPECT_EQ(plain.size(), 2 + 5000u * 13);
  // ids: deltas of 1 in width 0 (2 bytes a block of 64); values: 10 bits; kinds: 2 bits.
  EXPECT_LT(packed_form.size(), 5000u * 12 / 8 + 5000 / 64 * 8 + 64);
  EXPECT_EQ(packed_round_trip(samples), samples);
}

TEST(PackPacked, ExtremeIntegersAndWidths) {
  std::vector<std::uint64_t> u{0, ~0ull, 1, ~0ull - 1, 1ull << 63, 42};
  std::vector<std::int64_t> s{INT64_MIN, INT64_MAX, 0, -1, INT64_MIN + 1, 1};
  for (int i = 0; i < 200; ++i) {
    u.push_back(u[static_cast<std::size_t>(i) % 6] ^ (std::uint64_t(i) << 40));
    s.push_back(static_cast<std::int64_t>(static_cast<std::uint64_t>(s[static_cast<std::size_t>(i) % 6]) + static_cast<std::uint64_t>(i)));
  }
  EXPECT_EQ(packed_round_trip(u), u);
  EXPECT_EQ(packed_round_trip(s), s);
  const std::deque<bool> bits{true, false, true, true};
  const std::vector<std::deque<bool>> nested_bits{bits, {}, bits};
  EXPECT_EQ(packed_round_trip(nested_bits), nested_bits);
}

TEST(PackPacked, NestedContainersOptionalsVariantsAndMaps) {
  using Nested = std::vector<std::vector<std::optional<std::variant<std::int16_t, std::string, Leaf>>>>;
  const Nested n{{std::nullopt, std::int16_t{-7}}, {}, {std::string("x"), Leaf{"leaf", -9}, std::int16_t{300}}};
  EXPECT_EQ(packed_round_trip(n), n);
  const std::vector<std::map<std::string, std::vector<double>>> maps{{{"a", {1.5, 2.5}}, {"b", {}}}, {}, {{"c", {-1}}}};
  EXPECT_EQ(packed_round_trip(maps), maps);
  const std::array<std::pair<std::int32_t, std::string>, 3> pairs{{{1, "one"}, {-2, "two"}, {3, ""}}};
  EXPECT_EQ(packed_round_trip(pairs), pairs);
  const Node tree{"root", {{"a", {{"a1", {}}, {"a2", {}}}}, {"b", {}}}};
  EXPECT_EQ(packed_round_trip(tree), tree);
}

TEST(PackPacked, MonstersRoundTripAndShrink) {
  const auto monsters = monsters::make_monsters(50);
  std::string plain;
  ASSERT_TRUE(prism::write<prism::pack>(monsters, plain));
  EXPECT_TRUE(packed_round_trip(monsters) == monsters);
  EXPECT_LT(packed_bytes_of(monsters).size(), plain.size());
}

TEST(PackPacked, EveryTruncationFails) {
  testing_support::random_values gen(31);
  for (int i = 0; i < 2; ++i) {  // each prefix is a read: quadratic, 150 s for 6 values under ASan
    const auto value = gen.make<std::vector<Everything>>();
    std::string buf;
    ASSERT_TRUE((prism::write<prism::pack, packed>(value, buf)));
    for (std::size_t n = 0; n < buf.size(); n += testing_support::exhaustive_step) {
      auto r = prism::read<prism::pack, std::vector<Everything>, packed>(std::string_view(buf).substr(0, n));
      ASSERT_FALSE(r) << "prefix " << n << " of " << buf.size();
      ASSERT_LE(r.error().offset, n) << r.error().message();
    }
  }
}

TEST(PackPacked, RandomDamageNeverCrashes) {
  testing_support::random_values gen(32);
  const auto value = gen.make<std::vector<Everything>>();
  std::string buf;
  ASSERT_TRUE((prism::write<prism::pack, packed>(value, buf)));
  std::mt19937_64 rng(33);
  for (std::size_t i = 0; i < 3000; i += testing_support::exhaustive_step) {
    std::string damaged = buf;
    for (int k = 0, flips = 1 + i % 4; k < flips; ++k) damaged[rng() % damaged.size()] = static_cast<char>(rng());
    auto r = prism::read<prism::pack, std::vector<Everything>, packed>(damaged);
    if (!r) {
      ASSERT_LE(r.error().offset, damaged.size());
    }
  }
}

TEST(PackPacked, BadColumnsAreErrorsWithPaths) {
  // A value of 300 where the column holds uint8s.
  auto r = prism::read<prism::pack, std::vector<std::uint8_t>, packed>(bytes{0x02, 0x00, 0x02, 0x02, 0x00, 0xd8, 0x04});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::out_of_range);
  // Width 65.
  r = prism::read<prism::pack, std::vector<std::uint8_t>, packed>(bytes{0x02, 0x00, 0x02, 0x02, 0x41, 0x00});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::invalid_value);
  EXPECT_EQ(r.error().offset, 4u);
  // Method 4.
  r = prism::read<prism::pack, std::vector<std::uint8_t>, packed>(bytes{0x02, 0x00, 0x02, 0x04});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::invalid_value);
  // A presence of 2 in the flag column of the second row.
  auto rows = prism::read<prism::pack, std::vector<Row>, packed>(
      bytes{0x02, 0x00, 0x04, 0x02, 0x01, 0x02, 0x01, 'a', 'b', 'c', 0x02, 0x00, 0x02, 0x02, 0x02, 0x00, 0x08});
  ASSERT_FALSE(rows);
  EXPECT_EQ(rows.error().code, prism::errc::invalid_value);
  EXPECT_EQ(rows.error().path, "[*].flag");
  EXPECT_EQ(rows.error().offset, 14u);
}

TEST(PackPacked, ConstantColumnsCannotClaimMoreThanTheLimits) {
  // 2^40 rows in width 0 take five bytes: the element limit stops them before any allocation.
  auto r = prism::read<prism::pack, std::vector<std::string>, packed>(bytes{0x02, 0x00, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::too_many_elements);
  // Many small vectors whose lengths are constant: the sum is bounded as well.
  prism::limits lim;
  lim.max_elements = 1000;
  std::vector<std::vector<std::uint8_t>> v(40, std::vector<std::uint8_t>(30));
  std::string buf;
  ASSERT_TRUE((prism::write<prism::pack, packed>(v, buf)));
  std::vector<std::vector<std::uint8_t>> back;
  auto st = prism::read<prism::pack, packed>(back, buf, lim);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::too_many_elements);
  // And the bytes a decode may allocate.
  lim = {};
  lim.max_alloc_bytes = 4096;
  st = prism::read<prism::pack, packed>(back, buf, lim);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::allocation_limit);
}

TEST(PackPacked, TensorsInsideColumnsKeepTheirOwnEncoding) {
  std::vector<Frame> frames(3);
  for (std::uint32_t i = 0; i < 3; ++i) {
    frames[i].id = i;
    frames[i].image.reshape({2, i + 1});
    for (std::size_t k = 0; k < frames[i].image.size(); ++k) frames[i].image.data()[k] = static_cast<float>(k) - 1.5f;
  }
  EXPECT_EQ(packed_round_trip(frames), frames);
}

TEST(PackPacked, CountsOfFloatsAreCheckedAgainstTheInputBeforeAllocating) {
  // One vector claiming 2^27 doubles (1 GiB, within the default allocation limit) in 8 bytes.
  auto r = prism::read<prism::pack, std::vector<std::vector<double>>, packed>(
      bytes{0x02, 0x00, 0x02, 0x02, 0x00, 0x80, 0x80, 0x80, 0x80, 0x01});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::too_many_elements);
  // Strings: 2^20 bytes of text claimed, none there.
  auto s = prism::read<prism::pack, std::vector<std::string>, packed>(bytes{0x02, 0x00, 0x02, 0x02, 0x00, 0x80, 0x80, 0x80, 0x01});
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, prism::errc::too_many_elements);
}
