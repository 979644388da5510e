// The zerialize report (../shared/workloads/zerialize.md): small structs and tensor structs,
// as maps and as arrays, aligned and misaligned buffers; per format a prism view row (lazy:
// deserialize builds a view) and a prism struct row (deserialize fills the struct), with the
// peers in the same run. Serialize, Deserialize, Read and Deser+Read are each timed by Google
// Benchmark; Deser+Read is one timed operation, not a sum.
#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/flex.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/zerialize.hpp"
#include "peers/zerialize/peer.hpp"
#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

using namespace zerialize;
using zerialize_data::case_kind;

constexpr std::string_view field_keys[] = {"int_value", "double_value", "string_value", "array_value", "tensor_value"};

template <class S>
constexpr bool has_tensor = requires(S s) { s.tensor_value; };

// The element each reader looks at: (1, 2), (0, 7), (2, 1000, 700).
template <class Tensor>
double probe(const Tensor& t) {
  if constexpr (Tensor::rank == 3) return static_cast<double>(t(2, 1000, 700));
  else if constexpr (std::is_same_v<typename Tensor::element_type, const float> || std::is_same_v<typename Tensor::element_type, float>)
    return static_cast<double>(t(0, 7));
  else return static_cast<double>(t(1, 2));
}

template <class Data>
Data make_data() {
  if constexpr (std::is_same_v<Data, zerialize_data::SmallTensorStruct>) return zerialize_data::make_small_tensor();
  else if constexpr (std::is_same_v<Data, zerialize_data::MediumTensorStruct>) return zerialize_data::make_medium_tensor();
  else if constexpr (std::is_same_v<Data, zerialize_data::LargeTensorStruct>) return zerialize_data::make_large_tensor();
  else return Data{};
}

// prism's struct path: read into the struct (a fresh one each time, as the peers do), then read
// its fields.
template <class Format, prism::options O, class Data>
class prism_struct final : public codec {
 public:
  prism_struct() : data_(make_data<Data>()) {}
  bytes serialize() override {
    if (!prism::write<Format, O>(data_, buffer_)) return {};
    return {reinterpret_cast<const std::uint8_t*>(buffer_.data()), buffer_.size()};
  }
  bool deserialize(bytes message) override {
    Data fresh;
    if (!prism::read<Format, O>(fresh, message)) return false;
    std::swap(kept_, fresh);
    return true;
  }
  double read() override { return read_struct(kept_); }
  double deserialize_and_read(bytes message) override {
    Data fresh;
    if (!prism::read<Format, O>(fresh, message)) return NAN;
    return read_struct(fresh);
  }

 private:
  static double read_struct(const Data& d) {
    double sum = d.int_value + d.double_value;
    const std::string s = d.string_value;
    sum += static_cast<double>(s.size());
    long long array_sum = 0;  // an integer sum in every row: a double accumulator that the compiler
    for (int v : d.array_value) array_sum += v;  // keeps on the stack costs a store-forward per element
    sum += static_cast<double>(array_sum);
    if constexpr (has_tensor<Data>) sum += probe(d.tensor_value);
    return sum;
  }
  Data data_;
  std::string buffer_;
  Data kept_;
};

// prism's view path: deserialize builds a view (nothing parsed); read looks every field up.
template <class Format, bool AsVector, class Data>
class prism_view final : public codec {
 public:
  using view_type = decltype(prism::view<Format>(std::declval<bytes>()));
  prism_view() : data_(make_data<Data>()) {}
  bytes serialize() override {
    constexpr prism::options o{.structs_as_arrays = AsVector};
    if (!prism::write<Format, o>(data_, buffer_)) return {};
    return {reinterpret_cast<const std::uint8_t*>(buffer_.data()), buffer_.size()};
  }
  bool deserialize(bytes message) override {
    view_.emplace(prism::view<Format>(message));
    return view_->valid();
  }
  double read() override { return read_view(*view_); }
  double deserialize_and_read(bytes message) override { return read_view(prism::view<Format>(message)); }
  int zero_copy(bytes message) override {
    if constexpr (std::is_same_v<Format, prism::json>) {  // base64 text: decoded wherever the buffer is
      (void)message;
      return -1;
    } else if constexpr (has_tensor<Data>) {
      using T = typename decltype(Data{}.tensor_value)::element_type;
      auto t = field(prism::view<Format>(message), 4).template as_tensor<T, decltype(Data{}.tensor_value)::rank>();
      return t && t->zero_copy();
    }
    return -1;
  }

 private:
  static view_type field(const view_type& v, std::size_t i) {
    if constexpr (AsVector) return v[i];
    else return v[field_keys[i]];
  }
  static double read_view(const view_type& v) {
    const auto i = field(v, 0).template as<int>();
    const auto d = field(v, 1).template as<double>();
    const auto s = field(v, 2).as_string_view();
    if (!i || !d || !s) return NAN;
    double sum = *i + *d;
    sum += static_cast<double>(std::string(*s).size());
    const auto array = field(v, 3);
    long long array_sum = 0;  // an integer sum, as in every row
    if (array.type() == prism::value_type::tensor) {  // a typed array (zbin, CBOR, BEVE): all at once
      const auto numbers = array.template as_tensor<int, 1>();
      if (!numbers) return NAN;
      for (int x : numbers->view().flat()) array_sum += x;
    } else {
      for (auto e : array.elements()) array_sum += e.template as<int>().value_or(-1000);
    }
    sum += static_cast<double>(array_sum);
    if constexpr (has_tensor<Data>) {
      using T = typename decltype(Data{}.tensor_value)::element_type;
      const auto t = field(v, 4).template as_tensor<T, decltype(Data{}.tensor_value)::rank>();
      if (!t) return NAN;
      sum += probe(t->view());
    }
    return sum;
  }
  Data data_;
  std::string buffer_;
  std::optional<view_type> view_;
};

struct zerialize_row {
  std::string format;
  std::string library;
  std::unique_ptr<codec> impl;
  codec* shift_probe = nullptr;  // whose zero_copy() decides the buffer placement
};

template <class Data>
std::vector<zerialize_row> rows_for(case_kind kind, bool as_vector) {
  constexpr prism::options maps{};
  constexpr prism::options arrays{.structs_as_arrays = true};
  std::vector<zerialize_row> rows;
  const auto add = [&](std::string format, std::string library, std::unique_ptr<codec> c) {
    if (c) rows.push_back({std::move(format), std::move(library), std::move(c)});
  };
  const auto both = [&]<class Format>(const char* name) {
    if (as_vector) {
      add(name, "prism view", std::make_unique<prism_view<Format, true, Data>>());
      add(name, "prism struct", std::make_unique<prism_struct<Format, arrays, Data>>());
    } else {
      add(name, "prism view", std::make_unique<prism_view<Format, false, Data>>());
      add(name, "prism struct", std::make_unique<prism_struct<Format, maps, Data>>());
    }
  };
  both.template operator()<prism::json>("JSON");  // the JSON view builds its structural index on deserialize
  add("JSON", "nlohmann-json", make_nlohmann(kind, as_vector));
  both.template operator()<prism::flex>("Flex");
  add("Flex", "flexbuffers", make_flexbuffers(kind, as_vector));
  both.template operator()<prism::msgpack>("MsgPack");
  add("MsgPack", "msgpack-cxx", make_msgpack_cxx(kind, as_vector));
  both.template operator()<prism::cbor>("CBOR");
  both.template operator()<prism::beve>("BEVE");
  both.template operator()<prism::zbin>("zbin");
  // Every row of a format is placed where that format's prism view finds the tensor aligned
  // (or misaligned), as zerialize places its buffers.
  for (auto& r : rows)
    for (auto& p : rows)
      if (p.format == r.format && p.library == "prism view") r.shift_probe = p.impl.get();
  return rows;
}

// Bytes copied to a 64-byte aligned buffer at a chosen shift.
struct placed {
  prism::aligned_buffer storage;
  bytes span;
  int shift = -1;
};

placed place(bytes message, codec* probe, bool want_aligned, bool has_tensor_data) {
  placed p;
  p.storage.resize(message.size() + 16);
  for (int shift = 0; shift < 16; ++shift) {
    auto* at = reinterpret_cast<std::uint8_t*>(p.storage.data()) + shift;
    std::memcpy(at, message.data(), message.size());
    const bytes candidate(at, message.size());
    if (!has_tensor_data || !probe) {
      p.span = candidate;
      p.shift = shift;
      return p;
    }
    const int z = probe->zero_copy(candidate);
    if (z < 0 || (z == 1) == want_aligned) {
      p.span = candidate;
      p.shift = shift;
      return p;
    }
  }
  return p;  // no shift gives the wanted placement: N/A
}

struct report_case {
  std::string name;
  case_kind kind;
  bool as_vector;
  int variant;  // 0: no tensor, 1: aligned, 2: misaligned
};

template <class Data>
void run_case(const report_case& rc, const suite_options& options, table& t, std::string& json, bool& first_json) {
  auto rows = rows_for<Data>(rc.kind, rc.as_vector);
  struct prepared {
    zerialize_row* row;
    placed buffer;
    std::string id;
  };
  std::vector<prepared> ready;
  const double expected = zerialize_data::expected_checksum(rc.kind);
  for (auto& r : rows) {
    const bytes message = r.impl->serialize();
    auto buffer = place(message, r.shift_probe ? r.shift_probe : r.impl.get(), rc.variant != 2, rc.variant != 0);
    const std::string id = rc.name + "/" + r.format + "/" + r.library;
    if (buffer.shift < 0) {
      t.add({rc.name, r.format, r.library, "N/A", "N/A", "N/A", "N/A", std::to_string(message.size()), "-"});
      continue;
    }
    r.impl->deserialize(buffer.span);
    const double a = r.impl->read(), b = r.impl->deserialize_and_read(buffer.span);
    if (std::fabs(a - expected) > 1e-9 || std::fabs(b - expected) > 1e-9) {
      std::fprintf(stderr, "zerialize: %s reads %g / %g, expected %g; row left out\n", id.c_str(), a, b, expected);
      continue;
    }
    ready.push_back({&r, std::move(buffer), id});
  }
  for (auto& p : ready) {
    codec* c = p.row->impl.get();
    const bytes in = p.buffer.span;
    add_case(p.id + "/ser", options.run, [c](benchmark::State& state) {
      for (auto _ : state) benchmark::DoNotOptimize(c->serialize().data());
    });
    add_case(p.id + "/des", options.run, [c, in](benchmark::State& state) {
      for (auto _ : state) benchmark::DoNotOptimize(c->deserialize(in));
    });
    c->deserialize(in);
    add_case(p.id + "/read", options.run, [c](benchmark::State& state) {
      for (auto _ : state) benchmark::DoNotOptimize(c->read());
    });
    add_case(p.id + "/desread", options.run, [c, in](benchmark::State& state) {
      for (auto _ : state) benchmark::DoNotOptimize(c->deserialize_and_read(in));
    });
  }
  if (ready.empty()) return;  // every row N/A: nothing to time
  const auto results = run_registered();
  for (auto& p : ready) {
    if (!results.contains(p.id + "/ser")) continue;  // left out by --filter
    const auto us = [&](const char* op) { return results.at(p.id + "/" + op).median_ns / 1000; };
    const auto cell = [&](double v) { return fixed(v, v < 10 ? 3 : v < 1000 ? 2 : 0); };
    const long long samples = results.at(p.id + "/desread").samples;
    t.add({rc.name, p.row->format, p.row->library, cell(us("ser")), cell(us("des")), cell(us("read")), cell(us("desread")),
           std::to_string(p.buffer.span.size()), std::to_string(samples)});
    json += std::string(first_json ? "" : ",\n") + "    {\"case\": \"" + rc.name + "\", \"format\": \"" + p.row->format +
            "\", \"library\": \"" + p.row->library + "\", \"serialize_us\": " + fixed(us("ser"), 4) +
            ", \"deserialize_us\": " + fixed(us("des"), 4) + ", \"read_us\": " + fixed(us("read"), 4) +
            ", \"deser_read_us\": " + fixed(us("desread"), 4) + ", \"size\": " + std::to_string(p.buffer.span.size()) +
            ", \"deser_read_samples\": " + std::to_string(samples) + ", \"buffer_shift\": " + std::to_string(p.buffer.shift) + "}";
    first_json = false;
  }
}

}  // namespace

int run_zerialize(const suite_options& options) {
  table t({"case", "format", "library", "Serialize", "Deserialize", "Read", "Deser+Read", "Size", "samples"});
  std::string json = json_report_begin("zerialize");
  bool first = true;
  using zerialize_data::SmallStruct;
  run_case<SmallStruct>({"SmallStruct", case_kind::small, false, 0}, options, t, json, first);
  run_case<SmallStruct>({"SmallStructAsVector", case_kind::small, true, 0}, options, t, json, first);
  for (int variant : {1, 2}) {
    const std::string suffix = variant == 1 ? "" : " (mis)";
    run_case<zerialize_data::SmallTensorStruct>({"SmallTensorStruct 4x4 double" + suffix, case_kind::small_tensor, false, variant}, options, t, json, first);
    run_case<zerialize_data::SmallTensorStruct>({"SmallTensorStructAsVector" + suffix, case_kind::small_tensor, true, variant}, options, t, json, first);
    run_case<zerialize_data::MediumTensorStruct>({"MediumTensorStruct 1x2048 float" + suffix, case_kind::medium_tensor, false, variant}, options, t, json, first);
    run_case<zerialize_data::MediumTensorStruct>({"MediumTensorStructAsVector" + suffix, case_kind::medium_tensor, true, variant}, options, t, json, first);
    run_case<zerialize_data::LargeTensorStruct>({"LargeTensorStruct 3x1024x768 uint8" + suffix, case_kind::large_tensor, false, variant}, options, t, json, first);
  }
  json += "\n";
  std::printf("\nzerialize: times in microseconds, CPU-time medians of %d repetitions (Google Benchmark picks the\n",
              options.run.repetitions());
  std::printf("iteration counts; samples: Deser+Read iterations over all repetitions); Deser+Read is timed as one\n");
  std::printf("operation. Buffers start 64-byte aligned, shifted until the format's prism view finds the tensor\n");
  std::printf("aligned (or, for \"(mis)\", misaligned); N/A: no shift gives that (uint8 is never misaligned).\n");
  std::printf("flexbuffers (the peer) reads without verifying, as zerialize does; prism's Flex rows check every\n");
  std::printf("offset they follow.\n");
  std::printf("%s; %s; -O2 -DNDEBUG\n\n", cpu_model().c_str(), compiler_description().c_str());
  t.print();
  json_report_save(options.json_path, std::move(json));
  return 0;
}

}  // namespace bench
