// Round-trip property tests: seeded random values of every type, nested, in every format.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/protobuf.hpp>
#include <prism/zbin.hpp>


#include "support/formats.hpp"
#include "support/random_value.hpp"
#include "support/types.hpp"

using namespace testing_types;

namespace roundtrip_test_types {

// Through contiguous buffers, as users build them (inlining forced), under each format's option
// sets. Stream sources and sinks run the same format code: type_matrix_test checks them for every
// type in every format, and instantiating every codec here again for them would double this
// unit's compile time.
template <class Format, prism::options Opts, class T>
void round_trip_many(std::uint64_t seed, int count) {
  testing_support::random_values gen(seed);
  T reused{};
  for (int i = 0; i < count; ++i) {
    const T original = gen.make<T>();
    std::string bytes;
    ASSERT_TRUE((prism::write<Format, Opts>(original, bytes))) << "seed " << seed << " value " << i;
    auto fresh = prism::read<Format, T, Opts>(bytes);
    ASSERT_TRUE(fresh) << fresh.error().message() << " (seed " << seed << " value " << i << ")";
    ASSERT_TRUE(*fresh == original) << "seed " << seed << " value " << i;
    // Reading into an object that already holds another value gives the same result.
    ASSERT_TRUE((prism::read<Format, Opts>(reused, bytes)));
    ASSERT_TRUE(reused == original) << "reused, seed " << seed << " value " << i;
  }
}

constexpr prism::options defaults{};
constexpr prism::options arrays{.structs_as_arrays = true, .enums_as_strings = true};
constexpr prism::options packed{.format = prism::pack_options{.packed_sequences = true}};

}  // namespace roundtrip_test_types
using namespace roundtrip_test_types;

TEST(RoundTrip, PackEverything) { round_trip_many<prism::pack, defaults, Everything>(1, 150); }
TEST(RoundTrip, PackPackedEverything) { round_trip_many<prism::pack, packed, Everything>(22, 150); }
TEST(RoundTrip, PackPackedVectorsOfStructs) { round_trip_many<prism::pack, packed, std::vector<Everything>>(23, 40); }
TEST(RoundTrip, MsgPackEverything) { round_trip_many<prism::msgpack, defaults, Everything>(2, 150); }
TEST(RoundTrip, MsgPackEverythingAsArraysAndEnumNames) { round_trip_many<prism::msgpack, arrays, Everything>(3, 150); }
#if PRISM_TESTS_WITH_FLEX
TEST(RoundTrip, FlexEverything) { round_trip_many<prism::flex, defaults, Everything>(20, 150); }
TEST(RoundTrip, FlexEverythingAsArrays) { round_trip_many<prism::flex, arrays, Everything>(21, 150); }
#endif
TEST(RoundTrip, JsonEverything) { round_trip_many<prism::json, prism::json::defaults, Everything>(8, 150); }
TEST(RoundTrip, JsonEverythingAsArraysAndEnumNumbers) {
  constexpr prism::options arrays_numbers{.structs_as_arrays = true, .enums_as_strings = false};
  round_trip_many<prism::json, arrays_numbers, Everything>(9, 150);
}
TEST(RoundTrip, JsonPretty) {
  constexpr prism::options pretty{.enums_as_strings = true, .format = prism::json_options{.pretty = true}};
  round_trip_many<prism::json, pretty, std::vector<Everything>>(10, 10);
}
TEST(RoundTrip, CborEverything) { round_trip_many<prism::cbor, defaults, Everything>(11, 150); }
TEST(RoundTrip, CborEverythingAsArraysEnumNamesNoTypedArrays) {
  constexpr prism::options plain{.structs_as_arrays = true, .enums_as_strings = true, .format = prism::cbor_options{.typed_arrays = false}};
  round_trip_many<prism::cbor, plain, Everything>(12, 150);
}
TEST(RoundTrip, CborDeterministic) {
  constexpr prism::options deterministic{.format = prism::cbor_options{.deterministic = true}};
  round_trip_many<prism::cbor, deterministic, std::vector<Everything>>(13, 20);
}
TEST(RoundTrip, CborVectorsOfStructs) { round_trip_many<prism::cbor, defaults, std::vector<Everything>>(14, 20); }
TEST(RoundTrip, BeveEverything) { round_trip_many<prism::beve, defaults, Everything>(15, 150); }
TEST(RoundTrip, BeveEverythingAsArraysAndEnumNames) { round_trip_many<prism::beve, arrays, Everything>(16, 150); }
TEST(RoundTrip, BeveVectorsOfStructs) { round_trip_many<prism::beve, defaults, std::vector<Everything>>(17, 20); }
TEST(RoundTrip, ProtobufEverything) { round_trip_many<prism::protobuf, defaults, Everything>(18, 150); }
TEST(RoundTrip, ProtobufEverythingZigzag) {
  constexpr prism::options zigzag{.format = prism::protobuf_options{.zigzag = true}};
  round_trip_many<prism::protobuf, zigzag, Everything>(19, 150);
}
TEST(RoundTrip, ProtobufVectorsOfStructs) { round_trip_many<prism::protobuf, defaults, std::vector<Everything>>(20, 20); }
TEST(RoundTrip, ZbinEverything) { round_trip_many<prism::zbin, defaults, Everything>(21, 150); }
TEST(RoundTrip, ZbinEverythingAsArraysAndEnumNames) { round_trip_many<prism::zbin, arrays, Everything>(22, 150); }
TEST(RoundTrip, ZbinVectorsOfStructs) { round_trip_many<prism::zbin, defaults, std::vector<Everything>>(23, 20); }
TEST(RoundTrip, PackVectorsOfStructs) { round_trip_many<prism::pack, defaults, std::vector<Everything>>(4, 20); }
TEST(RoundTrip, MsgPackVectorsOfStructs) { round_trip_many<prism::msgpack, defaults, std::vector<Everything>>(5, 20); }
TEST(RoundTrip, Scalars) {
  round_trip_many<prism::msgpack, defaults, std::tuple<std::int64_t, std::uint64_t, double, float, std::int8_t>>(6, 2000);
  round_trip_many<prism::pack, defaults, std::tuple<std::int64_t, std::uint64_t, double, float, std::int8_t>>(7, 2000);
  round_trip_many<prism::json, prism::json::defaults, std::tuple<std::int64_t, std::uint64_t, double, float, std::int8_t>>(12, 2000);
  round_trip_many<prism::protobuf, defaults, std::tuple<std::int64_t, std::uint64_t, double, float, std::int8_t>>(21, 2000);
}
