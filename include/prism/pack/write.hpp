#pragma once
// pack encoder: see docs/pack.md for the wire format.
#include <chrono>
#include <cstring>
#include <string>
#include <type_traits>

#include "../core/category_write.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/fields.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "columns_write.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::pack_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);

template <class Ctx>
PRISM_INLINE bool write_size(Ctx& ctx, std::size_t n) {
  if (!ctx.reserve(max_varint_bytes)) return false;
  ctx.out.advance(put_varint(ctx.out.cur(), n));
  return true;
}

// An element count, then `bytes` bytes copied from `data`.
template <class Ctx>
PRISM_INLINE bool write_counted_bytes(Ctx& ctx, std::size_t count, const void* data, std::size_t bytes) {
  if (!ctx.reserve((count < 0x80 ? 1 : varint_size(count)) + bytes)) return false;
  std::uint8_t* p = ctx.out.cur();
  const std::size_t h = put_varint(p, count);
  detail::copy_bytes(p + h, data, bytes);
  ctx.out.advance(h + bytes);
  return true;
}

template <class T, class Ctx>
PRISM_INLINE bool write_raw(Ctx& ctx, const T& v) {
  if (!ctx.reserve(sizeof(T))) return false;
  std::memcpy(ctx.out.cur(), &v, sizeof(T));
  ctx.out.advance(sizeof(T));
  return true;
}

// A tensor: the memory order (0 row-major, 1 column-major), the extents as sizes, then the
// elements' bytes.
template <class Tensor, class Ctx>
bool write_tensor(Ctx& ctx, const Tensor& t) {
  if (!ctx.reserve(1 + Tensor::rank * max_varint_bytes)) return false;
  std::uint8_t* p = ctx.out.cur();
  std::size_t k = 0;
  p[k++] = static_cast<std::uint8_t>(t.order());
  for (std::size_t d = 0; d < Tensor::rank; ++d) k += put_varint(p + k, t.extent(d));
  ctx.out.advance(k);
  return ctx.write(t.data(), t.size_bytes());
}

template <options O, std::size_t I, class T, class Ctx>
PRISM_INLINE bool write_fields(Ctx& ctx, const T& v);

template <options O, class T, class Ctx>
bool write_versioned(Ctx& ctx, const T& v);

template <options O, class T, class Ctx>
PRISM_INLINE bool write_struct_body(Ctx& ctx, const T& v) {
  if constexpr (versioned_struct<T>) {
    return write_versioned<O>(ctx, v);
  } else {
    return write_fields<O, 0>(ctx, v);
  }
}

// write_value, with raw numbers, strings and the fields of structs inline in the caller: a
// struct's fields or a vector's elements then cost no call each.
template <options O, class T, class Ctx>
PRISM_INLINE bool write_inline(Ctx& ctx, const T& v) {
  if constexpr (field_by_field<O, T>) return write_struct_body<O>(ctx, v);
  else if constexpr (own<O>.packed_sequences && packed_container<T>) return write_value<O>(ctx, v);
  else if constexpr (raw<T>) return write_raw(ctx, v);
  else if constexpr (string_type<T> || string_view_type<T> || blob<T>) return write_counted_bytes(ctx, v.size(), v.data(), v.size());
  else return write_value<O>(ctx, v);
}

// The fields of T from field I on; a run of raw fields takes one reservation.
template <options O, std::size_t I, class T, class Ctx>
PRISM_INLINE bool write_fields(Ctx& ctx, const T& v) {
  if constexpr (I == field_count_v<T>) {
    return true;
  } else {
    constexpr std::size_t end = raw_run_end<T, I>();
    if constexpr (ranged_field<T, I>()) {
      constexpr std::size_t ranged_end = ranged_run_end<T, I>();
      return write_ranged_run<T, I, ranged_end>(ctx, v) && write_fields<O, ranged_end>(ctx, v);
    } else if constexpr (end - I >= 2) {
      if (!ctx.reserve(raw_run_bytes<T, I, end>())) return false;
      std::uint8_t* p = ctx.out.cur();
      [&]<std::size_t... K>(std::index_sequence<K...>) {
        ((std::memcpy(p, &get_field<I + K>(v), sizeof(field_type<T, I + K>)), p += sizeof(field_type<T, I + K>)), ...);
      }(std::make_index_sequence<end - I>{});
      ctx.out.advance(raw_run_bytes<T, I, end>());
      return write_fields<O, end>(ctx, v);
    } else {
      const auto& field = get_field<I>(v);
      if constexpr (field_by_field<O, std::remove_cvref_t<decltype(field)>>) {
        if (!write_value<O>(ctx, field)) [[unlikely]] return detail::in_field_at<T>(ctx, I);
      } else {
        if (!write_inline<O>(ctx, field)) [[unlikely]] return detail::in_field_at<T>(ctx, I);
      }
      return write_fields<O, I + 1>(ctx, v);
    }
  }
}

template <options O, class Range, class Ctx>
bool write_elements(Ctx& ctx, const Range& r) {
  using E = range_value_t<Range>;
  if constexpr (raw<E> && std::ranges::contiguous_range<Range>) {
    return ctx.write(std::ranges::data(r), std::ranges::size(r) * sizeof(E));
  } else if constexpr (word_of_ranges<E>) {
    return write_words_of_ranges(ctx, r);
  } else {
    for (auto it = std::ranges::begin(r); it != std::ranges::end(r); ++it) {
      if (!write_inline<O>(ctx, *it)) [[unlikely]] return ctx.in_element(detail::position_of(r, it));
    }
    return true;
  }
}

// pack's encodings for the type dispatch in core (core/category_write.hpp); enums travel as
// numbers. Before every category: tensors, containers packed as columns and raw values.
struct wire_writer {
  using format = pack;
  static constexpr bool enums_by_number = true;
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) { return write_value<O>(ctx, v); }
  template <options O, class T>
  static constexpr bool takes_first = tensor_type<T> || (own<O>.packed_sequences && packed_container<T>) || raw<T>;
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_first(Ctx& ctx, const T& v) {
    if constexpr (tensor_type<T>) {
      return write_tensor(ctx, v);
    } else if constexpr (own<O>.packed_sequences && packed_container<T>) {
      const T* one = &v;
      return write_column<O>(ctx, std::span<const T* const>(&one, 1), deref{});
    } else {
      return write_raw(ctx, v);
    }
  }
  template <class Ctx>
  PRISM_INLINE static bool write_bool(Ctx& ctx, bool v) { return write_raw(ctx, static_cast<std::uint8_t>(v ? 1 : 0)); }
  template <class Ctx, class T>
  PRISM_INLINE static bool write_int(Ctx& ctx, T v) { return write_raw(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool write_text(Ctx& ctx, const char* p, std::size_t n) { return write_counted_bytes(ctx, n, p, n); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_blob(Ctx& ctx, const T& v) { return write_counted_bytes(ctx, v.size(), v.data(), v.size()); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_sequence(Ctx& ctx, const T& v) {
    if constexpr (fixed_array<T>) {
      return write_elements<O>(ctx, v);
    } else if constexpr (raw<range_value_t<T>> && std::ranges::contiguous_range<T>) {
      const std::size_t n = std::ranges::size(v);
      return write_counted_bytes(ctx, n, std::ranges::data(v), n * sizeof(range_value_t<T>));
    } else {
      return write_size(ctx, std::ranges::size(v)) && write_elements<O>(ctx, v);
    }
  }
  // A presence byte: 0 absent, 1 before a present value.
  template <class Ctx>
  PRISM_INLINE static bool write_null(Ctx& ctx) { return write_raw(ctx, std::uint8_t{0}); }
  template <class Ctx>
  PRISM_INLINE static bool write_present(Ctx& ctx) { return write_raw(ctx, std::uint8_t{1}); }
  // A variant is its index (a varint), then the alternative.
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_variant(Ctx& ctx, const T& v) {
    if (!write_size(ctx, v.index())) return false;
    return std::visit([&](const auto& alt) { return write_value<O>(ctx, alt); }, v);
  }
  // A tuple is its elements, with no head.
  template <class Ctx>
  PRISM_INLINE static bool write_array_head(Ctx&, std::size_t) { return true; }
  template <class Ctx>
  PRISM_INLINE static bool write_map_head(Ctx& ctx, std::size_t n) { return write_size(ctx, n); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_time(Ctx& ctx, const T& v) {
    return write_raw(ctx, static_cast<std::int64_t>(v.time_since_epoch().count()));
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool write_struct(Ctx& ctx, const T& v) {
    return write_struct_body<O>(ctx, v);
  }
};

// A versioned struct's body: its version count and the hash of each version's fields, then the
// fields.
template <options O, class T, class Ctx>
PRISM_INLINE bool write_versioned_body(Ctx& ctx, const T& v) {
  constexpr auto& hashes = version_hashes<T>;
  if (!ctx.reserve(1 + hashes.size())) return false;
  std::uint8_t* p = ctx.out.cur();
  p[0] = static_cast<std::uint8_t>(hashes.size());
  for (std::size_t i = 0; i < hashes.size(); ++i) p[1 + i] = hashes[i];
  ctx.out.advance(1 + hashes.size());
  return write_fields<O, 0>(ctx, v);
}

// A versioned struct: the size of its body (a varint), then the body. The body is written after
// one byte kept for its size, and moved up where the size takes more; a sink that cannot go back
// (a stream) gets the body from a buffer.
template <options O, class T, class Ctx>
bool write_versioned(Ctx& ctx, const T& v) {
  if constexpr (requires { ctx.out.at(std::size_t{}); }) {
    const std::size_t start = ctx.out.position();
    if (!ctx.reserve(1)) return false;
    ctx.out.advance(1);
    if (!write_versioned_body<O>(ctx, v) || !ctx.written_so_far()) return false;
    const std::size_t n = ctx.out.position() - start - 1;
    if (n < 0x80) [[likely]] {
      *ctx.out.at(start) = static_cast<std::uint8_t>(n);
      return true;
    }
    const std::size_t extra = varint_size(n) - 1;
    if (!ctx.reserve(extra)) return false;
    // The body's last `extra` bytes go to the room just reserved (which a fixed buffer may serve
    // from its scratch area), the rest moves up within what is written.
    std::uint8_t* body = ctx.out.at(start + 1);
    std::memcpy(ctx.out.cur(), body + n - extra, extra);
    std::memmove(body + extra, body, n - extra);
    put_varint(ctx.out.at(start), n);
    ctx.out.advance(extra);
    return true;
  } else {
    std::string body;
    write_context<buffer_sink<std::string>> inner{buffer_sink<std::string>{body}};
    if (!write_versioned_body<O>(inner, v)) return ctx.adopt(inner, 0);
    inner.out.finish();
    return write_size(ctx, body.size()) && ctx.write(body.data(), body.size());
  }
}

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  return detail::write_category<wire_writer, O>(ctx, v);
}

}  // namespace prism::pack_detail

namespace prism {

template <>
struct format_writer<pack> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return pack_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
