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

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
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

// What one read carries: the context (errors, limits), the message, and the work budget.
template <class Ctx>
struct reader {
  Ctx& ctx;
  message m;
  std::size_t budget;

  std::size_t at(const ref& r) const noexcept { return m.offset(r.slot); }
  PRISM_COLD bool fail(errc e, const ref& r, std::string_view expected) {
    return ctx.fail(e, at(r), expected, e == errc::type_mismatch ? describe(r.kind) : std::string_view{});
  }
  // Accounts for `n` values about to be visited.
  PRISM_INLINE bool spend(std::size_t n, const ref& r) {
    if (n > budget) [[unlikely]] return ctx.fail(errc::too_many_elements, at(r), "no more shared values than the message's size allows");
    budget -= n;
    return true;
  }
  PRISM_INLINE bool elements(const ref& r, block& b, std::string_view expected) {
    if (const errc e = m.elements(r, b); e != errc::ok) [[unlikely]] return fail(e, r, expected);
    if (!ctx.check_elements(b.count, at(r))) [[unlikely]] return false;
    return spend(b.count, r);
  }
  PRISM_INLINE bool text(const ref& r, std::string_view& s, std::string_view expected) {
    if (const errc e = m.text(r, s); e != errc::ok) [[unlikely]] return fail(e, r, expected);
    return true;
  }
  PRISM_INLINE bool enter(const ref& r) {
    if (++ctx.depth > ctx.lim.max_depth) [[unlikely]] return ctx.fail(errc::too_deep, at(r));
    return true;
  }
  void leave() noexcept { --ctx.depth; }
};

template <options O, class T, class Ctx>
bool read_value(reader<Ctx>& rd, const ref& r, T& v);

template <class T, class Ctx>
PRISM_INLINE bool read_integer(reader<Ctx>& rd, const ref& r, T& v) {
  bool negative{};
  std::uint64_t u{};
  if (const errc e = rd.m.integer(r, negative, u); e != errc::ok) [[unlikely]] return rd.fail(e, r, "integer");
  if (detail::fit_integer(negative, u, v) != errc::ok) [[unlikely]] return rd.fail(errc::out_of_range, r, negative && std::is_unsigned_v<T> ? "non-negative integer" : "integer in range");
  return true;
}

template <options O, class Ctx>
PRISM_INLINE bool read_text(reader<Ctx>& rd, const ref& r, std::string_view& s) {
  if (r.kind != flexbuffers::FBT_STRING && r.kind != flexbuffers::FBT_KEY) [[unlikely]] return rd.fail(errc::type_mismatch, r, "string");
  if (!rd.text(r, s, "string")) return false;
  if constexpr (O.validate_utf8) {
    if (!detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(s.data()), s.size())) [[unlikely]] return rd.fail(errc::invalid_utf8, r, "UTF-8");
  }
  return true;
}

// The bytes of a blob, or of a typed vector of 1-byte unsigned integers.
template <class Ctx>
bool read_blob(reader<Ctx>& rd, const ref& r, const std::uint8_t*& p, std::size_t& n) {
  if (r.kind == flexbuffers::FBT_VECTOR_UINT && r.width == 1) {
    block b;
    if (!rd.elements(r, b, "blob")) return false;
    p = b.data;
    n = b.count;
    return true;
  }
  if (r.kind != flexbuffers::FBT_BLOB) [[unlikely]] return rd.fail(errc::type_mismatch, r, "blob");
  std::string_view s;
  if (!rd.text(r, s, "blob")) return false;
  p = reinterpret_cast<const std::uint8_t*>(s.data());
  n = s.size();
  return true;
}

template <class Ctx>
bool read_tensor_header(reader<Ctx>& rd, const ref& r, tensor_header& h) {
  tensor_fault fault;
  if (const errc e = parse_tensor(rd.m, r, h, fault); e != errc::ok) [[unlikely]] return rd.fail(e, fault.where, fault.expected);
  return rd.spend(4 + h.rank + h.count(), r);  // a shared tensor is copied once per parent
}

template <options O, class T, class Ctx>
bool read_sequence(reader<Ctx>& rd, const ref& r, T& v) {
  using E = range_value_t<T>;
  block b;
  if (r.kind == flexbuffers::FBT_MAP) [[unlikely]] return rd.fail(errc::type_mismatch, r, "vector");
  if (!rd.elements(r, b, "vector")) return false;
  if constexpr (fixed_array<T>) {
    if (b.count != v.size()) [[unlikely]] return rd.fail(errc::size_mismatch, r, "vector of the declared size");
  } else {
    static_assert(resizable_sequence<T>, "prism::flex: cannot read into a fixed view; use a container");
    if (!rd.ctx.charge(b.count * sizeof(E))) return false;
    v.resize(b.count);
  }
  if constexpr (contiguous_numbers<T>) {  // a typed vector of exactly E: one copy
    constexpr type kind = std::is_floating_point_v<E> ? flexbuffers::FBT_FLOAT : std::is_signed_v<E> ? flexbuffers::FBT_INT : flexbuffers::FBT_UINT;
    if (b.element == kind && b.width == sizeof(E)) {
      if (b.count) detail::copy_large(std::ranges::data(v), b.data, b.count * sizeof(E));
      return true;
    }
  }
  if (!rd.enter(r)) return false;
  std::size_t i = 0;
  for (auto&& e : v) {
    const ref element = message::element(b, i);
    if (!detail::read_element(e, [&](auto& x) { return read_value<O>(rd, element, x); })) [[unlikely]] return rd.ctx.in_element(i);
    ++i;
  }
  rd.leave();
  return true;
}

template <options O, class K, class Ctx>
bool read_map_key(reader<Ctx>& rd, const ref& r, K& key) {
  std::string_view s;
  if (!read_text<O>(rd, r, s)) return false;
  if constexpr (string_type<K>) {
    key.assign(s.data(), s.size());
    return true;
  } else if constexpr (integer<K>) {
    const auto res = std::from_chars(s.data(), s.data() + s.size(), key);
    if (res.ec != std::errc{} || res.ptr != s.data() + s.size() || s.empty()) [[unlikely]] return rd.fail(errc::invalid_value, r, "an integer key");
    return true;
  } else if constexpr (enumeration<K>) {
    const auto e = enum_from_name<K>(s);
    if (!e) [[unlikely]] return rd.fail(errc::invalid_enum, r, "an enumerator name");
    key = *e;
    return true;
  } else {
    static_assert(sizeof(K) == 0, "prism::flex: map keys must be strings, integers or enums");
    return false;
  }
}

template <options O, class T, class Ctx>
bool read_map(reader<Ctx>& rd, const ref& r, T& v) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  block b;
  if (r.kind != flexbuffers::FBT_MAP) [[unlikely]] return rd.fail(errc::type_mismatch, r, "map");
  if (!rd.elements(r, b, "map") || !rd.ctx.charge(b.count * (sizeof(K) + sizeof(M))) || !rd.enter(r)) return false;
  v.clear();
  for (std::size_t i = 0; i < b.count; ++i) {
    if (!detail::read_map_entry(
            rd.ctx, v, i, [&](auto& key) { return read_map_key<O>(rd, message::key(b, i), key); },
            [&](auto& value) { return read_value<O>(rd, message::element(b, i), value); }))
      return false;
  }
  rd.leave();
  return true;
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

template <options O, class T, class Ctx>
bool read_field(reader<Ctx>& rd, const ref& r, T& v, std::size_t index) {
  return with_field(v, index, [&](auto& field, std::string_view name) { return read_value<O>(rd, r, field) || rd.ctx.in_field(name); });
}

template <options O, class T, class Ctx>
bool read_struct(reader<Ctx>& rd, const ref& r, T& v) {
  constexpr std::size_t fields = field_count_v<T>;
  block b;
  if (r.kind != flexbuffers::FBT_MAP) {  // positional: a vector of the fields in declaration order
    if (r.kind != flexbuffers::FBT_VECTOR) [[unlikely]] return rd.fail(errc::type_mismatch, r, "map or vector");
    if (!rd.elements(r, b, "vector") || !rd.enter(r)) return false;
    for (std::size_t i = 0; i < b.count && i < fields; ++i)
      if (!read_field<O>(rd, message::element(b, i), v, i)) return false;
    rd.leave();
    if constexpr (O.error_on_missing_keys) {
      if (b.count < fields) return rd.fail(errc::missing_key, r, "vector with every field");
    }
    return true;
  }
  if (!rd.elements(r, b, "map") || !rd.enter(r)) return false;
  static_assert(detail::struct_keys<T>.ok, "prism: field names must be distinct");
  std::bitset<fields> seen;  // a repeated key keeps its first entry, as in the other formats
  for (std::size_t i = 0; i < b.count; ++i) {
    const ref k = message::key(b, i);
    std::size_t index = fields;
    if (i < fields && key_is(rd.m, k, detail::struct_keys<T>.names[fields_by_key<T>[i]])) [[likely]] {
      index = fields_by_key<T>[i];  // the keys of exactly this struct, in the Builder's order
    } else {
      std::string_view key;
      if (!rd.text(k, key, "key")) return false;
      index = detail::struct_keys<T>.find(key);
      if (index >= fields) {
        if constexpr (O.error_on_unknown_keys) return rd.fail(errc::unknown_key, k, "a field name");
        else continue;
      }
    }
    if (seen.test(index)) [[unlikely]] continue;
    seen.set(index);
    if (!read_field<O>(rd, message::element(b, i), v, index)) return false;
  }
  rd.leave();
  if constexpr (O.error_on_missing_keys) {
    for (std::size_t i = 0; i < fields; ++i) {
      if (!seen.test(i)) {
        rd.fail(errc::missing_key, r, "every field");
        return rd.ctx.in_field(detail::struct_keys<T>.names[i]);
      }
    }
  }
  return true;
}

template <options O, class T, class Ctx>
bool read_value(reader<Ctx>& rd, const ref& r, T& v) {
  if constexpr (detail::travels_as_other<T>) {
    return detail::read_travelling(rd.ctx, v, rd.at(r), [&](auto& p) { return read_value<O>(rd, r, p); });
  } else if constexpr (adapted_tensor<T>) {
    const std::size_t at = rd.at(r);
    typename tensor_adapter<T>::owning t;
    if (!read_value<O>(rd, r, t)) return false;
    if (!tensor_adapter<T>::assign(v, t)) return rd.ctx.fail(errc::size_mismatch, at, "a tensor of the declared shape");
    return true;
  } else if constexpr (boolean<T>) {
    if (const errc e = rd.m.boolean(r, v); e != errc::ok) [[unlikely]] return rd.fail(e, r, "bool");
    return true;
  } else if constexpr (integer<T>) {
    return read_integer(rd, r, v);
  } else if constexpr (floating<T>) {
    double d{};
    if (const errc e = rd.m.floating(r, d); e != errc::ok) [[unlikely]] return rd.fail(e, r, "number");
    if (detail::fit_floating(d, v) != errc::ok) [[unlikely]] return rd.fail(errc::out_of_range, r, "a number within the float's range");
    return true;
  } else if constexpr (enumeration<T>) {
    if (r.kind == flexbuffers::FBT_STRING || r.kind == flexbuffers::FBT_KEY) {
      std::string_view s;
      if (!rd.text(r, s, "enumerator name")) return false;
      const auto e = enum_from_name<T>(s);
      if (!e) [[unlikely]] return rd.fail(errc::invalid_enum, r, "enumerator name");
      v = *e;
      return true;
    }
    return detail::enum_from_number(v, [&](auto& u) { return read_integer(rd, r, u); });
  } else if constexpr (string_type<T> || string_view_type<T>) {
    std::string_view s;
    return read_text<O>(rd, r, s) && detail::store_bytes(rd.ctx, v, reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  } else if constexpr (blob<T>) {
    const std::uint8_t* p{};
    std::size_t n{};
    return read_blob(rd, r, p, n) && detail::store_bytes(rd.ctx, v, p, n);
  } else if constexpr (tensor_type<T>) {
    tensor_header h;
    return read_tensor_header(rd, r, h) && detail::store_tensor(rd.ctx, h, v, rd.at(r));
  } else if constexpr (set_type<T>) {
    return detail::read_set(v, [&](auto& items) { return read_value<O>(rd, r, items); });
  } else if constexpr (fixed_array<T> || sequence<T>) {
    return read_sequence<O>(rd, r, v);
  } else if constexpr (map_type<T>) {
    return read_map<O>(rd, r, v);
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    if (r.kind == flexbuffers::FBT_NULL) {
      v.reset();
      return true;
    }
    if constexpr (owning_pointer<T>) {
      if (!rd.ctx.charge(sizeof(typename T::element_type)) || !rd.enter(r)) return false;
      const bool ok = read_value<O>(rd, r, detail::ensure_allocated(v));
      rd.leave();
      return ok;
    } else {
      return read_value<O>(rd, r, detail::ensure_engaged(v));
    }
  } else if constexpr (variant_type<T>) {
    block b;
    if (r.kind != flexbuffers::FBT_VECTOR) [[unlikely]] return rd.fail(errc::type_mismatch, r, "[index, value]");
    if (!rd.elements(r, b, "[index, value]")) return false;
    if (b.count != 2) [[unlikely]] return rd.fail(errc::size_mismatch, r, "[index, value]");
    std::size_t index{};
    if (!read_integer(rd, message::element(b, 0), index)) return false;
    if (index >= std::variant_size_v<T>) [[unlikely]] return rd.fail(errc::invalid_value, message::element(b, 0), "variant index");
    return detail::visit_index<T>(index, [&](auto i) {
      return read_value<O>(rd, message::element(b, 1), detail::ensure_alternative<decltype(i)::value>(v));
    });
  } else if constexpr (tuple_type<T>) {
    block b;
    if (r.kind == flexbuffers::FBT_MAP) [[unlikely]] return rd.fail(errc::type_mismatch, r, "vector");
    if (!rd.elements(r, b, "vector")) return false;
    if (b.count != std::tuple_size_v<T>) [[unlikely]] return rd.fail(errc::size_mismatch, r, "vector of the tuple's size");
    return detail::read_tuple_elements(rd.ctx, v, [&](auto& e, std::size_t i) { return read_value<O>(rd, message::element(b, i), e); });
  } else if constexpr (time_point_type<T>) {
    std::int64_t ns{};
    if (!read_integer(rd, r, ns)) return false;
    v = T(std::chrono::duration_cast<typename T::duration>(std::chrono::nanoseconds(ns)));
    return true;
  } else if constexpr (reflectable<T>) {
    return read_struct<O>(rd, r, v);
  } else {
    static_assert(sizeof(T) == 0, "prism::flex: this type cannot be read");
    return false;
  }
}

// Values a read may visit: every value of a message without shared containers has a slot of
// its own (at least one byte), so this only stops walks through heavily shared containers.
inline std::size_t work_budget(std::size_t size) noexcept { return 4 * size + 64; }

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
    flex_detail::reader<Ctx> rd{ctx, m, flex_detail::work_budget(m.size)};
    return flex_detail::read_value<O>(rd, root, v);
  }
};

}  // namespace prism
