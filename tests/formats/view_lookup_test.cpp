// Key lookups in views resume where the last one in the same object succeeded: every order of
// lookups (in field order, reversed, repeated, missing keys, seeded random orders, several
// threads sharing one view) must find exactly the value written under each key.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>


#include <algorithm>
#include <map>
#include <array>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "support/formats.hpp"

namespace view_lookup_test_types {

// Values of several widths, so that a resumed walk has to skip each kind of value.
struct Record {
  std::int64_t id = -7;
  std::string name = "a name longer than thirty-one bytes, so not a short string";
  std::vector<double> samples{1.5, -2.25, 4e10};
  bool active = true;
  std::string unit = "mm";  // a short string: its head gives its size, so the hint can step past it
  std::vector<std::string> tags{"x", "yy", "zzz"};
  double score = 0.125;
  std::uint8_t level = 200;
};

struct Outer {
  Record first;
  int between = 3;
  Record second;
};

constexpr std::array<std::string_view, 8> keys{"id", "name", "samples", "active", "unit", "tags", "score", "level"};

// Checks the value under keys[k] against a default Record.
template <class View>
void expect_field(const View& v, std::size_t k) {
  const Record r;
  SCOPED_TRACE(std::string(keys[k]));
  const auto field = v[keys[k]];
  ASSERT_TRUE(field.valid()) << field.failure()->message();
  switch (k) {
    case 0: EXPECT_EQ(field.template as<std::int64_t>().value(), r.id); break;
    case 1: EXPECT_EQ(field.as_string_view().value(), r.name); break;
    case 2: EXPECT_EQ(field.template as<std::vector<double>>().value(), r.samples); break;
    case 3: EXPECT_EQ(field.template as<bool>().value(), r.active); break;
    case 4: EXPECT_EQ(field.as_string_view().value(), r.unit); break;
    case 5: EXPECT_EQ(field.template as<std::vector<std::string>>().value(), r.tags); break;
    case 6: EXPECT_EQ(field.template as<double>().value(), r.score); break;
    case 7: EXPECT_EQ(field.template as<int>().value(), r.level); break;
    default: FAIL();
  }
}

}  // namespace view_lookup_test_types

using namespace view_lookup_test_types;

template <class F>
class ViewLookups : public ::testing::Test {
 protected:
  std::string bytes() const {
    const Record record;
    std::string out;
    EXPECT_TRUE(prism::write<F>(record, out));
    return out;
  }
};
using lookup_formats = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::zbin, prism::json PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(ViewLookups, lookup_formats);

TYPED_TEST(ViewLookups, EveryOrderFindsEveryKey) {
  const std::string bytes = this->bytes();
  const auto v = prism::view<TypeParam>(bytes);
  for (std::size_t k = 0; k < keys.size(); ++k) expect_field(v, k);
  for (std::size_t k = keys.size(); k-- > 0;) expect_field(v, k);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    expect_field(v, k);
    expect_field(v, k);  // the same key again, from the hint itself
  }
  std::mt19937 rng(20261123);
  std::array<std::size_t, keys.size()> order{};
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  for (int round = 0; round < 50; ++round) {
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t k : order) expect_field(v, k);
  }
}

TYPED_TEST(ViewLookups, MissingKeysAfterAHitAreStillMissing) {
  const std::string bytes = this->bytes();
  const auto v = prism::view<TypeParam>(bytes);
  expect_field(v, 4);
  using namespace std::string_view_literals;  // keys with a zero byte: no stored key has one
  for (std::string_view absent : {""sv, "i"sv, "idx"sv, "level_"sv, "Score"sv, "zzz"sv, "unit\0"sv, "id\0\0"sv, "tags\0x"sv}) {
    const auto field = v[absent];
    ASSERT_FALSE(field.valid()) << absent;
    EXPECT_EQ(field.failure()->code, prism::errc::missing_key);
    EXPECT_FALSE(v.find(absent).has_value());
  }
  expect_field(v, 0);  // a wrap-around after the misses
  expect_field(v, 6);
}

TYPED_TEST(ViewLookups, CopiesOfAViewAndSharedViewsAgree) {
  const std::string bytes = this->bytes();
  const auto v = prism::view<TypeParam>(bytes);
  expect_field(v, 5);
  const auto copy = v;  // carries the hint along; it is still a valid place to start
  for (std::size_t k = 0; k < keys.size(); ++k) expect_field(copy, k);

  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (unsigned t = 0; t < failures.size(); ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(t + 1);
      const Record r;
      for (int i = 0; i < 2000; ++i) {
        const std::size_t k = rng() % keys.size();
        const auto field = v[keys[k]];
        const bool ok = k == 0   ? field.template as<std::int64_t>().value_or(0) == r.id
                        : k == 6 ? field.template as<double>().value_or(0) == r.score
                        : k == 7 ? field.template as<int>().value_or(0) == r.level
                                 : field.valid();
        if (!ok) ++failures[t];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int f : failures) EXPECT_EQ(f, 0);
}

// A view into a nested object keeps a hint of its own: lookups in the outer object do not
// disturb lookups in the inner one.
TYPED_TEST(ViewLookups, NestedObjectsKeepTheirOwnPlace) {
  Outer o;
  o.second.id = 99;
  std::string bytes;
  ASSERT_TRUE(prism::write<TypeParam>(o, bytes));
  const auto v = prism::view<TypeParam>(bytes);
  const auto first = v["first"];
  const auto second = v["second"];
  ASSERT_TRUE(first.valid() && second.valid());
  for (std::size_t k = keys.size(); k-- > 0;) {
    expect_field(first, k);
    EXPECT_EQ(v["between"].template as<int>().value(), 3);
  }
  EXPECT_EQ(second["id"].template as<int>().value(), 99);
  EXPECT_EQ(second["level"].template as<int>().value(), 200);
  EXPECT_EQ(second["id"].template as<int>().value(), 99);
}

// The short-key walk of a format (a fast path for the usual object: short string keys, values
// it can step over by their first bytes) must agree with the full walk on every message, damaged
// ones included: the same error code, the same found flag, the same value offset, through a
// sequence of lookups that moves the hint as it goes.
namespace view_lookup_test_types {

struct Keyed {
  std::map<std::string, int> by_name{{"a", 1}, {std::string(40, 'k'), 2}, {"zz", 3}};
  std::map<int, std::string> by_number{{-3, "minus three"}, {7, "seven"}, {300, "three hundred"}};
};

template <class F>
std::vector<std::string> lookup_messages() {
  const Record record;
  const Keyed keyed;
  const Outer outer;
  std::vector<std::string> out(4);
  EXPECT_TRUE(prism::write<F>(record, out[0]));
  EXPECT_TRUE(prism::write<F>(keyed.by_name, out[1]));
  EXPECT_TRUE(prism::write<F>(keyed.by_number, out[2]));
  EXPECT_TRUE(prism::write<F>(outer, out[3]));
  return out;
}

template <class F, class Node>
void expect_walks_agree(const std::string& message, std::size_t root, const std::vector<std::string>& lookups) {
  const auto* base = reinterpret_cast<const std::uint8_t*>(message.data());
  const Node object(base, message.size(), root);
  prism::detail::lookup_hint fast_hint, full_hint;
  for (const std::string& key : lookups) {
    Node fast_out, full_out;
    bool fast_found = false, full_found = false;
    const prism::errc fast = object.find(key, fast_out, fast_found, fast_hint);  // the short walk where it applies
    const prism::errc full = object.find_in_any_object(key, full_out, full_found, full_hint);
    ASSERT_EQ(fast, full) << key << " in a message of " << message.size() << " bytes";
    ASSERT_EQ(fast_found, full_found) << key;
    if (fast_found) {
      ASSERT_EQ(fast_out.offset(), full_out.offset()) << key;
    }
  }
}

template <class F, class Node>
void expect_walks_agree_on_damaged_messages(std::size_t root) {
  std::vector<std::string> lookups{"id", "name", "samples", "active", "unit", "tags", "score", "level", "",
                                   "a", std::string(40, 'k'), "zz", "missing", "first", "between", "second"};
  std::mt19937 rng(20261124);
  std::size_t damaged = 0;
  for (const std::string& message : lookup_messages<F>()) {
    expect_walks_agree<F, Node>(message, root, lookups);
    for (int round = 0; round < 3000; ++round) {
      std::string copy = message;
      const std::size_t at = root + rng() % (copy.size() - root);
      if (round % 4 == 0) copy.resize(at);
      else copy[at] = static_cast<char>(rng());
      if (copy.size() <= root) continue;
      std::shuffle(lookups.begin(), lookups.end(), rng);
      expect_walks_agree<F, Node>(copy, root, lookups);
      if (::testing::Test::HasFatalFailure()) return;
      ++damaged;
    }
  }
  EXPECT_GT(damaged, 10000u);
}

}  // namespace view_lookup_test_types

TEST(ViewShortKeyWalk, ZbinAgreesWithTheFullWalk) {
  expect_walks_agree_on_damaged_messages<prism::zbin, prism::zbin_detail::node>(prism::zbin_detail::header_size);
}

TEST(ViewShortKeyWalk, MsgpackAgreesWithTheFullWalk) {
  expect_walks_agree_on_damaged_messages<prism::msgpack, prism::msgpack_detail::node>(0);
}

TEST(ViewShortKeyWalk, CborAgreesWithTheFullWalk) {
  expect_walks_agree_on_damaged_messages<prism::cbor, prism::cbor_detail::node>(0);
}

TEST(ViewShortKeyWalk, BeveAgreesWithTheFullWalk) {
  expect_walks_agree_on_damaged_messages<prism::beve, prism::beve_detail::node>(0);
}

// The same for tensor headers: the plain decoding of the usual encoding against the format's
// reader, on tensors of several ranks and orders, damaged at every place.
namespace view_lookup_test_types {

template <class F, class Node>
void expect_tensor_headers_agree_on_damaged_messages() {
  std::vector<std::string> messages;
  const auto add = [&](const auto& t) {
    messages.emplace_back();
    EXPECT_TRUE(prism::write<F>(t, messages.back()));
  };
  add(prism::tensor<double, 2>({4, 4}, prism::memory_order::row_major, 1.5));
  add(prism::tensor<float, 2>({1, 300}, prism::memory_order::column_major, 2.0f));
  add(prism::tensor<std::uint8_t, 3>({3, 20, 7}, prism::memory_order::row_major, 3));
  add(prism::tensor<std::int16_t, 1>({70000}, prism::memory_order::row_major, -4));
  std::mt19937 rng(20261125);
  std::size_t compared = 0;
  for (const std::string& message : messages) {
    for (int round = 0; round < 4000; ++round) {
      std::string copy = message;
      const std::size_t at = round % 2 ? rng() % std::min<std::size_t>(copy.size(), 24) : copy.size() - 1 - rng() % std::min<std::size_t>(copy.size(), 4);
      if (round % 3 == 0) copy.resize(round % 6 == 0 ? at : rng() % copy.size());
      else if (round > 0) copy[at] = static_cast<char>(rng() % 2 ? rng() % 4 : rng());  // small values: flags, orders, counts
      if (copy.empty()) continue;
      const Node node(reinterpret_cast<const std::uint8_t*>(copy.data()), copy.size(), 0);
      prism::tensor_header fast, full;
      const prism::errc a = node.get_tensor(fast);
      const prism::errc b = node.get_tensor_by_reader(full);
      ASSERT_EQ(a, b) << "round " << round;
      ++compared;
      if (a != prism::errc::ok) continue;
      ASSERT_EQ(fast.type, full.type);
      ASSERT_EQ(fast.order, full.order);
      ASSERT_EQ(fast.rank, full.rank);
      for (std::size_t d = 0; d < fast.rank; ++d) ASSERT_EQ(fast.shape[d], full.shape[d]);
      ASSERT_EQ(fast.data, full.data);
      ASSERT_EQ(fast.data_bytes, full.data_bytes);
    }
  }
  EXPECT_GT(compared, 15000u);
}

}  // namespace view_lookup_test_types

TEST(ViewPlainTensorHeader, CborAgreesWithTheReader) {
  expect_tensor_headers_agree_on_damaged_messages<prism::cbor, prism::cbor_detail::node>();
}

TEST(ViewPlainTensorHeader, BeveAgreesWithTheReader) {
  expect_tensor_headers_agree_on_damaged_messages<prism::beve, prism::beve_detail::node>();
}

TEST(ViewPlainTensorHeader, MsgpackAgreesWithTheReader) {
  expect_tensor_headers_agree_on_damaged_messages<prism::msgpack, prism::msgpack_detail::node>();
}

// Elements taken by index resume from the last one taken: against the full walk from the start,
// on arrays of mixed values, damaged at every place, in order, reversed and at random.
namespace view_lookup_test_types {

template <class F, class Node>
void expect_indexed_walks_agree_on_damaged_messages() {
  const Record record;
  const Outer outer;
  std::vector<std::string> messages(3);
  constexpr prism::options as_arrays{.structs_as_arrays = true};
  EXPECT_TRUE((prism::write<F, as_arrays>(record, messages[0])));
  EXPECT_TRUE((prism::write<F, as_arrays>(outer, messages[1])));
  const std::vector<std::string> strings{"a", "bb", std::string(40, 'c'), "", "dddd"};
  EXPECT_TRUE(prism::write<F>(strings, messages[2]));
  std::mt19937 rng(20261126);
  std::size_t compared = 0;
  for (const std::string& message : messages) {
    for (int round = 0; round < 3000; ++round) {
      std::string copy = message;
      if (round > 0) {
        const std::size_t at = rng() % copy.size();
        if (round % 4 == 0) copy.resize(at);
        else copy[at] = static_cast<char>(rng() % 2 ? rng() % 4 : rng());
      }
      if (copy.empty()) continue;
      const Node array(reinterpret_cast<const std::uint8_t*>(copy.data()), copy.size(), 0);
      prism::detail::lookup_hint hint;
      for (int step = 0; step < 12; ++step) {
        const std::size_t i = round % 3 == 0 ? static_cast<std::size_t>(step) : round % 3 == 1 ? 11 - static_cast<std::size_t>(step) : rng() % 12;
        Node resumed, walked;
        const prism::errc a = array.element(i, resumed, hint);
        const prism::errc b = array.element(i, walked);
        ASSERT_EQ(a, b) << "round " << round << ", element " << i;
        if (a == prism::errc::ok) {
          ASSERT_EQ(resumed.offset(), walked.offset()) << "round " << round << ", element " << i;
        }
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 90000u);
}

}  // namespace view_lookup_test_types

TEST(ViewIndexedWalk, MsgpackAgreesWithTheFullWalk) {
  expect_indexed_walks_agree_on_damaged_messages<prism::msgpack, prism::msgpack_detail::node>();
}
TEST(ViewIndexedWalk, CborAgreesWithTheFullWalk) {
  expect_indexed_walks_agree_on_damaged_messages<prism::cbor, prism::cbor_detail::node>();
}
TEST(ViewIndexedWalk, BeveAgreesWithTheFullWalk) {
  expect_indexed_walks_agree_on_damaged_messages<prism::beve, prism::beve_detail::node>();
}
