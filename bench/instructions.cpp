// prism-instructions ROW [--data DIR] | --list
//
// Runs the prism side of one prism-bench row a fixed number of times (a write and a read of the
// report's data, or a JSON read and write of a corpus document), for instruction counts under
// callgrind: machines here are shared and noisy, instruction counts are not. Only the functions
// `round_trip` and `json_round_trip` are meant to be counted (callgrind --toggle-collect), so
// that making the data does not dilute a change. scripts/instruction-counts builds this program
// against two revisions of include/ and prints the table.
#include <prism/flex.hpp>
#include <prism/prism.hpp>

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "data/binary.hpp"
#include "data/corpus.hpp"
#include "data/corpus_models.hpp"
#include "data/monsters.hpp"
#include "data/zerialize.hpp"
#include "data/zserio_data.hpp"

namespace {

template <class F, class T>
[[gnu::noinline]] std::size_t round_trip(const T& value, int rounds) {
  std::string bytes;
  T back{};
  std::size_t total = 0;
  for (int i = 0; i < rounds; ++i) {
    if (!prism::write<F>(value, bytes) || !prism::read<F>(back, bytes)) return 0;
    total += bytes.size();
  }
  return total;
}

template <class T>
[[gnu::noinline]] std::size_t json_round_trip(const std::string& text, int rounds) {
  T value{};
  std::string out;
  std::size_t total = 0;
  for (int i = 0; i < rounds; ++i) {
    if (!prism::read<prism::json>(value, text) || !prism::write<prism::json>(value, out)) return 0;
    total += out.size();
  }
  return total;
}

struct row {
  const char* name;
  std::size_t (*run)(const std::string& data_dir);
};

using zserio_models::layout;

// One or more rows of each report: its data, in the formats prism-bench shows for it.
constexpr row rows[] = {
    {"corpus/twitter/json", [](const std::string& d) { return json_round_trip<corpus::twitter>(corpus::document_text(d, "twitter.json", corpus::make_twitter(), false), 3); }},
    {"corpus/citm_catalog/json", [](const std::string& d) { return json_round_trip<corpus::citm_catalog>(corpus::document_text(d, "citm_catalog.json", corpus::make_citm(), true), 3); }},
    {"corpus/canada/json", [](const std::string& d) { return json_round_trip<corpus::canada>(corpus::document_text(d, "canada.json", corpus::make_canada(), false), 2); }},
    {"corpus/twitter/msgpack", [](const std::string&) { return round_trip<prism::msgpack>(corpus::make_twitter(), 3); }},
    {"corpus/citm_catalog/cbor", [](const std::string&) { return round_trip<prism::cbor>(corpus::make_citm(), 3); }},
    {"binary/object/beve", [](const std::string&) { return round_trip<prism::beve>(binary::make_object(), 200); }},
    {"binary/object/msgpack", [](const std::string&) { return round_trip<prism::msgpack>(binary::make_object(), 200); }},
    {"binary/object/cbor", [](const std::string&) { return round_trip<prism::cbor>(binary::make_object(), 200); }},
    {"binary/object/protobuf", [](const std::string&) { return round_trip<prism::protobuf>(binary::make_object(), 200); }},
    {"binary/doubles/beve", [](const std::string&) { return round_trip<prism::beve>(binary::make_vector<double>(), 20); }},
    {"binary/uint32s/protobuf", [](const std::string&) { return round_trip<prism::protobuf>(binary::make_vector<std::uint32_t>(), 20); }},
    {"monsters/pack", [](const std::string&) { return round_trip<prism::pack>(monsters::make_monsters(), 20); }},
    {"monsters/msgpack", [](const std::string&) { return round_trip<prism::msgpack>(monsters::make_monsters(), 20); }},
    {"zserio/addressbook/zserio", [](const std::string&) { return round_trip<prism::zserio>(zserio_data::make_addressbook<layout::plain>(), 20); }},
    {"zserio/carsales_packed/zserio", [](const std::string&) { return round_trip<prism::zserio>(zserio_data::make_carsales<layout::packed>(true), 5); }},
    {"zserio/simpletrace/zserio", [](const std::string&) { return round_trip<prism::zserio>(zserio_data::make_simpletrace<layout::plain>(), 5); }},
    {"zserio/apollo/pack", [](const std::string&) { return round_trip<prism::pack>(zserio_data::make_apollo(), 3); }},
    {"zerialize/small/msgpack", [](const std::string&) { return round_trip<prism::msgpack>(zerialize_data::make_small_tensor(), 200); }},
    {"zerialize/medium/cbor", [](const std::string&) { return round_trip<prism::cbor>(zerialize_data::make_medium_tensor(), 50); }},
    {"zerialize/medium/zbin", [](const std::string&) { return round_trip<prism::zbin>(zerialize_data::make_medium_tensor(), 50); }},
    {"binary/object/flex", [](const std::string&) { return round_trip<prism::flex>(binary::make_object(), 200); }},
    {"monsters/flex", [](const std::string&) { return round_trip<prism::flex>(monsters::make_monsters(), 20); }},
    {"zerialize/large/flex", [](const std::string&) { return round_trip<prism::flex>(zerialize_data::make_large_tensor(), 5); }},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: prism-instructions ROW [--data DIR] | --list\n");
    return 2;
  }
  const std::string_view name = argv[1];
  std::string data_dir;
  if (argc == 4 && std::strcmp(argv[2], "--data") == 0) data_dir = argv[3];
  for (const row& r : rows) {
    if (name == "--list") {
      std::printf("%s\n", r.name);
    } else if (name == r.name) {
      const std::size_t bytes = r.run(data_dir);
      if (bytes == 0) {
        std::fprintf(stderr, "%s: a write or a read failed\n", r.name);
        return 1;
      }
      std::printf("%s: %zu bytes\n", r.name, bytes);
      return 0;
    }
  }
  if (name == "--list") return 0;
  std::fprintf(stderr, "no row %s (prism-instructions --list)\n", argv[1]);
  return 2;
}
