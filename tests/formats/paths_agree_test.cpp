// Every path that decodes a whole message (a view's walk, transcode, a read into prism::value,
// verify, the skip of an unknown key's value) gives the same verdict: over the fuzz seeds of each
// format and seeded mutants of them, and over the inputs on which paths once disagreed.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>
#if PRISM_TESTS_WITH_FLEX
#include <prism/flex.hpp>
#endif

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/paths_agree.hpp"

namespace paths_agree_test_types {
struct When {
  std::chrono::sys_time<std::chrono::seconds> when;
};
}  // namespace paths_agree_test_types

namespace {

using namespace std::string_literals;

const prism::limits tight{.max_depth = 64, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
const prism::limits usual{.max_alloc_bytes = 64 << 20};

std::vector<std::string> seeds(std::string_view format) {
  std::vector<std::string> out;
  const std::filesystem::path dir = std::filesystem::path(PRISM_FUZZ_SEEDS) / format;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream file(entry.path(), std::ios::binary);
    out.emplace_back(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  }
  return out;
}

// `count` variants of `seed`: one to three bytes replaced, a cut, a slice repeated or a byte put in.
std::vector<std::string> mutants(const std::string& seed, std::size_t count, std::uint64_t stream) {
  std::mt19937_64 random(0x5eed0000 + stream);
  std::vector<std::string> out;
  for (std::size_t k = 0; k < count && !seed.empty(); ++k) {
    std::string m = seed;
    const auto at = [&] { return static_cast<std::size_t>(random() % m.size()); };
    for (std::size_t edits = 1 + random() % 3; edits > 0 && !m.empty(); --edits) {
      switch (random() % 4) {
        case 0: m[at()] = static_cast<char>(random()); break;
        case 1: m.resize(at()); break;
        case 2: {
          const std::size_t from = at(), length = std::min<std::size_t>(1 + random() % 16, m.size() - from);
          m.insert(at(), m.substr(from, length));
          break;
        }
        default: m.insert(m.begin() + static_cast<std::ptrdiff_t>(at()), static_cast<char>(random())); break;
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

template <class Format>
void expect_agreement(std::string_view input) {
  for (const prism::limits& lim : {tight, usual}) {
    const std::string disagreement = paths_agree::disagreement<Format>(input, lim);
    EXPECT_EQ(disagreement, "") << Format::name << " input of " << input.size() << " bytes, max_depth " << lim.max_depth;
  }
}

template <class Format>
void check_seeds_and_mutants(std::size_t per_seed) {
  std::uint64_t stream = 0;
  for (const std::string& seed : seeds(Format::name)) {
    expect_agreement<Format>(seed);
    for (const std::string& m : mutants(seed, per_seed, ++stream)) expect_agreement<Format>(m);
    if (::testing::Test::HasFailure()) return;  // one seed's disagreements are enough to read
  }
}

TEST(PathsAgree, Json) { check_seeds_and_mutants<prism::json>(400); }
TEST(PathsAgree, MessagePack) { check_seeds_and_mutants<prism::msgpack>(600); }
TEST(PathsAgree, Cbor) { check_seeds_and_mutants<prism::cbor>(12); }
TEST(PathsAgree, Beve) { check_seeds_and_mutants<prism::beve>(600); }
TEST(PathsAgree, Zbin) { check_seeds_and_mutants<prism::zbin>(600); }
#if PRISM_TESTS_WITH_FLEX
TEST(PathsAgree, Flex) { check_seeds_and_mutants<prism::flex>(600); }
#endif

// Inputs on which the paths disagreed, each now refused (or taken) by every path.
// prism::value holds no tensor: a read into it refuses one as a type mismatch.
enum class holds { anything, tensor };

template <class Format>
void expect_every_path(std::string_view input, bool accepted, holds what = holds::anything) {
  using prism::errc;
  const paths_agree::verdicts v = paths_agree::judge<Format>(input, tight);
  // An unverified zbin view follows its index unchecked: a walk of it may take what verify refuses.
  if (accepted || !v.verify || Format::name == "json") {
    EXPECT_EQ(v.walk == errc::ok, accepted) << v.describe();
  }
  EXPECT_EQ(v.transcode == errc::ok, accepted) << v.describe();
  EXPECT_EQ(v.value == (what == holds::tensor && accepted ? errc::type_mismatch : errc::ok), accepted) << v.describe();
  if (v.skip) {
    EXPECT_EQ(*v.skip == errc::ok, accepted) << v.describe();
  }
  if (v.verify) {
    EXPECT_EQ(*v.verify == errc::ok, accepted) << v.describe();
  }
  EXPECT_EQ(paths_agree::disagreement<Format>(input, tight), "");
}

TEST(PathsAgree, MessagePackSkipChecksTextAndTimestamps) {
  expect_every_path<prism::msgpack>("\x92\xa1\x80\x01"s, false);                           // ["\x80", 1]: not UTF-8
  expect_every_path<prism::msgpack>("\x91\xd7\xff\xff\xff\xff\xfc\x00\x00\x00\x00"s, false);  // nanoseconds >= 10^9
  expect_every_path<prism::msgpack>("\x91\xd5\xff\x00\x00"s, false);                        // a timestamp of 2 bytes
  expect_every_path<prism::msgpack>("\x91\xd6\xff\x00\x00\x00\x01"s, true);
}

TEST(PathsAgree, MessagePackTensorDataIsBinaryNotText) {
  // [4, [], "\x90"]: three values, the last a string that is not UTF-8 (with bin, a tensor).
  expect_every_path<prism::msgpack>("\x93\x04\x90\xa1\x90"s, false);
  expect_every_path<prism::msgpack>("\x93\x04\x90\xc4\x01\x90"s, true, holds::tensor);
}

TEST(PathsAgree, CborSkipChecksTextAndMeaningfulTags) {
  expect_every_path<prism::cbor>("\x82\x61\x80\x01"s, false);                // ["\x80", 1]
  expect_every_path<prism::cbor>("\x81\x7f\x61\xc3\x61\xa9\xff"s, false);    // "é" split between chunks
  expect_every_path<prism::cbor>("\x81\xd8\x56\x43\x00\x00\x00"s, false);    // float64 typed array of 3 bytes
  expect_every_path<prism::cbor>("\x81\xc1\x61\x61"s, false);                // epoch time of text
  expect_every_path<prism::cbor>("\x81\xc1\x1a\x00\x01\x00\x00"s, true);
  expect_every_path<prism::cbor>("\xa1\xc1\x61\x61\x01"s, false);            // a key that is a tagged time
}

TEST(PathsAgree, CborTagsAreNoLevelOfNesting) {
  std::string chain(100, '\xc6');  // tag 6, a hundred times, over [1]: deeper than max_depth 64 in tags only
  chain += "\x81\x01";
  const paths_agree::verdicts v = paths_agree::judge<prism::cbor>("\x81"s + chain, tight);
  EXPECT_EQ(v.walk, prism::errc::ok);
  EXPECT_EQ(v.transcode, prism::errc::ok);
  EXPECT_EQ(v.skip, prism::errc::ok);
  EXPECT_EQ(v.value, prism::errc::too_deep) << "a prism::value nests each tag";
  EXPECT_EQ(paths_agree::disagreement<prism::cbor>(chain, tight), "");
  EXPECT_TRUE((prism::read<prism::cbor, std::vector<int>>(chain, tight)));
}

TEST(PathsAgree, BeveHeadersWithReservedBitsAreRefused) {
  expect_every_path<prism::beve>("\x5a\x04\x61"s, false);          // a string header with reserved bits
  expect_every_path<prism::beve>("\x02\x04\x80"s, false);          // "\x80": not UTF-8
  expect_every_path<prism::beve>("\x05\x04\x06"s, false);          // [data delimiter]
  expect_every_path<prism::beve>("\xfb\x00"s, false);              // an object of no key type
  expect_every_path<prism::beve>("\x5c\x08\xff"s, false);          // a bool array header with reserved bits
  expect_every_path<prism::beve>("\x1c\x08\xff"s, true);           // two bools
  expect_every_path<prism::beve>("\x1c\x79\x00\x00\x00\x20\xf0"s, true);  // 30 bools in 4 bytes
  expect_every_path<prism::beve>("\x05\x04\x02\x04\x61"s, true);  // ["a"]
}

TEST(PathsAgree, ZbinWalksOfWholeMessagesVerifyFirst) {
  // A message whose array index points elsewhere than at its elements: verify refuses it, and so
  // now do a transcode and a read into prism::value.
  auto bytes = prism::write<prism::zbin>(std::vector<std::string>{"a", "b"});
  ASSERT_TRUE(bytes);
  expect_every_path<prism::zbin>(*bytes, true);
  ASSERT_TRUE(prism::verify<prism::zbin>(*bytes));
  bool damaged = false;
  for (std::size_t i = bytes->size(); i-- > 2 && !damaged;) {  // change one byte until only verify() notices
    std::string copy = *bytes;
    copy[i] = static_cast<char>(copy[i] ^ 0x01);
    if (!prism::verify<prism::zbin>(copy) && paths_agree::walk(prism::view<prism::zbin>(copy), 0, 64)) {
      expect_every_path<prism::zbin>(copy, false);
      damaged = true;
    }
  }
  EXPECT_TRUE(damaged);
}

TEST(PathsAgree, TimestampsBeyondNanosecondTimePoints) {
  // A view, a transcode and prism::value hold times as sys_time<nanoseconds> (1678 to 2262):
  // a time outside it is refused by every path, zbin's verify and MessagePack's skip included.
  using paths_agree_test_types::When;
  const When far{std::chrono::sys_days{std::chrono::year{3000} / 1 / 1}};
  const When near{std::chrono::sys_days{std::chrono::year{2000} / 1 / 1}};
  for (const auto& [when, accepted] : {std::pair{far, false}, std::pair{near, true}}) {
    const auto zbin = prism::write<prism::zbin>(when);
    const auto msgpack = prism::write<prism::msgpack>(when);
    ASSERT_TRUE(zbin && msgpack);
    expect_every_path<prism::zbin>(*zbin, accepted);
    expect_every_path<prism::msgpack>(*msgpack, accepted);
    EXPECT_EQ((prism::read<prism::zbin, When>(*zbin).value().when), when.when) << "a typed read holds any time";
  }
}

#if PRISM_TESTS_WITH_FLEX
TEST(PathsAgree, FlexVerifyChecksText) {
  flexbuffers::Builder b;
  b.String("\x80");
  b.Finish();
  const std::string bytes(reinterpret_cast<const char*>(b.GetBuffer().data()), b.GetSize());
  const auto st = prism::verify<prism::flex>(bytes);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, prism::errc::invalid_utf8);
  expect_every_path<prism::flex>(bytes, false);
}
#endif

}  // namespace
