#pragma once
// Decodes arbitrary bytes as several types; any error is fine, a crash or a sanitizer report
// is not. Every path must agree: a read from a stream gives the span read's verdict and value
// (bytes after the message stay in the stream);
// a value that decodes is written back and decodes again to an equal value, also into an
// object that already holds other values.
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include "data/monsters.hpp"
#include "support/paths_agree.hpp"
#include "support/random_value.hpp"
#include "support/types.hpp"
#include "support/walk_view.hpp"

// The default limits for odd-sized inputs (but an allocation budget within libFuzzer's memory
// limit), tight ones for even-sized inputs, which reach the limit checks with less input.
inline prism::limits fuzz_limits(std::string_view input) {
  if (input.size() % 2 == 1) return prism::limits{.max_alloc_bytes = 64 << 20};
  return prism::limits{.max_depth = 64, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
}

// Whether a value holds a NaN anywhere (NaN is not equal to itself, so such values are not
// compared).
template <class T>
bool contains_nan(const T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(v);
  } else if constexpr (std::is_same_v<T, prism::value> || prism::string_type<T>) {
    return false;
  } else if constexpr (prism::optional_type<T> || prism::owning_pointer<T>) {
    return v && contains_nan(*v);
  } else if constexpr (prism::variant_type<T>) {
    return std::visit([](const auto& alt) { return contains_nan(alt); }, v);
  } else if constexpr (prism::tuple_type<T>) {
    return std::apply([](const auto&... e) { return (contains_nan(e) || ...); }, v);
  } else if constexpr (prism::map_type<T>) {
    for (const auto& [key, mapped] : v)
      if (contains_nan(mapped)) return true;
    return false;
  } else if constexpr (std::ranges::range<T>) {
    for (const auto& e : v)
      if (contains_nan(e)) return true;
    return false;
  } else if constexpr (prism::reflectable<T>) {
    return !prism::all_fields<T>([&](auto i) { return !contains_nan(prism::get_field<decltype(i)::value>(v)); });
  } else {
    return false;
  }
}

template <class T>
bool same_value(const T& a, const T& b) {
  return a == b || contains_nan(a) || contains_nan(b);
}

template <class Format, class T, prism::options Opts = Format::defaults>
void fuzz_one(std::string_view input) {
  const prism::limits lim = fuzz_limits(input);
  auto value = prism::read<Format, T, Opts>(input, lim);
  // A stream read takes one message and leaves what follows it in the stream; JSON (no framing),
  // zserio (no length) and FlexBuffers (the root at the end) read the whole stream.
  std::istringstream stream{std::string(input)};
  auto streamed = prism::read<Format, T, Opts>(stream, lim);
  constexpr bool reads_whole_stream = Format::name == "json" || Format::name == "zserio" || Format::name == "flex";
  const bool whole = value || (!reads_whole_stream && value.error().code == prism::errc::trailing_bytes);
  if (whole != static_cast<bool>(streamed)) std::abort();
  if (!value) return;
  if (!same_value(*value, *streamed)) std::abort();
  std::string again;
  if (!prism::write<Format, Opts>(*value, again)) std::abort();
  auto second = prism::read<Format, T, Opts>(again, lim);
  if (!second || !same_value(*second, *value)) std::abort();
  if constexpr (!std::is_same_v<T, prism::value>) {
    T reused{};
    testing_support::random_values(input.size()).fill(reused);
    if (!prism::read<Format, Opts>(reused, again, lim) || !same_value(reused, *second)) std::abort();
  }
}

template <class Format>
void fuzz_all(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<Format, std::vector<monsters::Monster>>(input);
  fuzz_one<Format, testing_types::Everything>(input);
  fuzz_one<Format, testing_types::Node>(input);
}

// Every path that decodes a whole message (view walk, transcode, read into prism::value, verify,
// the skip of an unknown key's value) gives the same verdict (tests/support/paths_agree.hpp).
template <class Format>
void paths_agree_on(std::string_view input) {
  const std::string disagreement = paths_agree::disagreement<Format>(input, fuzz_limits(input));
  if (disagreement.empty()) return;
  std::fprintf(stderr, "paths disagree: %s\n", disagreement.c_str());
  std::abort();
}
