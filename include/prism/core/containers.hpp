#pragma once
// Helpers that decoders share for filling C++ containers and sum types.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <ranges>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "adapter.hpp"
#include "concepts.hpp"
#include "config.hpp"
#include "copy_bytes.hpp"
#include "error.hpp"
#include "source.hpp"

namespace prism::detail {

// Calls f(std::in_place_index<I>) for the runtime index; false when the index is out of range.
template <class Variant, class F>
PRISM_INLINE bool visit_index(std::size_t index, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    bool result = false;
    (void)((index == I ? (result = f(std::integral_constant<std::size_t, I>{}), true) : false) || ...);
    return result;
  }(std::make_index_sequence<std::variant_size_v<Variant>>{});
}

// Makes `v` hold alternative I, keeping the current value when it already does.
template <std::size_t I, class Variant>
PRISM_INLINE auto& ensure_alternative(Variant& v) {
  if (v.index() != I) v.template emplace<I>();
  return *std::get_if<I>(&v);
}

template <class Optional>
PRISM_INLINE auto& ensure_engaged(Optional& o) {
  if (!o) o.emplace();
  return *o;
}

// The object a unique_ptr or shared_ptr owns, made when it has none. A shared_ptr whose object
// others share too gets a new one: a read never changes what another pointer sees.
template <class Pointer>
PRISM_INLINE auto& ensure_allocated(Pointer& p) {
  using E = typename Pointer::element_type;
  if constexpr (shared_pointer<Pointer>) {
    if (!p || p.use_count() > 1) p = std::make_shared<E>();
  } else {
    if (!p) p = std::make_unique<E>();
  }
  return *p;
}

// A time point from seconds and nanoseconds (0 .. 1e9-1) since 1970, floored to the time point's
// period; false when it does not fit there (a std::chrono::sys_seconds reaches billions of years,
// sys_time<nanoseconds> about +-292).
template <class TimePoint>
bool time_point_from(std::int64_t secs, std::int64_t nanos, TimePoint& out) noexcept {
  using D = typename TimePoint::duration;
  using rep = typename D::rep;
  using per_second = std::ratio_divide<std::ratio<1>, typename D::period>;  // ticks in a second
  if constexpr (!std::is_integral_v<rep>) {
    out = TimePoint(std::chrono::duration_cast<D>(std::chrono::duration<long double>(secs) +
                                                  std::chrono::duration<long double, std::nano>(nanos)));
    return true;
  } else if constexpr (per_second::den == 1) {  // whole ticks in a second: s, ms, us, ns, ...
    std::int64_t ticks = 0;
    const std::int64_t within = std::chrono::floor<std::chrono::duration<std::int64_t, typename D::period>>(std::chrono::nanoseconds(nanos)).count();
    if (__builtin_mul_overflow(secs, std::int64_t{per_second::num}, &ticks) || __builtin_add_overflow(ticks, within, &ticks))
      return false;
    if (ticks < std::numeric_limits<rep>::min() || ticks > std::numeric_limits<rep>::max()) return false;
    out = TimePoint(D(static_cast<rep>(ticks)));
    return true;
  } else {  // coarser than a second: the whole seconds decide (ticks start on whole seconds)
    const std::int64_t ticks = std::chrono::floor<std::chrono::duration<std::int64_t, typename D::period>>(std::chrono::seconds(secs)).count();
    if (ticks < std::numeric_limits<rep>::min() || ticks > std::numeric_limits<rep>::max()) return false;
    out = TimePoint(D(static_cast<rep>(ticks)));
    return true;
  }
}

// Puts a key and its value into a map: a repeated key keeps its first value (the one a view
// finds), and a multimap keeps every entry.
template <class Map, class K, class M>
PRISM_INLINE void put_entry(Map& m, K&& key, M&& value) {
  if constexpr (requires { m.try_emplace(std::forward<K>(key), std::forward<M>(value)); }) {
    m.try_emplace(std::forward<K>(key), std::forward<M>(value));
  } else {
    m.emplace(std::forward<K>(key), std::forward<M>(value));
  }
}

// The same where the format's rule is that the last value wins (Protocol Buffers' maps).
template <class Map, class K, class M>
PRISM_INLINE void put_last_entry(Map& m, K&& key, M&& value) {
  if constexpr (requires { m.insert_or_assign(std::forward<K>(key), std::forward<M>(value)); }) {
    m.insert_or_assign(std::forward<K>(key), std::forward<M>(value));
  } else {
    m.emplace(std::forward<K>(key), std::forward<M>(value));
  }
}

// A full vector's next capacity, charged: charge_one_more's rare path (a few times per vector).
template <class Ctx, class Seq>
PRISM_NOINLINE bool charge_growth(Ctx& ctx, Seq& v) {
  using E = std::ranges::range_value_t<Seq>;
  const std::size_t budget = ctx.lim.max_alloc_bytes > ctx.allocated ? ctx.lim.max_alloc_bytes - ctx.allocated : 0;
  const std::size_t natural = v.capacity() + std::max<std::size_t>(v.capacity(), 1);  // as the vector grows by itself
  const std::size_t grown = std::min(std::max<std::size_t>(natural, 4), v.capacity() + budget / sizeof(E));
  if (grown <= v.size()) [[unlikely]] return ctx.fail(errc::allocation_limit, ctx.src.offset());
  ctx.allocated += (grown - v.capacity()) * sizeof(E);
  v.reserve(grown);  // four at first; at the budget's edge, no further
  return true;
}

// Room for one more element at the end of a sequence whose length the input does not give (JSON
// arrays, CBOR's indefinite arrays), charged to the allocation budget. A vector grows by
// doubling and is charged for the capacity it takes, up to the budget's edge and never past it;
// node containers are charged per element. (Protobuf's repeated fields keep the plain charge
// per element, cheaper on its hot path; each of their elements takes two bytes of input.)
template <class Ctx, class Seq>
PRISM_INLINE bool charge_one_more(Ctx& ctx, Seq& v) {
  using E = std::ranges::range_value_t<Seq>;
  if constexpr (requires { v.capacity(); v.reserve(std::size_t{}); } && !std::is_same_v<E, bool>) {
    if (v.size() < v.capacity()) [[likely]] return true;
    return charge_growth(ctx, v);
  } else {
    return ctx.charge(sizeof(E));
  }
}

// What make_spare_room takes: contiguous elements, a capacity, resizable.
template <class Seq>
concept spare_room_vector = requires(Seq& v) {
  v.data();
  v.capacity();
  v.resize(std::size_t{});
};

// Room for element i of a vector read from input that does not give its length, for readers
// that store by index: the vector grows as charge_one_more grows it (charged) when it is full,
// and its size at most doubles (by 16 at least) within its capacity, to no more than `most`
// elements (what the rest of the input can hold), so that the next elements need no check but
// i < v.size() and a reused vector's large capacity is not cleared for a short array. The reader
// drops the spare elements left at the end. One resize per doubling, out of line, in place of a
// push_back and its inline reallocation per reader.
template <class Ctx, spare_room_vector Vec>
PRISM_NOINLINE bool make_spare_room(Ctx& ctx, Vec& v, std::size_t most) {
  const std::size_t size = v.size();
  if (size == v.capacity() && !charge_growth(ctx, v)) return false;
  v.resize(std::max(size + 1, std::min({v.capacity(), most, size + std::max<std::size_t>(size, 16)})));
  return true;
}

// The value of an optional or owning pointer that the input says is present, through
// read(value&): an optional is engaged, a pointer gets an object (a new one when another pointer
// shares the old), charged and counted as one level of nesting (recursive types end there).
template <class T, class Ctx, class Read>
PRISM_INLINE bool read_present(Ctx& ctx, T& v, Read&& read) {
  if constexpr (owning_pointer<T>) {
    if (!ctx.charge(sizeof(typename T::element_type)) || !ctx.enter()) return false;
    const bool ok = read(ensure_allocated(v));
    ctx.leave();
    return ok;
  } else {
    return read(ensure_engaged(v));
  }
}

// Alternative `index` of a variant (the index read at index_at) through read(alternative&);
// an index past the alternatives is invalid_value.
template <class V, class Ctx, class Read>
PRISM_INLINE bool read_alternative(Ctx& ctx, V& v, std::uint64_t index, std::size_t index_at, Read&& read) {
  if (index >= std::variant_size_v<V>) [[unlikely]] return ctx.fail(errc::invalid_value, index_at, "variant index");
  return visit_index<V>(static_cast<std::size_t>(index),
                        [&](auto i) { return read(ensure_alternative<decltype(i)::value>(v)); });
}

// The elements of a tuple (or pair) in order, through read(element&, position); an error names
// the element.
template <class Tuple, class Ctx, class Read>
PRISM_INLINE bool read_tuple_elements(Ctx& ctx, Tuple& v, Read&& read) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    std::size_t failed_at = 0;
    const bool ok = ((read(std::get<I>(v), I) || (failed_at = I, false)) && ...);
    return ok || ctx.in_element(failed_at);
  }(std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

// The position of `it` in r, for an error's path: counted only when an error needs it, so that
// loops that succeed keep no index.
template <class R, class It>
PRISM_COLD std::size_t position_of(const R& r, const It& it) {
  return static_cast<std::size_t>(std::ranges::distance(std::ranges::begin(r), it));
}

// The step that entry i of a map adds to an error's path (false): its key when keys are text,
// else its position. Reads and writes name entries alike.
template <class Ctx, class Key>
PRISM_COLD bool in_map_entry(Ctx& ctx, const Key& key, std::size_t i) {
  if constexpr (string_type<Key> || string_view_type<Key>) return ctx.in_key(key);
  else return ctx.in_element(i);
}

// Entry i of a map into v: read_key(key), then read_mapped(value). An error names the entry by
// its key when keys are text, else by its position.
template <class Map, class Ctx, class ReadKey, class ReadMapped>
bool read_map_entry(Ctx& ctx, Map& v, std::size_t i, ReadKey&& read_key, ReadMapped&& read_mapped) {
  std::remove_const_t<typename Map::key_type> key{};
  if (!read_key(key)) return ctx.in_element(i);
  typename Map::mapped_type value{};
  if (!read_mapped(value)) return in_map_entry(ctx, key, i);
  put_entry(v, std::move(key), std::move(value));
  return true;
}

// The values that travel for the elements of an adapted_range, in a vector (an array for a
// fixed array).
template <class R>
auto travelling_range(const R& r) {
  using P = travels_as_t<range_value_t<R>>;
  if constexpr (fixed_array<R>) {
    std::array<P, std::tuple_size_v<R>> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = travelling_value(r[i]);
    return out;
  } else {
    std::vector<P> out;
    out.reserve(std::ranges::size(r));
    for (const auto& x : r) out.push_back(travelling_value(x));
    return out;
  }
}

// Reads an adapted_range: the range of travelling values through `read_proxies`, then each
// element from its value (through the adapters' `from`).
template <class R, class Ctx, class ReadProxies>
bool read_adapted_range(Ctx& ctx, R& v, std::size_t offset, ReadProxies&& read_proxies) {
  using P = travels_as_t<range_value_t<R>>;
  auto proxies = [] {
    if constexpr (fixed_array<R>) return std::array<P, std::tuple_size_v<R>>{};
    else return std::vector<P>{};
  }();
  if (!read_proxies(proxies)) return false;
  if constexpr (!fixed_array<R>) {
    v.clear();
    v.resize(proxies.size());
  }
  std::size_t i = 0;
  for (auto& x : v) {
    if (!assign_travelling(ctx, x, std::move(proxies[i]), offset)) return ctx.in_element(i);
    ++i;
  }
  return true;
}

// A value that travels as another: an adapted value as its proxy, a range of adapted values as
// the range of theirs. Formats write `travelling_form(v)` and read through `read_travelling`.
template <class T>
concept travels_as_other = adapted<T> || adapted_range<T>;

template <travels_as_other T>
PRISM_INLINE decltype(auto) travelling_form(const T& v) {
  if constexpr (adapted<T>) return adapter<T>::to(v);
  else return travelling_range(v);
}

template <travels_as_other T, class Ctx, class Read>
PRISM_INLINE bool read_travelling(Ctx& ctx, T& v, std::size_t offset, Read&& read) {
  if constexpr (adapted<T>) return read_through_adapter(ctx, v, offset, read);
  else return read_adapted_range(ctx, v, offset, read);
}

// Reads one element of a sequence through `read(element&)`; std::vector<bool>'s elements, which
// are proxies, through a bool.
template <class Element, class Read>
PRISM_INLINE bool read_element(Element&& e, Read&& read) {
  if constexpr (std::is_same_v<std::remove_cvref_t<Element>, std::vector<bool>::reference>) {
    bool b{};
    if (!read(b)) return false;
    e = b;
    return true;
  } else {
    return read(e);
  }
}

// The elements of a sequence already sized, read at a local cursor (the depth entered for the
// sequence, and left here): read_next(cursor, element) reads one where the cursor stands;
// std::vector<bool>'s proxies go through read_value(bool&), the source moved to the cursor.
// Returns where the elements end, or null with the error naming the element.
template <class T, class Ctx, class ReadNext, class ReadValue>
PRISM_INLINE const std::uint8_t* read_elements_at(Ctx& ctx, local_cursor c, T& v, ReadNext&& read_next, ReadValue&& read_value) {
  std::size_t i = 0;
  for (auto&& e : v) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(e)>, std::vector<bool>::reference>) {
      c.store_to(ctx.src);
      if (!read_element(e, read_value)) {
        ctx.in_element(i);
        return nullptr;
      }
      c.load_from(ctx.src);
    } else if (!read_next(c, e)) [[unlikely]] {
      ctx.in_element(i);
      return nullptr;
    }
    ++i;
  }
  ctx.leave();
  return c.p;
}

// Replaces the elements of a set (std::set, std::unordered_set, std::multiset, ...) with those
// that `read_elements(vector)` reads: the format's own sequence reader, so that a set accepts
// every encoding a vector does. Elements in order, as written from an ordered set, are inserted
// at the end without a search.
template <class Set, class ReadElements>
bool read_set(Set& s, ReadElements&& read_elements) {
  std::vector<typename Set::key_type> items;
  if (!read_elements(items)) return false;
  s.clear();
  if constexpr (requires { s.reserve(items.size()); }) s.reserve(items.size());
  for (auto&& key : items) s.emplace_hint(s.end(), std::move(key));
  return true;
}

// An integer decoded as a sign and a magnitude (two's complement when negative) into T, or
// out_of_range: no silent truncation.
template <class T>
PRISM_INLINE errc fit_integer(bool negative, std::uint64_t value, T& out) noexcept {
  if (negative) {
    if constexpr (std::is_unsigned_v<T>) {
      return errc::out_of_range;
    } else {
      if (static_cast<std::int64_t>(value) < static_cast<std::int64_t>(std::numeric_limits<T>::min())) return errc::out_of_range;
      out = static_cast<T>(static_cast<std::int64_t>(value));
      return errc::ok;
    }
  }
  if (value > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return errc::out_of_range;
  out = static_cast<T>(value);
  return errc::ok;
}

// A number decoded as a double into the floating type T, or out_of_range where a finite value
// lies beyond T's range (a float would hold infinity): no silent overflow, as for integers.
// Precision is rounded as a cast rounds it; NaN and infinities stay what they are.
template <class T>
PRISM_INLINE errc fit_floating(double d, T& out) noexcept {
  const T narrowed = static_cast<T>(d);
  if constexpr (sizeof(T) < sizeof(double)) {
    if (std::isinf(narrowed) && !std::isinf(d)) [[unlikely]] return errc::out_of_range;
  }
  out = narrowed;
  return errc::ok;
}

// fit_floating for a reader: out_of_range at `at` (where the number began) when it does not fit.
template <class T, class Ctx>
PRISM_INLINE bool store_floating(Ctx& ctx, double d, T& out, std::size_t at) {
  if (fit_floating(d, out) != errc::ok) [[unlikely]] return ctx.fail(errc::out_of_range, at, "a number within the float's range");
  return true;
}

// memcmp(a, b, n) == 0 for short runs (keys) without a call into the C library.
PRISM_INLINE bool bytes_equal(const void* a, const void* b, std::size_t n) noexcept {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  const auto load8 = [](const unsigned char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  };
  const auto load4 = [](const unsigned char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  };
  if (n >= 8) {
    if (n > 16) return std::memcmp(x, y, n) == 0;
    return load8(x) == load8(y) && load8(x + n - 8) == load8(y + n - 8);
  }
  if (n >= 4) return load4(x) == load4(y) && load4(x + n - 4) == load4(y + n - 4);
  for (std::size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return false;
  return true;
}

// assign_bytes when the size differs: a string is cleared and appended to (a resize would first
// zero-fill what the copy then overwrites, and assign checks for overlap), a vector assigned.
// Out of line: the library's growth and copy would otherwise be inlined at every string field.
template <class Bytes>
PRISM_NOINLINE void assign_bytes_resized(Bytes& v, const void* p, std::size_t n) {
  const auto* first = static_cast<const std::remove_cvref_t<decltype(*v.data())>*>(p);
  if constexpr (requires { v.append(first, n); }) {
    v.clear();
    v.append(first, n);
  } else {
    v.assign(first, first + n);
  }
}

// Replaces the contents of a string or byte vector with n bytes. When the size already matches
// (reading into the same object again) this is one copy, inline, with no call into the library.
template <class Bytes>
PRISM_INLINE void assign_bytes(Bytes& v, const void* p, std::size_t n) {
  if (v.size() == n) {
    copy_bytes(v.data(), p, n);
    return;
  }
  assign_bytes_resized(v, p, n);
}

// Whether a reader can fill T: a fixed array or a resizable container. A view of elements (a
// span) stops at this one assertion; readers test it first so that no other error follows.
template <class T>
constexpr bool fillable_sequence() noexcept {
  static_assert(fixed_array<T> || resizable_sequence<T>, "prism: cannot read into a view of elements (a span); read into a container");
  return fixed_array<T> || resizable_sequence<T>;
}

// Gives a sequence the n elements the input announces (at `at`): a fixed array must have n
// already, a resizable sequence is charged and resized.
template <class T, class Ctx>
PRISM_INLINE bool size_sequence(Ctx& ctx, T& v, std::size_t n, std::size_t at) {
  if constexpr (fixed_array<T>) {
    if (n != v.size()) return ctx.fail(errc::size_mismatch, at, "array of the declared size");
  } else if constexpr (!fillable_sequence<T>()) {
    return false;  // the assertion alone, not the errors of the code below for this type
  } else {
    if (!ctx.charge(n * sizeof(range_value_t<T>))) return false;
    v.resize(n);
  }
  return true;
}

// Gives a sequence n elements on a decoder's usual-case path: a fixed array must have n already,
// a resizable sequence is charged and resized. False, with nothing charged and no error, when
// it cannot: the full path then reports why.
template <class T, class Ctx>
PRISM_INLINE bool size_quick(Ctx& ctx, T& v, std::size_t n) {
  if constexpr (fixed_array<T>) {
    return n == v.size();
  } else if constexpr (resizable_sequence<T>) {
    if (!ctx.try_charge(n * sizeof(range_value_t<T>))) return false;
    if (v.size() != n) v.resize(n);
    return true;
  } else {
    return false;
  }
}

// Minimal byte cost of a value on the wire for a format whose scalar sizes are given by
// the format; used to refuse a length prefix that the remaining input cannot hold.
template <class T>
inline constexpr std::size_t at_least_one_byte = 1;

}  // namespace prism::detail
