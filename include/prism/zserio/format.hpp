#pragma once
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// zserio's bit-packed wire format, BIN 1.0 (docs/zserio.md): MSB-first bit stream, the C++ type
// plus prism::meta attributes are the schema. Integers take their full width unless meta gives
// .bits(N) (bit:N / int:N), .varint() / .varint(16|32|64) (zserio's varints) or .varsize();
// bool is one bit; strings, byte blobs and vectors carry a varsize length (or none with
// .length_from("field")); std::optional a presence bit; std::variant is a union (varsize tag);
// .align(n) pads; .packed() delta-packs an array exactly as zserio chooses and encodes it.
struct zserio {
  static constexpr std::string_view name = "zserio";
  // What zserio has no encoding for (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = map_type<T> || time_point_type<T> || tensor_type<T> ||
                                         tensor_view_type<T> || adapted_tensor<T> || is_dynamic_value<T>::value;
  static constexpr options defaults{};
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<>(o);
  }
};

}  // namespace prism
