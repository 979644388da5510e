// prism-bench SUITE [--quick|--full] [--json FILE] [--data DIR] [--filter REGEX]
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "suites/suites.hpp"

namespace {

std::string own_directory() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return {};
  std::string p(path, static_cast<std::size_t>(n));
  return p.substr(0, p.rfind('/'));
}

int usage() {
  std::fprintf(stderr,
               "usage: prism-bench SUITE [--quick|--full] [--json FILE] [--data DIR] [--filter REGEX]\n"
               "suites: monsters, corpus, binary, zserio, zerialize, build, all\n"
               "--filter REGEX (corpus, binary, zserio, zerialize): run the rows whose benchmark name matches (corpus: corpus/operation/library,\n"
               "  binary: test/format/library/operation, zserio: schema/format/operation, zerialize: case/format/library/operation)\n"
               "--data DIR: the real datasets (corpus: ../shared/datasets/json, zserio: ../shared/datasets/zserio)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string suite = argv[1];
  bench::suite_options options;
  options.exe_dir = own_directory();
  std::string filter;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--full") options.run.full = true;
    else if (arg == "--quick") options.run.full = false;
    else if (arg == "--json" && i + 1 < argc) options.json_path = argv[++i];
    else if (arg == "--data" && i + 1 < argc) options.data_dir = argv[++i];
    else if (arg == "--filter" && i + 1 < argc && (suite == "corpus" || suite == "binary" || suite == "zserio" || suite == "zerialize")) {
      options.filter = argv[++i];
      filter = "--benchmark_filter=" + options.filter;
    }
    else return usage();
  }
  // Repetitions of every row run in random order, interleaved with the other rows', so that a
  // slow spell of a shared machine spreads over all rows instead of landing on a few, and the
  // ratios between rows of one run (peers, the memcpy ceiling) hold up better.
  std::string interleave = "--benchmark_enable_random_interleaving=true";
  char* bench_argv[] = {argv[0], interleave.data(), filter.data(), nullptr};
  int bench_argc = filter.empty() ? 2 : 3;
  benchmark::Initialize(&bench_argc, bench_argv);
  if (suite == "monsters") return bench::run_monsters(options);
  if (suite == "corpus") return bench::run_corpus(options);
  if (suite == "binary") return bench::run_binary(options);
  if (suite == "zserio") return bench::run_zserio(options);
  if (suite == "zerialize") return bench::run_zerialize(options);
  if (suite == "build") return bench::run_build(options);
  if (suite == "all") {
    // Each suite writes its own JSON file: FILE-monsters.json, FILE-corpus.json, FILE-binary.json, ...
    const auto for_suite = [&](const char* name) {
      bench::suite_options o = options;
      if (!o.json_path.empty()) o.json_path += std::string("-") + name + ".json";
      return o;
    };
    const int monsters = bench::run_monsters(for_suite("monsters"));
    const int corpus = bench::run_corpus(for_suite("corpus"));
    const int binary = bench::run_binary(for_suite("binary"));
    bench::suite_options zserio_options = for_suite("zserio");
    zserio_options.data_dir.clear();  // --data names the JSON corpora in `all`
    const int zserio = bench::run_zserio(zserio_options);
    const int zerialize = bench::run_zerialize(for_suite("zerialize"));
    const int build = bench::run_build(for_suite("build"));
    for (const int status : {monsters, corpus, binary, zserio, zerialize, build})
      if (status != 0) return status;
    return 0;
  }
  return usage();
}
