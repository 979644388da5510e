#include <gtest/gtest.h>

#include <prism/core/utf8.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "support/sanitized.hpp"

namespace {

// RFC 3629 written out as code points: the reference every validator must agree with.
bool reference_valid(const std::vector<std::uint8_t>& s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const std::uint8_t c = s[i];
    std::size_t len;
    std::uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2, cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, cp = c & 0x07;
    } else {
      return false;
    }
    if (s.size() - i < len) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < smallest[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

void expect_agreement(const std::vector<std::uint8_t>& s) {
  const bool expected = reference_valid(s);
  ASSERT_EQ(prism::detail::utf8_valid(s.data(), s.size()), expected) << testing::PrintToString(s);
  ASSERT_EQ(prism::detail::utf8_valid_prefix(s.data(), s.size()) == s.size(), expected) << testing::PrintToString(s);
  std::vector<std::uint8_t> padded = s;  // the callers that may read 8 or 16 bytes at s
  padded.resize(s.size() + 16, 0xFF);
  ASSERT_EQ(prism::detail::utf8_valid_padded(padded.data(), s.size()), expected) << testing::PrintToString(s);
  if (s.size() <= 16) {
    bool ascii = true;
    for (const std::uint8_t c : s) ascii = ascii && c < 0x80;
    ASSERT_EQ(prism::detail::ascii_within_16(padded.data(), s.size()), ascii) << testing::PrintToString(s);
  }
#ifdef PRISM_UTF8_SSSE3
  if (prism::detail::utf8_ssse3::available()) {
    ASSERT_EQ(prism::detail::utf8_ssse3::valid(s.data(), s.size()), expected) << testing::PrintToString(s);
  }
  if (prism::detail::utf8_avx2::available() && s.size() >= prism::detail::utf8_avx2::min_length) {
    ASSERT_EQ(prism::detail::utf8_avx2::valid(s.data(), s.size()), expected) << testing::PrintToString(s);
  }
#endif
}

// One valid character of 1 to 4 bytes, drawn from every range RFC 3629 allows.
void append_character(std::mt19937& rng, std::vector<std::uint8_t>& s) {
  const std::uint32_t ranges[][2] = {{0x20, 0x7E}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}};
  const auto& r = ranges[rng() % 5];
  const std::uint32_t cp = r[0] + static_cast<std::uint32_t>(rng() % (r[1] - r[0] + 1));
  if (cp < 0x80) {
    s.push_back(static_cast<std::uint8_t>(cp));
  } else if (cp < 0x800) {
    s.push_back(static_cast<std::uint8_t>(0xC0 | (cp >> 6)));
    s.push_back(static_cast<std::uint8_t>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    s.push_back(static_cast<std::uint8_t>(0xE0 | (cp >> 12)));
    s.push_back(static_cast<std::uint8_t>(0x80 | ((cp >> 6) & 0x3F)));
    s.push_back(static_cast<std::uint8_t>(0x80 | (cp & 0x3F)));
  } else {
    s.push_back(static_cast<std::uint8_t>(0xF0 | (cp >> 18)));
    s.push_back(static_cast<std::uint8_t>(0x80 | ((cp >> 12) & 0x3F)));
    s.push_back(static_cast<std::uint8_t>(0x80 | ((cp >> 6) & 0x3F)));
    s.push_back(static_cast<std::uint8_t>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

// Every pair and every lead-and-two-bytes triple of interesting bytes, at each place around
// the 16- and 32-byte block boundaries, inside ASCII text.
TEST(Utf8, EveryShortSequenceAtEveryBlockPosition) {
  std::vector<std::uint8_t> interesting;
  for (int b = 0x7E; b <= 0xFF; ++b) interesting.push_back(static_cast<std::uint8_t>(b));
  interesting.push_back(0x00);
  interesting.push_back(0x41);
  for (const std::size_t at : {std::size_t{0}, std::size_t{13}, std::size_t{14}, std::size_t{15}, std::size_t{16}, std::size_t{30},
                               std::size_t{31}, std::size_t{32}, std::size_t{47}, std::size_t{63}}) {
    for (const std::size_t total : {at + 2, at + 3, at + 20, std::size_t{48}, std::size_t{80}}) {
      for (std::size_t ai = 0; ai < interesting.size(); ++ai) {
        for (std::size_t bi = 0; bi < interesting.size(); ++bi) {
          if ((ai + bi) % testing_support::exhaustive_step != 0) continue;  // every b after every a, still
          std::vector<std::uint8_t> s(std::max(total, at + 2), 'x');
          s[at] = interesting[ai];
          s[at + 1] = interesting[bi];
          expect_agreement(s);
        }
      }
    }
  }
  const std::uint8_t leads[] = {0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5};
  const std::uint8_t conts[] = {0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0};
  for (const std::size_t at : {std::size_t{0}, std::size_t{13}, std::size_t{14}, std::size_t{15}, std::size_t{29}, std::size_t{30},
                               std::size_t{31}, std::size_t{61}}) {
    for (const std::uint8_t lead : leads) {
      for (const std::uint8_t b : conts) {
        for (const std::uint8_t c : conts) {
          for (const std::uint8_t d : conts) {
            if ((lead + b + c + d) % testing_support::exhaustive_step != 0) continue;
            for (const std::size_t total : {at + 3, at + 4, at + 5, std::size_t{40}, std::size_t{70}}) {
              std::vector<std::uint8_t> s(std::max(total, at + 3), 'x');
              s[at] = lead;
              s[at + 1] = b;
              s[at + 2] = c;
              if (at + 3 < s.size()) s[at + 3] = d;
              expect_agreement(s);
            }
          }
        }
      }
    }
  }
}

// Every length from 16 to 100 and every place of a 2-, 3- or 4-byte sequence, whole, cut short
// or with a bad continuation: the place where the last block (16 or 32 bytes, checked again over
// bytes already checked) meets the full blocks before it, and the three bytes before it.
TEST(Utf8, EverySequenceAtEveryPlaceOfTheLastBlock) {
  const std::vector<std::vector<std::uint8_t>> sequences = {
      {0xC3, 0xA9},       {0xE2, 0x82, 0xAC},       {0xF0, 0x9F, 0x98, 0x80}, {0xC3},       {0xE2, 0x82},
      {0xF0, 0x9F, 0x98}, {0xE2, 0x41, 0xAC},       {0xF0, 0x9F, 0x41, 0x80}, {0xED, 0xA0, 0x80},
      {0xC0, 0x80},       {0xF4, 0x90, 0x80, 0x80}, {0x80},                   {0xE0, 0x9F, 0x80}};
  for (std::size_t n = 16; n <= 100; ++n) {
    for (const auto& sequence : sequences) {
      for (std::size_t at = 0; at + sequence.size() <= n; ++at) {
        std::vector<std::uint8_t> s(n, 'x');
        std::copy(sequence.begin(), sequence.end(), s.begin() + static_cast<std::ptrdiff_t>(at));
        expect_agreement(s);
        if (at >= 3) {  // a valid character just before it too
          s[at - 3] = 0xE2, s[at - 2] = 0x82, s[at - 1] = 0xAC;
          expect_agreement(s);
        }
      }
    }
  }
}

// Seeded random text: valid characters of every length, then the same text with one byte
// changed, cut short, or with a byte inserted.
TEST(Utf8, RandomTextAgreesWithTheReference) {
  std::mt19937 rng(20261123);
  int valid = 0, invalid = 0;
  for (int round = 0; round < 20000; ++round) {
    std::vector<std::uint8_t> s;
    const std::size_t characters = rng() % 60;
    for (std::size_t k = 0; k < characters; ++k) append_character(rng, s);
    expect_agreement(s);
    if (s.empty()) continue;
    std::vector<std::uint8_t> damaged = s;
    switch (rng() % 3) {
      case 0: damaged[rng() % damaged.size()] = static_cast<std::uint8_t>(rng()); break;
      case 1: damaged.resize(rng() % damaged.size()); break;
      default: damaged.insert(damaged.begin() + static_cast<std::ptrdiff_t>(rng() % damaged.size()), static_cast<std::uint8_t>(0x80 | rng() % 0x80)); break;
    }
    expect_agreement(damaged);
    (reference_valid(damaged) ? valid : invalid) += 1;
  }
  EXPECT_GT(invalid, 5000);  // the damage mostly breaks the text, so both answers are exercised
  EXPECT_GT(valid, 1000);
}

#ifdef PRISM_UTF8_SSSE3
// prism reads the processor's features with cpuid itself (the validator chosen at run time
// depends on them): they must be what the compiler's own detection finds.
TEST(Utf8, FeatureDetectionAgreesWithTheCompilers) {
  __builtin_cpu_init();
  const auto& features = prism::detail::x86_features::detected();
  EXPECT_EQ(features.ssse3, __builtin_cpu_supports("ssse3") != 0);
  EXPECT_EQ(features.avx2, __builtin_cpu_supports("avx2") != 0);
}
#endif
