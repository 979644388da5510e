// CBOR: every example of RFC 8949 Appendix A that a C++ type can hold, both ways (prism writes
// the preferred serialization; it reads every listed encoding, indefinite lengths included),
// RFC 8746 typed arrays, the deterministic encoding, and bad input.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include "support/io.hpp"

namespace cbor_test_types {

using testing_support::bytes_of;
using testing_support::hex_of;

template <prism::options O = prism::cbor::defaults, class T>
std::string cbor_hex(const T& value) {
  std::string out;
  EXPECT_TRUE((prism::write<prism::cbor, O>(value, out)));
  return hex_of(out);
}

template <class T, prism::options O = prism::cbor::defaults>
T from_hex(std::string_view hex) {
  auto r = prism::read<prism::cbor, T, O>(bytes_of(hex));
  EXPECT_TRUE(r) << hex << ": " << r.error().message();
  return r ? std::move(*r) : T{};
}

template <class T>
void both_ways(const T& value, std::string_view hex) {
  EXPECT_EQ(cbor_hex(value), hex);
  EXPECT_TRUE(from_hex<T>(hex) == value) << hex;
}

constexpr prism::options deterministic{.format = prism::cbor_options{.deterministic = true}};

struct ab {
  int a;
  std::vector<int> b;
  friend bool operator==(const ab&, const ab&) = default;
};
struct fun_amt {
  bool Fun;
  int Amt;
  friend bool operator==(const fun_amt&, const fun_amt&) = default;
};
struct three {
  int a;
  std::vector<int> b, c;
  friend bool operator==(const three&, const three&) = default;
};

TEST(CborAppendixA, Integers) {
  both_ways(0, "00");
  both_ways(1, "01");
  both_ways(10, "0a");
  both_ways(23, "17");
  both_ways(24, "1818");
  both_ways(25, "1819");
  both_ways(100, "1864");
  both_ways(1000, "1903e8");
  both_ways(1000000, "1a000f4240");
  both_ways(std::int64_t{1000000000000}, "1b000000e8d4a51000");
  both_ways(std::numeric_limits<std::uint64_t>::max(), "1bffffffffffffffff");
  both_ways(std::numeric_limits<std::int64_t>::min(), "3b7fffffffffffffff");
  both_ways(-1, "20");
  both_ways(-10, "29");
  both_ways(-100, "3863");
  both_ways(-1000, "3903e7");
  // -18446744073709551616 and the bignums (tags 2 and 3) fit no C++ integer.
  EXPECT_EQ((prism::read<prism::cbor, std::int64_t>(bytes_of("3bffffffffffffffff")).error().code), prism::errc::out_of_range);
  EXPECT_EQ((prism::read<prism::cbor, std::uint8_t>(bytes_of("190100")).error().code), prism::errc::out_of_range);
  EXPECT_EQ((prism::read<prism::cbor, unsigned>(bytes_of("20")).error().code), prism::errc::out_of_range);
}

// Negative integers below std::int64_t (down to -2^64) fit no C++ integer, but they are CBOR's
// own: a prism::value holds one as the negative bignum of the same integer (tag 3 over its
// 8-byte magnitude n, the integer being -1 - n), a transcode to CBOR keeps the bytes, one to
// JSON writes the number, and formats without such integers refuse it.
TEST(CborAppendixA, IntegersBelowInt64InValuesAndTranscodes) {
  const std::pair<const char*, const char*> cases[] = {{"3bffffffffffffffff", "-18446744073709551616"},
                                                       {"3b8000000000000000", "-9223372036854775809"}};
  for (const auto& [hex, decimal] : cases) {
    const std::string bytes = bytes_of(hex);
    prism::value v;
    ASSERT_TRUE(prism::read<prism::cbor>(v, bytes)) << hex;
    const prism::value::tagged* bignum = v.as_tagged();
    ASSERT_NE(bignum, nullptr) << hex;
    EXPECT_EQ(bignum->number(), 3u);
    ASSERT_NE(bignum->content().as_bytes(), nullptr);
    prism::value::bytes magnitude;
    for (char c : bytes.substr(1)) magnitude.push_back(static_cast<std::byte>(c));
    EXPECT_EQ(*bignum->content().as_bytes(), magnitude);
    EXPECT_EQ((prism::transcode<prism::cbor, prism::cbor>(bytes).value()), bytes) << hex;
    EXPECT_EQ((prism::transcode<prism::cbor, prism::json>(bytes).value()), decimal) << hex;
    const auto as_msgpack = prism::transcode<prism::cbor, prism::msgpack>(bytes);
    ASSERT_FALSE(as_msgpack) << hex;
    EXPECT_EQ(as_msgpack.error().code, prism::errc::out_of_range);
    // Written back, the value is that bignum: tag 3 over a byte string of 8.
    EXPECT_EQ(prism::write<prism::cbor>(v).value(), "\xc3\x48" + bytes.substr(1)) << hex;
  }
}

namespace cbor_test_types {
struct Link {
  prism::tagged<std::string> uri;                // tag 32
  prism::tagged<std::vector<std::byte>> bignum;  // tag 2
  std::vector<prism::tagged<std::int64_t>> marks;
  bool operator==(const Link&) const = default;
};
}  // namespace cbor_test_types

// Only CBOR has tags: a tagged member elsewhere is a compile-time error that names it.
static_assert(prism::detail::supported<cbor_test_types::Link, prism::cbor>);
static_assert(!prism::detail::supported<cbor_test_types::Link, prism::msgpack>);
static_assert(!prism::detail::supported<cbor_test_types::Link, prism::json>);

// prism::tagged<T>: the tag number in front of a value, both ways; the outermost tag is the
// member's, and a value without one is a type mismatch.
TEST(CborTags, TaggedMembersKeepTheirNumbers) {
  using cbor_test_types::Link;
  const Link link{{32, "https://prism.dev"}, {2, {std::byte{1}, std::byte{0}}}, {{1000, -1}, {5, 7}}};
  const std::string bytes = prism::write<prism::cbor>(link).value();
  EXPECT_NE(bytes.find(bytes_of("d820" "71") + "https://prism.dev"), std::string::npos);  // tag 32, text of 17
  EXPECT_NE(bytes.find(bytes_of("c2420100")), std::string::npos);                        // tag 2, bytes 01 00
  EXPECT_NE(bytes.find(bytes_of("82d903e820c507")), std::string::npos);                  // [1000(-1), 5(7)]
  const auto back = prism::read<prism::cbor, Link>(bytes);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, link);
  // A tag over a tagged value: the outer one is the member's, the inner one the value's (here
  // an epoch time, which a time point reads).
  const auto time = prism::read<prism::cbor, prism::tagged<std::chrono::sys_seconds>>(bytes_of("d9d9f7c11a514b67b0"));
  ASSERT_TRUE(time) << time.error().message();
  EXPECT_EQ(time->tag, 55799u);
  EXPECT_EQ(time->value.time_since_epoch().count(), 1363896240);
  const auto untagged = prism::read<prism::cbor, prism::tagged<int>>(bytes_of("01"));
  ASSERT_FALSE(untagged);
  EXPECT_EQ(untagged.error().code, prism::errc::type_mismatch);
}

TEST(CborAppendixA, FloatsPreferredAndDeterministic) {
  const std::pair<double, const char*> shortest[] = {
      {0.0, "f90000"},  {-0.0, "f98000"},     {1.0, "f93c00"},       {1.1, "fb3ff199999999999a"},
      {1.5, "f93e00"},  {65504.0, "f97bff"},  {100000.0, "fa47c35000"}, {3.4028234663852886e+38, "fa7f7fffff"},
      {1.0e+300, "fb7e37e43c8800759c"},       {5.960464477539063e-8, "f90001"}, {0.00006103515625, "f90400"},
      {-4.0, "f9c400"}, {-4.1, "fbc010666666666666"}, {INFINITY, "f97c00"}, {-INFINITY, "f9fc00"}};
  for (const auto& [value, hex] : shortest) {
    EXPECT_EQ(cbor_hex<deterministic>(value), hex) << value;
    const double back = from_hex<double>(hex);
    EXPECT_EQ(std::signbit(back), std::signbit(value));
    EXPECT_EQ(back, value) << hex;
  }
  EXPECT_EQ(cbor_hex<deterministic>(NAN), "f97e00");
  EXPECT_TRUE(std::isnan(from_hex<double>("f97e00")));
  // Without the option a double keeps its width, a float its own.
  EXPECT_EQ(cbor_hex(1.5), "fb3ff8000000000000");
  EXPECT_EQ(cbor_hex(1.5f), "fa3fc00000");
  for (const char* hex : {"fa7f800000", "fb7ff0000000000000"}) EXPECT_EQ(from_hex<double>(hex), INFINITY);
  for (const char* hex : {"faff800000", "fbfff0000000000000"}) EXPECT_EQ(from_hex<double>(hex), -INFINITY);
  for (const char* hex : {"fa7fc00000", "fb7ff8000000000000"}) EXPECT_TRUE(std::isnan(from_hex<double>(hex)));
}

TEST(CborAppendixA, SimpleValues) {
  both_ways(false, "f4");
  both_ways(true, "f5");
  EXPECT_EQ(cbor_hex(std::optional<int>()), "f6");
  EXPECT_FALSE(from_hex<std::optional<int>>("f6").has_value());
  EXPECT_EQ(from_hex<std::optional<int>>("01").value_or(0), 1);
  EXPECT_FALSE(from_hex<std::optional<int>>("f7"));  // undefined reads as empty
  // simple(16) and simple(255) have no C++ type; they are skipped as unknown members.
  EXPECT_EQ(from_hex<fun_amt>("a26178f06179f8ff").Fun, false);
  EXPECT_TRUE((prism::read<prism::cbor, fun_amt>(bytes_of("a1617af0"))));
}

TEST(CborAppendixA, TagsAreSkippedOrUnderstood) {
  using namespace std::chrono;
  EXPECT_EQ(from_hex<std::string>("c074323031332d30332d32315432303a30343a30305a"), "2013-03-21T20:04:00Z");
  const sys_seconds whole{seconds{1363896240}};
  both_ways(whole, "c11a514b67b0");
  EXPECT_EQ(from_hex<sys_time<milliseconds>>("c1fb41d452d9ec200000"), sys_time<milliseconds>(milliseconds{1363896240500}));
  EXPECT_EQ(from_hex<std::vector<std::byte>>("d74401020304"),
            (std::vector<std::byte>{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}}));
  EXPECT_EQ(from_hex<std::vector<std::byte>>("d818456449455446").size(), 5u);
  EXPECT_EQ(from_hex<std::string>("d82076687474703a2f2f7777772e6578616d706c652e636f6d"), "http://www.example.com");
  // A fraction of a second: RFC 9581 extended time, every nanosecond kept.
  const sys_time<nanoseconds> precise{nanoseconds{1363896240123456789}};
  both_ways(precise, "d903e9a2011a514b67b0281a075bcd15");
  // Beyond the +-292 years of nanoseconds: time points of a coarser period read it.
  const sys_seconds far{seconds{100000000000}};  // about year 5138
  both_ways(far, "c11b000000174876e800");
  EXPECT_EQ((prism::read<prism::cbor, sys_time<nanoseconds>>(bytes_of("c11b000000174876e800")).error().code), prism::errc::out_of_range);
  EXPECT_EQ(from_hex<sys_time<milliseconds>>("c1fbc000000000000000"), sys_time<milliseconds>(milliseconds{-2000}));
  EXPECT_EQ(from_hex<sys_seconds>("c1f9bc00"), sys_seconds(seconds{-1})) << "-1.0 s";
  EXPECT_EQ(from_hex<sys_seconds>("c1fbbfe0000000000000"), sys_seconds(seconds{-1})) << "-0.5 s, floored";
}

TEST(CborAppendixA, Strings) {
  both_ways(std::vector<std::byte>{}, "40");
  both_ways(std::vector<std::byte>{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}}, "4401020304");
  both_ways(std::string(), "60");
  both_ways(std::string("a"), "6161");
  both_ways(std::string("IETF"), "6449455446");
  both_ways(std::string("\"\\"), "62225c");
  both_ways(std::string("\u00fc"), "62c3bc");
  both_ways(std::string("\u6c34"), "63e6b0b4");
  both_ways(std::string("\xf0\x90\x85\x91"), "64f0908591");
}

TEST(CborAppendixA, ArraysAndMaps) {
  both_ways(std::vector<std::string>{}, "80");
  EXPECT_TRUE(from_hex<std::vector<int>>("80").empty());
  both_ways(std::tuple<int, int, int>{1, 2, 3}, "83010203");
  both_ways(std::tuple<int, std::tuple<int, int>, std::tuple<int, int>>{1, {2, 3}, {4, 5}}, "8301820203820405");
  constexpr prism::options plain_arrays{.format = prism::cbor_options{.typed_arrays = false}};
  EXPECT_EQ(cbor_hex<plain_arrays>(std::vector<int>{}), "80");
  std::vector<int> one_to_25(25);
  for (int i = 0; i < 25; ++i) one_to_25[static_cast<std::size_t>(i)] = i + 1;
  const char* hex25 = "98190102030405060708090a0b0c0d0e0f101112131415161718181819";
  EXPECT_EQ(cbor_hex<plain_arrays>(one_to_25), hex25);
  EXPECT_EQ(from_hex<std::vector<int>>(hex25), one_to_25);
  both_ways(std::map<std::string, int>{}, "a0");
  both_ways(std::map<int, int>{{1, 2}, {3, 4}}, "a201020304");
  EXPECT_EQ(cbor_hex<plain_arrays>(ab{1, {2, 3}}), "a26161016162820203");
  EXPECT_EQ(from_hex<ab>("a26161016162820203"), (ab{1, {2, 3}}));
  both_ways(std::tuple<std::string, std::map<std::string, std::string>>{"a", {{"b", "c"}}}, "826161a161626163");
  both_ways(std::map<std::string, std::string>{{"a", "A"}, {"b", "B"}, {"c", "C"}, {"d", "D"}, {"e", "E"}},
            "a56161614161626142616361436164614461656145");
}

TEST(CborAppendixA, IndefiniteLengthsRead) {
  const auto blob = from_hex<std::vector<std::byte>>("5f42010243030405ff");
  EXPECT_EQ(blob.size(), 5u);
  EXPECT_EQ(blob[4], std::byte{5});
  EXPECT_EQ(from_hex<std::string>("7f657374726561646d696e67ff"), "streaming");
  EXPECT_TRUE(from_hex<std::vector<int>>("9fff").empty());
  const three expected{1, {2, 3}, {4, 5}};
  for (const char* hex : {"9f018202039f0405ffff", "9f01820203820405ff", "83018202039f0405ff", "83019f0203ff820405"}) {
    EXPECT_EQ(from_hex<three>(hex), expected) << hex;
  }
  std::vector<int> one_to_25(25);
  for (int i = 0; i < 25; ++i) one_to_25[static_cast<std::size_t>(i)] = i + 1;
  EXPECT_EQ(from_hex<std::vector<int>>("9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff"), one_to_25);
  EXPECT_EQ(from_hex<ab>("bf61610161629f0203ffff"), (ab{1, {2, 3}}));
  EXPECT_EQ((from_hex<std::tuple<std::string, std::map<std::string, std::string>>>("826161bf61626163ff")),
            (std::tuple<std::string, std::map<std::string, std::string>>{"a", {{"b", "c"}}}));
  EXPECT_EQ(from_hex<fun_amt>("bf6346756ef563416d7421ff"), (fun_amt{true, -2}));
  // Tuples, pairs and variants take either length encoding; an indefinite one ends after its items.
  using pair = std::pair<int, std::string>;
  EXPECT_EQ(from_hex<pair>("9f016161ff"), (pair{1, "a"}));
  EXPECT_EQ((from_hex<std::tuple<int, bool, int>>("9f01f503ff")), (std::tuple<int, bool, int>{1, true, 3}));
  EXPECT_EQ((from_hex<std::variant<int, std::string>>("9f016161ff")), (std::variant<int, std::string>{"a"}));
  EXPECT_EQ((prism::read<prism::cbor, pair>(bytes_of("9f016161f5ff")).error().code), prism::errc::size_mismatch);
  EXPECT_FALSE((prism::read<prism::cbor, pair>(bytes_of("9f01ff"))));
  EXPECT_EQ((prism::read<prism::cbor, pair>(bytes_of("9f016161"))).error().code, prism::errc::unexpected_end);
  EXPECT_EQ((prism::read<prism::cbor, pair>(bytes_of("83016161f5")).error().code), prism::errc::size_mismatch);
}

TEST(CborTypedArrays, NativeLittleEndianTagsOnWrite) {
  EXPECT_EQ(cbor_hex(std::vector<std::uint8_t>{1, 2}), "d840420102");
  EXPECT_EQ(cbor_hex(std::vector<std::int8_t>{-1}), "d84841ff");
  EXPECT_EQ(cbor_hex(std::vector<std::uint16_t>{1}), "d845420100");
  EXPECT_EQ(cbor_hex(std::vector<std::int16_t>{-2}), "d84d42feff");
  EXPECT_EQ(cbor_hex(std::vector<std::uint32_t>{1}), "d8464401000000");
  EXPECT_EQ(cbor_hex(std::vector<std::int32_t>{1}), "d84e4401000000");
  EXPECT_EQ(cbor_hex(std::vector<std::uint64_t>{1}), "d847480100000000000000");
  EXPECT_EQ(cbor_hex(std::vector<std::int64_t>{1}), "d84f480100000000000000");
  EXPECT_EQ(cbor_hex(std::array<float, 1>{1.0f}), "d8554400" "00803f");
  EXPECT_EQ(cbor_hex(std::vector<double>{1.0}), "d85648000000000000f03f");
  EXPECT_EQ(cbor_hex(std::vector<double>{}), "d85640");  // an empty vector, whose data may be null
  EXPECT_EQ(cbor_hex(std::array<std::int32_t, 0>{}), "d84e40");
}

TEST(CborTypedArrays, EitherByteOrderAndOtherElementTypesOnRead) {
  EXPECT_EQ(from_hex<std::vector<std::uint16_t>>("d841440001ff00"), (std::vector<std::uint16_t>{1, 0xff00}));  // BE
  EXPECT_EQ(from_hex<std::vector<std::int32_t>>("d84a48fffffffe00000005"), (std::vector<std::int32_t>{-2, 5}));  // BE
  EXPECT_EQ(from_hex<std::vector<double>>("d852483ff8000000000000"), (std::vector<double>{1.5}));  // float64 BE
  EXPECT_EQ(from_hex<std::vector<float>>("d850423c00"), (std::vector<float>{1.0f}));  // float16 BE
  EXPECT_EQ(from_hex<std::vector<double>>("d8554400" "00c03f"), (std::vector<double>{1.5}));  // float32 LE into double
  EXPECT_EQ(from_hex<std::vector<std::int64_t>>("d840420102"), (std::vector<std::int64_t>{1, 2}));  // uint8 into int64
  EXPECT_EQ(from_hex<std::vector<std::uint8_t>>("d8444201ff"), (std::vector<std::uint8_t>{1, 255}));  // clamped
  EXPECT_EQ(from_hex<std::vector<int>>("d8405f4101420203ff"), (std::vector<int>{1, 2, 3}));  // chunked bytes
  EXPECT_EQ((prism::read<prism::cbor, std::vector<std::uint8_t>>(bytes_of("d845420001")).error().code),
            prism::errc::out_of_range);  // 256 into uint8
  EXPECT_EQ((prism::read<prism::cbor, std::vector<int>>(bytes_of("d8564800000000000000f03f")).error().code),
            prism::errc::type_mismatch);  // floats into ints
  EXPECT_EQ((prism::read<prism::cbor, std::vector<std::uint16_t>>(bytes_of("d84543010203")).error().code),
            prism::errc::invalid_value);  // 3 bytes of uint16
  EXPECT_EQ((prism::read<prism::cbor, std::array<float, 2>>(bytes_of("d8554400000000")).error().code),
            prism::errc::size_mismatch);
  // Plain arrays and byte strings read into numeric ranges too.
  EXPECT_EQ(from_hex<std::vector<float>>("82f93c00f93e00"), (std::vector<float>{1.0f, 1.5f}));
  EXPECT_EQ(from_hex<std::vector<std::uint8_t>>("420102"), (std::vector<std::uint8_t>{1, 2}));
}

struct zebra {
  int zz, a, bb, c;
};

TEST(CborDeterministic, KeysInBytewiseOrderOfTheirEncodings) {
  // Shorter keys first (their heads are smaller), then bytewise: a, c, bb, zz.
  EXPECT_EQ(cbor_hex<deterministic>(zebra{1, 2, 3, 4}), "a461610261630462626203627a7a01");
  EXPECT_EQ(cbor_hex(zebra{1, 2, 3, 4}), "a4627a7a0161610262626203616304");
  EXPECT_EQ(cbor_hex<deterministic>(std::map<std::string, int>{{"bb", 1}, {"a", 2}, {"c", 3}}), "a3616102616303626262" "01");
  EXPECT_EQ(cbor_hex<deterministic>(std::map<int, int>{{-1, 0}, {1, 0}, {100, 0}}), "a3010018640020" "00");
  const auto read_back = prism::read<prism::cbor, zebra>(bytes_of("a461610261630462626203627a7a01"));
  ASSERT_TRUE(read_back);
  EXPECT_EQ(read_back->zz, 1);
}

struct leaf {
  std::string name;
  std::vector<std::int32_t> values;
};
struct tree {
  int id;
  std::vector<leaf> leaves;
  std::optional<double> weight;
};

std::string sample_tree() {
  std::string out;
  EXPECT_TRUE(prism::write<prism::cbor>(tree{7, {{"alpha", {1, 2, 300}}, {"\u00e9t\u00e9", {-5}}}, 2.5}, out));
  return out;
}

TEST(CborBadInput, EveryTruncationFailsWithAnOffsetInside) {
  const std::string full = sample_tree();
  for (std::size_t n = 0; n < full.size(); ++n) {
    auto r = prism::read<prism::cbor, tree>(std::string_view(full).substr(0, n));
    ASSERT_FALSE(r) << n;
    EXPECT_LE(r.error().offset, n);
  }
  EXPECT_TRUE((prism::read<prism::cbor, tree>(full)));
}

TEST(CborBadInput, RandomByteFlipsNeverCrash) {
  const std::string full = sample_tree();
  std::mt19937 rng(42);
  for (int i = 0; i < 20000; ++i) {
    std::string bytes = full;
    for (int k = 0; k < 3; ++k) bytes[rng() % bytes.size()] = static_cast<char>(rng());
    auto r = prism::read<prism::cbor, tree>(bytes);
    if (!r) {
      EXPECT_LE(r.error().offset, bytes.size());
    }
  }
}

TEST(CborBadInput, HugeLengthsInTinyInputsAllocateNothing) {
  for (const char* hex : {"9bffffffffffffffff00", "9b000000010000000000", "5bffffffffffffffff", "bbffffffffffffffff00",
                          "d8565bffffffffffffffff"}) {
    auto r = prism::read<prism::cbor, std::vector<double>>(bytes_of(hex));
    ASSERT_FALSE(r) << hex;
    EXPECT_TRUE(r.error().code == prism::errc::unexpected_end || r.error().code == prism::errc::too_many_elements ||
                r.error().code == prism::errc::type_mismatch)
        << hex << ": " << r.error().message();
  }
  // An indefinite array that never ends.
  EXPECT_EQ((prism::read<prism::cbor, std::vector<int>>(bytes_of("9f010203")).error().code), prism::errc::unexpected_end);
}

struct node {
  std::vector<node> children;
};

TEST(CborBadInput, DeepNestingStopsAtTheLimit) {
  std::string deep(100000, static_cast<char>(0x81));
  deep.push_back(0);
  auto r = prism::read<prism::cbor, node>(deep);
  ASSERT_FALSE(r);
  EXPECT_TRUE(r.error().code == prism::errc::too_deep || r.error().code == prism::errc::type_mismatch) << r.error().message();
  // Skipping an unknown member that nests deeply is bounded too.
  std::string skipped = bytes_of("a1617a") + std::string(100000, static_cast<char>(0x9f));
  EXPECT_EQ((prism::read<prism::cbor, fun_amt>(skipped).error().code), prism::errc::too_deep);
}

// The chunks of an indefinite-length string are definite strings of its own type (RFC 8949
// section 3.2.3). Skipping one that opens another must fail at once, at any depth, without
// recursing: 200 000 nested openers used to overflow the stack.
TEST(CborBadInput, SkippedIndefiniteStringsTakeOnlyDefiniteChunksOfTheirType) {
  const std::string nested = bytes_of("a2617a") + std::string(200000, static_cast<char>(0x5f)) + bytes_of("6141") + "\x01";
  const auto read = prism::read<prism::cbor, fun_amt>(nested);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(read.error().offset, 4u);
  EXPECT_EQ(read.error().path, "[\"z\"]");
  const auto looked_up = prism::view<prism::cbor>(nested)["A"].as<int>();
  ASSERT_FALSE(looked_up);
  EXPECT_EQ(looked_up.error().code, prism::errc::type_mismatch);

  for (const char* chunks : {"7f4161ff", "5f6161ff", "7fc16161ff", "5f5f4161ffff", "7f7f6161ffff", "7f6161"}) {
    const auto r = prism::read<prism::cbor, fun_amt>(bytes_of(std::string("a1617a") + chunks));
    EXPECT_FALSE(r) << chunks;
  }
  for (const char* chunks : {"7f6161ff", "7f61616162ff", "5f4161ff", "7fff", "5fff"}) {
    const auto r = prism::read<prism::cbor, fun_amt>(bytes_of(std::string("a1617a") + chunks));
    EXPECT_TRUE(r) << chunks << ": " << r.error().message();
    const auto missing = prism::view<prism::cbor>(bytes_of(std::string("a1617a") + chunks))["A"];
    ASSERT_FALSE(missing) << chunks;
    EXPECT_EQ(missing.failure()->code, prism::errc::missing_key) << chunks;
  }
}

TEST(CborBadInput, InvalidUtf8WrongTypesReservedBytes) {
  auto bad_text = prism::read<prism::cbor, std::string>(bytes_of("62c328"));
  ASSERT_FALSE(bad_text);
  EXPECT_EQ(bad_text.error().code, prism::errc::invalid_utf8);
  EXPECT_EQ(bad_text.error().offset, 1u);
  EXPECT_TRUE((prism::read<prism::cbor, std::string, prism::options{.validate_utf8 = false}>(bytes_of("62c328"))));

  auto wrong = prism::read<prism::cbor, tree>(bytes_of("a362696407666c65617665738163616263"));
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, prism::errc::type_mismatch);
  EXPECT_NE(wrong.error().message().find("leaves[0]"), std::string::npos) << wrong.error().message();

  for (const char* hex : {"1c", "3d", "5e", "ff", "f818"}) {
    auto r = prism::read<prism::cbor, fun_amt>(bytes_of(std::string("a1617a") + hex));
    EXPECT_FALSE(r) << hex;
  }
  EXPECT_EQ((prism::read<prism::cbor, int>(bytes_of("0100")).error().code), prism::errc::trailing_bytes);
  EXPECT_EQ((prism::read<prism::cbor, std::string>(bytes_of("7f6161")).error().code), prism::errc::unexpected_end);
  EXPECT_EQ((prism::read<prism::cbor, std::string>(bytes_of("7f4161ff")).error().code), prism::errc::type_mismatch);
}

}  // namespace cbor_test_types
