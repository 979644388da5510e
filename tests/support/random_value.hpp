#pragma once
// Seeded random values of any supported type, for round-trip property tests.
#include <bitset>
#include <chrono>
#include <cstddef>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include <prism/core/concepts.hpp>
#include <prism/core/enum.hpp>
#include <prism/core/fields.hpp>

namespace testing_support {

template <class T>
struct is_duration : std::false_type {};
template <class Rep, class Period>
struct is_duration<std::chrono::duration<Rep, Period>> : std::true_type {};

template <class T>
struct is_bitset : std::false_type {};
template <std::size_t N>
struct is_bitset<std::bitset<N>> : std::true_type {};

class random_values;

// A test type makes its own random values with `void random_fill(random_values&, T&)`, found by
// argument-dependent lookup.
template <class T>
concept fills_itself = requires(random_values& r, T& v) { random_fill(r, v); };

class random_values {
 public:
  explicit random_values(std::uint64_t seed) : rng_(seed) {}

  std::size_t length(std::size_t max = 6) { return std::uniform_int_distribution<std::size_t>(0, max)(rng_); }
  bool coin() { return std::uniform_int_distribution<int>(0, 1)(rng_) == 1; }

  std::mt19937_64& engine() { return rng_; }

  template <class T>
  void fill(T& v, int depth = 0) {
    using namespace prism;
    if constexpr (fills_itself<T>) {
      random_fill(*this, v);
    } else if constexpr (is_duration<T>::value) {
      v = T(static_cast<typename T::rep>(std::uniform_int_distribution<long long>(-(1ll << 40), 1ll << 40)(rng_)));
    } else if constexpr (is_bitset<T>::value) {
      for (std::size_t i = 0; i < v.size(); ++i) v.set(i, coin());
    } else if constexpr (prism::detail::filesystem_path<T>) {
      static constexpr const char* parts[] = {"usr", "data", "é", "a b", "..", "x.json"};
      v = coin() ? T("/") : T();
      for (std::size_t i = 0, n = length(4); i < n; ++i) v /= parts[std::uniform_int_distribution<std::size_t>(0, 5)(rng_)];
    } else if constexpr (std::is_same_v<T, long double>) {
      double d{};
      fill(d);
      v = d;
    } else if constexpr (boolean<T>) {
      v = coin();
    } else if constexpr (integer<T>) {
      // Mostly the edges of the encodings, sometimes anything.
      using wide = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
      if (coin()) {
        const long long lo = std::is_signed_v<T> ? -40 : 0;
        const long long hi = static_cast<unsigned long long>(std::numeric_limits<T>::max()) > 300ull
                                 ? 300
                                 : static_cast<long long>(std::numeric_limits<T>::max());
        v = static_cast<T>(std::uniform_int_distribution<long long>(lo, hi)(rng_));
      } else {
        v = static_cast<T>(std::uniform_int_distribution<wide>(std::numeric_limits<T>::min(), std::numeric_limits<T>::max())(rng_));
      }
    } else if constexpr (floating<T>) {
      v = coin() ? static_cast<T>(std::uniform_int_distribution<int>(-1000, 1000)(rng_))
                 : static_cast<T>(std::normal_distribution<double>(0, 1e6)(rng_));
    } else if constexpr (enumeration<T>) {
      const auto entries = enum_entries<T>();
      v = entries[std::uniform_int_distribution<std::size_t>(0, entries.size() - 1)(rng_)].first;
    } else if constexpr (string_type<T>) {
      static constexpr const char* pieces[] = {"a", "Z", "0", " ", "é", "€", "𝄞", "\\", "\"", "key", "\n"};
      v.clear();
      for (std::size_t i = 0, n = length(40); i < n; ++i) v += pieces[std::uniform_int_distribution<std::size_t>(0, 10)(rng_)];
    } else if constexpr (byte_vector<T>) {
      v.resize(length(300));
      for (auto& b : v) b = static_cast<std::byte>(std::uniform_int_distribution<int>(0, 255)(rng_));
    } else if constexpr (fixed_array<T>) {
      for (auto& e : v) fill(e, depth + 1);
    } else if constexpr (set_type<T>) {
      v.clear();
      for (std::size_t i = 0, n = depth > 3 ? 0 : length(depth == 0 ? 20 : 4); i < n; ++i) {
        typename T::key_type k{};
        fill(k, depth + 1);
        v.insert(std::move(k));
      }
    } else if constexpr (sequence<T>) {
      v.clear();
      v.resize(depth > 3 ? 0 : length(depth == 0 ? 20 : 4));
      for (auto&& e : v) {
        if constexpr (std::is_same_v<range_value_t<T>, bool>) e = coin();
        else fill(e, depth + 1);
      }
    } else if constexpr (map_type<T>) {
      v.clear();
      for (std::size_t i = 0, n = length(5); i < n; ++i) {
        typename T::key_type k{};
        typename T::mapped_type m{};
        fill(k, depth + 1);
        fill(m, depth + 1);
        v.emplace(std::move(k), std::move(m));
      }
    } else if constexpr (optional_type<T>) {
      if (coin()) {
        v.emplace();
        fill(*v, depth + 1);
      } else {
        v.reset();
      }
    } else if constexpr (owning_pointer<T>) {
      if (coin()) {
        v.reset(new typename T::element_type());
        fill(*v, depth + 1);
      } else {
        v.reset();
      }
    } else if constexpr (variant_type<T>) {
      const std::size_t index = std::uniform_int_distribution<std::size_t>(0, std::variant_size_v<T> - 1)(rng_);
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (void)((index == I ? (fill(v.template emplace<I>(), depth + 1), true) : false) || ...);
      }(std::make_index_sequence<std::variant_size_v<T>>{});
    } else if constexpr (tuple_type<T>) {
      std::apply([&](auto&... e) { (fill(e, depth + 1), ...); }, v);
    } else if constexpr (time_point_type<T>) {
      v = T(typename T::duration(std::uniform_int_distribution<long long>(-(1ll << 62), 1ll << 62)(rng_)));
    } else if constexpr (reflectable<T>) {
      for_each_field_index<T>([&](auto i) { fill(get_field<decltype(i)::value>(v), depth + 1); });
    } else {
      static_assert(sizeof(T) == 0, "no generator for this type");
    }
  }

  template <class T>
  T make() {
    T v{};
    fill(v);
    return v;
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace testing_support
