// FlexBuffers against flatbuffers' own flexbuffers.h: prism's bytes equal a hand-driven
// flexbuffers::Builder's, prism reads what the Builder writes (any widths, indirect scalars,
// fixed vectors, keys in any order), flexbuffers::Reference reads prism's bytes; tensors are
// aligned; bad bytes (truncation, damage, shared-container bombs, deep nesting) are errors.
#include <gtest/gtest.h>

#include <prism/flex.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include <flatbuffers/flexbuffers.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace flex_test_types {

struct Position {
  double x;
  double y;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Reading {
  std::string name;
  std::int32_t count;
  std::uint64_t serial;
  double value;
  bool ok;
  std::vector<float> samples;
  std::vector<std::string> tags;
  std::map<std::string, std::int64_t> totals;
  std::vector<std::byte> raw;
  Position where;
  std::optional<std::uint16_t> maybe;
  friend bool operator==(const Reading&, const Reading&) = default;
};

Reading make_reading(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Reading r;
  r.name = "sensor " + std::to_string(rng() % 1000);
  r.count = static_cast<std::int32_t>(rng()) >> (rng() % 31);
  r.serial = rng() >> (rng() % 64);
  r.value = std::normal_distribution<double>(0, 1e6)(rng);
  r.ok = rng() % 2;
  for (std::size_t i = 0, n = rng() % 300; i < n; ++i) r.samples.push_back(static_cast<float>(rng() % 10000) / 7.0f);
  for (std::size_t i = 0, n = rng() % 4; i < n; ++i) r.tags.push_back(std::string(rng() % 20, static_cast<char>('a' + i)));
  for (std::size_t i = 0, n = rng() % 5; i < n; ++i) r.totals["k" + std::to_string(rng() % 100)] = static_cast<std::int64_t>(rng());
  for (std::size_t i = 0, n = rng() % 40; i < n; ++i) r.raw.push_back(static_cast<std::byte>(rng()));
  r.where = {std::normal_distribution<double>(0, 1)(rng), 0.5};
  if (rng() % 2) r.maybe = static_cast<std::uint16_t>(rng());
  return r;
}

// The same value through flexbuffers::Builder by hand, fields in declaration order.
std::vector<std::uint8_t> build_by_hand(const Reading& r) {
  flexbuffers::Builder fbb;
  fbb.Map([&] {
    fbb.String("name", r.name);
    fbb.Int("count", r.count);
    fbb.UInt("serial", r.serial);
    fbb.Double("value", r.value);
    fbb.Bool("ok", r.ok);
    fbb.Key("samples");
    fbb.Vector(r.samples.data(), r.samples.size());
    fbb.Vector("tags", [&] {
      for (const auto& t : r.tags) fbb.String(t);
    });
    fbb.Map("totals", [&] {
      for (const auto& [k, v] : r.totals) fbb.Int(k.c_str(), v);
    });
    fbb.Blob("raw", r.raw.data(), r.raw.size());
    fbb.Map("where", [&] {
      fbb.Double("x", r.where.x);
      fbb.Double("y", r.where.y);
    });
    if (r.maybe) fbb.UInt("maybe", *r.maybe);
    else fbb.Null("maybe");
  });
  fbb.Finish();
  return fbb.GetBuffer();
}

struct Holder {
  prism::tensor<float, 2> f;
  prism::tensor<double, 1> d;
  prism::tensor<std::uint16_t, 1> u;
  prism::tensor<std::complex<double>, 1> c;
};

struct Padded {
  std::string pad;
  prism::tensor<float, 2> t;
};

struct Deep {
  std::vector<Deep> children;
};

std::string as_string(const std::vector<std::uint8_t>& v) { return {v.begin(), v.end()}; }

}  // namespace flex_test_types

using namespace flex_test_types;

TEST(FlexInterop, PrismWritesTheBuildersBytesAndReadsThemBack) {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const Reading r = make_reading(seed);
    const std::string by_hand = as_string(build_by_hand(r));
    const std::string mine = prism::write<prism::flex>(r).value();
    EXPECT_EQ(mine, by_hand) << "seed " << seed;
    Reading back{};
    const auto st = prism::read<prism::flex>(back, by_hand);
    ASSERT_TRUE(st) << "seed " << seed << ": " << st.error().message();
    EXPECT_EQ(back, r) << "seed " << seed;
  }
}

TEST(FlexInterop, FlexbuffersReadsPrismsBytes) {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const Reading r = make_reading(seed);
    const std::string bytes = prism::write<prism::flex>(r).value();
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    ASSERT_TRUE(flexbuffers::VerifyBuffer(data, bytes.size())) << "seed " << seed;
    const auto root = flexbuffers::GetRoot(data, bytes.size()).AsMap();
    EXPECT_EQ(root["name"].AsString().str(), r.name);
    EXPECT_EQ(root["count"].AsInt64(), r.count);
    EXPECT_EQ(root["serial"].AsUInt64(), r.serial);
    EXPECT_EQ(root["value"].AsDouble(), r.value);
    EXPECT_EQ(root["ok"].AsBool(), r.ok);
    const auto samples = root["samples"].AsTypedVector();
    ASSERT_EQ(samples.size(), r.samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) EXPECT_EQ(samples[i].AsFloat(), r.samples[i]);
    const auto tags = root["tags"].AsVector();
    ASSERT_EQ(tags.size(), r.tags.size());
    for (std::size_t i = 0; i < tags.size(); ++i) EXPECT_EQ(tags[i].AsString().str(), r.tags[i]);
    const auto totals = root["totals"].AsMap();
    ASSERT_EQ(totals.size(), r.totals.size());
    for (const auto& [k, v] : r.totals) EXPECT_EQ(totals[k].AsInt64(), v);
    const auto raw = root["raw"].AsBlob();
    ASSERT_EQ(raw.size(), r.raw.size());
    EXPECT_TRUE(r.raw.empty() || std::memcmp(raw.data(), r.raw.data(), raw.size()) == 0);
    EXPECT_EQ(root["where"].AsMap()["x"].AsDouble(), r.where.x);
    EXPECT_EQ(root["maybe"].IsNull(), !r.maybe);
    if (r.maybe) {
      EXPECT_EQ(root["maybe"].AsUInt64(), *r.maybe);
    }
  }
}

TEST(FlexInterop, ReadsWhatOtherWritersChoose) {
  // Widths the Builder was forced to, indirect scalars, a fixed-length typed vector, an untyped
  // vector of numbers, keys absent and unknown.
  flexbuffers::Builder fbb;
  fbb.ForceMinimumBitWidth(flexbuffers::BIT_WIDTH_64);
  fbb.Map([&] {
    fbb.IndirectInt("count", -7);
    fbb.IndirectUInt("serial", 12345678901234ull);
    fbb.IndirectDouble("value", 0.1);  // (the Builder stores a double that fits a float wrongly)
    fbb.Key("samples");
    const float three[3] = {1.0f, 2.0f, 3.5f};
    fbb.FixedTypedVector(three, 3);
    fbb.Vector("tags", [&] { fbb.String("t"); });
    fbb.Int("unknown", 1);
    fbb.Map("where", [&] {
      fbb.Int("x", 3);  // an integer where a double is expected
      fbb.Double("y", -0.5);
    });
  });
  fbb.Finish();
  Reading r{};
  r.name = "kept";
  const auto st = prism::read<prism::flex>(r, as_string(fbb.GetBuffer()));
  ASSERT_TRUE(st) << st.error().message();
  EXPECT_EQ(r.name, "kept");
  EXPECT_EQ(r.count, -7);
  EXPECT_EQ(r.serial, 12345678901234ull);
  EXPECT_EQ(r.value, 0.1);
  EXPECT_EQ(r.samples, (std::vector<float>{1.0f, 2.0f, 3.5f}));
  EXPECT_EQ(r.tags, std::vector<std::string>{"t"});
  EXPECT_EQ(r.where, (Position{3.0, -0.5}));
  constexpr prism::options strict{.error_on_unknown_keys = true};
  EXPECT_EQ((prism::read<prism::flex, strict>(r, as_string(fbb.GetBuffer())).error().code), prism::errc::unknown_key);
}

TEST(FlexInterop, NoSilentTruncation) {
  flexbuffers::Builder fbb;
  fbb.Map([&] { fbb.Int("count", std::int64_t{1} << 40); });
  fbb.Finish();
  Reading r{};
  const auto st = prism::read<prism::flex>(r, as_string(fbb.GetBuffer()));
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::out_of_range);
  EXPECT_EQ(st.error().path, "count");
}

TEST(FlexWire, TensorDataIsAlignedForItsType) {
  for (std::size_t n : {1u, 3u, 100u, 2048u, 40000u}) {
    Holder h;
    h.f = prism::tensor<float, 2>({n, 2}, prism::memory_order::row_major, 1.5f);
    h.d = prism::tensor<double, 1>({n}, prism::memory_order::row_major, -2.0);
    h.u = prism::tensor<std::uint16_t, 1>({n}, prism::memory_order::row_major, 7);
    h.c = prism::tensor<std::complex<double>, 1>({n}, prism::memory_order::row_major, {1, 2});
    const std::string bytes = prism::write<prism::flex>(h).value();  // std::string storage is 16-aligned
    ASSERT_TRUE(flexbuffers::VerifyBuffer(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    const auto v = prism::view<prism::flex>(bytes);
    const auto f = v["f"].as_tensor<const float, 2>();
    const auto d = v["d"].as_tensor<const double, 1>();
    const auto u = v["u"].as_tensor<const std::uint16_t, 1>();
    const auto c = v["c"].as_tensor<const std::complex<double>, 1>();
    ASSERT_TRUE(f && d && u && c) << n;
    EXPECT_TRUE(f->zero_copy() && d->zero_copy() && u->zero_copy() && c->zero_copy()) << n;
    EXPECT_EQ((*f)(n - 1, 1), 1.5f);
    EXPECT_EQ((*c)(n - 1), std::complex<double>(1, 2));
    // zerialize's triple: [dtype, [extents], data]
    const auto triple = flexbuffers::GetRoot(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()).AsMap()["f"].AsVector();
    ASSERT_EQ(triple.size(), 3u);
    EXPECT_EQ(triple[0].AsUInt64(), 10u);
    // The extents: a typed vector, or an untyped one where that places the data aligned.
    const auto extent = [&](std::size_t d) {
      return triple[1].IsTypedVector() ? triple[1].AsTypedVector()[d].AsUInt64() : triple[1].AsVector()[d].AsUInt64();
    };
    EXPECT_EQ(triple[1].IsTypedVector() ? triple[1].AsTypedVector().size() : triple[1].AsVector().size(), 2u);
    EXPECT_EQ(extent(0), n);
    EXPECT_EQ(extent(1), 2u);
  }
}

TEST(FlexWire, TensorDataIsOneBlobWhereverTheTensorStarts) {
  for (std::size_t pad = 0; pad < 16; ++pad) {
    Padded p{std::string(pad, 'p'), prism::tensor<float, 2>({1, 2048}, prism::memory_order::row_major, 0.25f)};
    const std::string bytes = prism::write<prism::flex>(p).value();
    const auto triple = flexbuffers::GetRoot(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()).AsMap()["t"].AsVector();
    EXPECT_TRUE(triple[2].IsBlob()) << pad;
    const auto t = prism::view<prism::flex>(bytes)["t"].as_tensor<const float, 2>();
    ASSERT_TRUE(t);
    EXPECT_TRUE(t->zero_copy()) << pad;
    EXPECT_EQ(triple[0].AsUInt64(), 10u);
    Padded back;
    ASSERT_TRUE(prism::read<prism::flex>(back, bytes));
    EXPECT_EQ(back.t, p.t);
  }
}

TEST(FlexView, LooksUpIndexesAndVerifies) {
  const Reading r = make_reading(5);
  const std::string bytes = prism::write<prism::flex>(r).value();
  const auto v = prism::view<prism::flex>(bytes);
  EXPECT_EQ(v["name"].as_string_view().value(), r.name);
  EXPECT_EQ(v["where"]["y"].as<double>().value(), 0.5);
  EXPECT_EQ(v["samples"].size().value(), r.samples.size());
  EXPECT_EQ(v["missing"].failure()->code, prism::errc::missing_key);
  EXPECT_EQ(v["name"][0].failure()->code, prism::errc::type_mismatch);
  EXPECT_TRUE(prism::verify<prism::flex>(bytes));
  EXPECT_FALSE(prism::verify<prism::flex>(std::string_view(bytes).substr(0, bytes.size() - 1)));
}

// A view indexes its vector from the count its first access kept: every index in a shuffled
// order finds its element (untyped, typed and bool vectors), an index past the end is out of
// range before and after, and a tensor triple is no vector to index.
TEST(FlexView, IndexesEveryElementFromTheKeptCount) {
  flexbuffers::Builder fbb;
  fbb.Vector([&] {
    for (int i = 0; i < 40; ++i) {
      if (i % 3 == 0) fbb.String(std::to_string(i));
      else fbb.Int(i);
    }
  });
  fbb.Finish();
  const std::string untyped = as_string(fbb.GetBuffer());
  const std::string typed = prism::write<prism::flex>(std::vector<std::int16_t>{5, -6, 7, 300, -9}).value();
  const std::string bools = prism::write<prism::flex>(std::vector<bool>{true, false, true}).value();

  const auto u = prism::view<prism::flex>(untyped);
  EXPECT_EQ(u[40].failure()->code, prism::errc::out_of_range);
  std::vector<int> order(40);
  for (int i = 0; i < 40; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(20261125));
  for (int i : order) {
    if (i % 3 == 0) EXPECT_EQ(u[i].as_string_view().value(), std::to_string(i)) << i;
    else EXPECT_EQ(u[i].as<int>().value(), i) << i;
  }
  EXPECT_EQ(u[40].failure()->code, prism::errc::out_of_range);
  const auto copy = u;  // the kept count travels with the view
  EXPECT_EQ(copy[38].as<int>().value(), 38);

  const auto t = prism::view<prism::flex>(typed);
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(t[3].as<int>().value(), 300);
    EXPECT_EQ(t[1].as<int>().value(), -6);
    EXPECT_EQ(t[5].failure()->code, prism::errc::out_of_range);
  }
  const auto b = prism::view<prism::flex>(bools);
  for (int round = 0; round < 2; ++round) {
    EXPECT_TRUE(b[2].as<bool>().value());
    EXPECT_FALSE(b[1].as<bool>().value());
  }

  prism::tensor<double, 2> values({2, 2});
  for (std::size_t k = 0; k < 4; ++k) values.data()[k] = static_cast<double>(k + 1);
  const std::string with_tensor = prism::write<prism::flex>(values).value();
  const auto grid = prism::view<prism::flex>(with_tensor);
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(grid[0].failure()->code, prism::errc::type_mismatch);
    EXPECT_EQ((grid.as_tensor<double, 2>().value().view()(1, 0)), 3.0);
  }
}

// Map keys are compared as strcmp compares them, in two words for keys under 16 bytes: every
// length around the word boundaries, prefixes of one another, bytes above 0x7f, and maps so small
// that a key sits fewer than 16 bytes from the end of the message.
TEST(FlexView, FindsKeysOfEveryLengthAndNoOthers) {
  std::vector<std::string> stored{"", "a", "ab", "abc", "ab\xff", "b", "\x7f\x80"};
  for (std::size_t n : {6, 7, 8, 9, 14, 15, 16, 17, 31, 40}) {
    stored.push_back(std::string(n, 'k'));
    stored.push_back(std::string(n - 1, 'k') + "j");
  }
  flexbuffers::Builder fbb;
  fbb.Map([&] {
    for (std::size_t i = 0; i < stored.size(); ++i) fbb.Int(stored[i].c_str(), static_cast<std::int64_t>(i));
  });
  fbb.Finish();
  const std::string bytes = as_string(fbb.GetBuffer());
  const auto v = prism::view<prism::flex>(bytes);
  for (std::size_t i = 0; i < stored.size(); ++i) EXPECT_EQ(v[stored[i]].as<std::size_t>().value(), i) << stored[i];
  for (std::string absent : {"abcd", "aa", "c", "\xff", "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk", "kkkkkkkkkkkkkkk\x01"}) {
    EXPECT_EQ(v[absent].failure()->code, prism::errc::missing_key) << absent;
  }
  // These hold a stored key, its zero and the key the Builder wrote after it: the bytes match
  // the message, but no key equals them.
  for (const std::string& with_zero : {std::string("ab\0abc", 6), std::string(16, 'k') + '\0' + std::string(15, 'k') + "j"})
    EXPECT_FALSE(v.find(with_zero).has_value()) << with_zero.size();

  for (const char* only : {"a", "ab", "kkkkkkkkkkkkkkkkkkkk"}) {
    flexbuffers::Builder small;
    small.Map([&] { small.Int(only, 5); });
    small.Finish();
    const std::string tiny = as_string(small.GetBuffer());
    const auto t = prism::view<prism::flex>(tiny);
    EXPECT_EQ(t[only].as<int>().value(), 5) << only;
    EXPECT_FALSE(t.find(std::string(only) + "b").has_value()) << only;
    EXPECT_FALSE(t.find("").has_value()) << only;
  }
}

// A typed vector of numbers is a typed array, as in CBOR and BEVE: its type is tensor, it reads
// as a rank-1 tensor at once, and its elements still index and iterate one by one.
// Extents in an untyped vector (the layout prism picks when it aligns the data that way): any
// non-negative integers are read, anything else is an error.
TEST(FlexView, TensorExtentsInAnUntypedVector) {
  const float data[6] = {0, 1, 2, 3, 4, 5};
  const auto tensor_with = [&](auto&& second_extent) {
    flexbuffers::Builder fbb;
    fbb.Map([&] {
      fbb.Vector("t", [&] {
        fbb.UInt(10);  // float32
        fbb.Vector([&] {
          fbb.UInt(2);
          second_extent(fbb);
        });
        fbb.Blob(data, sizeof data);
      });
    });
    fbb.Finish();
    return std::string(reinterpret_cast<const char*>(fbb.GetBuffer().data()), fbb.GetBuffer().size());
  };
  for (const std::string& bytes : {tensor_with([](flexbuffers::Builder& b) { b.UInt(3); }), tensor_with([](flexbuffers::Builder& b) { b.Int(3); })}) {
    const auto t = prism::view<prism::flex>(bytes)["t"].as_tensor<float, 2>();
    ASSERT_TRUE(t);
    EXPECT_EQ(t->view().extent(0), 2u);
    EXPECT_EQ(t->view().extent(1), 3u);
    EXPECT_EQ(t->view()(1, 2), 5.0f);
  }
  for (const std::string& bytes : {tensor_with([](flexbuffers::Builder& b) { b.Int(-3); }), tensor_with([](flexbuffers::Builder& b) { b.String("3"); }),
                                   tensor_with([](flexbuffers::Builder& b) { b.UInt(4); })}) {
    const auto t = prism::view<prism::flex>(bytes)["t"].as_tensor<float, 2>();
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().code, prism::errc::ok);
  }
}

TEST(FlexView, TypedVectorsOfNumbersAreTypedArrays) {
  const Reading r = make_reading(3);
  const std::string bytes = prism::write<prism::flex>(r).value();
  const auto samples = prism::view<prism::flex>(bytes)["samples"];
  EXPECT_EQ(samples.type(), prism::value_type::tensor);
  EXPECT_EQ(samples.size().value(), r.samples.size());
  const auto t = samples.as_tensor<float, 1>();
  ASSERT_TRUE(t);
  ASSERT_EQ(t->view().extent(0), r.samples.size());
  for (std::size_t i = 0; i < r.samples.size(); ++i) EXPECT_EQ(t->view()(i), r.samples[i]);
  std::vector<float> walked;
  for (auto e : samples.elements()) walked.push_back(e.as<float>().value());
  EXPECT_EQ(walked, r.samples);
  EXPECT_EQ(samples[1].as<float>().value(), r.samples[1]);
  EXPECT_EQ(prism::view<prism::flex>(bytes)["tags"].type(), prism::value_type::array);
}

TEST(FlexBadInput, TruncationAndDamageAreErrorsNotCrashes) {
  const std::string bytes = prism::write<prism::flex>(make_reading(9)).value();
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Reading back{};
    EXPECT_FALSE(prism::read<prism::flex>(back, std::string_view(bytes).substr(bytes.size() - n)));
    (void)prism::read<prism::flex>(back, std::string_view(bytes).substr(0, n));
  }
  std::mt19937_64 rng(3);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string bad = bytes;
    bad[i] = static_cast<char>(rng());
    Reading back{};
    (void)prism::read<prism::flex>(back, bad);
    (void)prism::verify<prism::flex>(bad);
    (void)prism::transcode<prism::flex, prism::msgpack>(bad);
  }
  EXPECT_EQ((prism::read<prism::flex, Reading>(std::string("\x01\x02", 2)).error().code), prism::errc::unexpected_end);
  EXPECT_EQ((prism::read<prism::flex, Reading>(std::string("\x00\x24\x03", 3)).error().code), prism::errc::invalid_value);  // width 3
}

// A vector of 40 references to one vector of 40 references to ... : 40^6 values in 250 bytes.
TEST(FlexBadInput, SharedContainersCannotMultiplyTheWork) {
  std::string bytes;
  constexpr std::size_t k = 40;
  bytes.push_back('\x01');  // vector of one integer
  bytes.push_back('\x05');
  bytes.push_back('\x04');  // its type: FBT_INT, width 1
  std::size_t previous = 1;  // where the last vector's elements start
  for (int level = 0; level < 6; ++level) {
    bytes.push_back(static_cast<char>(k));
    const std::size_t start = bytes.size();
    for (std::size_t i = 0; i < k; ++i) bytes.push_back(static_cast<char>(start + i - previous));
    for (std::size_t i = 0; i < k; ++i) bytes.push_back(static_cast<char>(flexbuffers::FBT_VECTOR << 2));
    previous = start;
  }
  bytes.push_back(static_cast<char>(bytes.size() - previous));  // the root: an offset to the last vector
  bytes.push_back(static_cast<char>(flexbuffers::FBT_VECTOR << 2));
  bytes.push_back('\x01');
  using nested = std::vector<std::vector<std::vector<std::vector<std::vector<std::vector<std::vector<int>>>>>>>;
  const auto r = prism::read<prism::flex, nested>(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::too_many_elements);
  EXPECT_EQ(prism::view<prism::flex>(bytes)[39][39][39][39][39][39][0].as<int>().value(), 5);
  EXPECT_FALSE((prism::transcode<prism::flex, prism::json>(bytes)));
}

TEST(FlexBadInput, DepthIsLimited) {
  flexbuffers::Builder fbb;
  std::vector<std::size_t> starts;
  for (int i = 0; i < 300; ++i) starts.push_back(fbb.StartVector());
  for (auto it = starts.rbegin(); it != starts.rend(); ++it) fbb.EndVector(*it, false, false);
  fbb.Finish();
  const auto r = prism::read<prism::flex, Deep>(as_string(fbb.GetBuffer()));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::too_deep);
}

TEST(Flex, ReadsFromAStreamByTakingTheRestOfIt) {
  std::stringstream ss;
  const std::vector<std::string> words{"alpha", "beta", ""};
  ASSERT_TRUE(prism::write<prism::flex>(words, ss));
  auto back = prism::read<prism::flex, std::vector<std::string>>(ss);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, words);
  std::stringstream damaged(ss.str().substr(0, 3));
  EXPECT_FALSE((prism::read<prism::flex, std::vector<std::string>>(damaged)));
}

namespace flex_test_types {

struct Trio {
  std::int32_t a = 0;
  std::int32_t b = 0;
  std::int32_t c = 0;
  bool operator==(const Trio&) const = default;
};

// flexbuffers::Builder keeps a repeated key (and says so): every path finds its first entry,
// as in the other formats, wherever the binary search lands first.
TEST(Flex, RepeatedKeysKeepTheirFirstEntry) {
  for (int copies : {2, 3, 5}) {
    flexbuffers::Builder fbb;
    fbb.Map([&] {
      fbb.Int("a", 1);
      for (int k = 0; k < copies; ++k) fbb.Int("b", 10 + k);
      fbb.Int("c", 3);
    });
    fbb.Finish();
    ASSERT_TRUE(fbb.HasDuplicateKeys());
    const std::string bytes = as_string(fbb.GetBuffer());
    EXPECT_EQ((prism::read<prism::flex, Trio>(bytes).value()), (Trio{1, 10, 3})) << copies;
    EXPECT_EQ((prism::read<prism::flex, std::map<std::string, int>>(bytes).value().at("b")), 10) << copies;
    const auto v = prism::view<prism::flex>(bytes);
    EXPECT_EQ(v["b"].as<int>().value(), 10) << copies;
    EXPECT_EQ(v["c"].as<int>().value(), 3) << copies;
    EXPECT_EQ(v["b"].as<int>().value(), 10) << copies;
    prism::value dynamic;
    ASSERT_TRUE(prism::read<prism::flex>(dynamic, bytes));
    EXPECT_EQ(*dynamic["b"].as_int(), 10) << copies;
  }
}

}  // namespace flex_test_types

namespace flex_test_types {

// flexbuffers::Verifier takes a key whose first byte is not NUL as complete; prism's verify also
// requires its NUL inside the message, so that what verify passes reads.
TEST(FlexBadInput, VerifyRefusesAKeyWithoutItsNul) {
  // {"a": 1} as the Builder writes it with 1-byte widths; then the key's NUL made 'b'.
  const std::string good("\x61\x00\x01\x03\x01\x01\x01\x01\x04\x02\x24\x01", 12);
  ASSERT_TRUE(prism::verify<prism::flex>(good));
  EXPECT_EQ((prism::read<prism::flex, std::map<std::string, int>>(good).value().at("a")), 1);
  std::string bad = good;
  bad[1] = 'b';
  ASSERT_TRUE(flexbuffers::Verifier(reinterpret_cast<const std::uint8_t*>(bad.data()), bad.size()).VerifyBuffer())
      << "flexbuffers::Verifier takes it";
  const auto st = prism::verify<prism::flex>(bad);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(st.error().offset, 0u) << "where the key starts: " << st.error().message();
  const auto later = prism::verify<prism::flex>("xyz" + bad);  // offsets are relative: the same message, 3 bytes on
  ASSERT_FALSE(later);
  EXPECT_EQ(later.error().offset, 3u) << later.error().message();
  EXPECT_FALSE((prism::read<prism::flex, std::map<std::string, int>>(bad)));
  prism::value v;
  EXPECT_FALSE(prism::read<prism::flex>(v, bad));
  EXPECT_FALSE((prism::transcode<prism::flex, prism::json>(bad)));
}

// What the differential fuzz target (fuzz/flexbuffers_differential.hpp) found flexbuffers'
// Verifier passes and prism's reader refuses: verify refuses it too, so that a verified message
// reads. Each message is made by hand; the Verifier takes each.
bool verifier_takes(const std::string& m) {
  std::vector<std::uint64_t> aligned(m.size() / 8 + 1);
  std::memcpy(aligned.data(), m.data(), m.size());
  return flexbuffers::Verifier(reinterpret_cast<const std::uint8_t*>(aligned.data()), m.size()).VerifyBuffer();
}

TEST(FlexBadInput, VerifyRefusesFloatsNarrowerThanFourBytes) {
  const std::string half("\x26\x2a\x0d\x02", 4);  // a root float of 2 bytes (flexbuffers reads the int16 10790)
  ASSERT_TRUE(verifier_takes(half));
  const auto st = prism::verify<prism::flex>(half);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::invalid_value);
  EXPECT_EQ(st.error().expected, "a float of 4 or 8 bytes") << st.error().message();
  EXPECT_FALSE((prism::read<prism::flex, double>(half)));
  // An empty typed vector of 2-byte floats: no element to read, still no tensor to make.
  const std::string empty("\x00\x00\x00\x35\x01", 5);
  ASSERT_TRUE(verifier_takes(empty));
  const auto typed = prism::verify<prism::flex>(empty);
  ASSERT_FALSE(typed);
  EXPECT_EQ(typed.error().expected, "a float of 4 or 8 bytes") << typed.error().message();
}

TEST(FlexBadInput, VerifyRefusesAMapWithoutAKeyForEachValue) {
  // {"a": 1} as the Builder writes it, then its keys vector's size made 0.
  std::string m("\x61\x00\x01\x03\x01\x01\x01\x01\x04\x02\x24\x01", 12);
  m[2] = 0;
  ASSERT_TRUE(verifier_takes(m));
  const auto st = prism::verify<prism::flex>(m);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::size_mismatch);
  EXPECT_EQ(st.error().expected, "a map with a key for each value") << st.error().message();
  prism::value v;
  EXPECT_FALSE(prism::read<prism::flex>(v, m));
}

// The deprecated typed vector of strings does not say how wide its strings' sizes are:
// flexbuffers reads its elements as keys, up to their NUL, and so does prism.
TEST(Flex, DeprecatedVectorsOfStringsReadAsKeys) {
  const std::string m("ab\x00" "\x01\x04" "\x01\x3c\x01", 8);  // key "ab"; vector [key]; root
  ASSERT_TRUE(verifier_takes(m));
  ASSERT_TRUE(prism::verify<prism::flex>(m));
  const auto words = prism::read<prism::flex, std::vector<std::string>>(m);
  ASSERT_TRUE(words) << words.error().message();
  EXPECT_EQ(*words, std::vector<std::string>{"ab"});
  prism::value v;
  ASSERT_TRUE(prism::read<prism::flex>(v, m));
  ASSERT_TRUE(v.as_array() && v.as_array()->size() == 1);
  EXPECT_EQ(*(*v.as_array())[0].as_string(), "ab");
}

}  // namespace flex_test_types

namespace flex_test_types {
enum class Light : std::uint8_t { red, amber, green };
}  // namespace flex_test_types

// Enums travel by name unless the options say numbers, as in the other self-describing formats;
// either reads back, and an unnamed value travels as its number.
TEST(Flex, EnumsByNameUnlessTheOptionsSayNumbers) {
  using flex_test_types::Light;
  const std::vector<Light> lights{Light::red, Light::green, static_cast<Light>(9)};
  const auto named = prism::write<prism::flex>(lights).value();
  const auto numbered = prism::write<prism::flex, prism::options{.enums_as_strings = false}>(lights).value();
  const auto root = flexbuffers::GetRoot(reinterpret_cast<const std::uint8_t*>(named.data()), named.size()).AsVector();
  EXPECT_EQ(root[0].AsString().str(), "red");
  EXPECT_EQ(root[2].AsUInt64(), 9u);
  const auto numbers = flexbuffers::GetRoot(reinterpret_cast<const std::uint8_t*>(numbered.data()), numbered.size()).AsVector();
  EXPECT_EQ(numbers[1].AsUInt64(), 2u);
  for (const auto& bytes : {named, numbered}) {
    const auto back = prism::read<prism::flex, std::vector<Light>>(bytes);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, lights);
  }
}
