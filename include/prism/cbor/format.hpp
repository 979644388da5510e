#pragma once
#include <cstdint>
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// CBOR's own options: `prism::options{.format = prism::cbor_options{.deterministic = true}}`.
struct cbor_options {
  flag<true> typed_arrays{};  // contiguous numeric ranges as RFC 8746 typed arrays
  flag<false> deterministic{};  // RFC 8949 4.2 core deterministic encoding

  static constexpr std::uint32_t key = detail::format_key("cbor");
  using flags = detail::own_option_flags<cbor_options, &cbor_options::typed_arrays, &cbor_options::deterministic>;
  constexpr operator format_options() const noexcept { return flags::pack(key, *this); }  // NOLINT: `.format = cbor_options{...}`
  constexpr operator options() const noexcept { return options{.format = *this}; }  // NOLINT: `write<F, cbor_options{...}>`
  static constexpr cbor_options from(const format_options& f) noexcept { return flags::unpack(f); }
};

// CBOR (RFC 8949). Structs are maps keyed by field name (arrays with options::structs_as_arrays),
// contiguous numeric ranges RFC 8746 typed arrays (cbor_options::typed_arrays), blobs byte strings,
// variants [index, value], time points tag 1 (epoch seconds). cbor_options::deterministic gives the
// core deterministic encoding of RFC 8949 section 4.2.1. The reader takes every well-formed
// encoding: indefinite lengths, any float width, typed arrays of either byte order, and skips
// tags it does not know.
struct cbor {
  static constexpr std::string_view name = "cbor";
  static constexpr bool value_members = true;  // prism::value as a member, through its views
  static constexpr bool tags = true;           // prism::tagged<T> members
  static constexpr options defaults{};
  using own_options = cbor_options;
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys, &options::enums_as_strings>(o);
  }
};

namespace cbor_detail {
// The format's own options as the entry points resolved them.
template <options O>
inline constexpr cbor_options own = cbor_options::from(O.format);
}  // namespace cbor_detail

}  // namespace prism
