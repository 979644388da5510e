#include <gtest/gtest.h>

#include <prism/msgpack.hpp>
#include <prism/files.hpp>
#include <prism/json.hpp>
#include <prism/pack.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <streambuf>
#include <vector>

namespace buffer_test_types {
struct Sample {
  std::uint32_t id;
  std::string name;
  std::vector<double> values;
  friend bool operator==(const Sample&, const Sample&) = default;
};
const Sample sample{7, "seven", {1.5, 2.5, 3.5}};

// A stream that cannot seek (as a pipe): bytes handed out a few at a time, no going back.
class trickle_streambuf final : public std::streambuf {
 public:
  explicit trickle_streambuf(std::string bytes) : bytes_(std::move(bytes)) {}

 protected:
  int_type underflow() override {
    if (at_ == bytes_.size()) return traits_type::eof();
    const std::size_t n = std::min<std::size_t>(3, bytes_.size() - at_);
    std::memcpy(window_, bytes_.data() + at_, n);
    at_ += n;
    setg(window_, window_, window_ + n);
    return traits_type::to_int_type(window_[0]);
  }

 private:
  std::string bytes_;
  std::size_t at_ = 0;
  char window_[3];
};
}  // namespace buffer_test_types
using namespace buffer_test_types;

TEST(Sinks, GrowableBuffersHoldTheSameBytes) {
  std::string s;
  std::vector<std::byte> b;
  std::vector<std::uint8_t> u;
  ASSERT_TRUE(prism::write<prism::pack>(sample, s));
  ASSERT_TRUE(prism::write<prism::pack>(sample, b));
  ASSERT_TRUE(prism::write<prism::pack>(sample, u));
  ASSERT_EQ(s.size(), 4u + 1 + 5 + 1 + 24);
  EXPECT_EQ(std::memcmp(s.data(), b.data(), s.size()), 0);
  EXPECT_EQ(std::memcmp(s.data(), u.data(), s.size()), 0);
}

TEST(Sinks, WriteReplacesContentsAndReusesCapacity) {
  std::string s(1000, 'x');
  const auto* before = s.data();
  ASSERT_TRUE(prism::write<prism::pack>(sample, s));
  EXPECT_EQ(s.size(), 35u);
  EXPECT_EQ(s.data(), before);
}

// A buffer reused for messages of every size, smaller and larger than the ones before and
// than its capacity: each write leaves exactly the message, the same bytes a fresh buffer gets,
// and a message within the capacity does not move the buffer.
TEST(Sinks, ReusedBufferGrowsWithinAndBeyondItsCapacity) {
  std::vector<std::uint8_t> reused;
  reused.reserve(64 * 1024);
  for (const std::size_t count : {0, 3000, 10, 3001, 5000, 100, 7000, 2, 20000, 1}) {
    Sample value{static_cast<std::uint32_t>(count), std::string(count % 97, 'n'), std::vector<double>(count, 0.25)};
    std::vector<std::uint8_t> fresh;
    ASSERT_TRUE(prism::write<prism::msgpack>(value, fresh));
    const auto* before = reused.data();
    const bool fits = fresh.size() <= reused.capacity();
    ASSERT_TRUE(prism::write<prism::msgpack>(value, reused));
    EXPECT_EQ(reused, fresh) << count;
    if (fits) {
      EXPECT_EQ(reused.data(), before) << count;
    }
  }
}

TEST(Sinks, FixedSpanNeverWritesPastTheEnd) {
  std::array<std::uint8_t, 64> big{};
  auto n = prism::write<prism::msgpack>(sample, std::span(big));
  ASSERT_TRUE(n);
  for (std::size_t limit = 0; limit < *n; ++limit) {
    std::array<std::uint8_t, 80> out;
    out.fill(0xAB);
    auto r = prism::write<prism::msgpack>(sample, std::span(out.data(), limit));
    ASSERT_FALSE(r) << limit;
    EXPECT_EQ(r.error().code, prism::errc::buffer_overflow);
    for (std::size_t i = limit; i < out.size(); ++i) ASSERT_EQ(out[i], 0xAB) << "wrote past " << limit;
  }
  std::array<std::uint8_t, 80> exact;
  auto ok = prism::write<prism::msgpack>(sample, std::span(exact.data(), *n));
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, *n);
}

TEST(Sinks, OstreamReceivesTheSameBytes) {
  std::ostringstream os;
  ASSERT_TRUE(prism::write<prism::msgpack>(sample, os));
  std::string direct;
  ASSERT_TRUE(prism::write<prism::msgpack>(sample, direct));
  EXPECT_EQ(os.str(), direct);

  Sample big{1, std::string(100000, 'z'), std::vector<double>(5000, 0.25)};
  std::ostringstream big_os;
  ASSERT_TRUE(prism::write<prism::pack>(big, big_os));
  EXPECT_EQ((prism::read<prism::pack, Sample>(big_os.str()).value()), big);
}

TEST(Sources, ContiguousInputsOfEveryByteType) {
  std::vector<std::uint8_t> bytes;
  ASSERT_TRUE(prism::write<prism::pack>(sample, bytes));
  EXPECT_EQ((prism::read<prism::pack, Sample>(bytes).value()), sample);
  EXPECT_EQ((prism::read<prism::pack, Sample>(std::span<const std::uint8_t>(bytes)).value()), sample);
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  EXPECT_EQ((prism::read<prism::pack, Sample>(text).value()), sample);
}

TEST(Sources, IstreamConsumesExactlyOneValue) {
  std::stringstream ss;
  ASSERT_TRUE(prism::write<prism::msgpack>(sample, ss));
  Sample second = sample;
  second.id = 8;
  ASSERT_TRUE(prism::write<prism::msgpack>(second, ss));
  auto a = prism::read<prism::msgpack, Sample>(ss);
  auto b = prism::read<prism::msgpack, Sample>(ss);
  ASSERT_TRUE(a) << a.error().message();
  ASSERT_TRUE(b) << b.error().message();
  EXPECT_EQ(*a, sample);
  EXPECT_EQ(b->id, 8u);
  EXPECT_EQ(ss.peek(), std::char_traits<char>::eof());
}

TEST(Sources, StreamsAreLeftJustAfterEachOfManyValues) {
  std::string all;
  std::vector<Sample> written;
  for (std::uint32_t i = 0; i < 300; ++i) {
    Sample s{i, std::string(i % 40, 'x'), std::vector<double>(i % 7, 0.5 * i)};
    std::string one;
    ASSERT_TRUE(prism::write<prism::pack>(s, one));
    all += one;
    written.push_back(s);
  }
  all += "tail";
  // A string stream seeks: prism reads ahead and gives back what follows each value.
  std::istringstream seekable(all);
  trickle_streambuf pipe_buf(all);
  std::istream pipe(&pipe_buf);
  for (std::istream* is : {static_cast<std::istream*>(&seekable), &pipe}) {
    for (const Sample& expected : written) {
      const auto r = prism::read<prism::pack, Sample>(*is);
      ASSERT_TRUE(r) << r.error().message();
      ASSERT_EQ(*r, expected);
    }
    std::string rest;
    *is >> rest;
    EXPECT_EQ(rest, "tail");
  }
}

TEST(Files, WrittenAndReadByPath) {
  const auto dir = std::filesystem::temp_directory_path() / ("prism_files_" + std::to_string(sample.id) + "_" +
                                                             std::to_string(std::hash<std::string>{}(__FILE__)));
  std::filesystem::create_directories(dir);
  ASSERT_TRUE(prism::write_file<prism::json>(sample, dir / "sample.json"));
  const auto json = prism::read_file<prism::json, Sample>(dir / "sample.json");
  ASSERT_TRUE(json) << json.error().message();
  EXPECT_EQ(*json, sample);
  ASSERT_TRUE(prism::write_file<prism::pack>(sample, (dir / "sample.pack").string()));
  Sample reused;
  ASSERT_TRUE(prism::read_file<prism::pack>(reused, dir / "sample.pack"));
  EXPECT_EQ(reused, sample);

  // A file that is not there, and one that cannot be created, name their paths.
  const auto missing = prism::read_file<prism::json, Sample>(dir / "absent.json");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, prism::errc::io_error);
  EXPECT_NE(missing.error().message().find("absent.json\" (cannot open file)"), std::string::npos) << missing.error().message();
  const auto nowhere = prism::write_file<prism::json>(sample, dir / "no" / "such" / "dir.json");
  ASSERT_FALSE(nowhere);
  EXPECT_EQ(nowhere.error().code, prism::errc::io_error);
  EXPECT_NE(nowhere.error().message().find("dir.json\" (cannot open file)"), std::string::npos) << nowhere.error().message();
  std::filesystem::remove_all(dir);
}

TEST(Sources, IstreamTruncationIsAnError) {
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::pack>(sample, bytes));
  std::istringstream is(bytes.substr(0, bytes.size() - 3));
  auto r = prism::read<prism::pack, Sample>(is);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(r.error().path, "values");
}

TEST(Sources, ReadIntoExistingObjectReusesMemory) {
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::msgpack>(sample, bytes));
  Sample target{0, std::string(64, 'q'), std::vector<double>(100, 0.0)};
  const auto* name_data = target.name.data();
  const auto* values_data = target.values.data();
  ASSERT_TRUE(prism::read<prism::msgpack>(target, bytes));
  EXPECT_EQ(target, sample);
  EXPECT_EQ(target.name.data(), name_data);
  EXPECT_EQ(target.values.data(), values_data);
}

