#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// How a protobuf integer field is encoded: automatic is varint (int32/int64, uint32/uint64), or
// zigzag where protobuf_options::zigzag says so; zigzag is sint32/sint64, fixed sfixed/fixed.
enum class protobuf_integer : std::uint8_t { automatic, varint, zigzag, fixed };

// What protobuf reads of a field in meta: `prism::field<&P::id>().with(prism::protobuf_field{.number = 7})`.
// Fields not numbered take, in declaration order, the lowest numbers that no numbered field has
// (docs/protobuf.md "Field numbers").
struct protobuf_field {
  std::uint32_t number = 0;
  protobuf_integer encoding = protobuf_integer::automatic;  // integers and their sequences
};

// Protobuf's own options: `prism::options{.format = prism::protobuf_options{.zigzag = true}}`.
struct protobuf_options {
  flag<false> zigzag{};        // signed integers as sint32/sint64 where meta gives no encoding
  flag<false> cpp_defaults{};  // a field absent from the message takes the value T{} gives it, not zero

  static constexpr std::uint32_t key = detail::format_key("protobuf");
  using flags = detail::own_option_flags<protobuf_options, &protobuf_options::zigzag, &protobuf_options::cpp_defaults>;
  constexpr operator format_options() const noexcept { return flags::pack(key, *this); }  // NOLINT: `.format = protobuf_options{...}`
  constexpr operator options() const noexcept { return options{.format = *this}; }  // NOLINT: `write<F, protobuf_options{...}>`
  static constexpr protobuf_options from(const format_options& f) noexcept { return flags::unpack(f); }
};

// A struct member of this type (also spelled prism::protobuf::unknown_fields) takes no field
// number: a read keeps in it the fields the struct does not know, as their encoded keys and
// values, and a write puts them back after the known fields, so that a read-modify-write round
// trip loses nothing. Other formats see a struct holding `bytes`.
struct protobuf_unknown_fields {
  std::vector<std::byte> bytes;
  bool operator==(const protobuf_unknown_fields&) const = default;
};

// The Protocol Buffers wire format with proto3 semantics (docs/protobuf.md). A struct is a
// message; field numbers follow declaration order (a std::variant member is a oneof and takes
// one number per alternative) and may be set with prism::protobuf_field in prism::meta. Scalars with default
// values are left out, std::optional has explicit presence, numeric ranges are packed, maps are
// repeated key/value entries, time points google.protobuf.Timestamp. The reader takes fields in
// any order, skips unknown ones, lets the last value win and merges repeated messages.
struct protobuf {
  static constexpr std::string_view name = "protobuf";
  using unknown_fields = protobuf_unknown_fields;
  // What protobuf has no encoding for (core/supported.hpp turns it into one error at the call).
  template <class T>
  static constexpr bool lacks_encoding = tensor_type<T> || tensor_view_type<T> || adapted_tensor<T>;
  static constexpr options defaults{};
  using own_options = protobuf_options;
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::error_on_unknown_keys>(o);
  }
};

namespace protobuf_detail {
// The format's own options as the entry points resolved them.
template <options O>
inline constexpr protobuf_options own = protobuf_options::from(O.format);
}  // namespace protobuf_detail

}  // namespace prism
