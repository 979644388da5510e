#pragma once
// CBOR decoder straight into C++ values. Takes every well-formed encoding of a value: any head
// width, indefinite lengths, half/single/double floats, typed arrays of either byte order;
// skips tags it does not know. Checks every length against the remaining input before
// allocating and reports the offset and field path of the first problem.
// Here: arrays, maps, structs and the dispatch over every type. Under it: typed arrays and
// tensors in read_arrays.hpp; scalars, strings and skipping in read_scalars.hpp.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/category_read.hpp"
#include "../core/struct_reader.hpp"
#include "../core/value_io.hpp"
#include "../core/enum_read.hpp"
#include "read_arrays.hpp"
#include "read_scalars.hpp"

namespace prism::cbor_detail {

// The elements of a definite array, from the cursor on, into a sequence of their number (the
// depth entered for the array, and left here); returns where they end, or null on an error.
template <options O, class T, class Ctx>
PRISM_NOINLINE const std::uint8_t* read_elements(Ctx& ctx, local_cursor c, T& v) {
  return detail::read_elements_at(
      ctx, c, v, [&](local_cursor& at, auto& e) PRISM_LAMBDA_INLINE { return detail::read_next<cursor_reader, O>(ctx, at, e); },
      [&](auto& e) { return read_value<O>(ctx, e); });
}

template <options O, class T, class Ctx>
bool read_sequence_rest(Ctx& ctx, T& v);

// A sequence at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. The usual head (an untagged definite array) is read at the cursor;
// read_sequence_rest reads every other and checks the same.
template <options O, class T, class Ctx>
const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v) {
  std::size_t head_bytes{}, n{};
  if (usual_head(c, major::array, head_bytes, n) && n <= ctx.lim.max_elements && n <= c.readable() - head_bytes &&
      detail::size_quick(ctx, v, n) && ctx.try_enter()) {
    return read_elements<O>(ctx, local_cursor{c.p + head_bytes, c.end}, v);
  }
  c.store_to(ctx.src);
  return read_sequence_rest<O>(ctx, v) ? ctx.src.cur() : nullptr;
}

template <options O, class T, class Ctx>
bool read_sequence(Ctx& ctx, T& v) {
  return detail::move_to(ctx.src, read_sequence_at<O>(ctx, local_cursor{ctx.src}, v));
}

template <options O, class T, class Ctx>
bool read_sequence_rest(Ctx& ctx, T& v) {
  using E = range_value_t<T>;
  if constexpr (!detail::fillable_sequence<T>()) {
    return false;  // the assertion alone, not the errors of the code below for this type
  } else {
    if constexpr (contiguous_numbers<T>) {
      bool done = false;
      if (!read_native_typed_array(ctx, v, done)) return false;
      if (done) return true;
    }
    const std::size_t at = ctx.src.offset();
    std::uint64_t tag_number{};
    bool tagged{};
    if (!skip_tags(ctx, tag_number, tagged)) return false;
    std::uint8_t initial{};
    if (!peek_initial(ctx, initial)) return false;
    if constexpr (contiguous_numbers<T>) {
      if (tagged && tag_number >= tag::typed_array_first && tag_number <= tag::typed_array_last) {
        return read_typed_array(ctx, v, tag_number, at);
      }
      if constexpr (resizable_sequence<T> && sizeof(E) == 1 && integer<E>) {
        if ((initial >> 5) == major::bytes) {  // bytes as a plain byte string
          const std::uint8_t* p{};
          std::size_t n{};
          std::string joined;
          if (!read_string_bytes(ctx, major::bytes, p, n, joined, "byte string") || !ctx.charge(n)) return false;
          v.resize(n);
          if (n) detail::copy_large(std::ranges::data(v), p, n);
          return true;
        }
      }
    }
    if ((initial >> 5) != major::array) [[unlikely]] return mismatch(ctx, "array", initial);
    head h;
    if (!read_head(ctx, h) || !ctx.enter()) return false;
    if (!h.indefinite) {
      if (!ctx.check_count(h.argument, 1, at)) return false;
      const auto n = static_cast<std::size_t>(h.argument);
      if (!detail::size_sequence(ctx, v, n, at)) return false;
      return detail::move_to(ctx.src, read_elements<O>(ctx, local_cursor{ctx.src}, v));
    } else {
      std::size_t i = 0;
      if constexpr (!fixed_array<T>) v.clear();
      while (!at_break(ctx)) {
        if (ctx.failed()) return false;
        if constexpr (fixed_array<T>) {
          if (i >= v.size()) return ctx.fail(errc::size_mismatch, at, "array of the declared size");
          if (!read_element<O>(ctx, v[i], i)) return false;
        } else {
          if (i >= ctx.lim.max_elements) return ctx.fail(errc::too_many_elements, at);
          if (!detail::charge_one_more(ctx, v)) return false;
          if (!read_element<O>(ctx, v.emplace_back(), i)) return false;
        }
        ++i;
      }
      if (ctx.failed()) return false;
      ctx.src.advance(1);
      if constexpr (fixed_array<T>) {
        if (i != v.size()) return ctx.fail(errc::size_mismatch, at, "array of the declared size");
      }
    }
    ctx.leave();
    return true;
  }
}

// An array of exactly n items (a tuple, a variant's [index, value]) of either length encoding:
// items() reads them, and an indefinite array then ends with its break.
template <class Ctx, class Items>
bool read_items(Ctx& ctx, std::size_t n, std::string_view expected, Items&& items) {
  const std::size_t at = ctx.src.offset();
  std::uint8_t initial{};
  if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
  if ((initial >> 5) != major::array) [[unlikely]] return mismatch(ctx, expected, initial);
  head h;
  if (!read_head(ctx, h)) return false;
  if (!h.indefinite && h.argument != n) [[unlikely]] return ctx.fail(errc::size_mismatch, at, expected);
  if (!items()) return false;
  if (!h.indefinite) return true;
  if (!at_break(ctx)) return ctx.failed() ? false : ctx.fail(errc::size_mismatch, at, expected);
  ctx.src.advance(1);
  return true;
}

// Calls entry(i) for each entry of a map or each element of an array whose head is `h`
// (definite or indefinite), counting against the limits.
template <class Ctx, class Entry>
bool for_each_entry(Ctx& ctx, const head& h, std::size_t at, std::size_t wire_bytes_per_entry, Entry&& entry) {
  if (!h.indefinite) {
    if (!ctx.check_count(h.argument, wire_bytes_per_entry, at)) return false;
    for (std::size_t i = 0; i < h.argument; ++i) {
      if (!entry(i)) return false;
    }
    return true;
  }
  for (std::size_t i = 0;; ++i) {
    if (at_break(ctx)) break;
    if (ctx.failed()) return false;
    if (i >= ctx.lim.max_elements) return ctx.fail(errc::too_many_elements, at);
    if (!entry(i)) return false;
  }
  if (ctx.failed()) return false;
  ctx.src.advance(1);
  return true;
}

template <options O, class T, class Ctx>
bool read_map(Ctx& ctx, T& v) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  const std::size_t at = ctx.src.offset();
  if (!skip_tags(ctx)) return false;
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  if ((initial >> 5) != major::map) [[unlikely]] return mismatch(ctx, "map", initial);
  head h;
  if (!read_head(ctx, h) || !ctx.enter()) return false;
  v.clear();
  const bool ok = for_each_entry(ctx, h, at, 2, [&](std::size_t i) {
    return ctx.charge(sizeof(K) + sizeof(M)) &&
           detail::read_map_entry(
               ctx, v, i, [&](auto& key) { return read_value<O>(ctx, key); }, [&](auto& value) { return read_value<O>(ctx, value); });
  });
  if (!ok) return false;
  ctx.leave();
  return true;
}

template <options O, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, std::size_t index) {
  return detail::read_field_at(ctx, v, index, [&](auto& field) { return read_value<O>(ctx, field); });
}

// Every field's encoded key, by index: the lookup's test of the writer's order.
template <class T>
inline constexpr auto encoded_keys = detail::key_table<T>([]<std::size_t I>() -> auto& { return encoded_key<T, I>; });

// The entries of a map into struct T that the in-order pass left (it read `in_order` of them),
// from the source on; the struct began at offset `at`. One function for each struct: a struct
// read in place (a few fields) meets it on its usual head and on every other, and it is rarely
// run.
template <options O, class T, class Ctx>
PRISM_NOINLINE bool read_entries_after_in_order(Ctx& ctx, T& v, head h, std::size_t at, std::size_t in_order) {
  detail::struct_keys_reader<O, T> keys;
  keys.read_in_order(in_order);
  head rest = h;
  if (!h.indefinite) {
    rest.argument = h.argument - in_order;
    if (rest.argument == 0) return keys.finish(ctx, at);
  }
  std::string joined;
  const auto read_one = [&](std::size_t index) { return read_field<O>(ctx, v, index); };
  const bool ok = for_each_entry(ctx, rest, at, 2, [&](std::size_t) {
    if (const int taken = keys.take_in_order(ctx, encoded_keys<T>, read_one); taken != 0) return taken > 0;
    const std::size_t key_at = ctx.src.offset();
    const std::uint8_t* p{};
    std::size_t len{};
    if (!read_text<O>(ctx, p, len, joined)) return false;
    return keys.entry(ctx, std::string_view(reinterpret_cast<const char*>(p), len), key_at, read_one,
                      [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
  });
  return ok && keys.finish(ctx, at);
}

// The rest of a map into struct T (depth entered, its definite head read: `h`), from the cursor
// on; the struct began at offset `at`. Returns where the map ends, or null on an error.
struct read_struct_entries_body {
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* read(Ctx& ctx, local_cursor c, T& v, head h, std::size_t at) {
    std::size_t in_order = 0;
    if (!detail::read_keys_in_order<cursor_reader, O>(ctx, c, v, h.argument, in_order)) return nullptr;
    if (detail::all_read_in_order<O, T>(in_order, h.argument)) [[likely]] {
      ctx.leave();
      return c.p;
    }
    c.store_to(ctx.src);
    return read_entries_after_in_order<O>(ctx, v, h, at, in_order) ? ctx.src.cur() : nullptr;
  }
};

template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_struct_entries(Ctx& ctx, local_cursor c, T& v, head h, std::size_t at) {
  return detail::read_placed<detail::struct_in_place<T>, read_struct_entries_body, O>(ctx, c, v, h, at);
}

template <options O, class T, class Ctx>
bool read_struct_rest(Ctx& ctx, T& v);

// A struct at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. The usual head (an untagged definite map) is read at the cursor;
// read_struct_rest reads every other and checks the same.
template <options O, class T, class Ctx>
const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v) {
  std::size_t head_bytes{}, n{};
  if (usual_head(c, major::map, head_bytes, n) && n <= ctx.lim.max_elements && n <= (c.readable() - head_bytes) / 2 &&
      ctx.try_enter()) [[likely]] {
    head h;
    h.major_type = major::map;
    h.argument = n;
    return read_struct_entries<O>(ctx, local_cursor{c.p + head_bytes, c.end}, v, h, detail::offset_of(ctx.src, c.p));
  }
  c.store_to(ctx.src);
  return read_struct_rest<O>(ctx, v) ? ctx.src.cur() : nullptr;
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v) {
  return detail::move_to(ctx.src, read_struct_at<O>(ctx, local_cursor{ctx.src}, v));
}

template <options O, class T, class Ctx>
bool read_struct_rest(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  head h;
  if (!skip_tags(ctx)) return false;
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  if ((initial >> 5) == major::array) {  // positional: missing items leave fields untouched, extra ones are skipped
    if (!read_head(ctx, h) || !ctx.enter()) return false;
    std::size_t count = 0;
    const bool ok = for_each_entry(ctx, h, at, 1, [&](std::size_t i) {
      ++count;
      return detail::read_positional_item<T>(
              ctx, i, [&](std::size_t k) { return read_field<O>(ctx, v, k); }, [&] { return skip_value<static_cast<bool>(O.validate_utf8)>(ctx); });
    });
    if (!ok) return false;
    ctx.leave();
    return detail::positional_complete<O, T>(ctx, count, at);
  }
  if ((initial >> 5) != major::map) [[unlikely]] return mismatch(ctx, "map", initial);
  if (!read_head(ctx, h) || !ctx.enter()) return false;
  if (!h.indefinite && !ctx.check_count(h.argument, 2, at)) return false;
  // A tagged or indefinite map (the usual head takes every other): the lookup, whose test of
  // the writer's order (take_in_order) reads keys in declaration order without a lookup too.
  return read_entries_after_in_order<O>(ctx, v, h, at, 0);
}

// Epoch seconds (tag 1 or untagged; an integer or a float), or RFC 9581 extended time (tag
// 1001): {1: seconds, -3/-6/-9: milli/micro/nanoseconds}; other keys are skipped.
template <class T, class Ctx>
bool read_time(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t tag_number{};
  bool tagged{};
  return skip_tags(ctx, tag_number, tagged) && read_time_after_tags(ctx, at, tag_number, tagged, v);
}

// The time after its tags (the innermost is `tag_number`, when `tagged`).
template <class T, class Ctx>
bool read_time_after_tags(Ctx& ctx, std::size_t at, std::uint64_t tag_number, bool tagged, T& v) {
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  const auto out_of_range = [&] { return ctx.fail(errc::out_of_range, at, "a time within the time point's range"); };
  // One integer reader for the keys and values below: a time is read seldom, and this function
  // is compiled into every program that skips CBOR (a checked skip reads a tagged time).
  const auto read_integer = [&](std::int64_t& x) PRISM_NOINLINE { return read_int(ctx, x); };
  std::int64_t secs = 0, fraction_ns = 0;
  if (tagged && tag_number == tag::extended_time) {
    if ((initial >> 5) != major::map) return mismatch(ctx, "extended time map", initial);
    head h;
    if (!read_head(ctx, h) || !ctx.enter()) return false;
    const bool ok = for_each_entry(ctx, h, at, 2, [&](std::size_t) {
      std::int64_t key{};
      if (!read_integer(key)) return false;
      if (key == 1) return read_integer(secs);
      if (key == -3 || key == -6 || key == -9) {
        std::int64_t units{};
        if (!read_integer(units)) return false;
        const std::int64_t scale = key == -3 ? 1000000 : key == -6 ? 1000 : 1;
        if (units < 0 || __builtin_mul_overflow(units, scale, &fraction_ns) || fraction_ns >= 1000000000)
          return ctx.fail(errc::invalid_value, at, "a fraction of a second");
        return true;
      }
      return skip_value(ctx);
    });
    if (!ok) return false;
    ctx.leave();
  } else if ((initial >> 5) <= major::negative_int) {
    if (!read_integer(secs)) return false;
  } else {
    double d{};
    if (!read_number_as_double(ctx, d)) return false;
    if (!(std::fabs(d) < 9.2e18)) [[unlikely]] return out_of_range();
    const double whole = std::floor(d);
    secs = static_cast<std::int64_t>(whole);
    fraction_ns = std::min<std::int64_t>(999999999, static_cast<std::int64_t>(std::llround((d - whole) * 1e9)));
  }
  return detail::time_point_from(secs, fraction_ns, v) || out_of_range();
}

// A text string in any form (tagged, long, in chunks) into a string or a view.
template <options O, class T, class Ctx>
bool read_any_text(Ctx& ctx, T& v) {
  const std::uint8_t* p{};
  std::size_t n{};
  std::string joined;
  if (!read_text<O>(ctx, p, n, joined)) return false;
  if constexpr (string_view_type<T>) {
    if (p == reinterpret_cast<const std::uint8_t*>(joined.data()) && n != 0)
      return ctx.fail(errc::type_mismatch, ctx.src.offset(), "a definite-length string (a view cannot join chunks)");
  }
  return detail::store_bytes(ctx, v, p, n);
}

// CBOR's encodings for the type dispatch in core (core/category_read.hpp). Tags before a value
// are skipped where the value has no use for them.
struct wire_reader {
  using format = cbor;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool read_value_member(Ctx& ctx, prism::value& v) { return detail::value_io<cbor>::read_member(ctx, v); }
  // The outermost tag, then the value (with whatever tags of its own it has).
  template <options O, class Ctx, class T>
  static bool read_tagged(Ctx& ctx, tagged<T>& v) {
    std::uint8_t initial{};
    if (!peek_initial(ctx, initial)) return false;
    if ((initial >> 5) != major::tag) [[unlikely]] return mismatch(ctx, "a tag", initial);
    head h;
    if (!read_head(ctx, h)) return false;
    v.tag = h.argument;
    return read_value<O>(ctx, v.value);
  }
  template <class Ctx>
  PRISM_INLINE static bool read_bool(Ctx& ctx, bool& v) {
    std::uint8_t initial{};
    if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
    if (initial != code::true_ && initial != code::false_) [[unlikely]] return mismatch(ctx, "bool", initial);
    v = initial == code::true_;
    ctx.src.advance(1);
    return true;
  }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return cbor_detail::read_int(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_float(Ctx& ctx, T& v) {
    double d{};
    const std::size_t at = ctx.src.offset();
    return read_number_as_double(ctx, d) && detail::store_floating(ctx, d, v, at);
  }
  template <class Ctx>
  PRISM_INLINE static bool next_is_text(Ctx& ctx, bool& text) {
    std::uint8_t initial{};
    if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
    text = (initial >> 5) == major::text;
    return true;
  }
  template <options O, class Ctx, class Use>
  PRISM_INLINE static bool read_text(Ctx& ctx, Use&& use) {
    const std::uint8_t* p{};
    std::size_t n{};
    std::string joined;
    return cbor_detail::read_text<O>(ctx, p, n, joined) && use(p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_string(Ctx& ctx, T& v) {
    const std::uint8_t* p{};
    std::size_t n{};
    if (!take_short_text(ctx, p, n)) [[unlikely]] return read_any_text<O>(ctx, v);
    return detail::check_text<O>(ctx, p, n) && detail::store_bytes(ctx, v, p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_blob(Ctx& ctx, T& v) {
    const std::uint8_t* p{};
    std::size_t n{};
    std::string joined;
    if (!read_string_bytes(ctx, major::bytes, p, n, joined, "byte string")) return false;
    if constexpr (byte_span<T>) {
      if (p == reinterpret_cast<const std::uint8_t*>(joined.data()) && n != 0)
        return ctx.fail(errc::type_mismatch, ctx.src.offset(), "a definite-length byte string (a view cannot join chunks)");
    }
    return detail::store_bytes(ctx, v, p, n);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_tensor(Ctx& ctx, T& v) { return cbor_detail::read_tensor<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_sequence(Ctx& ctx, T& v) { return cbor_detail::read_sequence<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_map(Ctx& ctx, T& v) { return cbor_detail::read_map<O>(ctx, v); }
  // Tags stay for the value (a time point reads its tag); undefined is absent too.
  template <class Ctx>
  PRISM_INLINE static bool take_null(Ctx& ctx, bool& was_null) {
    std::uint8_t initial{};
    if (!peek_initial(ctx, initial)) return false;
    was_null = initial == code::null || initial == code::undefined;
    if (was_null) ctx.src.advance(1);
    return true;
  }
  static constexpr bool monostate_is_null = true;
  template <class Ctx>
  PRISM_INLINE static bool read_null(Ctx& ctx) {
    std::uint8_t initial{};
    if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
    if (initial != code::null && initial != code::undefined) return mismatch(ctx, "null", initial);
    ctx.src.advance(1);
    return true;
  }
  template <class Ctx, class Items>
  PRISM_INLINE static bool read_items(Ctx& ctx, std::size_t count, std::string_view what, Items&& items) {
    return cbor_detail::read_items(ctx, count, what, items);
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_time(Ctx& ctx, T& v) { return cbor_detail::read_time(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_struct(Ctx& ctx, T& v) {
    return cbor_detail::read_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  return detail::read_category<wire_reader, O>(ctx, v);
}

}  // namespace prism::cbor_detail

namespace prism {

template <>
struct format_reader<cbor> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    return cbor_detail::read_value<O>(ctx, v);
  }
};

}  // namespace prism
