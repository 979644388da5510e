// CBOR typed arrays (RFC 8746) of every element kind prism reads, in either byte order, into
// vectors of every number type: each element as a cast or std::in_range would take it, or the
// error a read of that number would give (out of range, floats into integers).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <prism/cbor.hpp>

namespace cbor_typed_arrays_test {

// An element kind of tags 64..87: bits 4 (float), 3 (signed), 2 (little-endian), 1..0 (size).
struct element_kind {
  std::uint8_t tag;
  bool is_float, is_signed, little_endian;
  std::size_t size;
};

std::vector<element_kind> readable_kinds() {
  std::vector<element_kind> kinds;
  for (unsigned tag = 64; tag <= 87; ++tag) {
    const unsigned bits = tag - 64;
    element_kind k{static_cast<std::uint8_t>(tag), (bits & 16) != 0, (bits & 8) != 0, (bits & 4) != 0, 0};
    if (k.is_float) {
      if ((bits & 3) == 3) continue;  // binary128
      k.size = std::size_t{2} << (bits & 3);
      k.is_signed = false;
    } else {
      if (tag == 76) continue;  // reserved: little-endian uint8 is tag 68
      k.size = std::size_t{1} << (bits & 3);
    }
    kinds.push_back(k);
  }
  return kinds;
}

// An element's value: an integer as int64 or uint64, a float as the double it widens to.
struct element_value {
  bool is_float = false, is_signed = false;
  std::int64_t s = 0;
  std::uint64_t u = 0;
  double d = 0;
};

double half_value(std::uint16_t h) {
  const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  const double magnitude = e == 0 ? std::ldexp(m, -24) : e != 31 ? std::ldexp(m + 1024, e - 25) : m ? NAN : INFINITY;
  return (h & 0x8000) ? -magnitude : magnitude;
}

element_value decode(const element_kind& k, std::uint64_t raw) {
  element_value v;
  if (k.is_float) {
    v.is_float = true;
    v.d = k.size == 2 ? half_value(static_cast<std::uint16_t>(raw))
          : k.size == 4 ? static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(raw)))
                        : std::bit_cast<double>(raw);
  } else if (k.is_signed) {
    const unsigned unused = 64 - 8 * static_cast<unsigned>(k.size);
    v.s = static_cast<std::int64_t>(raw << unused) >> unused;
    v.is_signed = true;
  } else {
    v.u = raw;
  }
  return v;
}

// The element as T, or the error code reading it gives.
template <class T>
std::pair<std::optional<T>, prism::errc> expected_as(const element_value& v) {
  if constexpr (std::is_floating_point_v<T>) {
    if (!v.is_float) return {v.is_signed ? static_cast<T>(v.s) : static_cast<T>(v.u), prism::errc::ok};
    const T t = static_cast<T>(v.d);
    if (std::isinf(t) && !std::isinf(v.d)) return {std::nullopt, prism::errc::out_of_range};
    return {t, prism::errc::ok};
  } else {
    if (v.is_float) return {std::nullopt, prism::errc::type_mismatch};
    if (v.is_signed) {
      if (!std::in_range<T>(v.s)) return {std::nullopt, prism::errc::out_of_range};
      return {static_cast<T>(v.s), prism::errc::ok};
    }
    if (!std::in_range<T>(v.u)) return {std::nullopt, prism::errc::out_of_range};
    return {static_cast<T>(v.u), prism::errc::ok};
  }
}

// Raw element bits that reach every range's edges: small values, all ones, the sign bit alone,
// and random ones.
std::uint64_t draw_raw(std::mt19937_64& rng, std::size_t size) {
  const std::uint64_t mask = size == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * size)) - 1;
  switch (rng() % 6) {
    case 0: return rng() % 4;
    case 1: return mask;
    case 2: return (std::uint64_t{1} << (8 * size - 1)) & mask;
    case 3: return ((std::uint64_t{1} << (8 * size - 1)) - 1 - rng() % 3) & mask;
    default: return rng() & mask;
  }
}

template <class T>
void check_target(std::mt19937_64& rng, const element_kind& k) {
  for (int round = 0; round < 40; ++round) {
    const std::size_t count = rng() % 6;
    const std::size_t n = count * k.size;
    std::string bytes{static_cast<char>(0xd8), static_cast<char>(k.tag)};
    if (n < 24) bytes += {static_cast<char>(0x40 + n)};
    else bytes += {static_cast<char>(0x58), static_cast<char>(n)};
    std::vector<T> expected;
    prism::errc expected_error = prism::errc::ok;
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint64_t raw = draw_raw(rng, k.size);
      for (std::size_t b = 0; b < k.size; ++b) {
        const std::size_t shift = 8 * (k.little_endian ? b : k.size - 1 - b);
        bytes.push_back(static_cast<char>(raw >> shift));
      }
      const auto [value, error] = expected_as<T>(decode(k, raw));
      if (expected_error == prism::errc::ok) {
        expected_error = error;
        if (value) expected.push_back(*value);
      }
    }
    const auto r = prism::read<prism::cbor, std::vector<T>>(bytes);
    SCOPED_TRACE(::testing::Message() << "tag " << int{k.tag} << ", " << count << " elements");
    if (expected_error != prism::errc::ok) {
      ASSERT_FALSE(r);
      EXPECT_EQ(r.error().code, expected_error) << r.error().message();
      continue;
    }
    ASSERT_TRUE(r) << r.error().message();
    ASSERT_EQ(r->size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(expected[i])) {
          EXPECT_TRUE(std::isnan((*r)[i])) << i;
          continue;
        }
      }
      EXPECT_EQ((*r)[i], expected[i]) << i;
    }
  }
}

TEST(CborTypedArrayConversion, EveryElementKindIntoEveryNumberType) {
  std::mt19937_64 rng(20261130);
  for (const element_kind& k : readable_kinds()) {
    check_target<std::int8_t>(rng, k);
    check_target<std::uint8_t>(rng, k);
    check_target<std::int16_t>(rng, k);
    check_target<std::uint16_t>(rng, k);
    check_target<std::int32_t>(rng, k);
    check_target<std::uint32_t>(rng, k);
    check_target<std::int64_t>(rng, k);
    check_target<std::uint64_t>(rng, k);
    check_target<float>(rng, k);
    check_target<double>(rng, k);
  }
}

}  // namespace cbor_typed_arrays_test
