// pack through std::ostream and std::istream, as the original's stream variants: a
// std::stringstream made for every serialization (its bytes copied out on the first call only)
// and one over a copy of the bytes for every deserialization.
#include <prism/pack.hpp>

#include <sstream>
#include <string>

#include "peers/monster_peer.hpp"

namespace bench {
namespace {
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
    std::stringstream stream(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    return static_cast<bool>(prism::read<prism::pack>(out, stream));
  }

 private:
  std::vector<std::uint8_t> buffer_;
};
}  // namespace

std::unique_ptr<monster_case> make_prism_pack_stream() { return make_case<prism_pack_stream>(); }
}  // namespace bench
