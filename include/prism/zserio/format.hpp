#pragma once
#include <cstdint>
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// zserio's integer encodings beyond bit:N / int:N: varint16..varint64 and varint (varuint16..varuint
// for unsigned members), and varsize.
enum class zserio_integer : std::uint8_t { fixed, varint16, varint32, varint64, varint, varsize };

// What zserio reads of a field in meta: `prism::field<&T::level>().with(prism::zserio_field{.bits = 5})`.
// On an array or optional field, bits and encoding apply to its elements.
struct zserio_field {
  std::uint16_t bits = 0;  // bit:N / int:N (signedness from the C++ type); 16 on a float: float16
  zserio_integer encoding = zserio_integer::fixed;
  std::uint16_t align = 0;       // align(n): pad to a multiple of n bits before the field
  bool packed = false;           // a delta-packed array
  std::string_view length_from{};  // the array's length is this earlier field's value (no prefix)
};

// zserio's bit-packed wire format, BIN 1.0 (docs/zserio.md): MSB-first bit stream, the C++ type
// plus prism::zserio_field attributes in prism::meta are the schema. Integers take their full
// width unless the field gives bits (bit:N / int:N) or an encoding (zserio's varints, varsize);
// bool is one bit; strings, byte blobs and vectors carry a varsize length (or none with
// length_from); std::optional a presence bit; std::variant is a union (varsize tag); align pads;
// packed delta-packs an array exactly as zserio chooses and encodes it.
struct zserio {
  static constexpr std::string_view name = "zserio";
  // What zserio has no encoding for (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = map_type<T> || time_point_type<T> || tensor_type<T> ||
                                         tensor_view_type<T> || adapted_tensor<T>;
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options(o);
  }
};

}  // namespace prism
