// Bad input for every decoder: truncations, byte flips, huge length prefixes, deep nesting,
// invalid UTF-8 and wrong types. Each must give an error with an offset and a path, never a
// crash, an out-of-bounds read (this test runs under ASan/UBSan too) or a big allocation.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/zbin.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "data/monsters.hpp"
#include "support/formats.hpp"
#include "support/io.hpp"
#include "support/random_value.hpp"
#include "support/types.hpp"

using namespace testing_types;

namespace bad_input_test_types {

using testing_support::encode;

struct Doubles {
  double x = 0;
  std::vector<double> list;
};
struct Floats {
  float x = 0;
  std::vector<float> list;
};
// Records the largest block it was asked for.
template <class T>
struct counting_allocator {
  using value_type = T;
  static inline std::size_t largest = 0;
  counting_allocator() = default;
  template <class U>
  counting_allocator(const counting_allocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    largest = std::max(largest, n * sizeof(T));
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) noexcept { std::allocator<T>{}.deallocate(p, n); }
  template <class U>
  bool operator==(const counting_allocator<U>&) const noexcept {
    return true;
  }
};

struct OneDouble {
  double x = 0;
};
struct OneFloat {
  float x = 0;
};

// Every proper prefix fails with an offset inside the input.
template <class Format, class T>
void every_truncation_fails(const std::string& bytes) {
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    auto r = prism::read<Format, T>(std::string_view(bytes).substr(0, n));
    ASSERT_FALSE(r) << "prefix " << n;
    ASSERT_LE(r.error().offset, n) << r.error().message();
  }
}

template <class Format, class T>
void random_flips_never_crash(const std::string& bytes, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 3000; ++i) {
    std::string damaged = bytes;
    for (int k = 0, flips = 1 + i % 4; k < flips; ++k) {
      damaged[rng() % damaged.size()] = static_cast<char>(rng());
    }
    auto r = prism::read<Format, T>(damaged);
    if (!r) {
      ASSERT_LE(r.error().offset, damaged.size());
    }
  }
}

const std::vector<monsters::Monster>& sample_monsters() {
  static const auto m = monsters::make_monsters(5);
  return m;
}

}  // namespace bad_input_test_types
using namespace bad_input_test_types;

TEST(BadInput, PackTruncations) {
  every_truncation_fails<prism::pack, std::vector<monsters::Monster>>(encode<prism::pack>(sample_monsters()));
  testing_support::random_values gen(11);
  for (int i = 0; i < 5; ++i) {
    const auto e = gen.make<Everything>();
    every_truncation_fails<prism::pack, Everything>(encode<prism::pack>(e));
  }
}

TEST(BadInput, MsgPackTruncations) {
  every_truncation_fails<prism::msgpack, std::vector<monsters::Monster>>(encode<prism::msgpack>(sample_monsters()));
  testing_support::random_values gen(12);
  for (int i = 0; i < 5; ++i) {
    const auto e = gen.make<Everything>();
    every_truncation_fails<prism::msgpack, Everything>(encode<prism::msgpack>(e));
  }
}

TEST(BadInput, RandomByteFlips) {
  random_flips_never_crash<prism::pack, std::vector<monsters::Monster>>(encode<prism::pack>(sample_monsters()), 21);
  random_flips_never_crash<prism::msgpack, std::vector<monsters::Monster>>(encode<prism::msgpack>(sample_monsters()), 22);
  testing_support::random_values gen(23);
  const auto e = gen.make<Everything>();
  random_flips_never_crash<prism::pack, Everything>(encode<prism::pack>(e), 24);
  random_flips_never_crash<prism::msgpack, Everything>(encode<prism::msgpack>(e), 25);
}

TEST(BadInput, HugeSizePrefixInTenBytes) {
  // pack: a count of 2^32 as a varint, then a few bytes.
  const std::string pack_bytes("\x80\x80\x80\x80\x10\x01\x02\x03\x04\x05", 10);
  auto p = prism::read<prism::pack, std::vector<std::uint32_t>>(pack_bytes);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, prism::errc::too_many_elements);
  EXPECT_EQ(p.error().offset, 0u);
  auto ps = prism::read<prism::pack, std::vector<std::string>>(pack_bytes, prism::limits{.max_elements = std::size_t{1} << 40});
  ASSERT_FALSE(ps);
  EXPECT_EQ(ps.error().code, prism::errc::unexpected_end);

  // msgpack: array32 and str32 of 2^32-1 elements.
  const std::string arr("\xdd\xff\xff\xff\xff\x01\x02\x03\x04\x05", 10);
  auto m = prism::read<prism::msgpack, std::vector<std::int32_t>>(arr);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().offset, 0u);
  const std::string str("\xdb\xff\xff\xff\xff\x61\x62\x63\x64\x65", 10);
  auto s = prism::read<prism::msgpack, std::string>(str);
  ASSERT_FALSE(s);
  const std::string map("\xdf\xff\xff\xff\xff\xa1\x61\x01\x02\x03", 10);
  auto mm = prism::read<prism::msgpack, Leaf>(map);
  ASSERT_FALSE(mm);
  EXPECT_EQ(mm.error().offset, 0u);
}

TEST(BadInput, AllocationLimitIsHonored) {
  const std::string big = encode<prism::msgpack>(std::vector<std::string>(100, std::string(1000, 'x')));
  auto r = prism::read<prism::msgpack, std::vector<std::string>>(big, prism::limits{.max_alloc_bytes = 50000});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::allocation_limit);
  EXPECT_TRUE((prism::read<prism::msgpack, std::vector<std::string>>(big, prism::limits{.max_alloc_bytes = 200000})));
}

TEST(BadInput, NestingHundredThousandDeep) {
  // Node{name, children}: each level claims one child.
  std::string pack_bytes;
  for (int i = 0; i < 100000; ++i) pack_bytes += std::string("\x00\x01", 2);
  auto p = prism::read<prism::pack, Node>(pack_bytes);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, prism::errc::too_deep);
  EXPECT_EQ(p.error().path.substr(0, 20), "children[0].children");

  std::string msgpack_bytes;
  for (int i = 0; i < 100000; ++i) msgpack_bytes += std::string("\x92\xa0\x91", 3);  // [name "", [ ...
  auto m = prism::read<prism::msgpack, Node, prism::options{.structs_as_arrays = true}>(msgpack_bytes);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().code, prism::errc::too_deep);

  // Skipping an unknown value 100000 arrays deep is iterative, and too deep where the limit is.
  std::string unknown("\x81\xa1z", 3);
  unknown += std::string(100000, '\x91');
  auto u = prism::read<prism::msgpack, Leaf>(unknown);
  ASSERT_FALSE(u);
  EXPECT_EQ(u.error().code, prism::errc::too_deep);
  EXPECT_EQ(u.error().offset, 3u + 255u) << u.error().message();  // the struct is the first level
}

TEST(BadInput, InvalidUtf8) {
  Leaf leaf{"ok", 1};
  std::string m = encode<prism::msgpack>(leaf);
  const auto at = m.find("ok");
  m[at + 1] = '\xff';
  auto r = prism::read<prism::msgpack, Leaf>(m);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::invalid_utf8);
  EXPECT_EQ(r.error().offset, at + 1);
  EXPECT_EQ(r.error().path, "label");
  EXPECT_TRUE((prism::read<prism::msgpack, Leaf, prism::options{.validate_utf8 = false}>(m)));

  for (const char* bad : {"\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "\x80"}) {
    std::string p = encode<prism::pack>(std::string(bad));
    auto pr = prism::read<prism::pack, std::string>(p);
    ASSERT_FALSE(pr) << bad;
    EXPECT_EQ(pr.error().code, prism::errc::invalid_utf8);
  }
}

// Text that is not UTF-8 is refused by every path, not only by reads into std::string: views,
// prism::value and transcoding take exactly what reads take.
template <class Format>
void refuses_bad_text_everywhere() {
  const std::string m = encode<Format>(std::string("ok\xfe"));  // writers take the bytes as they are
  ASSERT_TRUE((prism::read<Format, std::string, prism::options{.validate_utf8 = false}>(m)));
  EXPECT_EQ((prism::read<Format, std::string>(m).error().code), prism::errc::invalid_utf8);
  const auto v = prism::view<Format>(m);
  EXPECT_EQ(v.as_string_view().error().code, prism::errc::invalid_utf8);
  EXPECT_EQ(v.template as<std::string>().error().code, prism::errc::invalid_utf8);
  prism::value dynamic;
  EXPECT_EQ(prism::read<Format>(dynamic, m).error().code, prism::errc::invalid_utf8);
  EXPECT_EQ((prism::transcode<Format, prism::json>(m).error().code), prism::errc::invalid_utf8);
}

TEST(BadInput, InvalidUtf8IsRefusedByEveryPath) {
  refuses_bad_text_everywhere<prism::msgpack>();
  refuses_bad_text_everywhere<prism::cbor>();
  refuses_bad_text_everywhere<prism::beve>();
  refuses_bad_text_everywhere<prism::zbin>();
}

TEST(BadInput, WrongTypesNameTheField) {
  // {"weapons": [{"name": "a", "damage": "x"}]} read as a Monster.
  std::string bytes("\x81\xa7weapons\x91\x82\xa4name\xa1\x61\xa6\x64\x61mage\xa1x", 27);
  auto r = prism::read<prism::msgpack, monsters::Monster>(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::type_mismatch);
  EXPECT_EQ(r.error().path, "weapons[0].damage");
  EXPECT_EQ(r.error().offset, 25u);
  EXPECT_EQ(r.error().message(), "msgpack: type mismatch at byte 25, field weapons[0].damage: expected integer, found string");

  std::string pb = encode<prism::pack>(Leaf{"a", 1});
  auto bad_bool = prism::read<prism::pack, std::tuple<bool>>(std::string("\x07", 1));
  ASSERT_FALSE(bad_bool);
  EXPECT_EQ(bad_bool.error().code, prism::errc::invalid_value);
  auto bad_variant = prism::read<prism::pack, std::variant<int, float>>(std::string("\x05\0\0\0\0", 5));
  ASSERT_FALSE(bad_variant);
  EXPECT_EQ(bad_variant.error().code, prism::errc::invalid_value);
  auto overlong = prism::read<prism::pack, std::string>(std::string("\x81\x00", 2));
  ASSERT_FALSE(overlong);
  EXPECT_EQ(overlong.error().code, prism::errc::invalid_value);
  auto trailing = prism::read<prism::pack, Leaf>(pb + "x");
  ASSERT_FALSE(trailing);
  EXPECT_EQ(trailing.error().code, prism::errc::trailing_bytes);
  EXPECT_EQ(trailing.error().offset, pb.size());
}

// A stream that declares a huge container in a few bytes gets no allocation for it: the bytes
// must arrive first (a stream cannot say how many are left, as a span can).
TEST(BadInput, StreamsAllocateOnlyForBytesThatArrived) {
  using counted = std::vector<std::int64_t, counting_allocator<std::int64_t>>;
  const auto check = [](auto format, const std::string& bytes) {
    using F = decltype(format);
    counting_allocator<std::int64_t>::largest = 0;
    std::istringstream in(bytes);
    counted v;
    const auto st = prism::read<F>(v, in);
    ASSERT_FALSE(st) << F::name;
    EXPECT_EQ(st.error().code, prism::errc::unexpected_end) << st.error().message();
    EXPECT_EQ(st.error().offset, 0u) << st.error().message();  // at the container that claims too much
    EXPECT_LT(counting_allocator<std::int64_t>::largest, std::size_t{1} << 16) << F::name;
  };
  check(prism::msgpack{}, std::string("\xdd\x08\x00\x00\x00\xd3\x00\x00\x00\x00\x00\x00\x00\x01", 14));  // array32 of 2^27
  check(prism::cbor{}, std::string("\x9a\x08\x00\x00\x00\x01", 6));  // array of 2^27
  // What arrives is read as from a span.
  std::istringstream whole(prism::write<prism::msgpack>(std::vector<std::int64_t>(1000, -5)).value());
  counted v;
  ASSERT_TRUE(prism::read<prism::msgpack>(v, whole));
  EXPECT_EQ(v.size(), 1000u);
}

// Where the input does not give a sequence's length (JSON arrays, CBOR's indefinite arrays), the
// vector still never holds more memory than max_alloc_bytes: it grows to the budget's edge, not
// past it by doubling.
TEST(BadInput, UnsizedSequencesStayWithinTheAllocationBudget) {
  using counted = std::vector<std::int64_t, counting_allocator<std::int64_t>>;
  std::string json = "[0";
  std::string cbor = "\x9f";
  for (int i = 0; i < 100000; ++i) {
    if (i) json += ",0";
    cbor += '\x00';
  }
  json += "]";
  cbor += '\xff';
  const auto check = [](auto format, const std::string& bytes) {
    using F = decltype(format);
    constexpr std::size_t budget = 400000;  // 50 000 elements; doubling would reach 65 536
    counting_allocator<std::int64_t>::largest = 0;
    counted v;
    const auto st = prism::read<F>(v, bytes, prism::limits{.max_alloc_bytes = budget});
    ASSERT_FALSE(st) << F::name;
    EXPECT_EQ(st.error().code, prism::errc::allocation_limit) << st.error().message();
    EXPECT_LE(counting_allocator<std::int64_t>::largest, budget) << F::name;
    EXPECT_GT(counting_allocator<std::int64_t>::largest, budget / 2) << F::name;
    counted all;
    ASSERT_TRUE(prism::read<F>(all, bytes, prism::limits{.max_alloc_bytes = 800000})) << F::name;
    EXPECT_EQ(all.size(), 100000u);
  };
  check(prism::json{}, json);
  check(prism::cbor{}, cbor);
  // JSON's structural index (views, verify, transcode) is charged to the same budget: 100 001
  // entries of 12 bytes do not fit in 1 MB.
  const prism::limits small{.max_alloc_bytes = 1000000};
  const auto index = prism::transcode<prism::json, prism::msgpack>(json, small);
  ASSERT_FALSE(index);
  EXPECT_EQ(index.error().code, prism::errc::allocation_limit) << index.error().message();
  EXPECT_EQ(prism::view<prism::json>(json, small).failure()->code, prism::errc::allocation_limit);
  EXPECT_EQ(prism::verify<prism::json>(json, small).error().code, prism::errc::allocation_limit);
  EXPECT_TRUE(prism::view<prism::json>(json).valid());
}

template <class Format>
class Narrowing : public ::testing::Test {};
using SelfDescribing = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::zbin, prism::json PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(Narrowing, SelfDescribing);

// A double beyond a float's range read into a float is out_of_range in every format, as an
// integer beyond its type is: never a silent infinity. Within the range it rounds.
TYPED_TEST(Narrowing, DoublesBeyondAFloatAreOutOfRange) {
  for (const double big : {1e300, -1e300, 1e39}) {
    const auto r = prism::read<TypeParam, OneFloat>(prism::write<TypeParam>(OneDouble{big}).value());
    ASSERT_FALSE(r) << TypeParam::name << " " << big;
    EXPECT_EQ(r.error().code, prism::errc::out_of_range) << r.error().message();
    EXPECT_EQ(r.error().path, "x") << r.error().message();
    if constexpr (!std::is_same_v<TypeParam, prism::zbin>) {  // zbin's numeric arrays are read as written
      const auto in_list = prism::read<TypeParam, Floats>(prism::write<TypeParam>(Doubles{1, {2, big}}).value());
      ASSERT_FALSE(in_list) << TypeParam::name << " " << big;
      EXPECT_EQ(in_list.error().code, prism::errc::out_of_range) << in_list.error().message();
      EXPECT_EQ(in_list.error().path.rfind("list", 0), 0u) << in_list.error().message();
    }
  }
  const auto fits = prism::read<TypeParam, OneFloat>(prism::write<TypeParam>(OneDouble{-3.4e38}).value());
  ASSERT_TRUE(fits) << fits.error().message();
  EXPECT_EQ(fits->x, -3.4e38f);
  if constexpr (!std::is_same_v<TypeParam, prism::zbin>) {
    const auto rounded = prism::read<TypeParam, Floats>(prism::write<TypeParam>(Doubles{0, {0.1, 1e-300}}).value());
    ASSERT_TRUE(rounded) << rounded.error().message();
    EXPECT_EQ(rounded->list, (std::vector<float>{0.1f, 0.0f}));  // rounded, as a cast rounds
  }
  if constexpr (!std::is_same_v<TypeParam, prism::json>) {  // JSON has no infinity
    constexpr double inf = std::numeric_limits<double>::infinity();
    const auto infinite = prism::read<TypeParam, OneFloat>(prism::write<TypeParam>(OneDouble{inf}).value());
    ASSERT_TRUE(infinite) << infinite.error().message();
    EXPECT_EQ(infinite->x, std::numeric_limits<float>::infinity());
  }
}

struct FiveFields {
  std::int32_t count = 0;
  std::string name;
  bool active = false;
  double score = 0;
  std::vector<int> values;
};

// A value of the wrong type names its field whether the keys come in declaration order (the
// in-order pass) or reversed (the lookup): each field in turn, first, in the middle and last.
TYPED_TEST(Narrowing, AWrongValueNamesItsFieldInAnyKeyOrder) {
  const std::vector<std::pair<std::string, prism::value>> good = {
      {"count", prism::value(1)}, {"name", prism::value("n")}, {"active", prism::value(true)},
      {"score", prism::value(0.5)}, {"values", prism::value(prism::value::array{prism::value(1)})}};
  for (std::size_t wrong = 0; wrong < good.size(); ++wrong) {
    for (const bool reversed : {false, true}) {
      prism::value::object entries;
      for (std::size_t k = 0; k < good.size(); ++k) {
        const std::size_t i = reversed ? good.size() - 1 - k : k;
        const prism::value bad = good[i].first == "name" ? prism::value(prism::value::array{}) : prism::value("x");
        entries.emplace_back(prism::value(good[i].first), i == wrong ? bad : good[i].second);
      }
      const auto bytes = prism::write<TypeParam>(prism::value(std::move(entries)));
      ASSERT_TRUE(bytes) << bytes.error().message();
      const auto r = prism::read<TypeParam, FiveFields>(*bytes);
      ASSERT_FALSE(r) << TypeParam::name << " field " << wrong << (reversed ? " reversed" : "");
      EXPECT_EQ(r.error().path, good[wrong].first) << r.error().message();
    }
  }
}

template <class Format>
class NestingDepth : public ::testing::Test {};
using ArrayFormats = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::zbin, prism::json, prism::flex>;
TYPED_TEST_SUITE(NestingDepth, ArrayFormats);

// A tuple travels as an array, and a read counts it against max_depth as a transcode (and a
// view walk) counts that array: one rule in every format.
TYPED_TEST(NestingDepth, TuplesCountAsTheArraysTheyAre) {
  using F = TypeParam;
  using Nested = std::tuple<std::tuple<std::tuple<int, bool>, int>, int>;  // three arrays
  const Nested value{{{1, true}, 2}, 3};
  const auto bytes = prism::write<F>(value).value();
  EXPECT_TRUE((prism::read<F, Nested>(bytes, prism::limits{.max_depth = 3}))) << F::name;
  const auto shallow = prism::read<F, Nested>(bytes, prism::limits{.max_depth = 2});
  ASSERT_FALSE(shallow) << F::name;
  EXPECT_EQ(shallow.error().code, prism::errc::too_deep) << shallow.error().message();
  EXPECT_EQ(shallow.error().path, "[0][0]") << shallow.error().message();
  EXPECT_TRUE((prism::transcode<F, prism::msgpack>(bytes, prism::limits{.max_depth = 3}))) << F::name;
  EXPECT_FALSE((prism::transcode<F, prism::msgpack>(bytes, prism::limits{.max_depth = 2}))) << F::name;
}

// A variant written as [index, value] is an array too.
TYPED_TEST(NestingDepth, IndexedVariantsCountAsArrays) {
  using F = TypeParam;
  if constexpr (std::is_same_v<F, prism::msgpack> || std::is_same_v<F, prism::cbor> || std::is_same_v<F, prism::zbin> ||
                std::is_same_v<F, prism::flex>) {
    using Inner = std::variant<int, std::string>;
    using Outer = std::variant<bool, Inner>;
    const auto bytes = prism::write<F>(Outer{Inner{std::string("x")}}).value();
    EXPECT_TRUE((prism::read<F, Outer>(bytes, prism::limits{.max_depth = 2}))) << F::name;
    const auto shallow = prism::read<F, Outer>(bytes, prism::limits{.max_depth = 1});
    ASSERT_FALSE(shallow) << F::name;
    EXPECT_EQ(shallow.error().code, prism::errc::too_deep) << shallow.error().message();
    EXPECT_FALSE((prism::transcode<F, prism::msgpack>(bytes, prism::limits{.max_depth = 1}))) << F::name;
  }
}

// A transcode names where it failed as a read does ("[1].a"), and a key that is not UTF-8 is
// invalid_utf8, not a key of the wrong type.
TEST(BadInput, TranscodeErrorsNameKeysAndElements) {
  const std::string bad_value("\x92\x01\x81\xa1" "a" "\xa1\xff", 7);  // [1, {"a": "\xff"}]
  const auto t = prism::transcode<prism::msgpack, prism::json>(bad_value);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().code, prism::errc::invalid_utf8) << t.error().message();
  EXPECT_EQ(t.error().path, "[1].a") << t.error().message();
  const std::string bad_key("\x81\xa1\xff\x01", 4);  // {"\xff": 1}
  const auto k = prism::transcode<prism::msgpack, prism::cbor>(bad_key);
  ASSERT_FALSE(k);
  EXPECT_EQ(k.error().code, prism::errc::invalid_utf8) << k.error().message();
  prism::value v;
  const auto as_value = prism::read<prism::msgpack>(v, bad_key);
  ASSERT_FALSE(as_value);
  EXPECT_EQ(as_value.error().code, prism::errc::invalid_utf8) << as_value.error().message();
}
