// The zserio datasets report (../shared/workloads/zserio.md): zserio's 12 schema/dataset pairs
// written and read by prism's zserio format (byte-exact with zserio's own runtime), next to the
// same data in every other prism format. Read "fresh" decodes into a new object each time and
// keeps up to 100 results alive, as zserio's benchmark does (their destruction is not timed);
// read "reuse" decodes into the same object again (steady state); write reuses its buffer.
// Sizes: the blob, raw deflate at level 6 (zlib) and zstd at level 3, in exact bytes. zserio's
// published C++ read times (i7-9850H, gcc 11) are printed for orientation only: another machine.
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/zserio.hpp>

#include "data/zserio_data.hpp"
#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

using namespace zserio_models;

struct zserio_row {
  std::string dataset, schema, format;
  std::size_t bytes = 0, deflated = 0, zstd = 0;
  double published_ms = 0;  // zserio's own C++ read, from its README; 0 when none
};

std::size_t deflate_size(const std::string& bytes) {
  z_stream s{};
  if (deflateInit2(&s, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
  std::string out(deflateBound(&s, bytes.size()), '\0');
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  s.avail_in = static_cast<uInt>(bytes.size());
  s.next_out = reinterpret_cast<Bytef*>(out.data());
  s.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&s, Z_FINISH);
  const std::size_t n = rc == Z_STREAM_END ? s.total_out : 0;
  deflateEnd(&s);
  return n;
}

std::size_t zstd_size(const std::string& bytes) {
  std::string out(ZSTD_compressBound(bytes.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
  return ZSTD_isError(n) ? 0 : n;
}

class zserio_rows {
 public:
  explicit zserio_rows(const suite_options& options) : options_(options) {}

  // Registers read (fresh and reuse) and write of `value` in Format; false when the round
  // trip does not give the value back.
  template <class Format, class T>
  bool add(const std::string& dataset, const std::string& schema, const char* format, std::shared_ptr<const T> value,
           double published_ms = 0) {
    if (!value) return false;
    auto bytes = std::make_shared<std::string>();
    if (auto st = prism::write<Format>(*value, *bytes); !st) {
      std::fprintf(stderr, "zserio: %s %s: %s\n", schema.c_str(), format, st.error().message().c_str());
      return false;
    }
    auto back = prism::read<Format, T>(*bytes);
    if (!back || !(*back == *value)) {
      std::fprintf(stderr, "zserio: %s %s: the round trip changed the value\n", schema.c_str(), format);
      return false;
    }
    rows.push_back({dataset, schema, format, bytes->size(), deflate_size(*bytes), zstd_size(*bytes), published_ms});
    const std::string name = schema + "/" + format;
    add_case(name + "/read fresh", options_.run, [bytes](benchmark::State& state) {
      std::vector<T> kept;
      kept.reserve(100);
      for (auto _ : state) {
        if (kept.size() == 100) {
          state.PauseTiming();
          kept.clear();
          state.ResumeTiming();
        }
        kept.emplace_back();
        const bool ok = static_cast<bool>(prism::read<Format>(kept.back(), *bytes));
        benchmark::DoNotOptimize(ok);
      }
    });
    add_case(name + "/read reuse", options_.run, [bytes, into = std::make_shared<T>()](benchmark::State& state) {
      for (auto _ : state) {
        const bool ok = static_cast<bool>(prism::read<Format>(*into, *bytes));
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(into.get());
      }
    });
    add_case(name + "/write", options_.run, [value, out = std::make_shared<std::string>()](benchmark::State& state) {
      for (auto _ : state) {
        const bool ok = static_cast<bool>(prism::write<Format>(*value, *out));
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(out->data());
      }
    });
    return true;
  }

  // Every other prism format on the dataset's plain model.
  template <class T>
  bool add_other_formats(const std::string& dataset, const std::shared_ptr<const T>& value) {
    return add<prism::pack>(dataset, dataset, "pack", value) && add<prism::msgpack>(dataset, dataset, "MsgPack", value) &&
           add<prism::cbor>(dataset, dataset, "CBOR", value) && add<prism::beve>(dataset, dataset, "BEVE", value) &&
           add<prism::json>(dataset, dataset, "JSON", value);
  }

  std::vector<zserio_row> rows;

 private:
  const suite_options& options_;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The dataset from `--data DIR` (zserio's JSON), or from the built-in generator.
template <class T, prism::options JsonOptions = prism::json::defaults, class Make>
std::shared_ptr<const T> load(const suite_options& options, const char* file, Make make) {
  if (options.data_dir.empty()) return std::make_shared<const T>(make());
  auto value = prism::read<prism::json, T, JsonOptions>(slurp(std::filesystem::path(options.data_dir) / file));
  if (!value) {
    std::fprintf(stderr, "zserio: %s/%s: %s\n", options.data_dir.c_str(), file, value.error().message().c_str());
    return nullptr;
  }
  return std::make_shared<const T>(std::move(*value));
}

// The same data under another layout of the schema, by way of JSON (the models differ only in
// meta, and for carsales _align in storeName, which is never null in the datasets).
template <class To, class From>
std::shared_ptr<const To> relayout(const From& from) {
  std::string text;
  (void)prism::write<prism::json>(from, text);
  auto to = prism::read<prism::json, To>(text);
  if (!to) std::fprintf(stderr, "zserio: relayout: %s\n", to.error().message().c_str());
  return to ? std::make_shared<const To>(std::move(*to)) : nullptr;
}

bool register_all(zserio_rows& rows, const suite_options& options) {
  constexpr prism::options enum_names{.enums_as_strings = true};
  using zserio_data::make_addressbook;
  const auto book = load<addressbook::AddressBook<layout::plain>>(options, "addressbook.json", make_addressbook<layout::plain>);
  const auto map = load<apollo::Map, enum_names>(options, "apollo.zs.json", zserio_data::make_apollo);
  const auto sales = load<carsales::CarSales<layout::plain>>(options, "carsales.json", [] { return zserio_data::make_carsales<layout::plain>(false); });
  const auto sorted = load<carsales::CarSales<layout::plain>>(options, "carsales_sorted.json", [] { return zserio_data::make_carsales<layout::plain>(true); });
  const auto trace = load<simpletrace::SimpleTrace<layout::plain>>(options, "prague-groebenzell.json", zserio_data::make_simpletrace<layout::plain>);
  if (!book || !map || !sales || !sorted || !trace) return false;

  bool ok = rows.add<prism::zserio>("addressbook", "addressbook", "zserio", book, 1.478) &&
            rows.add<prism::zserio>("addressbook", "addressbook_align", "zserio", relayout<addressbook::AddressBook<layout::align>>(*book), 0.844) &&
            rows.add<prism::zserio>("addressbook", "addressbook_packed", "zserio", relayout<addressbook::AddressBook<layout::packed>>(*book), 1.574) &&
            rows.add_other_formats("addressbook", book);
  ok = ok && rows.add<prism::zserio>("apollo", "apollo", "zserio", map, 0.244) && rows.add_other_formats("apollo", map);
  for (const auto& [name, data] : {std::pair{std::string("carsales"), sales}, std::pair{std::string("carsales_sorted"), sorted}}) {
    const bool random = name == "carsales";
    ok = ok && rows.add<prism::zserio>(name, name == "carsales" ? "carsales" : "carsales (sorted data)", "zserio", data, random ? 1.374 : 0) &&
         rows.add<prism::zserio>(name, random ? "carsales_align" : "carsales_align (sorted data)", "zserio",
                                 relayout<carsales::CarSales<layout::align>>(*data), random ? 0.925 : 0) &&
         rows.add<prism::zserio>(name, random ? "carsales_packed" : "carsales_packed (sorted data)", "zserio",
                                 relayout<carsales::CarSales<layout::packed>>(*data), random ? 1.644 : 0) &&
         rows.add_other_formats(name, data);
  }
  ok = ok && rows.add<prism::zserio>("simpletrace", "simpletrace", "zserio", trace, 0.221) &&
       rows.add<prism::zserio>("simpletrace", "simpletrace_packed", "zserio", relayout<simpletrace::SimpleTrace<layout::packed>>(*trace), 0.145) &&
       rows.add_other_formats("simpletrace", trace);
  return ok;
}

}  // namespace

int run_zserio(const suite_options& options) {
  zserio_rows rows(options);
  if (!register_all(rows, options)) return 1;
  const auto results = run_registered();
  const auto ms = [&](const zserio_row& r, const char* op) {
    return results.at(r.schema + "/" + r.format + "/" + op).median_ns / 1e6;
  };

  std::printf("\nzserio datasets (%s data; medians of %d repetitions; ms per whole dataset)\n",
              options.data_dir.empty() ? "built-in generated" : options.data_dir.c_str(), options.run.repetitions());
  std::printf("CPU: %s; %s\n\n", cpu_model().c_str(), compiler_description().c_str());
  table t({"dataset", "schema", "format", "read ms (fresh)", "read ms (reuse)", "write ms", "blob bytes", "deflate-6 bytes",
           "zstd-3 bytes", "zserio C++ read ms (published)"});
  std::string json = json_report_begin("zserio", "\"data\": \"" + (options.data_dir.empty() ? std::string("built-in") : options.data_dir) + "\",");
  for (std::size_t i = 0; i < rows.rows.size(); ++i) {
    const auto& r = rows.rows[i];
    const double fresh = ms(r, "read fresh"), reuse = ms(r, "read reuse"), write = ms(r, "write");
    t.add({r.dataset, r.schema, r.format, fixed(fresh, 3), fixed(reuse, 3), fixed(write, 3), std::to_string(r.bytes),
           std::to_string(r.deflated), std::to_string(r.zstd), r.published_ms > 0 ? fixed(r.published_ms, 3) : "-"});
    json += "    {\"dataset\": \"" + r.dataset + "\", \"schema\": \"" + r.schema + "\", \"format\": \"" + r.format +
            "\", \"read_fresh_ms\": " + fixed(fresh, 4) + ", \"read_reuse_ms\": " + fixed(reuse, 4) + ", \"write_ms\": " +
            fixed(write, 4) + ", \"bytes\": " + std::to_string(r.bytes) + ", \"deflate6_bytes\": " + std::to_string(r.deflated) +
            ", \"zstd3_bytes\": " + std::to_string(r.zstd) + "}" + (i + 1 < rows.rows.size() ? ",\n" : "\n");
  }
  t.print();
  json_report_save(options.json_path, json);
  return 0;
}

}  // namespace bench
