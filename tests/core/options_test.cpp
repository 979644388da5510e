// Options a format does not read are reset before its codec is instantiated, so that calls that
// differ only in those share one copy of it; the options it reads keep their values.
#include <gtest/gtest.h>

#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/protobuf.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace options_test_types {

enum class Mood : std::uint8_t { calm, angry };
struct Sample {
  std::int32_t id = 7;
  Mood mood = Mood::angry;
  std::vector<double> values{1.5, 2.0};
};

using prism::detail::normalized;

// Two option values that a format reads the same way instantiate its codec once.
template <class Format, prism::options A, prism::options B>
inline constexpr bool same_codec = normalized<Format, A> == normalized<Format, B>;

// pack reads none of these, protobuf only its own.
static_assert(same_codec<prism::pack, prism::options{.structs_as_arrays = true, .enums_as_strings = true}, prism::options{}>);
constexpr prism::options zigzag{.format = prism::protobuf_options{.zigzag = true}};
static_assert(same_codec<prism::protobuf, prism::options{.enums_as_strings = true, .format = prism::protobuf_options{.zigzag = true}}, zigzag>);
// A format's own options alone are options: the rest at their defaults.
static_assert(same_codec<prism::protobuf, prism::protobuf_options{.zigzag = true}, zigzag>);
static_assert(!same_codec<prism::protobuf, zigzag, prism::options{}>);
// What every format reads stays: UTF-8 checks and trailing bytes.
static_assert(!same_codec<prism::pack, prism::options{.validate_utf8 = false}, prism::options{}>);
static_assert(!same_codec<prism::pack, prism::options{.allow_trailing_bytes = true}, prism::options{}>);
// A JSON indent means nothing without pretty output.
static_assert(same_codec<prism::json, prism::json_options{.indent = 4}, prism::json::defaults>);
static_assert(prism::json_detail::own<normalized<prism::json, prism::json_options{.pretty = true, .indent = 4}>>.indent == 4);
static_assert(prism::json_detail::own<normalized<prism::json, prism::json_options{.pretty = true}>>.indent == 2);
static_assert(same_codec<prism::cbor, prism::options{.structs_as_arrays = false, .format = prism::cbor_options{.typed_arrays = false}},
                         prism::cbor_options{.typed_arrays = false}>);
// Options compose with a format's defaults: what a value leaves unset is the format's default,
// and spelling a default out changes nothing.
static_assert(static_cast<bool>(normalized<prism::json, prism::json_options{.pretty = true}>.enums_as_strings));
static_assert(!static_cast<bool>(normalized<prism::json, prism::options{.enums_as_strings = false}>.enums_as_strings));
static_assert(same_codec<prism::json, prism::options{}, prism::json::defaults>);
static_assert(same_codec<prism::cbor, prism::options{.format = prism::cbor_options{.typed_arrays = true}}, prism::options{}>);
// A format's own options compose the same way: what they leave unset is the format's default.
constexpr auto cbor_own = prism::cbor_detail::own<normalized<prism::cbor, prism::options{.format = prism::cbor_options{.deterministic = true}}>>;
static_assert(cbor_own.deterministic.is_set() && static_cast<bool>(cbor_own.deterministic));
static_assert(cbor_own.typed_arrays.is_set() && static_cast<bool>(cbor_own.typed_arrays));
static_assert(!static_cast<bool>(prism::cbor_detail::own<normalized<prism::cbor, prism::options{}>>.deterministic));
static_assert(!static_cast<bool>(normalized<prism::msgpack, prism::msgpack_options{.compact_floats = false}>.enums_as_strings));

TEST(Options, IgnoredOptionsChangeNothing) {
  const Sample s;
  EXPECT_EQ((prism::write<prism::pack, prism::options{.structs_as_arrays = true, .enums_as_strings = true}>(s).value()),
            prism::write<prism::pack>(s).value());
  EXPECT_EQ((prism::write<prism::protobuf, prism::options{.structs_as_arrays = true, .enums_as_strings = true}>(s).value()),
            prism::write<prism::protobuf>(s).value());
}

TEST(Options, ReadOptionsStillApply) {
  const Sample s;
  EXPECT_NE((prism::write<prism::msgpack, prism::options{.structs_as_arrays = true}>(s).value()), prism::write<prism::msgpack>(s).value());
  EXPECT_EQ((prism::write<prism::json, prism::json_options{.pretty = true, .indent = 4}>(s).value()),
            "{\n    \"id\": 7,\n    \"mood\": \"angry\",\n    \"values\": [\n        1.5,\n        2.0\n    ]\n}");
  EXPECT_FALSE((prism::read<prism::pack, Sample, prism::options{.allow_trailing_bytes = false}>(prism::write<prism::pack>(s).value() + "x")));
  EXPECT_TRUE((prism::read<prism::pack, Sample, prism::options{.allow_trailing_bytes = true}>(prism::write<prism::pack>(s).value() + "x")));
}

TEST(Options, ComposeWithTheFormatsDefaults) {
  const Sample s;
  // JSON writes enums by name by default; asking for pretty output does not change that.
  EXPECT_EQ((prism::write<prism::json, prism::json_options{.pretty = true}>(s).value()),
            "{\n  \"id\": 7,\n  \"mood\": \"angry\",\n  \"values\": [\n    1.5,\n    2.0\n  ]\n}");
  EXPECT_EQ((prism::write<prism::json, prism::options{.enums_as_strings = false}>(s).value()), R"({"id":7,"mood":1,"values":[1.5,2.0]})");
  // Designated initializers in any subset (in declaration order, as C++ requires).
  EXPECT_EQ((prism::write<prism::json, prism::options{.structs_as_arrays = true, .format = prism::json_options{.skip_null_members = true}}>(s).value()),
            R"([7,"angry",[1.5,2.0]])");
  // The format's own options, given alone, keep every other default too.
  EXPECT_EQ((prism::write<prism::cbor, prism::cbor_options{.deterministic = true}>(s).value()),
            (prism::write<prism::cbor, prism::options{.format = prism::cbor_options{.deterministic = true}}>(s).value()));
  // Reading takes the same defaults: JSON reads names without being told.
  const auto back = prism::read<prism::json, Sample, prism::options{.error_on_unknown_keys = true}>(std::string(R"({"mood":"calm"})"));
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->mood, Mood::calm);
}

}  // namespace options_test_types
