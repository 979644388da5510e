#pragma once
// Compile-time options: a structural aggregate passed as a template argument, so that every
// branch on an option is resolved at compile time.
//
// A yes/no option left out of an options value is not "false": it takes the format's own default,
// so that `prism::write<prism::json, prism::options{.error_on_unknown_keys = true}>(v, out)` still
// writes enums by name as JSON does by default. A format reads only some of the options and says
// which in `static constexpr options normalize(options)`; the entry points pass it only those,
// resolved.
#include <cstdint>
#include <string_view>

namespace prism {

// A yes/no option. Unset, it reads as the format's default once the entry points have resolved
// the options (detail::normalized), and as Default before.
template <bool Default>
struct flag {
  signed char state = -1;  // -1 unset, 0 no, 1 yes

  constexpr flag() noexcept = default;
  constexpr flag(bool on) noexcept : state(on ? 1 : 0) {}  // NOLINT: `.deterministic = true` must convert
  constexpr explicit operator bool() const noexcept { return state < 0 ? Default : state == 1; }
  constexpr bool is_set() const noexcept { return state >= 0; }
  friend constexpr bool operator==(const flag&, const flag&) = default;
};

// The options that only one format reads (prism::cbor_options, prism::msgpack_options, ...),
// carried as that format's name and a few flags: core knows none of them, and a format reads its
// own with that type's `from`. Converting a format's options type produces one.
struct format_options {
  static constexpr int capacity = 8;
  std::uint32_t owner = 0;  // detail::format_key of the format's name; 0: none given
  signed char flags[capacity] = {-1, -1, -1, -1, -1, -1, -1, -1};

  friend constexpr bool operator==(const format_options&, const format_options&) = default;
};

namespace detail {
// A format's key in format_options::owner: its name hashed (FNV-1a), never 0.
constexpr std::uint32_t format_key(std::string_view name) noexcept {
  std::uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h == 0 ? 1 : h;
}

// The members of a format's options type Own, kept in format_options in this order: yes/no
// flags, and small numbers (0 to 127, such as JSON's indent) that always carry their value.
template <class Own, auto... Members>
struct own_option_flags {
  static_assert(sizeof...(Members) <= format_options::capacity, "prism: a format's options hold at most 8 members");
  template <class M>
  static constexpr bool is_flag = requires(M m) { m.is_set(); };

  static constexpr format_options pack(std::uint32_t owner, const Own& own) noexcept {
    format_options f{owner};
    int i = 0;
    ((f.flags[i++] = stored(own.*Members)), ...);
    return f;
  }
  static constexpr Own unpack(const format_options& f) noexcept {
    Own own{};
    int i = 0;
    ((load(own.*Members, f.flags[i++])), ...);
    return own;
  }
  // Every flag set: to its value, else to its default.
  static constexpr format_options resolve(std::uint32_t owner, const format_options& f) noexcept {
    Own own = unpack(f);
    ((settle(own.*Members)), ...);
    return pack(owner, own);
  }

 private:
  template <class M>
  static constexpr signed char stored(const M& m) noexcept {
    if constexpr (is_flag<M>) return m.state;
    else return static_cast<signed char>(m > 127 ? 127 : m);
  }
  template <class M>
  static constexpr void load(M& m, signed char state) noexcept {
    if constexpr (is_flag<M>) m.state = state;
    else if (state >= 0) m = static_cast<M>(state);  // else unset: the member's default
  }
  template <class M>
  static constexpr void settle(M& m) noexcept {
    if constexpr (is_flag<M>) m = static_cast<bool>(m);
  }
};
}  // namespace detail

struct options {
  flag<false> structs_as_arrays{};      // self-describing formats: structs as arrays, not keyed maps
  flag<false> error_on_unknown_keys{};  // a key the struct does not have is an error (else skipped)
  flag<false> error_on_missing_keys{};  // a field absent from the input is an error (else untouched)
  flag<true> validate_utf8{};           // strings must be valid UTF-8 on read
  flag<false> enums_as_strings{};       // self-describing formats: enums by name (JSON's and FlexBuffers' default: yes)
  flag<false> allow_trailing_bytes{};   // bytes after the top-level value are not an error
  // One format's own options: `.format = prism::cbor_options{.deterministic = true}`, or that
  // value alone where options are expected: `prism::write<prism::json, prism::json_options{.pretty = true}>`
  format_options format{};

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
                 &options::validate_utf8, &options::enums_as_strings, &options::allow_trailing_bytes>;
}  // namespace detail

// `o` with every option it leaves unset taken from `defaults` (a format's defaults).
// A format's own options given in `o` stand as given, flag by flag over none of `defaults`.
constexpr options resolve_options(const options& o, const options& defaults) noexcept {
  options resolved = detail::all_option_flags::resolve(o, defaults);
  if (resolved.format.owner == 0) resolved.format = defaults.format;
  return resolved;
}

// `o` with only the listed members, those that core reads for every format (validate_utf8,
// allow_trailing_bytes) and the format's own options; every other member unset. A format's `normalize` uses it, so that
// options it ignores do not instantiate a second copy of its codec.
template <auto... Members>
constexpr options keep_options(const options& o) noexcept {
  options kept{};
  kept.validate_utf8 = o.validate_utf8;
  kept.allow_trailing_bytes = o.allow_trailing_bytes;
  kept.format = o.format;
  ((kept.*Members = o.*Members), ...);
  return kept;
}

}  // namespace prism
