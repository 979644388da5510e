// libprotobuf's generated classes for the binary report, and the hand-written conversions
// between them and the report's structs, as the original's to_pb()/from_pb(): a fresh message
// per conversion, every vector and string copied.
#include "peers/binary/protobuf_peer.hpp"

#include "binary.pb.h"

namespace bench::protobuf_peer {
namespace {

void to_pb(const binary::obj_t& o, binary_pb::obj_t& m) {
  auto& f = *m.mutable_fixed_object();
  f.mutable_int_array()->Assign(o.fixed_object.int_array.begin(), o.fixed_object.int_array.end());
  f.mutable_float_array()->Assign(o.fixed_object.float_array.begin(), o.fixed_object.float_array.end());
  f.mutable_double_array()->Assign(o.fixed_object.double_array.begin(), o.fixed_object.double_array.end());
  auto& n = *m.mutable_fixed_name_object();
  n.set_name0(o.fixed_name_object.name0);
  n.set_name1(o.fixed_name_object.name1);
  n.set_name2(o.fixed_name_object.name2);
  n.set_name3(o.fixed_name_object.name3);
  n.set_name4(o.fixed_name_object.name4);
  auto& a = *m.mutable_another_object();
  a.set_string(o.another_object.string);
  a.set_another_string(o.another_object.another_string);
  a.set_boolean(o.another_object.boolean);
  auto& nested = *a.mutable_nested_object();
  for (const auto& v : o.another_object.nested_object.v3s) nested.add_v3s()->mutable_xyz()->Assign(v.begin(), v.end());
  nested.set_id(o.another_object.nested_object.id);
  for (const auto& s : o.string_array) m.add_string_array(s);
  m.set_string(o.string);
  m.set_number(o.number);
  m.set_boolean(o.boolean);
  m.set_another_bool(o.another_bool);
}

void from_pb(const binary_pb::obj_t& m, binary::obj_t& o) {
  const auto& f = m.fixed_object();
  o.fixed_object.int_array.assign(f.int_array().begin(), f.int_array().end());
  o.fixed_object.float_array.assign(f.float_array().begin(), f.float_array().end());
  o.fixed_object.double_array.assign(f.double_array().begin(), f.double_array().end());
  const auto& n = m.fixed_name_object();
  o.fixed_name_object = {n.name0(), n.name1(), n.name2(), n.name3(), n.name4()};
  const auto& a = m.another_object();
  o.another_object.string = a.string();
  o.another_object.another_string = a.another_string();
  o.another_object.boolean = a.boolean();
  const auto& nested = a.nested_object();
  auto& v3s = o.another_object.nested_object.v3s;
  v3s.resize(static_cast<std::size_t>(nested.v3s_size()));
  for (int i = 0; i < nested.v3s_size(); ++i) {
    const auto& xyz = nested.v3s(i).xyz();
    for (int k = 0; k < 3; ++k) v3s[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] = k < xyz.size() ? xyz[k] : 0.0;
  }
  o.another_object.nested_object.id = nested.id();
  o.string_array.assign(m.string_array().begin(), m.string_array().end());
  o.string = m.string();
  o.number = m.number();
  o.boolean = m.boolean();
  o.another_bool = m.another_bool();
}

template <class T, class Message>
void to_pb(const std::vector<T>& v, Message& m) {
  m.mutable_values()->Assign(v.begin(), v.end());
}
template <class T, class Message>
void from_pb(const Message& m, std::vector<T>& v) {
  v.resize(static_cast<std::size_t>(m.values_size()));
  for (int i = 0; i < m.values_size(); ++i) v[static_cast<std::size_t>(i)] = static_cast<T>(m.values(i));
}

template <class T, class Message>
class generated : public codec {
 public:
  explicit generated(const T& value) : original_(value) {
    to_pb(original_, built_);
    built_.SerializeToString(&message_);
  }
  const std::string& message() const override { return message_; }
  void serialize() override { built_.SerializeToString(&out_); }
  void parse() override { parsed_.ParseFromString(message_); }
  void convert_and_serialize() override {
    Message m;
    to_pb(original_, m);
    m.SerializeToString(&out_);
  }
  void parse_and_convert() override {
    Message m;
    m.ParseFromString(message_);
    from_pb(m, converted_);
  }
  bool parsed_equals_original() override { return converted_ == original_; }

 private:
  T original_;
  T converted_{};
  Message built_, parsed_;
  std::string message_, out_;
};

}  // namespace

std::unique_ptr<codec> make(const binary::obj_t& value) {
  return std::make_unique<generated<binary::obj_t, binary_pb::obj_t>>(value);
}
std::unique_ptr<codec> make(const std::vector<double>& value) {
  return std::make_unique<generated<std::vector<double>, binary_pb::doubles>>(value);
}
std::unique_ptr<codec> make(const std::vector<float>& value) {
  return std::make_unique<generated<std::vector<float>, binary_pb::floats>>(value);
}
std::unique_ptr<codec> make(const std::vector<std::uint64_t>& value) {
  return std::make_unique<generated<std::vector<std::uint64_t>, binary_pb::uint64s>>(value);
}
std::unique_ptr<codec> make(const std::vector<std::uint32_t>& value) {
  return std::make_unique<generated<std::vector<std::uint32_t>, binary_pb::uint32s>>(value);
}
std::unique_ptr<codec> make(const std::vector<std::uint16_t>& value) {
  return std::make_unique<generated<std::vector<std::uint16_t>, binary_pb::uint16s>>(value);
}

}  // namespace bench::protobuf_peer
