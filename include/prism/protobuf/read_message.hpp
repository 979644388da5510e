#pragma once
// Protobuf decoder, second half: fields and messages with protobuf's semantics. A field absent
// from a message gets its default value, a scalar that appears twice keeps the last value, a
// message that appears twice is merged, and repeated fields append. Reading again into the same
// object reuses its vectors, strings and elements rather than clearing and regrowing them:
// each message counts what it fills per member and trims or resets the rest at its end.
#include <array>
#include <chrono>
#include <tuple>
#include <type_traits>
#include <variant>
#include <cstddef>
#include <vector>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/fields.hpp"
#include "common.hpp"
#include "read.hpp"

namespace prism::protobuf_detail {

// Gives a value its protobuf default, keeping the capacity of what it owns.
template <class T>
void reset_value(T& v) {
  if constexpr (scalar<T> || time_point_type<T> || string_view_type<T> || byte_span<T>) {
    v = T{};
  } else if constexpr (string_type<T> || byte_vector<T> || map_type<T> || resizable_sequence<T>) {
    v.clear();
  } else if constexpr (fixed_array<T>) {
    for (auto& x : v) reset_value(x);
  } else if constexpr (pointer_like<T>) {
    v.reset();
  } else if constexpr (variant_type<T>) {
    if (v.index() == 0) {
      reset_value(*std::get_if<0>(&v));
    } else {
      v.template emplace<0>();
    }
  } else if constexpr (tuple_type<T>) {
    std::apply([](auto&... x) { (reset_value(x), ...); }, v);
  } else if constexpr (plain_struct<T>) {
    for_each_field_index<T>([&](auto I) { reset_value(get_field<I>(v)); });
  } else if constexpr (std::is_same_v<T, std::monostate>) {
  } else {
    v = T{};
  }
}

// What a member counts as filled before a merge: its elements for a range, else "present".
template <class T>
std::uint32_t merge_start(const T& v) {
  if constexpr (resizable_sequence<T>) {
    return static_cast<std::uint32_t>(std::ranges::size(v));
  } else if constexpr (fixed_array<T>) {
    return 0;
  } else {
    return 1;
  }
}

// After a message: members it did not mention take their defaults; ranges drop what was not refilled.
template <class T>
void finish_member(T& v, std::uint32_t filled, bool merging) {
  if (filled == 0 && !merging) return reset_value(v);
  if constexpr (resizable_sequence<T>) {
    if (filled < std::ranges::size(v)) v.resize(filled);
  } else if constexpr (fixed_array<T>) {
    if (!merging)
      for (std::size_t i = filled; i < v.size(); ++i) reset_value(v[i]);
  } else if constexpr (pointer_like<T>) {
    if constexpr (resizable_sequence<std::remove_cvref_t<decltype(*v)>>) {
      if (v && filled < std::ranges::size(*v)) v->resize(filled);
    }
  }
}

template <options O, protobuf_integer E, class T, class Ctx>
bool read_body(Ctx& ctx, T& v, std::size_t end, bool merging);


// A length-delimited message: its length, then its fields.
template <options O, protobuf_integer E, class T, class Ctx>
bool read_message(Ctx& ctx, T& v, bool merging) {
  std::size_t n{};
  if (!read_length(ctx, n)) return false;
  if (!ctx.enter()) return false;
  if (!read_body<O, E>(ctx, v, ctx.src.offset() + n, merging)) return false;
  ctx.leave();
  return true;
}

// The element a repeated field fills next: an existing one when reading into a reused range.
template <class R, class Ctx>
PRISM_INLINE range_value_t<R>* next_element(Ctx& ctx, R& r, std::uint32_t filled, std::size_t at) {
  if constexpr (fixed_array<R>) {
    if (filled >= r.size()) [[unlikely]] return ctx.fail(errc::size_mismatch, at, "at most the array's size"), nullptr;
    return &r[filled];
  } else {
    if (filled >= ctx.lim.max_elements) [[unlikely]] return ctx.fail(errc::too_many_elements, at), nullptr;
    if constexpr (std::ranges::random_access_range<R>) {
      if (filled < r.size()) return &r[filled];
    } else {
      if (filled == 0) r.clear();
    }
    if (!ctx.charge(sizeof(range_value_t<R>))) return nullptr;
    return &r.emplace_back();
  }
}

// One occurrence of a field whose key (wire type `w`, at offset `at`) has been read.
// `filled` is the member's count in the enclosing message (see finish_member).
template <options O, protobuf_integer E, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, wire w, std::uint32_t& filled, std::size_t at) {
  if constexpr (adapted<T>) {
    // Each occurrence of the field is read into the proxy of the value so far (a message merges
    // into it) and given back through the adapter.
    using P = proxy_t<T>;
    static_assert(!(sequence<P> || fixed_array<P> || map_type<P> || set_type<P>) || bytes_like<P>,
                  "prism::protobuf: an adapter's proxy cannot be a repeated field; wrap the range in a struct");
    P proxy = filled != 0 ? P(adapter<T>::to(v)) : P{};
    return read_field<O, E>(ctx, proxy, w, filled, at) && detail::assign_from_proxy(ctx, v, std::move(proxy), at);
  } else if constexpr (set_type<T>) {
    // Each occurrence (a packed run or one element) is read as a vector and inserted.
    if (filled == 0) v.clear();
    std::vector<typename T::key_type> items;
    std::uint32_t read = 0;
    if (!read_field<O, E>(ctx, items, w, read, at)) return false;
    if (read > ctx.lim.max_elements - filled) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
    for (auto&& x : items) v.emplace_hint(v.end(), std::move(x));
    filled += read;
    return true;
  } else if constexpr (scalar<T>) {
    constexpr scalar_code C = code_of<T, E, O>();
    if (w != wire_of(C)) [[unlikely]] return mismatch(ctx, at, wire_of(C), w);
    filled = 1;
    return read_scalar<C>(ctx, v);
  } else if constexpr (bytes_like<T>) {
    if (w != wire::len) [[unlikely]] return mismatch(ctx, at, wire::len, w);
    filled = 1;
    return read_bytes<O>(ctx, v);
  } else if constexpr (pointer_like<T>) {
    if constexpr (optional_type<T>) return read_field<O, E>(ctx, detail::ensure_engaged(v), w, filled, at);
    else return read_field<O, E>(ctx, detail::ensure_allocated(v), w, filled, at);
  } else if constexpr (adapted_scalar_range<T>) {
    // A packed run or one element of the proxies, each given to the next element.
    std::vector<travels_as_t<range_value_t<T>>> proxies;
    std::uint32_t read = 0;
    if (!read_field<O, E>(ctx, proxies, w, read, at)) return false;
    for (auto& p : proxies) {
      auto* slot = next_element(ctx, v, filled, at);
      if (!slot) return false;
      if (!detail::assign_travelling(ctx, *slot, std::move(p), at)) return ctx.in_element(filled);
      ++filled;
    }
    return true;
  } else if constexpr (packed_range<T>) {
    using X = range_value_t<T>;
    constexpr scalar_code C = code_of<X, E, O>();
    if (w == wire::len) return read_packed<O, C>(ctx, v, filled);
    if (w != wire_of(C)) [[unlikely]] return mismatch(ctx, at, wire::len, w);
    X x{};
    if (!read_scalar<C>(ctx, x)) return false;
    if constexpr (std::is_same_v<T, std::vector<bool>>) {
      if (filled == 0) v.clear();
      v.push_back(x);
    } else {
      X* slot = next_element(ctx, v, filled, at);
      if (!slot) return false;
      *slot = x;
    }
    ++filled;
    return true;
  } else if constexpr (repeated_range<T>) {
    if (w != wire::len) [[unlikely]] return mismatch(ctx, at, wire::len, w);
    auto* element = next_element(ctx, v, filled, at);
    if (!element) return false;
    std::uint32_t element_filled = 0;
    bool ok;
    if constexpr (bytes_like<travels_as_t<range_value_t<T>>> || (adapted<range_value_t<T>> && message_like<travels_as_t<range_value_t<T>>>)) {
      ok = read_field<O, E>(ctx, *element, w, element_filled, at);
    } else {
      ok = read_message<O, E>(ctx, *element, false);
    }
    if (!ok) return ctx.in_element(filled);
    ++filled;
    return true;
  } else if constexpr (map_type<T>) {
    if (w != wire::len) [[unlikely]] return mismatch(ctx, at, wire::len, w);
    if (filled == 0) v.clear();
    if (filled >= ctx.lim.max_elements) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
    std::pair<std::remove_const_t<typename T::key_type>, typename T::mapped_type> entry{};
    if (!read_message<O, E>(ctx, entry, false)) return ctx.in_element(filled);
    if (!ctx.charge(sizeof(entry))) return false;
    detail::put_last_entry(v, std::move(entry.first), std::move(entry.second));  // the last wins, as the spec says
    ++filled;
    return true;
  } else if constexpr (message_like<T>) {
    if (w != wire::len) [[unlikely]] return mismatch(ctx, at, wire::len, w);
    const bool merging = filled != 0;
    filled = 1;
    return read_message<O, E>(ctx, v, merging);
  } else {
    static_assert(sizeof(T) == 0, "prism::protobuf: this type cannot be read");
    return false;
  }
}

// Makes a variant hold alternative A, counting it as not yet seen when it did not hold it.
template <std::size_t A, class V>
PRISM_INLINE auto& select_alternative(V& v, std::uint32_t& filled) {
  if (v.index() != A) {
    v.template emplace<A>();
    filled = 0;
  }
  return *std::get_if<A>(&v);
}

template <options O, class T, std::size_t S, class Ctx>
PRISM_INLINE outcome read_slot(Ctx& ctx, T& v, wire w, std::uint32_t* filled, std::size_t at) {
  constexpr slot s = struct_slots<T>[S];
  using M = field_type<T, s.field>;
  auto& member = get_field<s.field>(v);
  bool ok;
  if constexpr (variant_type<M>) {
    ok = read_field<O, encoding_of<T, s.field>>(ctx, select_alternative<s.alternative>(member, filled[s.field]), w,
                                                 filled[s.field], at);
  } else {
    ok = read_field<O, encoding_of<T, s.field>>(ctx, member, w, filled[s.field], at);
  }
  if (ok) [[likely]] return outcome::read;
  detail::in_field_at<T>(ctx, s.field);
  return outcome::failed;
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v, std::size_t end, bool merging) {
  constexpr std::size_t count = field_count_v<T>;
  constexpr std::size_t keeper = unknown_fields_member<T>();
  std::array<std::uint32_t, count> filled{};
  if (merging) for_each_field_index<T>([&](auto I) { filled[I] = merge_start(get_field<I>(v)); });
  const auto dispatch = [&](std::uint32_t number, wire w, std::size_t at) {
    return [&]<std::size_t... S>(std::index_sequence<S...>) {
      outcome r = outcome::unknown;
      (void)((number == struct_slots<T>[S].number ? (r = read_slot<O, T, S>(ctx, v, w, filled.data(), at), true) : false) ||
             ...);
      return r;
    }(std::make_index_sequence<struct_slots<T>.size()>{});
  };
  bool ok;
  if constexpr (keeper != count) {
    std::vector<std::byte>* kept = &get_field<keeper>(v).bytes;
    if (!merging) kept->clear();
    ok = read_fields<O>(ctx, end, dispatch, kept);
  } else {
    ok = read_fields<O>(ctx, end, dispatch);
  }
  if (!ok) return false;
  for_each_field_index<T>([&](auto I) {
    auto& member = get_field<I>(v);
    if constexpr (I == keeper) {
    } else if constexpr (own<O>.cpp_defaults) {
      if (filled[I] == 0 && !merging) {
        assign_default_field<I>(v);
      } else {
        finish_member(member, filled[I], merging);
      }
    } else {
      finish_member(member, filled[I], merging);
    }
  });
  return true;
}

// A tuple or pair: element I is field I + 1.
template <options O, protobuf_integer E, class T, class Ctx>
bool read_tuple(Ctx& ctx, T& v, std::size_t end, bool merging) {
  constexpr std::size_t count = std::tuple_size_v<T>;
  std::array<std::uint32_t, count> filled{};
  if (merging) std::apply([&](auto&... x) { std::size_t i = 0; ((filled[i++] = merge_start(x)), ...); }, v);
  const bool ok = read_fields<O>(ctx, end, [&](std::uint32_t number, wire w, std::size_t at) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      outcome r = outcome::unknown;
      (void)((number == I + 1 ? (r = read_field<O, E>(ctx, std::get<I>(v), w, filled[I], at) ? outcome::read
                                                                                               : (ctx.in_element(I), outcome::failed),
                                 true)
                              : false) ||
             ...);
      return r;
    }(std::make_index_sequence<count>{});
  });
  if (!ok) return false;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (finish_member(std::get<I>(v), filled[I], merging), ...);
  }(std::make_index_sequence<count>{});
  return true;
}

// google.protobuf.Timestamp: seconds (field 1) and nanoseconds in [0, 10^9) (field 2).
template <options O, class T, class Ctx>
bool read_timestamp(Ctx& ctx, T& v, std::size_t end, bool merging) {
  using namespace std::chrono;
  const std::size_t start = ctx.src.offset();
  std::int64_t secs = 0;
  std::int32_t nanos = 0;
  if (merging) {
    const auto since = v.time_since_epoch();
    const auto whole = floor<seconds>(since);
    secs = whole.count();
    nanos = static_cast<std::int32_t>(duration_cast<nanoseconds>(since - whole).count());
  }
  std::uint32_t ignored = 0;
  const bool ok = read_fields<O>(ctx, end, [&](std::uint32_t number, wire w, std::size_t at) {
    if (number == 1) return read_field<O, protobuf_integer::varint>(ctx, secs, w, ignored, at) ? outcome::read : outcome::failed;
    if (number == 2) return read_field<O, protobuf_integer::varint>(ctx, nanos, w, ignored, at) ? outcome::read : outcome::failed;
    return outcome::unknown;
  });
  if (!ok) return false;
  if (nanos < 0 || nanos >= 1000000000) return ctx.fail(errc::invalid_value, start, "nanoseconds in [0, 10^9)");
  if (!detail::time_point_from(secs, nanos, v)) [[unlikely]] return ctx.fail(errc::out_of_range, start, "a timestamp within the time point's range");
  return true;
}

// A oneof on its own (a variant that is not a struct member): alternatives numbered from 1.
template <options O, protobuf_integer E, class V, class Ctx>
bool read_oneof(Ctx& ctx, V& v, std::size_t end, bool merging) {
  std::uint32_t filled = merging ? 1 : 0;
  const bool ok = read_fields<O>(ctx, end, [&](std::uint32_t number, wire w, std::size_t at) {
    return [&]<std::size_t... A>(std::index_sequence<A...>) {
      outcome r = outcome::unknown;
      (void)((!std::is_same_v<std::variant_alternative_t<A, V>, std::monostate> &&
                      number == oneof_number<V, A>()
                  ? (r = read_field<O, E>(ctx, select_alternative<A>(v, filled), w, filled, at) ? outcome::read
                                                                                               : outcome::failed,
                     true)
                  : false) ||
             ...);
      return r;
    }(std::make_index_sequence<std::variant_size_v<V>>{});
  });
  if (!ok) return false;
  if (filled == 0 && !merging) reset_value(v);
  return true;
}

template <options O, protobuf_integer E, class T, class Ctx>
bool read_body(Ctx& ctx, T& v, std::size_t end, bool merging) {
  if constexpr (plain_struct<T>) {
    return read_struct<O>(ctx, v, end, merging);
  } else if constexpr (tuple_type<T>) {
    return read_tuple<O, E>(ctx, v, end, merging);
  } else if constexpr (time_point_type<T>) {
    return read_timestamp<O>(ctx, v, end, merging);
  } else if constexpr (variant_type<T>) {
    return read_oneof<O, E>(ctx, v, end, merging);
  } else {  // any other value: a message whose field 1 holds it
    std::uint32_t filled = merging ? merge_start(v) : 0;
    const bool ok = read_fields<O>(ctx, end, [&](std::uint32_t number, wire w, std::size_t at) {
      if (number != 1) return outcome::unknown;
      return read_field<O, E>(ctx, v, w, filled, at) ? outcome::read : outcome::failed;
    });
    if (!ok) return false;
    finish_member(v, filled, merging);
    return true;
  }
}

}  // namespace prism::protobuf_detail

namespace prism {

template <>
struct format_reader<protobuf> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    std::size_t end = SIZE_MAX;
    if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) end = ctx.src.offset() + ctx.src.readable();
    return protobuf_detail::read_body<O, protobuf_integer::automatic>(ctx, v, end, false);
  }
};

}  // namespace prism
