// prism's MessagePack against msgpack-cxx, both ways: equal bytes for equal values, and each
// reads what the other writes.
#include <gtest/gtest.h>
#include <msgpack.hpp>

#include <prism/msgpack.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace msgpack_interop_test_types {

struct Record {
  std::int64_t id;
  std::string name;
  std::vector<std::int32_t> values;
  std::map<std::string, double> scores;
  bool active;
  std::vector<std::vector<std::string>> tags;
  std::vector<std::byte> payload;  // msgpack-cxx: std::vector<char> as bin
  float ratio;
  std::uint16_t small;
};

// The same record as msgpack-cxx sees it.
struct CxxRecord {
  std::int64_t id;
  std::string name;
  std::vector<std::int32_t> values;
  std::map<std::string, double> scores;
  bool active;
  std::vector<std::vector<std::string>> tags;
  std::vector<char> payload;
  float ratio;
  std::uint16_t small;
  MSGPACK_DEFINE_MAP(id, name, values, scores, active, tags, payload, ratio, small)
};
struct CxxRecordArray {
  std::int64_t id;
  std::string name;
  std::vector<std::int32_t> values;
  std::map<std::string, double> scores;
  bool active;
  std::vector<std::vector<std::string>> tags;
  std::vector<char> payload;
  float ratio;
  std::uint16_t small;
  MSGPACK_DEFINE(id, name, values, scores, active, tags, payload, ratio, small)
};

template <class T>
std::string cxx_pack(const T& v) {
  msgpack::sbuffer buf;
  msgpack::pack(buf, v);
  return std::string(buf.data(), buf.size());
}

template <class T>
std::string prism_pack(const T& v) {
  std::string out;
  EXPECT_TRUE(prism::write<prism::msgpack>(v, out));
  return out;
}

template <class T>
T cxx_unpack(const std::string& bytes) {
  auto handle = msgpack::unpack(bytes.data(), bytes.size());
  return handle.get().as<T>();
}

// Edge values: every boundary between encodings.
std::vector<std::int64_t> signed_edges() {
  std::vector<std::int64_t> v;
  for (std::int64_t b : {0ll, 31ll, 127ll, 255ll, 32767ll, 65535ll, 2147483647ll, 4294967295ll}) {
    for (std::int64_t d : {-1ll, 0ll, 1ll}) {
      v.push_back(b + d);
      v.push_back(-(b + d));
    }
  }
  v.push_back(-32);
  v.push_back(-33);
  v.push_back(std::numeric_limits<std::int64_t>::min());
  v.push_back(std::numeric_limits<std::int64_t>::max());
  return v;
}

}  // namespace msgpack_interop_test_types
using namespace msgpack_interop_test_types;

TEST(MsgPackInterop, IntegerEdgesMatchBothWays) {
  for (std::int64_t v : signed_edges()) {
    EXPECT_EQ(prism_pack(v), cxx_pack(v)) << v;
    EXPECT_EQ(cxx_unpack<std::int64_t>(prism_pack(v)), v);
    EXPECT_EQ((prism::read<prism::msgpack, std::int64_t>(cxx_pack(v)).value()), v);
    if (v >= 0) {
      const auto u = static_cast<std::uint64_t>(v);
      EXPECT_EQ(prism_pack(u), cxx_pack(u)) << u;
    }
    if (v >= std::numeric_limits<std::int16_t>::min() && v <= std::numeric_limits<std::int16_t>::max()) {
      const auto s = static_cast<std::int16_t>(v);
      EXPECT_EQ(prism_pack(s), cxx_pack(s)) << s;
    }
  }
  EXPECT_EQ(prism_pack(std::numeric_limits<std::uint64_t>::max()), cxx_pack(std::numeric_limits<std::uint64_t>::max()));
}

// Ranges of uint16 are written four values at a time when all four need the uint16 code: every
// size class at every place of a group, and lengths that leave 0-3 values after the groups.
TEST(MsgPackInterop, Uint16RangesMatchBothWays) {
  std::mt19937_64 rng(20261130);
  for (int round = 0; round < 500; ++round) {
    std::vector<std::uint16_t> v(rng() % 70);
    for (auto& x : v) {
      switch (rng() % 4) {
        case 0: x = static_cast<std::uint16_t>(rng() % 128); break;
        case 1: x = static_cast<std::uint16_t>(128 + rng() % 128); break;
        case 2: x = static_cast<std::uint16_t>(256 + rng() % 2); break;
        default: x = static_cast<std::uint16_t>(rng());
      }
    }
    EXPECT_EQ(prism_pack(v), cxx_pack(v)) << round;
    EXPECT_EQ((prism::read<prism::msgpack, std::vector<std::uint16_t>>(cxx_pack(v)).value()), v) << round;
  }
}

TEST(MsgPackInterop, FloatsMatchBothWays) {
  // -0.0 is left out on purpose: msgpack-cxx writes it as the integer 0 and loses the sign.
  // The ends of the integers' range: 2^63, the largest double below 2^64, -2^63 and the double
  // below it. (msgpack-cxx converts 2^64 itself to uint64_t, which is undefined: MsgPack.Floats
  // checks prism's bytes for it.)
  for (double d : {0.0, 1.0, -1.0, 0.5, -2.25, 1e300, 3.0e9, -7e18, 1.0 / 3.0, std::numeric_limits<double>::infinity(),
                   9223372036854775808.0, 18446744073709549568.0, -9223372036854775808.0, -9223372036854777856.0, 1e19,
                   -1e19}) {
    EXPECT_EQ(prism_pack(d), cxx_pack(d)) << d;
    EXPECT_EQ((prism::read<prism::msgpack, double>(cxx_pack(d)).value()), d);
    const auto f = static_cast<float>(d);
    if (f < 18446744073709551616.0f) {  // a float of 2^64: as above
      EXPECT_EQ(prism_pack(f), cxx_pack(f)) << f;
    }
  }
  // Ranges of them (written a group at a time when none is integral), seeded random mixes.
  std::mt19937_64 rng(20261129);
  std::uniform_real_distribution<double> fractional(-1e6, 1e6);
  for (int round = 0; round < 200; ++round) {
    std::vector<double> doubles(rng() % 40);
    for (double& d : doubles) d = rng() % 3 == 0 ? static_cast<double>(static_cast<std::int64_t>(rng() % 2001) - 1000) : fractional(rng);
    std::vector<float> floats(doubles.begin(), doubles.end());
    EXPECT_EQ(prism_pack(doubles), cxx_pack(doubles)) << round;
    EXPECT_EQ(prism_pack(floats), cxx_pack(floats)) << round;
    EXPECT_EQ((prism::read<prism::msgpack, std::vector<double>>(cxx_pack(doubles)).value()), doubles);
  }
}

TEST(MsgPackInterop, StringAndBinaryLengthsMatch) {
  for (std::size_t n : {0u, 1u, 31u, 32u, 255u, 256u, 65535u, 65536u, 70000u}) {
    const std::string s(n, 'q');
    EXPECT_EQ(prism_pack(s), cxx_pack(s)) << n;
    EXPECT_EQ((prism::read<prism::msgpack, std::string>(cxx_pack(s)).value()), s);
    const std::vector<char> cxx_bin(n, 'b');
    const std::vector<std::byte> bin(n, std::byte{'b'});
    EXPECT_EQ(prism_pack(bin), cxx_pack(cxx_bin)) << n;
    EXPECT_EQ((prism::read<prism::msgpack, std::vector<std::byte>>(cxx_pack(cxx_bin)).value()), bin);
  }
}

TEST(MsgPackInterop, ContainerHeadersMatch) {
  for (std::size_t n : {0u, 1u, 15u, 16u, 65535u, 65536u}) {
    const std::vector<std::int8_t> arr(n, 1);
    EXPECT_EQ(prism_pack(arr), cxx_pack(arr)) << n;
    std::map<std::int32_t, bool> m;
    for (std::size_t i = 0; i < std::min<std::size_t>(n, 70000); ++i) m[static_cast<std::int32_t>(i)] = (i % 2) != 0;
    EXPECT_EQ(prism_pack(m), cxx_pack(m)) << n;
    EXPECT_EQ((prism::read<prism::msgpack, std::map<std::int32_t, bool>>(cxx_pack(m)).value()), m);
  }
}

TEST(MsgPackInterop, RandomRecordsMatchBothWays) {
  std::mt19937_64 rng(20261122);
  auto pick = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
  const auto edges = signed_edges();
  for (int round = 0; round < 300; ++round) {
    Record r;
    CxxRecord c;
    CxxRecordArray a;
    r.id = edges[static_cast<std::size_t>(pick(0, static_cast<std::int64_t>(edges.size()) - 1))];
    r.name = std::string(static_cast<std::size_t>(pick(0, 300)), static_cast<char>('a' + round % 26));
    for (int i = pick(0, 20); i > 0; --i) r.values.push_back(static_cast<std::int32_t>(pick(-70000, 70000)));
    for (int i = pick(0, 18); i > 0; --i) r.scores["k" + std::to_string(i)] = static_cast<double>(pick(-1000, 1000)) / 8;
    r.active = round % 3 == 0;
    for (int i = pick(0, 3); i > 0; --i) r.tags.push_back(std::vector<std::string>(static_cast<std::size_t>(pick(0, 3)), "t"));
    for (int i = pick(0, 40); i > 0; --i) r.payload.push_back(static_cast<std::byte>(pick(0, 255)));
    r.ratio = static_cast<float>(pick(-100, 100)) / 3.0f;
    r.small = static_cast<std::uint16_t>(pick(0, 65535));
    c = {r.id, r.name, r.values, r.scores, r.active, r.tags, {}, r.ratio, r.small};
    for (auto b : r.payload) c.payload.push_back(static_cast<char>(b));
    a = {c.id, c.name, c.values, c.scores, c.active, c.tags, c.payload, c.ratio, c.small};

    const std::string ours = prism_pack(r);
    ASSERT_EQ(ours, cxx_pack(c)) << "round " << round;
    std::string ours_array;
    ASSERT_TRUE((prism::write<prism::msgpack, prism::options{.structs_as_arrays = true}>(r, ours_array)));
    ASSERT_EQ(ours_array, cxx_pack(a)) << "round " << round;

    const auto theirs = cxx_unpack<CxxRecord>(ours);
    EXPECT_EQ(theirs.name, r.name);
    EXPECT_EQ(theirs.values, r.values);
    EXPECT_EQ(theirs.scores, r.scores);
    EXPECT_EQ(theirs.payload, c.payload);
    auto back = prism::read<prism::msgpack, Record>(cxx_pack(c));
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(back->id, r.id);
    EXPECT_EQ(back->tags, r.tags);
    EXPECT_EQ(back->payload, r.payload);
    EXPECT_EQ(back->ratio, r.ratio);
  }
}

TEST(MsgPackInterop, ReadsWhatMsgpackCxxWritesForNestedValues) {
  std::map<std::string, std::vector<std::map<std::string, std::int64_t>>> nested{
      {"a", {{{"x", -1}, {"y", 1ll << 40}}, {}}}, {"b", {}}};
  const std::string bytes = cxx_pack(nested);
  EXPECT_EQ(prism_pack(nested), bytes);
  EXPECT_EQ((prism::read<prism::msgpack, decltype(nested)>(bytes).value()), nested);
}

// Tensors as [dtype, [extents...], bin] (and a fourth element 1 when column-major): prism's bytes
// equal msgpack-cxx's packer output for the same triple, and prism reads what msgpack-cxx writes.
TEST(MsgPackInterop, TensorsMatchTheTripleBothWays) {
  std::mt19937_64 rng(41);
  for (int round = 0; round < 100; ++round) {
    const std::array<std::size_t, 2> shape{rng() % 9, rng() % 300};
    const bool column_major = round % 3 == 0;
    prism::tensor<float, 2> t(shape, column_major ? prism::memory_order::column_major : prism::memory_order::row_major);
    for (std::size_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<float>(rng() % 100000) / 7.0f;

    msgpack::sbuffer expected;
    msgpack::packer<msgpack::sbuffer> pk(expected);
    pk.pack_array(column_major ? 4 : 3);
    pk.pack(10);  // float32
    pk.pack_array(2);
    pk.pack(static_cast<std::uint64_t>(shape[0]));
    pk.pack(static_cast<std::uint64_t>(shape[1]));
    pk.pack_bin(static_cast<std::uint32_t>(t.size_bytes()));
    pk.pack_bin_body(reinterpret_cast<const char*>(t.data()), static_cast<std::uint32_t>(t.size_bytes()));
    if (column_major) pk.pack(1);

    const auto bytes = prism::write<prism::msgpack>(t).value();
    ASSERT_EQ(bytes, std::string(expected.data(), expected.size())) << "round " << round;
    prism::tensor<float, 2> back;
    ASSERT_TRUE(prism::read<prism::msgpack>(back, std::string(expected.data(), expected.size())));
    EXPECT_EQ(back, t);
    // msgpack-cxx reads prism's triple as an array of [int, array, bin].
    const auto handle = msgpack::unpack(bytes.data(), bytes.size());
    const auto& o = handle.get();
    ASSERT_EQ(o.type, msgpack::type::ARRAY);
    EXPECT_EQ(o.via.array.ptr[0].as<int>(), 10);
    EXPECT_EQ(o.via.array.ptr[1].as<std::vector<std::size_t>>(), std::vector<std::size_t>(shape.begin(), shape.end()));
    ASSERT_EQ(o.via.array.ptr[2].type, msgpack::type::BIN);
    ASSERT_EQ(o.via.array.ptr[2].via.bin.size, t.size_bytes());
    if (t.size_bytes() != 0) {
      EXPECT_EQ(std::memcmp(o.via.array.ptr[2].via.bin.ptr, t.data(), t.size_bytes()), 0);
    }
  }
}

namespace msgpack_interop_test_types {

// Extensions through prism::value: msgpack-cxx packs seeded random extensions of every head
// (fixext 1..16, ext 8/16/32) with the bytes prism writes, and each reads the other's.
TEST(MsgPackInterop, ExtensionsMatchBothWays) {
  std::mt19937_64 rng(20261127);
  for (std::uint32_t n : {0u, 1u, 2u, 3u, 4u, 7u, 8u, 16u, 17u, 255u, 256u, 65535u, 65536u}) {
    for (int k = 0; k < 4; ++k) {
      auto type = static_cast<std::int8_t>(rng());
      if (type == -1) type = 0;  // -1 is the timestamp
      std::string data(n, '\0');
      for (char& c : data) c = static_cast<char>(rng());
      const msgpack::type::ext theirs(type, data.data(), n);
      const prism::value ours(prism::value::extension{type, prism::value::bytes(reinterpret_cast<const std::byte*>(data.data()),
                                                                                 reinterpret_cast<const std::byte*>(data.data()) + n)});
      const std::string packed = cxx_pack(theirs);
      EXPECT_EQ(prism::write<prism::msgpack>(ours).value(), packed) << n;
      prism::value back;
      ASSERT_TRUE(prism::read<prism::msgpack>(back, packed));
      EXPECT_EQ(back, ours) << n;
      const auto read_by_cxx = cxx_unpack<msgpack::type::ext>(prism::write<prism::msgpack>(ours).value());
      EXPECT_EQ(read_by_cxx.type(), type);
      EXPECT_EQ(std::string(read_by_cxx.data(), read_by_cxx.size()), data);
    }
  }
}

}  // namespace msgpack_interop_test_types
