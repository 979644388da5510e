// pack's versioned structs (pack_struct::versioned): fields appended to a struct are read by the
// old reader (skipped) and the new one (C++ defaults), through buffers, fixed spans and streams.
#include <gtest/gtest.h>

#include <prism/pack.hpp>

#include <cstdint>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace pack_versioned_types {

struct Vec3 {
  float x, y, z;
  bool operator==(const Vec3&) const = default;
};

struct UserV1 {
  std::int32_t id = 0;
  std::string name;
  std::int16_t score = 0;
  bool operator==(const UserV1&) const = default;
};

// Two fields appended, with C++ defaults that an old message leaves them.
struct UserV2 {
  std::int32_t id = 0;
  std::string name;
  std::int16_t score = 0;
  std::string email = "none";
  std::vector<Vec3> path{{1, 2, 3}};
  bool operator==(const UserV2&) const = default;
};

// Appended without a new version.
struct UserAppendedUnmarked {
  std::int32_t id = 0;
  std::string name;
  std::int16_t score = 0;
  std::string email;
};

struct Team {
  std::string title;
  std::vector<UserV2> members;
  bool operator==(const Team&) const = default;
};

struct TeamV1 {
  std::string title;
  std::vector<UserV1> members;
};

// Not versioned: the case of silently wrong values.
struct PlainV1 {
  std::int32_t id = 0;
  std::string name;
  float score = 0;
};
struct PlainV2 {
  std::int32_t id = 0;
  std::string email;
  std::string name;
  float score = 0;
};

using bytes = std::vector<std::uint8_t>;

template <class T>
bytes versioned_bytes(const T& v) {
  bytes out;
  EXPECT_TRUE(prism::write<prism::pack>(v, out));
  return out;
}

}  // namespace pack_versioned_types
using namespace pack_versioned_types;

template <>
struct prism::meta<UserV1> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};
template <>
struct prism::meta<UserV2> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
  static constexpr auto annotations = std::tuple{prism::field<&UserV2::email>().with(prism::pack_field{.since = 2}),
                                                 prism::field<&UserV2::path>().with(prism::pack_field{.since = 2})};
};
template <>
struct prism::meta<UserAppendedUnmarked> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};

template <>
struct prism::meta<Team> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};
template <>
struct prism::meta<TeamV1> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};

TEST(PackVersioned, TheBodyComesAfterItsSize) {
  const std::uint8_t hash = prism::pack_detail::version_hashes<UserV1>[0];
  EXPECT_EQ(versioned_bytes(UserV1{5, "Al", 7}), (bytes{11, 1, hash, 5, 0, 0, 0, 2, 'A', 'l', 7, 0}));
  // A body of 128 bytes or more takes a longer size, moved in front of it.
  const UserV1 long_name{1, std::string(200, 'n'), 2};
  const bytes b = versioned_bytes(long_name);
  ASSERT_EQ(b.size(), 2 + 2 + 4 + 2 + 200 + 2);
  EXPECT_EQ(b[0], 0x80 | (210 & 0x7f));
  EXPECT_EQ(b[1], 210 >> 7);
  EXPECT_EQ(b[2], 1);
  const auto back = prism::read<prism::pack, UserV1>(b);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, long_name);
}

TEST(PackVersioned, OldReadersSkipAppendedFieldsAndNewReadersDefaultThem) {
  const Team team{"blue", {{1, "Ada", 90, "ada@example.org", {{0.5f, 0.25f, 1}}}, {2, "Bob", 70, "bob@x", {}}}};
  const auto old = prism::read<prism::pack, TeamV1>(versioned_bytes(team));
  ASSERT_TRUE(old) << old.error().message();
  EXPECT_EQ(old->title, "blue");
  ASSERT_EQ(old->members.size(), 2u);
  EXPECT_EQ(old->members[0], (UserV1{1, "Ada", 90}));
  EXPECT_EQ(old->members[1], (UserV1{2, "Bob", 70}));

  const TeamV1 v1{"red", {{3, "Cy", 10}, {4, "Di", 20}}};
  const auto now = prism::read<prism::pack, Team>(versioned_bytes(v1));
  ASSERT_TRUE(now) << now.error().message();
  ASSERT_EQ(now->members.size(), 2u);
  EXPECT_EQ(now->members[1], (UserV2{4, "Di", 20, "none", {{1, 2, 3}}}));

  // Reading into a used object: the missing fields take the defaults, not what was there.
  Team used = team;
  ASSERT_TRUE(prism::read<prism::pack>(used, versioned_bytes(v1)));
  EXPECT_EQ(used.members[0], (UserV2{3, "Cy", 10, "none", {{1, 2, 3}}}));
}

TEST(PackVersioned, PlainStructsMisreadWhatVersionedOnesRefuse) {
  // A field inserted in the middle of a plain struct: with trailing bytes allowed, the old reader
  // takes the e-mail address for the name, as docs/evolution.md warns.
  const bytes b = versioned_bytes(PlainV2{1, "ada@example.org", "Ada", 2.5f});
  constexpr prism::options lax{.allow_trailing_bytes = true};
  const auto wrong = prism::read<prism::pack, PlainV1, lax>(b);
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->name, "ada@example.org");

  // A body that ends inside a field is an error that names the field.
  bytes cut = versioned_bytes(UserV1{5, "Al", 7});
  cut[0] = 10;  // the body loses the last byte of score
  cut.pop_back();
  const auto r = prism::read<prism::pack, UserV1>(cut);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(r.error().path, "score");

  // A size beyond the input.
  bytes over = versioned_bytes(UserV1{5, "Al", 7});
  over[0] = 12;
  const auto o = prism::read<prism::pack, UserV1>(over);
  ASSERT_FALSE(o);
  EXPECT_EQ(o.error().code, prism::errc::unexpected_end);
  EXPECT_EQ(o.error().offset, 0u);
}

TEST(PackVersioned, FieldsChangedOtherwiseThanByANewVersionAreErrors) {
  // Appended without a version: both sides see that version 1 differs.
  const auto old = prism::read<prism::pack, UserV1>(versioned_bytes(UserAppendedUnmarked{1, "Ada", 2, "a@b"}));
  ASSERT_FALSE(old);
  EXPECT_EQ(old.error().code, prism::errc::invalid_value);
  EXPECT_NE(old.error().message().find("pack_field{.since}"), std::string::npos) << old.error().message();
  const auto now = prism::read<prism::pack, UserAppendedUnmarked>(versioned_bytes(UserV1{1, "Ada", 2}));
  ASSERT_FALSE(now);
  EXPECT_EQ(now.error().code, prism::errc::invalid_value);
}

TEST(PackVersioned, FixedBuffersAndStreamsCarryTheSameBytes) {
  std::mt19937 rng(37);
  Team team{"green", {}};
  for (int i = 0; i < 40; ++i) {
    UserV2 u{static_cast<std::int32_t>(rng()), std::string(rng() % 150, 'a' + static_cast<char>(i % 26)),
             static_cast<std::int16_t>(rng() % 1000), "e", {}};
    for (std::uint32_t k = rng() % 12; k > 0; --k) u.path.push_back({float(rng() % 7), 0.5f, -1});
    team.members.push_back(u);
  }
  const bytes expected = versioned_bytes(team);

  std::ostringstream os;
  ASSERT_TRUE(prism::write<prism::pack>(team, os));
  const std::string streamed = os.str();
  EXPECT_EQ(bytes(streamed.begin(), streamed.end()), expected);
  std::istringstream is(streamed);
  const auto from_stream = prism::read<prism::pack, Team>(is);
  ASSERT_TRUE(from_stream) << from_stream.error().message();
  EXPECT_EQ(*from_stream, team);

  // Exactly the right size fits; one byte less overflows, without writing past the end.
  std::vector<std::uint8_t> fixed(expected.size() + 1, 0xee);
  const auto written = prism::write<prism::pack>(team, std::span(fixed.data(), expected.size()));
  ASSERT_TRUE(written) << written.error().message();
  EXPECT_EQ(*written, expected.size());
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), fixed.begin()));
  EXPECT_EQ(fixed.back(), 0xee);
  // Every smaller room, so that the buffer fills up at every place of the sizes filled in later.
  for (std::size_t room = 0; room < expected.size(); ++room) {
    std::vector<std::uint8_t> small(room + 16, 0xee);
    const auto full = prism::write<prism::pack>(team, std::span(small.data(), room));
    ASSERT_FALSE(full) << room;
    EXPECT_EQ(full.error().code, prism::errc::buffer_overflow) << room;
    for (std::size_t k = room; k < small.size(); ++k) ASSERT_EQ(small[k], 0xee) << "wrote past " << room;
  }

  // Old readers skip the appended fields on streams as well.
  std::istringstream again(streamed);
  const auto old = prism::read<prism::pack, TeamV1>(again);
  ASSERT_TRUE(old) << old.error().message();
  EXPECT_EQ(old->members.size(), team.members.size());
}

TEST(PackVersioned, PackedSequencesKeepVersionedStructsWhole) {
  constexpr prism::options packed{.format = prism::pack_options{.packed_sequences = true}};
  const Team team{"packed", {{1, "a", 2, "x", {{1, 1, 1}}}, {3, "b", 4, "y", {}}}};
  bytes b;
  ASSERT_TRUE((prism::write<prism::pack, packed>(team, b)));
  const auto old = prism::read<prism::pack, TeamV1, packed>(b);
  ASSERT_TRUE(old) << old.error().message();
  EXPECT_EQ(old->members[1], (UserV1{3, "b", 4}));
  const auto same = prism::read<prism::pack, Team, packed>(b);
  ASSERT_TRUE(same) << same.error().message();
  EXPECT_EQ(*same, team);
}
