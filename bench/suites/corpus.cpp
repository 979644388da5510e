// The corpus report (../shared/workloads/corpus.md): canada, citm_catalog and twitter read into
// C++ structs and written back, as JSON and as MessagePack, in MB/s (10^6 bytes: input bytes for
// reads, output bytes for writes). Peers in the same run; memcpy of the same bytes is the ceiling.
//
// Rows so far: prism JSON and MessagePack, simdjson on-demand filling the same structs,
// simdjson's DOM parse alone (a reference line, not a struct reader), memcpy. Still to come
// (issue 3): RapidJSON and nlohmann-json, and msgpack-cxx for the MessagePack rows.
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include "data/corpus.hpp"
#include "peers/corpus/simdjson_fill.hpp"
#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

struct row_spec {
  std::string corpus, operation, library;
  std::size_t bytes;  // per iteration, for MB/s
};

struct corpus_case {
  std::vector<row_spec> rows;
};

template <class T>
bool check_round_trip(const std::string& text, const char* name) {
  auto value = prism::read<prism::json, T>(text);
  if (!value) {
    std::fprintf(stderr, "corpus: %s: %s\n", name, value.error().message().c_str());
    return false;
  }
  // Every peer fills the same struct with the same values.
  simdjson::ondemand::parser parser;
  T by_simdjson{};
  if (const auto e = simdjson_fill::read(parser, simdjson::padded_string(text), by_simdjson); e || !(by_simdjson == *value)) {
    std::fprintf(stderr, "corpus: %s: simdjson on-demand: %s\n", name, e ? simdjson::error_message(e) : "different values");
    return false;
  }
  auto written = prism::write<prism::json>(*value);
  auto again = written ? prism::read<prism::json, T>(*written) : prism::result<T>(written.error());
  std::string packed;
  auto packed_ok = prism::write<prism::msgpack>(*value, packed);
  auto unpacked = prism::read<prism::msgpack, T>(packed);
  if (!again || !(*again == *value) || !packed_ok || !unpacked || !(*unpacked == *value)) {
    std::fprintf(stderr, "corpus: %s: the round trip through prism changed the value\n", name);
    return false;
  }
  return true;
}

template <class T>
void register_corpus(const suite_options& options, const char* name, const std::string& text, std::vector<row_spec>& rows) {
  auto parsed = prism::read<prism::json, T>(text);
  const auto model = std::make_shared<T>(std::move(*parsed));
  const auto json_text = std::make_shared<std::string>(text);
  const auto json_out = std::make_shared<std::string>(*prism::write<prism::json>(*model));
  const auto packed = std::make_shared<std::string>();
  (void)prism::write<prism::msgpack>(*model, *packed);
  const std::string c = name;

  rows.push_back({c, "read", "memcpy (ceiling)", json_text->size()});
  add_case(c + "/read/memcpy (ceiling)", options.run, [json_text](benchmark::State& state) {
    std::string copy(json_text->size(), '\0');
    for (auto _ : state) {
      std::memcpy(copy.data(), json_text->data(), json_text->size());
      benchmark::DoNotOptimize(copy.data());
      benchmark::ClobberMemory();
    }
  });
  rows.push_back({c, "read", "simdjson DOM parse only (reference)", json_text->size()});
  add_case(c + "/read/simdjson DOM parse only (reference)", options.run, [json_text](benchmark::State& state) {
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(*json_text);
    for (auto _ : state) {
      simdjson::dom::element doc;
      const auto error = parser.parse(padded).get(doc);
      benchmark::DoNotOptimize(error);
      benchmark::DoNotOptimize(doc);
    }
  });
  rows.push_back({c, "JSON -> struct", "prism", json_text->size()});
  add_case(c + "/JSON -> struct/prism", options.run, [json_text](benchmark::State& state) {
    for (auto _ : state) {
      T value{};
      const bool ok = static_cast<bool>(prism::read<prism::json>(value, *json_text));
      benchmark::DoNotOptimize(ok);
      benchmark::DoNotOptimize(value);
    }
  });
  rows.push_back({c, "JSON -> struct", "simdjson on-demand", json_text->size()});
  add_case(c + "/JSON -> struct/simdjson on-demand", options.run, [json_text](benchmark::State& state) {
    simdjson::ondemand::parser parser;
    const simdjson::padded_string padded(*json_text);
    for (auto _ : state) {
      T value{};
      const auto error = simdjson_fill::read(parser, padded, value);
      benchmark::DoNotOptimize(error);
      benchmark::DoNotOptimize(value);
    }
  });
  rows.push_back({c, "struct -> JSON", "prism", json_out->size()});
  add_case(c + "/struct -> JSON/prism", options.run, [model](benchmark::State& state) {
    std::string out;
    for (auto _ : state) {
      const bool ok = static_cast<bool>(prism::write<prism::json>(*model, out));
      benchmark::DoNotOptimize(ok);
      benchmark::DoNotOptimize(out.data());
    }
  });
  rows.push_back({c, "MsgPack -> struct", "prism", packed->size()});
  add_case(c + "/MsgPack -> struct/prism", options.run, [packed](benchmark::State& state) {
    for (auto _ : state) {
      T value{};
      const bool ok = static_cast<bool>(prism::read<prism::msgpack>(value, *packed));
      benchmark::DoNotOptimize(ok);
      benchmark::DoNotOptimize(value);
    }
  });
  rows.push_back({c, "struct -> MsgPack", "prism", packed->size()});
  add_case(c + "/struct -> MsgPack/prism", options.run, [model](benchmark::State& state) {
    std::string out;
    for (auto _ : state) {
      const bool ok = static_cast<bool>(prism::write<prism::msgpack>(*model, out));
      benchmark::DoNotOptimize(ok);
      benchmark::DoNotOptimize(out.data());
    }
  });
}

}  // namespace

int run_corpus(const suite_options& options) {
  const std::string canada_text = corpus::document_text(options.data_dir, "canada.json", corpus::make_canada(), false);
  const std::string citm_text = corpus::document_text(options.data_dir, "citm_catalog.json", corpus::make_citm(), true);
  const std::string twitter_text = corpus::document_text(options.data_dir, "twitter.json", corpus::make_twitter(), false);
  if (!check_round_trip<corpus::canada>(canada_text, "canada") ||
      !check_round_trip<corpus::citm_catalog>(citm_text, "citm_catalog") ||
      !check_round_trip<corpus::twitter>(twitter_text, "twitter")) {
    return 1;
  }
  std::vector<row_spec> rows;
  register_corpus<corpus::canada>(options, "canada", canada_text, rows);
  register_corpus<corpus::citm_catalog>(options, "citm_catalog", citm_text, rows);
  register_corpus<corpus::twitter>(options, "twitter", twitter_text, rows);
  const auto results = run_registered();

  const auto mb_per_s = [](std::size_t bytes, double ns) { return ns > 0 ? static_cast<double>(bytes) / ns * 1e3 : 0.0; };
  table t({"corpus", "operation", "library", "bytes", "MB/s (median)", "MB/s (mean)", "median ms", "stddev ms"});
  std::string json = json_report_begin(
      "corpus", "\"data\": \"" + (options.data_dir.empty() ? std::string("generated") : options.data_dir) + "\",");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const auto& m = results.at(r.corpus + "/" + r.operation + "/" + r.library);
    t.add({r.corpus, r.operation, r.library, std::to_string(r.bytes), fixed(mb_per_s(r.bytes, m.median_ns), 0),
           fixed(mb_per_s(r.bytes, m.mean_ns), 0), fixed(m.median_ns / 1e6, 3), fixed(m.stddev_ns / 1e6, 3)});
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
