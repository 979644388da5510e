#pragma once
// libprotobuf's generated classes for the binary report (binary.proto), behind one interface so
// that the generated headers stay in one translation unit.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "data/binary.hpp"

namespace bench::protobuf_peer {

class codec {
 public:
  virtual ~codec() = default;
  virtual const std::string& message() const = 0;  // the serialized value
  virtual void serialize() = 0;                    // the prebuilt message into a reused string
  virtual void parse() = 0;                        // message() into a reused message
  virtual void convert_and_serialize() = 0;        // from the struct, then serialize
  virtual void parse_and_convert() = 0;            // parse, then into a reused struct
  virtual bool parsed_equals_original() = 0;       // after parse_and_convert()
};

std::unique_ptr<codec> make(const binary::obj_t& value);
std::unique_ptr<codec> make(const std::vector<double>& value);
std::unique_ptr<codec> make(const std::vector<float>& value);
std::unique_ptr<codec> make(const std::vector<std::uint64_t>& value);
std::unique_ptr<codec> make(const std::vector<std::uint32_t>& value);
std::unique_ptr<codec> make(const std::vector<std::uint16_t>& value);

}  // namespace bench::protobuf_peer
