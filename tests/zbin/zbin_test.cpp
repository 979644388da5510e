// zbin: the layout of docs/zbin.md byte for byte, sizes, alignment, views, verify() and bad input.
#include <gtest/gtest.h>

#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <unordered_map>
#include <memory>
#include <random>
#include <sstream>

#include "support/random_value.hpp"
#include "support/types.hpp"
#include "support/walk_view.hpp"

namespace zbin_test_types {

struct SmallStruct {
  int int_value = 42;
  double double_value = 3.14159;
  std::string string_value = "hello world";
  std::array<int, 10> array_value{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  friend bool operator==(const SmallStruct&, const SmallStruct&) = default;
};

struct TensorStruct {
  int int_value = 42;
  double double_value = 3.14159;
  std::string string_value = "hello world";
  std::vector<int> array_value{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  prism::tensor<std::uint8_t, 3> tensor_value{{3, 1024, 768}, prism::memory_order::row_major, 3};
  friend bool operator==(const TensorStruct&, const TensorStruct&) = default;
};

struct Wide {  // more fields than an unindexed object may hold
  int k00, k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11;
  std::string name;
  friend bool operator==(const Wide&, const Wide&) = default;
};

struct Arrays {
  std::vector<double> d;
  std::vector<float> f;
  std::vector<std::int16_t> s;
  prism::tensor<double, 2> m{{4, 4}, prism::memory_order::column_major, 1.0};
};

struct Signals {
  std::vector<double> d;
  std::vector<float> f;
  friend bool operator==(const Signals&, const Signals&) = default;
};

struct Medium {
  std::vector<int> array_value{1, 2, 3};
  prism::tensor<float, 2> tensor_value{{1, 2048}, prism::memory_order::row_major, 3.0f};
};

// A buffer whose bytes start at a chosen distance from a 64-byte boundary.
class placed_bytes {
 public:
  placed_bytes(const std::string& bytes, std::size_t shift) : storage_(new (std::align_val_t{64}) std::uint8_t[bytes.size() + 64]) {
    data_ = storage_.get() + shift;
    std::memcpy(data_, bytes.data(), bytes.size());
    size_ = bytes.size();
  }
  std::span<const std::uint8_t> span() const { return {data_, size_}; }

 private:
  struct aligned_delete {
    void operator()(std::uint8_t* p) const { ::operator delete[](p, std::align_val_t{64}); }
  };
  std::unique_ptr<std::uint8_t[], aligned_delete> storage_;
  std::uint8_t* data_;
  std::size_t size_;
};

std::string hex(const std::string& s) {
  std::string out;
  char buf[4];
  for (unsigned char c : s) {
    std::snprintf(buf, sizeof buf, "%02x ", c);
    out += buf;
  }
  return out;
}

}  // namespace zbin_test_types
using namespace zbin_test_types;

TEST(Zbin, LayoutOfASmallObject) {
  std::map<std::string, int> m{{"a", 1}, {"b", -2}};
  const std::string bytes = prism::write<prism::zbin>(m).value();
  // header, fixobject of 2, body size 6, "a" 1, "b" -2
  EXPECT_EQ(hex(bytes), "5a 01 82 06 00 00 00 a1 61 01 a1 62 fe ");
  const std::vector<std::string> words{"x", "yz"};
  // header, fixarray of 2, body 13 = index (2 x 4) + "x" + "yz"; offsets 8 and 10 from the body
  EXPECT_EQ(hex(prism::write<prism::zbin>(words).value()), "5a 01 92 0d 00 00 00 08 00 00 00 0a 00 00 00 a1 78 a2 79 7a ");
}

TEST(Zbin, IndexedKeysAreInByteOrderWhateverTheMapsOrder) {
  std::map<std::string, int, std::greater<>> descending;
  std::unordered_map<std::string, int> hashed;
  for (int i = 0; i < 40; ++i) {
    descending["key" + std::to_string(i * 7 % 40)] = i;
    hashed["k\xc3\xa9y" + std::to_string(i)] = i;  // non-ASCII bytes sort as unsigned
  }
  for (const auto& z : {prism::write<prism::zbin>(descending).value(), prism::write<prism::zbin>(hashed).value()}) {
    ASSERT_TRUE(prism::verify<prism::zbin>(z)) << prism::verify<prism::zbin>(z).error().message();
    std::vector<std::string> keys;
    for (auto [key, value] : prism::view<prism::zbin>(z).items()) keys.emplace_back(key.as_string_view().value());
    EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  }
  EXPECT_EQ(prism::view<prism::zbin>(prism::write<prism::zbin>(descending).value())["key21"].as<int>().value(), 3);
  EXPECT_EQ(prism::view<prism::zbin>(prism::write<prism::zbin>(hashed).value())["k\xc3\xa9y17"].as<int>().value(), 17);
}

TEST(Zbin, NumbersTakeTheirSmallestCode) {
  EXPECT_EQ(hex(prism::write<prism::zbin>(127).value()), "5a 01 7f ");
  EXPECT_EQ(hex(prism::write<prism::zbin>(-32).value()), "5a 01 e0 ");
  EXPECT_EQ(hex(prism::write<prism::zbin>(-33).value()), "5a 01 c7 df ");
  EXPECT_EQ(hex(prism::write<prism::zbin>(300).value()), "5a 01 c4 2c 01 ");
  EXPECT_EQ(hex(prism::write<prism::zbin>(std::uint64_t{1} << 40).value()), "5a 01 c6 00 00 00 00 00 01 00 00 ");
  EXPECT_EQ(hex(prism::write<prism::zbin>(1.5).value()), "5a 01 cc 00 00 00 00 00 00 f8 3f ");
  EXPECT_EQ(hex(prism::write<prism::zbin>(1.5f).value()), "5a 01 cb 00 00 c0 3f ");
}

TEST(Zbin, SmallStructIsAtMostOneAndAHalfTimesMessagePack) {
  const SmallStruct s;
  const auto z = prism::write<prism::zbin>(s).value();
  const auto m = prism::write<prism::msgpack>(s).value();
  EXPECT_EQ(m.size(), 82u);
  EXPECT_LE(z.size() * 2, m.size() * 3) << z.size() << " vs " << m.size();
  EXPECT_EQ((prism::read<prism::zbin, SmallStruct>(z).value()), s);
}

TEST(Zbin, LargeTensorIsWithin128BytesOfItsData) {
  const TensorStruct t;
  const auto z = prism::write<prism::zbin>(t).value();
  EXPECT_LE(z.size(), t.tensor_value.size_bytes() + 128) << z.size();
  EXPECT_EQ((prism::read<prism::zbin, TensorStruct>(z).value()), t);
}

TEST(Zbin, NumericDataIsAlignedAndViewedInPlace) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 50; ++round) {
    Arrays a;
    a.d.resize(rng() % 40);
    a.f.resize(rng() % 40);
    a.s.resize(rng() % 40);
    for (auto& x : a.d) x = static_cast<double>(rng() % 1000) / 8;
    for (auto& x : a.f) x = static_cast<float>(rng() % 1000) / 4;
    const int span = round % 3 == 0 ? 100 : round % 3 == 1 ? 1000 : 60000;
    for (auto& x : a.s) x = static_cast<std::int16_t>(static_cast<int>(rng() % static_cast<unsigned>(span)) - span / 2);
    const auto z = prism::write<prism::zbin>(a).value();
    const placed_bytes aligned(z, 0);
    const auto v = prism::view<prism::zbin>(aligned.span());
    auto d = v["d"].as_tensor<double, 1>();
    ASSERT_TRUE(d) << d.error().message();
    EXPECT_TRUE(d->zero_copy());
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d->view().data()) % (a.d.size() * 8 >= 64 ? 64u : 8u), 0u);
    for (std::size_t i = 0; i < a.d.size(); ++i) ASSERT_EQ((*d)(i), a.d[i]);
    EXPECT_TRUE((v["f"].as_tensor<float, 1>()->zero_copy()));
    // Integer arrays under 64 bytes go narrow: read back by conversion, and said so.
    auto narrow = v["s"].as_tensor<std::int16_t, 1>();
    ASSERT_TRUE(narrow);
    if (a.s.size() * 2 >= 64) {
      EXPECT_TRUE(narrow->zero_copy());
    } else if (!a.s.empty() && span == 100) {
      EXPECT_EQ(narrow->why(), "copied: stored as int8");
    }
    for (std::size_t i = 0; i < a.s.size(); ++i) ASSERT_EQ((*narrow)(i), a.s[i]);
    auto m = v["m"].as_tensor<double, 2>();
    ASSERT_TRUE(m);
    EXPECT_TRUE(m->zero_copy());
    EXPECT_EQ(m->view().order(), prism::memory_order::column_major);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(m->view().data()) % 64, 0u);
    // The same bytes three bytes off a boundary: a copy, and the reason.
    const placed_bytes shifted(z, 3);
    auto copied = prism::view<prism::zbin>(shifted.span())["m"].as_tensor<double, 2>();
    ASSERT_TRUE(copied);
    EXPECT_FALSE(copied->zero_copy());
    EXPECT_EQ(copied->why(), "copied: misaligned by 3 bytes for alignment 8");
    EXPECT_EQ((*copied)(3, 2), 1.0);
  }
}

TEST(Zbin, AnAlignedBufferHoldsEveryLargeArrayAtA64ByteAddress) {
  prism::aligned_buffer out;
  Signals a, back;
  std::mt19937_64 rng(11);
  for (int round = 0; round < 20; ++round) {  // reused: grown, shrunk and grown again
    a.d.resize(8 + rng() % 200);
    a.f.resize(16 + rng() % 200);
    for (auto& x : a.d) x = static_cast<double>(rng() % 1000) / 8;
    for (auto& x : a.f) x = static_cast<float>(rng() % 1000) / 4;
    ASSERT_TRUE(prism::write<prism::zbin>(a, out));
    ASSERT_EQ(reinterpret_cast<std::uintptr_t>(out.data()) % 64, 0u);
    EXPECT_EQ(out.size(), prism::write<prism::zbin>(a).value().size());
    ASSERT_TRUE(prism::verify<prism::zbin>(out));
    const auto v = prism::view<prism::zbin>(out);
    const auto d = v["d"].as_tensor<double, 1>();
    const auto f = v["f"].as_tensor<float, 1>();
    ASSERT_TRUE(d && f);
    EXPECT_TRUE(d->zero_copy() && f->zero_copy());
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d->view().data()) % 64, 0u);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(f->view().data()) % 64, 0u);
    EXPECT_EQ((*d)(a.d.size() - 1), a.d.back());
    ASSERT_TRUE(prism::read<prism::zbin>(back, out));
    EXPECT_EQ(back, a);
  }
  // Any format writes into it; a copy keeps the alignment.
  a.d.resize(3);
  ASSERT_TRUE(prism::write<prism::msgpack>(a, out));
  const prism::aligned_buffer copy = out;
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(copy.data()) % 64, 0u);
  ASSERT_TRUE(prism::read<prism::msgpack>(back, copy));
  EXPECT_EQ(back, a);
}

TEST(Zbin, ViewsIndexArraysAndFindKeys) {
  std::vector<Wide> rows(100);
  for (int i = 0; i < 100; ++i) rows[static_cast<std::size_t>(i)] = Wide{i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, i * 11, "row" + std::to_string(i)};
  const auto z = prism::write<prism::zbin>(rows).value();
  const auto v = prism::view<prism::zbin>(z);
  EXPECT_EQ(v.size().value(), 100u);
  for (int i = 0; i < 100; ++i) {
    const auto row = v[static_cast<std::size_t>(i)];
    EXPECT_EQ(row["k11"].as<int>().value(), i * 11);
    EXPECT_EQ(row["name"].as<std::string>().value(), "row" + std::to_string(i));
    EXPECT_EQ(row["k00"].as<std::int8_t>().value(), i);
  }
  EXPECT_FALSE(v[5].find("k12"));
  const auto missing = v[5]["k12"].as<int>();
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, prism::errc::missing_key);
  EXPECT_EQ(missing.error().path, "k12");
  const auto beyond = v[100].as<int>();
  ASSERT_FALSE(beyond);
  EXPECT_EQ(beyond.error().message(), "zbin: number out of range at byte 2, field [100]");
  // Walks: every element once; keys in the order written (byte order for indexed objects).
  std::size_t n = 0;
  for (auto row : v.elements()) EXPECT_EQ(row["k00"].as<std::size_t>().value(), n++);
  EXPECT_EQ(n, 100u);
  std::vector<std::string> keys;
  for (auto [key, value] : v[0].items()) keys.emplace_back(key.as_string_view().value());
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
  EXPECT_EQ(keys.size(), 13u);
  // A struct materialized from a view of one element.
  Wide w{};
  ASSERT_TRUE(prism::read(w, v[42]));
  EXPECT_EQ(w, rows[42]);
  // No silent truncation.
  EXPECT_EQ(v[99]["k11"].as<std::int8_t>().error().code, prism::errc::out_of_range);
  EXPECT_EQ(v[0]["name"].as<int>().error().message(), "zbin: type mismatch at byte 533: expected integer, found string");
}

TEST(Zbin, RoundTripsOfRandomValuesVerify) {
  testing_support::random_values gen(31);
  for (int i = 0; i < 200; ++i) {
    const auto value = gen.make<testing_types::Everything>();
    const auto z = prism::write<prism::zbin>(value).value();
    ASSERT_TRUE(prism::verify<prism::zbin>(z)) << prism::verify<prism::zbin>(z).error().message();
    const auto v = prism::view<prism::zbin>(z);
    EXPECT_EQ(v["text"].as<std::string>().value(), value.text);
    EXPECT_EQ(v["u64"].as<std::uint64_t>().value(), value.u64);
    EXPECT_EQ(v["i64"].as<std::int64_t>().value(), value.i64);
    EXPECT_EQ(v["f64"].as<double>().value(), value.f64);
    EXPECT_EQ(v["numbers"].size().value(), value.numbers.size());
    testing_types::Everything back{};
    ASSERT_TRUE(prism::read(back, v));
    EXPECT_TRUE(back == value);
  }
}

TEST(Zbin, VerifyRejectsEveryTruncationAndDamageNeverCrashes) {
  testing_support::random_values gen(32);
  std::mt19937_64 rng(33);
  for (int i = 0; i < 20; ++i) {
    const auto z = prism::write<prism::zbin>(gen.make<testing_types::Everything>()).value();
    for (std::size_t n = 0; n < z.size(); ++n) {
      const std::string cut = z.substr(0, n);
      ASSERT_FALSE(prism::verify<prism::zbin>(cut)) << "truncated at " << n;
      testing_types::Everything out{};
      ASSERT_FALSE((prism::read<prism::zbin>(out, cut))) << "truncated at " << n;
    }
    for (int k = 0; k < 300; ++k) {
      std::string bad = z;
      bad[rng() % bad.size()] = static_cast<char>(rng());
      const bool verified = static_cast<bool>(prism::verify<prism::zbin>(bad));
      // Whatever verify says, views and reads of the damaged bytes stay in bounds (ASan checks);
      // after verify says yes, every value of the message decodes through the view.
      const auto v = prism::view<prism::zbin>(bad);
      (void)v["text"].as<std::string>();
      (void)v["tree"]["children"][0].size();
      const bool walked = walk_view(v);
      if (verified) {
        EXPECT_TRUE(walked) << "verified bytes must walk";
      }
      testing_types::Everything out{};
      (void)prism::read<prism::zbin>(out, bad);
    }
  }
}

// A verified view (verify() once, then no offset checks) reads what the checked view reads:
// every value, every lookup, the struct, and the errors of what the caller asks for.
TEST(Zbin, VerifiedViewsReadWhatCheckedViewsRead) {
  testing_support::random_values gen(34);
  for (int i = 0; i < 200; ++i) {
    const auto value = gen.make<testing_types::Everything>();
    const auto z = prism::write<prism::zbin>(value).value();
    const auto v = prism::verified_view<prism::zbin>(z);
    ASSERT_TRUE(v.valid()) << v.failure()->message();
    EXPECT_EQ(v["text"].as<std::string>().value(), value.text);
    EXPECT_EQ(v["u64"].as<std::uint64_t>().value(), value.u64);
    EXPECT_EQ(v["i64"].as<std::int64_t>().value(), value.i64);
    EXPECT_EQ(v["f64"].as<double>().value(), value.f64);
    EXPECT_EQ(v["numbers"].size().value(), value.numbers.size());
    EXPECT_EQ(v["by_id"].size().value(), value.by_id.size());
    for (const auto& [id, name] : value.by_id) {
      std::size_t matched = 0;
      for (auto [key, text] : v["by_id"].items())
        if (key.as<std::int32_t>().value() == id && text.as<std::string>().value() == name) ++matched;
      EXPECT_EQ(matched, 1u) << id;
    }
    EXPECT_TRUE(walk_view(v));
    EXPECT_TRUE(probe_lookups(v));
    testing_types::Everything back{};
    ASSERT_TRUE(prism::read(back, v));
    EXPECT_TRUE(back == value);
    EXPECT_EQ(v["no such field"].as<int>().error().code, prism::errc::missing_key);
    EXPECT_EQ(v["text"].as<int>().error().code, prism::errc::type_mismatch);
    EXPECT_EQ(v["numbers"][value.numbers.size()].as<int>().error().code, prism::errc::out_of_range);
    EXPECT_EQ(v["i64"]["x"].as<int>().error().code, prism::errc::type_mismatch);
  }
  // Indexed objects (binary search) and tensors in place.
  std::vector<Wide> rows(50);
  for (int i = 0; i < 50; ++i) rows[static_cast<std::size_t>(i)] = {i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "row " + std::to_string(i)};
  prism::aligned_buffer wide;
  ASSERT_TRUE(prism::write<prism::zbin>(rows, wide));
  const auto w = prism::verified_view<prism::zbin>(wide);
  EXPECT_EQ(w[42]["name"].as<std::string>().value(), "row 42");
  EXPECT_EQ(w[42]["k00"].as<int>().value(), 42);
  EXPECT_EQ(w[49]["k11"].as<std::int8_t>().value(), 11);
  prism::aligned_buffer tensor;
  ASSERT_TRUE(prism::write<prism::zbin>(TensorStruct{}, tensor));
  const auto t = prism::verified_view<prism::zbin>(tensor)["tensor_value"].as_tensor<std::uint8_t, 3>();
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->zero_copy());
  EXPECT_EQ((*t)(2, 1000, 700), 3);
}

// A verified view of bytes verify() refuses carries verify()'s error; of bytes it accepts, every
// value walks and every lookup agrees with the walk, without the offset checks (ASan watches).
TEST(Zbin, VerifiedViewsOfDamagedBytesFailAsVerifyDoes) {
  testing_support::random_values gen(35);
  std::mt19937_64 rng(36);
  std::size_t accepted = 0, refused = 0;
  for (int i = 0; i < 20; ++i) {
    const auto z = prism::write<prism::zbin>(gen.make<testing_types::Everything>()).value();
    for (int k = 0; k < 400; ++k) {
      std::string bad = z;
      if (k % 5 == 0) bad.resize(rng() % bad.size());
      else bad[rng() % bad.size()] = static_cast<char>(rng());
      const auto verified = prism::verify<prism::zbin>(bad);
      const auto v = prism::verified_view<prism::zbin>(bad);
      ASSERT_EQ(v.valid(), static_cast<bool>(verified));
      if (!verified) {
        ++refused;
        EXPECT_EQ(v.failure()->code, verified.error().code);
        EXPECT_EQ(v.failure()->offset, verified.error().offset);
        EXPECT_EQ(v["text"].as<std::string>().error().code, verified.error().code);
        continue;
      }
      ++accepted;
      EXPECT_TRUE(walk_view(v));
      EXPECT_TRUE(probe_lookups(v));
      (void)v["tree"]["children"][0].size();
      testing_types::Everything out{};
      (void)prism::read(out, v);
    }
  }
  EXPECT_GT(accepted, 100u);
  EXPECT_GT(refused, 1000u);
}

TEST(Zbin, HugeCountsFailBeforeAllocating) {
  // An array claiming 2^32-1 elements in a 13-byte message.
  const std::string bytes("\x5a\x01\xd3\xff\xff\xff\xff\x04\x00\x00\x00\x00\x00", 13);
  std::vector<int> out;
  const auto st = prism::read<prism::zbin>(out, bytes);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::unexpected_end);
  EXPECT_FALSE(prism::verify<prism::zbin>(bytes));
  // A tensor whose extents multiply past the input.
  const std::string tensor("\x5a\x01\xd6\x0b\x02\xff\xff\xff\xff\x0f\xff\xff\xff\xff\x0f", 15);
  prism::tensor<double, 2> t;
  EXPECT_EQ(prism::read<prism::zbin>(t, tensor).error().code, prism::errc::unexpected_end);
  EXPECT_FALSE((prism::view<prism::zbin>(tensor).as_tensor<double, 2>()));
}

TEST(Zbin, DeepNestingIsRefused) {
  // 100000 arrays, each holding the next; the innermost is empty.
  constexpr std::size_t depth = 100000;
  std::string bytes("\x5a\x01", 2);
  for (std::size_t i = 0; i < depth; ++i) {
    const std::uint32_t body = static_cast<std::uint32_t>(4 + 9 * (depth - 1 - i) + 5);
    const char level[9] = {'\x91', char(body), char(body >> 8), char(body >> 16), char(body >> 24), 4, 0, 0, 0};
    bytes.append(level, 9);
  }
  bytes.append("\x90\x00\x00\x00\x00", 5);
  EXPECT_EQ(prism::verify<prism::zbin>(bytes).error().code, prism::errc::too_deep);
  std::vector<int> out;
  EXPECT_EQ(prism::read<prism::zbin>(out, bytes).error().code, prism::errc::type_mismatch);
}

// The reader names an unknown key whose value fails to skip. From a stream, that skip refills and
// grows the stream's window, so the key must be copied out of the window before it.
namespace zbin_test_types {
struct Newer {
  int id = 7;
  std::string note_added_in_version_two = std::string(300000, 'x');
};
struct Older {
  int id = 0;
};
}  // namespace zbin_test_types

TEST(Zbin, StreamErrorNamesTheUnknownKeyAfterTheWindowMoved) {
  using zbin_test_types::Newer, zbin_test_types::Older;
  auto bytes = prism::write<prism::zbin>(Newer{}).value();
  // The unknown key's string claims more bytes than its object holds: skipping it reads past
  // the object's body, which moves the stream's window before the skip fails.
  const auto length = bytes.find(std::string("\xe0\x93\x04\x00", 4));  // 300000
  ASSERT_NE(length, std::string::npos);
  bytes.replace(length, 4, std::string("\x80\x1a\x06\x00", 4));  // 400000
  std::istringstream truncated(bytes);
  Older older;
  const auto status = prism::read<prism::zbin>(older, truncated);
  ASSERT_FALSE(status);
  EXPECT_EQ(status.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(status.error().path, "[\"note_added_in_version_two\"]");
}

TEST(Zbin, StreamsAndFixedBuffersAgree) {
  const TensorStruct t;
  const auto z = prism::write<prism::zbin>(t).value();
  std::stringstream ss;
  ASSERT_TRUE(prism::write<prism::zbin>(t, ss));
  EXPECT_EQ(ss.str(), z);
  auto back = prism::read<prism::zbin, TensorStruct>(ss);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, t);
  std::vector<std::uint8_t> fixed(z.size());
  EXPECT_EQ(prism::write<prism::zbin>(t, std::span(fixed)).value(), z.size());
  EXPECT_EQ(std::string(fixed.begin(), fixed.end()), z);
  std::vector<std::uint8_t> small(z.size() - 1);
  EXPECT_EQ(prism::write<prism::zbin>(t, std::span(small)).error().code, prism::errc::buffer_overflow);
}

// A container whose declared size runs past the input is refused from a stream as from a span,
// even when its elements would fit: its bytes must arrive before it is read.
TEST(Zbin, AContainerLongerThanTheInputIsRefusedFromStreamsToo) {
  const std::map<std::string, int> m{{"a", 1}, {"b", -2}};
  std::string bytes = prism::write<prism::zbin>(m).value();
  bytes[3] = 0x40;  // a body of 64 bytes where the 6 bytes of the entries follow
  const auto from_span = prism::read<prism::zbin, std::map<std::string, int>>(bytes);
  ASSERT_FALSE(from_span);
  EXPECT_EQ(from_span.error().code, prism::errc::unexpected_end);
  std::istringstream stream(bytes);
  const auto from_stream = prism::read<prism::zbin, std::map<std::string, int>>(stream);
  ASSERT_FALSE(from_stream);
  EXPECT_EQ(from_stream.error().code, prism::errc::unexpected_end);
}

// A container's contents must end where its size says: a skip, a view and verify() go by the
// size, so a read that went by the contents alone would take other values from the same bytes.
TEST(Zbin, AContainerMustEndWhereItsSizeSays) {
  const std::vector<std::map<std::string, int>> v{{{"a", 1}}, {{"b", 2}}};
  std::string bytes = prism::write<prism::zbin>(v).value();
  // header (2), fixarray and body size (5), index (8), then the first object's fixobject and size
  ASSERT_EQ(hex(bytes.substr(15, 5)), "81 03 00 00 00 ");
  bytes[16] = 8;  // the first object now claims the next one's head too
  EXPECT_FALSE(prism::verify<prism::zbin>(bytes));
  const auto read = prism::read<prism::zbin, std::vector<std::map<std::string, int>>>(bytes);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, prism::errc::invalid_value) << read.error().message();
  EXPECT_EQ(read.error().path, "[0]");
}

TEST(MsgPackTensor, TheTripleReadsBackAndViews) {
  Medium medium;
  const auto m = prism::write<prism::msgpack>(medium).value();
  // [10, [1, 2048], bin16 of 8192 bytes]
  const std::size_t at = m.find("tensor_value") + 12;
  EXPECT_EQ(hex(m.substr(at, 10)), "93 0a 92 01 cd 08 00 c5 20 00 ");
  Medium back;
  back.tensor_value = {};
  ASSERT_TRUE(prism::read<prism::msgpack>(back, m));
  EXPECT_EQ(back.tensor_value, medium.tensor_value);
  const auto v = prism::view<prism::msgpack>(m);
  for (std::size_t shift = 0; shift < 4; ++shift) {
    const placed_bytes placed(m, shift);
    auto t = prism::view<prism::msgpack>(placed.span())["tensor_value"].as_tensor<float, 2>();
    ASSERT_TRUE(t) << t.error().message();
    EXPECT_EQ((*t)(0, 2047), 3.0f);
    const auto address = reinterpret_cast<std::uintptr_t>(placed.span().data() + at + 10);
    EXPECT_EQ(t->zero_copy(), address % 4 == 0) << t->why();
  }
  EXPECT_EQ((v["tensor_value"].as_tensor<std::int32_t, 2>().error().code), prism::errc::type_mismatch);
  EXPECT_EQ((v["tensor_value"].as_tensor<double, 2>()->why()), "copied: stored as float32");
  EXPECT_EQ((v["tensor_value"].as_tensor<float, 3>().error().code), prism::errc::size_mismatch);
}

TEST(MsgPackView, WalksAndLooksUp) {
  testing_support::random_values gen(34);
  for (int i = 0; i < 100; ++i) {
    const auto value = gen.make<testing_types::Everything>();
    const auto m = prism::write<prism::msgpack>(value).value();
    const auto v = prism::view<prism::msgpack>(m);
    EXPECT_EQ(v["text"].as<std::string>().value(), value.text);
    EXPECT_EQ(v["i64"].as<std::int64_t>().value(), value.i64);
    EXPECT_EQ(v["numbers"].size().value(), value.numbers.size());
    std::size_t k = 0;
    for (auto e : v["numbers"].elements()) EXPECT_EQ(e.as<std::int32_t>().value(), value.numbers[k++]);
    EXPECT_EQ(k, value.numbers.size());
    if (!value.numbers.empty()) {
      EXPECT_EQ(v["numbers"][value.numbers.size() - 1].as<std::int32_t>().value(), value.numbers.back());
    }
    std::size_t fields = 0;
    for (auto [key, field] : v.items()) {
      (void)field;
      EXPECT_TRUE(key.as_string_view());
      ++fields;
    }
    EXPECT_EQ(fields, prism::field_count_v<testing_types::Everything>);
    testing_types::Everything back{};
    ASSERT_TRUE(prism::read(back, v));
    EXPECT_TRUE(back == value);
  }
}

// verify() promises that every value decodes: a timestamp whose nanoseconds reach a whole second,
// which every reader refuses, fails verify too.
TEST(Zbin, VerifyRefusesWhatEveryReaderRefuses) {
  using time = std::chrono::sys_time<std::chrono::nanoseconds>;
  const std::vector<time> when{time(std::chrono::nanoseconds(1'500'000'000))};
  std::string bytes = prism::write<prism::zbin>(when).value();
  ASSERT_TRUE(prism::verify<prism::zbin>(bytes));
  ASSERT_GE(bytes.size(), 13u);
  const std::size_t nanos = bytes.size() - 4;  // the one timestamp ends the message: tag, seconds, nanoseconds
  ASSERT_EQ(static_cast<std::uint8_t>(bytes[nanos - 9]), prism::zbin_detail::code::timestamp);
  prism::detail::store_le32(reinterpret_cast<std::uint8_t*>(bytes.data() + nanos), 1'000'000'000);
  const auto verified = prism::verify<prism::zbin>(bytes);
  ASSERT_FALSE(verified);
  EXPECT_EQ(verified.error().code, prism::errc::invalid_value) << verified.error().message();
  const auto read = prism::read<prism::zbin, std::vector<time>>(bytes);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, prism::errc::invalid_value) << read.error().message();
}
