// A user program for the compile-time figure (scripts/compile-time): one struct of 20 fields of
// everyday types, written and read in JSON, BEVE, CBOR and MessagePack.
#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace app {

enum class Level { low, mid, high };

struct Point {
  double x = 0;
  double y = 0;
};

struct Record {
  std::uint64_t id = 0;
  std::string name;
  std::string owner;
  bool active = false;
  std::int32_t count = 0;
  std::int64_t total = 0;
  float ratio = 0;
  double score = 0;
  Level level = Level::low;
  std::vector<int> values;
  std::vector<std::string> tags;
  std::map<std::string, int> counters;
  std::optional<std::string> note;
  std::optional<double> limit;
  Point origin;
  std::vector<Point> path;
  std::uint8_t flags = 0;
  std::int16_t delta = 0;
  std::string region;
  std::vector<double> samples;
};

template <class Format>
bool round_trip(const Record& in) {
  const auto bytes = prism::write<Format>(in);
  if (!bytes) return false;
  const auto out = prism::read<Format, Record>(*bytes);
  return out && out->id == in.id;
}

}  // namespace app

int main() {
  app::Record r;
  r.id = 7;
  r.name = "seven";
  return app::round_trip<prism::json>(r) && app::round_trip<prism::beve>(r) && app::round_trip<prism::cbor>(r) &&
                 app::round_trip<prism::msgpack>(r)
             ? 0
             : 1;
}
