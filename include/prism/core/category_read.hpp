#pragma once
// The one type dispatch of every reader: the category of a C++ type (bool, integer, text,
// sequence, map, optional, variant, tuple, time point, struct, adapted type...) decides here,
// once, how it is read, so that every format covers the same types with the same rules (depth,
// allocation, adapters, element paths in errors). A format supplies its wire codec `W`, a
// struct of static functions that read its encodings:
//
//   using format = F;                         the format's tag
//   read<O>(ctx, T&)                          the format's entry for any value (recursion)
//   read_bool(ctx, bool&), read_int(ctx, I&), read_float(ctx, F&)
//   read_text<O>(ctx, use)                    a text string: returns use(const uint8_t*, size_t)
//   next_is_text(ctx, bool&)                  whether the next value is a text string (enums travel
//                                             by name; without it, by number only)
//   read_blob<O>(ctx, B&), read_tensor<O>(ctx, T&), read_time<O>(ctx, TimePoint&)
//   read_sequence<O>(ctx, S&)                 vectors, lists, arrays (and a set's elements)
//   read_struct<O>(ctx, S&)
//   take_null(ctx, bool& was_null)            consumes a null when one is next
//   read_items(ctx, count, what, read)        an array of exactly `count` items: its head, read(), its end
//   read_map_size(ctx, n)                     a map's head, its entry count checked
//
// A codec may leave out what its format has no use for and replace a category's default with
// its own: read_string<O>, read_map<O>, read_variant<O>, read_tuple<O>; `monostate_is_null = true`
// with `read_null(ctx)` makes std::monostate travel as null (else it is an empty struct);
// `read_value_member<O>(ctx, value&)` reads prism::value inside a message, `read_tagged<O>(ctx,
// tagged<T>&)` a tag and its value (formats with tags); `takes_first<O, T>`
// with `read_first<O>(ctx, T&)` reads types of the format's own before every category.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>

#include "concepts.hpp"
#include "codec_traits.hpp"
#include "config.hpp"
#include "containers.hpp"
#include "enum_read.hpp"
#include "options.hpp"
#include "tagged.hpp"
#include "tensor_io.hpp"
#include "text_input.hpp"

namespace prism {

class value;

namespace detail {

// A codec's bool, null and text test for formats that mark each with a byte of its own. Marks
// gives peek(ctx, byte&) (the next byte, or false at the end), mismatch(ctx, what, byte),
// is_text(byte) and the bytes true_byte, false_byte and null_byte.
template <class Marks>
struct byte_marked {
  template <class Ctx>
  PRISM_INLINE static bool read_bool(Ctx& ctx, bool& v) {
    std::uint8_t b{};
    if (!Marks::peek(ctx, b)) return false;
    if (b != Marks::true_byte && b != Marks::false_byte) [[unlikely]] return Marks::mismatch(ctx, "bool", b);
    v = b == Marks::true_byte;
    ctx.src.advance(1);
    return true;
  }
  template <class Ctx>
  PRISM_INLINE static bool take_null(Ctx& ctx, bool& was_null) {
    std::uint8_t b{};
    if (!Marks::peek(ctx, b)) return false;
    was_null = b == Marks::null_byte;
    if (was_null) ctx.src.advance(1);
    return true;
  }
  template <class Ctx>
  PRISM_INLINE static bool read_null(Ctx& ctx) {
    std::uint8_t b{};
    if (!Marks::peek(ctx, b)) return false;
    if (b != Marks::null_byte) return Marks::mismatch(ctx, "null", b);
    ctx.src.advance(1);
    return true;
  }
  template <class Ctx>
  PRISM_INLINE static bool next_is_text(Ctx& ctx, bool& text) {
    std::uint8_t b{};
    if (!Marks::peek(ctx, b)) return false;
    text = Marks::is_text(b);
    return true;
  }
};

// The items of an array of exactly `count` items through read(), one level deeper.
template <class W, class Ctx, class Read>
PRISM_INLINE bool read_items_within(Ctx& ctx, std::size_t count, std::string_view what, Read&& read) {
  return W::read_items(ctx, count, what, [&] {
    if (!ctx.enter()) return false;
    const bool ok = read();
    ctx.leave();
    return ok;
  });
}

// A variant as [index, value]: the index, then the alternative it names.
template <class W, options O, class T, class Ctx>
PRISM_INLINE bool read_indexed_variant(Ctx& ctx, T& v) {
  return read_items_within<W>(ctx, 2, "[index, value]", [&] {
    const std::size_t index_at = ctx.src.offset();
    std::uint64_t index{};
    if (!W::read_int(ctx, index)) return false;
    return read_alternative(ctx, v, index, index_at, [&](auto& alt) { return W::template read<O>(ctx, alt); });
  });
}

// A map's entries after its head: charged by their size, one level deeper, keys first.
template <class W, options O, class T, class Ctx>
PRISM_INLINE bool read_map_entries(Ctx& ctx, T& v, std::size_t n) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  if (!ctx.charge(n * (sizeof(K) + sizeof(M))) || !ctx.enter()) return false;
  v.clear();
  for (std::size_t i = 0; i < n; ++i) {
    if (!read_map_entry(
            ctx, v, i, [&](auto& key) { return W::template read<O>(ctx, key); },
            [&](auto& mapped) { return W::template read<O>(ctx, mapped); }))
      return false;
  }
  ctx.leave();
  return true;
}

// An enumerator's name as text: one reader for every enumeration (names are short, within a
// std::string's own storage).
template <class W, options O, class Ctx>
PRISM_NOINLINE bool read_enum_name(Ctx& ctx, std::string& name) {
  return W::template read_text<O>(ctx, [&](const std::uint8_t* p, std::size_t n) {
    name.assign(reinterpret_cast<const char*>(p), n);
    return true;
  });
}

template <class W, options O, class T, class Ctx>
PRISM_INLINE bool read_category(Ctx& ctx, T& v) {
  if constexpr (travels_as_other<T>) {
    return read_travelling(ctx, v, ctx.src.offset(), [&](auto& p) { return W::template read<O>(ctx, p); });
  } else if constexpr (adapted_tensor<T>) {
    return read_adapted(ctx, v, [&](auto& t) { return W::template read<O>(ctx, t); });
  } else if constexpr (codec_takes_first<W, O, T>()) {
    return W::template read_first<O>(ctx, v);
  } else if constexpr (tagged_type<T>) {
    return W::template read_tagged<O>(ctx, v);
  } else if constexpr (std::is_same_v<T, prism::value>) {
    return W::template read_value_member<O>(ctx, v);
  } else if constexpr (boolean<T>) {
    return W::read_bool(ctx, v);
  } else if constexpr (integer<T>) {
    return W::read_int(ctx, v);
  } else if constexpr (floating<T>) {
    return W::read_float(ctx, v);
  } else if constexpr (enumeration<T>) {
    if constexpr (requires(bool& text) { W::next_is_text(ctx, text); }) {  // by name or by number
      bool text{};
      if (!W::next_is_text(ctx, text)) return false;
      if (text) {
        const std::size_t at = ctx.src.offset();
        std::string name;
        return read_enum_name<W, O>(ctx, name) && enum_from_text(ctx, std::string_view(name), at, v);
      }
    }
    // The number through the format's reader of the underlying type (one function, shared with
    // its other uses), unless a codec takes that type.
    if constexpr (codec_takes_first<W, O, std::underlying_type_t<T>>())
      return enum_from_number(v, [&](auto& u) { return W::read_int(ctx, u); });
    else
      return enum_from_number(v, [&](auto& u) { return W::template read<O>(ctx, u); });
  } else if constexpr (string_type<T> || string_view_type<T>) {
    if constexpr (requires { W::template read_string<O>(ctx, v); }) return W::template read_string<O>(ctx, v);
    else return W::template read_text<O>(ctx, [&](const std::uint8_t* p, std::size_t n) PRISM_LAMBDA_INLINE { return store_bytes(ctx, v, p, n); });
  } else if constexpr (blob<T>) {
    return W::template read_blob<O>(ctx, v);
  } else if constexpr (tensor_type<T>) {
    return W::template read_tensor<O>(ctx, v);
  } else if constexpr (set_type<T>) {
    return read_set(v, [&](auto& items) { return W::template read<O>(ctx, items); });
  } else if constexpr (fixed_array<T> || sequence<T>) {
    return W::template read_sequence<O>(ctx, v);
  } else if constexpr (map_type<T>) {
    if constexpr (requires { W::template read_map<O>(ctx, v); }) {
      return W::template read_map<O>(ctx, v);
    } else {
      std::size_t n{};
      return W::read_map_size(ctx, n) && read_map_entries<W, O>(ctx, v, n);
    }
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    bool was_null{};
    if (!W::take_null(ctx, was_null)) return false;
    if (was_null) {
      v.reset();
      return true;
    }
    return read_present(ctx, v, [&](auto& present) { return W::template read<O>(ctx, present); });
  } else if constexpr (std::is_same_v<T, std::monostate> && codec_monostate_is_null<W>()) {
    return W::read_null(ctx);
  } else if constexpr (variant_type<T>) {
    if constexpr (requires { W::template read_variant<O>(ctx, v); }) return W::template read_variant<O>(ctx, v);
    else return read_indexed_variant<W, O>(ctx, v);
  } else if constexpr (tuple_type<T>) {
    if constexpr (requires { W::template read_tuple<O>(ctx, v); }) {
      return W::template read_tuple<O>(ctx, v);
    } else {
      return read_items_within<W>(ctx, std::tuple_size_v<T>, "an array of the tuple's size", [&] {
        return read_tuple_elements(ctx, v, [&](auto& e, std::size_t) { return W::template read<O>(ctx, e); });
      });
    }
  } else if constexpr (time_point_type<T>) {
    return W::template read_time<O>(ctx, v);
  } else if constexpr (reflectable<T>) {
    return W::template read_struct<O>(ctx, v);
  } else {
    static_assert(sizeof(T) == 0, "prism: this type cannot be read; see docs/types.md");
    return false;
  }
}

}  // namespace detail
}  // namespace prism
