#pragma once
// The CBOR reader, first layer: scalars, strings, tensors and skipping. read.hpp builds
// arrays, maps, structs and the dispatch over every type on it.
#include <algorithm>
#include <bit>
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/cursor_read.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::cbor_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);
template <options O, class T, class Ctx>
const std::uint8_t* read_struct_at(Ctx& ctx, local_cursor c, T& v);
template <options O, class T, class Ctx>
const std::uint8_t* read_sequence_at(Ctx& ctx, local_cursor c, T& v);

// A decoded head: major type, argument (the value, length or tag number), whether the length
// is indefinite, and the initial byte (simple values and floats are told apart by it).
struct head {
  std::uint8_t major_type = 0, initial = 0;
  bool indefinite = false;
  std::uint64_t argument = 0;
};

template <class Ctx>
PRISM_INLINE bool peek_initial(Ctx& ctx, std::uint8_t& initial) {
  if (!ctx.require(1)) [[unlikely]] return false;
  initial = *ctx.src.cur();
  return true;
}

template <class Ctx>
PRISM_COLD bool mismatch(Ctx& ctx, std::string_view expected, std::uint8_t initial) {
  return ctx.fail(errc::type_mismatch, ctx.src.offset(), expected, describe_initial(initial));
}

// The 1, 2, 4 or 8 bytes of argument after the initial byte (additional information 24..27).
template <class Ctx>
PRISM_INLINE bool take_argument(Ctx& ctx, unsigned info, std::uint64_t& argument) {
  const std::size_t width = std::size_t{1} << (info - 24);
  if (!ctx.require(1 + width)) [[unlikely]] return false;
  const std::uint8_t* p = ctx.src.cur() + 1;
  argument = width == 1 ? p[0] : width == 2 ? load_be16(p) : width == 4 ? load_be32(p) : load_be64(p);
  ctx.src.advance(1 + width);
  return true;
}

// Additional information 28..30, or an indefinite length where none may be.
template <class Ctx>
PRISM_COLD bool bad_head(Ctx& ctx, unsigned info) {
  return ctx.fail(errc::invalid_value, ctx.src.offset(), "a CBOR data item",
                  info == code::indefinite ? "break or indefinite length here" : "reserved additional information");
}

// A head whose argument follows the initial byte, or an indefinite length: read_head's rest, one
// function for every site.
template <class Ctx>
PRISM_NOINLINE bool read_long_head(Ctx& ctx, head& h) {
  const unsigned info = h.initial & 31;
  if (info <= 27) return take_argument(ctx, info, h.argument);
  if (info == code::indefinite && h.major_type >= major::bytes && h.major_type <= major::map) {
    h.indefinite = true;
    ctx.src.advance(1);
    return true;
  }
  return bad_head(ctx, info);
}

// A head, consumed, its argument in the initial byte or read from the bytes after it when
// `Definite` (integers and tags, which often have argument bytes; no indefinite length), else
// through read_long_head.
template <bool Definite, class Ctx>
PRISM_INLINE bool read_head_as(Ctx& ctx, head& h) {
  if (!peek_initial(ctx, h.initial)) return false;
  h.major_type = h.initial >> 5;
  h.indefinite = false;
  const unsigned info = h.initial & 31;
  if (info < 24) {
    h.argument = info;
    ctx.src.advance(1);
    return true;
  }
  if constexpr (Definite) return info <= 27 ? take_argument(ctx, info, h.argument) : bad_head(ctx, info);
  else return read_long_head(ctx, h);
}

// Reads a head and consumes it. Floats (major 7, 25..27) get their bits as the argument.
template <class Ctx>
PRISM_INLINE bool read_head(Ctx& ctx, head& h) {
  return read_head_as<false>(ctx, h);
}

template <class Ctx>
PRISM_INLINE bool read_definite_head(Ctx& ctx, head& h) {
  return read_head_as<true>(ctx, h);
}

// Consumes the tags in front of a data item; `last` gets the innermost tag number, if any.
template <class Ctx>
PRISM_NOINLINE bool skip_tags_from(Ctx& ctx, std::uint64_t& last, bool& tagged) {
  std::uint8_t initial{};
  while (peek_initial(ctx, initial) && (initial >> 5) == major::tag) {
    head h;
    if (!read_definite_head(ctx, h)) return false;
    last = h.argument;
    tagged = true;
  }
  return !ctx.failed();
}

// Tags are seldom there: the test inline, the loop over them one function for every site.
template <class Ctx>
PRISM_INLINE bool skip_tags(Ctx& ctx, std::uint64_t& last, bool& tagged) {
  tagged = false;
  if (ctx.src.readable() != 0 && (*ctx.src.cur() >> 5) != major::tag) [[likely]] return true;
  return skip_tags_from(ctx, last, tagged);
}

template <class Ctx>
PRISM_INLINE bool skip_tags(Ctx& ctx) {
  std::uint64_t last{};
  bool tagged{};
  return skip_tags(ctx, last, tagged);
}

template <class Ctx>
PRISM_INLINE bool at_break(Ctx& ctx) {
  std::uint8_t initial{};
  return peek_initial(ctx, initial) && initial == code::break_;
}

// The head of the next chunk of an indefinite-length string; at its break, consumes the break and
// sets `done`. Chunks are definite strings of the string's own major type, untagged (RFC 8949
// section 3.2.3): a chunk that opens another indefinite string is an error, not a level of nesting.
template <class Ctx>
PRISM_INLINE bool next_chunk(Ctx& ctx, std::uint8_t string_major, head& chunk, bool& done) {
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  done = initial == code::break_;
  if (done) {
    ctx.src.advance(1);
    return true;
  }
  if ((initial >> 5) != string_major) [[unlikely]] return mismatch(ctx, "a definite chunk of the same string type", initial);
  if ((initial & 31) == code::indefinite) [[unlikely]]
    return ctx.fail(errc::type_mismatch, ctx.src.offset(), "a definite chunk of the same string type", "an indefinite-length chunk");
  return read_head(ctx, chunk);
}

// Skips the chunks of an indefinite-length string and its break, in a loop; Checked, each chunk
// of text is checked as UTF-8 on its own (a character may not span chunks).
template <bool Checked, class Ctx>
bool skip_chunks(Ctx& ctx, std::uint8_t string_major) {
  for (;;) {
    head chunk;
    bool done{};
    if (!next_chunk(ctx, string_major, chunk, done)) return false;
    if (done) return true;
    if (!ctx.require(chunk.argument)) [[unlikely]] return false;
    if constexpr (Checked) {
      if (string_major == major::text && !detail::check_text<options{}>(ctx, ctx.src.cur(), static_cast<std::size_t>(chunk.argument))) return false;
    }
    ctx.src.advance(static_cast<std::size_t>(chunk.argument));
  }
}

// The readers of the tags that prism gives a meaning to, after the tags (in read.hpp and
// read_arrays.hpp): a checked skip reads what they tag as they do.
template <class T, class Ctx>
bool read_time_after_tags(Ctx& ctx, std::size_t at, std::uint64_t tag_number, bool tagged, T& v);
template <class Ctx>
bool read_tensor_after_tags(Ctx& ctx, std::size_t at, std::uint64_t tag_number, bool tagged, tensor_header& h, bool& swapped,
                            bool* plain = nullptr);

// The value under a tag that prism reads (time, tensor, typed array), checked as views and
// transcodes take it: `done` when it was such a tag and the value is consumed.
template <class Ctx>
PRISM_NOINLINE bool skip_meaningful_tag(Ctx& ctx, std::size_t at, std::uint64_t tag_number, bool& done) {
  done = true;
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  if (tag_number == tag::epoch_time || tag_number == tag::extended_time) {
    std::chrono::sys_time<std::chrono::nanoseconds> t;
    return read_time_after_tags(ctx, at, tag_number, true, t);
  }
  if (tag_number == tag::multi_dimensional_array || tag_number == tag::column_major_array) {
    tensor_header h;
    bool swapped{};
    if (!read_tensor_after_tags(ctx, at, tag_number, true, h, swapped)) return false;
    if (swapped) return ctx.fail(errc::invalid_value, at, "a tensor in the host's byte order");
    ctx.src.advance(h.data_bytes);
    return true;
  }
  if (tag_number >= tag::typed_array_first && tag_number <= tag::typed_array_last && (initial >> 5) == major::bytes) {
    head h;
    if ((initial & 31) == code::indefinite) return ctx.fail(errc::type_mismatch, at, "a typed array in one definite byte string");
    if (!read_head(ctx, h) || !ctx.require(h.argument)) return false;
    if (const errc e = check_typed_array(tag_number, static_cast<std::size_t>(h.argument)); e != errc::ok)
      return ctx.fail(e, at, "a typed array of whole elements in the host's byte order");
    ctx.src.advance(static_cast<std::size_t>(h.argument));
    return true;
  }
  done = false;
  return true;
}

// Skips one complete data item, nested ones included. Checked, it checks what reading each value
// would (text as UTF-8, what a tag with a meaning holds), so that a struct read takes what a read
// into prism::value, a transcode and a view's walk take; a view steps over values unchecked (it
// checks a value when it is read).
template <bool Checked = true, class Ctx>
bool skip_value(Ctx& ctx) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t tag_number{};
  bool tagged{};
  if (!skip_tags(ctx, tag_number, tagged)) return false;
  if constexpr (Checked) {
    if (tagged) {
      bool done{};
      if (!skip_meaningful_tag(ctx, at, tag_number, done)) return false;
      if (done) return true;
    }
  }
  head h;
  if (!read_head(ctx, h)) return false;
  switch (h.major_type) {
    case major::unsigned_int:
    case major::negative_int: return true;
    case major::bytes:
    case major::text:
      if (h.indefinite) return skip_chunks<Checked>(ctx, h.major_type);
      if (!ctx.require(h.argument)) [[unlikely]] return false;
      if constexpr (Checked) {
        if (h.major_type == major::text && !detail::check_text<options{}>(ctx, ctx.src.cur(), static_cast<std::size_t>(h.argument))) return false;
      }
      ctx.src.advance(static_cast<std::size_t>(h.argument));
      return true;
    case major::array:
    case major::map: {
      if (!ctx.enter()) return false;
      const std::size_t per_entry = h.major_type == major::map ? 2 : 1;
      if (h.indefinite) {
        while (!at_break(ctx)) {
          if (ctx.failed()) return false;
          for (std::size_t k = 0; k < per_entry; ++k) {
            if (!skip_value<Checked>(ctx)) return false;
          }
        }
        ctx.src.advance(1);
      } else {
        if (!detail::count_fits(h.argument, per_entry, ctx.src.remaining_bound())) [[unlikely]] return ctx.fail(errc::unexpected_end, ctx.src.offset());
        for (std::uint64_t i = 0; i < h.argument * per_entry; ++i) {
          if (!skip_value<Checked>(ctx)) return false;
        }
      }
      ctx.leave();
      return true;
    }
    default:  // simple values and floats: the head was all of it
      if (h.initial == code::break_) return ctx.fail(errc::invalid_value, ctx.src.offset() - 1, "a data item", "break");
      if ((h.initial & 31) == 24 && h.argument < 32) return ctx.fail(errc::invalid_value, ctx.src.offset() - 2, "a simple value of 32 or more in two bytes");
      return true;
  }
}

// An integer (major 0 or 1): `negative` set for major 1, whose value is -1 - magnitude.
template <class T, class Ctx>
PRISM_INLINE bool integer_from_head(Ctx& ctx, const head& h, std::size_t at, T& v) {
  if (h.major_type == major::unsigned_int) {
    if (h.argument > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) [[unlikely]] return ctx.fail(errc::out_of_range, at);
    v = static_cast<T>(h.argument);
    return true;
  }
  if constexpr (std::is_unsigned_v<T>) {
    return ctx.fail(errc::out_of_range, at, "non-negative integer");
  } else {
    // -1 - argument >= min  <=>  argument <= -(min + 1)
    constexpr auto limit = static_cast<std::uint64_t>(-(static_cast<std::int64_t>(std::numeric_limits<T>::min()) + 1));
    if (h.argument > limit) [[unlikely]] return ctx.fail(errc::out_of_range, at);
    v = static_cast<T>(-1 - static_cast<std::int64_t>(h.argument));
    return true;
  }
}

// An integer's head after its tags, for read_int past its one-byte case: one function for
// every integer type. `at` receives where the head starts.
template <class Ctx>
PRISM_NOINLINE bool read_integer_head(Ctx& ctx, std::uint8_t initial, head& h, std::size_t& at) {
  if ((initial >> 5) == major::tag && !skip_tags(ctx)) return false;
  at = ctx.src.offset();
  if (!peek_initial(ctx, initial)) return false;
  if ((initial >> 5) > major::negative_int) [[unlikely]] return mismatch(ctx, "integer", initial);
  return read_definite_head(ctx, h);
}

template <class T, class Ctx>
PRISM_INLINE bool read_int(Ctx& ctx, T& v) {
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  if (initial < 24) [[likely]] {
    v = static_cast<T>(initial);
    ctx.src.advance(1);
    return true;
  }
  head h;
  std::size_t at{};
  return read_integer_head(ctx, initial, h, at) && integer_from_head(ctx, h, at, v);
}

// A float of any width, or an integer.
template <class Ctx>
bool read_number_as_double(Ctx& ctx, double& v) {
  if (!skip_tags(ctx)) return false;
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  head h;
  if (initial == code::half || initial == code::single || initial == code::double_) {
    if (!read_head(ctx, h)) return false;
    if (initial == code::half) {
      v = half_to_double(static_cast<std::uint16_t>(h.argument));
    } else if (initial == code::single) {
      float f;
      const auto bits = static_cast<std::uint32_t>(h.argument);
      std::memcpy(&f, &bits, 4);
      v = f;
    } else {
      std::memcpy(&v, &h.argument, 8);
    }
    return true;
  }
  if ((initial >> 5) > major::negative_int) [[unlikely]] return mismatch(ctx, "number", initial);
  if (!read_head(ctx, h)) return false;
  v = h.major_type == major::unsigned_int ? static_cast<double>(h.argument) : -1.0 - static_cast<double>(h.argument);
  return true;
}

// The bytes of a text or byte string (definite: a view into the input; indefinite: its chunks
// appended to `joined`, which `p` then points into, each chunk of text checked as UTF-8).
template <class Ctx>
bool read_string_bytes(Ctx& ctx, std::uint8_t string_major, const std::uint8_t*& p, std::size_t& n, std::string& joined,
                       std::string_view expected) {
  if (!skip_tags(ctx)) return false;
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  if ((initial >> 5) != string_major) [[unlikely]] return mismatch(ctx, expected, initial);
  head h;
  if (!read_head(ctx, h)) return false;
  const std::size_t at = ctx.src.offset();
  if (!h.indefinite) {
    if (!ctx.check_elements(h.argument, at)) [[unlikely]] return false;
    if (!ctx.require(h.argument, at)) [[unlikely]] return false;
    p = ctx.src.cur();
    n = static_cast<std::size_t>(h.argument);
    ctx.src.advance(n);
    return true;
  }
  joined.clear();
  for (;;) {
    head chunk;
    bool done{};
    if (!next_chunk(ctx, string_major, chunk, done)) return false;
    if (done) break;
    const std::size_t chunk_at = ctx.src.offset();
    if (!ctx.require(chunk.argument, chunk_at)) [[unlikely]] return false;
    if (joined.size() + chunk.argument > ctx.lim.max_elements) [[unlikely]] return ctx.fail(errc::too_many_elements, chunk_at);
    if (!ctx.charge(chunk.argument)) return false;
    // Each chunk of text is UTF-8 on its own: a character never spans chunks (RFC 8949 3.2.3).
    if (string_major == major::text && !detail::check_text<options{}>(ctx, ctx.src.cur(), static_cast<std::size_t>(chunk.argument))) return false;
    joined.append(reinterpret_cast<const char*>(ctx.src.cur()), static_cast<std::size_t>(chunk.argument));
    ctx.src.advance(static_cast<std::size_t>(chunk.argument));
  }
  p = reinterpret_cast<const std::uint8_t*>(joined.data());
  n = joined.size();
  return true;
}

// The common text string, untagged, definite and shorter than 256 bytes, taken in one step
// (not yet checked as UTF-8); false, consuming nothing, for any other input.
template <class Ctx>
PRISM_INLINE bool take_short_text(Ctx& ctx, const std::uint8_t*& p, std::size_t& n) {
  if (!ctx.src.need(2)) [[unlikely]] return false;
  const std::uint8_t* c = ctx.src.cur();
  const unsigned info = c[0] & 31u;
  const bool short_head = info < 24;
  const std::size_t k = short_head ? info : c[1];
  const std::size_t head_bytes = short_head ? 1 : 2;
  if ((c[0] >> 5) != major::text || info > 24 || k > ctx.lim.max_elements || !ctx.src.need(head_bytes + k)) [[unlikely]]
    return false;
  p = ctx.src.cur() + head_bytes;  // need() may have refilled a stream's buffer
  n = k;
  ctx.src.advance(head_bytes + k);
  return true;
}

// A text string, checked as UTF-8; an error's offset is that of the first invalid byte when
// the string is in one piece, else that of its head.
template <options O, class Ctx>
PRISM_INLINE bool read_text(Ctx& ctx, const std::uint8_t*& p, std::size_t& n, std::string& joined) {
  if (take_short_text(ctx, p, n)) [[likely]] return detail::check_text<O>(ctx, p, n);
  const std::size_t at = ctx.src.offset();
  if (!read_string_bytes(ctx, major::text, p, n, joined, "text string")) return false;
  if constexpr (O.validate_utf8) {
    if (!detail::utf8_valid(p, n)) [[unlikely]] {
      const bool in_input = p != reinterpret_cast<const std::uint8_t*>(joined.data());
      return ctx.fail(errc::invalid_utf8, in_input ? ctx.src.offset() - n + detail::utf8_valid_prefix(p, n) : at);
    }
  }
  return true;
}

// A head of major type `m` whose argument is below 256 (in the initial byte or in one byte
// after it), at the cursor: its size in bytes and the argument; false for anything else.
PRISM_INLINE bool usual_head(const local_cursor& c, std::uint8_t m, std::size_t& head_bytes, std::size_t& argument) noexcept {
  const std::size_t readable = c.readable();
  if (readable < 1 || (c.p[0] >> 5) != m) [[unlikely]] return false;
  argument = c.p[0] & 31u;
  head_bytes = 1;
  if (argument < 24) [[likely]] return true;
  if (argument != 24 || readable < 2) [[unlikely]] return false;
  argument = c.p[1];
  head_bytes = 2;
  return true;
}

// A definite text string shorter than 256 bytes of ASCII, at the cursor, into a string view or
// a string of that size already; false (nothing consumed, no error) for anything else.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_usual_text(Ctx& ctx, local_cursor& c, T& v) {
  const std::size_t readable = c.readable();
  if (readable >= 17 && (c.p[0] >> 5) == major::text && (c.p[0] & 31u) <= ctx.short_text_max) [[likely]] {  // <= 16 bytes
    const std::size_t n = c.p[0] & 31u;
    if (!detail::store_short_text<O>(ctx, v, c.p + 1, n)) [[unlikely]] return false;
    c.p += 1 + n;
    return true;
  }
  std::size_t head_bytes{}, n{};
  if (!usual_head(c, major::text, head_bytes, n) || n > ctx.lim.max_elements || c.readable() < head_bytes + n) [[unlikely]]
    return false;
  if (!detail::store_text_quick<bool(O.validate_utf8)>(ctx, v, c.p + head_bytes, n, c.readable() - head_bytes)) return false;
  c.p += head_bytes + n;
  return true;
}

// The format's functions for detail::read_next (core/cursor_read.hpp) and the in-order pass.
struct cursor_reader {
  // Field I's key as the writer encodes it, for the in-order pass (detail::read_keys_in_order).
  template <class T, std::size_t I>
  static constexpr const auto& key() noexcept {
    return encoded_key<T, I>;
  }

  // The usual encoding of a leaf value, read at a local cursor where a struct or a sequence holds
  // one (see local_cursor): a bool, an integer in the initial byte (one of 32 or 64 bits also in
  // its argument bytes), a float of the type's width
  // (a double also from a single), a short text string (read_usual_text), or the host's typed
  // array of the element type into a sequence of that size already. False, with nothing consumed
  // and no error, for anything else: the caller then stores the cursor and calls read_value,
  // which reads every encoding and reports errors.
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool usual(Ctx& ctx, local_cursor& c, T& v) {
    const std::size_t readable = c.readable();
    if constexpr (adapted_tensor<T>) {
      return false;
    } else if constexpr (boolean<T>) {
      if (readable < 1 || (*c.p | 1) != code::true_) [[unlikely]] return false;
      v = *c.p == code::true_;
      c.p += 1;
      return true;
    } else if constexpr (integer<T>) {
      if (readable < 1) [[unlikely]] return false;
      const std::uint8_t initial = *c.p;
      if (initial < 24) [[likely]] {
        if (initial > std::numeric_limits<T>::max()) return false;
        v = static_cast<T>(initial);
        c.p += 1;
        return true;
      }
      // Integers of 32 and 64 bits (ids, counters: citm's) also in argument bytes.
      constexpr unsigned widest_info = sizeof(T) >= 4 ? 27 : 23;
      const unsigned info = initial & 31u;
      const bool negative = (initial >> 5) == major::negative_int;
      if ((initial >> 5) > major::negative_int || info > widest_info || (negative && std::is_unsigned_v<T>)) return false;
      std::uint64_t argument = info;
      std::size_t width = 0;
      if (info >= 24) {
        width = std::size_t{1} << (info - 24);
        if (readable < 1 + width) return false;
        const std::uint8_t* const a = c.p + 1;
        argument = width == 1 ? a[0] : width == 2 ? load_be16(a) : width == 4 ? load_be32(a) : load_be64(a);
      }
      if (argument > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;  // -1 - argument >= min too
      v = negative ? static_cast<T>(-1 - static_cast<std::int64_t>(argument)) : static_cast<T>(argument);
      c.p += 1 + width;
      return true;
    } else if constexpr (floating<T>) {
      if (readable >= 9 && *c.p == code::double_) [[likely]] {
        if constexpr (std::is_same_v<T, double>) {
          const std::uint64_t bits = load_be64(c.p + 1);
          std::memcpy(&v, &bits, 8);
          c.p += 9;
          return true;
        } else {
          return false;  // a float from a double goes through the checks of the full path
        }
      }
      if (readable < 5 || *c.p != code::single) return false;
      const std::uint32_t bits = load_be32(c.p + 1);
      float f;
      std::memcpy(&f, &bits, 4);
      v = static_cast<T>(f);
      c.p += 5;
      return true;
    } else if constexpr (string_type<T> || string_view_type<T>) {
      return read_usual_text<O>(ctx, c, v);
    } else if constexpr (contiguous_numbers<T> && (fixed_array<T> || resizable_sequence<T>) &&
                         std::endian::native == std::endian::little) {
      using E = range_value_t<T>;
      if (readable < 3 || c.p[0] != 0xd8 || c.p[1] != typed_array_tag<E>()) [[unlikely]] return false;
      local_cursor data{c};
      data.p += 2;
      std::size_t head_bytes{}, n{};
      if (!usual_head(data, major::bytes, head_bytes, n) || n != std::size(v) * sizeof(E) || data.readable() < head_bytes + n) [[unlikely]]
        return false;
      if constexpr (fixed_array<T>) {
        detail::copy_large(v.data(), data.p + head_bytes, sizeof(E) * std::tuple_size_v<T>);
      } else {
        if (std::size(v) > ctx.lim.max_elements || !ctx.try_charge(n)) [[unlikely]] return false;
        detail::copy_bytes(v.data(), data.p + head_bytes, n);
      }
      c.p = data.p + head_bytes + n;
      return true;
    } else {
      return false;
    }
  }

  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* structure(Ctx& ctx, local_cursor c, T& v) { return read_struct_at<O>(ctx, c, v); }
  template <options O, class T, class Ctx>
  PRISM_INLINE static const std::uint8_t* sequence(Ctx& ctx, local_cursor c, T& v) { return read_sequence_at<O>(ctx, c, v); }
  template <options O, class T, class Ctx>
  PRISM_INLINE static bool value(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
};

}  // namespace prism::cbor_detail
