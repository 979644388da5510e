// One library alone, as the original builds each test: its executable's size is the report's
// "binary size". Runs the original's loop: warm-up, check, then SAMPLES serializations and
// deserializations, printing integer milliseconds.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "peers/monster_peer.hpp"

int main(int argc, char** argv) {
  const long samples = argc > 1 ? std::atol(argv[1]) : 300000;
  auto peer = bench::PRISM_BENCH_PEER();
  std::size_t data_size = 0;
  if (!peer->warm_up_and_check(data_size)) {
    std::puts("result != data, abort.");
    return 1;
  }
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  for (long i = 0; i < samples; ++i) peer->serialize();
  const auto ser = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - start).count();
  start = clock::now();
  for (long i = 0; i < samples; ++i) peer->deserialize();
  const auto des = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - start).count();
  std::printf("data size %zu, ser %lld ms, des %lld ms\n", data_size, static_cast<long long>(ser), static_cast<long long>(des));
  return 0;
}
