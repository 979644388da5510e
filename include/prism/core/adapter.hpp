#pragma once
// prism::adapter<T>: a value type that travels as another type, its proxy, in every format.
//
//   template <>
//   struct prism::adapter<Uuid> {
//     static std::string to(const Uuid& id) { return id.text(); }               // what is written
//     static bool from(const std::string& text, Uuid& id) { return id.parse(text); }
//   };
//
// `to` returns the proxy, by value or by const reference. `from` takes the proxy read from the
// input (by value, const reference or rvalue reference) and is one of
//
//   static T    from(Proxy)        builds the value
//   static void from(Proxy, T&)    assigns into the existing value
//   static bool from(Proxy, T&)    ...and says whether the proxy was acceptable; false makes the
//                                  read fail with errc::invalid_value at the value's offset
//
// The proxy is any type prism reads and writes: a number, a string, a struct, a container, or
// another adapted type. An adapter takes precedence over every built-in category, so it can
// also change how an enum or a struct travels. prism adapts some standard types itself, through
// this same mechanism: std::chrono::duration (its count), std::bitset (its string of 0 and 1),
// std::filesystem::path (its generic string) and long double (as double).
#include <array>
#include <bitset>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "error.hpp"
#include "pretty_name.hpp"

namespace prism {

template <class T>
struct adapter {};

template <class T>
concept adapted = requires(const T& v) { adapter<T>::to(v); };

template <adapted T>
using proxy_t = std::remove_cvref_t<decltype(adapter<T>::to(std::declval<const T&>()))>;

// std::chrono::duration travels as its count in its own units.
template <class Rep, class Period>
struct adapter<std::chrono::duration<Rep, Period>> {
  static constexpr Rep to(const std::chrono::duration<Rep, Period>& d) noexcept { return d.count(); }
  static constexpr std::chrono::duration<Rep, Period> from(Rep count) noexcept { return std::chrono::duration<Rep, Period>(count); }
};

// std::bitset<N> travels as the N characters '0' and '1' of to_string() (bit N-1 first).
template <std::size_t N>
struct adapter<std::bitset<N>> {
  static std::string to(const std::bitset<N>& b) { return b.to_string(); }
  static bool from(const std::string& text, std::bitset<N>& b) noexcept {
    if (text.size() != N) return false;
    for (std::size_t i = 0; i < N; ++i) {
      const char c = text[N - 1 - i];
      if (c != '0' && c != '1') return false;
      b.set(i, c == '1');
    }
    return true;
  }
};

// The type that finally travels for T: T itself, or its proxy's, through every adapter.
template <class T>
struct travels_as {
  using type = T;
};
template <adapted T>
struct travels_as<T> {
  using type = typename travels_as<proxy_t<T>>::type;
};
template <class T>
using travels_as_t = typename travels_as<T>::type;

namespace detail {
// std::filesystem::path, recognized by its interface so that prism does not include <filesystem>.
template <class T>
concept filesystem_path = requires(const T& p, std::string s) {
  typename T::string_type;
  { p.generic_string() } -> std::same_as<std::string>;
  { p.lexically_normal() } -> std::same_as<T>;
  T(s);
};
}  // namespace detail

// A path travels as its generic string ('/' between components on every system).
template <detail::filesystem_path T>
struct adapter<T> {
  static std::string to(const T& p) { return p.generic_string(); }
  static T from(const std::string& text) { return T(text); }
};

// long double travels as double: no wire format here has a wider float.
template <>
struct adapter<long double> {
  static constexpr double to(long double v) noexcept { return static_cast<double>(v); }
  static constexpr long double from(double v) noexcept { return v; }
};

namespace detail {

// "a value that prism::adapter<Uuid>::from accepts": what a refused proxy expected, naming the
// type, in static storage (errors hold views).
template <class T>
inline constexpr auto adapter_refusal = [] {
  constexpr std::string_view head = "a value that prism::adapter<", tail = ">::from accepts";
  constexpr std::string_view name = short_type_name<T>();
  std::array<char, head.size() + name.size() + tail.size()> text{};
  std::size_t n = 0;
  for (char c : head) text[n++] = c;
  for (char c : name) text[n++] = c;
  for (char c : tail) text[n++] = c;
  return text;
}();

// Gives `v` the value of the proxy `p` read at `offset` through adapter<T>::from, in whichever
// of its three forms the adapter has.
template <adapted T, class Ctx>
PRISM_INLINE bool assign_from_proxy(Ctx& ctx, T& v, proxy_t<T>&& p, std::size_t offset) {
  using A = adapter<T>;
  if constexpr (requires { { A::from(std::move(p), v) } -> std::same_as<bool>; }) {
    if (!A::from(std::move(p), v)) [[unlikely]] {
      constexpr auto& refusal = adapter_refusal<T>;
      return ctx.fail(errc::invalid_value, offset, std::string_view(refusal.data(), refusal.size()));
    }
    return true;
  } else if constexpr (requires { A::from(std::move(p), v); }) {
    A::from(std::move(p), v);
    return true;
  } else {
    static_assert(requires { { A::from(std::move(p)) } -> std::convertible_to<T>; },
                  "prism::adapter<T>::from must be `T from(Proxy)`, `void from(Proxy, T&)` or `bool from(Proxy, T&)`");
    v = A::from(std::move(p));
    return true;
  }
}

// The value that finally travels for v, through every adapter.
template <class T>
constexpr travels_as_t<T> travelling_value(const T& v) {
  if constexpr (adapted<T>) return travelling_value(adapter<T>::to(v));
  else return v;
}

// Gives `v` the value that travelled for it, through every adapter's `from`.
template <class T, class Ctx>
bool assign_travelling(Ctx& ctx, T& v, travels_as_t<T>&& p, std::size_t offset) {
  if constexpr (!adapted<T>) {
    v = std::move(p);
    return true;
  } else {
    proxy_t<T> proxy{};
    return assign_travelling(ctx, proxy, std::move(p), offset) && assign_from_proxy(ctx, v, std::move(proxy), offset);
  }
}

// Reads an adapted value: its proxy through `read_proxy`, then adapter<T>::from.
template <adapted T, class Ctx, class ReadProxy>
PRISM_INLINE bool read_through_adapter(Ctx& ctx, T& v, std::size_t offset, ReadProxy&& read_proxy) {
  proxy_t<T> p{};
  if (!read_proxy(p)) return false;
  return assign_from_proxy(ctx, v, std::move(p), offset);
}

}  // namespace detail
}  // namespace prism
