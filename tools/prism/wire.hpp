#pragma once
// The self-describing formats the prism tool reads and writes, by name, and a call with the
// format's tag type for one named at run time.
#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/flex.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/zbin.hpp>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace prism_tool {

enum class wire { json, msgpack, cbor, beve, zbin, flex };

inline constexpr std::array all_wires = {wire::json, wire::msgpack, wire::cbor, wire::beve, wire::zbin, wire::flex};

constexpr std::string_view name_of(wire w) noexcept {
  switch (w) {
    case wire::json: return "json";
    case wire::msgpack: return "msgpack";
    case wire::cbor: return "cbor";
    case wire::beve: return "beve";
    case wire::zbin: return "zbin";
    case wire::flex: return "flex";
  }
  return "?";
}

inline std::optional<wire> wire_named(std::string_view name) {
  for (wire w : all_wires)
    if (name_of(w) == name) return w;
  if (name == "flexbuffers") return wire::flex;
  return std::nullopt;
}

inline std::string wire_names() {
  std::string names;
  for (wire w : all_wires) names += (names.empty() ? "" : ", ") + std::string(name_of(w));
  return names;
}

// f(Format{}) for the format `w` names.
template <class F>
decltype(auto) with_wire(wire w, F&& f) {
  switch (w) {
    case wire::json: return f(prism::json{});
    case wire::msgpack: return f(prism::msgpack{});
    case wire::cbor: return f(prism::cbor{});
    case wire::beve: return f(prism::beve{});
    case wire::zbin: return f(prism::zbin{});
    case wire::flex: break;
  }
  return f(prism::flex{});
}

// The target that writes format `w` into `out` (JSON indented where `pretty`): one for each
// format, whatever the source, where a transcoder for each pair would be compiled.
inline std::unique_ptr<prism::transcode_target> target_for(wire w, bool pretty, std::string& out) {
  if (w == wire::json && pretty) return std::make_unique<prism::format_target<prism::json, prism::json_options{.pretty = true}>>(out);
  return with_wire(w, [&](auto format) -> std::unique_ptr<prism::transcode_target> {
    return std::make_unique<prism::format_target<decltype(format)>>(out);
  });
}

}  // namespace prism_tool
