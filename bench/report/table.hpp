#pragma once
// Plain-text tables and the machine description printed with every report.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace bench {

class table {
 public:
  explicit table(std::vector<std::string> header) : rows_{std::move(header)} {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::FILE* out = stdout) const {
    std::vector<std::size_t> width(rows_[0].size(), 0);
    for (const auto& r : rows_)
      for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
    for (std::size_t k = 0; k < rows_.size(); ++k) {
      for (std::size_t i = 0; i < rows_[k].size(); ++i) {
        std::fprintf(out, i == 0 ? "%-*s" : "  %*s", static_cast<int>(width[i]), rows_[k][i].c_str());
      }
      std::fprintf(out, "\n");
      if (k == 0) {
        std::size_t total = 0;
        for (auto w : width) total += w + 2;
        std::fprintf(out, "%s\n", std::string(total - 2, '-').c_str());
      }
    }
  }

 private:
  std::vector<std::vector<std::string>> rows_;
};

inline std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

inline std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

inline std::string compiler_description() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "g++ " __VERSION__;
#else
  return "unknown compiler";
#endif
}

// The JSON file of a report: a header naming the suite, CPU and compiler (and `extra` members,
// already formatted as `"key": value,`), then the rows the suite appends, one object per line.
inline std::string json_report_begin(const std::string& suite, const std::string& extra = {}) {
  return "{\n  \"suite\": \"" + suite + "\",\n  \"cpu\": \"" + cpu_model() + "\",\n  \"compiler\": \"" +
         compiler_description() + "\",\n" + (extra.empty() ? "" : "  " + extra + "\n") + "  \"rows\": [\n";
}

// Closes the rows and writes the file, when a path was given.
inline void json_report_save(const std::string& path, std::string json) {
  if (path.empty()) return;
  json += "  ]\n}\n";
  std::ofstream(path) << json;
  std::printf("\nwrote %s\n", path.c_str());
}

}  // namespace bench
