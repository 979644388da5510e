#include <gtest/gtest.h>

#include <prism/core/error.hpp>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>

TEST(Error, MessageNamesFormatOffsetFieldAndTypes) {
  prism::error e{prism::errc::type_mismatch, 812, "weapons[3].damage", "msgpack", "integer", "string"};
  EXPECT_EQ(e.message(), "msgpack: type mismatch at byte 812, field weapons[3].damage: expected integer, found string");
  prism::error plain{prism::errc::unexpected_end, 4, "", "pack", "", ""};
  EXPECT_EQ(plain.message(), "pack: unexpected end of input at byte 4");
}

TEST(Error, ResultHoldsValueOrError) {
  prism::result<int> good = 5;
  ASSERT_TRUE(good);
  EXPECT_EQ(*good, 5);
  EXPECT_EQ(good.value_or(1), 5);
  prism::result<int> bad = prism::error{prism::errc::out_of_range, 3, "x", "pack", "", ""};
  EXPECT_FALSE(bad);
  EXPECT_EQ(bad.error().code, prism::errc::out_of_range);
  EXPECT_EQ(bad.value_or(1), 1);
  EXPECT_THROW((void)bad.value(), prism::bad_result_access);
  EXPECT_FALSE(bad.status());
}

TEST(Error, StatusOkByDefault) {
  prism::status ok;
  EXPECT_TRUE(ok);
  EXPECT_NO_THROW(ok.value());
  prism::status failed = prism::error{prism::errc::buffer_overflow, 10, "", "msgpack", "", ""};
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.error().offset, 10u);
}

TEST(Error, AFailedStatusHandsItsErrorOver) {
  prism::status failed = prism::error{prism::errc::invalid_utf8, 7, "names[2]", "cbor", "", ""};
  const prism::error moved = std::move(failed).error();
  EXPECT_EQ(moved.code, prism::errc::invalid_utf8);
  EXPECT_EQ(moved.path, "names[2]");
  EXPECT_EQ(moved.offset, 7u);
  EXPECT_EQ(prism::status{}.error().code, prism::errc::ok);
}

TEST(Error, ResultsAssignBetweenValueAndError) {
  using text_result = prism::result<std::string>;
  const prism::error failure{prism::errc::out_of_range, 3, "x", "pack", "", ""};
  const std::string long_text(40, 'a');  // on the heap: a leak or a double free shows under ASan
  text_result good = long_text;
  text_result bad = failure;
  text_result copy = good;
  EXPECT_EQ(*copy, long_text);
  copy = bad;
  ASSERT_FALSE(copy);
  EXPECT_EQ(copy.error().path, "x");
  copy = good;
  ASSERT_TRUE(copy);
  EXPECT_EQ(*copy, long_text);
  copy = std::move(bad);
  EXPECT_EQ(copy.error().code, prism::errc::out_of_range);
  copy = text_result(std::string("z"));
  EXPECT_EQ(*copy, "z");
  const text_result moved = std::move(copy);
  EXPECT_EQ(*moved, "z");

  static_assert(!std::is_copy_constructible_v<prism::result<std::unique_ptr<int>>>);
  prism::result<std::unique_ptr<int>> owner = std::make_unique<int>(4);
  const auto taken = std::move(owner);
  EXPECT_EQ(**taken, 4);
}

namespace {
struct throws_when_moved {
  throws_when_moved() = default;
  throws_when_moved(const throws_when_moved&) = default;
  throws_when_moved(throws_when_moved&&) { throw 1; }  // NOLINT: the case under test
  throws_when_moved& operator=(const throws_when_moved&) = default;
  throws_when_moved& operator=(throws_when_moved&&) = default;
};
}  // namespace

TEST(Error, AResultKeepsItsErrorWhenTheNewValueThrows) {
  prism::result<throws_when_moved> r = prism::error{prism::errc::invalid_value, 9, "kept", "cbor", "", ""};
  prism::result<throws_when_moved> value{std::in_place};
  EXPECT_ANY_THROW(r = std::move(value));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().path, "kept");
  EXPECT_EQ(r.error().offset, 9u);
}
