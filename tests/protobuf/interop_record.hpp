#pragma once
// The Record of tests/protobuf/interop.proto as a C++ struct for prism, the conversions to and
// from libprotobuf's generated class, and libprotobuf's deterministic bytes: shared by the interop test and the differential fuzz
// target (fuzz/libprotobuf_differential.hpp).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message_lite.h>

#include <prism/protobuf.hpp>

#include "interop.pb.h"

namespace protobuf_interop_types {

enum class Color : std::int32_t { red = 0, green = 1, blue = 2, negative = -3 };

struct Leaf {
  std::string label;
  std::int64_t weight;
  friend bool operator==(const Leaf&, const Leaf&) = default;
};

using time_point = std::chrono::time_point<std::chrono::system_clock, std::chrono::nanoseconds>;

struct Record {
  bool flag;
  std::int32_t i32;
  std::int64_t i64;
  std::uint32_t u32;
  std::uint64_t u64;
  std::int32_t s32;
  std::int64_t s64;
  std::uint32_t fx32;
  std::uint64_t fx64;
  std::int32_t sfx32;
  std::int64_t sfx64;
  float fl;
  double db;
  Color color;
  std::string text;
  std::vector<std::byte> blob;
  std::vector<std::int32_t> ints;
  std::vector<double> doubles;
  std::vector<std::int64_t> zigzags;
  std::vector<std::string> words;
  std::vector<Leaf> leaves;
  Leaf leaf;
  std::map<std::string, std::int32_t> counts;
  std::map<std::int32_t, Leaf> by_id;
  std::optional<std::int32_t> maybe;
  std::variant<std::monostate, std::int32_t, std::string, Leaf> choice;
  time_point when;
  std::vector<bool> bools;
  std::vector<std::uint16_t> small;
  std::vector<std::uint16_t> fixed_small;
  std::vector<Color> colors;
  friend bool operator==(const Record&, const Record&) = default;
};

}  // namespace protobuf_interop_types

template <>
struct prism::meta<protobuf_interop_types::Record> {
  using R = protobuf_interop_types::Record;
  static constexpr protobuf_field sint{.encoding = protobuf_integer::zigzag};
  static constexpr protobuf_field fixed{.encoding = protobuf_integer::fixed};
  static constexpr auto fields = std::tuple{
      field<&R::flag>(),  field<&R::i32>(),              field<&R::i64>(),              field<&R::u32>(),
      field<&R::u64>(),   field<&R::s32>().with(sint),   field<&R::s64>().with(sint),   field<&R::fx32>().with(fixed),
      field<&R::fx64>().with(fixed), field<&R::sfx32>().with(fixed), field<&R::sfx64>().with(fixed), field<&R::fl>(),
      field<&R::db>(),    field<&R::color>(),            field<&R::text>(),             field<&R::blob>(),
      field<&R::ints>(),  field<&R::doubles>(),          field<&R::zigzags>().with(sint), field<&R::words>(),
      field<&R::leaves>(), field<&R::leaf>(),            field<&R::counts>(),           field<&R::by_id>(),
      field<&R::maybe>(), field<&R::choice>(),           field<&R::when>(),             field<&R::bools>(),
      field<&R::small>(), field<&R::fixed_small>().with(fixed), field<&R::colors>()};
};

namespace protobuf_interop_types {

inline void fill_leaf(prism_interop::Leaf& out, const Leaf& in) {
  out.set_label(in.label);
  out.set_weight(in.weight);
}
inline Leaf from_leaf(const prism_interop::Leaf& in) { return {in.label(), in.weight()}; }

inline prism_interop::Record to_pb(const Record& r) {
  prism_interop::Record m;
  m.set_flag(r.flag);
  m.set_i32(r.i32);
  m.set_i64(r.i64);
  m.set_u32(r.u32);
  m.set_u64(r.u64);
  m.set_s32(r.s32);
  m.set_s64(r.s64);
  m.set_fx32(r.fx32);
  m.set_fx64(r.fx64);
  m.set_sfx32(r.sfx32);
  m.set_sfx64(r.sfx64);
  m.set_fl(r.fl);
  m.set_db(r.db);
  m.set_color(static_cast<prism_interop::Color>(r.color));
  m.set_text(r.text);
  m.set_blob(std::string(reinterpret_cast<const char*>(r.blob.data()), r.blob.size()));
  for (auto x : r.ints) m.add_ints(x);
  for (auto x : r.doubles) m.add_doubles(x);
  for (auto x : r.zigzags) m.add_zigzags(x);
  for (const auto& x : r.words) m.add_words(x);
  for (const auto& x : r.leaves) fill_leaf(*m.add_leaves(), x);
  fill_leaf(*m.mutable_leaf(), r.leaf);
  for (const auto& [k, v] : r.counts) (*m.mutable_counts())[k] = v;
  for (const auto& [k, v] : r.by_id) fill_leaf((*m.mutable_by_id())[k], v);
  if (r.maybe) m.set_maybe(*r.maybe);
  if (const auto* n = std::get_if<1>(&r.choice)) m.set_number(*n);
  if (const auto* s = std::get_if<2>(&r.choice)) m.set_name(*s);
  if (const auto* l = std::get_if<3>(&r.choice)) fill_leaf(*m.mutable_node(), *l);
  const auto ns = r.when.time_since_epoch().count();
  const auto secs = ns >= 0 ? ns / 1000000000 : -((-ns + 999999999) / 1000000000);
  m.mutable_when()->set_seconds(secs);
  m.mutable_when()->set_nanos(static_cast<std::int32_t>(ns - secs * 1000000000));
  for (bool b : r.bools) m.add_bools(b);
  for (auto x : r.small) m.add_small(x);
  for (auto x : r.fixed_small) m.add_fixed_small(x);
  for (auto c : r.colors) m.add_colors(static_cast<prism_interop::Color>(c));
  return m;
}

inline Record from_pb(const prism_interop::Record& m) {
  Record r{};
  r.flag = m.flag();
  r.i32 = m.i32();
  r.i64 = m.i64();
  r.u32 = m.u32();
  r.u64 = m.u64();
  r.s32 = m.s32();
  r.s64 = m.s64();
  r.fx32 = m.fx32();
  r.fx64 = m.fx64();
  r.sfx32 = m.sfx32();
  r.sfx64 = m.sfx64();
  r.fl = m.fl();
  r.db = m.db();
  r.color = static_cast<Color>(m.color());
  r.text = m.text();
  for (char c : m.blob()) r.blob.push_back(static_cast<std::byte>(c));
  r.ints.assign(m.ints().begin(), m.ints().end());
  r.doubles.assign(m.doubles().begin(), m.doubles().end());
  r.zigzags.assign(m.zigzags().begin(), m.zigzags().end());
  r.words.assign(m.words().begin(), m.words().end());
  for (const auto& l : m.leaves()) r.leaves.push_back(from_leaf(l));
  r.leaf = from_leaf(m.leaf());
  for (const auto& [k, v] : m.counts()) r.counts[k] = v;
  for (const auto& [k, v] : m.by_id()) r.by_id[k] = from_leaf(v);
  if (m.has_maybe()) r.maybe = m.maybe();
  switch (m.choice_case()) {
    case prism_interop::Record::kNumber: r.choice = m.number(); break;
    case prism_interop::Record::kName: r.choice = m.name(); break;
    case prism_interop::Record::kNode: r.choice = from_leaf(m.node()); break;
    default: break;
  }
  r.when = time_point(std::chrono::seconds(m.when().seconds()) + std::chrono::nanoseconds(m.when().nanos()));
  r.bools.assign(m.bools().begin(), m.bools().end());
  for (auto x : m.small()) r.small.push_back(static_cast<std::uint16_t>(x));
  for (auto x : m.fixed_small()) r.fixed_small.push_back(static_cast<std::uint16_t>(x));
  for (auto c : m.colors()) r.colors.push_back(static_cast<Color>(c));
  return r;
}

// libprotobuf's bytes with map entries in key order, as std::map iterates; false when it fails.
inline bool deterministic_bytes(const google::protobuf::MessageLite& m, std::string& out) {
  google::protobuf::io::StringOutputStream stream(&out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  return m.SerializeToCodedStream(&coded);
}

}  // namespace protobuf_interop_types
