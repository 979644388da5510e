#pragma once
#include <cstdint>
#include <string_view>

#include "../core/api.hpp"
#include "../core/options.hpp"

namespace prism {

// pack's own options: `prism::options{.format = prism::pack_options{.packed_sequences = true}}`.
struct pack_options {
  flag<false> packed_sequences{};  // sequences column by column, integers bit-packed (docs/pack.md)

  static constexpr std::uint32_t key = detail::format_key("pack");
  using flags = detail::own_option_flags<pack_options, &pack_options::packed_sequences>;
  constexpr operator format_options() const noexcept { return flags::pack(key, *this); }  // NOLINT: `.format = pack_options{...}`
  constexpr operator options() const noexcept { return options{.format = *this}; }  // NOLINT: `write<F, pack_options{...}>`
  static constexpr pack_options from(const format_options& f) noexcept { return flags::unpack(f); }
};

// What pack reads of a struct type in meta:
//   static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
// A versioned struct is written as the size of its body, then its fields: a reader built with
// fields appended to the struct gives the missing ones their C++ defaults, and a reader built
// without them skips them (docs/pack.md "Versioned structs").
struct pack_struct {
  bool versioned = false;
};

// What pack reads of a field of a versioned struct: the version that appended it,
//   prism::field<&User::email>().with(prism::pack_field{.since = 2})
// Fields without one are version 1; versions may only grow along the struct.
struct pack_field {
  unsigned since = 1;
};

// What pack reads of a number field in meta: the field is stored in the bits its range needs
// (docs/pack.md "Value ranges"). Integers take every value in [min, max]; floats are quantized
// to steps of at most `precision` (lossy), as
//   prism::field<&Vec3::x>().with(prism::pack_range{.min = -1, .max = 1, .precision = 0.01})
// which takes 8 bits.
struct pack_range {
  double min = 0;
  double max = 0;
  double precision = 0;  // floats only
  constexpr bool given() const noexcept { return max > min; }
};

// prism's compact schema-driven binary (docs/pack.md): the C++ type is the schema.
struct pack {
  static constexpr std::string_view name = "pack";
  static constexpr options defaults{};
  using own_options = pack_options;
  // The options this format reads; the entry points reset the others (keep_options).
  static constexpr options normalize(options o) noexcept {
    return keep_options(o);
  }
};

namespace pack_detail {
// The format's own options as the entry points resolved them.
template <options O>
inline constexpr pack_options own = pack_options::from(O.format);
}  // namespace pack_detail

}  // namespace prism
