// flatbuffers' flexbuffers used directly, as zerialize's Flex protocol does: a Builder per
// message (map or vector, the tensor as [dtype, [extents], blob]); deserialize is GetRoot, read
// goes through the Reference API. Like zerialize it does not verify the buffer first.
#include <flatbuffers/flexbuffers.h>

#include <cstring>
#include <string>
#include <string_view>

#include "peers/zerialize/peer.hpp"

namespace bench::zerialize {
namespace {

using zerialize_data::case_kind;

class flexbuffers_direct final : public codec {
 public:
  flexbuffers_direct(case_kind kind, bool as_vector) : kind_(kind), as_vector_(as_vector) {
    const auto take = [&](const auto& s) {
      using E = typename std::remove_cvref_t<decltype(s.tensor_value)>::element_type;
      dtype_ = static_cast<int>(prism::dtype_of<E>);
      for (auto e : s.tensor_value.shape()) shape_.push_back(e);
      element_ = sizeof(E);
      const auto* p = reinterpret_cast<const std::uint8_t*>(s.tensor_value.data());
      data_.assign(p, p + s.tensor_value.size_bytes());
    };
    if (kind == case_kind::small_tensor) take(zerialize_data::make_small_tensor()), probe_ = 1 * 4 + 2;
    if (kind == case_kind::medium_tensor) take(zerialize_data::make_medium_tensor()), probe_ = 7;
    if (kind == case_kind::large_tensor) take(zerialize_data::make_large_tensor()), probe_ = (2 * 1024 + 1000) * 768 + 700;
  }

  bytes serialize() override {
    builder_.Clear();
    const auto fields = [&] {
      key("int_value");
      builder_.Int(42);
      key("double_value");
      builder_.Double(3.14159);
      key("string_value");
      builder_.String("hello world");
      key("array_value");
      builder_.Vector([&] { for (int i = 1; i <= 10; ++i) builder_.Int(i); });
      if (kind_ != case_kind::small) {
        key("tensor_value");
        builder_.Vector([&] {
          builder_.Int(dtype_);
          builder_.TypedVector([&] { for (auto e : shape_) builder_.UInt(e); });
          builder_.Blob(data_.data(), data_.size());
        });
      }
    };
    if (as_vector_) builder_.Vector(fields);
    else builder_.Map(fields);
    builder_.Finish();
    const auto& buf = builder_.GetBuffer();
    return {buf.data(), buf.size()};
  }
  bool deserialize(bytes message) override {
    root_ = flexbuffers::GetRoot(message.data(), message.size());
    return true;
  }
  double read() override { return read_root(root_); }
  double deserialize_and_read(bytes message) override { return read_root(flexbuffers::GetRoot(message.data(), message.size())); }
  int zero_copy(bytes message) override {
    if (kind_ == case_kind::small) return -1;
    const auto blob = field(flexbuffers::GetRoot(message.data(), message.size()), 4).AsVector()[2].AsBlob();
    return reinterpret_cast<std::uintptr_t>(blob.data()) % element_ == 0;
  }

 private:
  void key(const char* k) {
    if (!as_vector_) builder_.Key(k);
  }
  flexbuffers::Reference field(const flexbuffers::Reference& root, std::size_t i) const {
    static constexpr const char* names[] = {"int_value", "double_value", "string_value", "array_value", "tensor_value"};
    return as_vector_ ? root.AsVector()[i] : root.AsMap()[names[i]];
  }
  double read_root(const flexbuffers::Reference& root) const {
    double sum = field(root, 0).AsInt32() + field(root, 1).AsDouble();
    sum += static_cast<double>(field(root, 2).AsString().str().size());
    const auto array = field(root, 3).AsVector();
    long long array_sum = 0;  // an integer sum: a double accumulator spilled across calls costs a store-forward per element
    for (std::size_t i = 0; i < array.size(); ++i) array_sum += array[i].AsInt32();
    sum += static_cast<double>(array_sum);
    if (kind_ != case_kind::small) {
      const auto t = field(root, 4).AsVector();
      if (t.size() != 3 || t[0].AsInt32() != dtype_ || t[1].AsTypedVector().size() != shape_.size()) return -1;
      const std::uint8_t* p = t[2].AsBlob().data() + probe_ * element_;
      if (dtype_ == static_cast<int>(prism::dtype::float64)) {
        double d;
        std::memcpy(&d, p, 8);
        sum += d;
      } else if (dtype_ == static_cast<int>(prism::dtype::float32)) {
        float f;
        std::memcpy(&f, p, 4);
        sum += f;
      } else {
        sum += *p;
      }
    }
    return sum;
  }

  case_kind kind_;
  bool as_vector_;
  int dtype_ = 0;
  std::vector<std::uint64_t> shape_;
  std::size_t element_ = 1;
  std::size_t probe_ = 0;
  std::vector<std::uint8_t> data_;
  flexbuffers::Builder builder_;
  flexbuffers::Reference root_;
};

}  // namespace

std::unique_ptr<codec> make_flexbuffers(case_kind kind, bool as_vector) { return std::make_unique<flexbuffers_direct>(kind, as_vector); }

}  // namespace bench::zerialize
