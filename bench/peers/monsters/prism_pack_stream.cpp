// pack through std::ostream and std::istream, as the original's stream variants: a
// std::stringstream made for every serialization (its bytes copied out on the first call only),
// and a std::istream over the serialized bytes for every deserialization.
#include <prism/pack.hpp>

#include <istream>
#include <sstream>
#include <streambuf>

#include "peers/monster_peer.hpp"

namespace bench {
namespace {
// A read-only streambuf over bytes that stay put (std::ispanstream arrives in C++23).
class bytes_streambuf final : public std::streambuf {
 public:
  explicit bytes_streambuf(std::span<const std::uint8_t> bytes) {
    char* p = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(p, p, p + bytes.size());
  }
};

class prism_pack_stream final : public monster_peer {
 public:
  std::span<const std::uint8_t> serialize(const std::vector<monsters::Monster>& in) override {
    std::stringstream stream;
    if (!prism::write<prism::pack>(in, stream)) return {};
    if (buffer_.empty()) {
      const std::string bytes = stream.str();
      buffer_.assign(bytes.begin(), bytes.end());
    }
    return buffer_;
  }
  bool deserialize(std::span<const std::uint8_t> bytes, std::vector<monsters::Monster>& out) override {
    bytes_streambuf buf(bytes);
    std::istream stream(&buf);
    return static_cast<bool>(prism::read<prism::pack>(out, stream));
  }

 private:
  std::vector<std::uint8_t> buffer_;
};
}  // namespace

std::unique_ptr<monster_case> make_prism_pack_stream() { return make_case<prism_pack_stream>(); }
}  // namespace bench
