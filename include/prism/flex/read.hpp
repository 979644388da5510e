#pragma once
// FlexBuffers decoder into C++ values. The root is found from the message's last bytes and
// every value is reached through checked offsets (common.hpp), so any byte string is safe to
// read. FlexBuffers may share one container between many parents; a work budget proportional
// to the message's size bounds how much of such a DAG a read will walk.
#include <algorithm>
#include <array>
#include <bitset>
#include <charconv>
#include <chrono>
#include <numeric>
#include <string>
#include <string_view>
#include <type_traits>

#include "../core/category_read.hpp"
#include "../core/concepts.hpp"
#include "../core/context.hpp"
#include "../core/containers.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/struct_reader.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "../core/enum_read.hpp"
#include "common.hpp"
#include "format.hpp"
#include "tensor_triple.hpp"

namespace prism::flex_detail {

constexpr std::string_view describe(type t) noexcept {
  using namespace flexbuffers;
  switch (t) {
    case FBT_NULL: return "null";
    case FBT_INT: case FBT_INDIRECT_INT: case FBT_UINT: case FBT_INDIRECT_UINT: return "integer";
    case FBT_FLOAT: case FBT_INDIRECT_FLOAT: return "float";
    case FBT_KEY: return "key";
    case FBT_STRING: return "string";
    case FBT_MAP: return "map";
    case FBT_BLOB: return "blob";
    case FBT_BOOL: return "bool";
    default: return t < FBT_MAX_TYPE ? "vector" : "an unknown type";
  }
}

// The source of a read: the message and the value being read in it. Values are reached through
// offsets rather than in order, so the codec moves `r` to each child it reads and back.
// FlexBuffers may share one container between many parents; `budget` (values a read may still
// visit) bounds how much of such a DAG a read walks.
template <bool Bounded>
struct cursor {
  static constexpr bool bounded = Bounded;  // views into the input are allowed (not a stream's copy)
  message m;
  ref r;
  std::size_t budget;
  std::size_t offset() const noexcept { return m.offset(r.slot); }
};

template <class Ctx>
PRISM_COLD bool fail(Ctx& ctx, errc e, const ref& r, std::string_view expected) {
  return ctx.fail(e, ctx.src.m.offset(r.slot), expected, e == errc::type_mismatch ? describe(r.kind) : std::string_view{});
}
// Accounts for `n` values about to be visited.
template <class Ctx>
PRISM_INLINE bool spend(Ctx& ctx, std::size_t n, const ref& r) {
  if (n > ctx.src.budget) [[unlikely]]
    return ctx.fail(errc::too_many_elements, ctx.src.m.offset(r.slot), "no more shared values than the message's size allows");
  ctx.src.budget -= n;
  return true;
}
template <class Ctx>
PRISM_INLINE bool elements(Ctx& ctx, const ref& r, block& b, std::string_view expected) {
  if (const errc e = ctx.src.m.elements(r, b); e != errc::ok) [[unlikely]] return fail(ctx, e, r, expected);
  if (!ctx.check_elements(b.count, ctx.src.m.offset(r.slot))) [[unlikely]] return false;
  return spend(ctx, b.count, r);
}
template <class Ctx>
PRISM_INLINE bool text(Ctx& ctx, const ref& r, std::string_view& s, std::string_view expected) {
  if (const errc e = ctx.src.m.text(r, s); e != errc::ok) [[unlikely]] return fail(ctx, e, r, expected);
  return true;
}

template <class T, class Ctx>
PRISM_INLINE bool read_integer(Ctx& ctx, const ref& r, T& v) {
  bool negative{};
  std::uint64_t u{};
  if (const errc e = ctx.src.m.integer(r, negative, u); e != errc::ok) [[unlikely]] return fail(ctx, e, r, "integer");
  if (detail::fit_integer(negative, u, v) != errc::ok) [[unlikely]]
    return fail(ctx, errc::out_of_range, r, negative && std::is_unsigned_v<T> ? "non-negative integer" : "integer in range");
  return true;
}

template <options O, class Ctx>
PRISM_INLINE bool read_text(Ctx& ctx, const ref& r, std::string_view& s) {
  if (r.kind != flexbuffers::FBT_STRING && r.kind != flexbuffers::FBT_KEY) [[unlikely]] return fail(ctx, errc::type_mismatch, r, "string");
  if (!text(ctx, r, s, "string")) return false;
  if constexpr (O.validate_utf8) {
    if (!detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(s.data()), s.size())) [[unlikely]]
      return fail(ctx, errc::invalid_utf8, r, "UTF-8");
  }
  return true;
}

// The bytes of a blob, or of a typed vector of 1-byte unsigned integers.
template <class Ctx>
bool read_blob(Ctx& ctx, const ref& r, const std::uint8_t*& p, std::size_t& n) {
  if (r.kind == flexbuffers::FBT_VECTOR_UINT && r.width == 1) {
    block b;
    if (!elements(ctx, r, b, "blob")) return false;
    p = b.data;
    n = b.count;
    return true;
  }
  if (r.kind != flexbuffers::FBT_BLOB) [[unlikely]] return fail(ctx, errc::type_mismatch, r, "blob");
  std::string_view s;
  if (!text(ctx, r, s, "blob")) return false;
  p = reinterpret_cast<const std::uint8_t*>(s.data());
  n = s.size();
  return true;
}

template <class Ctx>
bool read_tensor_header(Ctx& ctx, const ref& r, tensor_header& h) {
  tensor_fault fault;
  if (const errc e = parse_tensor(ctx.src.m, r, h, fault); e != errc::ok) [[unlikely]] return fail(ctx, e, fault.where, fault.expected);
  return spend(ctx, 4 + h.rank + h.count(), r);  // a shared tensor is copied once per parent
}

template <options O, class K, class Ctx>
bool read_map_key(Ctx& ctx, const ref& r, K& key) {
  std::string_view s;
  if (!read_text<O>(ctx, r, s)) return false;
  if constexpr (string_type<K>) {
    key.assign(s.data(), s.size());
    return true;
  } else if constexpr (integer<K>) {
    const auto res = std::from_chars(s.data(), s.data() + s.size(), key);
    if (res.ec != std::errc{} || res.ptr != s.data() + s.size() || s.empty()) [[unlikely]] return fail(ctx, errc::invalid_value, r, "an integer key");
    return true;
  } else if constexpr (enumeration<K>) {
    const auto e = enum_from_name<K>(s);
    if (!e) [[unlikely]] return fail(ctx, errc::invalid_enum, r, "an enumerator name");
    key = *e;
    return true;
  } else {
    static_assert(sizeof(K) == 0, "prism::flex: map keys must be strings, integers or enums");
    return false;
  }
}

// Field indexes in the order the Builder writes a struct's keys: sorted bytewise.
template <class T>
inline constexpr auto fields_by_key = [] {
  constexpr auto names = field_names<T>();
  std::array<std::size_t, field_count_v<T>> order{};
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return names[a] < names[b]; });
  return order;
}();

// Key i of a map, when it is exactly `name` (a C string): compared in place, no scan.
inline bool key_is(const message& m, const ref& k, std::string_view name) noexcept {
  const std::uint8_t* p{};
  if (m.target(k, p) != errc::ok || !m.holds(p, name.size() + 1)) return false;
  return p[name.size()] == 0 && detail::bytes_equal(p, name.data(), name.size());
}

// FlexBuffers' encodings for the type dispatch in core (core/category_read.hpp). The value to
// read is the cursor's `r`; containers read each child with read_at.
struct wire_reader {
  using format = flex;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return detail::read_category<wire_reader, O>(ctx, v); }
  // `v` from the value at `child`, the cursor back where it was after.
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool read_at(Ctx& ctx, const ref& child, T& v) {
    const ref here = ctx.src.r;
    ctx.src.r = child;
    const bool ok = read<O>(ctx, v);
    ctx.src.r = here;
    return ok;
  }

  template <class Ctx>
  PRISM_INLINE static bool read_bool(Ctx& ctx, bool& v) {
    if (const errc e = ctx.src.m.boolean(ctx.src.r, v); e != errc::ok) [[unlikely]] return fail(ctx, e, ctx.src.r, "bool");
    return true;
  }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return read_integer(ctx, ctx.src.r, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_float(Ctx& ctx, T& v) {
    double d{};
    if (const errc e = ctx.src.m.floating(ctx.src.r, d); e != errc::ok) [[unlikely]] return fail(ctx, e, ctx.src.r, "number");
    if (detail::fit_floating(d, v) != errc::ok) [[unlikely]] return fail(ctx, errc::out_of_range, ctx.src.r, "a number within the float's range");
    return true;
  }
  template <class Ctx>
  PRISM_INLINE static bool next_is_text(Ctx& ctx, bool& is_text) {
    is_text = ctx.src.r.kind == flexbuffers::FBT_STRING || ctx.src.r.kind == flexbuffers::FBT_KEY;
    return true;
  }
  template <options O, class Ctx, class Use>
  PRISM_INLINE static bool read_text(Ctx& ctx, Use&& use) {
    std::string_view s;
    return flex_detail::read_text<O>(ctx, ctx.src.r, s) && use(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  }
  template <options O, class Ctx, class T>
  static bool read_blob(Ctx& ctx, T& v) {
    const std::uint8_t* p{};
    std::size_t n{};
    return flex_detail::read_blob(ctx, ctx.src.r, p, n) && detail::store_bytes(ctx, v, p, n);
  }
  template <options O, class Ctx, class T>
  static bool read_tensor(Ctx& ctx, T& v) {
    tensor_header h;
    return read_tensor_header(ctx, ctx.src.r, h) && detail::store_tensor(ctx, h, v, ctx.src.offset());
  }
  template <class Ctx>
  PRISM_INLINE static bool take_null(Ctx& ctx, bool& was_null) {
    was_null = ctx.src.r.kind == flexbuffers::FBT_NULL;
    return true;
  }
  template <options O, class Ctx, class T>
  static bool read_time(Ctx& ctx, T& v) {
    std::int64_t ns{};
    if (!read_integer(ctx, ctx.src.r, ns)) return false;
    v = T(std::chrono::duration_cast<typename T::duration>(std::chrono::nanoseconds(ns)));
    return true;
  }

  template <options O, class Ctx, class T>
  static bool read_sequence(Ctx& ctx, T& v) {
    using E = range_value_t<T>;
    const ref r = ctx.src.r;
    block b;
    if (r.kind == flexbuffers::FBT_MAP) [[unlikely]] return fail(ctx, errc::type_mismatch, r, "vector");
    if (!elements(ctx, r, b, "vector")) return false;
    if constexpr (fixed_array<T>) {
      if (b.count != v.size()) [[unlikely]] return fail(ctx, errc::size_mismatch, r, "vector of the declared size");
    } else {
      static_assert(resizable_sequence<T>, "prism::flex: cannot read into a fixed view; use a container");
      if (!ctx.charge(b.count * sizeof(E))) return false;
      v.resize(b.count);
    }
    if constexpr (contiguous_numbers<T>) {  // a typed vector of exactly E: one copy
      constexpr type kind = std::is_floating_point_v<E> ? flexbuffers::FBT_FLOAT : std::is_signed_v<E> ? flexbuffers::FBT_INT : flexbuffers::FBT_UINT;
      if (b.element == kind && b.width == sizeof(E)) {
        if (b.count) detail::copy_large(std::ranges::data(v), b.data, b.count * sizeof(E));
        return true;
      }
    }
    if (!ctx.enter()) return false;
    std::size_t i = 0;
    for (auto&& e : v) {
      const ref element = message::element(b, i);
      if (!detail::read_element(e, [&](auto& x) { return read_at<O>(ctx, element, x); })) [[unlikely]] return ctx.in_element(i);
      ++i;
    }
    ctx.leave();
    return true;
  }

  template <options O, class Ctx, class T>
  static bool read_map(Ctx& ctx, T& v) {
    using K = std::remove_const_t<typename T::key_type>;
    using M = typename T::mapped_type;
    const ref r = ctx.src.r;
    block b;
    if (r.kind != flexbuffers::FBT_MAP) [[unlikely]] return fail(ctx, errc::type_mismatch, r, "map");
    if (!elements(ctx, r, b, "map") || !ctx.charge(b.count * (sizeof(K) + sizeof(M))) || !ctx.enter()) return false;
    v.clear();
    for (std::size_t i = 0; i < b.count; ++i) {
      if (!detail::read_map_entry(
              ctx, v, i, [&](auto& key) { return read_map_key<O>(ctx, message::key(b, i), key); },
              [&](auto& mapped) { return read_at<O>(ctx, message::element(b, i), mapped); }))
        return false;
    }
    ctx.leave();
    return true;
  }

  // [index, value], one level deeper (as the views and the transcoder count it).
  template <options O, class Ctx, class T>
  static bool read_variant(Ctx& ctx, T& v) {
    block b;
    if (!vector_of(ctx, ctx.src.r, b, 2, "[index, value]")) return false;
    const ref index_ref = message::element(b, 0);
    std::uint64_t index{};
    if (!read_integer(ctx, index_ref, index) || !ctx.enter()) return false;
    const bool ok = detail::read_alternative(ctx, v, index, ctx.src.m.offset(index_ref.slot),
                                             [&](auto& alt) { return read_at<O>(ctx, message::element(b, 1), alt); });
    ctx.leave();
    return ok;
  }

  template <options O, class Ctx, class T>
  static bool read_tuple(Ctx& ctx, T& v) {
    block b;
    if (!vector_of(ctx, ctx.src.r, b, std::tuple_size_v<T>, "a vector of the tuple's size") || !ctx.enter()) return false;
    const bool ok = detail::read_tuple_elements(ctx, v, [&](auto& e, std::size_t i) { return read_at<O>(ctx, message::element(b, i), e); });
    ctx.leave();
    return ok;
  }

  template <options O, class Ctx, class T>
  static bool read_struct(Ctx& ctx, T& v) {
    constexpr std::size_t fields = field_count_v<T>;
    const ref r = ctx.src.r;
    block b;
    if (r.kind != flexbuffers::FBT_MAP) {  // positional: a vector of the fields in declaration order
      if (r.kind != flexbuffers::FBT_VECTOR) [[unlikely]] return fail(ctx, errc::type_mismatch, r, "map or vector");
      if (!elements(ctx, r, b, "vector") || !ctx.enter()) return false;
      for (std::size_t i = 0; i < b.count && i < fields; ++i)
        if (!read_field<O>(ctx, message::element(b, i), v, i)) return false;
      ctx.leave();
      if constexpr (O.error_on_missing_keys) {
        if (b.count < fields) return fail(ctx, errc::missing_key, r, "vector with every field");
      }
      return true;
    }
    if (!elements(ctx, r, b, "map") || !ctx.enter()) return false;
    static_assert(detail::struct_keys<T>.ok, "prism: field names must be distinct");
    std::bitset<fields> seen;  // a repeated key keeps its first entry, as in the other formats
    for (std::size_t i = 0; i < b.count; ++i) {
      const ref k = message::key(b, i);
      std::size_t index = fields;
      if (i < fields && key_is(ctx.src.m, k, detail::struct_keys<T>.names[fields_by_key<T>[i]])) [[likely]] {
        index = fields_by_key<T>[i];  // the keys of exactly this struct, in the Builder's order
      } else {
        std::string_view key;
        if (!text(ctx, k, key, "key")) return false;
        index = detail::struct_keys<T>.find(key);
        if (index >= fields) {
          if constexpr (O.error_on_unknown_keys) return fail(ctx, errc::unknown_key, k, "a field name");
          else continue;
        }
      }
      if (seen.test(index)) [[unlikely]] continue;
      seen.set(index);
      if (!read_field<O>(ctx, message::element(b, i), v, index)) return false;
    }
    ctx.leave();
    if constexpr (O.error_on_missing_keys) {
      for (std::size_t i = 0; i < fields; ++i) {
        if (!seen.test(i)) {
          fail(ctx, errc::missing_key, r, "every field");
          return ctx.in_field(detail::struct_keys<T>.names[i]);
        }
      }
    }
    return true;
  }

 private:
  // A vector, typed or not, of exactly `count` values.
  template <class Ctx>
  static bool vector_of(Ctx& ctx, const ref& r, block& b, std::size_t count, std::string_view what) {
    if (r.kind == flexbuffers::FBT_MAP) [[unlikely]] return fail(ctx, errc::type_mismatch, r, what);
    if (!elements(ctx, r, b, what)) return false;
    if (b.count != count) [[unlikely]] return fail(ctx, errc::size_mismatch, r, what);
    return true;
  }
  template <options O, class Ctx, class T>
  static bool read_field(Ctx& ctx, const ref& r, T& v, std::size_t index) {
    return with_field(v, index, [&](auto& field, std::string_view name) { return read_at<O>(ctx, r, field) || ctx.in_field(name); });
  }
};

// Values a read may visit: every value of a message without shared containers has a slot of
// its own (at least one byte), so this only stops walks through heavily shared containers.
inline std::size_t work_budget(std::size_t size) noexcept { return 4 * size + 64; }

// Reads the value at `r` of `m` into v for a read with context `ctx` (its limits, depth and
// allocation so far): the values are read through a context of their own whose source is a
// cursor in `m`, and its error, if any, becomes ctx's.
template <options O, class T, class Ctx>
bool read_value_at(Ctx& ctx, const message& m, const ref& r, T& v) {
  using outer_source = std::remove_cvref_t<decltype(ctx.src)>;
  read_context<cursor<outer_source::bounded>> inner({m, r, work_budget(m.size)}, ctx.lim);
  inner.depth = ctx.depth;
  inner.allocated = ctx.allocated;
  const bool ok = wire_reader::read<O>(inner, v);
  ctx.allocated = inner.allocated;
  if (!ok) return ctx.adopt(inner, 0);
  return true;
}

}  // namespace prism::flex_detail

namespace prism {

template <>
struct format_reader<flex> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) {
      if (!read_message<O>(ctx, ctx.src.cur(), ctx.src.remaining_bound(), v)) return false;
      ctx.src.advance(ctx.src.remaining_bound());  // the message is the whole input
      return true;
    } else {
      // A FlexBuffer's root is at its end: take the rest of the stream.
      std::string bytes;
      ctx.src.read_rest(bytes);
      return read_message<O>(ctx, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), v);
    }
  }

 private:
  template <options O, class T, class Ctx>
  static bool read_message(Ctx& ctx, const std::uint8_t* data, std::size_t size, T& v) {
    const flex_detail::message m{data, size};
    flex_detail::ref root;
    if (const errc e = m.root(root); e != errc::ok) return ctx.fail(e, 0, "a FlexBuffers root");
    return flex_detail::read_value_at<O>(ctx, m, root, v);
  }
};

}  // namespace prism
