#pragma once
// What the binary decoders read through a call that takes their local cursor (see local_cursor)
// and returns where the value ends: structs and sequences, the values that hold others.
#include <cstdint>
#include <type_traits>
#include <variant>

#include "concepts.hpp"
#include "config.hpp"
#include "fields.hpp"
#include "options.hpp"
#include "source.hpp"
#include "tensor.hpp"
#include "tensor_io.hpp"

namespace prism::detail {

// The types that read_value of BEVE and CBOR reads as a struct or as a sequence: their dispatch
// tests tensors, and everything plain_struct excludes, before either.
template <class T>
concept read_at_cursor = !adapted_tensor<T> && !tensor_type<T> &&
                         ((plain_struct<T> && !std::is_same_v<T, std::monostate>) || fixed_array<T> ||
                          (sequence<T> && !set_type<T>)) && !adapted_range<T>;

// Where a reader at a local cursor is compiled: in place, where the value is met, for the cheap
// ones (a struct of a few fields); else as one function per type, called from every path that
// meets the value (its usual head and every other head), so that a large reader is compiled
// once. Body::read<O>(ctx, c, v, args...) reads the value and returns where it ends.
template <class Body, options O, class T, class Ctx, class... Args>
PRISM_NOINLINE const std::uint8_t* read_out_of_line(Ctx& ctx, local_cursor c, T& v, Args... args) {
  return Body::template read<O>(ctx, c, v, args...);
}

// A struct of a few fields is read in place: a vector of points reads each point in its own
// loop. A call costs little beside the work of more fields.
template <class T>
inline constexpr bool struct_in_place = field_count_v<T> <= 4;

template <bool InPlace, class Body, options O, class T, class Ctx, class... Args>
PRISM_INLINE const std::uint8_t* read_placed(Ctx& ctx, local_cursor c, T& v, Args... args) {
  if constexpr (InPlace) return Body::template read<O>(ctx, c, v, args...);
  else return read_out_of_line<Body, O>(ctx, c, v, args...);
}

// The next value at a local cursor, in any encoding; false with the error recorded. The source
// may lag behind the cursor and is brought up to it only before Reader::value. Reader names a
// format's functions: usual (the usual encodings of leaves, nothing consumed when it
// says false), structure and sequence (read_struct_at, read_sequence_at) and value (read_value).
template <class Reader, options O, class T, class Ctx>
PRISM_INLINE bool read_next(Ctx& ctx, local_cursor& c, T& v) {
  if (Reader::template usual<O>(ctx, c, v)) return true;
  if constexpr (read_at_cursor<T>) {
    const std::uint8_t* end;
    if constexpr (plain_struct<T>) end = Reader::template structure<O>(ctx, c, v);
    else end = Reader::template sequence<O>(ctx, c, v);
    if (end == nullptr) [[unlikely]] return false;
    c.p = end;
    if constexpr (!std::remove_cvref_t<decltype(ctx.src)>::bounded) {  // a stream's window may have moved
      move_to(ctx.src, end);
      c.load_from(ctx.src);
    }
    return true;
  } else {
    c.store_to(ctx.src);
    if (!Reader::template value<O>(ctx, v)) [[unlikely]] return false;
    c.load_from(ctx.src);
    return true;
  }
}

}  // namespace prism::detail
