#pragma once
#include <string>

#include "report/runner.hpp"

namespace bench {

struct suite_options {
  run_settings run;
  std::string json_path;  // empty: no JSON file
  std::string data_dir;   // empty: built-in generators
  std::string exe_dir;    // where the per-peer executables are (binary sizes)
  std::string filter;     // corpus and zserio: only the rows whose benchmark names match (regex)
};

int run_monsters(const suite_options& options);
int run_corpus(const suite_options& options);
int run_binary(const suite_options& options);
int run_zserio(const suite_options& options);
int run_zerialize(const suite_options& options);
int run_build(const suite_options& options);

}  // namespace bench
