// BEVE: byte vectors worked out from the v1.0 specification (headers, SIZE widths, typed arrays,
// bit-packed bools, string arrays, objects with string and integer keys, the type-tag extension),
// conversions on read, skipping of every value type, and bad input.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <complex>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include <prism/beve.hpp>

#include "support/io.hpp"

namespace beve_test_types {

using testing_support::bytes_of;
using testing_support::hex_of;

template <prism::options O = prism::beve::defaults, class T>
std::string beve_hex(const T& value) {
  std::string out;
  EXPECT_TRUE((prism::write<prism::beve, O>(value, out)));
  return hex_of(out);
}

template <class T, prism::options O = prism::beve::defaults>
T from_hex(std::string_view hex) {
  auto r = prism::read<prism::beve, T, O>(bytes_of(hex));
  EXPECT_TRUE(r) << hex << ": " << r.error().message();
  return r ? std::move(*r) : T{};
}

template <class T>
void both_ways(const T& value, std::string_view hex) {
  EXPECT_EQ(beve_hex(value), hex);
  EXPECT_TRUE(from_hex<T>(hex) == value) << hex;
}

struct ab {
  int a;
  std::vector<int> b;
  friend bool operator==(const ab&, const ab&) = default;
};

struct only_id {
  std::uint8_t id;
};

TEST(Beve, NullBoolsAndNumbers) {
  EXPECT_EQ(beve_hex(std::optional<int>()), "00");
  EXPECT_FALSE(from_hex<std::optional<int>>("00").has_value());
  both_ways(false, "08");
  both_ways(true, "18");
  both_ways(std::int8_t{-1}, "09ff");
  both_ways(std::int16_t{-2}, "29feff");
  both_ways(std::int32_t{1}, "4901000000");
  both_ways(std::int64_t{-1}, "69ffffffffffffffff");
  both_ways(std::uint8_t{200}, "11c8");
  both_ways(std::uint16_t{0x1234}, "313412");
  both_ways(std::uint32_t{1}, "5101000000");
  both_ways(std::uint64_t{5}, "710500000000000000");
  both_ways(1.5f, "410000c03f");
  both_ways(1.5, "61000000000000f83f");
}

TEST(Beve, NumbersConvertWhenTheValueFits) {
  EXPECT_EQ(from_hex<int>("11c8"), 200);                 // uint8 into int
  EXPECT_EQ(from_hex<std::int64_t>("09ff"), -1);         // int8 into int64
  EXPECT_EQ(from_hex<double>("410000c03f"), 1.5);        // float into double
  EXPECT_EQ(from_hex<double>("4905000000"), 5.0);        // int32 into double
  EXPECT_EQ(from_hex<float>("01c03f"), 1.5f);            // bfloat16
  EXPECT_EQ(from_hex<double>("21003e"), 1.5);            // IEEE half
  EXPECT_EQ((prism::read<prism::beve, std::uint8_t>(bytes_of("310001")).error().code), prism::errc::out_of_range);
  EXPECT_EQ((prism::read<prism::beve, unsigned>(bytes_of("09ff")).error().code), prism::errc::out_of_range);
  EXPECT_EQ((prism::read<prism::beve, int>(bytes_of("410000c03f")).error().code), prism::errc::type_mismatch);
  EXPECT_EQ((prism::read<prism::beve, int>(bytes_of("8900000000000000000000000000000000")).error().code),
            prism::errc::invalid_value);  // int128
}

TEST(Beve, StringsAndSizes) {
  both_ways(std::string("abc"), "020c616263");
  both_ways(std::string(), "0200");
  // SIZE widths: 1 byte below 64, 2 below 2^14, 4 below 2^30.
  EXPECT_EQ(beve_hex(std::string(63, 'x')).substr(0, 4), "02fc");
  EXPECT_EQ(beve_hex(std::string(64, 'x')).substr(0, 6), "020101");
  EXPECT_EQ(beve_hex(std::string(100, 'x')).substr(0, 6), "029101");
  EXPECT_EQ(beve_hex(std::string(16384, 'x')).substr(0, 10), "0202000100");
  EXPECT_EQ(beve_hex(std::vector<std::uint16_t>(10000)).substr(0, 6), "34419c");  // the spec's 10 000 example
  // A reader takes any width, not only the smallest.
  EXPECT_EQ(from_hex<std::string>("020d00616263"), "abc");
  EXPECT_EQ(from_hex<std::string>("020e000000616263"), "abc");
  EXPECT_EQ(from_hex<std::string>("020f00000000000000616263"), "abc");
}

TEST(Beve, TypedArrays) {
  both_ways(std::vector<double>{1.0}, "6404000000000000f03f");
  both_ways(std::vector<float>{1.5f, -2.0f}, "44080000c03f000000c0");
  both_ways(std::vector<std::int32_t>{2, 3}, "4c080200000003000000");
  both_ways(std::array<std::uint8_t, 3>{1, 2, 3}, "140c010203");
  both_ways(std::vector<std::int16_t>{-1}, "2c04ffff");
  both_ways(std::vector<std::uint64_t>{7}, "74040700000000000000");
  both_ways(std::vector<bool>{true, false, true}, "1c0ca0");
  both_ways(std::vector<bool>{true, true, true, true, true, true, true, true, true}, "1c24ff80");
  both_ways(std::vector<std::string>{"a", "bc"}, "3c0804610862" "63");
  both_ways(std::vector<std::byte>{std::byte{1}, std::byte{2}}, "14080102");
  // Other element types convert element by element; plain arrays read too.
  EXPECT_EQ(from_hex<std::vector<std::int64_t>>("140c010203"), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(from_hex<std::vector<double>>("44080000c03f000000c0"), (std::vector<double>{1.5, -2.0}));
  EXPECT_EQ(from_hex<std::vector<int>>("0508" "4901000000" "1102"), (std::vector<int>{1, 2}));
  EXPECT_EQ((prism::read<prism::beve, std::vector<std::uint8_t>>(bytes_of("2c04ffff")).error().code), prism::errc::out_of_range);
  EXPECT_EQ((prism::read<prism::beve, std::array<int, 3>>(bytes_of("4c080200000003000000")).error().code),
            prism::errc::size_mismatch);
}

TEST(Beve, ObjectsStructsMapsVariantsTuples) {
  both_ways(ab{1, {2, 3}}, "0308" "0461" "4901000000" "0462" "4c080200000003000000");
  EXPECT_EQ((beve_hex<prism::options{.structs_as_arrays = true}>(ab{1, {2, 3}})), "0508" "4901000000" "4c080200000003000000");
  EXPECT_EQ((from_hex<ab>("0508" "4901000000" "4c080200000003000000")), (ab{1, {2, 3}}));
  EXPECT_EQ((from_hex<ab>("0308" "0462" "4c080200000003000000" "0461" "4901000000")), (ab{1, {2, 3}}));  // any order
  both_ways(std::map<std::string, std::uint8_t>{{"k", 1}}, "0304" "046b" "1101");
  both_ways(std::map<std::int32_t, std::string>{{1, "x"}}, "4b04" "01000000" "020478");
  both_ways(std::map<std::uint16_t, bool>{{2, true}}, "3304" "0200" "18");
  both_ways(std::variant<int, std::string>{std::string("s")}, "0e04" "020473");
  both_ways(std::variant<int, std::string>{7}, "0e00" "4907000000");
  both_ways(std::tuple<std::int8_t, bool>{5, true}, "0508" "0905" "18");
  using namespace std::chrono;
  both_ways(sys_time<nanoseconds>{nanoseconds{1363896240123456789}}, "6915ad0c776788ed12");
}

// An object's SIZE in two or four bytes (other writers may spend them) reads as in one, keys
// in order or not, alone and as elements; a missing field is reported at the struct's head.
TEST(Beve, StructsUnderLongerSizes) {
  for (const char* size : {"08", "0900", "0a000000"}) {
    const std::string in_order = std::string("03") + size + "0461" "4901000000" "0462" "4c080200000003000000";
    const std::string reversed = std::string("03") + size + "0462" "4c080200000003000000" "0461" "4901000000";
    EXPECT_EQ(from_hex<ab>(in_order), (ab{1, {2, 3}})) << size;
    EXPECT_EQ(from_hex<ab>(reversed), (ab{1, {2, 3}})) << size;
    EXPECT_EQ(from_hex<std::vector<ab>>("0508" + in_order + reversed), (std::vector<ab>{{1, {2, 3}}, {1, {2, 3}}})) << size;
  }
  constexpr prism::options strict{.error_on_missing_keys = true};
  for (const char* size : {"04", "0500", "06000000"}) {
    const std::string only_a = std::string("03") + size + "0461" "4901000000";
    const std::string whole = "0308" "0461" "4901000000" "0462" "4c080200000003000000";
    const auto refused = prism::read<prism::beve, std::vector<ab>, strict>(bytes_of("0508" + whole + only_a));
    ASSERT_FALSE(refused) << size;
    EXPECT_EQ(refused.error().code, prism::errc::missing_key);
    EXPECT_EQ(refused.error().offset, 2 + whole.size() / 2) << refused.error().message();
  }
}

TEST(Beve, UnknownMembersOfEveryKindAreSkipped) {
  // {"a": <value>, "id": 7} read into only_id, for every kind of value under "a".
  const char* values[] = {
      "00", "18", "61000000000000f83f", "020c616263",                    // null, bool, double, string
      "0308" "0461" "1101" "0462" "0e04020473",                          // object with a variant inside
      "4b04" "01000000" "020478",                                        // integer-keyed object
      "4c080200000003000000", "1c0ca0", "3c0804610862" "63",             // typed arrays: int32, bools, strings
      "0508" "00" "0508" "18" "08",                                      // nested generic arrays
      "16" "00" "3408" "0100" "0300" "640c" "000000000000f03f" "0000000000000040" "0000000000000840",  // matrix 1x3, row-major
      "1e" "60" "000000000000f03f" "0000000000000040",                  // complex double
      "1e" "41" "04" "0000803f" "00000040",                             // array of one complex float
  };
  for (const char* value : values) {
    const std::string hex = std::string("0308" "0461") + value + "0869641107";
    auto r = prism::read<prism::beve, only_id>(bytes_of(hex));
    ASSERT_TRUE(r) << value << ": " << r.error().message();
    EXPECT_EQ(r->id, 7) << value;
  }
  // A data delimiter separates values in a stream; it is no value (views and transcodes refuse it too).
  auto delimiter = prism::read<prism::beve, only_id>(bytes_of("0308" "0461" "06" "0869641107"));
  ASSERT_FALSE(delimiter);
  EXPECT_EQ(delimiter.error().code, prism::errc::invalid_value);
  auto strict = prism::read<prism::beve, only_id, prism::options{.error_on_unknown_keys = true}>(bytes_of("0308" "0461" "00" "0869641107"));
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().code, prism::errc::unknown_key);
}

TEST(Beve, ViewsShowVariantsComplexNumbersAndBfloat16Arrays) {
  const std::string variant = bytes_of("0e04" "020473");  // index 1, "s"
  const auto v = prism::view<prism::beve>(variant);
  ASSERT_EQ(v.type(), prism::value_type::array);
  EXPECT_EQ(v.size().value(), 2u);
  EXPECT_EQ(v[0].as<int>().value(), 1);
  EXPECT_EQ(v[1].as<std::string>().value(), "s");
  using prism::value;
  EXPECT_EQ((prism::read<prism::beve, value>(variant).value()), value(value::array{value(1), value("s")}));

  const std::string pair = bytes_of("1e" "60" "000000000000f03f" "0000000000000040");  // 1 + 2i
  EXPECT_EQ((prism::read<prism::beve, value>(pair).value()), value(value::array{value(1.0), value(2.0)}));
  const std::string complex_array = bytes_of("1e" "41" "04" "0000803f" "00000040");  // {1 + 2i}
  const auto t = prism::view<prism::beve>(complex_array).as_tensor<std::complex<float>, 1>();
  ASSERT_TRUE(t) << t.error().message();
  EXPECT_EQ(t->view()(0), std::complex<float>(1, 2));

  const std::string bfloat16 = bytes_of("04" "08" "803f" "0040");  // {1, 2} as bfloat16
  const auto b = prism::view<prism::beve>(bfloat16);
  ASSERT_EQ(b.type(), prism::value_type::array);
  EXPECT_EQ(b[1].as<float>().value(), 2.0f);
  EXPECT_EQ((prism::read<prism::beve, value>(bfloat16).value()), value(value::array{value(1.0), value(2.0)}));
  EXPECT_TRUE((prism::transcode<prism::beve, prism::beve>(variant)));
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
struct node {
  std::vector<node> children;
};

std::string sample_tree() {
  std::string out;
  EXPECT_TRUE(prism::write<prism::beve>(tree{7, {{"alpha", {1, 2, 300}}, {"\u00e9t\u00e9", {-5}}}, 2.5}, out));
  return out;
}

TEST(BeveBadInput, EveryTruncationFailsWithAnOffsetInside) {
  const std::string full = sample_tree();
  for (std::size_t n = 0; n < full.size(); ++n) {
    auto r = prism::read<prism::beve, tree>(std::string_view(full).substr(0, n));
    ASSERT_FALSE(r) << n;
    EXPECT_LE(r.error().offset, n);
  }
  EXPECT_TRUE((prism::read<prism::beve, tree>(full)));
}

TEST(BeveBadInput, RandomByteFlipsNeverCrash) {
  const std::string full = sample_tree();
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::string bytes = full;
    for (int k = 0; k < 3; ++k) bytes[rng() % bytes.size()] = static_cast<char>(rng());
    auto r = prism::read<prism::beve, tree>(bytes);
    if (!r) {
      EXPECT_LE(r.error().offset, bytes.size());
    }
  }
}

TEST(BeveBadInput, HugeSizesInTinyInputsAllocateNothing) {
  for (const char* hex : {"64ffffffffffffffff00", "05ffffffffffffffff00", "03ffffffffffffffff", "3cfeffffff00", "1cffffffffffffffff"}) {
    auto r = prism::read<prism::beve, std::vector<double>>(bytes_of(hex));
    ASSERT_FALSE(r) << hex;
  }
  for (const char* hex : {"05ffffffffffffffff00", "3cfeffffff00", "1cffffffffffffffff"}) {
    auto strings = prism::read<prism::beve, std::vector<std::string>>(bytes_of(hex));
    ASSERT_FALSE(strings) << hex;
    auto bools = prism::read<prism::beve, std::vector<bool>>(bytes_of(hex));
    ASSERT_FALSE(bools) << hex;
  }
}

TEST(BeveBadInput, DeepNestingStopsAtTheLimit) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += bytes_of("0504");
  deep += bytes_of("0500");
  auto r = prism::read<prism::beve, node>(deep);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::too_deep) << r.error().message();
  auto skipped = prism::read<prism::beve, only_id>(bytes_of("0304" "0461") + deep);
  ASSERT_FALSE(skipped);
  EXPECT_EQ(skipped.error().code, prism::errc::too_deep);
}

TEST(BeveBadInput, InvalidUtf8WrongTypesReservedHeaders) {
  auto bad_text = prism::read<prism::beve, std::string>(bytes_of("0208c328"));
  ASSERT_FALSE(bad_text);
  EXPECT_EQ(bad_text.error().code, prism::errc::invalid_utf8);
  EXPECT_EQ(bad_text.error().offset, 2u);

  auto wrong = prism::read<prism::beve, tree>(bytes_of("030c" "086964" "4907000000" "186c6561766573" "0504" "020c616263"));
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, prism::errc::type_mismatch);
  EXPECT_NE(wrong.error().message().find("leaves[0]"), std::string::npos) << wrong.error().message();

  for (const char* value : {"07", "10", "19", "2e", "3e"}) {  // reserved type, bad null/bool, unknown extensions
    auto r = prism::read<prism::beve, only_id>(bytes_of(std::string("0308" "0461") + value + "0869641107"));
    EXPECT_FALSE(r) << value;
  }
  EXPECT_EQ((prism::read<prism::beve, int>(bytes_of("490100000000")).error().code), prism::errc::trailing_bytes);
}

}  // namespace beve_test_types
