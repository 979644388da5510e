#pragma once
// Whether every path that decodes a whole message gives the same verdict on the same bytes:
// a walk of the view through its public accessors, prism::transcode into the same format, a read
// into prism::value, verify() where the format has it, and the format's own skip of an unknown
// key's value (the message wrapped as the value of a key no struct member has). The fuzz targets
// call it on every input and a test on the seeds and their mutants; the differences that are
// deliberate are listed in docs/security.md and allowed here, each by name.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <prism/core/api.hpp>
#include <prism/core/transcode.hpp>
#include <prism/core/value_io.hpp>
#include <prism/core/view.hpp>

namespace paths_agree {

// What a skip read reads into: the wrapped message's one key matches no member.
struct skip_target {
  int unmatched_member = 0;
};
// What the wrapping is made from: the bytes of {"x": true} without those of `true`.
struct one_flag {
  bool x = true;
};

// Every value under `v` decodes through the view's accessors, containers count what their size
// says, and nothing is deeper than `max_depth` (a container at depth d needs d < max_depth, as the
// transcoder counts).
template <class View>
bool walk(const View& tagged_view, std::size_t depth, std::size_t max_depth) {
  View v = tagged_view;
  while (auto tagged = v.as_tagged()) v = tagged->second;  // a chain of tags is no level of nesting
  if (!v.valid()) return false;
  switch (v.type()) {
    case prism::value_type::null: return true;
    case prism::value_type::boolean: return static_cast<bool>(v.template as<bool>());
    case prism::value_type::integer: {
      if (v.template as<std::int64_t>() || v.template as<std::uint64_t>()) return true;
      if constexpr (requires(std::uint64_t& n) { v.node().get_negative_beyond_int64(n); }) {
        std::uint64_t n{};
        return v.node().get_negative_beyond_int64(n) == prism::errc::ok;
      }
      return false;
    }
    case prism::value_type::floating: return static_cast<bool>(v.template as<double>());
    case prism::value_type::string: return v.as_string_view() || v.template as<std::string>();
    case prism::value_type::binary: return v.as_bytes() || v.template as<std::vector<std::byte>>();
    case prism::value_type::timestamp:
      return static_cast<bool>(v.template as<std::chrono::sys_time<std::chrono::nanoseconds>>());
    case prism::value_type::extension: return static_cast<bool>(v.as_extension());
    case prism::value_type::simple: return static_cast<bool>(v.as_simple());
    case prism::value_type::tensor: {
      prism::tensor_header h;
      return v.node().get_tensor(h) == prism::errc::ok;
    }
    case prism::value_type::array:
    case prism::value_type::object: {
      if (depth >= max_depth) return false;
      const auto size = v.size();
      if (!size) return false;
      std::size_t n = 0;
      if (v.type() == prism::value_type::object) {
        for (auto [key, value] : v.items()) {
          if (!walk(key, depth + 1, max_depth) || !walk(value, depth + 1, max_depth)) return false;
          ++n;
        }
      } else {
        auto range = v.elements();
        for (auto e : range) {
          if (!walk(e, depth + 1, max_depth)) return false;
          ++n;
        }
        if (range.error() != prism::errc::ok) return false;
      }
      return n == *size;
    }
    default: return false;  // not well-formed
  }
}

// What each path said about one message: errc::ok when it accepts.
struct verdicts {
  prism::errc walk = prism::errc::ok;  // invalid_value for any failure: a walk has no error of its own
  prism::errc transcode = prism::errc::ok;
  prism::errc value = prism::errc::ok;
  std::optional<prism::errc> verify;
  std::optional<prism::errc> skip;

  std::string describe() const {
    auto said = [](prism::errc e) { return std::string(e == prism::errc::ok ? "accepts" : prism::describe(e)); };
    std::string s = "walk " + said(walk) + ", transcode " + said(transcode) + ", read into prism::value " + said(value);
    if (verify) s += ", verify " + said(*verify);
    if (skip) s += ", skip " + said(*skip);
    return s;
  }
};

// The message wrapped as the value of an unknown key, for a skip read.
template <class Format>
std::optional<std::string> wrapped(std::string_view input) {
  if constexpr (Format::name == "json") {
    return "{\"x\":" + std::string(input) + "}";
  } else {
    const auto with_true = prism::write<Format>(one_flag{true});
    const auto with_false = prism::write<Format>(one_flag{false});
    if (!with_true || !with_false || with_true->size() != with_false->size() ||
        with_true->substr(0, with_true->size() - 1) != with_false->substr(0, with_false->size() - 1))
      return std::nullopt;  // the flag is not the message's last byte
    return with_true->substr(0, with_true->size() - 1) + std::string(input);
  }
}

template <class R>
prism::errc code_of(const R& r) {
  return r ? prism::errc::ok : r.error().code;
}

template <class Format>
verdicts judge(std::string_view input, const prism::limits& lim) {
  verdicts v;
  if constexpr (requires { prism::view_traits<Format>::verify_before_walk; }) v.verify = code_of(prism::verify<Format>(input, lim));
  // A FlexBuffers message may share one container from many places (an 8-byte cycle): walked
  // only when verified, as transcode does.
  const auto root = prism::view<Format>(input, lim);
  const bool walkable = !v.verify || *v.verify == prism::errc::ok || Format::name != "flex";
  const bool walked = walkable && walk(root, 0, lim.max_depth) && prism::detail::root_end(root.node(), input.size()) == input.size();
  v.walk = walked ? prism::errc::ok : prism::errc::invalid_value;
  v.transcode = code_of(prism::transcode<Format, Format>(input, lim));
  v.value = code_of(prism::read<Format, prism::value>(input, lim));
  if constexpr (requires { prism::view_traits<Format>::verify(nullptr, 0, lim); }) {
    if (!v.verify) v.verify = code_of(prism::verify<Format>(input, lim));
  }
  if constexpr (Format::name != "zbin" && Format::name != "flex") {  // no wrapping: offsets, a root at the end
    if (const auto message = wrapped<Format>(input)) {
      prism::limits outer = lim;
      ++outer.max_depth;  // the wrapping's own level
      v.skip = code_of(prism::read<Format, skip_target>(*message, outer));
    }
  }
  return v;
}

// Empty when the paths agree on `input`, else what each said. Well-formed is what the walk and
// the skip take; a transcode and a read into prism::value may also refuse, as a type mismatch or
// out of range, what their value model cannot hold (a key that is an array or below -2^63, a
// tensor in prism::value).
template <class Format>
std::string disagreement(std::string_view input, const prism::limits& lim) {
  using prism::errc;
  const verdicts v = judge<Format>(input, lim);
  const bool well_formed = v.walk == errc::ok;
  auto holds = [&](errc e) { return e == errc::ok ? well_formed : !well_formed || e == errc::type_mismatch || e == errc::out_of_range; };
  // A view of zbin or FlexBuffers follows offsets without verify()'s checks of their order and
  // sharing: a walk of an unverified message may accept more (a read and a transcode verify first).
  constexpr bool walk_trusts_offsets = requires { prism::view_traits<Format>::verify_before_walk; };
  bool agree = true;
  if constexpr (walk_trusts_offsets) {
    const bool verified = *v.verify == errc::ok;
    agree = (!verified || well_formed) && (v.transcode == errc::ok || !verified || v.transcode == errc::type_mismatch) &&
            (v.value == errc::ok || !verified || v.value == errc::type_mismatch) &&
            (verified || (v.transcode != errc::ok && v.value != errc::ok));
  } else {
    // prism::value holds each tag as a level of nesting: a chain of tags counts against max_depth there.
    // (A transcode holds depth to the walk's rule.)
    agree = holds(v.transcode) && (holds(v.value) || (v.value == errc::too_deep && well_formed));
    if (v.verify) {
      // JSON's verify checks the syntax of numbers, not their range (a read refuses 1e400).
      agree &= (*v.verify == errc::ok) == well_formed || (*v.verify == errc::ok && v.value == errc::out_of_range);
    }
    if (v.skip) {
      // JSON's wrapping may close the object early (`1,"y":2`): only acceptance carries over.
      if constexpr (Format::name == "json") agree &= !well_formed || *v.skip == errc::ok;
      else agree &= (*v.skip == errc::ok) == well_formed;
    }
  }
  return agree ? std::string() : v.describe();
}

}  // namespace paths_agree
