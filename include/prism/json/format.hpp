#pragma once
#include <cstdint>
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"
#include "../core/value.hpp"

namespace prism {

// JSON's own options: `prism::write<prism::json, prism::json_options{.pretty = true}>(v)`, or
// `prism::options{.error_on_unknown_keys = true, .format = prism::json_options{.pretty = true}}`.
struct json_options {
  flag<false> pretty{};             // newlines and indentation
  unsigned char indent = 2;         // spaces per level when pretty (0: tabs; at most 127)
  flag<false> skip_null_members{};  // empty optionals and pointers are left out of objects
  flag<false> nan_inf_as_null{};    // NaN and infinity are written as null (else an error)
  flag<false> untagged_variants{};  // variants as their alternative's plain value, read back by JSON type
  flag<false> jsonc{};              // read: comments and trailing commas allowed (json/jsonc.hpp)

  static constexpr std::uint32_t key = detail::format_key("json");
  using flags = detail::own_option_flags<json_options, &json_options::pretty, &json_options::indent,
                                         &json_options::skip_null_members, &json_options::nan_inf_as_null,
                                         &json_options::untagged_variants, &json_options::jsonc>;
  constexpr operator format_options() const noexcept { return flags::pack(key, *this); }  // NOLINT: `.format = json_options{...}`
  constexpr operator options() const noexcept { return options{.format = *this}; }  // NOLINT: `write<F, json_options{...}>`
  static constexpr json_options from(const format_options& f) noexcept { return flags::unpack(f); }
};

// JSON (RFC 8259), read straight into structs and written straight from them. Structs are
// objects (arrays with options::structs_as_arrays), enums their names, blobs base64 strings,
// time points RFC 3339 strings, variants tagged objects (see docs/json.md).
struct json {
  static constexpr std::string_view name = "json";
  static constexpr options defaults{.enums_as_strings = true};
  using own_options = json_options;
  // The options this format reads; the entry points reset the others (keep_options). An indent
  // means nothing without pretty output, so it does not make a second copy of the writer there.
  static constexpr options normalize(options o) noexcept {
    options kept = keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                                &options::error_on_missing_keys, &options::enums_as_strings>(o);
    if (kept.format.owner != 0) {
      json_options own = json_options::from(kept.format);
      if (!own.pretty) own.indent = json_options{}.indent;
      kept.format = own;
    }
    return kept;
  }
  using value = prism::value;  // a document of unknown shape (core/value.hpp)
  // JSON reads and writes prism::value itself, also as a member of a struct.
  static constexpr bool native_value = true;
};

namespace json_detail {
// The format's own options as the entry points resolved them.
template <options O>
inline constexpr json_options own = json_options::from(O.format);

// O without jsonc: what reads the text once its comments are gone, so that it is the same code
// as a plain read.
template <options O>
inline constexpr options without_jsonc = [] {
  options plain = O;
  json_options own_plain = json_options::from(O.format);
  own_plain.jsonc = false;
  plain.format = own_plain;
  return plain;
}();
}  // namespace json_detail

}  // namespace prism
