#pragma once
// Texts of random numbers for the JSON number tests.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

namespace testing_support {

// The shortest text (std::to_chars) of a finite F drawn from uniformly random bits: every
// exponent, subnormals and integers among them.
template <class F>
std::string shortest_random_float(std::mt19937_64& rng) {
  F v;
  do {
    const std::uint64_t bits = rng();
    std::memcpy(&v, &bits, sizeof v);
  } while (!std::isfinite(v));
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

}  // namespace testing_support
