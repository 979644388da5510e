#pragma once
#include <cstdint>
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// MessagePack's own options: `prism::options{.format = prism::msgpack_options{.compact_floats = false}}`.
struct msgpack_options {
  flag<true> compact_floats{};  // integral floats as integers, as msgpack-cxx writes them

  static constexpr std::uint32_t key = detail::format_key("msgpack");
  using flags = detail::own_option_flags<msgpack_options, &msgpack_options::compact_floats>;
  constexpr operator format_options() const noexcept { return flags::pack(key, *this); }  // NOLINT: `.format = msgpack_options{...}`
  constexpr operator options() const noexcept { return options{.format = *this}; }  // NOLINT: `write<F, msgpack_options{...}>`
  static constexpr msgpack_options from(const format_options& f) noexcept { return flags::unpack(f); }
};

// MessagePack (https://github.com/msgpack/msgpack/blob/master/spec.md). Structs are maps keyed
// by field name (arrays with options::structs_as_arrays), variants [index, value], blobs bin,
// time points the timestamp extension (type -1).
struct msgpack {
  static constexpr std::string_view name = "msgpack";
  static constexpr bool value_members = true;  // prism::value as a member, through its views
  static constexpr options defaults{};
  using own_options = msgpack_options;
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options<&options::structs_as_arrays, &options::error_on_unknown_keys,
                        &options::error_on_missing_keys,
                        &options::enums_as_strings>(o);
  }
};

namespace msgpack_detail {
// The format's own options as the entry points resolved them.
template <options O>
inline constexpr msgpack_options own = msgpack_options::from(O.format);
}  // namespace msgpack_detail

}  // namespace prism
