// pack reads structs and sequences at a local cursor, with fast paths for the usual counts,
// strings and raw values that hand anything unusual to the general reader. Whatever path a
// value takes, the verdict must be the same: from a span (everything in view) and from a stream
// that is fed only the bytes it asks for (almost nothing in view), over every cut of a message
// and every setting of the limits.
#include <gtest/gtest.h>

#include <prism/pack.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

namespace pack_cursor_test {

enum class Kind : std::uint8_t { scout, guard, healer };

struct Tool {
  std::string name;
  std::int16_t power;
  bool spare;
  friend bool operator==(const Tool&, const Tool&) = default;
};

struct Unit {
  float x, y, z;
  std::int16_t hp;
  std::string name;
  std::vector<std::uint8_t> bag;
  Kind kind;
  std::vector<Tool> tools;
  Tool held;
  std::vector<std::array<float, 3>> path;
  std::deque<std::int32_t> marks;
  std::optional<std::string> note;
  friend bool operator==(const Unit&, const Unit&) = default;
};

// A stream that is not seekable, so that the reader's window holds only the bytes it asked for:
// every fast path then meets its edge and the general reader takes over.
class drip_buffer : public std::streambuf {
 public:
  explicit drip_buffer(std::string bytes) : bytes_(std::move(bytes)) {
    char* begin = bytes_.data();
    setg(begin, begin, begin + bytes_.size());
  }

 private:
  std::string bytes_;
};

using bytes = std::vector<std::uint8_t>;

struct outcome {
  bool ok;
  prism::errc code;
  std::size_t offset;
  std::string path;
  std::vector<Unit> value;
};

outcome from_span(const bytes& wire, const prism::limits& limits = {}) {
  std::vector<Unit> out;
  const auto st = prism::read<prism::pack>(out, std::span<const std::uint8_t>(wire), limits);
  if (st) return {true, {}, 0, {}, std::move(out)};
  return {false, st.error().code, st.error().offset, st.error().path, {}};
}

outcome from_drip(const bytes& wire, const prism::limits& limits = {}) {
  drip_buffer buffer(std::string(wire.begin(), wire.end()));
  std::istream in(&buffer);
  std::vector<Unit> out;
  const auto st = prism::read<prism::pack>(out, in, limits);
  if (st) return {true, {}, 0, {}, std::move(out)};
  return {false, st.error().code, st.error().offset, st.error().path, {}};
}

void expect_same(const outcome& a, const outcome& b) {
  ASSERT_EQ(a.ok, b.ok);
  if (a.ok) {
    EXPECT_EQ(a.value, b.value);
  } else {
    EXPECT_EQ(a.code, b.code);
    EXPECT_EQ(a.offset, b.offset);
    EXPECT_EQ(a.path, b.path);
  }
}

// Strings of 0 to 40 bytes, now and then not ASCII; sequences of up to 130 elements, so that
// some counts take two bytes.
std::vector<Unit> make_units(std::uint64_t seed, std::size_t count) {
  std::mt19937_64 random(seed);
  const auto below = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
  const auto text = [&] {
    std::string s(below(41), 'a');
    for (char& c : s) c = static_cast<char>('a' + below(26));
    if (!s.empty() && below(4) == 0) s.back() = '\x7f', s += "\xC3\xA9";
    return s;
  };
  const auto tool = [&] { return Tool{text(), static_cast<std::int16_t>(random()), below(2) == 0}; };
  std::vector<Unit> units(count);
  for (Unit& u : units) {
    u.x = static_cast<float>(below(1000)) / 8;
    u.y = -u.x;
    u.z = 0.5f;
    u.hp = static_cast<std::int16_t>(random());
    u.name = text();
    u.bag.resize(below(4) == 0 ? 130 : below(11));
    for (auto& b : u.bag) b = static_cast<std::uint8_t>(random());
    u.kind = static_cast<Kind>(below(3));
    u.tools.resize(below(4) == 0 ? 129 : below(6));
    for (Tool& t : u.tools) t = tool();
    u.held = tool();
    u.path.resize(below(12));
    for (auto& p : u.path) p = {static_cast<float>(below(9)), 1.0f, 2.0f};
    for (std::size_t i = below(5); i > 0; --i) u.marks.push_back(static_cast<std::int32_t>(random()));
    if (below(2) == 0) u.note = text();
  }
  return units;
}

bytes wire_of(const std::vector<Unit>& units) {
  bytes out;
  EXPECT_TRUE(prism::write<prism::pack>(units, out));
  return out;
}

}  // namespace pack_cursor_test
using namespace pack_cursor_test;

TEST(PackCursor, SpansAndDripFedStreamsReadTheSameValues) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    const auto units = make_units(seed, 1 + seed % 4);
    const bytes wire = wire_of(units);
    const outcome span = from_span(wire);
    ASSERT_TRUE(span.ok) << span.path;
    EXPECT_EQ(span.value, units);
    expect_same(span, from_drip(wire));
  }
}

TEST(PackCursor, EveryCutFailsTheSameWayOnEveryPath) {
  const bytes wire = wire_of(make_units(7, 2));
  for (std::size_t k = 0; k < wire.size(); ++k) {
    SCOPED_TRACE(k);
    const bytes cut(wire.begin(), wire.begin() + static_cast<std::ptrdiff_t>(k));
    const outcome span = from_span(cut);
    ASSERT_FALSE(span.ok);
    EXPECT_EQ(span.code, prism::errc::unexpected_end);
    expect_same(span, from_drip(cut));
  }
}

TEST(PackCursor, EveryLimitFailsTheSameWayOnEveryPath) {
  const auto units = make_units(11, 3);
  const bytes wire = wire_of(units);
  for (std::size_t depth = 0; depth <= 3; ++depth) {
    SCOPED_TRACE(depth);
    const prism::limits limits{.max_depth = depth};
    const outcome span = from_span(wire, limits);
    EXPECT_EQ(span.ok, depth >= 2);
    expect_same(span, from_drip(wire, limits));
  }
  for (std::size_t elements : {0, 1, 4, 10, 16, 17, 40, 128, 129, 130}) {
    SCOPED_TRACE(elements);
    const prism::limits limits{.max_elements = elements};
    expect_same(from_span(wire, limits), from_drip(wire, limits));
  }
  const outcome whole = from_span(wire);
  ASSERT_TRUE(whole.ok);
  bool refused = false, accepted = false;
  for (std::size_t budget = 0; budget < 40000; budget += 97) {
    SCOPED_TRACE(budget);
    const prism::limits limits{.max_alloc_bytes = budget};
    const outcome span = from_span(wire, limits);
    if (!span.ok) {
      EXPECT_EQ(span.code, prism::errc::allocation_limit);
    }
    (span.ok ? accepted : refused) = true;
    expect_same(span, from_drip(wire, limits));
  }
  EXPECT_TRUE(refused);
  EXPECT_TRUE(accepted);
}

TEST(PackCursor, AnErrorDeepInsideNamesItsPathAndOffset) {
  std::vector<Unit> units(2);
  units[1].tools = {Tool{"saw", 1, false}, Tool{"drill", 2, true}};
  bytes wire = wire_of(units);
  const bytes name = {5, 'd', 'r', 'i', 'l', 'l'};
  const auto at = std::search(wire.begin(), wire.end(), name.begin(), name.end());
  ASSERT_NE(at, wire.end());
  const std::size_t offset = static_cast<std::size_t>(at - wire.begin()) + 3;
  wire[offset] = 0xFF;
  for (const outcome& o : {from_span(wire), from_drip(wire)}) {
    ASSERT_FALSE(o.ok);
    EXPECT_EQ(o.code, prism::errc::invalid_utf8);
    EXPECT_EQ(o.offset, offset);
    EXPECT_EQ(o.path, "[1].tools[1].name");
  }
}

// A run of fields (a tool's name, power and spare flag) is checked against the bytes in view
// once; a field that its quick path declines sends that field and the rest of the run the
// general way, which reads it or names it.
TEST(PackCursor, AFieldARunDeclinesIsReadOrReportedTheGeneralWay) {
  std::vector<Unit> units(1);
  units[0].tools = {Tool{"saw", 1, false}, Tool{std::string(30, 'x') + "\xC3\xA9", 2, true}, Tool{"drill", 3, true}};
  units[0].held = Tool{"", 4, true};
  bytes wire = wire_of(units);
  for (const outcome& o : {from_span(wire), from_drip(wire)}) {
    ASSERT_TRUE(o.ok) << o.path;
    EXPECT_EQ(o.value, units);
  }
  const bytes drill = {5, 'd', 'r', 'i', 'l', 'l', 3, 0, 1};
  const auto at = std::search(wire.begin(), wire.end(), drill.begin(), drill.end());
  ASSERT_NE(at, wire.end());
  const std::size_t offset = static_cast<std::size_t>(at - wire.begin()) + drill.size() - 1;
  wire[offset] = 2;  // neither false nor true
  for (const outcome& o : {from_span(wire), from_drip(wire)}) {
    ASSERT_FALSE(o.ok);
    EXPECT_EQ(o.code, prism::errc::invalid_value);
    EXPECT_EQ(o.offset, offset);
    EXPECT_EQ(o.path, "[0].tools[2].spare");
  }
}

TEST(PackCursor, ReadingOverOtherValuesGivesWhatAFreshReadGives) {
  const auto first = make_units(3, 3), second = make_units(4, 2);
  std::vector<Unit> out;
  ASSERT_TRUE(prism::read<prism::pack>(out, wire_of(first)));
  EXPECT_EQ(out, first);
  ASSERT_TRUE(prism::read<prism::pack>(out, wire_of(second)));
  EXPECT_EQ(out, second);
  ASSERT_TRUE(prism::read<prism::pack>(out, wire_of(first)));
  EXPECT_EQ(out, first);
}

namespace pack_cursor_test {
struct Nest {
  std::vector<Nest> kids;
};
}  // namespace pack_cursor_test

// Each level is one byte (a count of one), so that a short hostile message nests deeper than
// any stack: every source must stop it at the depth limit.
TEST(PackCursor, NestingStopsAtTheDepthLimitOnEverySource) {
  const std::size_t levels = 200000;
  std::string wire(levels, '\x01');
  wire.push_back('\0');
  Nest span_node, stream_node;
  const auto from_span = prism::read<prism::pack>(span_node, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(wire.data()), wire.size()));
  drip_buffer buffer(wire);
  std::istream in(&buffer);
  const auto from_stream = prism::read<prism::pack>(stream_node, in);
  ASSERT_FALSE(from_span);
  ASSERT_FALSE(from_stream);
  EXPECT_EQ(from_span.error().code, prism::errc::too_deep);
  EXPECT_EQ(from_stream.error().code, prism::errc::too_deep);
  EXPECT_EQ(from_span.error().offset, from_stream.error().offset);
  EXPECT_LE(from_span.error().offset, prism::limits{}.max_depth + 1);
}
