// The binary-formats report (../shared/workloads/binary.md): the Complex Nested Object and
// vectors of 10 000 double, float, uint64, uint32 and uint16, written and read by every prism
// format and by peers in the same run. Throughput is bytes of each format's own message per
// second (GB = 10^9); the speedup table is a time ratio against prism BEVE. Writes reuse their
// output buffer and reads their destination, as in the original. memcpy of the BEVE message is
// the ceiling line, copied by prism's copy_large: glibc's memcpy alone is 20x slower on AMD Zen 3
// when the two buffers happen to sit 1-63 bytes apart modulo 4 KiB, and would then be no ceiling.
// A prism row whose message holds the vector's bytes as they are (a typed array) is measured
// against a copy of those bytes between its own two buffers instead: for 20 KB, on AMD Zen 4,
// where the allocator puts two buffers modulo 4 KiB moves one copy's time by 25%, which says
// nothing about the format. Every format's read is checked equal to the input before timing.
// Protobuf rows: prism straight from and into the struct; libprotobuf's generated classes alone
// (serialize a built message, parse into a reused one) and with the hand-written conversion
// from and to the struct, as the original times it.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/flex.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/protobuf.hpp>
#include <prism/zbin.hpp>

#include "data/binary.hpp"
#include "peers/binary/protobuf_peer.hpp"
#include "peers/corpus/peers.hpp"
#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

struct binary_row {
  std::string test, format, library;
  std::size_t bytes;
};

class binary_rows {
 public:
  explicit binary_rows(const suite_options& options) : options_(options) {}

  // `write` and `read` run once per iteration each, in their own benchmark.
  template <class Write, class Read>
  void add(const std::string& test, const char* format, const char* library, std::size_t bytes, Write write, Read read) {
    rows.push_back({test, format, library, bytes});
    const std::string name = test + "/" + format + "/" + library;
    add_case(name + "/write", options_.run, [write](benchmark::State& state) mutable {
      for (auto _ : state) write();
    });
    add_case(name + "/read", options_.run, [read](benchmark::State& state) mutable {
      for (auto _ : state) read();
    });
  }

  // The row's vector bytes copied between the row's own buffers, as `copy write` and `copy read`.
  template <class Write, class Read>
  void add_copy(const std::string& test, const char* format, const char* library, Write write, Read read) {
    const std::string name = test + "/" + format + "/" + library;
    add_case(name + "/copy write", options_.run, [write](benchmark::State& state) mutable {
      for (auto _ : state) write();
    });
    add_case(name + "/copy read", options_.run, [read](benchmark::State& state) mutable {
      for (auto _ : state) read();
    });
  }

  std::vector<binary_row> rows;

 private:
  const suite_options& options_;
};

// Where the message holds the vector's bytes as they are, their copy from the value into the
// write's output and from the read's input into its destination: the same two buffers as the
// row's own write and read (both done once, so that the buffers exist and keep their places).
template <class T>
void add_same_buffers_copy(binary_rows& rows, const std::string& test, const char* format,
                           const std::shared_ptr<const T>& value, const std::shared_ptr<std::string>& out,
                           const std::shared_ptr<const std::string>& bytes, const std::shared_ptr<T>& into) {
  if constexpr (requires { value->data(); }) {
    const std::size_t n = value->size() * sizeof(*value->data());
    const std::string_view raw(reinterpret_cast<const char*>(value->data()), n);
    const std::size_t at = std::string_view(*bytes).find(raw);
    if (n == 0 || at == std::string_view::npos || out->size() < at + n || std::string_view(*out).substr(at, n) != raw) {
      return;
    }
    rows.add_copy(
        test, format, "prism",
        [value, out, at, n] {
          prism::detail::copy_large(out->data() + at, value->data(), n);
          benchmark::DoNotOptimize(out->data());
          benchmark::ClobberMemory();
        },
        [bytes, into, at, n] {
          prism::detail::copy_large(into->data(), bytes->data() + at, n);
          benchmark::DoNotOptimize(into->data());
          benchmark::ClobberMemory();
        });
  }
}

template <class Format, class T>
void add_prism(binary_rows& rows, const std::string& test, const char* format, const std::shared_ptr<const T>& value) {
  auto bytes = std::make_shared<std::string>();
  (void)prism::write<Format>(*value, *bytes);
  auto out = std::make_shared<std::string>();
  auto into = std::make_shared<T>();
  (void)prism::write<Format>(*value, *out);
  (void)prism::read<Format>(*into, *bytes);
  rows.add(test, format, "prism", bytes->size(),
           [value, out] {
             const bool ok = static_cast<bool>(prism::write<Format>(*value, *out));
             benchmark::DoNotOptimize(ok);
             benchmark::DoNotOptimize(out->data());
           },
           [bytes, into] {
             const bool ok = static_cast<bool>(prism::read<Format>(*into, *bytes));
             benchmark::DoNotOptimize(ok);
             benchmark::DoNotOptimize(into.get());
           });
  add_same_buffers_copy(rows, test, format, value, out, bytes, into);
}

template <class Format, class T>
bool prism_round_trips(const T& value) {
  std::string bytes;
  if (!prism::write<Format>(value, bytes)) return false;
  auto back = prism::read<Format, T>(bytes);
  return back && *back == value;
}

// The value as the original's Protobuf variant holds it: a vector is the field of a message.
template <class T>
auto protobuf_value(const T& value) {
  if constexpr (std::is_same_v<T, binary::obj_t>) {
    return value;
  } else {
    return binary::pb_vector<typename T::value_type>{value};
  }
}

template <class T>
bool register_protobuf(binary_rows& rows, const std::string& test, const T& value) {
  using P = decltype(protobuf_value(value));
  const auto wrapped = std::make_shared<const P>(protobuf_value(value));
  if (!prism_round_trips<prism::protobuf>(*wrapped)) {
    std::fprintf(stderr, "binary: %s: the prism protobuf round trip changed the value\n", test.c_str());
    return false;
  }
  std::shared_ptr<protobuf_peer::codec> peer = protobuf_peer::make(value);
  peer->parse_and_convert();
  std::string ours;
  (void)prism::write<prism::protobuf>(*wrapped, ours);
  P theirs{};
  if (!peer->parsed_equals_original() || !prism::read<prism::protobuf>(theirs, peer->message()) || !(theirs == *wrapped)) {
    std::fprintf(stderr, "binary: %s: libprotobuf and prism disagree\n", test.c_str());
    return false;
  }
  add_prism<prism::protobuf>(rows, test, "Protobuf", wrapped);
  rows.add(test, "Protobuf", "libprotobuf", peer->message().size(), [peer] { peer->serialize(); }, [peer] { peer->parse(); });
  rows.add(test, "Protobuf", "libprotobuf + conversion", peer->message().size(), [peer] { peer->convert_and_serialize(); },
           [peer] { peer->parse_and_convert(); });
  return true;
}

template <class T>
bool register_test(binary_rows& rows, const std::string& test, T data) {
  const auto value = std::make_shared<const T>(std::move(data));
  if (!prism_round_trips<prism::json>(*value) || !prism_round_trips<prism::beve>(*value) ||
      !prism_round_trips<prism::msgpack>(*value) || !prism_round_trips<prism::cbor>(*value) ||
      !prism_round_trips<prism::zbin>(*value) || !prism_round_trips<prism::flex>(*value)) {
    std::fprintf(stderr, "binary: %s: a prism round trip changed the value\n", test.c_str());
    return false;
  }
  T by_rapidjson{}, by_msgpack_cxx{};
  const std::string rapidjson_text = corpus_peers::rapidjson_text(*value);
  const std::string msgpack_cxx_bytes = corpus_peers::msgpack_cxx_bytes(*value);
  if (!corpus_peers::rapidjson_read(rapidjson_text, by_rapidjson) || !(by_rapidjson == *value) ||
      !corpus_peers::msgpack_cxx_read(msgpack_cxx_bytes, by_msgpack_cxx) || !(by_msgpack_cxx == *value)) {
    std::fprintf(stderr, "binary: %s: a peer's round trip changed the value\n", test.c_str());
    return false;
  }

  std::string beve_bytes;
  (void)prism::write<prism::beve>(*value, beve_bytes);
  const auto source = std::make_shared<std::string>(beve_bytes);
  const auto copy = std::make_shared<std::string>(beve_bytes.size(), '\0');
  const auto memcpy_once = [source, copy] {
    prism::detail::copy_large(copy->data(), source->data(), source->size());
    benchmark::DoNotOptimize(copy->data());
    benchmark::ClobberMemory();
  };
  rows.add(test, "BEVE bytes", "memcpy (ceiling)", beve_bytes.size(), memcpy_once, memcpy_once);

  add_prism<prism::json>(rows, test, "JSON", value);
  rows.add(test, "JSON", "RapidJSON", rapidjson_text.size(),
           [value] { benchmark::DoNotOptimize(corpus_peers::rapidjson_write(*value)); },
           [text = std::make_shared<std::string>(rapidjson_text), into = std::make_shared<T>()] {
             benchmark::DoNotOptimize(corpus_peers::rapidjson_read(*text, *into));
           });
  add_prism<prism::beve>(rows, test, "BEVE", value);
  add_prism<prism::msgpack>(rows, test, "MsgPack", value);
  rows.add(test, "MsgPack", "msgpack-cxx", msgpack_cxx_bytes.size(),
           [value] { benchmark::DoNotOptimize(corpus_peers::msgpack_cxx_write(*value)); },
           [bytes = std::make_shared<std::string>(msgpack_cxx_bytes), into = std::make_shared<T>()] {
             benchmark::DoNotOptimize(corpus_peers::msgpack_cxx_read(*bytes, *into));
           });
  add_prism<prism::cbor>(rows, test, "CBOR", value);
  // prism's own formats beyond the original's list, for the README's choosing table.
  add_prism<prism::zbin>(rows, test, "zbin", value);
  add_prism<prism::flex>(rows, test, "FlexBuffers", value);
  return register_protobuf(rows, test, *value);
}

std::string kilobytes(std::size_t bytes) {
  return bytes < 2048 ? std::to_string(bytes) + " B" : fixed(static_cast<double>(bytes) / 1024.0, 2) + " KB";
}

}  // namespace

int run_binary(const suite_options& options) {
  binary_rows rows(options);
  if (!register_test(rows, "Complex Nested Object", binary::make_object()) ||
      !register_test(rows, "std::vector<double> (10K)", binary::make_vector<double>()) ||
      !register_test(rows, "std::vector<float> (10K)", binary::make_vector<float>()) ||
      !register_test(rows, "std::vector<uint64_t> (10K)", binary::make_vector<std::uint64_t>()) ||
      !register_test(rows, "std::vector<uint32_t> (10K)", binary::make_vector<std::uint32_t>()) ||
      !register_test(rows, "std::vector<uint16_t> (10K)", binary::make_vector<std::uint16_t>())) {
    return 1;
  }
  const auto results = run_registered();
  const auto gb_per_s = [](std::size_t bytes, double ns) { return ns > 0 ? static_cast<double>(bytes) / ns : 0.0; };
  // -1 for a benchmark that --filter left out; such rows and ratios print as "-".
  const auto time_of = [&](const binary_row& r, const char* op) {
    const auto it = results.find(r.test + "/" + r.format + "/" + r.library + "/" + op);
    return it == results.end() ? -1.0 : it->second.median_ns;
  };
  const auto shown = [](double value, double against, const std::string& text) {
    return value > 0 && against > 0 ? text : std::string("-");
  };

  table t({"test", "format", "library", "size", "write GB/s", "read GB/s", "write ns", "read ns", "write vs BEVE",
           "read vs BEVE", "write % of memcpy", "read % of memcpy"});
  std::string json = json_report_begin("binary");
  bool first_entry = true;
  for (const auto& r : rows.rows) {
    const double w = time_of(r, "write"), rd = time_of(r, "read");
    if (w < 0 && rd < 0) continue;
    const binary_row beve_row{r.test, "BEVE", "prism", 0};
    const binary_row memcpy_row{r.test, "BEVE bytes", "memcpy (ceiling)", 0};
    const double beve_w = time_of(beve_row, "write"), beve_r = time_of(beve_row, "read");
    const std::size_t beve_bytes = [&] {
      for (const auto& c : rows.rows) {
        if (c.test == r.test && c.library == "memcpy (ceiling)") return c.bytes;
      }
      return r.bytes;
    }();
    const double ceiling_w = time_of(memcpy_row, "write");
    const double ceiling_gb_per_s = gb_per_s(beve_bytes, ceiling_w);
    const bool is_ceiling = r.library == "memcpy (ceiling)";
    const double copy_w = time_of(r, "copy write"), copy_r = time_of(r, "copy read");
    const auto ceiling_percent = [&](double ns, double same_buffers_copy) {
      if (is_ceiling) return std::string("-");
      if (same_buffers_copy > 0) return shown(ns, 1, fixed(100.0 * same_buffers_copy / ns, 0) + "%");
      return shown(ns, ceiling_w, fixed(100.0 * gb_per_s(r.bytes, ns) / ceiling_gb_per_s, 0) + "%");
    };
    t.add({r.test, r.format, r.library, kilobytes(r.bytes), shown(w, 1, fixed(gb_per_s(r.bytes, w), 2)),
           shown(rd, 1, fixed(gb_per_s(r.bytes, rd), 2)), shown(w, 1, fixed(w, 0)), shown(rd, 1, fixed(rd, 0)),
           is_ceiling ? "-" : shown(w, beve_w, fixed(w / beve_w, 2) + "x"),
           is_ceiling ? "-" : shown(rd, beve_r, fixed(rd / beve_r, 2) + "x"), ceiling_percent(w, copy_w),
           ceiling_percent(rd, copy_r)});
    const auto json_ns = [](double ns) { return ns < 0 ? std::string("null") : fixed(ns, 1); };
    json += std::string(first_entry ? "" : ",\n") + "    {\"test\": \"" + r.test + "\", \"format\": \"" + r.format +
            "\", \"library\": \"" + r.library + "\", \"bytes\": " + std::to_string(r.bytes) +
            ", \"write_ns_median\": " + json_ns(w) + ", \"read_ns_median\": " + json_ns(rd) +
            (copy_w > 0 || copy_r > 0
                 ? ", \"copy_write_ns_median\": " + json_ns(copy_w) + ", \"copy_read_ns_median\": " + json_ns(copy_r)
                 : std::string()) +
            "}";
    first_entry = false;
  }
  std::printf("\nbinary: CPU-time medians of %d repetitions; GB/s = 10^9 bytes of each format's own message per second;\n",
              options.run.repetitions());
  std::printf("'vs BEVE' = this row's time / prism BEVE's time (lower is faster); %% of memcpy = GB/s over memcpy's GB/s,\n"
              "the memcpy that of the vector's bytes between the row's own buffers where its message holds them as they are.\n");
  std::printf("%s; %s\n\n", cpu_model().c_str(), compiler_description().c_str());
  t.print();
  if (!first_entry) json += "\n";
  json_report_save(options.json_path, std::move(json));
  return 0;
}

}  // namespace bench
