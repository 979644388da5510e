#pragma once
// pack decoder: see docs/pack.md. Every length is checked against the bytes that remain before
// anything is allocated; errors carry the byte offset and the field path.
#include <chrono>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "../core/category_read.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/cursor_read.hpp"
#include "../core/fields.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "../core/pretty_name.hpp"
#include "../core/text_input.hpp"
#include "../core/enum_read.hpp"
#include "columns_read.hpp"
#include "common.hpp"
#include "format.hpp"
#include "read_scalars.hpp"

namespace prism::pack_detail {

template <options O, std::size_t I, class T, class Ctx, bool InBody = false>
PRISM_INLINE bool read_fields(Ctx& ctx, T& v);

template <options O, class T, class Ctx>
bool read_versioned(Ctx& ctx, T& v);

template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v);

// A struct whose fields are read at a local cursor (see read_struct_at): neither versioned nor
// with fields in bit ranges.
template <options O, class T>
concept struct_at_cursor = field_by_field<O, T> && !versioned_struct<T> && !ranged_struct<T>;

template <options O, class T, class Ctx>
PRISM_INLINE bool read_struct_body(Ctx& ctx, T& v) {
  if constexpr (versioned_struct<T>) {
    return read_versioned<O>(ctx, v);
  } else if constexpr (struct_at_cursor<O, T>) {
    return detail::move_to(ctx.src, read_struct_at<O>(ctx, local_cursor{ctx.src}, v));
  } else {
    return read_fields<O, 0>(ctx, v);
  }
}

// read_value, with the common leaves (raw numbers, short strings) and the fields of structs
// inline in the caller: a struct's fields or a vector's elements then cost no call each.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_inline(Ctx& ctx, T& v) {
  if constexpr (field_by_field<O, T>) return read_struct_body<O>(ctx, v);
  else if constexpr (own<O>.packed_sequences && packed_container<T>) return read_value<O>(ctx, v);
  else if constexpr (string_type<T>) return read_text<O>(ctx, v);
  else if constexpr (raw<T>) return read_raw(ctx, v);
  else return read_value<O>(ctx, v);
}

template <options O, std::size_t First, class T, class Ctx, std::size_t... K>
bool read_fields_one_by_one(Ctx& ctx, T& v, std::index_sequence<K...>) {
  return ([&] {
    if (!read_value<O>(ctx, get_field<First + K>(v))) [[unlikely]] return detail::in_field_at<T>(ctx, First + K);
    return true;
  }() && ...);
}

// The fields of T from field I on. A run of raw fields (Monster's position, mana and hp) is
// checked against the input once and copied field by field; when it does not fit, the fields are
// read one by one, so that the error names the first one that is cut off. In a versioned body
// (InBody), the body's end before a field means that the writer did not have it: it and the
// fields after it take their C++ defaults.
template <options O, std::size_t I, class T, class Ctx, bool InBody>
PRISM_INLINE bool read_fields(Ctx& ctx, T& v) {
  if constexpr (I == field_count_v<T>) {
    return true;
  } else {
    if constexpr (InBody) {
      if (ctx.src.readable() == 0) [[unlikely]] {
        [&]<std::size_t... K>(std::index_sequence<K...>) {
          (assign_default_field<I + K>(v), ...);
        }(std::make_index_sequence<field_count_v<T> - I>{});
        return true;
      }
    }
    constexpr std::size_t end = raw_run_end<T, I>();
    if constexpr (ranged_field<T, I>()) {
      constexpr std::size_t ranged_end = ranged_run_end<T, I>();
      return read_ranged_run<T, I, ranged_end>(ctx, v) && read_fields<O, ranged_end, T, Ctx, InBody>(ctx, v);
    } else {
      if constexpr (end - I >= 2) {
        constexpr std::size_t bytes = raw_run_bytes<T, I, end>();
        if (ctx.src.need(bytes)) [[likely]] {
          const std::uint8_t* p = ctx.src.cur();
          [&]<std::size_t... K>(std::index_sequence<K...>) {
            std::size_t at = 0;
            ((std::memcpy(&get_field<I + K>(v), p + at, sizeof(field_type<T, I + K>)), at += sizeof(field_type<T, I + K>)), ...);
          }(std::make_index_sequence<end - I>{});
          ctx.src.advance(bytes);
          return read_fields<O, end, T, Ctx, InBody>(ctx, v);
        }
        if constexpr (!InBody) return read_fields_one_by_one<O, I>(ctx, v, std::make_index_sequence<end - I>{});
      }
      using F = field_type<T, I>;
      if constexpr (field_by_field<O, F>) {
        if (!read_value<O>(ctx, get_field<I>(v))) [[unlikely]] return detail::in_field_at<T>(ctx, I);
      } else {
        if (!read_inline<O>(ctx, get_field<I>(v))) [[unlikely]] return detail::in_field_at<T>(ctx, I);
      }
      return read_fields<O, I + 1, T, Ctx, InBody>(ctx, v);
    }
  }
}

template <options O, class T, class Ctx>
bool read_elements_into(Ctx& ctx, T& v, std::size_t n) {
  using E = range_value_t<T>;
  if constexpr (raw<E> && std::ranges::contiguous_range<T>) {
    const std::size_t bytes = n * sizeof(E);
    if (!ctx.require(bytes)) [[unlikely]] return false;
    if (bytes) detail::copy_large(std::ranges::data(v), ctx.src.cur(), bytes);
    ctx.src.advance(bytes);
    return true;
  } else if constexpr (word_of_ranges<E>) {
    return read_words_of_ranges(ctx, v, n);
  } else {
    std::size_t i = 0;
    for (auto&& e : v) {
      if (!detail::read_element(e, [&](auto& x) { return read_inline<O>(ctx, x); })) [[unlikely]] return ctx.in_element(i);
      ++i;
    }
    return true;
  }
}

template <options O, class T, class Ctx>
bool read_sequence(Ctx& ctx, T& v) {
  using E = range_value_t<T>;
  std::size_t n{};
  if (!read_count(ctx, n, min_size<E>())) return false;
  if (!ctx.charge(n * sizeof(E))) return false;
  if constexpr (!std::remove_cvref_t<decltype(ctx.src)>::bounded && !raw<E>) {
    // Unknown remaining input: grow as elements arrive rather than trusting the count, reusing
    // the elements already there.
    if (!ctx.enter()) return false;
    if constexpr (std::ranges::random_access_range<T>) {
      for (std::size_t i = 0; i < n; ++i) {
        if (i == v.size()) v.resize(i + 1);
        if (!detail::read_element(v[i], [&](auto& x) { return read_inline<O>(ctx, x); })) return ctx.in_element(i);
      }
      if (v.size() > n) v.resize(n);
    } else {
      v.clear();
      for (std::size_t i = 0; i < n; ++i) {
        v.resize(i + 1);
        if (!detail::read_element(v.back(), [&](auto& x) { return read_value<O>(ctx, x); })) return ctx.in_element(i);
      }
    }
    ctx.leave();
    return true;
  } else {
    if constexpr (raw<E>) {
      if (!ctx.require(n * sizeof(E))) [[unlikely]] return false;
    }
    v.resize(n);
    if constexpr (raw<E>) {  // one copy, nothing nested
      return read_elements_into<O>(ctx, v, n);
    } else {
      if (!ctx.enter()) return false;
      const bool ok = read_elements_into<O>(ctx, v, n);
      ctx.leave();
      return ok;
    }
  }
}

// A sequence read the general way, from the source: every count, every source, every limit
// checked with its error.
template <options O, class T, class Ctx>
bool read_sequence_rest(Ctx& ctx, T& v) {
  if constexpr (fixed_array<T>) {
    return read_elements_into<O>(ctx, v, v.size());
  } else {
    static_assert(resizable_sequence<T>, "prism::pack: cannot read into a fixed view; use a container");
    return read_sequence<O>(ctx, v);
  }
}

// Reading at a local cursor (core/cursor_read.hpp): the cursor lives in a register through a
// struct's fields and a sequence's elements, and the source is brought up to it only before a
// value goes the general way. Each fast path below checks what the general way checks (bytes in
// view, limits, budget) and, when anything is off, consumes nothing and leaves the value to it,
// which reports the error.

template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v);

// The usual leaves (raw values, enums, bools and short ASCII strings) with their usual_reach
// bytes in view, checked by the caller: what it declines (a long or non-ASCII string, a bool
// that is neither 0 nor 1, a refused budget) it leaves to the general way, consuming nothing.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_usual_in_view(Ctx& ctx, local_cursor& c, T& v) {
  if constexpr (raw<T> || enumeration<T>) {  // an enum travels as its underlying number
    std::memcpy(&v, c.p, sizeof(T));
    c.p += sizeof(T);
    return true;
  } else if constexpr (boolean<T>) {
    if (c.p[0] > 1) [[unlikely]] return false;
    v = c.p[0] != 0;
    c.p += 1;
    return true;
  } else {
    const std::size_t n = c.p[0];
    if (n > ctx.short_text_max || !detail::store_short_text<O>(ctx, v, c.p + 1, n)) [[unlikely]] return false;
    c.p += 1 + n;
    return true;
  }
}

// The usual leaves at the cursor, their bytes in view checked here.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_usual(Ctx& ctx, local_cursor& c, T& v) {
  if constexpr (usual_reach<T>() != 0) {
    if (c.readable() < usual_reach<T>()) [[unlikely]] return false;
    return read_usual_in_view<O>(ctx, c, v);
  } else {
    return false;
  }
}

// The format's functions for detail::read_next.
struct cursor_reader {
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool usual(Ctx& ctx, local_cursor& c, T& v) { return read_usual<O>(ctx, c, v); }
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* structure(Ctx& ctx, local_cursor c, T& v) { return read_struct_at<O>(ctx, c, v); }
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* sequence(Ctx& ctx, local_cursor c, T& v) { return read_sequence_at<O>(ctx, c, v); }
  // What read_usual left: a string's usual path is not tried twice.
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool value(Ctx& ctx, T& v) {
    if constexpr (string_type<T>) return read_text_any<O>(ctx, v);
    else return read_value<O>(ctx, v);
  }
};

// An optional's presence byte is taken at the cursor too, and its value read there.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_next(Ctx& ctx, local_cursor& c, T& v) {
  if constexpr (optional_type<T>) {
    if (c.readable() >= 1 && c.p[0] <= 1) [[likely]] {
      c.p += 1;
      if (c.p[-1] == 0) {
        v.reset();
        return true;
      }
      return read_next<O>(ctx, c, detail::ensure_engaged(v));
    }
  }
  return detail::read_next<cursor_reader, O>(ctx, c, v);
}

// The fields of a run from field `from` on, the general way: the error names the first field
// that fails (a stream refills as it reads). Returns where they end, or null.
template <options O, std::size_t I, std::size_t End, class T, class Ctx>
PRISM_NOINLINE const std::uint8_t* read_run_rest(Ctx& ctx, local_cursor c, T& v, std::size_t from) {
  c.store_to(ctx.src);
  const bool ok = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return ((I + K < from || read_value<O>(ctx, get_field<I + K>(v)) || detail::in_field_at<T>(ctx, I + K)) && ...);
  }(std::make_index_sequence<End - I>{});
  return ok ? ctx.src.cur() : nullptr;
}

// The fields of T from field I on, at the cursor. A run of fields with usual paths of a known
// most bytes (Monster's position, mana, hp and name; a weapon's name and damage) is checked
// against the bytes in view once, and read without a check per field.
template <options O, std::size_t I, class T, class Ctx>
PRISM_INLINE bool read_fields_at(Ctx& ctx, local_cursor& c, T& v) {
  if constexpr (I == field_count_v<T>) {
    return true;
  } else {
    constexpr std::size_t end = usual_run_end<T, I>();
    if constexpr (end - I >= 2) {
      std::size_t from = I;
      if (c.readable() >= usual_run_reach<T, I, end>()) [[likely]] {
        from = end;
        [&]<std::size_t... K>(std::index_sequence<K...>) PRISM_LAMBDA_INLINE {
          (void)((read_usual_in_view<O>(ctx, c, get_field<I + K>(v)) || (from = I + K, false)) && ...);
        }(std::make_index_sequence<end - I>{});
      }
      if (from != end) [[unlikely]] {
        const std::uint8_t* rest = read_run_rest<O, I, end>(ctx, c, v, from);
        if (rest == nullptr) return false;
        c.p = rest;
        if constexpr (!std::remove_cvref_t<decltype(ctx.src)>::bounded) c.load_from(ctx.src);
      }
      return read_fields_at<O, end>(ctx, c, v);
    } else {
      if (!read_next<O>(ctx, c, get_field<I>(v))) [[unlikely]] return detail::in_field_at<T>(ctx, I);
      return read_fields_at<O, I + 1>(ctx, c, v);
    }
  }
}

struct read_struct_fields_body {
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* read(Ctx& ctx, local_cursor c, T& v) {
    return read_fields_at<O, 0>(ctx, c, v) ? c.p : nullptr;
  }
};

// A struct at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded.
template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v) {
  if constexpr (struct_at_cursor<O, T>) {
    return detail::read_placed<detail::struct_in_place<T>, read_struct_fields_body, O>(ctx, c, v);
  } else {
    c.store_to(ctx.src);
    return read_value<O>(ctx, v) ? ctx.src.cur() : nullptr;
  }
}

// The budget refused `bytes` for a sequence whose count ends at the cursor: the error, there.
template <class Ctx>
PRISM_COLD const std::uint8_t* refuse_allocation(Ctx& ctx, local_cursor c, std::size_t bytes) {
  c.store_to(ctx.src);
  (void)ctx.charge(bytes);
  return nullptr;
}

// Sequences that read_sequence_at takes: the others go to read_sequence_rest (a stream's
// sequence of other than raw values grows as its elements arrive).
template <options O, class T, class Ctx>
concept sequence_at_cursor = resizable_sequence<T> && !word_of_ranges<range_value_t<T>> &&
                             !std::is_same_v<range_value_t<T>, bool> &&
                             (std::remove_cvref_t<decltype(std::declval<Ctx&>().src)>::bounded || raw<range_value_t<T>>);

template <options O, class T, class Ctx>
PRISM_NOINLINE const std::uint8_t* read_counted_elements(Ctx& ctx, local_cursor c, T& v, std::size_t n) {
  c.store_to(ctx.src);  // for the offset of an error
  if (!ctx.charge(n * sizeof(range_value_t<T>)) || !ctx.enter()) [[unlikely]] return nullptr;
  v.resize(n);
  return detail::read_elements_at(
      ctx, c, v, [&](local_cursor& at, auto& e) PRISM_LAMBDA_INLINE { return read_next<O>(ctx, at, e); },
      [&](auto& e) { return read_value<O>(ctx, e); });
}

// The n elements of a sequence after its count, at the cursor (their fewest bytes in view).
template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_counted(Ctx& ctx, local_cursor c, T& v, std::size_t n) {
  using E = range_value_t<T>;
  if constexpr (raw<E>) {  // one copy, nothing nested
    if (!ctx.try_charge(n * sizeof(E))) [[unlikely]] return refuse_allocation(ctx, c, n * sizeof(E));
    v.resize(n);
    if constexpr (std::ranges::contiguous_range<T>) {
      if (n) detail::copy_large(std::ranges::data(v), c.p, n * sizeof(E));
      return c.p + n * sizeof(E);
    } else {
      for (auto& e : v) {
        std::memcpy(&e, c.p, sizeof(E));
        c.p += sizeof(E);
      }
      return c.p;
    }
  } else {
    return read_counted_elements<O>(ctx, c, v, n);
  }
}

// read_count, compiled once per source rather than once per sequence type.
template <class Ctx>
PRISM_NOINLINE bool read_any_count(Ctx& ctx, std::size_t& n, std::size_t min_element_size) {
  return read_count(ctx, n, min_element_size);
}

// A count in any form, checked by read_count, then the elements.
template <options O, class T, class Ctx>
PRISM_NOINLINE const std::uint8_t* read_sequence_counting(Ctx& ctx, local_cursor c, T& v) {
  c.store_to(ctx.src);
  std::size_t n = 0;
  if (!read_any_count(ctx, n, min_size<range_value_t<T>>())) return nullptr;
  c.load_from(ctx.src);
  return read_counted<O>(ctx, c, v, n);
}

// A sequence at a local cursor that the source may lag behind: returns where it ends, or null
// with the error recorded. A one-byte count whose elements' bytes are in view is taken here,
// any other by read_sequence_counting.
template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v) {
  using E = range_value_t<T>;
  if constexpr (own<O>.packed_sequences && packed_container<T>) {
    c.store_to(ctx.src);
    return read_value<O>(ctx, v) ? ctx.src.cur() : nullptr;
  } else if constexpr (sequence_at_cursor<O, T, Ctx>) {
    if (c.readable() >= 1 && c.p[0] < 0x80 && c.p[0] <= ctx.lim.max_elements &&
        detail::count_fits(c.p[0], min_size<E>(), c.readable() - 1)) [[likely]]
      return read_counted<O>(ctx, local_cursor{c.p + 1, c.end}, v, c.p[0]);
    return read_sequence_counting<O>(ctx, c, v);
  } else {
    c.store_to(ctx.src);
    return read_sequence_rest<O>(ctx, v) ? ctx.src.cur() : nullptr;
  }
}

template <options O, class T, class Ctx>
bool read_map(Ctx& ctx, T& v) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  std::size_t n{};
  if (!read_count(ctx, n, min_size<K>() + min_size<M>())) return false;
  if (!ctx.charge(n * (sizeof(K) + sizeof(M)))) return false;
  if (!ctx.enter()) return false;
  v.clear();
  for (std::size_t i = 0; i < n; ++i) {
    if (!detail::read_map_entry(
            ctx, v, i, [&](auto& key) { return read_value<O>(ctx, key); }, [&](auto& value) { return read_value<O>(ctx, value); }))
      return false;
  }
  ctx.leave();
  return true;
}

// pack's encodings for the type dispatch in core (core/category_read.hpp); enums travel as
// numbers. Before every
// category: tensors, containers packed as columns, raw values (one copy) and sets (a count and
// the elements, also in packed mode: columns.hpp's row_only).
struct wire_reader {
  using format = pack;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
  template <options O, class T>
  static constexpr bool takes_first =
      tensor_type<T> || (own<O>.packed_sequences && packed_container<T>) || raw<T> || set_type<T>;
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_first(Ctx& ctx, T& v) {
    if constexpr (tensor_type<T>) {
      return pack_detail::read_tensor(ctx, v);
    } else if constexpr (own<O>.packed_sequences && packed_container<T>) {
      T* one = &v;
      std::span<T* const> items(&one, 1);
      return read_column<O>(ctx, items, deref{});
    } else if constexpr (raw<T>) {
      return read_raw(ctx, v);
    } else {
      return detail::read_set(v, [&](auto& items) { return pack_detail::read_sequence<O>(ctx, items); });
    }
  }
  template <class Ctx>
  PRISM_INLINE static bool read_bool(Ctx& ctx, bool& v) {
    const std::size_t at = ctx.src.offset();
    std::uint8_t b{};
    if (!read_raw(ctx, b)) return false;
    if (b > 1) [[unlikely]] return ctx.fail(errc::invalid_value, at, "bool (0 or 1)");
    v = b != 0;
    return true;
  }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return read_raw(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_string(Ctx& ctx, T& v) { return pack_detail::read_text<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_blob(Ctx& ctx, T& v) { return pack_detail::read_text<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_sequence(Ctx& ctx, T& v) {
    return detail::move_to(ctx.src, read_sequence_at<O>(ctx, local_cursor{ctx.src}, v));
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_map(Ctx& ctx, T& v) { return pack_detail::read_map<O>(ctx, v); }
  // A presence byte: 0 absent, 1 present.
  template <class Ctx>
  PRISM_INLINE static bool take_null(Ctx& ctx, bool& was_null) {
    const std::size_t at = ctx.src.offset();
    std::uint8_t present{};
    if (!read_raw(ctx, present)) return false;
    if (present > 1) [[unlikely]] return ctx.fail(errc::invalid_value, at, "presence byte (0 or 1)");
    was_null = present == 0;
    return true;
  }
  // A variant is its index (a varint), then the alternative.
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_variant(Ctx& ctx, T& v) {
    const std::size_t at = ctx.src.offset();
    std::uint64_t index{};
    if (!read_varint(ctx, index)) return false;
    return detail::read_alternative(ctx, v, index, at, [&](auto& alt) { return read_value<O>(ctx, alt); });
  }
  // A tuple is its elements, with no head.
  template <class Ctx, class Items>
  PRISM_INLINE static bool read_items(Ctx&, std::size_t, std::string_view, Items&& items) { return items(); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_time(Ctx& ctx, T& v) {
    std::int64_t count{};
    if (!read_raw(ctx, count)) return false;
    v = T(typename T::duration(static_cast<typename T::rep>(count)));
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_struct(Ctx& ctx, T& v) {
    return read_struct_body<O>(ctx, v);
  }
};

// Checks the versions at the start of a versioned body: the writer's hash of the last version
// both sides know must be this reader's. A writer of a later version is taken to have appended
// its fields.
template <class T, class Ctx>
PRISM_INLINE bool check_writer_versions(Ctx& ctx, std::size_t at) {
  constexpr auto& own = version_hashes<T>;
  if (!ctx.require(1, at, "the versions of a versioned struct")) [[unlikely]] return false;
  const std::size_t versions = ctx.src.cur()[0];
  if (versions == 0 || !ctx.src.need(1 + versions)) [[unlikely]]
    return ctx.fail(errc::invalid_value, at, "the versions of a versioned struct");
  const std::size_t common = versions < own.size() ? versions : own.size();
  if (ctx.src.cur()[common] != own[common - 1]) [[unlikely]]
    return ctx.fail(errc::invalid_value, at, detail::short_type_name<T>(),
                    "other fields in version " + std::to_string(common) +
                        " (a field inserted, removed, renamed or reordered, or appended without a new "
                        "prism::pack_field{.since})");
  ctx.src.advance(1 + versions);
  return true;
}

// A versioned struct (see write_versioned): its size, then its body, read as if the input ended
// with it; what a newer writer appended after the fields this reader knows is skipped.
template <options O, class T, class Ctx>
bool read_versioned(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t size{};
  if (!read_varint(ctx, size)) return false;
  if (size > ctx.src.remaining_bound() || !ctx.src.need(static_cast<std::size_t>(size))) [[unlikely]]
    return ctx.fail(errc::unexpected_end, at, "the struct's body of the size before it");
  const auto outer = ctx.src.narrow(static_cast<std::size_t>(size));
  const bool ok = check_writer_versions<T>(ctx, at) && read_fields<O, 0, T, Ctx, true>(ctx, v);
  if (ok) ctx.src.advance(ctx.src.readable());
  ctx.src.widen(outer);
  return ok;
}

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  return detail::read_category<wire_reader, O>(ctx, v);
}

}  // namespace prism::pack_detail

namespace prism {

template <>
struct format_reader<pack> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    return pack_detail::read_value<O>(ctx, v);
  }
};

}  // namespace prism
