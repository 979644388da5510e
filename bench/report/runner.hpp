#pragma once
// Runs registered Google Benchmark cases and keeps the median CPU time of each.
#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace bench {

struct run_settings {
  bool full = false;
  int repetitions() const { return full ? 10 : 5; }
  double min_time() const { return full ? 0.5 : 0.05; }
};

struct measured {
  double median_ns = 0;  // CPU time per iteration
  double mean_ns = 0;
  double stddev_ns = 0;
  long long samples = 0;  // timed iterations over all repetitions
};

class collecting_reporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs) {
      if (run.run_type != Run::RT_Aggregate) {
        results[run.run_name.function_name].samples += run.iterations;
        continue;
      }
      const double ns = run.GetAdjustedCPUTime() * to_ns(run.time_unit);
      auto& m = results[run.run_name.function_name];
      if (run.aggregate_name == "median") m.median_ns = ns;
      else if (run.aggregate_name == "mean") m.mean_ns = ns;
      else if (run.aggregate_name == "stddev") m.stddev_ns = ns;
    }
  }
  std::map<std::string, measured> results;

 private:
  static double to_ns(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond: return 1;
      case benchmark::kMicrosecond: return 1e3;
      case benchmark::kMillisecond: return 1e6;
      case benchmark::kSecond: return 1e9;
    }
    return 1;
  }
};

template <class F>
void add_case(const std::string& name, const run_settings& settings, F&& body) {
  benchmark::RegisterBenchmark(name.c_str(), std::forward<F>(body))
      ->Repetitions(settings.repetitions())
      ->MinTime(settings.min_time());
}

inline std::map<std::string, measured> run_registered() {
  collecting_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::ClearRegisteredBenchmarks();
  return reporter.results;
}

}  // namespace bench
