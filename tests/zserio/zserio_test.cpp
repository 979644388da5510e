// zserio's wire format: the spec's examples, reference vectors made by zserio's own runtime
// (scripts/zserio_vectors.py) both ways, value ranges, and bad input.
#include <gtest/gtest.h>

#include <prism/json.hpp>
#include <prism/zserio.hpp>

#include <array>
#include <filesystem>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "support/io.hpp"
#include "support/random_value.hpp"
#include "zserio/features.hpp"

namespace zserio_test_types {

std::string hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

template <class T>
std::string encode(const T& v) {
  auto out = prism::write<prism::zserio>(v);
  EXPECT_TRUE(out) << out.error().message();
  return out ? hex(*out) : std::string("error");
}

using testing_support::slurp;

struct SpecExample {
  std::uint8_t a, b, c;
};

struct Shifted {
  std::uint8_t two;
  std::uint32_t size;
};

struct Narrow {
  std::uint8_t v;
};

struct BitField {
  std::uint16_t v;
};

template <class T, prism::zserio_integer E>
struct Var {
  T v;
};

template <class V>
struct ShiftedVar {
  std::uint8_t three = 0;
  V var;
  std::string tail;
};

struct Lengths {
  std::uint8_t n = 0;
  std::vector<std::uint8_t> values;
};

enum class Level : std::uint8_t { low, mid, high };

struct Levels {
  std::vector<Level> levels;
};

struct Open {
  std::int64_t wide = 0;
  std::uint64_t big = 0;
  std::string text;
  std::optional<std::int32_t> maybe;
  std::variant<std::int16_t, std::string, std::vector<std::uint32_t>> either;
  std::vector<std::int64_t> packed_wide;
  std::vector<std::uint64_t> packed_big;
  std::vector<std::string> names;
  bool operator==(const Open&) const = default;
};

// Arrays of fixed-shape records take a fast loop first (read_flat_elements); errors inside them
// come from the checked path.
struct Fix {
  std::int64_t x = 0;
  std::uint8_t tag = 0;
  Level level = Level::low;
  bool operator==(const Fix&) const = default;
};

struct Track {
  std::vector<Fix> fixes;
  bool operator==(const Track&) const = default;
};

// Byte-sized integers in fewer bits than a byte, or delta-packed: not copied as bytes.
struct SmallBytes {
  std::array<std::int8_t, 3> triple{};
  std::vector<std::uint8_t> nibbles;
  std::vector<std::uint8_t> packed;
  bool operator==(const SmallBytes&) const = default;
};

}  // namespace zserio_test_types

using namespace zserio_test_types;

template <>
struct prism::meta<SmallBytes> {
  static constexpr auto fields =
      std::tuple{
      field<&SmallBytes::triple>().with(zserio_field{.bits = 3}),
      field<&SmallBytes::nibbles>().with(zserio_field{.bits = 4}),
      field<&SmallBytes::packed>().with(zserio_field{.packed = true})};
};

template <>
struct prism::meta<SpecExample> {
  static constexpr auto fields = std::tuple{
      field<&SpecExample::a>().with(zserio_field{.bits = 4}),
      field<&SpecExample::b>(),
      field<&SpecExample::c>().with(zserio_field{.bits = 4})};
};
template <>
struct prism::meta<Shifted> {
  static constexpr auto fields = std::tuple{
      field<&Shifted::two>().with(zserio_field{.bits = 2}),
      field<&Shifted::size>().with(zserio_field{.encoding = zserio_integer::varsize})};
};
template <>
struct prism::meta<BitField> {
  static constexpr auto fields = std::tuple{field<&BitField::v>().with(zserio_field{.bits = 12})};
};
template <class T, prism::zserio_integer E>
struct prism::meta<Var<T, E>> {
  static constexpr auto fields = std::tuple{field<&Var<T, E>::v>().with(zserio_field{.encoding = E})};
};
template <class V>
struct prism::meta<ShiftedVar<V>> {
  using T = ShiftedVar<V>;
  static constexpr auto fields = std::tuple{
      field<&T::three>().with(zserio_field{.bits = 3}),
      field<&T::var>(),
      field<&T::tail>()};
};
template <>
struct prism::meta<Lengths> {
  static constexpr auto fields = std::tuple{
      field<&Lengths::n>(),
      field<&Lengths::values>().with(zserio_field{.length_from = "n"})};
};
template <>
struct prism::meta<Level> {
  static constexpr unsigned bits = 2;
};
template <>
struct prism::meta<Fix> {
  static constexpr auto fields = std::tuple{
      field<&Fix::x>().with(zserio_field{.encoding = zserio_integer::varint}),
      field<&Fix::tag>(),
      field<&Fix::level>()};
};
template <>
struct prism::meta<Open> {
  using T = Open;
  static constexpr auto fields = std::tuple{
      field<&T::wide>().with(zserio_field{.encoding = zserio_integer::varint}),
      field<&T::big>().with(zserio_field{.encoding = zserio_integer::varint}),
      field<&T::text>(),
      field<&T::maybe>(),
      field<&T::either>(),
      field<&T::packed_wide>().with(zserio_field{.packed = true}),
      field<&T::packed_big>().with(zserio_field{.packed = true}),
      field<&T::names>()};
};

using varuint16 = Var<std::uint16_t, prism::zserio_integer::varint16>;
using varint32 = Var<std::int32_t, prism::zserio_integer::varint32>;
using varuint32 = Var<std::uint32_t, prism::zserio_integer::varint32>;
using varint = Var<std::int64_t, prism::zserio_integer::varint>;
using varuint = Var<std::uint64_t, prism::zserio_integer::varint>;
using varsize = Var<std::uint32_t, prism::zserio_integer::varsize>;

TEST(Zserio, SpecExamples) {
  EXPECT_EQ(encode(SpecExample{7, 127, 13}), "77fd");
  EXPECT_EQ(encode(BitField{513}), "2010");
  auto back = prism::read<prism::zserio, SpecExample>(std::string("\x77\xfd", 2));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->a, 7);
  EXPECT_EQ(back->b, 127);
  EXPECT_EQ(back->c, 13);
}

// Expected bytes from zserio's Python BitStreamWriter.
TEST(Zserio, VarintsAsZserioWritesThem) {
  EXPECT_EQ(encode(varuint16{300}), "812c");
  EXPECT_EQ(encode(varint{std::numeric_limits<std::int64_t>::min()}), "80");
  EXPECT_EQ(encode(varint32{-100}), "c064");
  EXPECT_EQ(encode(varuint{~std::uint64_t{0}}), "ffffffffffffffffff");
  EXPECT_EQ(encode(varsize{1000}), "8768");
  EXPECT_EQ(encode(Shifted{2, 1000}), "a1da00");  // every byte of the varsize straddles two
}

TEST(Zserio, VarintSizesFollowTheTable) {
  const std::pair<std::uint32_t, std::size_t> unsigned32[] = {
      {0, 1}, {127, 1}, {128, 2}, {(1u << 14) - 1, 2}, {1u << 14, 3}, {(1u << 21) - 1, 3}, {1u << 21, 4}, {(1u << 29) - 1, 4}};
  for (auto [value, bytes] : unsigned32) {
    auto out = prism::write<prism::zserio>(varuint32{value});
    ASSERT_TRUE(out);
    EXPECT_EQ(out->size(), bytes) << value;
    auto back = prism::read<prism::zserio, varuint32>(*out);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->v, value);
  }
  const std::pair<std::int32_t, std::size_t> signed32[] = {{63, 1}, {-63, 1}, {64, 2}, {-(1 << 13) + 1, 2}, {1 << 13, 3},
                                                           {(1 << 20) - 1, 3}, {1 << 20, 4}, {-(1 << 28) + 1, 4}};
  for (auto [value, bytes] : signed32) {
    auto out = prism::write<prism::zserio>(varint32{value});
    ASSERT_TRUE(out);
    EXPECT_EQ(out->size(), bytes) << value;
    auto back = prism::read<prism::zserio, varint32>(*out);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->v, value);
  }
}

// Each varint at every magnitude width read three ways: alone (fewer than 9 bytes left, read
// byte by byte), followed by more bytes (read from one 64-bit window), and 3 bits into the
// stream; all must give the value back. An overlong encoding of each is refused in both ways.
template <class V>
void every_width_reads_back() {
  using T = decltype(V::v);
  constexpr prism::options trailing{.allow_trailing_bytes = true};
  std::vector<T> values{0};
  for (unsigned w = 0; w < 64; ++w) {
    for (std::uint64_t m : {(std::uint64_t{1} << w) - 1, std::uint64_t{1} << w, (std::uint64_t{1} << w) + 1}) {
      if (m > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) continue;
      values.push_back(static_cast<T>(m));
      if constexpr (std::is_signed_v<T>) values.push_back(static_cast<T>(0 - static_cast<T>(m)));
    }
  }
  if constexpr (std::is_signed_v<T>) values.push_back(std::numeric_limits<T>::min());
  for (T value : values) {
    auto alone = prism::write<prism::zserio>(V{value});
    if (!alone) continue;  // outside the encoding's range
    const std::string exact = *alone, padded = exact + std::string(12, '\x5a');
    for (const std::string* bytes : {&exact, &padded}) {
      auto back = prism::read<prism::zserio, V, trailing>(*bytes);
      ASSERT_TRUE(back) << +value << " in " << bytes->size() << " bytes: " << back.error().message();
      EXPECT_EQ(back->v, value) << bytes->size() << " bytes";
    }
    auto shifted = prism::write<prism::zserio>(ShiftedVar<V>{5, V{value}, "padding text"});
    ASSERT_TRUE(shifted);
    auto shifted_back = prism::read<prism::zserio, ShiftedVar<V>>(*shifted);
    ASSERT_TRUE(shifted_back) << +value;
    EXPECT_EQ(shifted_back->var.v, value);
    EXPECT_EQ(shifted_back->tail, "padding text");
  }
  // 1 written in two bytes: a has-next flag on a first byte with an empty group.
  const bool is_signed = std::is_signed_v<T>;
  std::string overlong(1, static_cast<char>(is_signed ? 0x40 : 0x80));
  overlong += '\x01';
  for (const std::string& bytes : {overlong, overlong + std::string(12, '\x5a')}) {
    auto back = prism::read<prism::zserio, V, trailing>(bytes);
    ASSERT_FALSE(back) << bytes.size() << " bytes";
    EXPECT_EQ(back.error().code, prism::errc::invalid_value);
  }
}

TEST(Zserio, EveryVarintWidthReadsBackFromEitherPath) {
  every_width_reads_back<varuint16>();
  every_width_reads_back<Var<std::int16_t, prism::zserio_integer::varint16>>();
  every_width_reads_back<varint32>();
  every_width_reads_back<varuint32>();
  every_width_reads_back<Var<std::int64_t, prism::zserio_integer::varint64>>();
  every_width_reads_back<Var<std::uint64_t, prism::zserio_integer::varint64>>();
  every_width_reads_back<varint>();
  every_width_reads_back<varuint>();
  every_width_reads_back<varsize>();
}

TEST(Zserio, ValuesOutsideTheEncodingAreWriteErrors) {
  auto too_big = prism::write<prism::zserio>(varuint32{1u << 29});
  ASSERT_FALSE(too_big);
  EXPECT_EQ(too_big.error().code, prism::errc::out_of_range);
  EXPECT_EQ(too_big.error().path, "v");
  EXPECT_FALSE(prism::write<prism::zserio>(varint32{1 << 28}));
  EXPECT_FALSE(prism::write<prism::zserio>(BitField{4096}));
  EXPECT_FALSE(prism::write<prism::zserio>(varsize{1u << 31}));
  auto mismatch = prism::write<prism::zserio>(Lengths{3, {1, 2}});
  ASSERT_FALSE(mismatch);
  EXPECT_EQ(mismatch.error().code, prism::errc::size_mismatch);
  EXPECT_EQ(mismatch.error().path, "values");
  EXPECT_EQ(encode(Lengths{2, {1, 2}}), "020102");
}

TEST(Zserio, ReferenceVectorsBothWays) {
  constexpr prism::options json_options{.enums_as_strings = true};
  const std::filesystem::path dir = PRISM_ZSERIO_VECTORS;
  int checked = 0;
  features::Features reused;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    auto blob_path = entry.path();
    blob_path.replace_extension(".blob");
    const std::string blob = slurp(blob_path);
    auto value = prism::read<prism::json, features::Features, json_options>(slurp(entry.path()));
    ASSERT_TRUE(value) << value.error().message();
    EXPECT_EQ(encode(*value), hex(blob)) << entry.path();
    auto back = prism::read<prism::zserio, features::Features>(blob);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_TRUE(*back == *value) << entry.path();
    ASSERT_TRUE(prism::read<prism::zserio>(reused, blob));
    EXPECT_TRUE(reused == *value) << entry.path();
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

TEST(Zserio, RandomValuesRoundTrip) {
  testing_support::random_values random(2026);
  for (int i = 0; i < 300; ++i) {
    Open v;
    random.fill(v);
    if (i % 3 == 0) {  // runs that delta-pack
      for (std::size_t k = 1; k < v.packed_wide.size(); ++k) v.packed_wide[k] = v.packed_wide[k - 1] + static_cast<std::int64_t>(k % 5);
      for (std::size_t k = 1; k < v.packed_big.size(); ++k) v.packed_big[k] = v.packed_big[k - 1] - k;
    }
    auto bytes = prism::write<prism::zserio>(v);
    ASSERT_TRUE(bytes) << bytes.error().message();
    auto back = prism::read<prism::zserio, Open>(*bytes);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_TRUE(*back == v) << i;
  }
}

TEST(Zserio, DeltaPackingChoosesAsZserioDoes) {
  // 1..5: deltas of 1 need 2 bits: 1 + 6 + 32 + 4*2 = 47 bits < 1 + 5*32.
  std::string packed;
  ASSERT_TRUE(prism::write<prism::zserio>(Open{0, 0, "", {}, {}, {1, 2, 3, 4, 5}, {}, {}}, packed));
  // varint 0, varint 0, "" (8), presence 0, tag 0 (8), int16 0 (16), count (8), packed 1, width 1 (6), 64-bit
  // first value, 4 two-bit deltas, then two empty arrays (16): 8+8+8+1+8+16+8+1+6+64+8+16 = 152 bits.
  EXPECT_EQ(packed.size(), 19u);
  auto back = prism::read<prism::zserio, Open>(packed);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->packed_wide, (std::vector<std::int64_t>{1, 2, 3, 4, 5}));
  // Deltas beyond 62 bits fall back to unpacked values.
  const Open extreme{0, 0, "", {}, {}, {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}, {0, ~0ull}, {}};
  auto bytes = prism::write<prism::zserio>(extreme);
  ASSERT_TRUE(bytes);
  auto again = prism::read<prism::zserio, Open>(*bytes);
  ASSERT_TRUE(again);
  EXPECT_TRUE(*again == extreme);
}

// A byte array that is not stored as bytes (delta-packed, or in fewer bits) takes fewer than 8 bits
// an element: the reader must not ask for 8. An array of identical values packs to no bits after
// the first, and a nested array inside a packed struct array is packed with its own contexts.
TEST(Zserio, ByteArraysInFewerBitsReadBack) {
  // zserio's Python runtime writes this for Features{items = [Item{nested = [0, 0]}]}, all else zero.
  const std::string from_zserio = "000000000000000000000000000000000000000000000000000000000000000000000000000000008000000000014000";
  features::Features f;
  f.items.resize(1);
  f.items[0].nested = {0, 0};
  EXPECT_EQ(encode(f), from_zserio);
  const auto bytes = prism::write<prism::zserio>(f).value();
  const auto back = prism::read<prism::zserio, features::Features>(bytes);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_TRUE(*back == f);

  std::mt19937 rng(36);
  for (int round = 0; round < 200; ++round) {
    features::Features v;
    v.items.resize(rng() % 4);
    for (auto& item : v.items) item.nested.assign(rng() % 6, static_cast<std::int8_t>(rng() % 3 == 0 ? rng() : 0));
    SmallBytes small;
    for (auto& t : small.triple) t = static_cast<std::int8_t>(static_cast<int>(rng() % 8) - 4);
    small.nibbles.resize(rng() % 9);
    for (auto& n : small.nibbles) n = static_cast<std::uint8_t>(rng() % 16);
    small.packed.assign(rng() % 9, static_cast<std::uint8_t>(rng()));
    if (!small.packed.empty() && rng() % 2) small.packed.back() = static_cast<std::uint8_t>(small.packed.back() + 1);
    const auto features_back = prism::read<prism::zserio, features::Features>(prism::write<prism::zserio>(v).value());
    ASSERT_TRUE(features_back) << round << ": " << features_back.error().message();
    EXPECT_TRUE(*features_back == v) << round;
    const auto small_back = prism::read<prism::zserio, SmallBytes>(prism::write<prism::zserio>(small).value());
    ASSERT_TRUE(small_back) << round << ": " << small_back.error().message();
    EXPECT_TRUE(*small_back == small) << round;
  }
}

TEST(Zserio, TruncationsFail) {
  const features::Features v = [] {
    auto r = prism::read<prism::json, features::Features, prism::options{.enums_as_strings = true}>(
        slurp(std::filesystem::path(PRISM_ZSERIO_VECTORS) / "features_09.json"));
    return r ? *r : features::Features{};
  }();
  auto bytes = prism::write<prism::zserio>(v);
  ASSERT_TRUE(bytes);
  for (std::size_t k = 0; k < bytes->size(); ++k) {
    auto r = prism::read<prism::zserio, features::Features>(bytes->substr(0, k));
    ASSERT_FALSE(r) << "prefix " << k;
    EXPECT_NE(r.error().bit_offset, prism::error::no_bit_offset);
    EXPECT_LE(r.error().offset, k) << r.error().message();
  }
}

TEST(Zserio, DamagedBytesNeverCrash) {
  auto r = prism::read<prism::json, features::Features, prism::options{.enums_as_strings = true}>(
      slurp(std::filesystem::path(PRISM_ZSERIO_VECTORS) / "features_21.json"));
  ASSERT_TRUE(r);
  auto bytes = prism::write<prism::zserio>(*r);
  ASSERT_TRUE(bytes);
  std::mt19937_64 rng(5);
  int failures = 0;
  for (int i = 0; i < 5000; ++i) {
    std::string damaged = *bytes;
    for (int k = 0, flips = 1 + i % 3; k < flips; ++k) damaged[rng() % damaged.size()] ^= static_cast<char>(1u << (rng() % 8));
    auto back = prism::read<prism::zserio, features::Features>(damaged);
    if (!back) {
      ++failures;
      EXPECT_LE(back.error().offset, damaged.size());
    } else {
      auto again = prism::write<prism::zserio>(*back);
      EXPECT_TRUE(again) << again.error().message();
    }
  }
  EXPECT_GT(failures, 0);
}

TEST(Zserio, BadInputErrors) {
  // A varsize length of 2^31-1 with nothing behind it: refused before allocating.
  auto huge = prism::read<prism::zserio, Lengths>(std::string("\x00\xff\xff\xff\xff", 5));
  ASSERT_FALSE(huge);
  auto huge_string = prism::read<prism::zserio, std::string>(std::string("\x83\xff\xff\xff\xff", 5));
  ASSERT_FALSE(huge_string);
  EXPECT_EQ(huge_string.error().code, prism::errc::unexpected_end);
  auto huge_vector = prism::read<prism::zserio, Levels>(std::string("\x83\xff\xff\xff\xff", 5));
  ASSERT_FALSE(huge_vector);
  EXPECT_EQ(huge_vector.error().code, prism::errc::too_many_elements);
  auto long_vector = prism::read<prism::zserio, Levels>(std::string("\xc0\x80\x00", 3));  // 2^20 levels, 2 bits each
  ASSERT_FALSE(long_vector);
  EXPECT_EQ(long_vector.error().code, prism::errc::unexpected_end);
  // Level on bit:2 has no enumerator 3: count 2, then 01 11.
  auto level = prism::read<prism::zserio, Levels>(std::string("\x02\x70", 2));
  ASSERT_FALSE(level);
  EXPECT_EQ(level.error().code, prism::errc::invalid_enum);
  EXPECT_EQ(level.error().path, "levels[1]");
  EXPECT_EQ(level.error().bit_offset, 10u);
  EXPECT_NE(level.error().message().find("at bit 10 (byte 1), field levels[1]"), std::string::npos) << level.error().message();
  // Union tag 3 of a three-alternative variant.
  features::Inner inner{};
  std::string tag3 = "\x03";
  auto choice = prism::read<prism::zserio, features::Choice>(tag3);
  ASSERT_FALSE(choice);
  EXPECT_EQ(choice.error().code, prism::errc::invalid_value);
  (void)inner;
  // An overlong varint (two bytes for 1) and a negative zero outside varint.
  EXPECT_FALSE((prism::read<prism::zserio, varuint16>(std::string("\x80\x01", 2))));
  EXPECT_FALSE((prism::read<prism::zserio, varint32>(std::string("\x80", 1))));
  // A value too large for the C++ member.
  EXPECT_TRUE((prism::read<prism::zserio, Narrow>(std::string("\xff", 1))));
  EXPECT_FALSE((prism::read<prism::zserio, Var<std::uint8_t, prism::zserio_integer::varint16>>(std::string("\x81\x2c", 2))));
}

Track random_track(std::uint32_t seed, std::size_t n) {
  std::mt19937_64 rng(seed);
  Track t;
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned width = static_cast<unsigned>(rng() % 64);
    auto x = static_cast<std::int64_t>(rng() >> (63 - width) >> 1);
    if (rng() & 1) x = -x;
    if (i % 97 == 5) x = std::numeric_limits<std::int64_t>::min();
    t.fixes.push_back({x, static_cast<std::uint8_t>(rng()), static_cast<Level>(rng() % 3)});
  }
  return t;
}

// The bit where Fix i starts in the blob of a Track: each varint's length from a write of it alone.
std::size_t fix_bit(const Track& t, std::size_t i) {
  std::size_t at = 8 * prism::write<prism::zserio>(Var<std::uint32_t, prism::zserio_integer::varsize>{static_cast<std::uint32_t>(t.fixes.size())})->size();
  for (std::size_t j = 0; j < i; ++j) at += 8 * prism::write<prism::zserio>(varint{t.fixes[j].x})->size() + 8 + 2;
  return at;
}

// Overwrites `n` bits from bit `at` (MSB-first) with the low bits of `v`.
void set_bits(std::string& bytes, std::size_t at, unsigned n, std::uint64_t v) {
  for (unsigned i = 0; i < n; ++i, ++at) {
    const auto mask = static_cast<unsigned char>(0x80u >> (at % 8));
    auto& byte = reinterpret_cast<unsigned char&>(bytes[at / 8]);
    byte = ((v >> (n - 1 - i)) & 1) ? byte | mask : byte & ~mask;
  }
}

TEST(Zserio, FlatRecordArraysReadAsTheCheckedPathDoes) {
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const Track t = random_track(seed, 1 + seed * 13);
    auto bytes = prism::write<prism::zserio>(t);
    ASSERT_TRUE(bytes);
    auto back = prism::read<prism::zserio, Track>(*bytes);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_TRUE(*back == t) << "seed " << seed;
    auto shifted = prism::write<prism::zserio>(ShiftedVar<Track>{5, t, "after"});
    ASSERT_TRUE(shifted);
    auto shifted_back = prism::read<prism::zserio, ShiftedVar<Track>>(*shifted);
    ASSERT_TRUE(shifted_back) << shifted_back.error().message();
    EXPECT_TRUE(shifted_back->var == t) << "seed " << seed;
    EXPECT_EQ(shifted_back->tail, "after");
    for (std::size_t cut = 0; cut < bytes->size(); cut += 7) {
      auto truncated = prism::read<prism::zserio, Track>(std::string_view(*bytes).substr(0, cut));
      ASSERT_FALSE(truncated) << cut;
      EXPECT_EQ(truncated.error().code, prism::errc::unexpected_end) << cut;
    }
  }
}

void expect_track_error(const std::string& bytes, prism::errc code, const std::string& path, std::size_t bit) {
  auto r = prism::read<prism::zserio, Track>(bytes);
  ASSERT_FALSE(r) << path;
  EXPECT_EQ(r.error().code, code) << path;
  EXPECT_EQ(r.error().path, path);
  EXPECT_EQ(r.error().bit_offset, bit) << path;
}

TEST(Zserio, FlatRecordArrayErrorsNameTheElement) {
  const Track t = random_track(7, 40);
  const std::string good = *prism::write<prism::zserio>(t);
  // Fix 23's enum set to 3: no such enumerator.
  std::string bad_enum = good;
  const std::size_t enum_bit = fix_bit(t, 23) + 8 * prism::write<prism::zserio>(varint{t.fixes[23].x})->size() + 8;
  set_bits(bad_enum, enum_bit, 2, 3);
  expect_track_error(bad_enum, prism::errc::invalid_enum, "fixes[23].level", enum_bit);
  // Fix 11's x, 1000 in two bytes, replaced by 1 in two bytes (0x40 0x01): overlong.
  Track small = t;
  small.fixes[11].x = 1000;
  std::string overlong = *prism::write<prism::zserio>(small);
  const std::size_t x_bit = fix_bit(small, 11);
  set_bits(overlong, x_bit, 16, 0x4001);
  expect_track_error(overlong, prism::errc::invalid_value, "fixes[11].x", x_bit);
  // Too deep for the limits: the fast loop leaves the depth check to the checked path.
  auto deep = prism::read<prism::zserio, Track>(good, prism::limits{.max_depth = 2});
  ASSERT_FALSE(deep);
  EXPECT_EQ(deep.error().code, prism::errc::too_deep);
  EXPECT_TRUE((prism::read<prism::zserio, Track>(good, prism::limits{.max_depth = 3})));
}

// Strings 11 bits into the stream, so copied 8 bytes per step with their bytes ORed on the way:
// a byte above 127 anywhere, in the 8-byte steps or the tail, must reach the UTF-8 check.
TEST(Zserio, UnalignedStringsAreCheckedAsUtf8) {
  for (std::size_t length = 2; length <= 40; ++length) {
    for (std::size_t at : {std::size_t{0}, length / 2, length - 2}) {
      std::string text(length, 'a');
      text.replace(at, 2, "\xc3\xa9");  // e with acute accent
      const ShiftedVar<Narrow> value{5, Narrow{7}, text};
      auto bytes = prism::write<prism::zserio>(value);
      ASSERT_TRUE(bytes);
      auto back = prism::read<prism::zserio, ShiftedVar<Narrow>>(*bytes);
      ASSERT_TRUE(back) << length << " " << at;
      EXPECT_EQ(back->tail, text);
      std::string broken = *bytes;
      set_bits(broken, 11 + 8 + 8 * at, 8, 0xff);  // 3 + 8 bits, a one-byte length, then the text
      auto bad = prism::read<prism::zserio, ShiftedVar<Narrow>>(broken);
      ASSERT_FALSE(bad) << length << " " << at;
      EXPECT_EQ(bad.error().code, prism::errc::invalid_utf8) << length << " " << at;
    }
  }
}

TEST(Zserio, FixedBufferAndStream) {
  const Open v{-5, 7, "text", 3, std::string("x"), {1, 2, 3}, {9}, {"a", "b"}};
  const std::string expected = encode(v);
  std::array<char, 64> buffer{};
  auto written = prism::write<prism::zserio>(v, std::span(buffer));
  ASSERT_TRUE(written);
  EXPECT_EQ(hex(std::string_view(buffer.data(), *written)), expected);
  std::array<char, 4> small{};
  auto overflow = prism::write<prism::zserio>(v, std::span(small));
  ASSERT_FALSE(overflow);
  EXPECT_EQ(overflow.error().code, prism::errc::buffer_overflow);
  std::stringstream stream;
  ASSERT_TRUE(prism::write<prism::zserio>(v, stream));
  auto back = prism::read<prism::zserio, Open>(stream);
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == v);
}
