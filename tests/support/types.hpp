#pragma once
// Types shared by the format tests: every type category of core/concepts.hpp (tensors excepted), nested.
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

namespace testing_types {

enum class Kind : std::uint8_t { alpha, beta, gamma };
enum class Signed : std::int32_t { low = -5, zero = 0, high = 100000 };

struct Point {
  float x;
  float y;
  float z;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Leaf {
  std::string label;
  std::int64_t weight;
  friend bool operator==(const Leaf&, const Leaf&) = default;
};

struct Node {
  std::string name;
  std::vector<Node> children;
  friend bool operator==(const Node&, const Node&) = default;
};

using time_point = std::chrono::time_point<std::chrono::system_clock, std::chrono::nanoseconds>;

struct Everything {
  bool flag;
  std::int8_t i8;
  std::int16_t i16;
  std::int32_t i32;
  std::int64_t i64;
  std::uint8_t u8;
  std::uint16_t u16;
  std::uint32_t u32;
  std::uint64_t u64;
  float f32;
  double f64;
  Kind kind;
  Signed signed_enum;
  std::string text;
  std::vector<std::int32_t> numbers;
  std::vector<Point> points;
  std::array<double, 3> triple;
  std::deque<std::string> words;
  std::list<Leaf> leaves;
  std::map<std::string, std::int32_t> by_name;
  std::map<std::int32_t, std::string> by_id;
  std::unordered_map<std::string, Leaf> leaf_index;
  std::optional<std::string> maybe_text;
  std::optional<Point> maybe_point;
  std::variant<std::int32_t, std::string, Leaf> choice;
  std::pair<std::int32_t, std::string> pair;
  std::tuple<bool, double, std::string> tuple;
  std::unique_ptr<Leaf> owned;
  std::vector<std::byte> blob;
  time_point when;
  Leaf leaf;
  Node tree;
  std::vector<std::vector<std::uint16_t>> nested;

  friend bool operator==(const Everything& a, const Everything& b) {
    const bool owned_equal = (!a.owned && !b.owned) || (a.owned && b.owned && *a.owned == *b.owned);
    return owned_equal && std::tie(a.flag, a.i8, a.i16, a.i32, a.i64, a.u8, a.u16, a.u32, a.u64, a.f32, a.f64, a.kind,
                                   a.signed_enum, a.text, a.numbers, a.points, a.triple, a.words, a.leaves, a.by_name,
                                   a.by_id, a.leaf_index, a.maybe_text, a.maybe_point, a.choice, a.pair, a.tuple,
                                   a.blob, a.when, a.leaf, a.tree, a.nested) ==
                              std::tie(b.flag, b.i8, b.i16, b.i32, b.i64, b.u8, b.u16, b.u32, b.u64, b.f32, b.f64,
                                       b.kind, b.signed_enum, b.text, b.numbers, b.points, b.triple, b.words, b.leaves,
                                       b.by_name, b.by_id, b.leaf_index, b.maybe_text, b.maybe_point, b.choice, b.pair,
                                       b.tuple, b.blob, b.when, b.leaf, b.tree, b.nested);
  }
};

}  // namespace testing_types
