#pragma once
// The pack reader, first layer: counts, raw values, strings and tensors, each from the source.
// read.hpp builds structs, sequences and the dispatch over every type on it.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <tuple>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/context.hpp"
#include "../core/fields.hpp"
#include "../core/options.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "../core/utf8.hpp"
#include "columns_read.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::pack_detail {

// The fewest bytes a value of type T takes on the wire.
template <class T>
constexpr std::size_t min_size() noexcept {
  if constexpr (raw<T>) {
    return sizeof(T);
  } else if constexpr (boolean<T> || enumeration<T>) {
    return sizeof(T);
  } else if constexpr (fixed_array<T>) {
    return std::tuple_size_v<T> * min_size<typename T::value_type>();
  } else if constexpr (tuple_type<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (min_size<std::tuple_element_t<I, T>>() + ... + 0);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (time_point_type<T>) {
    return 8;
  } else if constexpr (versioned_struct<T> || ranged_struct<T>) {
    return 1;  // a size (the body may hold no field at all), or a byte of bits at least
  } else if constexpr (reflectable<T> && !string_type<T> && !sequence<T> && !map_type<T> && !optional_type<T> &&
                       !variant_type<T> && !owning_pointer<T> && !blob<T> && !string_view_type<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (min_size<field_type<T, I>>() + ... + 0);
    }(std::make_index_sequence<field_count_v<T>>{});
  } else {
    return 1;  // a size, a presence byte or a variant index
  }
}

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);

// Reads an element count and checks it against the input and the limits.
template <class Ctx>
PRISM_INLINE bool read_count(Ctx& ctx, std::size_t& n, std::size_t min_element_size) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t v{};
  if (!read_varint(ctx, v)) return false;
  if (v > std::numeric_limits<std::size_t>::max()) [[unlikely]] return ctx.fail(errc::too_many_elements, at);
  n = static_cast<std::size_t>(v);
  return ctx.check_count(n, min_element_size, at);
}

template <class T, class Ctx>
PRISM_INLINE bool read_raw(Ctx& ctx, T& v) {
  if (!ctx.require(sizeof(T))) [[unlikely]] return false;
  std::memcpy(&v, ctx.src.cur(), sizeof(T));
  ctx.src.advance(sizeof(T));
  return true;
}

// A string or blob: count, then the bytes taken in one go (UTF-8 checked for strings).
template <options O, class T, class Ctx>
bool read_text_any(Ctx& ctx, T& v) {
  std::size_t n{};
  if (!read_count(ctx, n, 1)) return false;
  if (!ctx.require(n)) [[unlikely]] return false;
  return take_text<O>(ctx, v, n);
}

// Names and labels are mostly short ASCII: with 17 bytes in view, a one-byte count of at most 16
// and the text's ASCII check take two loads, inline; anything else goes the general way.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_text(Ctx& ctx, T& v) {
  if constexpr (string_type<T>) {
    if (ctx.src.readable() > 16) [[likely]] {
      const std::uint8_t* p = ctx.src.cur();
      const std::size_t n = p[0];
      if (n <= ctx.short_text_max && detail::store_short_text<O>(ctx, v, p + 1, n)) [[likely]] {
        ctx.src.advance(n + 1);
        return true;
      }
    }
  }
  return read_text_any<O>(ctx, v);
}

// A tensor (see write_tensor): copied into a prism::tensor, or viewed in place by a
// tensor_view when its data happens to be aligned for the element type.
template <class T, class Ctx>
bool read_tensor(Ctx& ctx, T& v) {
  using E = std::remove_const_t<typename T::element_type>;
  const std::size_t at = ctx.src.offset();
  std::uint8_t order{};
  if (!read_raw(ctx, order)) return false;
  if (order > 1) [[unlikely]] return ctx.fail(errc::invalid_value, at, "memory order (0 or 1)");
  tensor_header h;
  h.type = dtype_of<E>;
  h.order = static_cast<memory_order>(order);
  h.rank = T::rank;
  std::size_t count = 1;
  for (std::size_t d = 0; d < T::rank; ++d) {
    std::uint64_t extent{};
    if (!read_varint(ctx, extent)) return false;
    if (extent > ctx.lim.max_elements || __builtin_mul_overflow(count, static_cast<std::size_t>(extent), &count) ||
        count > ctx.lim.max_elements) [[unlikely]]
      return ctx.fail(errc::too_many_elements, at);
    h.shape[d] = static_cast<std::size_t>(extent);
  }
  h.data_bytes = count * sizeof(E);
  if (!ctx.require(h.data_bytes)) [[unlikely]] return false;
  h.data = reinterpret_cast<const std::byte*>(ctx.src.cur());
  if (!detail::store_tensor(ctx, h, v, at)) return false;
  ctx.src.advance(h.data_bytes);
  return true;
}

}  // namespace prism::pack_detail
