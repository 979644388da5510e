#pragma once
// The one type dispatch of every writer, the counterpart of category_read.hpp: the category of a
// C++ type decides here how it is written, and a format supplies its wire codec `W`, a struct of
// static functions that write its encodings:
//
//   using format = F;                         the format's tag
//   write<O>(ctx, const T&)                   the format's entry for any value (recursion)
//   write_bool(ctx, bool), write_int(ctx, I), write_float<O>(ctx, F)
//   write_text<O>(ctx, const char*, size_t)   a text string (strings, enum names)
//   write_blob<O>(ctx, B), write_tensor<O>(ctx, T), write_time<O>(ctx, TimePoint)
//   write_sequence<O>(ctx, S)                 vectors, lists, arrays, sets
//   write_struct<O>(ctx, S)
//   write_null(ctx)                           an absent optional or pointer
//   write_array_head(ctx, n)                  the head of an array of n items (variants, tuples)
//   write_map_head(ctx, n)                    the head of a map of n entries
//
// A codec may replace a category's default with its own: write_map<O>, write_variant<O>,
// write_tuple<O>; `write_present(ctx)` marks a present optional's value; `enums_by_number = true`
// writes enums as numbers whatever the options say; `monostate_is_null = true` makes
// std::monostate travel as null (else it is an empty struct); `write_value_member<O>(ctx, value)` writes prism::value inside a message;
// `write_tagged<O>(ctx, tagged<T>)` a tag and its value (formats with tags);
// `takes_first<O, T>` with `write_first<O>(ctx, T)` writes types of its own before every category.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>

#include "concepts.hpp"
#include "codec_traits.hpp"
#include "config.hpp"
#include "containers.hpp"
#include "enum.hpp"
#include "fields.hpp"
#include "options.hpp"
#include "tagged.hpp"
#include "tensor_io.hpp"

namespace prism {

class value;

namespace detail {

// Calls write(field index) for each field of T in order, stopping at the first false; the error
// then names that field (a cold call on the failing branch only).
template <class T, class Ctx, class Write>
PRISM_INLINE bool write_each_field(Ctx& ctx, Write&& write) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ((write(std::integral_constant<std::size_t, I>{}) || in_field_at<T>(ctx, I)) && ...);
  }(std::make_index_sequence<field_count_v<T>>{});
}

// Whether write_category writes T as text: a string or string view that no adapter, tag or
// codec of its own takes first. A struct writer may then put a field's key and its text under
// one reservation instead of two.
template <class W, options O, class T>
consteval bool written_as_text() {
  if constexpr (travels_as_other<T> || adapted_tensor<T> || tagged_type<T> || std::is_same_v<T, prism::value> ||
                boolean<T> || integer<T> || floating<T> || enumeration<T>) {
    return false;
  } else if constexpr (codec_takes_first<W, O, T>()) {
    return false;
  } else {
    return string_type<T> || string_view_type<T>;
  }
}

template <class W, options O, class T, class Ctx>
PRISM_INLINE bool write_category(Ctx& ctx, const T& v) {
  if constexpr (travels_as_other<T>) {
    return W::template write<O>(ctx, travelling_form(v));
  } else if constexpr (adapted_tensor<T>) {
    return W::template write<O>(ctx, tensor_adapter<T>::view(v));
  } else if constexpr (codec_takes_first<W, O, T>()) {
    return W::template write_first<O>(ctx, v);
  } else if constexpr (tagged_type<T>) {
    return W::template write_tagged<O>(ctx, v);
  } else if constexpr (std::is_same_v<T, prism::value>) {
    return W::template write_value_member<O>(ctx, v);
  } else if constexpr (boolean<T>) {
    return W::write_bool(ctx, v);
  } else if constexpr (integer<T>) {
    return W::write_int(ctx, v);
  } else if constexpr (floating<T>) {
    return W::template write_float<O>(ctx, v);
  } else if constexpr (enumeration<T>) {
    if constexpr (O.enums_as_strings && !codec_enums_by_number<W>()) {
      const std::string_view name = enum_name(v);
      if (!name.empty()) return W::template write_text<O>(ctx, name.data(), name.size());
    }
    return W::template write<O>(ctx, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (string_type<T> || string_view_type<T>) {
    return W::template write_text<O>(ctx, v.data(), v.size());
  } else if constexpr (blob<T>) {
    return W::template write_blob<O>(ctx, v);
  } else if constexpr (tensor_type<T>) {
    return W::template write_tensor<O>(ctx, v);
  } else if constexpr (fixed_array<T> || sequence<T>) {
    return W::template write_sequence<O>(ctx, v);
  } else if constexpr (map_type<T>) {
    if constexpr (requires { W::template write_map<O>(ctx, v); }) {
      return W::template write_map<O>(ctx, v);
    } else {
      if (!W::write_map_head(ctx, v.size())) return false;
      for (auto it = std::ranges::begin(v); it != std::ranges::end(v); ++it) {
        if (!W::template write<O>(ctx, it->first) || !W::template write<O>(ctx, it->second)) [[unlikely]]
          return in_map_entry(ctx, it->first, position_of(v, it));
      }
      return true;
    }
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    if constexpr (requires { W::write_present(ctx); }) {
      if (v) return W::write_present(ctx) && W::template write<O>(ctx, *v);
    } else {
      if (v) return W::template write<O>(ctx, *v);
    }
    return W::write_null(ctx);
  } else if constexpr (std::is_same_v<T, std::monostate> && codec_monostate_is_null<W>()) {
    return W::write_null(ctx);
  } else if constexpr (variant_type<T>) {
    if constexpr (requires { W::template write_variant<O>(ctx, v); }) {
      return W::template write_variant<O>(ctx, v);
    } else {
      if (!W::write_array_head(ctx, 2) || !W::template write<O>(ctx, static_cast<std::uint64_t>(v.index()))) return false;
      return std::visit([&](const auto& alt) { return W::template write<O>(ctx, alt); }, v);
    }
  } else if constexpr (tuple_type<T>) {
    if constexpr (requires { W::template write_tuple<O>(ctx, v); }) {
      return W::template write_tuple<O>(ctx, v);
    } else {
      if (!W::write_array_head(ctx, std::tuple_size_v<T>)) return false;
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return ((W::template write<O>(ctx, std::get<I>(v)) || ctx.in_element(I)) && ...);
      }(std::make_index_sequence<std::tuple_size_v<T>>{});
    }
  } else if constexpr (time_point_type<T>) {
    return W::template write_time<O>(ctx, v);
  } else if constexpr (reflectable<T>) {
    return W::template write_struct<O>(ctx, v);
  } else {
    static_assert(sizeof(T) == 0, "prism: this type cannot be written; see docs/types.md");
    return false;
  }
}

}  // namespace detail
}  // namespace prism
