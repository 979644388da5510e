// The peers of the zerialize report, used as their documentation shows: msgpack-cxx (packer into
// an sbuffer; unpack to an object, then read through it) and nlohmann-json (a json value dumped;
// parse, then read through the DOM).
#include <msgpack.hpp>
#include <nlohmann/json.hpp>

#include <cstring>
#include <string>
#include <string_view>

#include "peers/zerialize/peer.hpp"

namespace bench::zerialize {
namespace {

using zerialize_data::case_kind;

constexpr std::string_view keys[] = {"int_value", "double_value", "string_value", "array_value", "tensor_value"};

struct tensor_spec {
  int dtype = 0;
  std::vector<std::uint64_t> shape;
  std::size_t element = 0;
  std::size_t probe = 0;  // flat index of the element read
  std::vector<std::uint8_t> data;
};

tensor_spec make_spec(case_kind kind) {
  tensor_spec t;
  const auto fill = [&](const auto& s, std::size_t probe) {
    using E = typename std::remove_cvref_t<decltype(s.tensor_value)>::element_type;
    t.dtype = static_cast<int>(prism::dtype_of<E>);
    for (auto e : s.tensor_value.shape()) t.shape.push_back(e);
    t.element = sizeof(E);
    t.probe = probe;
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.tensor_value.data());
    t.data.assign(p, p + s.tensor_value.size_bytes());
  };
  if (kind == case_kind::small_tensor) fill(zerialize_data::make_small_tensor(), 1 * 4 + 2);
  if (kind == case_kind::medium_tensor) fill(zerialize_data::make_medium_tensor(), 7);
  if (kind == case_kind::large_tensor) fill(zerialize_data::make_large_tensor(), (2 * 1024 + 1000) * 768 + 700);
  return t;
}

double element_value(const tensor_spec& t, const std::uint8_t* data) {
  const std::uint8_t* p = data + t.probe * t.element;
  if (t.dtype == static_cast<int>(prism::dtype::float64)) {
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  if (t.dtype == static_cast<int>(prism::dtype::float32)) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  return *p;
}

class msgpack_cxx final : public codec {
 public:
  msgpack_cxx(case_kind kind, bool as_vector) : kind_(kind), as_vector_(as_vector), tensor_(make_spec(kind)) {}

  bytes serialize() override {
    buffer_.clear();
    msgpack::packer<msgpack::sbuffer> pk(buffer_);
    const std::size_t fields = kind_ == case_kind::small ? 4 : 5;
    if (as_vector_) pk.pack_array(static_cast<std::uint32_t>(fields));
    else pk.pack_map(static_cast<std::uint32_t>(fields));
    const auto key = [&](std::size_t i) {
      if (as_vector_) return;
      pk.pack_str(static_cast<std::uint32_t>(keys[i].size()));
      pk.pack_str_body(keys[i].data(), static_cast<std::uint32_t>(keys[i].size()));
    };
    key(0);
    pk.pack_int(42);
    key(1);
    pk.pack_double(3.14159);
    key(2);
    pk.pack_str(11);
    pk.pack_str_body("hello world", 11);
    key(3);
    pk.pack_array(10);
    for (int i = 1; i <= 10; ++i) pk.pack_int(i);
    if (fields == 5) {
      key(4);
      pk.pack_array(3);
      pk.pack_int(tensor_.dtype);
      pk.pack_array(static_cast<std::uint32_t>(tensor_.shape.size()));
      for (auto e : tensor_.shape) pk.pack_uint64(e);
      pk.pack_bin(static_cast<std::uint32_t>(tensor_.data.size()));
      pk.pack_bin_body(reinterpret_cast<const char*>(tensor_.data.data()), static_cast<std::uint32_t>(tensor_.data.size()));
    }
    return {reinterpret_cast<const std::uint8_t*>(buffer_.data()), buffer_.size()};
  }

  bool deserialize(bytes message) override {
    handle_ = msgpack::unpack(reinterpret_cast<const char*>(message.data()), message.size());
    return true;
  }
  double read() override { return read_object(handle_.get()); }
  double deserialize_and_read(bytes message) override {
    const auto handle = msgpack::unpack(reinterpret_cast<const char*>(message.data()), message.size());
    return read_object(handle.get());
  }
  int zero_copy(bytes message) override {
    if (kind_ == case_kind::small) return -1;
    const auto handle = msgpack::unpack(reinterpret_cast<const char*>(message.data()), message.size());
    const msgpack::object& t = field(handle.get(), 4);
    return reinterpret_cast<std::uintptr_t>(t.via.array.ptr[2].via.bin.ptr) % tensor_.element == 0;
  }

 private:
  const msgpack::object& field(const msgpack::object& o, std::size_t i) const {
    if (as_vector_) return o.via.array.ptr[i];
    for (std::uint32_t k = 0; k < o.via.map.size; ++k) {
      const auto& kv = o.via.map.ptr[k];
      if (std::string_view(kv.key.via.str.ptr, kv.key.via.str.size) == keys[i]) return kv.val;
    }
    throw std::runtime_error("msgpack-cxx peer: missing key");
  }

  double read_object(const msgpack::object& o) const {
    double sum = field(o, 0).as<int>() + field(o, 1).as<double>();
    const std::string s = field(o, 2).as<std::string>();
    sum += static_cast<double>(s.size());
    const auto& array = field(o, 3).via.array;
    long long array_sum = 0;  // an integer sum, as in every row
    for (std::uint32_t i = 0; i < array.size; ++i) array_sum += array.ptr[i].as<int>();
    sum += static_cast<double>(array_sum);
    if (kind_ != case_kind::small) {
      const auto& t = field(o, 4).via.array;
      if (t.size != 3 || t.ptr[0].as<int>() != tensor_.dtype || t.ptr[1].via.array.size != tensor_.shape.size()) return -1;
      sum += element_value(tensor_, reinterpret_cast<const std::uint8_t*>(t.ptr[2].via.bin.ptr));
    }
    return sum;
  }

  case_kind kind_;
  bool as_vector_;
  tensor_spec tensor_;
  msgpack::sbuffer buffer_;
  msgpack::object_handle handle_;
};

class nlohmann_json final : public codec {
 public:
  explicit nlohmann_json(bool as_vector) : as_vector_(as_vector) {}

  bytes serialize() override {
    nlohmann::json j;
    const std::vector<int> array{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    if (as_vector_) {
      j = nlohmann::json::array({42, 3.14159, "hello world", array});
    } else {
      j = nlohmann::json{{"int_value", 42}, {"double_value", 3.14159}, {"string_value", "hello world"}, {"array_value", array}};
    }
    text_ = j.dump();
    return {reinterpret_cast<const std::uint8_t*>(text_.data()), text_.size()};
  }
  bool deserialize(bytes message) override {
    dom_ = nlohmann::json::parse(message.begin(), message.end());
    return true;
  }
  double read() override { return read_dom(dom_); }
  double deserialize_and_read(bytes message) override { return read_dom(nlohmann::json::parse(message.begin(), message.end())); }

 private:
  double read_dom(const nlohmann::json& j) const {
    const auto& f = [&](std::size_t i) -> const nlohmann::json& { return as_vector_ ? j[i] : j[std::string(keys[i])]; };
    double sum = f(0).get<int>() + f(1).get<double>();
    sum += static_cast<double>(f(2).get<std::string>().size());
    long long array_sum = 0;  // an integer sum, as in every row
    for (const auto& e : f(3)) array_sum += e.get<int>();
    sum += static_cast<double>(array_sum);
    return sum;
  }

  bool as_vector_;
  std::string text_;
  nlohmann::json dom_;
};

}  // namespace

std::unique_ptr<codec> make_msgpack_cxx(case_kind kind, bool as_vector) { return std::make_unique<msgpack_cxx>(kind, as_vector); }
std::unique_ptr<codec> make_nlohmann(case_kind kind, bool as_vector) {
  if (kind != case_kind::small) return nullptr;
  return std::make_unique<nlohmann_json>(as_vector);
}

}  // namespace bench::zerialize
