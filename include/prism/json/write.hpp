#pragma once
// JSON writer: straight from the C++ value to text, compact or pretty, with the fewest escapes.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "../core/category_write.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/tensor_io.hpp"
#include "../core/tensor.hpp"
#include "../core/float_text.hpp"
#include "../core/integer_text.hpp"
#include "../core/sink.hpp"
#include "../core/utf8.hpp"
#include "../core/variant_names.hpp"
#include "untagged.hpp"
#include "write_text.hpp"
#include "common.hpp"
#include "format.hpp"
#include "time.hpp"

namespace prism::json_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);

template <class Ctx>
PRISM_INLINE bool put_char(Ctx& ctx, char c) {
  if (!ctx.reserve(1)) return false;
  *ctx.out.cur() = static_cast<std::uint8_t>(c);
  ctx.out.advance(1);
  return true;
}

template <class Ctx>
PRISM_INLINE bool put_text(Ctx& ctx, std::string_view s) {
  return ctx.write(s.data(), s.size());
}

// Pretty output: a newline and the indentation of the current depth.
template <options O, class Ctx>
PRISM_INLINE bool newline(Ctx& ctx) {
  if constexpr (!own<O>.pretty) {
    return true;
  } else {
    const std::size_t width = own<O>.indent == 0 ? ctx.depth : ctx.depth * own<O>.indent;
    if (!ctx.reserve(1 + width)) return false;
    std::uint8_t* p = ctx.out.cur();
    p[0] = '\n';
    std::memset(p + 1, own<O>.indent == 0 ? '\t' : ' ', width);
    ctx.out.advance(1 + width);
    return true;
  }
}

template <class T, class Ctx>
PRISM_INLINE bool write_integer(Ctx& ctx, T v) {
  if (!ctx.reserve(integer_text_room)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  ctx.out.advance(static_cast<std::size_t>(write_integer_text_once(p, v) - p));
  return true;
}

// The shortest text that reads back to the same finite value, as std::to_chars writes it;
// integral values get ".0" so that readers keep them floating-point. Needs float_text_room.
inline constexpr std::size_t float_text_room = double_text_room + 2;

template <class F>
PRISM_INLINE char* put_float(char* p, F v) noexcept {
  if constexpr (std::is_same_v<F, float>) return write_float_text<true>(p, v);
  else return write_double_text<true>(p, static_cast<double>(v));
}

// "false" and "true" padded to eight bytes: either is one fixed-size copy, no branch.
inline constexpr char bool_texts[2][8] = {{'f', 'a', 'l', 's', 'e'}, {'t', 'r', 'u', 'e'}};

// A boolean with what goes before it (a member's key) under one reservation.
template <class Ctx>
PRISM_INLINE bool write_bool_after(Ctx& ctx, const char* prefix, std::size_t prefix_size, bool v) {
  if (!ctx.reserve(prefix_size + 8)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::memcpy(p, prefix, prefix_size);
  std::memcpy(p + prefix_size, bool_texts[v], 8);
  ctx.out.advance(prefix_size + 5 - std::size_t{v});
  return true;
}

template <options O, class F, class Ctx>
PRISM_COLD bool write_non_finite(Ctx& ctx, F v) {
  if constexpr (own<O>.nan_inf_as_null) return put_text(ctx, "null");
  return ctx.fail(errc::invalid_value, ctx.out.position(), "a finite number", std::isnan(v) ? "NaN" : "infinity");
}

template <options O, class F, class Ctx>
bool write_float(Ctx& ctx, F v) {
  if (!std::isfinite(v)) [[unlikely]] return write_non_finite<O>(ctx, v);
  if (!ctx.reserve(float_text_room)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  ctx.out.advance(static_cast<std::size_t>(put_float(p, v) - p));
  return true;
}

// Integers and finite floats with the key before them under one reservation and no call: the
// fields of ids, counts and coordinates (array elements: write_item_array).
template <class T>
inline constexpr std::size_t number_text_room = integer<T> ? integer_text_room : float_text_room;

template <class T>
PRISM_INLINE bool finite_number(const T& v) noexcept {
  if constexpr (std::is_same_v<T, double>) {  // on the bits the writer takes too
    constexpr std::uint64_t exponent = std::uint64_t{0x7ff} << 52;
    return (std::bit_cast<std::uint64_t>(v) & exponent) != exponent;
  } else if constexpr (floating<T>) {
    return std::isfinite(v);
  } else {
    return true;
  }
}

template <class T, class Ctx>
PRISM_INLINE bool write_number_after(Ctx& ctx, const char* prefix, std::size_t prefix_size, T v) {
  if (!ctx.reserve(prefix_size + number_text_room<T>)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  std::memcpy(p, prefix, prefix_size);
  char* end;
  if constexpr (integer<T>) end = write_member_integer_text(p + prefix_size, v);
  else end = put_float(p + prefix_size, v);
  ctx.out.advance(static_cast<std::size_t>(end - p));
  return true;
}

template <options O, class Ctx>
bool write_base64(Ctx& ctx, const void* data, std::size_t n) {
  if (!ctx.reserve(base64_size(n) + 2)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  p[0] = '"';
  const std::size_t k = base64_encode(static_cast<const std::uint8_t*>(data), n, p + 1);
  p[k + 1] = '"';
  ctx.out.advance(k + 2);
  return true;
}

// A tensor as [dtype, [extents...], "base64 of the elements"], with a fourth element 1 when the
// elements are in column-major order (the MessagePack triple, blobs as base64).
template <options O, class T, class Ctx>
bool write_tensor(Ctx& ctx, const T& t) {
  using E = std::remove_const_t<typename T::element_type>;
  if (!put_char(ctx, '[') || !write_integer(ctx, static_cast<unsigned>(dtype_of<E>)) || !put_text(ctx, ",[")) return false;
  for (std::size_t d = 0; d < std::size(t.shape()); ++d) {
    if ((d && !put_char(ctx, ',')) || !write_integer(ctx, t.shape()[d])) return false;
  }
  if (!put_text(ctx, "],") || !write_base64<O>(ctx, t.data(), t.size_bytes())) return false;
  if (t.order() == memory_order::column_major && !put_text(ctx, ",1")) return false;
  return put_char(ctx, ']');
}

// Opens an object or array; the depth counts for indentation and for the nesting limit.
template <class Ctx>
PRISM_INLINE bool open(Ctx& ctx, char c) {
  ++ctx.depth;
  return put_char(ctx, c);
}

template <options O, class Ctx>
PRISM_INLINE bool close(Ctx& ctx, char c, bool empty) {
  --ctx.depth;
  if (!empty && !newline<O>(ctx)) return false;
  return put_char(ctx, c);
}

// The separator before element `i` of an object or array.
template <options O, class Ctx>
PRISM_INLINE bool separator(Ctx& ctx, std::size_t i) {
  if (i != 0 && !put_char(ctx, ',')) return false;
  return newline<O>(ctx);
}

template <options O, class Ctx>
PRISM_INLINE bool key_separator(Ctx& ctx) {
  if constexpr (own<O>.pretty) return put_char(ctx, ' ');
  return true;
}

// Elements written without a call per element in compact output: numbers, and small rows of
// numbers such as coordinate pairs (std::array<double, 2>).
template <class T>
inline constexpr bool number_item = integer<T> || floating<T>;
template <class T>
inline constexpr bool number_row = false;
template <class N, std::size_t K>
inline constexpr bool number_row<std::array<N, K>> = number_item<N> && K >= 1 && K <= 4;

template <class T>
inline constexpr std::size_t item_text_room = [] {
  if constexpr (number_row<T>) return std::tuple_size_v<T> * (number_text_room<typename T::value_type> + 1) + 2;
  else return number_text_room<T>;
}();

template <class T>
PRISM_INLINE bool finite_item(const T& v) noexcept {
  if constexpr (number_row<T>) {
    bool finite = true;
    for (const auto& x : v) finite &= finite_number(x);
    return finite;
  } else {
    return finite_number(v);
  }
}

template <class T>
PRISM_INLINE char* put_item(char* p, const T& v) noexcept {
  if constexpr (number_row<T>) {
    *p++ = '[';
    for (std::size_t i = 0; i < std::tuple_size_v<T>; ++i) {
      *p = ',';
      p += i != 0 ? 1 : 0;
      p = put_item(p, v[i]);
    }
    *p++ = ']';
    return p;
  } else if constexpr (integer<T>) {
    return write_integer_text(p, v);
  } else {
    return put_float(p, v);
  }
}

// Compact arrays of number items: up to eight of them with their commas, and the brackets,
// under one reservation (which stays within span_sink's scratch area, so that a fixed buffer
// the text fits in is never refused). An item with a non-finite number goes through write_value.
// The first item comes before the loop, so that every item in it has its comma; a batch of a
// random-access range is counted once instead of checking for the end at every item.
template <options O, class Range, class Ctx>
bool write_item_array(Ctx& ctx, const Range& r) {
  using E = std::remove_cvref_t<std::ranges::range_reference_t<const Range>>;
  constexpr std::size_t batch = std::clamp<std::size_t>((span_sink::scratch_size - 2) / (item_text_room<E> + 1), 1, 8);
  static_assert(batch * (item_text_room<E> + 1) + 2 <= span_sink::scratch_size);
  auto it = std::ranges::begin(r);
  const auto end = std::ranges::end(r);
  // Every item is written after a comma, and the array's first comma becomes its '[': one
  // copy of the item's code.
  bool opened = false;
  while (true) {
    if (!ctx.reserve(batch * (item_text_room<E> + 1) + 2)) return false;
    char* const start = reinterpret_cast<char*>(ctx.out.cur());
    char* p = start;
    constexpr bool counted = std::random_access_iterator<decltype(it)>;  // else the loop checks for the end
    std::size_t count = batch;
    if constexpr (counted) count = std::min(batch, static_cast<std::size_t>(end - it));
    for (std::size_t k = 0; k < count && (counted || it != end); ++k, ++it) {
      if (!finite_item(*it)) [[unlikely]]
        break;
      *p = ',';
      p = put_item(p + 1, *it);
    }
    if (!opened && p != start) {
      *start = '[';
      opened = true;
    }
    if (it == end) {
      if (!opened) *p++ = '[';
      *p++ = ']';
      ctx.out.advance(static_cast<std::size_t>(p - start));
      return true;
    }
    ctx.out.advance(static_cast<std::size_t>(p - start));
    if (!finite_item(*it)) {
      if (!put_char(ctx, opened ? ',' : '[') || !write_value<O>(ctx, *it)) [[unlikely]]
        return ctx.in_element(static_cast<std::size_t>(std::ranges::distance(std::ranges::begin(r), it)));
      opened = true;
      ++it;
    }
  }
}

template <options O, class Range, class Ctx>
bool write_array(Ctx& ctx, const Range& r) {
  if constexpr (std::ranges::sized_range<Range>) {
    if (std::ranges::size(r) == 0) return put_text(ctx, "[]");
  }
  using Element = std::remove_cvref_t<std::ranges::range_reference_t<const Range>>;
  if constexpr (!own<O>.pretty && (number_item<Element> || number_row<Element>)) return write_item_array<O>(ctx, r);
  if (!open(ctx, '[')) return false;
  std::size_t i = 0;
  for (const auto& e : r) {
    if (!separator<O>(ctx, i) || !write_value<O>(ctx, e)) [[unlikely]] return ctx.in_element(i);
    ++i;
  }
  return close<O>(ctx, ']', i == 0);
}

template <class T>
constexpr bool is_null(const T& v) noexcept {
  if constexpr (optional_type<T> || owning_pointer<T>) return !v;
  else return false;
}

// Field I after `written` members (FirstMember: none, so the first field takes no comma unless
// null members are skipped, which only the count can tell). In compact output with no member
// skipped, FirstMember's first key also opens the object: `{"name":` in one copy.
template <options O, bool FirstMember, std::size_t I, class T, class Ctx>
PRISM_INLINE bool write_member(Ctx& ctx, const T& v, std::size_t& written) {
  const auto& field = get_field<I>(v);
  if constexpr (own<O>.skip_null_members) {
    if (is_null(field)) return true;
  }
  constexpr bool opening = FirstMember && !own<O>.pretty && !own<O>.skip_null_members && I == 0;
  constexpr auto& key = opening ? opening_key<T, I> : separated_key<T, I>;  // ,"name":\0 or {"name":\0
  if constexpr (own<O>.pretty) {
    return separator<O>(ctx, written++) && ctx.write(key.data() + 1, key.size() - 2) && key_separator<O>(ctx) &&
           write_value<O>(ctx, field);
  } else {
    std::size_t first;
    if constexpr (FirstMember && !own<O>.skip_null_members) {
      first = I == 0 && !opening;
      ++written;
    } else {
      first = written++ == 0 ? 1 : 0;
    }
    using F = std::remove_cvref_t<decltype(field)>;
    if constexpr ((integer<F> || floating<F>) && key.size() + number_text_room<F> <= 256) {  // within span_sink's scratch
      if (finite_number(field)) [[likely]] return write_number_after(ctx, key.data() + first, key.size() - 1 - first, field);
    } else if constexpr (std::is_same_v<F, bool> && key.size() + 8 <= 256) {
      return write_bool_after(ctx, key.data() + first, key.size() - 1 - first, field);
    }
    if (!ctx.reserve(key.size())) return false;
    std::memcpy(ctx.out.cur(), key.data() + first, key.size() - 1);
    ctx.out.advance(key.size() - 1 - first);
    return write_value<O>(ctx, field);
  }
}

// The fields after `written` members; an error names the field.
template <options O, bool FirstMember, class T, class Ctx>
bool write_object_fields(Ctx& ctx, const T& v, std::size_t& written) {
  return all_fields<T>([&](auto i) {
    constexpr std::size_t I = decltype(i)::value;
    return write_member<O, FirstMember, I>(ctx, v, written) || detail::in_field_at<T>(ctx, I);
  });
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  if constexpr (O.structs_as_arrays) {
    if (!open(ctx, '[')) return false;
    std::size_t i = 0;
    const bool ok = detail::write_each_field<T>(ctx, [&](auto k) {
      return separator<O>(ctx, i++) && write_value<O>(ctx, get_field<decltype(k)::value>(v));
    });
    return ok && close<O>(ctx, ']', i == 0);
  } else {
    constexpr bool first_key_opens = !own<O>.pretty && !own<O>.skip_null_members && field_count_v<T> > 0;
    if constexpr (first_key_opens) {
      ++ctx.depth;
    } else if (!open(ctx, '{')) {
      return false;
    }
    std::size_t written = 0;
    return write_object_fields<O, true>(ctx, v, written) && close<O>(ctx, '}', written == 0);
  }
}

// {"type":"Circle","r":1} for a struct alternative, {"type":"int","value":5} for others.
template <options O, class V, class Ctx>
bool write_tagged_variant(Ctx& ctx, const V& v) {
  constexpr auto names = variant_names<V>();
  constexpr std::string_view tag = variant_tag<V>();
  return std::visit(
      [&](const auto& alt) {
        using A = std::remove_cvref_t<decltype(alt)>;
        if constexpr (tag.empty()) {  // {"name": value}
          const std::string_view name = names[v.index()];
          return open(ctx, '{') && separator<O>(ctx, 0) && write_string<O>(ctx, name.data(), name.size()) &&
                 put_char(ctx, ':') && key_separator<O>(ctx) && write_value<O>(ctx, alt) && close<O>(ctx, '}', false);
        }
        if (!open(ctx, '{') || !separator<O>(ctx, 0) || !write_string<O>(ctx, tag.data(), tag.size()) ||
            !put_char(ctx, ':') || !key_separator<O>(ctx)) {
          return false;
        }
        const std::string_view name = names[v.index()];
        if (!write_string<O>(ctx, name.data(), name.size())) return false;
        std::size_t written = 1;
        if constexpr (plain_struct<A> && !O.structs_as_arrays) {
          if (!write_object_fields<O, false>(ctx, alt, written)) return false;
        } else if constexpr (!std::is_same_v<A, std::monostate>) {
          if (!separator<O>(ctx, written++) || !put_text(ctx, "\"value\":") || !key_separator<O>(ctx) ||
              !write_value<O>(ctx, alt)) {
            return false;
          }
        }
        return close<O>(ctx, '}', false);
      },
      v);
}

template <options O, class V, class Ctx>
bool write_variant(Ctx& ctx, const V& v) {
  if constexpr (untagged_variant<V, O>()) {
    static_assert(alternatives_differ<V, O>(), "prism::json: an untagged variant needs alternatives of different JSON types; tag it instead");
    return std::visit([&](const auto& alt) { return write_value<O>(ctx, alt); }, v);
  } else {
    return write_tagged_variant<O>(ctx, v);
  }
}

template <options O, class K, class Ctx>
bool write_map_key(Ctx& ctx, const K& key) {
  if constexpr (string_type<K> || string_view_type<K>) {
    return write_string<O>(ctx, key.data(), key.size());
  } else if constexpr (integer<K>) {
    return put_char(ctx, '"') && write_integer(ctx, key) && put_char(ctx, '"');
  } else if constexpr (enumeration<K>) {
    const std::string_view name = enum_name(key);
    if (!name.empty()) return write_string<O>(ctx, name.data(), name.size());
    return put_char(ctx, '"') && write_integer(ctx, static_cast<std::underlying_type_t<K>>(key)) && put_char(ctx, '"');
  } else {
    static_assert(sizeof(K) == 0, "prism::json: map keys must be strings, integers or enums");
    return false;
  }
}

// A prism::value as JSON writes the same C++ types: byte strings as base64, timestamps as RFC
// 3339 text, integer keys quoted; CBOR tags and simple values as RFC 8949 section 6.1 converts
// them.
template <options O, class Ctx>
bool write_dynamic(Ctx& ctx, const value& v) {
  using kind = value::kind;
  switch (v.type()) {
    case kind::null: return put_text(ctx, "null");
    case kind::boolean: return write_value<O>(ctx, *v.as_bool());
    case kind::integer: return write_integer(ctx, *v.as_int());
    case kind::unsigned_integer: return write_integer(ctx, *v.as_uint());
    case kind::floating: return write_float<O>(ctx, *v.as_double());
    case kind::string: return write_string<O>(ctx, v.as_string()->data(), v.as_string()->size());
    case kind::binary: return write_value<O>(ctx, *v.as_bytes());
    case kind::timestamp: return write_value<O>(ctx, *v.as_time());
    case kind::array: return write_array<O>(ctx, *v.as_array());
    case kind::object: {
      if (!open(ctx, '{')) return false;
      std::size_t i = 0;
      for (const auto& [key, member] : *v.as_object()) {
        if (!separator<O>(ctx, i++)) return false;
        if (const std::string* s = key.as_string()) {
          if (!write_string<O>(ctx, s->data(), s->size())) return false;
        } else if (const std::int64_t* k = key.as_int()) {
          if (!put_char(ctx, '"') || !write_integer(ctx, *k) || !put_char(ctx, '"')) return false;
        } else if (const std::uint64_t* u = key.as_uint()) {
          if (!put_char(ctx, '"') || !write_integer(ctx, *u) || !put_char(ctx, '"')) return false;
        } else {
          return ctx.fail(errc::type_mismatch, ctx.out.position(), "a string or integer key");
        }
        if (!put_char(ctx, ':') || !key_separator<O>(ctx) || !write_dynamic<O>(ctx, member)) return false;
      }
      return close<O>(ctx, '}', i == 0);
    }
    case kind::tagged: return write_dynamic<O>(ctx, v.as_tagged()->content());  // RFC 8949 6.1: the content
    case kind::extension:
      return ctx.fail(errc::type_mismatch, ctx.out.position(), "a value JSON can hold", "a MessagePack extension");
    case kind::simple: return put_text(ctx, "null");  // RFC 8949 6.1: undefined and other simple values
  }
  return false;
}

// JSON's encodings for the type dispatch in core (core/category_write.hpp).
struct wire_writer {
  using format = json;
  static constexpr bool monostate_is_null = true;
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) { return write_value<O>(ctx, v); }
  template <options O, class T>
  static constexpr bool takes_first = std::is_same_v<T, std::nullptr_t>;
  template <options O, class Ctx>
  PRISM_INLINE static bool write_first(Ctx& ctx, std::nullptr_t) { return put_text(ctx, "null"); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_value_member(Ctx& ctx, const value& v) { return write_dynamic<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool write_bool(Ctx& ctx, bool v) {
    if (!ctx.reserve(8)) return false;
    std::memcpy(ctx.out.cur(), bool_texts[v], 8);
    ctx.out.advance(5 - std::size_t{v});
    return true;
  }
  template <class Ctx, class T>
  PRISM_INLINE static bool write_int(Ctx& ctx, T v) { return write_integer(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_float(Ctx& ctx, T v) { return json_detail::write_float<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_text(Ctx& ctx, const char* p, std::size_t n) { return write_string<O>(ctx, p, n); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_blob(Ctx& ctx, const T& v) { return write_base64<O>(ctx, v.data(), v.size()); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_tensor(Ctx& ctx, const T& v) { return json_detail::write_tensor<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_sequence(Ctx& ctx, const T& v) { return write_array<O>(ctx, v); }
  template <options O, class Ctx, class T>
  static bool write_map(Ctx& ctx, const T& v) {
    if (!open(ctx, '{')) return false;
    std::size_t i = 0;
    for (const auto& [key, mapped] : v) {
      if (!separator<O>(ctx, i) || !write_map_key<O>(ctx, key) || !put_char(ctx, ':') || !key_separator<O>(ctx) ||
          !write_value<O>(ctx, mapped)) [[unlikely]] {
        return detail::in_map_entry(ctx, key, i);
      }
      ++i;
    }
    return close<O>(ctx, '}', i == 0);
  }
  template <class Ctx>
  PRISM_INLINE static bool write_null(Ctx& ctx) { return put_text(ctx, "null"); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_variant(Ctx& ctx, const T& v) { return json_detail::write_variant<O>(ctx, v); }
  template <options O, class Ctx, class T>
  static bool write_tuple(Ctx& ctx, const T& v) {
    if (!open(ctx, '[')) return false;
    std::size_t i = 0;
    const bool ok = std::apply([&](const auto&... e) { return ((separator<O>(ctx, i) && write_value<O>(ctx, e) && (++i, true)) && ...); }, v);
    if (!ok) [[unlikely]] return ctx.in_element(i);
    return close<O>(ctx, ']', i == 0);
  }
  // RFC 3339 text.
  template <options O, class Ctx, class T>
  static bool write_time(Ctx& ctx, const T& v) {
    if (!ctx.reserve(max_timestamp_chars + 2)) return false;
    char* p = reinterpret_cast<char*>(ctx.out.cur());
    p[0] = '"';
    char* end = format_timestamp(v, p + 1);
    if (!end) return ctx.fail(errc::out_of_range, ctx.out.position(), "a time point in years 0000-9999");
    *end++ = '"';
    ctx.out.advance(static_cast<std::size_t>(end - p));
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_struct(Ctx& ctx, const T& v) {
    return json_detail::write_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  return detail::write_category<wire_writer, O>(ctx, v);
}

}  // namespace prism::json_detail

namespace prism {

template <>
struct format_writer<json> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return json_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
