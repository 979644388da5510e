#pragma once
// Compile-time options: a structural aggregate passed as a template argument, so that every
// branch on an option is resolved at compile time. A format reads only some of them and says which
// in `static constexpr options normalize(options)`; the entry points pass it only those.
namespace prism {

struct options {
  bool structs_as_arrays = false;      // self-describing formats: structs as arrays, not keyed maps
  bool error_on_unknown_keys = false;  // a key the struct does not have is an error (else skipped)
  bool error_on_missing_keys = false;  // a field absent from the input is an error (else untouched)
  bool validate_utf8 = true;           // strings must be valid UTF-8 on read
  bool compact_floats = true;          // msgpack: integral floats as integers, as msgpack-cxx does
  bool enums_as_strings = false;       // self-describing formats: enums by name
  bool allow_trailing_bytes = false;   // bytes after the top-level value are not an error
  // Binary formats
  bool typed_arrays = true;            // cbor: contiguous numeric ranges as RFC 8746 typed arrays
  bool deterministic = false;          // cbor: RFC 8949 4.2 core deterministic encoding
  bool zigzag = false;                 // protobuf: signed integers as sint32/sint64 unless meta says
  bool packed_sequences = false;       // pack: sequences column by column, integers bit-packed (docs/pack.md)
  // Text formats
  bool pretty = false;                 // newlines and indentation
  unsigned char indent = 2;            // spaces per level when pretty (0: tabs)
  bool skip_null_members = false;      // empty optionals and pointers are left out of objects
  bool nan_inf_as_null = false;        // NaN and infinity are written as null (else an error)

  friend constexpr bool operator==(const options&, const options&) = default;
};

// `o` with only the listed members and those that core reads for every format (validate_utf8,
// allow_trailing_bytes); every other member at its default. A format's `normalize` uses it, so
// that options it ignores do not instantiate a second copy of its codec.
template <auto... Members>
constexpr options keep_options(const options& o) noexcept {
  options kept{};
  kept.validate_utf8 = o.validate_utf8;
  kept.allow_trailing_bytes = o.allow_trailing_bytes;
  ((kept.*Members = o.*Members), ...);
  return kept;
}

}  // namespace prism
