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
