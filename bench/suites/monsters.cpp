// The monsters report (../shared/workloads/monsters.md): 50 seeded monsters, each library's
// serialize and deserialize timed with Google Benchmark, in the original's table shape.
#include <sys/stat.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "data/monsters.hpp"
#include "peers/monster_peer.hpp"
#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

struct peer_info {
  const char* name;
  const char* executable;
  std::unique_ptr<monster_case> (*make)();
};

// prism's variants stand for the original's bitsery variants of the same names.
const peer_info peers[] = {
    {"hand_written", "monsters_hand_written", make_hand_written},
    {"prism pack", "monsters_prism_pack", make_prism_pack},
    {"prism pack (versioned)", "monsters_prism_pack_versioned", make_prism_pack_versioned},
    {"prism pack (compressed)", "monsters_prism_pack_compressed", make_prism_pack_compressed},
    {"prism pack (fixed buffer)", "monsters_prism_pack_fixed_buffer", make_prism_pack_fixed_buffer},
    {"prism pack (stream)", "monsters_prism_pack_stream", make_prism_pack_stream},
    {"prism msgpack", "monsters_prism_msgpack", make_prism_msgpack},
    {"msgpack-cxx", "monsters_msgpack_cxx", make_msgpack_cxx},
    {"cereal", "monsters_cereal", make_cereal},
    {"boost", "monsters_boost", make_boost},
    {"flatbuffers", "monsters_flatbuffers", make_flatbuffers},
};

long file_size(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 ? static_cast<long>(st.st_size) : -1;
}

}  // namespace

int run_monsters(const suite_options& options) {
  const auto data = monsters::make_monsters();
  constexpr double samples = 300000;  // the original's SAMPLES: times are printed per 300k batches
  const double monsters_per_batch = static_cast<double>(data.size());

  struct row {
    const peer_info* info;
    std::unique_ptr<monster_case> peer;
    std::size_t data_size = 0;
  };
  std::vector<row> rows;
  for (const auto& info : peers) {
    row r{&info, info.make(), 0};
    if (!r.peer->warm_up_and_check(r.data_size)) {
      std::fprintf(stderr, "monsters: %s: result != data, abort.\n", info.name);
      return 1;
    }
    rows.push_back(std::move(r));
  }
  for (auto& r : rows) {
    add_case(std::string(r.info->name) + "/ser", options.run, [&r](benchmark::State& state) {
      for (auto _ : state) {
        const std::size_t n = r.peer->serialize();
        benchmark::DoNotOptimize(n);
      }
    });
    add_case(std::string(r.info->name) + "/des", options.run, [&r](benchmark::State& state) {
      for (auto _ : state) {
        const bool ok = r.peer->deserialize();
        benchmark::DoNotOptimize(ok);
        benchmark::ClobberMemory();
      }
    });
  }
  const auto results = run_registered();

  const double base_ser = results.at("hand_written/ser").median_ns;
  const double base_des = results.at("hand_written/des").median_ns;
  table t({"library", "binary size", "data size", "ser time (ms)", "des time (ms)", "ser ns/monster", "des ns/monster",
           "ser vs hand", "des vs hand"});
  std::string json = json_report_begin("monsters");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const auto& ser = results.at(std::string(r.info->name) + "/ser");
    const auto& des = results.at(std::string(r.info->name) + "/des");
    const long size = options.exe_dir.empty() ? -1 : file_size(options.exe_dir + "/" + r.info->executable);
    t.add({r.info->name, size < 0 ? "n/a" : std::to_string(size), std::to_string(r.data_size),
           fixed(ser.median_ns * samples / 1e6, 0), fixed(des.median_ns * samples / 1e6, 0),
           fixed(ser.median_ns / monsters_per_batch, 1), fixed(des.median_ns / monsters_per_batch, 1),
           fixed(ser.median_ns / base_ser, 2) + "x", fixed(des.median_ns / base_des, 2) + "x"});
    json += "    {\"library\": \"" + std::string(r.info->name) + "\", \"binary_size\": " + std::to_string(size) +
            ", \"data_size\": " + std::to_string(r.data_size) + ", \"ser_ns_median\": " + fixed(ser.median_ns, 1) +
            ", \"ser_ns_mean\": " + fixed(ser.mean_ns, 1) + ", \"ser_ns_stddev\": " + fixed(ser.stddev_ns, 1) +
            ", \"des_ns_median\": " + fixed(des.median_ns, 1) + ", \"des_ns_mean\": " + fixed(des.mean_ns, 1) +
            ", \"des_ns_stddev\": " + fixed(des.stddev_ns, 1) + "}" + (i + 1 < rows.size() ? ",\n" : "\n");
  }

  std::printf("\nmonsters: %zu monsters per batch; times are CPU-time medians of %d repetitions,\n", data.size(),
              options.run.repetitions());
  std::printf("scaled to the original's 300000 batches (ms); ratios are to hand_written in the same run.\n");
  std::printf("%s; %s; -O2 -DNDEBUG\n\n", cpu_model().c_str(), compiler_description().c_str());
  t.print();
  json_report_save(options.json_path, std::move(json));
  return 0;
}

}  // namespace bench
