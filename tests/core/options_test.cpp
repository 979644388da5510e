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

// pack reads none of these, protobuf only its own.
static_assert(normalized<prism::pack, prism::options{.structs_as_arrays = true, .enums_as_strings = true}> == prism::options{});
static_assert(normalized<prism::protobuf, prism::options{.zigzag = true, .pretty = true}> == prism::options{.zigzag = true});
// What every format reads stays: UTF-8 checks and trailing bytes.
static_assert(normalized<prism::pack, prism::options{.validate_utf8 = false, .allow_trailing_bytes = true}> ==
              prism::options{.validate_utf8 = false, .allow_trailing_bytes = true});
// A JSON indent means nothing without pretty output.
static_assert(normalized<prism::json, prism::options{.enums_as_strings = true, .indent = 4}> == prism::json::defaults);
static_assert(normalized<prism::json, prism::options{.pretty = true, .indent = 4}>.indent == 4);
static_assert(normalized<prism::cbor, prism::options{.typed_arrays = false, .zigzag = true}> == prism::options{.typed_arrays = false});
static_assert(normalized<prism::msgpack, prism::options{.compact_floats = false, .deterministic = true}> ==
              prism::options{.compact_floats = false});

TEST(Options, IgnoredOptionsChangeNothing) {
  const Sample s;
  EXPECT_EQ((prism::write<prism::pack, prism::options{.structs_as_arrays = true, .pretty = true}>(s).value()),
            prism::write<prism::pack>(s).value());
  EXPECT_EQ((prism::write<prism::msgpack, prism::options{.typed_arrays = false, .zigzag = true}>(s).value()),
            prism::write<prism::msgpack>(s).value());
}

TEST(Options, ReadOptionsStillApply) {
  const Sample s;
  EXPECT_NE((prism::write<prism::msgpack, prism::options{.structs_as_arrays = true}>(s).value()), prism::write<prism::msgpack>(s).value());
  EXPECT_EQ((prism::write<prism::json, prism::options{.enums_as_strings = true, .pretty = true, .indent = 4}>(s).value()),
            "{\n    \"id\": 7,\n    \"mood\": \"angry\",\n    \"values\": [\n        1.5,\n        2.0\n    ]\n}");
  EXPECT_FALSE((prism::read<prism::pack, Sample, prism::options{.allow_trailing_bytes = false}>(prism::write<prism::pack>(s).value() + "x")));
  EXPECT_TRUE((prism::read<prism::pack, Sample, prism::options{.allow_trailing_bytes = true}>(prism::write<prism::pack>(s).value() + "x")));
}

}  // namespace options_test_types
