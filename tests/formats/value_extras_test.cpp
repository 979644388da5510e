// What only some formats hold, in prism::value and in views: CBOR tags and simple values,
// MessagePack extensions. Each is kept through a value and a transcode into its own format,
// converted as RFC 8949 section 6.1 converts CBOR to JSON where another format has no place for
// it, or refused by name; and CBOR bytes that are not well-formed are errors on every path.
#include <gtest/gtest.h>

#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace value_extras_test_types {

using prism::value;

std::string bytes_of(std::initializer_list<unsigned> list) {
  std::string s;
  for (unsigned b : list) s.push_back(static_cast<char>(b));
  return s;
}

value::bytes blob(std::initializer_list<unsigned> list) {
  value::bytes b;
  for (unsigned x : list) b.push_back(static_cast<std::byte>(x));
  return b;
}

// The value in `in`, written back in the same format: the same bytes.
template <class Format>
value same_bytes_back(const std::string& in) {
  value v;
  const auto st = prism::read<Format>(v, in);
  EXPECT_TRUE(st) << st.error().message();
  const auto out = prism::write<Format>(v);
  EXPECT_TRUE(out) << out.error().message();
  if (out) {
    EXPECT_EQ(*out, in);
  }
  const auto again = prism::transcode<Format, Format>(in);
  EXPECT_TRUE(again) << again.error().message();
  if (again) {
    EXPECT_EQ(*again, in);
  }
  return v;
}

// Reflected types need linkage (clang): not local to a test.
struct Spot {
  double x, y;
};

struct Envelope {
  std::int32_t id = 0;
  value payload;
  bool operator==(const Envelope&) const = default;
};

TEST(ValueExtras, CborTagsAreKept) {
  // A bignum (tag 2), a URI (tag 32) and a self-described timestamp (55799 over tag 1).
  const std::string bignum = bytes_of({0xc2, 0x49, 0x01, 0, 0, 0, 0, 0, 0, 0, 0});
  const value big = same_bytes_back<prism::cbor>(bignum);
  ASSERT_NE(big.as_tagged(), nullptr);
  EXPECT_EQ(big.as_tagged()->number(), 2u);
  EXPECT_EQ(big.as_tagged()->content(), value(blob({1, 0, 0, 0, 0, 0, 0, 0, 0})));

  const value uri = same_bytes_back<prism::cbor>(bytes_of({0xd8, 0x20, 0x63, 'f', 'o', 'o'}));
  EXPECT_EQ(uri, value(value::tagged(32, value("foo"))));

  const value when = same_bytes_back<prism::cbor>(bytes_of({0xd9, 0xd9, 0xf7, 0xc1, 0x1a, 0x5f, 0x5e, 0x10, 0x00}));
  ASSERT_NE(when.as_tagged(), nullptr);
  EXPECT_EQ(when.as_tagged()->number(), 55799u);
  EXPECT_EQ(when.as_tagged()->content().type(), value::kind::timestamp) << "tag 1 is prism's own: a timestamp";

  // Views look through the tag, and show it.
  const auto v = prism::view<prism::cbor>(bignum);
  EXPECT_EQ(v.type(), prism::value_type::binary);
  const auto t = v.as_tagged();
  ASSERT_TRUE(t);
  EXPECT_EQ(t->first, 2u);
  EXPECT_EQ(t->second.as_bytes()->size(), 9u);
  EXPECT_FALSE(prism::view<prism::cbor>(bytes_of({0xc1, 0x01})).as_tagged()) << "tag 1 has prism's meaning";
  EXPECT_FALSE(prism::view<prism::msgpack>(bytes_of({0x01})).as_tagged());

  // Formats without tags write the content (RFC 8949 6.1).
  EXPECT_EQ(prism::write<prism::json>(uri).value(), "\"foo\"");
  EXPECT_EQ((prism::transcode<prism::cbor, prism::msgpack>(bignum).value()), bytes_of({0xc4, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(ValueExtras, CborTagsAsMembersAndInsideContainers) {
  const Envelope e{3, value::array{value(value::tagged(2, value(blob({1, 0})))), value(value::tagged(100, value::array{}))}};
  const auto bytes = prism::write<prism::cbor>(e);
  ASSERT_TRUE(bytes) << bytes.error().message();
  EXPECT_NE(bytes->find(bytes_of({0x82, 0xc2, 0x42, 0x01, 0x00, 0xd8, 0x64, 0x80})), std::string::npos);
  EXPECT_EQ((prism::read<prism::cbor, Envelope>(*bytes).value()), e);
}

TEST(ValueExtras, ChainsOfTagsObeyTheDepthLimit) {
  std::string chain(300, '\xc6');  // tag 6 over tag 6 ... over 0
  chain += '\x00';
  value v;
  const auto st = prism::read<prism::cbor>(v, chain);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::too_deep);
  EXPECT_TRUE((prism::transcode<prism::cbor, prism::cbor>(chain))) << "a transcode takes a chain of tags in a loop";
  ASSERT_TRUE(prism::read<prism::cbor>(v, chain, prism::limits{.max_depth = 400}));
  EXPECT_EQ(prism::write<prism::cbor>(v).error().code, prism::errc::too_deep) << "writes keep the default depth";
  EXPECT_EQ((prism::read<prism::cbor, int>(chain).value()), 0) << "typed reads look through tags";
}

TEST(ValueExtras, CborSimpleValuesAreKept) {
  EXPECT_EQ(same_bytes_back<prism::cbor>(bytes_of({0xf7})), value::undefined());
  EXPECT_EQ(same_bytes_back<prism::cbor>(bytes_of({0xf0})), value(value::simple{16}));
  EXPECT_EQ(same_bytes_back<prism::cbor>(bytes_of({0xf8, 0xff})), value(value::simple{255}));
  const std::string simple_32 = bytes_of({0xf8, 0x20});  // a view points into its bytes
  const auto v = prism::view<prism::cbor>(simple_32);
  EXPECT_EQ(v.type(), prism::value_type::simple);
  EXPECT_EQ(v.as_simple().value(), 32);
  EXPECT_EQ(prism::view<prism::cbor>(bytes_of({0xf7})).type(), prism::value_type::simple) << "undefined is not null";
  EXPECT_EQ((prism::read<prism::cbor, std::optional<int>>(bytes_of({0xf7})).value()), std::nullopt)
      << "an optional still reads undefined as absent";
  // Other formats write null (RFC 8949 6.1); CBOR refuses what it cannot encode.
  EXPECT_EQ(prism::write<prism::json>(value::array{value::undefined(), value(value::simple{99})}).value(), "[null,null]");
  EXPECT_EQ(prism::write<prism::msgpack>(value::undefined()).value(), bytes_of({0xc0}));
  const auto reserved = prism::write<prism::cbor>(value(value::simple{25}));
  ASSERT_FALSE(reserved);
  EXPECT_EQ(reserved.error().code, prism::errc::invalid_value);
}

// RFC 8949 3.3 and appendix F: what is not well-formed is an error on every path, and never an
// item of some other type.
TEST(ValueExtras, CborBytesThatAreNotWellFormedAreErrors) {
  const std::vector<std::string> malformed = {
      bytes_of({0x1c}), bytes_of({0x3d}), bytes_of({0x5e}), bytes_of({0x9c}), bytes_of({0xbd}), bytes_of({0xdc}),
      bytes_of({0xfc}), bytes_of({0xfd}), bytes_of({0xfe}),   // reserved additional information 28-30
      bytes_of({0x1f}), bytes_of({0x3f}), bytes_of({0xdf}),   // indefinite integers and tags
      bytes_of({0xff}),                                       // a break outside an indefinite item
      bytes_of({0xf8, 0x00}), bytes_of({0xf8, 0x1f}),         // a two-byte simple value below 32
      bytes_of({0xc1}), bytes_of({0xd8}), bytes_of({0xf8}),   // cut short
  };
  for (const std::string& in : malformed) {
    SCOPED_TRACE(testing::PrintToString(static_cast<unsigned>(static_cast<unsigned char>(in[0]))));
    EXPECT_EQ(prism::view<prism::cbor>(in).type(), prism::value_type::other);
    value v;
    const auto read = prism::read<prism::cbor>(v, in);
    ASSERT_FALSE(read);
    const bool cut = in.size() == 1 && (in[0] == '\xc1' || in[0] == '\xd8' || in[0] == '\xf8');
    EXPECT_EQ(read.error().code, cut ? prism::errc::unexpected_end : prism::errc::invalid_value) << read.error().message();
    EXPECT_FALSE((prism::transcode<prism::cbor, prism::json>(in)));
    EXPECT_FALSE((prism::read<prism::cbor, std::vector<int>>(bytes_of({0x82, 0x00}) + in)));
    // Inside an array the error names the element.
    const auto inside = prism::read<prism::cbor>(v, bytes_of({0x82, 0x00}) + in);
    ASSERT_FALSE(inside);
    EXPECT_EQ(inside.error().path, "[1]") << inside.error().message();
  }
  EXPECT_NE(prism::view<prism::cbor>(bytes_of({0xf0})).type(), prism::value_type::other) << "an unassigned simple value is well-formed";
}

// An error inside a prism::value member is found by the value's own reader; its path goes on
// from the member's: the element, the field, then the steps inside the value.
TEST(ValueExtras, ErrorsInsideValueMembersNameTheWholePath) {
  // [{"id": 1, "payload": 0}, {"id": 2, "payload": {"k": [0, <reserved byte 0x1c>]}}] as CBOR maps.
  const std::string head = bytes_of({0x82, 0xa2, 0x62, 'i', 'd', 0x01, 0x67, 'p', 'a', 'y', 'l', 'o', 'a', 'd', 0x00,
                                     0xa2, 0x62, 'i', 'd', 0x02, 0x67, 'p', 'a', 'y', 'l', 'o', 'a', 'd'});
  const std::string bad = head + bytes_of({0xa1, 0x61, 'k', 0x82, 0x00, 0x1c});
  std::vector<Envelope> out;
  const auto st = prism::read<prism::cbor>(out, bad);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::invalid_value) << st.error().message();
  EXPECT_EQ(st.error().path, "[1].payload.k[1]") << st.error().message();
  EXPECT_EQ(st.error().offset, bad.size() - 1) << st.error().message();
  // A value that is an array at the top: its steps start with an element.
  const auto in_array = prism::read<prism::cbor>(out, head + bytes_of({0x81, 0x1c}));
  ASSERT_FALSE(in_array);
  EXPECT_EQ(in_array.error().path, "[1].payload[0]") << in_array.error().message();
}

// A value that a format cannot write names where in it the refused part is.
TEST(ValueExtras, AWriteOfAValueNamesThePathToWhatTheFormatRefuses) {
  const value extension(value::extension{42, blob({1})});
  const value nested(value::array{value(1), value(value::object{{value("k"), extension}})});
  const auto cbor = prism::write<prism::cbor>(nested);
  ASSERT_FALSE(cbor);
  EXPECT_EQ(cbor.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(cbor.error().path, "[1].k") << cbor.error().message();
  const value deeper(value::object{{value("outer"), value::array{nested}}});
  const auto inside = prism::write<prism::cbor>(deeper);
  ASSERT_FALSE(inside);
  EXPECT_EQ(inside.error().path, "outer[0][1].k") << inside.error().message();
}

// A write that fails inside a struct names the way to the value, as a read does: fields,
// elements, and map entries by their keys.
TEST(ValueExtras, AWriteThatFailsInsideAStructNamesThePath) {
  const value extension(value::extension{42, blob({1})});
  const std::vector<Envelope> envelopes{{1, value(1)}, {2, value(value::array{value(0), extension})}};
  const auto cbor = prism::write<prism::cbor>(envelopes);
  ASSERT_FALSE(cbor);
  EXPECT_EQ(cbor.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(cbor.error().path, "[1].payload[1]") << cbor.error().message();
  const std::map<std::string, Envelope> by_name{{"a", envelopes[0]}, {"b", envelopes[1]}};
  const auto keyed = prism::write<prism::cbor>(by_name);
  ASSERT_FALSE(keyed);
  EXPECT_EQ(keyed.error().path, "[\"b\"].payload[1]") << keyed.error().message();
  const auto json = prism::write<prism::json>(envelopes);
  ASSERT_FALSE(json);
  EXPECT_EQ(json.error().path, "[1].payload[1]") << json.error().message();

  const std::vector<Spot> path{{0, 1}, {2, std::numeric_limits<double>::quiet_NaN()}};
  const auto nan = prism::write<prism::json>(path);
  ASSERT_FALSE(nan);
  EXPECT_EQ(nan.error().code, prism::errc::invalid_value);
  EXPECT_EQ(nan.error().path, "[1].y") << nan.error().message();
  const std::map<int, std::vector<float>> rows{{3, {1.0f, std::numeric_limits<float>::infinity()}}};
  const auto inf = prism::write<prism::json>(rows);
  ASSERT_FALSE(inf);
  EXPECT_EQ(inf.error().path, "[0][1]") << inf.error().message();  // a key that is not text: the entry's place
}

TEST(ValueExtras, MessagePackExtensionsAreKept) {
  const value one = same_bytes_back<prism::msgpack>(bytes_of({0xd4, 0x05, 0x01}));
  ASSERT_NE(one.as_extension(), nullptr);
  EXPECT_EQ(one.as_extension()->type, 5);
  EXPECT_EQ(one.as_extension()->data, blob({1}));
  EXPECT_EQ(same_bytes_back<prism::msgpack>(bytes_of({0xc7, 0x03, 0x80, 'a', 'b', 'c'})),
            value(value::extension{-128, blob({'a', 'b', 'c'})}));
  const std::string empty_extension = bytes_of({0xc7, 0x00, 0x07});  // a view points into its bytes
  const auto v = prism::view<prism::msgpack>(empty_extension);
  EXPECT_EQ(v.type(), prism::value_type::extension);
  const auto x = v.as_extension();
  ASSERT_TRUE(x);
  EXPECT_EQ(x->type, 7);
  EXPECT_TRUE(x->data.empty());
  EXPECT_EQ(prism::view<prism::msgpack>(bytes_of({0xd6, 0xff, 0, 0, 0, 1})).type(), prism::value_type::timestamp)
      << "type -1 is the timestamp";
  // As a member, into a struct and back.
  const Envelope e{9, value::array{value(value::extension{42, blob({1, 2, 3, 4})}), value(1)}};
  EXPECT_EQ((prism::read<prism::msgpack, Envelope>(prism::write<prism::msgpack>(e).value()).value()), e);
  // Formats without extensions refuse them by name.
  const auto cbor = prism::write<prism::cbor>(one);
  ASSERT_FALSE(cbor);
  EXPECT_EQ(cbor.error().code, prism::errc::type_mismatch);
  EXPECT_NE(cbor.error().message().find("a MessagePack extension"), std::string::npos) << cbor.error().message();
  const auto json = prism::transcode<prism::msgpack, prism::json>(bytes_of({0x91, 0xd4, 0x05, 0x01}));
  ASSERT_FALSE(json);
  EXPECT_EQ(json.error().path, "[0]") << json.error().message();
  // Cut short: an error, never a read past the end.
  value cut;
  EXPECT_EQ(prism::read<prism::msgpack>(cut, bytes_of({0xc7, 0x02, 0x05, 0x00})).error().code, prism::errc::unexpected_end);
  EXPECT_EQ(prism::read<prism::msgpack>(cut, bytes_of({0xd8, 0x05})).error().code, prism::errc::unexpected_end);
}

TEST(ValueExtras, ExtensionsOfEveryLengthTakeTheSmallestHead) {
  std::mt19937_64 rng(20261127);
  for (std::size_t n : {0u, 1u, 2u, 3u, 4u, 5u, 8u, 16u, 17u, 255u, 256u, 65535u, 65536u}) {
    value::extension x{static_cast<std::int8_t>(rng() % 100), value::bytes(n)};
    for (auto& b : x.data) b = static_cast<std::byte>(rng());
    const std::string out = prism::write<prism::msgpack>(value(x)).value();
    const bool fixed = n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
    const std::size_t head = fixed ? 2 : n < 256 ? 3 : n < 65536 ? 4 : 6;
    EXPECT_EQ(out.size(), head + n) << n;
    value back;
    ASSERT_TRUE(prism::read<prism::msgpack>(back, out));
    EXPECT_EQ(back, value(x)) << n;
  }
}

}  // namespace value_extras_test_types
