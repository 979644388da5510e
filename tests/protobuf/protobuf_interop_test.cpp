// Protobuf against libprotobuf's generated classes (tests/proto/interop.proto, compiled by protoc
// at build time), both ways, over seeded random records with edge values:
// - prism's bytes equal libprotobuf's deterministic serialization of the same values;
// - libprotobuf parses prism's bytes into equal values, and prism reads libprotobuf's bytes.
#include <gtest/gtest.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include <prism/protobuf.hpp>

#include "interop_record.hpp"

namespace protobuf_interop_types {

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  template <class T>
  T any() {
    using L = std::numeric_limits<T>;
    static constexpr T edges[] = {T(0), T(1), L::max(), L::min(), T(L::max() / 2), T(127), T(128), T(L::min() + 1)};
    if (rng_() % 3 == 0) return edges[rng_() % std::size(edges)];
    const auto bits = static_cast<T>(rng_() >> (rng_() % 64));
    return rng_() % 2 ? bits : static_cast<T>(-static_cast<std::make_signed_t<T>>(bits));
  }
  std::string text() {
    static constexpr std::size_t lengths[] = {0, 1, 5, 127, 128, 300};
    std::string s(lengths[rng_() % std::size(lengths)], 'a');
    for (auto& c : s) c = static_cast<char>('a' + rng_() % 26);
    if (!s.empty() && rng_() % 4 == 0) s += "\u00e9\u6c34";
    return s;
  }
  Leaf leaf() { return {text(), any<std::int64_t>()}; }
  Color color() {
    static constexpr Color colors[] = {Color::red, Color::green, Color::blue, Color::negative};
    return colors[rng_() % 4];
  }
  std::size_t count(std::size_t most) { return rng_() % (most + 1); }

  Record make() {
    Record r{};
    r.flag = rng_() % 2;
    r.i32 = any<std::int32_t>();
    r.i64 = any<std::int64_t>();
    r.u32 = any<std::uint32_t>();
    r.u64 = any<std::uint64_t>();
    r.s32 = any<std::int32_t>();
    r.s64 = any<std::int64_t>();
    r.fx32 = any<std::uint32_t>();
    r.fx64 = any<std::uint64_t>();
    r.sfx32 = any<std::int32_t>();
    r.sfx64 = any<std::int64_t>();
    r.fl = rng_() % 5 == 0 ? -0.0f : static_cast<float>(any<std::int32_t>()) / 1024.0f;
    r.db = rng_() % 5 == 0 ? 0.0 : static_cast<double>(any<std::int64_t>()) / 3.0;
    r.color = color();
    r.text = text();
    r.blob.resize(count(40));
    for (auto& b : r.blob) b = static_cast<std::byte>(rng_());
    for (std::size_t n = count(20); n; --n) r.ints.push_back(any<std::int32_t>());
    for (std::size_t n = count(20); n; --n) r.doubles.push_back(static_cast<double>(any<std::int32_t>()) * 0.25);
    for (std::size_t n = count(20); n; --n) r.zigzags.push_back(any<std::int64_t>());
    for (std::size_t n = count(4); n; --n) r.words.push_back(text());
    for (std::size_t n = count(4); n; --n) r.leaves.push_back(leaf());
    r.leaf = leaf();
    for (std::size_t n = count(4); n; --n) r.counts[text()] = any<std::int32_t>();
    for (std::size_t n = count(4); n; --n) r.by_id[any<std::int32_t>()] = leaf();
    if (rng_() % 2) r.maybe = any<std::int32_t>();
    switch (rng_() % 4) {
      case 1: r.choice = any<std::int32_t>(); break;
      case 2: r.choice = text(); break;
      case 3: r.choice = leaf(); break;
      default: break;
    }
    const auto secs = static_cast<std::int64_t>(rng_() % 8000000000ull) - 4000000000;
    r.when = time_point(std::chrono::seconds(secs) + std::chrono::nanoseconds(rng_() % 1000000000));
    for (std::size_t n = count(10); n; --n) r.bools.push_back(rng_() % 2);
    for (std::size_t n = count(10); n; --n) r.small.push_back(any<std::uint16_t>());
    for (std::size_t n = count(10); n; --n) r.fixed_small.push_back(any<std::uint16_t>());
    for (std::size_t n = count(6); n; --n) r.colors.push_back(color());
    return r;
  }

 private:
  std::mt19937_64 rng_;
};


std::string deterministic_bytes(const prism_interop::Record& m) {
  std::string out;
  EXPECT_TRUE(deterministic_bytes(m, out));
  return out;
}

}  // namespace protobuf_interop_types

using namespace protobuf_interop_types;

TEST(ProtobufInterop, PrismBytesEqualLibprotobufBytes) {
  generator gen(2024);
  for (int i = 0; i < 300; ++i) {
    const Record r = gen.make();
    std::string ours;
    ASSERT_TRUE(prism::write<prism::protobuf>(r, ours));
    const std::string theirs = deterministic_bytes(to_pb(r));
    ASSERT_EQ(ours.size(), theirs.size()) << "record " << i;
    ASSERT_TRUE(ours == theirs) << "record " << i;
  }
}

TEST(ProtobufInterop, LibprotobufReadsPrismBytes) {
  generator gen(2025);
  for (int i = 0; i < 300; ++i) {
    const Record r = gen.make();
    std::string ours;
    ASSERT_TRUE(prism::write<prism::protobuf>(r, ours));
    prism_interop::Record parsed;
    ASSERT_TRUE(parsed.ParseFromString(ours)) << "record " << i;
    ASSERT_TRUE(from_pb(parsed) == r) << "record " << i;
  }
}

TEST(ProtobufInterop, PrismReadsLibprotobufBytes) {
  generator gen(2026);
  Record reused{};
  for (int i = 0; i < 300; ++i) {
    const Record r = gen.make();
    const std::string theirs = to_pb(r).SerializeAsString();  // maps in hash order
    auto back = prism::read<prism::protobuf, Record>(theirs);
    ASSERT_TRUE(back) << back.error().message() << " (record " << i << ")";
    ASSERT_TRUE(*back == r) << "record " << i;
    ASSERT_TRUE(prism::read<prism::protobuf>(reused, theirs));
    ASSERT_TRUE(reused == r) << "reused, record " << i;
  }
}

TEST(ProtobufInterop, LibprotobufMergesConcatenatedMessagesAsPrismDoes) {
  generator gen(2027);
  for (int i = 0; i < 100; ++i) {
    const Record a = gen.make(), b = gen.make();
    const std::string joined = to_pb(a).SerializeAsString() + to_pb(b).SerializeAsString();
    prism_interop::Record merged;
    ASSERT_TRUE(merged.ParseFromString(joined));
    auto ours = prism::read<prism::protobuf, Record>(joined);
    ASSERT_TRUE(ours) << ours.error().message();
    ASSERT_TRUE(*ours == from_pb(merged)) << "record " << i;
  }
}

namespace protobuf_interop_types {
// An older program's view of Record: two of its fields, the rest kept as unknown fields.
struct RecordSubset {
  std::int32_t i32 = 0;
  prism::protobuf::unknown_fields rest;
  std::string text;
};
}  // namespace protobuf_interop_types

template <>
struct prism::meta<protobuf_interop_types::RecordSubset> {
  using T = protobuf_interop_types::RecordSubset;
  static constexpr auto annotations = std::tuple{prism::field<&T::i32>().with(prism::protobuf_field{.number = 2}),
                                                 prism::field<&T::text>().with(prism::protobuf_field{.number = 15})};
};

TEST(ProtobufInterop, UnknownFieldsKeptByPrismSurviveForLibprotobuf) {
  generator gen(2028);
  for (int i = 0; i < 300; ++i) {
    Record r = gen.make();
    const std::string theirs = deterministic_bytes(to_pb(r));
    auto subset = prism::read<prism::protobuf, RecordSubset>(theirs);
    ASSERT_TRUE(subset) << subset.error().message() << " (record " << i << ")";
    ASSERT_EQ(subset->i32, r.i32);
    ASSERT_EQ(subset->text, r.text);
    subset->i32 = r.i32 == 5 ? 6 : 5;  // the program changes what it knows
    r.i32 = subset->i32;
    std::string ours;
    ASSERT_TRUE(prism::write<prism::protobuf>(*subset, ours));
    prism_interop::Record parsed;
    ASSERT_TRUE(parsed.ParseFromString(ours)) << "record " << i;
    ASSERT_TRUE(from_pb(parsed) == r) << "record " << i;  // everything else came through
  }
}
