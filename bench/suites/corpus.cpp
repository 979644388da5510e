// The corpus report (../shared/workloads/corpus.md): canada, citm_catalog and twitter read into
// C++ structs and written back, as JSON and as MessagePack, in MB/s (10^6 bytes: input bytes for
// reads, output bytes for writes); prism's CBOR rows join them. Peers in the same run, into and from the same structs:
// simdjson on-demand, RapidJSON (Document then fill; Writer), nlohmann-json (from_json/to_json),
// msgpack-cxx; simdjson's DOM parse alone is a reference line (it fills no struct) and memcpy
// of the same bytes is the ceiling. Every peer's result is checked equal to prism's before timing.
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include "data/corpus.hpp"
#include "peers/corpus/peers.hpp"
#include "peers/corpus/simdjson_fill.hpp"
#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

struct corpus_row {
  std::string corpus, operation, library;
  std::size_t bytes;  // per iteration, for MB/s
};

bool fail(const char* corpus, const char* what) {
  std::fprintf(stderr, "corpus: %s: %s\n", corpus, what);
  return false;
}

// Every reader fills the same struct with the same values, and what every writer writes reads
// back (through prism) to the same values.
template <class T>
bool check_peers(const std::string& text, const char* name) {
  auto value = prism::read<prism::json, T>(text);
  if (!value) return fail(name, value.error().message().c_str());
  const auto reads_back = [&](const std::string& json) {
    auto again = prism::read<prism::json, T>(json);
    return again && *again == *value;
  };
  simdjson::ondemand::parser parser;
  T by_simdjson{}, by_rapidjson{}, by_nlohmann{};
  if (simdjson_fill::read(parser, simdjson::padded_string(text), by_simdjson) || !(by_simdjson == *value)) {
    return fail(name, "simdjson on-demand read different values");
  }
  if (!corpus_peers::rapidjson_read(text, by_rapidjson) || !(by_rapidjson == *value)) {
    return fail(name, "RapidJSON read different values");
  }
  if (!corpus_peers::nlohmann_read(text, by_nlohmann) || !(by_nlohmann == *value)) {
    return fail(name, "nlohmann-json read different values");
  }
  auto written = prism::write<prism::json>(*value);
  if (!written || !reads_back(*written)) return fail(name, "prism's JSON does not read back to the same values");
  if (!reads_back(corpus_peers::rapidjson_text(*value))) return fail(name, "RapidJSON's output reads back different");
  if (!reads_back(corpus_peers::nlohmann_text(*value))) return fail(name, "nlohmann-json's output reads back different");

  std::string packed;
  T by_msgpack_cxx{};
  if (!prism::write<prism::msgpack>(*value, packed)) return fail(name, "prism MessagePack write failed");
  auto unpacked = prism::read<prism::msgpack, T>(packed);
  if (!unpacked || !(*unpacked == *value)) return fail(name, "prism MessagePack round trip changed the value");
  if (corpus_peers::msgpack_cxx_bytes(*value) != packed) return fail(name, "msgpack-cxx packs other bytes than prism");
  std::string cbor_bytes;
  auto from_cbor = prism::write<prism::cbor>(*value, cbor_bytes) ? prism::read<prism::cbor, T>(cbor_bytes)
                                                                 : prism::result<T>(prism::error{});
  if (!from_cbor || !(*from_cbor == *value)) return fail(name, "prism CBOR round trip changed the value");
  if (!corpus_peers::msgpack_cxx_read(packed, by_msgpack_cxx) || !(by_msgpack_cxx == *value)) {
    return fail(name, "msgpack-cxx read different values");
  }
  return true;
}

class corpus_rows {
 public:
  corpus_rows(const suite_options& options, std::vector<corpus_row>& rows) : options_(options), rows_(rows) {}

  // `body` runs once per iteration and keeps its result alive with DoNotOptimize.
  template <class Body>
  void add(const std::string& corpus, const char* operation, const char* library, std::size_t bytes, Body body) {
    rows_.push_back({corpus, operation, library, bytes});
    add_case(corpus + "/" + operation + "/" + library, options_.run, [body](benchmark::State& state) mutable {
      for (auto _ : state) body();
    });
  }

 private:
  const suite_options& options_;
  std::vector<corpus_row>& rows_;
};

template <class T>
void read_into_fresh(bool ok, const T& value) {
  benchmark::DoNotOptimize(ok);
  benchmark::DoNotOptimize(value);
}

template <class T>
void register_corpus(corpus_rows& rows, const std::string& c, const std::string& text) {
  auto parsed = prism::read<prism::json, T>(text);
  const auto model = std::make_shared<T>(std::move(*parsed));
  const auto json_text = std::make_shared<std::string>(text);
  const auto padded = std::make_shared<simdjson::padded_string>(text);
  const auto packed = std::make_shared<std::string>();
  (void)prism::write<prism::msgpack>(*model, *packed);
  const std::size_t in = text.size();

  rows.add(c, "read", "memcpy (ceiling)", in, [json_text, copy = std::string(in, '\0')]() mutable {
    std::memcpy(copy.data(), json_text->data(), json_text->size());
    benchmark::DoNotOptimize(copy.data());
    benchmark::ClobberMemory();
  });
  rows.add(c, "read", "simdjson DOM parse only (reference)", in,
           [padded, parser = std::make_shared<simdjson::dom::parser>()] {
             simdjson::dom::element doc;
             const auto error = parser->parse(*padded).get(doc);
             benchmark::DoNotOptimize(error);
             benchmark::DoNotOptimize(doc);
           });

  rows.add(c, "JSON -> struct", "prism", in, [json_text] {
    T value{};
    read_into_fresh(static_cast<bool>(prism::read<prism::json>(value, *json_text)), value);
  });
  rows.add(c, "JSON -> struct", "simdjson on-demand", in,
           [padded, parser = std::make_shared<simdjson::ondemand::parser>()] {
             T value{};
             read_into_fresh(simdjson_fill::read(*parser, *padded, value) == simdjson::SUCCESS, value);
           });
  rows.add(c, "JSON -> struct", "RapidJSON", in, [json_text] {
    T value{};
    read_into_fresh(corpus_peers::rapidjson_read(*json_text, value), value);
  });
  rows.add(c, "JSON -> struct", "nlohmann-json", in, [json_text] {
    T value{};
    read_into_fresh(corpus_peers::nlohmann_read(*json_text, value), value);
  });

  rows.add(c, "struct -> JSON", "prism", prism::write<prism::json>(*model)->size(), [model, out = std::string()]() mutable {
    const bool ok = static_cast<bool>(prism::write<prism::json>(*model, out));
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  });
  rows.add(c, "struct -> JSON", "RapidJSON", corpus_peers::rapidjson_write(*model),
           [model] { benchmark::DoNotOptimize(corpus_peers::rapidjson_write(*model)); });
  rows.add(c, "struct -> JSON", "nlohmann-json", corpus_peers::nlohmann_write(*model),
           [model] { benchmark::DoNotOptimize(corpus_peers::nlohmann_write(*model)); });

  const auto cbor_bytes = std::make_shared<std::string>();
  (void)prism::write<prism::cbor>(*model, *cbor_bytes);
  rows.add(c, "CBOR -> struct", "prism", cbor_bytes->size(), [cbor_bytes] {
    T value{};
    read_into_fresh(static_cast<bool>(prism::read<prism::cbor>(value, *cbor_bytes)), value);
  });
  rows.add(c, "struct -> CBOR", "prism", cbor_bytes->size(), [model, out = std::string()]() mutable {
    const bool ok = static_cast<bool>(prism::write<prism::cbor>(*model, out));
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  });
  rows.add(c, "MsgPack -> struct", "prism", packed->size(), [packed] {
    T value{};
    read_into_fresh(static_cast<bool>(prism::read<prism::msgpack>(value, *packed)), value);
  });
  rows.add(c, "MsgPack -> struct", "msgpack-cxx", packed->size(), [packed] {
    T value{};
    read_into_fresh(corpus_peers::msgpack_cxx_read(*packed, value), value);
  });
  rows.add(c, "struct -> MsgPack", "prism", packed->size(), [model, out = std::string()]() mutable {
    const bool ok = static_cast<bool>(prism::write<prism::msgpack>(*model, out));
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  });
  rows.add(c, "struct -> MsgPack", "msgpack-cxx", packed->size(),
           [model] { benchmark::DoNotOptimize(corpus_peers::msgpack_cxx_write(*model)); });
}

}  // namespace

int run_corpus(const suite_options& options) {
  const std::string canada_text = corpus::document_text(options.data_dir, "canada.json", corpus::make_canada(), false);
  const std::string citm_text = corpus::document_text(options.data_dir, "citm_catalog.json", corpus::make_citm(), true);
  const std::string twitter_text = corpus::document_text(options.data_dir, "twitter.json", corpus::make_twitter(), false);
  if (!check_peers<corpus::canada>(canada_text, "canada") ||
      !check_peers<corpus::citm_catalog>(citm_text, "citm_catalog") ||
      !check_peers<corpus::twitter>(twitter_text, "twitter")) {
    return 1;
  }
  std::vector<corpus_row> rows;
  corpus_rows registrar(options, rows);
  register_corpus<corpus::canada>(registrar, "canada", canada_text);
  register_corpus<corpus::citm_catalog>(registrar, "citm_catalog", citm_text);
  register_corpus<corpus::twitter>(registrar, "twitter", twitter_text);
  const auto results = run_registered();
  // How many times faster prism's row of the same corpus and operation is than this row.
  const auto prism_speedup = [&](const corpus_row& r) {
    const std::string operation = r.operation == "read" ? "JSON -> struct" : r.operation;
    const auto prism_row = results.find(r.corpus + "/" + operation + "/prism");
    if (prism_row == results.end() || prism_row->second.median_ns <= 0) return std::string("-");
    return fixed(results.at(r.corpus + "/" + r.operation + "/" + r.library).median_ns / prism_row->second.median_ns, 2) + "x";
  };

  const auto mb_per_s = [](std::size_t bytes, double ns) { return ns > 0 ? static_cast<double>(bytes) / ns * 1e3 : 0.0; };
  table t({"corpus", "operation", "library", "bytes", "MB/s (median)", "MB/s (mean)", "median ms", "stddev ms",
           "prism speedup"});
  std::string json = json_report_begin(
      "corpus", "\"data\": \"" + (options.data_dir.empty() ? std::string("generated") : options.data_dir) + "\",");
  std::erase_if(rows, [&](const corpus_row& r) { return !results.contains(r.corpus + "/" + r.operation + "/" + r.library); });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const auto& m = results.at(r.corpus + "/" + r.operation + "/" + r.library);
    t.add({r.corpus, r.operation, r.library, std::to_string(r.bytes), fixed(mb_per_s(r.bytes, m.median_ns), 0),
           fixed(mb_per_s(r.bytes, m.mean_ns), 0), fixed(m.median_ns / 1e6, 3), fixed(m.stddev_ns / 1e6, 3), prism_speedup(r)});
    json += "    {\"corpus\": \"" + r.corpus + "\", \"operation\": \"" + r.operation + "\", \"library\": \"" + r.library +
            "\", \"bytes\": " + std::to_string(r.bytes) + ", \"median_ns\": " + fixed(m.median_ns, 0) +
            ", \"mean_ns\": " + fixed(m.mean_ns, 0) + ", \"stddev_ns\": " + fixed(m.stddev_ns, 0) + "}" +
            (i + 1 < rows.size() ? ",\n" : "\n");
  }
  std::printf("\ncorpus: %s documents; CPU-time medians of %d repetitions; MB = 10^6 bytes\n",
              options.data_dir.empty() ? "generated" : options.data_dir.c_str(), options.run.repetitions());
  std::printf("%s; %s\n\n", cpu_model().c_str(), compiler_description().c_str());
  t.print();
  json_report_save(options.json_path, std::move(json));
  return 0;
}

}  // namespace bench
