#include <gtest/gtest.h>

#include <prism/pack.hpp>

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "support/types.hpp"

using namespace testing_types;

namespace pack_test_types {
template <class T>
std::vector<std::uint8_t> bytes_of(const T& v) {
  std::vector<std::uint8_t> out;
  EXPECT_TRUE(prism::write<prism::pack>(v, out));
  return out;
}
using bytes = std::vector<std::uint8_t>;

// Three raw fields in a row (read with one bounds check), then a string and one more raw field.
struct Header {
  float x;
  std::int16_t a;
  std::uint32_t b;
  std::string name;
  std::int16_t tail;
};
}  // namespace pack_test_types
using namespace pack_test_types;

// Byte vectors worked out from docs/pack.md.
TEST(Pack, ScalarsAreFixedWidthLittleEndian) {
  EXPECT_EQ(bytes_of(std::int16_t{0x1234}), (bytes{0x34, 0x12}));
  EXPECT_EQ(bytes_of(std::uint32_t{1}), (bytes{1, 0, 0, 0}));
  EXPECT_EQ(bytes_of(true), (bytes{1}));
  EXPECT_EQ(bytes_of(1.0f), (bytes{0x00, 0x00, 0x80, 0x3f}));
  EXPECT_EQ(bytes_of(Kind::gamma), (bytes{2}));
  EXPECT_EQ(bytes_of(Signed::low), (bytes{0xfb, 0xff, 0xff, 0xff}));
}

TEST(Pack, SizesAreLeb128Varints) {
  EXPECT_EQ(bytes_of(std::string("hi")), (bytes{2, 'h', 'i'}));
  EXPECT_EQ(bytes_of(std::string(200, 'a')).size(), 202u);
  EXPECT_EQ(bytes_of(std::string(200, 'a'))[0], 0xc8);
  EXPECT_EQ(bytes_of(std::string(200, 'a'))[1], 0x01);
  EXPECT_EQ(bytes_of(std::vector<std::uint16_t>{1, 2}), (bytes{2, 1, 0, 2, 0}));
}

TEST(Pack, StructsAreTheirFieldsInOrder) {
  EXPECT_EQ(bytes_of(Point{1.0f, 0.0f, -2.0f}), (bytes{0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0xc0}));
  EXPECT_EQ(bytes_of(Leaf{"x", 5}), (bytes{1, 'x', 5, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(bytes_of(std::vector<Point>{{1, 2, 3}}).size(), 13u);  // one memcpy of a Vec3 array
}

TEST(Pack, OptionalVariantPointerAndTuple) {
  EXPECT_EQ(bytes_of(std::optional<std::int8_t>{}), (bytes{0}));
  EXPECT_EQ(bytes_of(std::optional<std::int8_t>{-1}), (bytes{1, 0xff}));
  EXPECT_EQ(bytes_of(std::variant<std::int8_t, std::string>{std::string("a")}), (bytes{1, 1, 'a'}));
  EXPECT_EQ(bytes_of(std::unique_ptr<std::int8_t>{}), (bytes{0}));
  EXPECT_EQ(bytes_of(std::pair<std::int8_t, bool>{3, true}), (bytes{3, 1}));
  EXPECT_EQ(bytes_of(std::map<std::int8_t, std::int8_t>{{1, 2}}), (bytes{1, 1, 2}));
}

namespace pack_test_types {
struct Padded {
  std::uint8_t a;
  std::uint32_t b;
};
}  // namespace pack_test_types
using namespace pack_test_types;

TEST(Pack, RawTypesAreRecognized) {
  static_assert(prism::pack_detail::raw<Point>);
  static_assert(prism::pack_detail::raw<std::array<Point, 4>>);
  static_assert(!prism::pack_detail::raw<Leaf>);
  static_assert(!prism::pack_detail::raw<bool>);
  static_assert(!prism::pack_detail::raw<Padded>);
  SUCCEED();
}

TEST(Pack, RoundTripOfEveryType) {
  Everything e{};
  e.flag = true;
  e.i64 = -1234567890123;
  e.u64 = ~0ull;
  e.text = "héllo";
  e.numbers = {1, -2, 3};
  e.points = {{1, 2, 3}, {4, 5, 6}};
  e.words = {"a", "b"};
  e.leaves = {{"l", 1}};
  e.by_name = {{"x", 1}};
  e.by_id = {{-3, "m"}};
  e.leaf_index = {{"k", {"v", 2}}};
  e.maybe_point = Point{0, 1, 0};
  e.choice = Leaf{"c", 3};
  e.owned = std::make_unique<Leaf>(Leaf{"o", 4});
  e.blob = {std::byte{0}, std::byte{255}};
  e.when = time_point(std::chrono::nanoseconds(-5));
  e.tree = {"root", {{"kid", {}}}};
  e.nested = {{1}, {}, {2, 3}};
  std::string buf;
  ASSERT_TRUE(prism::write<prism::pack>(e, buf));
  auto back = prism::read<prism::pack, Everything>(buf);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, e);
}

namespace pack_test_types {
struct Views {
  std::string_view name;
  prism::bytes_view data;
};
}  // namespace pack_test_types
using namespace pack_test_types;

TEST(Pack, StringViewsAndBytesViewsPointIntoTheInput) {
  const std::string text = "zero-copy";
  const std::vector<std::byte> raw{std::byte{1}, std::byte{2}};
  std::string buf;
  ASSERT_TRUE(prism::write<prism::pack>(Views{text, raw}, buf));
  auto v = prism::read<prism::pack, Views>(buf);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->name, text);
  EXPECT_GE(v->name.data(), buf.data());
  EXPECT_LT(v->name.data(), buf.data() + buf.size());
  ASSERT_EQ(v->data.size(), 2u);
  EXPECT_EQ(v->data[1], std::byte{2});
}

TEST(Pack, TensorsAreOrderExtentsAndData) {
  prism::tensor<std::uint8_t, 2> t({2, 3}, prism::memory_order::column_major);
  for (std::size_t i = 0; i < 6; ++i) t.data()[i] = static_cast<std::uint8_t>(10 + i);
  EXPECT_EQ(bytes_of(t), (bytes{1, 2, 3, 10, 11, 12, 13, 14, 15}));
  prism::tensor<double, 1> d({200});
  d.data()[199] = 2.5;
  const bytes wire = bytes_of(d);
  ASSERT_EQ(wire.size(), 3 + 200 * 8u);
  EXPECT_EQ(wire[1], 0xc8);  // 200 as a varint
  EXPECT_EQ(wire[2], 0x01);
  auto back = prism::read<prism::pack, prism::tensor<double, 1>>(wire);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, d);
}

TEST(Pack, TensorViewsPointIntoAlignedInputAndRefuseMisalignedData) {
  prism::tensor<double, 1> d({4});
  for (std::size_t i = 0; i < 4; ++i) d.data()[i] = 0.5 * static_cast<double>(i);
  const bytes wire = bytes_of(d);  // order, extent, then the data at offset 2
  alignas(16) std::uint8_t buffer[64] = {};
  std::memcpy(buffer + 6, wire.data(), wire.size());  // the data lands at offset 8
  prism::tensor_view<const double, 1> v;
  ASSERT_TRUE(prism::read<prism::pack>(v, std::span<const std::uint8_t>(buffer + 6, wire.size())));
  EXPECT_EQ(static_cast<const void*>(v.data()), static_cast<const void*>(buffer + 8));
  EXPECT_EQ(v(3), 1.5);
  std::memcpy(buffer + 7, wire.data(), wire.size());
  const auto misaligned = prism::read<prism::pack>(v, std::span<const std::uint8_t>(buffer + 7, wire.size()));
  ASSERT_FALSE(misaligned);
  EXPECT_EQ(misaligned.error().code, prism::errc::invalid_value);
}

TEST(Pack, TensorExtentsAreCheckedBeforeAllocating) {
  // 2^40 x 2^40 elements; and a memory order of 2.
  auto huge = prism::read<prism::pack, prism::tensor<float, 2>>(bytes{0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20});
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().code, prism::errc::too_many_elements);
  auto order = prism::read<prism::pack, prism::tensor<float, 1>>(bytes{2, 0});
  ASSERT_FALSE(order);
  EXPECT_EQ(order.error().code, prism::errc::invalid_value);
  auto short_data = prism::read<prism::pack, prism::tensor<float, 1>>(bytes{0, 2, 0, 0, 0, 0});
  ASSERT_FALSE(short_data);
  EXPECT_EQ(short_data.error().code, prism::errc::unexpected_end);
}

TEST(PackRead, CutOffRawFieldsNameTheFirstFieldThatIsMissing) {
  const bytes wire = bytes_of(Header{1.5f, -3, 7, "abc", 9});
  ASSERT_EQ(wire.size(), 16u);
  Header h{};
  ASSERT_TRUE(prism::read<prism::pack>(h, wire));
  EXPECT_EQ(h.x, 1.5f);
  EXPECT_EQ(h.a, -3);
  EXPECT_EQ(h.b, 7u);
  EXPECT_EQ(h.name, "abc");
  EXPECT_EQ(h.tail, 9);
  for (std::size_t k = 0; k < wire.size(); ++k) {
    SCOPED_TRACE(k);
    const auto cut = prism::read<prism::pack, Header>(std::span<const std::uint8_t>(wire.data(), k));
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().code, prism::errc::unexpected_end);
    const char* field = k < 4 ? "x" : k < 6 ? "a" : k < 10 ? "b" : k < 14 ? "name" : "tail";
    const std::size_t offset = k < 4 ? 0 : k < 6 ? 4 : k < 10 ? 6 : k < 14 ? 10 : 14;
    EXPECT_EQ(cut.error().path, field);
    EXPECT_EQ(cut.error().offset, offset);
  }
}

// Strings of up to 16 bytes with 16 more bytes in view take a shortcut; it must accept and
// refuse exactly what the general path does, with the same offsets.
TEST(PackRead, ShortStringsReadTheSameWithAndWithoutBytesAfterThem) {
  using Pair = std::tuple<std::string, std::string>;
  for (std::size_t len = 0; len <= 20; ++len) {
    for (const std::size_t after : {std::size_t{0}, std::size_t{20}}) {
      SCOPED_TRACE(testing::Message() << "len " << len << ", then " << after << " bytes");
      std::string text(len, 'a');
      for (std::size_t i = 0; i < len; ++i) text[i] = static_cast<char>('a' + i % 26);
      const Pair plain{text, std::string(after, 'z')};
      Pair back;
      ASSERT_TRUE(prism::read<prism::pack>(back, bytes_of(plain)));
      EXPECT_EQ(back, plain);
      for (std::size_t i = 0; i + 1 < len; ++i) {
        std::string accented = text;
        accented[i] = '\xC3';
        accented[i + 1] = '\xA9';
        const Pair valid{accented, std::string(after, 'z')};
        ASSERT_TRUE(prism::read<prism::pack>(back, bytes_of(valid)));
        EXPECT_EQ(back, valid);
      }
      for (std::size_t i = 0; i < len; ++i) {
        bytes wire = bytes_of(plain);
        wire[1 + i] = 0xFF;
        const auto bad = prism::read<prism::pack, Pair>(wire);
        ASSERT_FALSE(bad);
        EXPECT_EQ(bad.error().code, prism::errc::invalid_utf8);
        EXPECT_EQ(bad.error().offset, 1 + i);
      }
      const auto limited = prism::read<prism::pack, Pair>(bytes_of(plain), prism::limits{.max_elements = 4});
      EXPECT_EQ(static_cast<bool>(limited), len <= 4 && after <= 4);
      if (!limited && len > 4) {
        EXPECT_EQ(limited.error().code, prism::errc::too_many_elements);
        EXPECT_EQ(limited.error().offset, 0u);
      }
    }
  }
}
