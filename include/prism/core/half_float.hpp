#pragma once
// IEEE 754 half precision (binary16) to and from double: CBOR's half floats and the float16
// elements of typed arrays and tensors.
#include <cmath>
#include <cstdint>
#include <limits>

namespace prism::detail {

inline double half_to_double(std::uint16_t h) noexcept {
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  double v;
  if (exponent == 0) v = std::ldexp(mantissa, -24);
  else if (exponent != 31) v = std::ldexp(mantissa + 1024, exponent - 25);
  else v = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  return (h & 0x8000) ? -v : v;
}

// The half-precision bits of v when the conversion is exact (NaN becomes the canonical 0x7e00).
inline bool double_to_half_exactly(double v, std::uint16_t& h) noexcept {
  if (std::isnan(v)) {
    h = 0x7e00;
    return true;
  }
  const std::uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (std::isinf(a)) {
    h = sign | 0x7c00;
    return true;
  }
  if (a == 0) {
    h = sign;
    return true;
  }
  int exponent;
  const double fraction = std::frexp(a, &exponent);  // a = fraction * 2^exponent, fraction in [0.5, 1)
  if (exponent > 16) return false;
  if (exponent >= -13) {  // normal half: 11 significant bits
    const double scaled = std::ldexp(fraction, 11);
    if (scaled != std::floor(scaled)) return false;
    h = static_cast<std::uint16_t>(sign | ((exponent + 14) << 10) | (static_cast<int>(scaled) - 1024));
    return true;
  }
  const double units = std::ldexp(a, 24);  // subnormal half: multiples of 2^-24
  if (units != std::floor(units) || units >= 1024) return false;
  h = static_cast<std::uint16_t>(sign | static_cast<int>(units));
  return true;
}

}  // namespace prism::detail
