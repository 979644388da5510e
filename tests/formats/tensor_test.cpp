// Tensors in every format: seeded round trips of every dtype, rank and memory order; the wire
// forms byte for byte (RFC 8746 tag 40 / 1040 in CBOR, the matrix extension in BEVE, the
// [dtype, shape, data] triple in JSON); conversions, copies and bad input.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/zbin.hpp>


#include <complex>
#include <cstring>
#include <optional>
#include <random>
#include <string>

#include "support/formats.hpp"

namespace tensor_test_types {

struct Tensors {
  prism::tensor<std::int8_t, 1> i8;
  prism::tensor<std::uint16_t, 2> u16;
  prism::tensor<std::int32_t, 3> i32;
  prism::tensor<std::uint64_t, 1> u64;
  prism::tensor<float, 2> f32;
  prism::tensor<double, 2> f64;
  prism::tensor<prism::float16, 1> f16;
  prism::tensor<std::complex<float>, 2> c64;
  prism::tensor<std::complex<double>, 1> c128;
  std::string after = "after";
  friend bool operator==(const Tensors&, const Tensors&) = default;
};

template <class T, std::size_t R>
void fill(std::mt19937_64& rng, prism::tensor<T, R>& t) {
  std::array<std::size_t, R> shape{};
  for (auto& e : shape) e = std::uniform_int_distribution<std::size_t>(0, 5)(rng);
  t.reshape(shape, rng() % 2 ? prism::memory_order::column_major : prism::memory_order::row_major);
  for (std::size_t i = 0; i < t.size(); ++i) {
    if constexpr (std::is_same_v<T, prism::float16>) {
      t.data()[i] = prism::float16{static_cast<std::uint16_t>(rng() & 0x7bff)};
    } else if constexpr (std::is_integral_v<T>) {
      t.data()[i] = static_cast<T>(rng());
    } else {
      std::normal_distribution<double> d(0, 1e3);
      if constexpr (std::is_floating_point_v<T>) t.data()[i] = static_cast<T>(d(rng));
      else t.data()[i] = T(static_cast<typename T::value_type>(d(rng)), static_cast<typename T::value_type>(d(rng)));
    }
  }
}

Tensors random_tensors(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Tensors t;
  fill(rng, t.i8);
  fill(rng, t.u16);
  fill(rng, t.i32);
  fill(rng, t.u64);
  fill(rng, t.f32);
  fill(rng, t.f64);
  fill(rng, t.f16);
  fill(rng, t.c64);
  fill(rng, t.c128);
  return t;
}

std::string hex(const std::string& s) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

}  // namespace tensor_test_types

using namespace tensor_test_types;

template <class F>
class TensorRoundTrip : public ::testing::Test {};
using tensor_formats = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::json, prism::zbin, prism::pack PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(TensorRoundTrip, tensor_formats);

TYPED_TEST(TensorRoundTrip, EveryDtypeRankAndOrder) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Tensors original = random_tensors(seed);
    std::string bytes;
    ASSERT_TRUE(prism::write<TypeParam>(original, bytes)) << "seed " << seed;
    Tensors back;
    const auto st = prism::read<TypeParam>(back, bytes);
    ASSERT_TRUE(st) << "seed " << seed << ": " << st.error().message();
    EXPECT_EQ(back, original) << "seed " << seed;
  }
}

TYPED_TEST(TensorRoundTrip, TruncationAtEveryByteIsAnError) {
  const Tensors original = random_tensors(7);
  std::string bytes;
  ASSERT_TRUE(prism::write<TypeParam>(original, bytes));
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Tensors back;
    EXPECT_FALSE(prism::read<TypeParam>(back, std::string_view(bytes).substr(0, n))) << n;
  }
}

TEST(TensorWire, CborIsTag40OverATypedArray) {
  prism::tensor<std::uint16_t, 2> t({2, 3}, prism::memory_order::row_major);
  for (std::size_t i = 0; i < 6; ++i) t.data()[i] = static_cast<std::uint16_t>(0x100 + i);
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::cbor>(t, bytes));
  // tag 40, [[2, 3], tag 69 (uint16 little-endian) h'...']
  EXPECT_EQ(hex(bytes), "d82882820203d8454c000101010201030104010501");

  prism::tensor<std::uint16_t, 2> column({2, 3}, prism::memory_order::column_major, 7);
  ASSERT_TRUE(prism::write<prism::cbor>(column, bytes));
  EXPECT_EQ(hex(bytes).substr(0, 18), "d9041082820203d845");  // tag 1040

  prism::tensor<std::complex<float>, 1> c({1});
  c.data()[0] = {1.0f, -2.0f};
  ASSERT_TRUE(prism::write<prism::cbor>(c, bytes));
  // complex as a trailing extent of 2 over tag 85 (float32 little-endian)
  EXPECT_EQ(hex(bytes), "d82882820102d855480000803f000000c0");
}

TEST(TensorWire, CborReadsBigEndianTypedArraysIntoOwningTensorsOnly) {
  // tag 40, [[2], tag 65 (uint16 big-endian) h'0102 0304']
  const std::string bytes("\xd8\x28\x82\x81\x02\xd8\x41\x44\x01\x02\x03\x04", 12);
  prism::tensor<std::uint16_t, 1> t;
  ASSERT_TRUE(prism::read<prism::cbor>(t, bytes));
  EXPECT_EQ(t(0), 0x0102);
  EXPECT_EQ(t(1), 0x0304);
  prism::tensor_view<const std::uint16_t, 1> v;
  EXPECT_EQ(prism::read<prism::cbor>(v, bytes).error().code, prism::errc::invalid_value);
}

TEST(TensorWire, BeveIsTheMatrixExtension) {
  prism::tensor<double, 2> t({1, 2}, prism::memory_order::column_major);
  t.data()[0] = 1.0;
  t.data()[1] = -2.0;
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::beve>(t, bytes));
  // 0x16 matrix, layout 1, extents: uint64 typed array of 2, elements: float64 typed array of 2
  EXPECT_EQ(hex(bytes),
            "1601" "7408" "0100000000000000" "0200000000000000"
            "6408" "000000000000f03f" "00000000000000c0");
  prism::tensor<std::complex<double>, 1> c({1});
  c.data()[0] = {1.0, 0.0};
  ASSERT_TRUE(prism::write<prism::beve>(c, bytes));
  // elements as a complex array: extension 3, header 0b011'00'001 (float64, array), SIZE 1
  EXPECT_EQ(hex(bytes), "1600" "7404" "0100000000000000" "1e61" "04" "000000000000f03f0000000000000000");
}

TEST(TensorWire, BeveReadsExtentsOfAnyIntegerWidth) {
  // extents as a uint8 typed array [2, 1], elements int32 [5, -1]
  const std::string bytes("\x16\x00\x14\x08\x02\x01\x4c\x08\x05\x00\x00\x00\xff\xff\xff\xff", 16);
  prism::tensor<std::int32_t, 2> t;
  const auto st = prism::read<prism::beve>(t, bytes);
  ASSERT_TRUE(st) << st.error().message();
  EXPECT_EQ(t.shape(), (std::array<std::size_t, 2>{2, 1}));
  EXPECT_EQ(t(1, 0), -1);
}

TEST(TensorWire, JsonIsTheTripleWithBase64) {
  prism::tensor<std::uint8_t, 2> t({1, 3}, prism::memory_order::column_major);
  t.data()[0] = 'a';
  t.data()[1] = 'b';
  t.data()[2] = 'c';
  std::string text;
  ASSERT_TRUE(prism::write<prism::json>(t, text));
  EXPECT_EQ(text, R"([4,[1,3],"YWJj",1])");
  prism::tensor<std::uint8_t, 2> back;
  ASSERT_TRUE(prism::read<prism::json>(back, std::string(R"( [ 4 , [ 1 , 3 ] , "YWJj" , 1 ] )")));
  EXPECT_EQ(back, t);
}

TEST(TensorRead, OwningTensorsWidenIntegersThatFit) {
  prism::tensor<std::int16_t, 1> narrow({3});
  narrow.data()[0] = -5;
  narrow.data()[1] = 300;
  narrow.data()[2] = 7;
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::cbor>(narrow, bytes));
  prism::tensor<std::int64_t, 1> wide;
  ASSERT_TRUE(prism::read<prism::cbor>(wide, bytes));
  EXPECT_EQ(wide(1), 300);
  prism::tensor<std::uint8_t, 1> too_small;
  EXPECT_EQ(prism::read<prism::cbor>(too_small, bytes).error().code, prism::errc::out_of_range);
  prism::tensor<std::int16_t, 2> wrong_rank;
  EXPECT_EQ(prism::read<prism::beve>(wrong_rank, prism::write<prism::beve>(narrow).value()).error().code, prism::errc::size_mismatch);
}

TEST(TensorRead, ViewsPointIntoTheInputWhenAligned) {
  prism::tensor<double, 2> t({2, 2}, prism::memory_order::row_major, 0.5);
  for (const auto& bytes : {prism::write<prism::cbor>(t).value(), prism::write<prism::beve>(t).value()}) {
    // Copy into storage aligned for double at the data's offset.
    const std::size_t data_at = bytes.size() - t.size_bytes();
    std::vector<std::uint64_t> storage(bytes.size() / 8 + 2);
    auto* base = reinterpret_cast<char*>(storage.data()) + (8 - data_at % 8) % 8;
    std::memcpy(base, bytes.data(), bytes.size());
    prism::tensor_view<const double, 2> v;
    const std::string_view placed(base, bytes.size());
    ASSERT_TRUE(bytes[0] == '\x16' ? prism::read<prism::beve>(v, placed) : prism::read<prism::cbor>(v, placed));
    EXPECT_EQ(static_cast<const void*>(v.data()), static_cast<const void*>(base + data_at));
    EXPECT_EQ(v(1, 1), 0.5);
  }
}

TEST(TensorRead, BadTensorsAreErrors) {
  prism::tensor<std::uint16_t, 1> t;
  // CBOR: extents that multiply past the data; another tag; an indefinite byte string.
  EXPECT_EQ(prism::read<prism::cbor>(t, std::string("\xd8\x28\x82\x81\x03\xd8\x45\x44\x01\x02\x03\x04", 12)).error().code,
            prism::errc::size_mismatch);
  EXPECT_EQ(prism::read<prism::cbor>(t, std::string("\xd8\x29\x82\x81\x02\xd8\x45\x44\x01\x02\x03\x04", 12)).error().code,
            prism::errc::type_mismatch);
  EXPECT_EQ(prism::read<prism::cbor>(t, std::string("\xd8\x28\x82\x81\x02\xd8\x45\x5f\x44\x01\x02\x03\x04\xff", 14)).error().code,
            prism::errc::type_mismatch);
  // BEVE: a layout byte of 2; extents of floats; a rank of 17.
  EXPECT_EQ(prism::read<prism::beve>(t, std::string("\x16\x02\x14\x04\x02\x2c\x08\x01\x00\x02\x00", 11)).error().code,
            prism::errc::invalid_value);
  EXPECT_EQ(prism::read<prism::beve>(t, std::string("\x16\x00\x44\x04\x02\x2c\x08\x01\x00\x02\x00", 11)).error().code,
            prism::errc::type_mismatch);
  EXPECT_EQ(prism::read<prism::beve>(t, std::string("\x16\x00\x14\x44", 4)).error().code, prism::errc::invalid_value);
  // JSON: a dtype that does not exist, data that is not the shape's, a fifth element.
  EXPECT_EQ(prism::read<prism::json>(t, std::string(R"([9,[1],"AAA="])")).error().code, prism::errc::invalid_value);
  EXPECT_EQ(prism::read<prism::json>(t, std::string(R"([5,[2],"AAA="])")).error().code, prism::errc::size_mismatch);
  EXPECT_EQ(prism::read<prism::json>(t, std::string(R"([5,[1],"AAA=",0,0])")).error().code, prism::errc::size_mismatch);
}

// Copies of up to 64 bytes live inside the tensor_read; moving one (small or on the heap) keeps
// its view pointing at its own elements, never at the moved-from object.
TEST(TensorRead, SmallAndLargeCopiesSurviveMoves) {
  for (std::size_t count : {std::size_t{1}, std::size_t{8}, std::size_t{9}, std::size_t{1000}}) {
    prism::tensor_read<double, 1> original(count, {count}, prism::memory_order::row_major, prism::copy_reason::misaligned, 3);
    for (std::size_t i = 0; i < count; ++i) original.copy_data()[i] = static_cast<double>(i) + 0.5;
    std::optional<prism::tensor_read<double, 1>> moved(std::move(original));
    const prism::tensor_read<double, 1> again(std::move(*moved));
    moved.reset();
    ASSERT_EQ(again.view().shape()[0], count);
    EXPECT_FALSE(again.zero_copy());
    EXPECT_EQ(again.why(), "copied: misaligned by 3 bytes for alignment 8");
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(again(i), static_cast<double>(i) + 0.5) << count;
    const auto* data = reinterpret_cast<const std::byte*>(again.view().data());
    const auto* self = reinterpret_cast<const std::byte*>(&again);
    EXPECT_EQ(data >= self && data < self + sizeof(again), count * sizeof(double) <= 64) << count;
  }
}
