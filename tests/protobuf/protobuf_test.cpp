// The protobuf wire format: the encoding guide's examples byte for byte, field numbers, presence,
// proto3 read semantics (any order, last wins, merge, unknown fields) and bad input.
#include <gtest/gtest.h>

#include <prism/protobuf.hpp>

#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace protobuf_test_types {

std::string hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    if (!out.empty()) out += ' ';
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string unhex(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i + 1 < text.size(); i += 3)
    out += static_cast<char>(std::stoi(std::string(text.substr(i, 2)), nullptr, 16));
  return out;
}

template <class T, prism::options O = prism::protobuf::defaults>
std::string encode(const T& v) {
  std::string out;
  EXPECT_TRUE((prism::write<prism::protobuf, O>(v, out)));
  return hex(out);
}

struct Test1 {
  std::int32_t a;
};
struct Test2 {
  std::string b;  // field 2 in the guide: set with meta below
};
struct Test3 {
  Test1 c;
};
struct Packed {
  std::vector<std::int32_t> d;
};
struct Signed {
  std::int32_t plain;
  std::int32_t zig;
  std::int64_t fixed;
};
struct Oneof {
  std::int32_t before;
  std::variant<std::monostate, std::int32_t, std::string> choice;
  std::int32_t after;
};
struct Presence {
  std::int32_t implicit;
  std::optional<std::int32_t> explicit_;
  std::string text;
  std::vector<double> values;
};
struct Maps {
  std::map<std::string, std::int32_t> counts;
};
struct Nested {
  std::int32_t id;
  Test1 inner;
  std::vector<Test1> many;
  std::vector<std::int32_t> numbers;
  std::string name;
};
struct Flat {  // every member has implicit or explicit presence: a field prefix re-encodes to itself
  std::int32_t id;
  std::optional<Test1> inner;
  std::vector<Test1> many;
  std::vector<std::int32_t> numbers;
  std::string name;
};
struct Narrow {
  std::uint8_t small;
  std::int16_t medium;
  std::array<std::int32_t, 3> triple;
};

}  // namespace protobuf_test_types

template <>
struct prism::meta<protobuf_test_types::Test2> {
  static constexpr auto fields = std::tuple{prism::field<&protobuf_test_types::Test2::b>().with(protobuf_field{.number = 2})};
};
template <>
struct prism::meta<protobuf_test_types::Test3> {
  static constexpr auto fields = std::tuple{prism::field<&protobuf_test_types::Test3::c>().with(protobuf_field{.number = 3})};
};
template <>
struct prism::meta<protobuf_test_types::Packed> {
  static constexpr auto fields = std::tuple{prism::field<&protobuf_test_types::Packed::d>().with(protobuf_field{.number = 4})};
};
template <>
struct prism::meta<protobuf_test_types::Signed> {
  using S = protobuf_test_types::Signed;
  static constexpr auto fields =
      std::tuple{prism::field<&S::plain>(), prism::field<&S::zig>().with(protobuf_field{.encoding = protobuf_integer::zigzag}),
                 prism::field<&S::fixed>().with(protobuf_field{.number = 9, .encoding = protobuf_integer::fixed})};
};

using namespace protobuf_test_types;

// https://protobuf.dev/programming-guides/encoding/
TEST(Protobuf, EncodingGuideExamples) {
  EXPECT_EQ(encode(Test1{150}), "08 96 01");
  EXPECT_EQ(encode(Test2{"testing"}), "12 07 74 65 73 74 69 6e 67");
  EXPECT_EQ(encode(Test3{{150}}), "1a 03 08 96 01");
  EXPECT_EQ(encode(Packed{{3, 270, 86942}}), "22 06 03 8e 02 9e a7 05");
  auto t = prism::read<prism::protobuf, Packed>(unhex("22 06 03 8e 02 9e a7 05"));
  ASSERT_TRUE(t) << t.error().message();
  EXPECT_EQ(t->d, (std::vector<std::int32_t>{3, 270, 86942}));
  // Unpacked elements are read too, and appended to packed ones.
  t = prism::read<prism::protobuf, Packed>(unhex("20 03 22 02 8e 02 20 01"));
  ASSERT_TRUE(t) << t.error().message();
  EXPECT_EQ(t->d, (std::vector<std::int32_t>{3, 270, 1}));
}

// A length beyond the input is refused from a stream as from a span: one near 2^64 once wrapped
// the end of the nested message around, and the stream read took it as an empty message.
TEST(Protobuf, ALengthBeyondTheInputIsRefusedFromStreamsToo) {
  for (const char* bytes : {"1a f6 ff ff ff ff ff ff ff ff 01 08 01", "1a 09 08 01"}) {
    const auto from_span = prism::read<prism::protobuf, Test3>(unhex(bytes));
    ASSERT_FALSE(from_span) << bytes;
    EXPECT_EQ(from_span.error().code, prism::errc::unexpected_end);
    std::istringstream stream(unhex(bytes));
    const auto from_stream = prism::read<prism::protobuf, Test3>(stream);
    ASSERT_FALSE(from_stream) << bytes;
    EXPECT_EQ(from_stream.error().code, prism::errc::unexpected_end);
  }
}

TEST(Protobuf, SignedEncodings) {
  // int32 -1 is ten bytes (sign-extended), sint32 -1 zigzags to 1, sfixed64 is eight bytes.
  EXPECT_EQ(encode(Signed{-1, -1, -2}), "08 ff ff ff ff ff ff ff ff ff 01 10 01 49 fe ff ff ff ff ff ff ff");
  EXPECT_EQ(encode(Signed{1, 1, 0}), "08 01 10 02");
  EXPECT_EQ(encode(Signed{0, std::numeric_limits<std::int32_t>::min(), 0}), "10 ff ff ff ff 0f");
  // options::zigzag makes every signed integer without an encoding in meta a sint.
  constexpr prism::options zigzag{.format = prism::protobuf_options{.zigzag = true}};
  EXPECT_EQ((encode<Test1, zigzag>(Test1{-3})), "08 05");
  auto s = prism::read<prism::protobuf, Signed>(unhex("08 ff ff ff ff ff ff ff ff ff 01 10 03 49 fe ff ff ff ff ff ff ff"));
  ASSERT_TRUE(s) << s.error().message();
  EXPECT_EQ(s->plain, -1);
  EXPECT_EQ(s->zig, -2);
  EXPECT_EQ(s->fixed, -2);
}

TEST(Protobuf, OneofTakesANumberPerAlternative) {
  // before = 1, choice: int = 2, string = 3 (monostate has none), after = 4.
  EXPECT_EQ(encode(Oneof{1, std::int32_t{0}, 2}), "08 01 10 00 20 02");
  EXPECT_EQ(encode(Oneof{0, std::string("x"), 0}), "1a 01 78");
  EXPECT_EQ(encode(Oneof{0, std::monostate{}, 0}), "");
  auto r = prism::read<prism::protobuf, Oneof>(unhex("10 07 1a 01 79"));  // the last member set wins
  ASSERT_TRUE(r);
  ASSERT_EQ(r->choice.index(), 2u);
  EXPECT_EQ(std::get<2>(r->choice), "y");
}

TEST(Protobuf, ImplicitAndExplicitPresence) {
  EXPECT_EQ(encode(Presence{0, std::nullopt, "", {}}), "");
  EXPECT_EQ(encode(Presence{0, 0, "", {}}), "10 00");
  EXPECT_EQ(encode(Presence{0, std::nullopt, "", {-0.0}}), "22 08 00 00 00 00 00 00 00 80");
  auto r = prism::read<prism::protobuf, Presence>(unhex("10 00"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->explicit_, std::optional<std::int32_t>(0));
}

TEST(Protobuf, MapsAreEntryMessages) {
  EXPECT_EQ(encode(Maps{{{"a", 1}, {"b", 0}}}), "0a 05 0a 01 61 10 01 0a 05 0a 01 62 10 00");
  // Entries may omit key or value (defaults), put them in any order, and repeat keys (last wins).
  auto r = prism::read<prism::protobuf, Maps>(unhex("0a 05 10 07 0a 01 61 0a 02 10 09 0a 05 0a 01 61 10 02"));
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->counts, (std::map<std::string, std::int32_t>{{"", 9}, {"a", 2}}));
}

TEST(Protobuf, AnyOrderLastWinsMergeAndUnknownFields) {
  // inner (2) twice: merged; id (1) twice: last wins; unknown fields 9 (varint), 10 (fixed64),
  // 11 (length), 12 (fixed32) and a group 13 are skipped.
  const std::string bytes = unhex(
      "2a 01 7a 12 02 08 05 08 01 48 96 01 51 01 02 03 04 05 06 07 08 5a 02 aa bb 65 01 02 03 04 "
      "6b 08 01 6c 12 00 08 02");
  auto r = prism::read<prism::protobuf, Nested>(bytes);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->id, 2);
  EXPECT_EQ(r->inner.a, 5);
  EXPECT_EQ(r->name, "z");
  constexpr prism::options strict{.error_on_unknown_keys = true};
  auto s = prism::read<prism::protobuf, Nested, strict>(bytes);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, prism::errc::unknown_key);
  EXPECT_EQ(s.error().offset, 9u);
}

TEST(Protobuf, ReadingIntoAnObjectGivesAbsentFieldsTheirDefaults) {
  Nested n{7, {8}, {{1}, {2}, {3}}, {4, 5, 6}, "name"};
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::protobuf>(Nested{0, {0}, {{9}}, {1}, ""}, bytes));
  ASSERT_TRUE(prism::read<prism::protobuf>(n, bytes));
  EXPECT_EQ(n.id, 0);
  EXPECT_EQ(n.inner.a, 0);
  ASSERT_EQ(n.many.size(), 1u);
  EXPECT_EQ(n.many[0].a, 9);
  EXPECT_EQ(n.numbers, std::vector<std::int32_t>{1});
  EXPECT_EQ(n.name, "");
}

TEST(Protobuf, NarrowIntegersAndFixedArrays) {
  EXPECT_EQ(encode(Narrow{200, -2, {1, 0, 3}}), "08 c8 01 10 fe ff ff ff ff ff ff ff ff 01 1a 03 01 00 03");
  auto r = prism::read<prism::protobuf, Narrow>(unhex("08 ac 02"));  // 300 into uint8_t
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::out_of_range);
  EXPECT_EQ(r.error().offset, 1u);
  EXPECT_EQ(r.error().path, "small");
  r = prism::read<prism::protobuf, Narrow>(unhex("1a 04 01 02 03 04"));  // four into std::array<int, 3>
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::size_mismatch);
  EXPECT_EQ(r.error().path, "triple");
}

TEST(Protobuf, TopLevelValuesThatAreNotStructsAreField1) {
  EXPECT_EQ(encode(std::vector<std::uint32_t>{1, 2}), "0a 02 01 02");
  EXPECT_EQ(encode(std::string("hi")), "0a 02 68 69");
  EXPECT_EQ(encode(std::vector<std::vector<std::int32_t>>{{1}, {}}), "0a 03 0a 01 01 0a 00");
  auto r = prism::read<prism::protobuf, std::vector<std::vector<std::int32_t>>>(unhex("0a 03 0a 01 01 0a 00"));
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, (std::vector<std::vector<std::int32_t>>{{1}, {}}));
}

TEST(Protobuf, WireTypeMismatchNamesTheField) {
  auto r = prism::read<prism::protobuf, Nested>(unhex("0a 01 00"));  // id as length-delimited
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(r.error().path, "id");
  EXPECT_EQ(r.error().expected, "varint");
  EXPECT_EQ(r.error().found, "length-delimited");
  r = prism::read<prism::protobuf, Nested>(unhex("1a 02 08 01 1a 03 0d 00 00"));  // many[1].a as fixed32
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().path, "many[1].a");
  EXPECT_EQ(r.error().offset, 6u);
}

TEST(Protobuf, MalformedInput) {
  const auto code = [](std::string_view h) {
    auto r = prism::read<prism::protobuf, Nested>(unhex(h));
    return r ? prism::errc::ok : r.error().code;
  };
  EXPECT_EQ(code("08 ff ff ff ff ff ff ff ff ff ff 01"), prism::errc::invalid_value);  // 11-byte varint
  EXPECT_EQ(code("08 ff ff ff ff ff ff ff ff ff 02"), prism::errc::invalid_value);     // beyond 64 bits
  EXPECT_EQ(code("00 01"), prism::errc::invalid_value);                                // field number 0
  EXPECT_EQ(code("0e 01"), prism::errc::invalid_value);                                // wire type 6
  EXPECT_EQ(code("0c"), prism::errc::invalid_value);                                   // group end alone
  EXPECT_EQ(code("2a ff ff ff ff 0f 61"), prism::errc::unexpected_end);                // 4 GB string in 7 bytes
  EXPECT_EQ(code("2a 02 c3 28"), prism::errc::invalid_utf8);
  EXPECT_EQ(code("22 02 01 81"), prism::errc::unexpected_end);                         // packed varint cut
  EXPECT_EQ(code("12 01 08 96 01"), prism::errc::unexpected_end);                      // field overruns message
  EXPECT_EQ(code("2a 02 61"), prism::errc::unexpected_end);
  EXPECT_EQ(code("08"), prism::errc::unexpected_end);
  EXPECT_EQ(code("6b 08 01"), prism::errc::unexpected_end);                            // unterminated group
}

// A field's key is read as libprotobuf reads it: at most 5 bytes and 32 bits (the differential
// fuzz target found a 6-byte key prism took and libprotobuf refuses). libprotobuf drops the bits
// of a 5-byte key beyond the 32nd; prism refuses it, as it refuses a 10-byte varint beyond 64
// bits, named so in the error.
TEST(Protobuf, KeysAreAtMostFiveBytesAndThirtyTwoBits) {
  const auto read = [](std::string_view h) { return prism::read<prism::protobuf, Test1>(unhex(h)); };
  ASSERT_TRUE(read("88 80 80 80 00 05")) << "a key in 5 bytes: field 1, varint";
  EXPECT_EQ(read("88 80 80 80 00 05")->a, 5);
  const auto six = read("88 80 80 80 80 00 05");
  ASSERT_FALSE(six);
  EXPECT_EQ(six.error().code, prism::errc::invalid_value);
  EXPECT_EQ(six.error().offset, 0u);
  EXPECT_EQ(six.error().expected, "a field key of at most 5 bytes and 32 bits") << six.error().message();
  const auto wide = read("88 80 80 80 10 05");  // bit 32 set
  ASSERT_FALSE(wide);
  EXPECT_EQ(wide.error().expected, "a field key of at most 5 bytes and 32 bits") << wide.error().message();
  const auto zero = read("80 00 05");  // field number 0 in two bytes
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error().expected, "field number in [1, 2^29 - 1]") << zero.error().message();
  // The same rule inside a skipped group, and for a packed varint beyond 64 bits.
  EXPECT_FALSE((prism::read<prism::protobuf, Test1>(unhex("13 88 80 80 80 80 00 05 14"))));
  const auto packed = prism::read<prism::protobuf, Packed>(unhex("22 0b 01 ff ff ff ff ff ff ff ff ff 02"));
  ASSERT_FALSE(packed);
  EXPECT_EQ(packed.error().code, prism::errc::invalid_value);
  EXPECT_EQ(packed.error().expected, "varint of at most 10 bytes and 64 bits") << packed.error().message();
}

namespace protobuf_test_types {
struct Deep {
  std::vector<Deep> next;
};
}  // namespace protobuf_test_types

TEST(Protobuf, DeepNestingIsRefused) {
  std::string nested;
  for (int i = 0; i < 100000; ++i) nested += "\x0a\x80\x80\x04";  // 64 KiB messages, each opening the next
  auto r = prism::read<prism::protobuf, Deep>(nested);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::too_deep);
  std::string groups(100000, '\x0b');  // groups of field 1 nested 100000 deep, skipped as unknown
  auto g = prism::read<prism::protobuf, Test2>(groups);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().code, prism::errc::too_deep);
}

TEST(Protobuf, TruncationsEndAtAFieldOrFail) {
  Flat n{-7, Test1{150}, {{1}, {-2}}, {3, 270, 86942}, "name"};
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::protobuf>(n, bytes));
  for (std::size_t k = 0; k < bytes.size(); ++k) {
    const std::string prefix = bytes.substr(0, k);
    auto r = prism::read<prism::protobuf, Flat>(prefix);
    if (r) {  // a protobuf message may end after any field: then the prefix is that message
      std::string again;
      ASSERT_TRUE(prism::write<prism::protobuf>(*r, again));
      EXPECT_EQ(hex(again), hex(prefix)) << "prefix " << k;
    } else {
      EXPECT_LE(r.error().offset, k) << r.error().message();
    }
  }
}

TEST(Protobuf, RandomBytesNeverCrash) {
  Nested n{-7, {150}, {{1}, {-2}}, {3, 270, 86942}, "name"};
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::protobuf>(n, bytes));
  std::mt19937_64 rng(31);
  for (int i = 0; i < 5000; ++i) {
    std::string damaged = bytes;
    for (int k = 0, flips = 1 + i % 4; k < flips; ++k) damaged[rng() % damaged.size()] = static_cast<char>(rng());
    auto r = prism::read<prism::protobuf, Nested>(damaged);
    if (!r) {
      EXPECT_LE(r.error().offset, damaged.size());
    }
  }
}

TEST(Protobuf, FixedBufferAndStream) {
  const Nested n{1, {2}, {{3}}, {4, 5}, "six"};
  const std::string expected = encode(n);
  std::array<char, 64> buffer{};
  auto written = prism::write<prism::protobuf>(n, std::span(buffer));
  ASSERT_TRUE(written);
  EXPECT_EQ(hex(std::string_view(buffer.data(), *written)), expected);
  std::array<char, 8> small{};
  auto overflow = prism::write<prism::protobuf>(n, std::span(small));
  ASSERT_FALSE(overflow);
  EXPECT_EQ(overflow.error().code, prism::errc::buffer_overflow);
}

TEST(Protobuf, BranchFreeVarintDecodingMatchesTheLoop) {
  std::mt19937_64 rng(77);
  std::vector<std::uint64_t> values;
  std::string run;
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    std::uint8_t bytes[10];
    run.append(reinterpret_cast<const char*>(bytes), prism::protobuf_detail::put_varint(bytes, v));
    values.push_back(v);
    std::uint64_t back = 0;
    const std::size_t used = prism::protobuf_detail::get_varint_wide(bytes, back);
    if (prism::protobuf_detail::varint_size(v) <= 8) {
      ASSERT_EQ(used, prism::protobuf_detail::varint_size(v)) << v;
      ASSERT_EQ(back, v);
    } else {
      ASSERT_EQ(used, 0u) << v;
    }
  }
  std::vector<std::uint64_t> decoded;
  const auto* p = reinterpret_cast<const std::uint8_t*>(run.data());
  ASSERT_EQ(prism::protobuf_detail::decode_varint_run<8>(p, run.size(), run.size(), [&](std::uint64_t v, const std::uint8_t*) {
              decoded.push_back(v);
              return true;
            }),
            nullptr);
  EXPECT_EQ(decoded, values);
}
