// Schema evolution in every format: a struct {id, name, score} changed by adding a field in the
// middle, adding one at the end, removing one, reordering and renaming, each change read both ways
// (the old type reads the new one's bytes, the new type the old one's). Every case gives the
// right values (fields the writer lacks keep the reader's C++ defaults) or an error, never wrong
// values. docs/evolution.md is this table.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/protobuf.hpp>
#include <prism/zbin.hpp>
#include <prism/zserio.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "support/formats.hpp"

namespace evolution_test {

// Flavor 1 makes the structs versioned for pack (pack_struct{.versioned = true}); other formats
// ignore it.
template <int Flavor>
struct original {
  std::int32_t id = 0;
  std::string name = "anon";
  std::int16_t score = -1;
};
template <int Flavor>
struct added_middle {
  std::int32_t id = 0;
  std::string email = "none";
  std::string name = "anon";
  std::int16_t score = -1;
};
template <int Flavor>
struct added_end {
  std::int32_t id = 0;
  std::string name = "anon";
  std::int16_t score = -1;
  std::string email = "none";
};
template <int Flavor>
struct removed {
  std::int32_t id = 0;
  std::int16_t score = -1;
};
template <int Flavor>
struct reordered {
  std::string name = "anon";
  std::int32_t id = 0;
  std::int16_t score = -1;
};
template <int Flavor>
struct renamed {
  std::int32_t id = 0;
  std::string full_name = "anon";
  std::int16_t score = -1;
};

// The fields of any version, by name, for comparing a read with what it should give.
struct record {
  std::optional<std::int32_t> id;
  std::optional<std::string> name;
  std::optional<std::int16_t> score;
  std::optional<std::string> email;
  std::optional<std::string> full_name;
  bool operator==(const record&) const = default;
};

template <class T>
record to_record(const T& v) {
  record r;
  if constexpr (requires { v.id; }) r.id = v.id;
  if constexpr (requires { v.name; }) r.name = v.name;
  if constexpr (requires { v.score; }) r.score = v.score;
  if constexpr (requires { v.email; }) r.email = v.email;
  if constexpr (requires { v.full_name; }) r.full_name = v.full_name;
  return r;
}

// What reader R should hold after reading what writer W wrote: W's value of every field both
// have, R's default of the others.
template <class R, class W>
record expected_read(const W& written) {
  record r = to_record(R{});
  const record w = to_record(written);
  if (r.id && w.id) r.id = w.id;
  if (r.name && w.name) r.name = w.name;
  if (r.score && w.score) r.score = w.score;
  if (r.email && w.email) r.email = w.email;
  if (r.full_name && w.full_name) r.full_name = w.full_name;
  return r;
}

// The same where fields are found by position or number, not name: a renamed field is the
// field it was.
template <class R, class W>
record expected_positional_read(const W& written) {
  record r = expected_read<R>(written);
  const record w = to_record(written);
  if (r.name && w.full_name) r.name = w.full_name;
  if (r.full_name && w.name) r.full_name = w.name;
  return r;
}

template <int F>
original<F> sample_original() {
  return {7, "Ada", 90};
}
template <int F>
added_middle<F> sample_added_middle() {
  return {8, "ada@example.org", "Bea", 91};
}
template <int F>
added_end<F> sample_added_end() {
  return {9, "Cy", 92, "cy@example.org"};
}
template <int F>
removed<F> sample_removed() {
  return {10, 93};
}
template <int F>
reordered<F> sample_reordered() {
  return {"Di", 11, 94};
}
template <int F>
renamed<F> sample_renamed() {
  return {12, "Ed", 95};
}

}  // namespace evolution_test

// Protobuf: the changed versions keep the original's numbers (id 1, name 2, score 3), as
// docs/protobuf.md advises. pack: every version is versioned in flavor 1, and the appended
// field is version 2.
template <int F>
struct prism::meta<evolution_test::original<F>> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = F == 1}};
};
template <int F>
struct prism::meta<evolution_test::added_middle<F>> {
  using T = evolution_test::added_middle<F>;
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = F == 1}};
  static constexpr auto annotations = std::tuple{prism::field<&T::email>().with(prism::protobuf_field{.number = 4})};
};
template <int F>
struct prism::meta<evolution_test::added_end<F>> {
  using T = evolution_test::added_end<F>;
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = F == 1}};
  static constexpr auto annotations = std::tuple{prism::field<&T::email>().with(prism::pack_field{.since = 2})};
};
template <int F>
struct prism::meta<evolution_test::removed<F>> {
  using T = evolution_test::removed<F>;
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = F == 1}};
  static constexpr auto annotations = std::tuple{prism::field<&T::score>().with(prism::protobuf_field{.number = 3})};
};
template <int F>
struct prism::meta<evolution_test::reordered<F>> {
  using T = evolution_test::reordered<F>;
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = F == 1}};
  static constexpr auto annotations = std::tuple{prism::field<&T::name>().with(prism::protobuf_field{.number = 2}),
                                                 prism::field<&T::id>().with(prism::protobuf_field{.number = 1})};
};
template <int F>
struct prism::meta<evolution_test::renamed<F>> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = F == 1}};
};

namespace {

using namespace evolution_test;

enum class change { added_middle, added_end, removed, reordered, renamed };
// values: fields matched by name; positional: by position or number (a renamed field is itself).
enum class outcome { values, positional, error };

// A format under test, with the pack flavor its structs take and what it gives for each change
// read each way.
template <class Format, int Flavor = 0>
struct under_test {
  using format = Format;
  static constexpr int flavor = Flavor;
  static constexpr prism::options read_options = Format::defaults;
  static outcome expected(change, bool /*old_reads_new*/) { return outcome::values; }  // keyed formats
};
// Protobuf with the C++ defaults for absent fields (proto3 would give them zero).
template <>
struct under_test<prism::protobuf, 0> {
  using format = prism::protobuf;
  static constexpr int flavor = 0;
  static constexpr prism::options read_options{.format = prism::protobuf_options{.cpp_defaults = true}};
  static outcome expected(change c, bool) { return c == change::renamed ? outcome::positional : outcome::values; }
};

// Schema formats without versions: the other type's bytes do not fit this type.
struct schema_only {
  static outcome expected(change c, bool) { return c == change::renamed ? outcome::positional : outcome::error; }
};
template <>
struct under_test<prism::pack, 0> : schema_only {
  using format = prism::pack;
  static constexpr int flavor = 0;
  static constexpr prism::options read_options = prism::pack::defaults;
};
template <>
struct under_test<prism::zserio, 0> : schema_only {
  using format = prism::zserio;
  static constexpr int flavor = 0;
  static constexpr prism::options read_options = prism::zserio::defaults;
};
// Versioned pack: fields appended in a new version read both ways; any other change is refused.
template <>
struct under_test<prism::pack, 1> {
  using format = prism::pack;
  static constexpr int flavor = 1;
  static constexpr prism::options read_options = prism::pack::defaults;
  static outcome expected(change c, bool) { return c == change::added_end ? outcome::values : outcome::error; }
};

template <class U>
class Evolution : public ::testing::Test {};
using Formats = ::testing::Types<under_test<prism::json>, under_test<prism::msgpack>, under_test<prism::cbor>,
                                 under_test<prism::beve>, under_test<prism::zbin>, under_test<prism::protobuf>,
                                 under_test<prism::pack, 0>, under_test<prism::pack, 1>,
                                 under_test<prism::zserio, 0> PRISM_WITH_FLEX(under_test<prism::flex>)>;
TYPED_TEST_SUITE(Evolution, Formats);

// Writes `written` as W, reads it as R, and checks the outcome the format promises.
template <class U, class R, class W>
void check_read(const W& written, change c, bool old_reads_new) {
  using F = typename U::format;
  std::string bytes;
  ASSERT_TRUE(prism::write<F>(written, bytes));
  const auto read = prism::read<F, R, U::read_options>(bytes);
  const char* direction = old_reads_new ? "old reads new" : "new reads old";
  const outcome expected = U::expected(c, old_reads_new);
  if (expected == outcome::values) {
    ASSERT_TRUE(read) << direction << ": " << read.error().message();
    EXPECT_EQ(to_record(*read), (expected_read<R>(written))) << direction;
  } else if (expected == outcome::positional) {
    ASSERT_TRUE(read) << direction << ": " << read.error().message();
    EXPECT_EQ(to_record(*read), (expected_positional_read<R>(written))) << direction;
  } else {
    ASSERT_FALSE(read) << direction << ": read values where an error was expected";
    EXPECT_FALSE(read.error().message().empty());
  }
}

template <class U, template <int> class Changed>
void check_both_ways(const Changed<U::flavor>& changed_sample, change c) {
  constexpr int F = U::flavor;
  check_read<U, original<F>>(changed_sample, c, true);
  check_read<U, Changed<F>>(sample_original<F>(), c, false);
}

TYPED_TEST(Evolution, AddedInTheMiddle) {
  check_both_ways<TypeParam, added_middle>(sample_added_middle<TypeParam::flavor>(), change::added_middle);
}

TYPED_TEST(Evolution, AddedAtTheEnd) {
  check_both_ways<TypeParam, added_end>(sample_added_end<TypeParam::flavor>(), change::added_end);
}

TYPED_TEST(Evolution, Removed) {
  check_both_ways<TypeParam, removed>(sample_removed<TypeParam::flavor>(), change::removed);
}

TYPED_TEST(Evolution, Reordered) {
  check_both_ways<TypeParam, reordered>(sample_reordered<TypeParam::flavor>(), change::reordered);
}

TYPED_TEST(Evolution, Renamed) {
  check_both_ways<TypeParam, renamed>(sample_renamed<TypeParam::flavor>(), change::renamed);
}

}  // namespace
