// The type x format matrix (docs/types.md): the standard types that reach every format through
// core (shared_ptr, durations, bitsets, paths, long double, sets, bit vectors, deques and lists)
// and user types with a prism::adapter, round-tripped with seeded random values in every
// format, into fresh and reused objects, through buffers and streams.
#include <gtest/gtest.h>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/protobuf.hpp>
#include <prism/zbin.hpp>
#include <prism/zserio.hpp>

#include <algorithm>
#include <bitset>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <deque>
#include <filesystem>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <unordered_set>
#include <variant>
#include <vector>

#include "support/formats.hpp"
#include "support/random_value.hpp"
#include "support/types.hpp"

namespace type_matrix_test_types {

// A UUID held as 16 bytes, travelling as its 36-character text.
class Uuid {
 public:
  Uuid() = default;
  static std::optional<Uuid> parse(std::string_view text) {
    if (text.size() != 36) return std::nullopt;
    Uuid id;
    std::size_t byte = 0;
    for (std::size_t i = 0; i < text.size();) {
      if (i == 8 || i == 13 || i == 18 || i == 23) {
        if (text[i++] != '-') return std::nullopt;
        continue;
      }
      const int hi = nibble(text[i]), lo = nibble(text[i + 1]);
      if (hi < 0 || lo < 0) return std::nullopt;
      id.bytes_[byte++] = static_cast<std::uint8_t>(hi * 16 + lo);
      i += 2;
    }
    return id;
  }
  std::string text() const {
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < 16; ++i) {
      if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
      s += digits[bytes_[i] >> 4];
      s += digits[bytes_[i] & 15];
    }
    return s;
  }
  std::array<std::uint8_t, 16>& bytes() { return bytes_; }
  friend bool operator==(const Uuid&, const Uuid&) = default;

 private:
  static int nibble(char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; }
  std::array<std::uint8_t, 16> bytes_{};
};

// A strong typedef: an amount of money in cents, travelling as an int64.
struct Money {
  std::int64_t cents = 0;
  friend bool operator==(const Money&, const Money&) = default;
};

// A class whose state is private and reached through its interface only.
class Temperature {
 public:
  Temperature() = default;
  static Temperature from_kelvin(double k) {
    Temperature t;
    t.kelvin_ = k;
    return t;
  }
  double kelvin() const { return kelvin_; }
  friend bool operator==(const Temperature&, const Temperature&) = default;

 private:
  double kelvin_ = 0;
};

void random_fill(testing_support::random_values& r, Uuid& id) {
  for (auto& b : id.bytes()) b = static_cast<std::uint8_t>(r.engine()());
}
void random_fill(testing_support::random_values& r, Money& m) {
  m.cents = static_cast<std::int64_t>(r.engine()()) >> (r.engine()() % 64);
}
void random_fill(testing_support::random_values& r, Temperature& t) {
  t = Temperature::from_kelvin(static_cast<double>(r.engine()() % 100000) / 8);
}

}  // namespace type_matrix_test_types

template <>
struct prism::adapter<type_matrix_test_types::Uuid> {
  static std::string to(const type_matrix_test_types::Uuid& id) { return id.text(); }
  static bool from(const std::string& text, type_matrix_test_types::Uuid& id) {
    const auto parsed = type_matrix_test_types::Uuid::parse(text);
    if (parsed) id = *parsed;
    return parsed.has_value();
  }
};

template <>
struct prism::adapter<type_matrix_test_types::Money> {
  static const std::int64_t& to(const type_matrix_test_types::Money& m) { return m.cents; }
  static void from(std::int64_t cents, type_matrix_test_types::Money& m) { m.cents = cents; }
};

template <>
struct prism::adapter<type_matrix_test_types::Temperature> {
  static double to(const type_matrix_test_types::Temperature& t) { return t.kelvin(); }
  static type_matrix_test_types::Temperature from(double k) { return type_matrix_test_types::Temperature::from_kelvin(k); }
};

namespace type_matrix_test_types {

// A struct with a base class, described through prism::meta (its base's members included).
struct Header {
  std::uint32_t sequence = 0;
  std::string frame;
  friend bool operator==(const Header&, const Header&) = default;
};
struct Pose : Header {
  double x = 0, y = 0;
  friend bool operator==(const Pose&, const Pose&) = default;
};

}  // namespace type_matrix_test_types

template <>
struct prism::meta<type_matrix_test_types::Pose> {
  using Pose = type_matrix_test_types::Pose;
  static constexpr auto fields =
      std::tuple{prism::field<&Pose::sequence>(), prism::field<&Pose::frame>(), prism::field<&Pose::x>(), prism::field<&Pose::y>()};
};

namespace type_matrix_test_types {

// Structs with bases that C++20 reflects without meta: every base empty (tags, mixins), or no
// member beside those of the only base.
struct Tagged {
  friend bool operator==(const Tagged&, const Tagged&) = default;
};
struct Comparable {
  friend bool operator==(const Comparable&, const Comparable&) = default;
};
struct Reading : Tagged, Comparable {
  std::uint32_t sensor = 0;
  double value = 0;
  std::string unit;
  friend bool operator==(const Reading&, const Reading&) = default;
};
struct Stamped : Header {
  friend bool operator==(const Stamped&, const Stamped&) = default;
};

using testing_types::Leaf;
using testing_types::Point;

// Standard types that core brings to every format.
struct StandardTypes {
  std::shared_ptr<Leaf> shared;
  std::chrono::milliseconds timeout;
  std::chrono::duration<double> seconds;
  std::bitset<12> flags;
  std::filesystem::path file;
  long double precise;
  std::set<std::int32_t> ids;
  std::unordered_set<std::string> tags;
  std::multiset<std::int16_t> samples;
  std::vector<bool> mask;
  std::deque<std::int32_t> queue;
  std::list<Point> route;
  std::vector<std::chrono::microseconds> latencies;
  std::optional<std::chrono::seconds> grace;  // durations beside optionals and variants reflect too
  std::variant<std::chrono::milliseconds, std::string> deadline;

  friend bool operator==(const StandardTypes& a, const StandardTypes& b) {
    const bool shared_equal = (!a.shared && !b.shared) || (a.shared && b.shared && *a.shared == *b.shared);
    return shared_equal && std::tie(a.timeout, a.seconds, a.flags, a.file, a.precise, a.ids, a.tags, a.samples, a.mask,
                                    a.queue, a.route, a.latencies, a.grace, a.deadline) ==
                               std::tie(b.timeout, b.seconds, b.flags, b.file, b.precise, b.ids, b.tags, b.samples,
                                        b.mask, b.queue, b.route, b.latencies, b.grace, b.deadline);
  }
};

// User types with adapters, alone and inside containers.
struct AdaptedTypes {
  Uuid id;
  Money price;
  Temperature temperature;
  std::optional<Money> discount;
  std::vector<Uuid> related;
  std::set<std::string> labels;
  std::vector<Money> payments;
  friend bool operator==(const AdaptedTypes&, const AdaptedTypes&) = default;
};

struct Everything {
  StandardTypes standard;
  AdaptedTypes adapted;
  Pose pose;
  Reading reading;
  Stamped stamped;
  std::map<std::string, Money> prices;
  std::multimap<std::int32_t, std::string> history;
  friend bool operator==(const Everything&, const Everything&) = default;
};

// zserio has no maps.
struct WithoutMaps {
  StandardTypes standard;
  AdaptedTypes adapted;
  Pose pose;
  Reading reading;
  Stamped stamped;
  friend bool operator==(const WithoutMaps&, const WithoutMaps&) = default;
};

struct Config {
  std::chrono::seconds timeout{30};
  std::bitset<4> flags{0b1010};
  std::filesystem::path log = "/var/log/app.log";
  std::set<int> ports{443, 80};
  std::shared_ptr<int> limit = std::make_shared<int>(7);
};

// AdaptedTypes with the proxies in place of the adapted types.
struct Plain {
  std::string id;
  std::int64_t price;
  double temperature;
  std::optional<std::int64_t> discount;
  std::vector<std::string> related;
  std::vector<std::string> labels;
  std::vector<std::int64_t> payments;
};

struct Flags {
  std::bitset<3> bits;
};

struct Holder {
  std::shared_ptr<Leaf> leaf;
};

// Members that cannot be copied (reflected by both compilers).
struct Owned {
  std::unique_ptr<std::int32_t> id;
  std::string name;
};
struct Owners {
  std::optional<std::int32_t> weight;
  std::vector<std::unique_ptr<std::int32_t>> many;
  std::vector<Owned> items;
  std::optional<Owned> maybe;
};

// Written into fixed spans of every size: below the message's size the write reports
// buffer_overflow and leaves every byte past the span as it was; at its size it writes the same
// bytes as into a growing buffer.
template <class Format, prism::options Opts, class T>
void expect_fixed_spans_hold_exactly(const T& value, const std::string& bytes) {
  constexpr std::uint8_t guard = 0xab;
  std::vector<std::uint8_t> out(bytes.size() + 16);
  for (std::size_t limit = 0; limit <= bytes.size(); ++limit) {
    std::fill(out.begin(), out.end(), guard);
    const auto written = prism::write<Format, Opts>(value, std::span<std::uint8_t>(out.data(), limit));
    if (limit < bytes.size()) {
      ASSERT_FALSE(written) << Format::name << " into " << limit << " of " << bytes.size() << " bytes";
      ASSERT_EQ(written.error().code, prism::errc::buffer_overflow) << Format::name << ": " << written.error().message();
    } else {
      ASSERT_TRUE(written) << Format::name << ": " << written.error().message();
      ASSERT_EQ(*written, bytes.size()) << Format::name;
      ASSERT_EQ(std::memcmp(out.data(), bytes.data(), bytes.size()), 0) << Format::name;
    }
    for (std::size_t k = limit; k < out.size(); ++k) ASSERT_EQ(out[k], guard) << Format::name << " wrote past " << limit;
  }
}

// Through buffers; with the format's default options also through streams (their source and
// sink run the same format code, so other option sets would only instantiate it again).
template <class Format, prism::options Opts, class T>
void round_trip(std::uint64_t seed, int count) {
  testing_support::random_values gen(seed);
  T reused{};
  for (int i = 0; i < count; ++i) {
    const T original = gen.make<T>();
    std::string bytes;
    ASSERT_TRUE((prism::write<Format, Opts>(original, bytes))) << Format::name << " value " << i;
    auto fresh = prism::read<Format, T, Opts>(bytes);
    ASSERT_TRUE(fresh) << Format::name << ": " << fresh.error().message() << " (value " << i << ")";
    ASSERT_TRUE(*fresh == original) << Format::name << " value " << i;
    const auto status = prism::read<Format, Opts>(reused, bytes);
    ASSERT_TRUE(status) << Format::name << ": " << status.error().message();
    ASSERT_TRUE(reused == original) << Format::name << " reused, value " << i;
    if constexpr (Opts == Format::defaults) {
      if (i < 2) expect_fixed_spans_hold_exactly<Format, Opts>(original, bytes);
      std::stringstream ss;
      ASSERT_TRUE((prism::write<Format, Opts>(original, ss)));
      ASSERT_EQ(ss.str(), bytes) << Format::name;
      auto streamed = prism::read<Format, T, Opts>(ss);
      ASSERT_TRUE(streamed) << Format::name << ": " << streamed.error().message();
      ASSERT_TRUE(*streamed == original) << Format::name << " streamed, value " << i;
    }
  }
}

}  // namespace type_matrix_test_types
using namespace type_matrix_test_types;

template <class Format>
class TypeMatrix : public ::testing::Test {};
using SelfDescribing = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::json, prism::zbin PRISM_WITH_FLEX(prism::flex)>;
TYPED_TEST_SUITE(TypeMatrix, SelfDescribing);

TYPED_TEST(TypeMatrix, EveryTypeRoundTrips) { round_trip<TypeParam, TypeParam::defaults, Everything>(31, 60); }

TYPED_TEST(TypeMatrix, EveryTypeRoundTripsInStructsWrittenAsArrays) {
  constexpr prism::options arrays = [] {
    prism::options o = TypeParam::defaults;
    o.structs_as_arrays = true;
    return o;
  }();
  round_trip<TypeParam, arrays, Everything>(32, 30);
}

TEST(TypeMatrixSchema, PackPlainAndPacked) {
  round_trip<prism::pack, prism::pack::defaults, Everything>(33, 60);
  round_trip<prism::pack, prism::options{.format = prism::pack_options{.packed_sequences = true}}, std::vector<Everything>>(34, 10);
}

TEST(TypeMatrixSchema, Protobuf) { round_trip<prism::protobuf, prism::protobuf::defaults, Everything>(35, 60); }

TEST(TypeMatrixSchema, Zserio) { round_trip<prism::zserio, prism::zserio::defaults, WithoutMaps>(36, 60); }

// What each standard type looks like on the wire, where a reader can see it.
TEST(TypeMatrixWire, StandardTypesInJson) {
  std::string json;
  ASSERT_TRUE(prism::write<prism::json>(Config{}, json));
  EXPECT_EQ(json, R"({"timeout":30,"flags":"1010","log":"/var/log/app.log","ports":[80,443],"limit":7})");
}

TEST(TypeMatrixWire, StructsWithReflectableBases) {
  static_assert(prism::field_count_v<Reading> == 3 && prism::field_count_v<Stamped> == 2);
  Reading r;
  r.sensor = 7;
  r.value = 0.5;
  r.unit = "V";
  EXPECT_EQ(prism::write<prism::json>(r).value(), R"({"sensor":7,"value":0.5,"unit":"V"})");
  Stamped s;
  s.sequence = 3;
  s.frame = "map";
  EXPECT_EQ(prism::write<prism::json>(s).value(), R"({"sequence":3,"frame":"map"})");
  const auto back = prism::read<prism::msgpack, Stamped>(prism::write<prism::msgpack>(s).value());
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == s);
}

TEST(TypeMatrixWire, MembersThatCannotBeCopied) {
  Owners v;
  v.weight = 4;
  v.many.push_back(std::make_unique<std::int32_t>(7));
  v.many.push_back(nullptr);
  v.items.push_back(Owned{std::make_unique<std::int32_t>(1), "a"});
  v.maybe = Owned{nullptr, "b"};
  const std::string json = prism::write<prism::json>(v).value();
  EXPECT_EQ(json, R"({"weight":4,"many":[7,null],"items":[{"id":1,"name":"a"}],"maybe":{"id":null,"name":"b"}})");
  const auto check = [&]<class Format>(Format) {
    const auto back = prism::read<Format, Owners>(prism::write<Format>(v).value());
    ASSERT_TRUE(back) << Format::name << ": " << back.error().message();
    EXPECT_EQ(back->weight, 4) << Format::name;
    ASSERT_EQ(back->many.size(), 2u) << Format::name;
    EXPECT_EQ(*back->many[0], 7) << Format::name;
    EXPECT_EQ(back->many[1], nullptr) << Format::name;
    ASSERT_EQ(back->items.size(), 1u) << Format::name;
    EXPECT_EQ(*back->items[0].id, 1) << Format::name;
    ASSERT_TRUE(back->maybe) << Format::name;
    EXPECT_EQ(back->maybe->name, "b") << Format::name;
  };
  check(prism::json{});
  check(prism::msgpack{});
  check(prism::cbor{});
  check(prism::zbin{});
  check(prism::pack{});
}

TEST(TypeMatrixWire, AdaptedTypesTravelAsTheirProxy) {
  AdaptedTypes v;
  v.id = *Uuid::parse("12345678-9abc-def0-1234-56789abcdef0");
  v.price = Money{1999};
  v.temperature = Temperature::from_kelvin(300.5);
  v.related = {v.id, Uuid{}};
  v.labels = {"b", "a"};
  v.payments = {Money{5}, Money{-300}, Money{1ll << 40}};
  std::string json;
  ASSERT_TRUE(prism::write<prism::json>(v, json));
  EXPECT_EQ(json, R"({"id":"12345678-9abc-def0-1234-56789abcdef0","price":1999,"temperature":300.5,"discount":null,)"
                  R"("related":["12345678-9abc-def0-1234-56789abcdef0","00000000-0000-0000-0000-000000000000"],)"
                  R"("labels":["a","b"],"payments":[5,-300,1099511627776]})");
  // Byte for byte what the proxies give: the same struct of plain members.
  const Plain plain{v.id.text(), 1999, 300.5, std::nullopt, {v.id.text(), Uuid{}.text()}, {"a", "b"}, {5, -300, 1ll << 40}};
  const auto same_as_plain = [&]<class Format>(Format) {
    const std::string adapted_bytes = prism::write<Format>(v).value();
    EXPECT_EQ(adapted_bytes, prism::write<Format>(plain).value()) << Format::name;
    const auto back = prism::read<Format, AdaptedTypes>(prism::write<Format>(plain).value());
    ASSERT_TRUE(back) << Format::name << ": " << back.error().message();
    EXPECT_TRUE(*back == v) << Format::name;
  };
  // Ranges of adapted values too: a CBOR or BEVE typed array, a packed Protobuf field.
  same_as_plain(prism::msgpack{});
  same_as_plain(prism::cbor{});
  same_as_plain(prism::beve{});
  same_as_plain(prism::zbin{});
  same_as_plain(prism::pack{});
  same_as_plain(prism::protobuf{});
  same_as_plain(prism::zserio{});
}

TEST(TypeMatrixErrors, ProxyTheAdapterRefusesIsInvalidValueAtTheField) {
  const std::string json = R"({"id":"not-a-uuid","price":1})";
  const auto r = prism::read<prism::json, AdaptedTypes>(json);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::invalid_value);
  EXPECT_EQ(r.error().path, "id");
  EXPECT_EQ(r.error().offset, 6u);
  EXPECT_NE(r.error().message().find("expected a value that prism::adapter<Uuid>::from accepts"), std::string::npos)
      << r.error().message();

  for (const char* bad : {R"({"bits":"1012"})", R"({"bits":"10"})", R"({"bits":"1x1"})"}) {
    const auto f = prism::read<prism::json, Flags>(std::string(bad));
    ASSERT_FALSE(f) << bad;
    EXPECT_EQ(f.error().code, prism::errc::invalid_value) << bad;
    EXPECT_EQ(f.error().path, "bits") << bad;
  }
}

TEST(TypeMatrixReuse, ASharedObjectIsNeverChangedThroughAnotherPointer) {
  Holder h{std::make_shared<Leaf>(Leaf{"kept", 1})};
  const std::shared_ptr<Leaf> other = h.leaf;  // shares the object
  const std::string bytes = prism::write<prism::msgpack>(Holder{std::make_shared<Leaf>(Leaf{"new", 2})}).value();
  ASSERT_TRUE(prism::read<prism::msgpack>(h, bytes));
  EXPECT_EQ(h.leaf->label, "new");
  EXPECT_EQ(other->label, "kept");
  EXPECT_NE(h.leaf.get(), other.get());
  // Owned alone, the object is reused.
  Leaf* const before = h.leaf.get();
  ASSERT_TRUE(prism::read<prism::msgpack>(h, bytes));
  EXPECT_EQ(h.leaf.get(), before);
}

TEST(TypeMatrixReuse, SetsAreReplacedNotMerged) {
  std::set<int> s{1, 2, 3, 99};
  ASSERT_TRUE(prism::read<prism::cbor>(s, prism::write<prism::cbor>(std::set<int>{5, 6}).value()));
  EXPECT_EQ(s, (std::set<int>{5, 6}));
  std::multiset<int> m;
  ASSERT_TRUE(prism::read<prism::json>(m, std::string("[3,1,3]")));
  EXPECT_EQ(m, (std::multiset<int>{1, 3, 3}));
}
