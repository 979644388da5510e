// Reading into an object that already holds values takes the decoders' usual-case paths
// (strings and arrays of the sizes already there, read at a cursor kept in registers); reading
// into a fresh object takes the full paths. Both must give the same values and, on damaged
// input, the same error: code, offset and field path.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>

#include <random>
#include <sstream>
#include <string>

#include "data/binary.hpp"
#include "support/io.hpp"
#include "support/random_value.hpp"
#include "support/sanitized.hpp"
#include "support/types.hpp"

using namespace testing_types;

namespace reuse_read_test_types {

// Every field must be in the input exactly once, so a successful read sets all of them
// whatever the object held before.
inline constexpr prism::options strict = [] {
  prism::options o;
  o.error_on_missing_keys = true;
  o.error_on_unknown_keys = true;
  return o;
}();

using testing_support::encode;

void expect_same_status(const prism::status& fresh, const prism::status& reused, const std::string& what) {
  ASSERT_EQ(bool(fresh), bool(reused)) << what << (fresh ? reused.error().message() : fresh.error().message());
  if (!fresh) {
    EXPECT_EQ(fresh.error().code, reused.error().code) << what << fresh.error().message() << " / " << reused.error().message();
    EXPECT_EQ(fresh.error().offset, reused.error().offset) << what << fresh.error().message() << " / " << reused.error().message();
    EXPECT_EQ(fresh.error().path, reused.error().path) << what << fresh.error().message() << " / " << reused.error().message();
  }
}

// `bytes` encodes a value; damaged copies of it are read into a fresh T and into a T that
// holds the intact value.
template <class Format, class T>
void damaged_reads_agree(const std::string& bytes, std::uint64_t seed, int rounds) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < rounds; ++i) {
    std::string damaged = bytes;
    if (i % 5 == 4) {
      damaged.resize(rng() % damaged.size());
    } else {
      for (int k = 0, flips = 1 + i % 3; k < flips; ++k) damaged[rng() % damaged.size()] = static_cast<char>(rng());
    }
    T fresh{}, reused{};
    const auto read_strict = [](T& into, const std::string& input) { return prism::read<Format, strict>(into, input); };
    ASSERT_TRUE(read_strict(reused, bytes));
    const auto fresh_status = read_strict(fresh, damaged);
    const auto reused_status = read_strict(reused, damaged);
    expect_same_status(fresh_status, reused_status, "round " + std::to_string(i) + ": ");
    if (fresh_status && reused_status) {
      ASSERT_TRUE(fresh == reused) << "round " << i;
    }
  }
}

template <class Format>
void nested_object_reads_into_itself() {
  const auto value = binary::make_object();
  const std::string bytes = encode<Format>(value);
  binary::obj_t into{};
  for (int pass = 0; pass < 3; ++pass) {  // the first pass fills, the others reuse
    ASSERT_TRUE(prism::read<Format>(into, bytes));
    EXPECT_EQ(into, value) << "pass " << pass;
  }
  // Other values of the same shape and sizes overwrite every field.
  auto other = value;
  other.fixed_object.int_array = {6, 5, 4, 3, 2, 1, 0};
  other.fixed_name_object.name0 = "Jamez";
  other.another_object.nested_object.v3s[2] = {1.0, 2.0, 3.0};
  other.string_array = {"Bat", "Hog", "Elephunt", "Tiger"};
  other.boolean = false;
  other.another_bool = true;
  other.number = -1.5;
  ASSERT_TRUE(prism::read<Format>(into, encode<Format>(other)));
  EXPECT_EQ(into, other);
  // And values of other sizes take the full paths.
  other.fixed_name_object.name1 = "A much longer name than before, past sixteen bytes";
  other.fixed_object.double_array.resize(40, 0.25);
  other.string_array.push_back("Zebra");
  ASSERT_TRUE(prism::read<Format>(into, encode<Format>(other)));
  EXPECT_EQ(into, other);
}

template <class Format>
void stream_reads_agree_with_span_reads() {
  const auto value = binary::make_object();
  const std::string bytes = encode<Format>(value);
  binary::obj_t from_stream = value;
  std::istringstream in(bytes + bytes);
  for (int k = 0; k < 2; ++k) {
    ASSERT_TRUE(prism::read<Format>(from_stream, in));
    EXPECT_EQ(from_stream, value);
  }
}

struct Names {
  std::string first, last;
  friend bool operator==(const Names&, const Names&) = default;
};

// The allocation budget counts what a read allocates: a string read over one of its size is
// copied in place and is not charged; into a fresh object it is.
template <class Format>
void same_size_strings_are_not_charged() {
  const Names value{std::string(40, 'a'), std::string(30, 'b')};
  const std::string bytes = encode<Format>(value);
  const prism::limits budget{.max_alloc_bytes = 50};
  Names fresh{};
  const auto refused = prism::read<Format>(fresh, bytes, budget);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, prism::errc::allocation_limit);
  Names reused{std::string(40, 'x'), std::string(30, 'y')};
  ASSERT_TRUE(prism::read<Format>(reused, bytes, budget));
  EXPECT_EQ(reused, value);
  Names longer{std::string(41, 'x'), std::string(30, 'y')};
  EXPECT_FALSE(prism::read<Format>(longer, bytes, prism::limits{.max_alloc_bytes = 39}));
  EXPECT_TRUE(prism::read<Format>(longer, bytes, prism::limits{.max_alloc_bytes = 40}));
}

}  // namespace reuse_read_test_types
using namespace reuse_read_test_types;

TEST(ReuseRead, StringsOfTheSizeAlreadyThereAreNotCharged) {
  same_size_strings_are_not_charged<prism::pack>();
  same_size_strings_are_not_charged<prism::msgpack>();
  same_size_strings_are_not_charged<prism::cbor>();
  same_size_strings_are_not_charged<prism::beve>();
  same_size_strings_are_not_charged<prism::json>();
}

TEST(ReuseRead, BeveNestedObject) { nested_object_reads_into_itself<prism::beve>(); }
TEST(ReuseRead, CborNestedObject) { nested_object_reads_into_itself<prism::cbor>(); }
TEST(ReuseRead, MsgPackNestedObject) { nested_object_reads_into_itself<prism::msgpack>(); }

TEST(ReuseRead, StreamsTakeTheSamePaths) {
  stream_reads_agree_with_span_reads<prism::beve>();
  stream_reads_agree_with_span_reads<prism::cbor>();
}

TEST(ReuseRead, DamagedNestedObjectSameErrorsFreshOrReused) {
  const auto value = binary::make_object();
  damaged_reads_agree<prism::beve, binary::obj_t>(encode<prism::beve>(value), 31, 4000);
  damaged_reads_agree<prism::cbor, binary::obj_t>(encode<prism::cbor>(value), 32, 4000);
  damaged_reads_agree<prism::msgpack, binary::obj_t>(encode<prism::msgpack>(value), 33, 4000);
}

TEST(ReuseRead, DamagedRandomValuesSameErrorsFreshOrReused) {
  testing_support::random_values gen(34);
  for (std::size_t i = 0; i < 20; i += testing_support::exhaustive_step) {
    const auto e = gen.make<Everything>();
    damaged_reads_agree<prism::beve, Everything>(encode<prism::beve>(e), 100 + static_cast<std::uint64_t>(i), 300);
    damaged_reads_agree<prism::cbor, Everything>(encode<prism::cbor>(e), 200 + static_cast<std::uint64_t>(i), 300);
  }
}
