#pragma once
// Enum value <-> name without annotations. Names are found by probing every value in
// [enum_min, enum_max] at compile time: by default [-128, 127] clipped to the underlying type,
// overridable with `static constexpr long long enum_min, enum_max` in prism::meta<E>.
// Values outside the range are still serialized as numbers; they just have no name.
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "meta.hpp"
#include "pretty_name.hpp"

namespace prism {

namespace detail {

template <class E>
constexpr long long enum_range_min() noexcept {
  using U = std::underlying_type_t<E>;
  if constexpr (requires { meta<E>::enum_min; }) {
    return meta<E>::enum_min;
  } else {
    return std::max<long long>(-128, static_cast<long long>(std::numeric_limits<U>::min()));
  }
}

template <class E>
constexpr long long enum_range_max() noexcept {
  using U = std::underlying_type_t<E>;
  if constexpr (requires { meta<E>::enum_max; }) {
    return meta<E>::enum_max;
  } else {
    return std::min<long long>(127, static_cast<long long>(std::numeric_limits<U>::max()));
  }
}

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wenum-constexpr-conversion"
#endif
// The names of the N values a signature spells, in order: "{ns::E::a, (ns::E)1, ns::E::c}"
// (gcc) or "<ns::E::a, (ns::E)1, ns::E::c>" (clang); a value without an enumerator is a cast,
// which ends in its number.
template <std::size_t N>
constexpr std::array<std::string_view, N> enumerator_names(std::string_view sig) noexcept {
  std::array<std::string_view, N> spelled{};
  std::size_t at = sig.find("V = ") + 5;  // past the list's opening bracket
  for (std::size_t k = 0; k < N; ++k) {
    std::size_t end = at;
    for (int nesting = 0; end < sig.size(); ++end) {  // to the comma or bracket that ends this value
      const char c = sig[end];
      if (c == '<' || c == '(' || c == '[' || c == '{') ++nesting;
      else if ((c == '>' || c == ')' || c == ']' || c == '}') && nesting-- == 0) break;
      else if (c == ',' && nesting == 0) break;
    }
    const std::string_view value = sig.substr(at, end - at);
    const std::string_view last = trailing_identifier(value);
    // Every element assigned, also the empty ones: g++ otherwise leaves them implicit in the
    // constant and later refuses to read them ("modification of ... is not a constant").
    const std::size_t last_at = value.size() - last.size();
    const bool named = !last.empty() && !(last.front() >= '0' && last.front() <= '9') && (last_at == 0 || value[last_at - 1] != ')');
    spelled[k] = named ? last : std::string_view{};
    at = end + 2;  // past ", "
  }
  return spelled;
}

// The names of E(Min), E(Min + 1), ...: one signature spells the whole range (one instantiation
// for it, not one per value).
template <class E, long long Min, std::size_t... I>
constexpr auto probe_enum_names(std::index_sequence<I...>) noexcept {
  return enumerator_names<sizeof...(I)>(
      values_signature<static_cast<E>(static_cast<std::underlying_type_t<E>>(Min + static_cast<long long>(I)))...>());
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <class E>
struct enum_table {
  static constexpr long long min = enum_range_min<E>();
  static constexpr long long max = enum_range_max<E>();
  static constexpr auto names = probe_enum_names<E, min>(std::make_index_sequence<std::size_t(max - min + 1)>{});
  static constexpr std::size_t count = [] {
    std::size_t n = 0;
    for (auto name : names) n += !name.empty();
    return n;
  }();
  // The enumerators in value order: their values and names.
  static constexpr auto entries = [] {
    std::array<std::pair<E, std::string_view>, count> out{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (!names[i].empty()) {
        out[n++] = {static_cast<E>(static_cast<std::underlying_type_t<E>>(min + static_cast<long long>(i))), names[i]};
      }
    }
    return out;
  }();
  // Enumerators with consecutive values (most enums): a name is found by index.
  static constexpr bool consecutive = [] {
    for (std::size_t i = 1; i < count; ++i) {
      if (static_cast<long long>(entries[i].first) != static_cast<long long>(entries[0].first) + static_cast<long long>(i)) return false;
    }
    return true;
  }();
};

}  // namespace detail

// The enumerator's name, or an empty view for a value that has none in the probed range.
template <class E>
  requires std::is_enum_v<E>
constexpr std::string_view enum_name(E value) noexcept {
  // From the enumerators alone: the probed range's table of names (every value in it, most
  // without a name) stays a compile-time matter, out of the program.
  using table = detail::enum_table<E>;
  const auto v = static_cast<long long>(value);
  if constexpr (table::count == 0) {
    return {};
  } else if constexpr (table::consecutive) {
    const auto i = static_cast<unsigned long long>(v) - static_cast<unsigned long long>(table::entries[0].first);
    return i < table::count ? table::entries[i].second : std::string_view{};
  } else {
    std::size_t low = 0, high = table::count;  // entries are in value order
    while (low < high) {
      const std::size_t mid = (low + high) / 2;
      if (static_cast<long long>(table::entries[mid].first) < v) low = mid + 1;
      else high = mid;
    }
    return low < table::count && static_cast<long long>(table::entries[low].first) == v ? table::entries[low].second
                                                                                           : std::string_view{};
  }
}

template <class E>
  requires std::is_enum_v<E>
constexpr std::optional<E> enum_from_name(std::string_view name) noexcept {
  for (const auto& [value, n] : detail::enum_table<E>::entries) {
    if (n == name) return value;
  }
  return std::nullopt;
}

// True when the value is one of the enumerators found in the probed range.
template <class E>
  requires std::is_enum_v<E>
constexpr bool enum_contains(E value) noexcept {
  return !enum_name(value).empty();
}

template <class E>
  requires std::is_enum_v<E>
constexpr auto enum_entries() noexcept {
  return detail::enum_table<E>::entries;
}

}  // namespace prism
