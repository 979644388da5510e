#pragma once
// The interface every library implements for the monsters report, as in the original: serialize
// the 50 monsters into the peer's own reused buffer, deserialize into a reused vector. A peer may
// use a Monster type of its own (prism's versioned and compressed variants); the report sees each
// as a monster_case holding its own copy of the same data.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "data/monsters.hpp"

namespace bench {

template <class M>
class basic_monster_peer {
 public:
  using monster_type = M;
  virtual ~basic_monster_peer() = default;
  virtual std::span<const std::uint8_t> serialize(const std::vector<M>& in) = 0;
  virtual bool deserialize(std::span<const std::uint8_t> bytes, std::vector<M>& out) = 0;
};

using monster_peer = basic_monster_peer<monsters::Monster>;

// One row of the report: a peer and its data, result and serialized bytes.
class monster_case {
 public:
  virtual ~monster_case() = default;
  // The original's warm-up: serialize, then five rounds of serialize + deserialize; the last
  // result must equal the data. Gives the size of the last serialization.
  virtual bool warm_up_and_check(std::size_t& data_size) = 0;
  virtual std::size_t serialize() = 0;  // the data, as many bytes as it returns
  virtual bool deserialize() = 0;       // the bytes of the warm-up into the reused result
};

template <class M>
class peer_case final : public monster_case {
 public:
  explicit peer_case(std::unique_ptr<basic_monster_peer<M>> peer) : peer_(std::move(peer)) {}
  bool warm_up_and_check(std::size_t& data_size) override {
    auto bytes = peer_->serialize(data_);
    for (int i = 0; i < 5; ++i) {
      bytes = peer_->serialize(data_);
      if (!peer_->deserialize(bytes, result_)) return false;
    }
    data_size = bytes.size();
    bytes_.assign(bytes.begin(), bytes.end());
    return result_ == data_;
  }
  std::size_t serialize() override { return peer_->serialize(data_).size(); }
  bool deserialize() override { return peer_->deserialize(bytes_, result_); }

 private:
  std::unique_ptr<basic_monster_peer<M>> peer_;
  std::vector<M> data_ = monsters::make_monsters<M>();
  std::vector<M> result_;
  std::vector<std::uint8_t> bytes_;
};

template <class Peer>
std::unique_ptr<monster_case> make_case() {
  return std::make_unique<peer_case<typename Peer::monster_type>>(std::make_unique<Peer>());
}

std::unique_ptr<monster_case> make_hand_written();
std::unique_ptr<monster_case> make_prism_pack();
std::unique_ptr<monster_case> make_prism_pack_versioned();
std::unique_ptr<monster_case> make_prism_pack_compressed();
std::unique_ptr<monster_case> make_prism_pack_fixed_buffer();
std::unique_ptr<monster_case> make_prism_pack_stream();
std::unique_ptr<monster_case> make_prism_msgpack();
std::unique_ptr<monster_case> make_msgpack_cxx();
std::unique_ptr<monster_case> make_cereal();
std::unique_ptr<monster_case> make_boost();
std::unique_ptr<monster_case> make_flatbuffers();

}  // namespace bench
