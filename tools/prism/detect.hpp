#pragma once
// Which format a message is in, from its bytes: zbin by its header, JSON by its first character,
// CBOR by its self-describe tag, else the first of MessagePack, CBOR, BEVE and FlexBuffers that
// reads the whole message. Many short messages are valid in several binary formats: --from
// settles it.
#include <prism/core/transcode_target.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "wire.hpp"

namespace prism_tool {

// Whether `bytes` is one whole, valid message of Format: zbin and FlexBuffers by their verify(),
// the others by a transcode into themselves, which decodes every value (tensors too).
template <class Format>
prism::status check_message(std::string_view bytes, const prism::limits& lim) {
  if constexpr (std::is_same_v<Format, prism::zbin> || std::is_same_v<Format, prism::flex>) {
    return prism::verify<Format>(bytes, lim);
  } else {
    std::string scratch;
    prism::format_target<Format> target(scratch);  // the walk that converting from Format takes
    return prism::transcode<Format>(bytes, target, lim);
  }
}

template <class Format>
bool reads_whole(std::string_view bytes, const prism::limits& lim) {
  return static_cast<bool>(check_message<Format>(bytes, lim));
}

inline std::optional<wire> detect_wire(std::string_view bytes, const prism::limits& lim) {
  if (bytes.empty()) return std::nullopt;
  const auto first = static_cast<unsigned char>(bytes.front());
  if (bytes.size() >= 2 && first == 0x5a && static_cast<unsigned char>(bytes[1]) == 1 && reads_whole<prism::zbin>(bytes, lim))
    return wire::zbin;
  const std::size_t text = bytes.find_first_not_of(" \t\r\n");
  if (text != std::string_view::npos && std::string_view("{[\"-0123456789tfn").find(bytes[text]) != std::string_view::npos &&
      reads_whole<prism::json>(bytes, lim))
    return wire::json;
  if (bytes.size() >= 3 && bytes.substr(0, 3) == "\xd9\xd9\xf7" && reads_whole<prism::cbor>(bytes, lim)) return wire::cbor;
  for (wire w : {wire::msgpack, wire::cbor, wire::beve, wire::flex}) {
    if (with_wire(w, [&](auto format) { return reads_whole<decltype(format)>(bytes, lim); })) return w;
  }
  return std::nullopt;
}

}  // namespace prism_tool
