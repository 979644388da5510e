// The build report: what prism costs a user's build. Fixed probe programs (bench/compile_time)
// are compiled with the compiler prism-bench was built with, as users build (-std=c++20 -O2,
// prism's forced inlining on), several times each: the median wall time, the
// median peak memory of the compiler process, and the .text of the object (every .text section
// summed: the machine code the program's own translation unit holds, library code included).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "report/table.hpp"
#include "suites/suites.hpp"

namespace bench {
namespace {

struct build_probe {
  const char* name;
  const char* file;  // under bench/compile_time
  const char* what;
};

constexpr build_probe probes[] = {
    {"twenty_fields", "twenty_fields.cpp", "one 20-field struct written and read in JSON, BEVE, CBOR, MessagePack"},
    {"pack_monsters", "pack_monsters.cpp", "the monsters workload's pack writer and reader"},
};

struct compile_run {
  bool ok = false;
  double seconds = 0;
  double peak_mb = 0;
};

// Runs the compiler as a child process and takes its peak resident memory from wait4.
compile_run compile(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return {};
  compile_run r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
  r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return r;
}

// The summed size of the sections whose names start with ".text" in a 64-bit little-endian ELF
// object; 0 when the file is not one.
std::uint64_t text_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string elf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto read = [&](std::size_t at, auto& v) {
    if (at + sizeof v > elf.size()) return false;
    std::memcpy(&v, elf.data() + at, sizeof v);
    return true;
  };
  if (elf.size() < 64 || elf.compare(0, 4, "\x7f" "ELF") != 0 || elf[4] != 2 || elf[5] != 1) return 0;
  std::uint64_t sections_at = 0;
  std::uint16_t entry_size = 0, count = 0, names_index = 0;
  if (!read(0x28, sections_at) || !read(0x3a, entry_size) || !read(0x3c, count) || !read(0x3e, names_index)) return 0;
  if (entry_size < 64 || names_index >= count) return 0;
  std::uint64_t names_at = 0;
  if (!read(sections_at + std::uint64_t{names_index} * entry_size + 0x18, names_at)) return 0;
  std::uint64_t total = 0;
  for (std::uint16_t i = 0; i < count; ++i) {
    const std::uint64_t header = sections_at + std::uint64_t{i} * entry_size;
    std::uint32_t name = 0;
    std::uint64_t size = 0;
    if (!read(header, name) || !read(header + 0x20, size)) return 0;
    const std::uint64_t at = names_at + name;
    if (at < elf.size() && elf.compare(at, 5, ".text") == 0 && (elf[at + 5] == '\0' || elf[at + 5] == '.')) total += size;
  }
  return total;
}

template <class T>
T median(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int run_build(const suite_options& options) {
  const std::string compiler = PRISM_BENCH_CXX;
  const std::string source_dir = PRISM_SOURCE_DIR;
  if (access(compiler.c_str(), X_OK) != 0 || !std::filesystem::exists(source_dir + "/bench/compile_time")) {
    std::fprintf(stderr, "build: needs %s and the probes in %s/bench/compile_time, as when prism-bench was built\n",
                 compiler.c_str(), source_dir.c_str());
    return 1;
  }
  const int repeat = options.run.full ? 5 : 3;
  const std::string object = (std::filesystem::temp_directory_path() / ("prism_build_probe_" + std::to_string(getpid()) + ".o")).string();

  std::printf("build: %s, -std=c++20 -O2 -DNDEBUG, median of %d compiles\n", compiler.c_str(), repeat);
  table t({"probe", "compile s", "peak MB", ".text KB", "what"});
  std::string json = json_report_begin("build", "\"compiler_path\": \"" + compiler + "\",");
  bool first = true;
  int failures = 0;
  for (const auto& p : probes) {
    const std::vector<std::string> args = {compiler, "-std=c++20", "-O2", "-DNDEBUG", "-I" + source_dir + "/include",
                                           "-I" + source_dir + "/bench", "-c", source_dir + "/bench/compile_time/" + p.file,
                                           "-o", object};
    std::vector<double> seconds, peaks;
    bool ok = true;
    for (int i = 0; i < repeat && ok; ++i) {
      const compile_run r = compile(args);
      ok = r.ok;
      seconds.push_back(r.seconds);
      peaks.push_back(r.peak_mb);
    }
    if (!ok) {
      std::fprintf(stderr, "build: %s did not compile\n", p.file);
      ++failures;
      continue;
    }
    const double text_kb = static_cast<double>(text_bytes(object)) / 1024.0;
    t.add({p.name, fixed(median(seconds), 2), fixed(median(peaks), 0), fixed(text_kb, 1), p.what});
    json += std::string(first ? "" : ",\n") + "    {\"probe\": \"" + p.name + "\", \"compile_s\": " + fixed(median(seconds), 3) +
            ", \"peak_mb\": " + fixed(median(peaks), 1) + ", \"text_kb\": " + fixed(text_kb, 1) + "}";
    first = false;
  }
  std::filesystem::remove(object);
  t.print();
  json_report_save(options.json_path, json + "\n");
  return failures == 0 ? 0 : 1;
}

}  // namespace bench
