#pragma once
// Included last by each corpus peer's .cpp: instantiates its three functions for the three corpora.
#include "data/corpus_models.hpp"

#define PRISM_BENCH_INSTANTIATE_PEER(read_fn, write_fn, text_fn)                   \
  template bool read_fn<corpus::canada>(const std::string&, corpus::canada&);             \
  template bool read_fn<corpus::citm_catalog>(const std::string&, corpus::citm_catalog&); \
  template bool read_fn<corpus::twitter>(const std::string&, corpus::twitter&);           \
  template std::size_t write_fn<corpus::canada>(const corpus::canada&);                   \
  template std::size_t write_fn<corpus::citm_catalog>(const corpus::citm_catalog&);       \
  template std::size_t write_fn<corpus::twitter>(const corpus::twitter&);                 \
  template std::string text_fn<corpus::canada>(const corpus::canada&);                    \
  template std::string text_fn<corpus::citm_catalog>(const corpus::citm_catalog&);        \
  template std::string text_fn<corpus::twitter>(const corpus::twitter&);

#include "data/binary.hpp"

// And for the binary-formats report: its object and its vectors.
#define PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, T) \
  template bool read_fn<T>(const std::string&, T&);                     \
  template std::size_t write_fn<T>(const T&);                           \
  template std::string text_fn<T>(const T&);
#define PRISM_BENCH_INSTANTIATE_BINARY(read_fn, write_fn, text_fn)                                        \
  PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, binary::obj_t)                           \
  PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, std::vector<double>)                     \
  PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, std::vector<float>)                      \
  PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, std::vector<std::uint64_t>)              \
  PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, std::vector<std::uint32_t>)              \
  PRISM_BENCH_INSTANTIATE_BINARY_ONE(read_fn, write_fn, text_fn, std::vector<std::uint16_t>)
