#pragma once
// Compile-time options: a structural aggregate passed as a template argument, so that every
// branch on an option is resolved at compile time.
//
// A yes/no option left out of an options value is not "false": it takes the format's own default,
// so that `prism::write<prism::json, prism::options{.pretty = true}>(v, out)` still writes enums by
// name as JSON does by default. A format reads only some of the options and says which in
// `static constexpr options normalize(options)`; the entry points pass it only those, resolved.
namespace prism {

// A yes/no option. Unset, it reads as the format's default once the entry points have resolved
// the options (detail::normalized), and as Default before.
template <bool Default>
struct flag {
  signed char state = -1;  // -1 unset, 0 no, 1 yes

  constexpr flag() noexcept = default;
  constexpr flag(bool on) noexcept : state(on ? 1 : 0) {}  // NOLINT: `.pretty = true` must convert
  constexpr explicit operator bool() const noexcept { return state < 0 ? Default : state == 1; }
  constexpr bool is_set() const noexcept { return state >= 0; }
  friend constexpr bool operator==(const flag&, const flag&) = default;
};

struct options {
  flag<false> structs_as_arrays{};      // self-describing formats: structs as arrays, not keyed maps
  flag<false> error_on_unknown_keys{};  // a key the struct does not have is an error (else skipped)
  flag<false> error_on_missing_keys{};  // a field absent from the input is an error (else untouched)
  flag<true> validate_utf8{};           // strings must be valid UTF-8 on read
  flag<true> compact_floats{};          // msgpack: integral floats as integers, as msgpack-cxx does
  flag<false> enums_as_strings{};       // self-describing formats: enums by name (JSON's default: yes)
  flag<false> allow_trailing_bytes{};   // bytes after the top-level value are not an error
  // Binary formats
  flag<true> typed_arrays{};            // cbor: contiguous numeric ranges as RFC 8746 typed arrays
  flag<false> deterministic{};          // cbor: RFC 8949 4.2 core deterministic encoding
  flag<false> zigzag{};                 // protobuf: signed integers as sint32/sint64 unless meta says
  flag<false> packed_sequences{};       // pack: sequences column by column, integers bit-packed (docs/pack.md)
  // Text formats
  flag<false> pretty{};                 // newlines and indentation
  unsigned char indent = 2;             // spaces per level when pretty (0: tabs)
  flag<false> skip_null_members{};      // empty optionals and pointers are left out of objects
  flag<false> nan_inf_as_null{};        // NaN and infinity are written as null (else an error)

  friend constexpr bool operator==(const options&, const options&) = default;
};

namespace detail {
template <auto... Flags>
struct option_flags {
  // Every flag of `o` set: to its value there, else to its value in `fallback`, else its default.
  static constexpr options resolve(options o, const options& fallback) noexcept {
    ((o.*Flags = (o.*Flags).is_set() ? o.*Flags : static_cast<bool>(fallback.*Flags)), ...);
    return o;
  }
};
using all_option_flags =
    option_flags<&options::structs_as_arrays, &options::error_on_unknown_keys, &options::error_on_missing_keys,
                 &options::validate_utf8, &options::compact_floats, &options::enums_as_strings,
                 &options::allow_trailing_bytes, &options::typed_arrays, &options::deterministic, &options::zigzag,
                 &options::packed_sequences, &options::pretty, &options::skip_null_members, &options::nan_inf_as_null>;
}  // namespace detail

// `o` with every option it leaves unset taken from `defaults` (a format's defaults).
constexpr options resolve_options(const options& o, const options& defaults) noexcept {
  return detail::all_option_flags::resolve(o, defaults);
}

// `o` with only the listed members and those that core reads for every format (validate_utf8,
// allow_trailing_bytes); every other member unset. A format's `normalize` uses it, so that
// options it ignores do not instantiate a second copy of its codec.
template <auto... Members>
constexpr options keep_options(const options& o) noexcept {
  options kept{};
  kept.validate_utf8 = o.validate_utf8;
  kept.allow_trailing_bytes = o.allow_trailing_bytes;
  ((kept.*Members = o.*Members), ...);
  return kept;
}

}  // namespace prism
