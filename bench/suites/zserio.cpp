// The zserio datasets report (../shared/workloads/zserio.md): zserio's 12 schema/dataset pairs
// written and read by prism's zserio format (byte-exact with zserio's own runtime), next to the
// same data in every other prism format. Read "fresh" decodes into a new object each time and
// keeps up to 100 results alive, as zserio's benchmark does (their destruction is not timed);
// read "reuse" decodes into the same object again (steady state); write reuses its buffer.
// Sizes: the blob, raw deflate at level 6 (zlib) and zstd at level 3, in exact bytes. zserio's
// published C++ read times (i7-9850H, gcc 11) are printed for orientation only: another machine.
// The zserio Python runtime reads the same zserio blobs in this run (a peer row per blob).
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/zbin.hpp>
#include <prism/zserio.hpp>

#include "data/file_text.hpp"
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
  std::string blob_name;    // zserio rows: the file name scripts/zserio_python_peer.py expects
  std::shared_ptr<const std::string> blob;
  std::size_t heap_bytes = 0;  // what one decoded value holds on the heap (0 where not measured)
  double python_ms = 0;     // the zserio Python runtime's read of the same blob; 0 when not run
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

// Bytes in use on the C heap (glibc), to tell what a decoded value holds; 0 elsewhere.
std::size_t heap_in_use() {
#if defined(__GLIBC__)
  const auto m = mallinfo2();
  return m.uordblks + m.hblkhd;
#else
  return 0;
#endif
}

// Microseconds for the first write to a fresh 4 KiB page from the kernel (median of 5 runs over
// 32 MiB): what a read that allocates new memory pays per page on top of its own work.
double page_first_touch_us() {
  constexpr std::size_t size = std::size_t{32} << 20, page = 4096;
  std::vector<double> runs;
  for (int r = 0; r < 5; ++r) {
    void* map = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return 0;
    auto* bytes = static_cast<volatile char*>(map);
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < size; i += page) bytes[i] = 1;
    runs.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / (size / page));
    ::munmap(map, size);
  }
  std::sort(runs.begin(), runs.end());
  return runs[runs.size() / 2];
}

std::size_t zstd_size(const std::string& bytes) {
  std::string out(ZSTD_compressBound(bytes.size()), '\0');
  const std::size_t n = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
  return ZSTD_isError(n) ? 0 : n;
}

// pack with its size options: sequences column by column, integers delta- and bit-packed.
inline constexpr prism::options packed_pack = [] {
  prism::options o = prism::pack::defaults;
  o.format = prism::pack_options{.packed_sequences = true};
  return o;
}();

class zserio_rows {
 public:
  explicit zserio_rows(const suite_options& options) : options_(options) {}

  // Registers read (fresh and reuse) and write of `value` in Format; false when the round
  // trip does not give the value back.
  template <class Format, prism::options Opts = Format::defaults, class T>
  bool add(const std::string& dataset, const std::string& schema, const char* format, std::shared_ptr<const T> value,
           double published_ms = 0, std::string blob_name = {}) {
    if (!value) return false;
    auto bytes = std::make_shared<std::string>();
    if (auto st = prism::write<Format, Opts>(*value, *bytes); !st) {
      std::fprintf(stderr, "zserio: %s %s: %s\n", schema.c_str(), format, st.error().message().c_str());
      return false;
    }
    const std::size_t heap_before = heap_in_use();
    auto back = prism::read<Format, T, Opts>(*bytes);
    const std::size_t heap_after = heap_in_use();
    if (!back || !(*back == *value)) {
      std::fprintf(stderr, "zserio: %s %s: the round trip changed the value\n", schema.c_str(), format);
      return false;
    }
    rows.push_back({dataset, schema, format, bytes->size(), deflate_size(*bytes), zstd_size(*bytes), published_ms,
                    std::move(blob_name), bytes, heap_after > heap_before ? heap_after - heap_before : 0, 0});
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
        const bool ok = static_cast<bool>(prism::read<Format, Opts>(kept.back(), *bytes));
        benchmark::DoNotOptimize(ok);
      }
    });
    add_case(name + "/read reuse", options_.run, [bytes, into = std::make_shared<T>()](benchmark::State& state) {
      for (auto _ : state) {
        const bool ok = static_cast<bool>(prism::read<Format, Opts>(*into, *bytes));
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(into.get());
      }
    });
    add_case(name + "/write", options_.run, [value, out = std::make_shared<std::string>()](benchmark::State& state) {
      for (auto _ : state) {
        const bool ok = static_cast<bool>(prism::write<Format, Opts>(*value, *out));
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(out->data());
      }
    });
    return true;
  }

  // Every other prism format on the dataset's plain model.
  template <class T>
  bool add_other_formats(const std::string& dataset, const std::shared_ptr<const T>& value) {
    return add<prism::pack>(dataset, dataset, "pack", value) &&
           add<prism::pack, packed_pack>(dataset, dataset, "pack packed", value) &&
           add<prism::msgpack>(dataset, dataset, "MsgPack", value) && add<prism::zbin>(dataset, dataset, "zbin", value) &&
           add<prism::cbor>(dataset, dataset, "CBOR", value) && add<prism::beve>(dataset, dataset, "BEVE", value) &&
           add<prism::json>(dataset, dataset, "JSON", value);
  }

  std::vector<zserio_row> rows;

 private:
  const suite_options& options_;
};

// The dataset from `--data DIR` (zserio's JSON), or from the built-in generator.
template <class T, prism::options JsonOptions = prism::json::defaults, class Make>
std::shared_ptr<const T> load(const suite_options& options, const char* file, Make make) {
  if (options.data_dir.empty()) return std::make_shared<const T>(make());
  const auto text = bench_io::file_text(std::filesystem::path(options.data_dir) / file);
  if (!text) {
    std::fprintf(stderr, "zserio: cannot read %s/%s\n", options.data_dir.c_str(), file);
    return nullptr;
  }
  auto value = prism::read<prism::json, T, JsonOptions>(*text);
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

  bool ok = rows.add<prism::zserio>("addressbook", "addressbook", "zserio", book, 1.478, "addressbook.blob") &&
            rows.add<prism::zserio>("addressbook", "addressbook_align", "zserio", relayout<addressbook::AddressBook<layout::align>>(*book), 0.844, "addressbook_align.blob") &&
            rows.add<prism::zserio>("addressbook", "addressbook_packed", "zserio", relayout<addressbook::AddressBook<layout::packed>>(*book), 1.574, "addressbook_packed.blob") &&
            rows.add_other_formats("addressbook", book);
  ok = ok && rows.add<prism::zserio>("apollo", "apollo", "zserio", map, 0.244, "apollo.blob") && rows.add_other_formats("apollo", map);
  for (const auto& [name, data] : {std::pair{std::string("carsales"), sales}, std::pair{std::string("carsales_sorted"), sorted}}) {
    const bool random = name == "carsales";
    const std::string suffix = random ? ".blob" : "__carsales_sorted.blob";
    ok = ok && rows.add<prism::zserio>(name, random ? "carsales" : "carsales (sorted data)", "zserio", data, random ? 1.374 : 0,
                                       "carsales" + suffix) &&
         rows.add<prism::zserio>(name, random ? "carsales_align" : "carsales_align (sorted data)", "zserio",
                                 relayout<carsales::CarSales<layout::align>>(*data), random ? 0.925 : 0, "carsales_align" + suffix) &&
         rows.add<prism::zserio>(name, random ? "carsales_packed" : "carsales_packed (sorted data)", "zserio",
                                 relayout<carsales::CarSales<layout::packed>>(*data), random ? 1.644 : 0, "carsales_packed" + suffix) &&
         rows.add_other_formats(name, data);
  }
  ok = ok && rows.add<prism::zserio>("simpletrace", "simpletrace", "zserio", trace, 0.221, "simpletrace.blob") &&
       rows.add<prism::zserio>("simpletrace", "simpletrace_packed", "zserio", relayout<simpletrace::SimpleTrace<layout::packed>>(*trace), 0.145, "simpletrace_packed.blob") &&
       rows.add_other_formats("simpletrace", trace);
  return ok;
}

// The zserio Python runtime reading the same blobs (scripts/zserio_python_peer.py), when
// python3 with the zserio package and Java are there; rows keep python_ms = 0 otherwise.
void run_python_peer(std::vector<zserio_row>& rows, const suite_options& options) {
  const std::filesystem::path script = std::filesystem::path(PRISM_SOURCE_DIR) / "scripts" / "zserio_python_peer.py";
  if (!std::filesystem::exists(script) || std::system("python3 -c 'import zserio' >/dev/null 2>&1 && command -v java >/dev/null") != 0) {
    std::printf("zserio: the zserio Python runtime (PyPI zserio, Java) is not there; no Python row\n");
    return;
  }
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("prism-zserio-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const auto& r : rows) {
    if (!r.blob_name.empty()) std::ofstream(dir / r.blob_name, std::ios::binary) << *r.blob;
  }
  const std::string command = "python3 '" + script.string() + "' --schemas '" + PRISM_SOURCE_DIR +
                              "/tests/zserio/schemas' --blobs '" + dir.string() + "' --repeat " +
                              std::to_string(options.run.full ? 5 : 3);
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char name[256];
    double ms = 0;
    while (std::fscanf(pipe, "%255s %lf", name, &ms) == 2) {
      for (auto& r : rows) {
        if (r.blob_name == name) r.python_ms = ms;
      }
    }
    ::pclose(pipe);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace

int run_zserio(const suite_options& options) {
  zserio_rows rows(options);
  if (!register_all(rows, options)) return 1;
  const auto results = run_registered();
  if (options.filter.empty()) run_python_peer(rows.rows, options);
  const auto ms = [&](const zserio_row& r, const char* op) {
    const auto found = results.find(r.schema + "/" + r.format + "/" + op);
    return found == results.end() ? -1.0 : found->second.median_ns / 1e6;
  };

  std::printf("\nzserio datasets (%s data; medians of %d repetitions; ms per whole dataset)\n",
              options.data_dir.empty() ? "built-in generated" : options.data_dir.c_str(), options.run.repetitions());
  std::printf("CPU: %s; %s\n\n", cpu_model().c_str(), compiler_description().c_str());
  table t({"dataset", "schema", "format", "read ms (fresh)", "read ms (reuse)", "write ms", "heap KiB per read", "blob bytes", "deflate-6 bytes",
           "zstd-3 bytes", "zserio C++ read ms (published)", "zserio Python read ms (this run)"});
  std::string json = json_report_begin("zserio", "\"data\": \"" + (options.data_dir.empty() ? std::string("built-in") : options.data_dir) + "\",");
  const auto shown = [](double v) { return v < 0 ? std::string("-") : fixed(v, 3); };
  std::string entries;
  for (const auto& r : rows.rows) {
    const double fresh = ms(r, "read fresh"), reuse = ms(r, "read reuse"), write = ms(r, "write");
    if (fresh < 0 && reuse < 0 && write < 0) continue;  // filtered out
    t.add({r.dataset, r.schema, r.format, shown(fresh), shown(reuse), shown(write), r.heap_bytes ? fixed(r.heap_bytes / 1024.0, 0) : "-", std::to_string(r.bytes),
           std::to_string(r.deflated), std::to_string(r.zstd), r.published_ms > 0 ? fixed(r.published_ms, 3) : "-",
           r.python_ms > 0 ? fixed(r.python_ms, 1) : "-"});
    if (!entries.empty()) entries += ",\n";
    entries += "    {\"dataset\": \"" + r.dataset + "\", \"schema\": \"" + r.schema + "\", \"format\": \"" + r.format +
               "\", \"read_fresh_ms\": " + fixed(fresh, 4) + ", \"read_reuse_ms\": " + fixed(reuse, 4) + ", \"write_ms\": " +
               fixed(write, 4) + ", \"heap_bytes\": " + std::to_string(r.heap_bytes) + ", \"bytes\": " + std::to_string(r.bytes) + ", \"deflate6_bytes\": " + std::to_string(r.deflated) +
               ", \"zstd3_bytes\": " + std::to_string(r.zstd) + ", \"zserio_python_read_ms\": " + fixed(r.python_ms, 3) + "}";
  }
  json += entries + "\n";
  t.print();
  const double touch = page_first_touch_us();
  std::printf("\nA fresh read takes its memory new from the kernel, as zserio's benchmark does (100 results kept alive):\n"
              "on top of the reuse time it pays the allocations and a page fault per 4 KiB of heap. First touch of a\n"
              "4 KiB page on this machine: %.2f us (median of 5 over 32 MiB), so about %.3f ms per MiB of heap.\n",
              touch, touch * 256 / 1000);
  json_report_save(options.json_path, json);
  return 0;
}

}  // namespace bench
