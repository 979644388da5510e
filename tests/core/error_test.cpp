#include <gtest/gtest.h>

#include <prism/core/error.hpp>

#include <string>

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
