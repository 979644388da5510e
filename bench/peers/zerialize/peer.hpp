#pragma once
// One row of the zerialize report: a library (and path) that writes the case's data, turns bytes
// into its deserialized form, and reads every value of that form back.
#include <cstdint>
#include <memory>
#include <span>

#include "data/zerialize.hpp"

namespace bench::zerialize {

using bytes = std::span<const std::uint8_t>;

class codec {
 public:
  virtual ~codec() = default;
  // Builds the message from the in-memory data; the bytes stay valid until the next call.
  virtual bytes serialize() = 0;
  // Turns bytes into this library's deserialized form, kept for read().
  virtual bool deserialize(bytes message) = 0;
  // Reads and checks every value of the kept form (the tensor: one element); returns the checksum.
  virtual double read() = 0;
  // Both, as one operation.
  virtual double deserialize_and_read(bytes message) = 0;
  // For tensor cases: 1 when the tensor is read in place from `message`, 0 when it is copied.
  virtual int zero_copy(bytes message) { (void)message; return -1; }
};

std::unique_ptr<codec> make_msgpack_cxx(zerialize_data::case_kind kind, bool as_vector);
std::unique_ptr<codec> make_flexbuffers(zerialize_data::case_kind kind, bool as_vector);
std::unique_ptr<codec> make_nlohmann(zerialize_data::case_kind kind, bool as_vector);  // small structs only

}  // namespace bench::zerialize
