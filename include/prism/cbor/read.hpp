#pragma once
// CBOR decoder straight into C++ values. Takes every well-formed encoding of a value: any head
// width, indefinite lengths, half/single/double floats, typed arrays of either byte order;
// skips tags it does not know. Checks every length against the remaining input before
// allocating and reports the offset and field path of the first problem.
// Here: arrays, maps, structs and the dispatch over every type.
// Under it, in read_scalars.hpp: scalars, strings, tensors and skipping.
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

#include "../core/struct_reader.hpp"
#include "../core/value_io.hpp"
#include "../core/enum_read.hpp"
#include "read_scalars.hpp"

namespace prism::cbor_detail {

// One element of a typed array as E: exact for integers (an error when out of E's range),
// floats widened or narrowed like a float read.
template <class E, class Ctx>
bool typed_element(Ctx& ctx, const typed_array_kind& kind, const std::uint8_t* q, std::size_t at, E& out) {
  std::uint64_t raw = 0;
  for (std::size_t k = 0; k < kind.element_size; ++k) {
    const std::size_t shift = 8 * (kind.little_endian ? k : kind.element_size - 1 - k);
    raw |= std::uint64_t{q[k]} << shift;
  }
  if (kind.is_float) {
    if constexpr (floating<E>) {
      if (kind.element_size == 2) {
        out = static_cast<E>(half_to_double(static_cast<std::uint16_t>(raw)));
      } else if (kind.element_size == 4) {
        float f;
        const auto bits = static_cast<std::uint32_t>(raw);
        std::memcpy(&f, &bits, 4);
        out = static_cast<E>(f);
      } else {
        double d;
        std::memcpy(&d, &raw, 8);
        if (!detail::store_floating(ctx, d, out, at)) return false;
      }
      return true;
    } else {
      return ctx.fail(errc::type_mismatch, at, "typed array of integers", "typed array of floats");
    }
  }
  if (kind.is_signed) {
    const unsigned unused = 64 - 8 * static_cast<unsigned>(kind.element_size);
    const std::int64_t s = static_cast<std::int64_t>(raw << unused) >> unused;
    if constexpr (floating<E>) {
      out = static_cast<E>(s);
    } else {
      if (s < 0 && std::is_unsigned_v<E>) return ctx.fail(errc::out_of_range, at, "non-negative integer");
      if constexpr (std::is_signed_v<E>) {
        if (s < std::numeric_limits<E>::min() || s > std::numeric_limits<E>::max()) return ctx.fail(errc::out_of_range, at);
      } else {
        if (static_cast<std::uint64_t>(s) > std::numeric_limits<E>::max()) return ctx.fail(errc::out_of_range, at);
      }
      out = static_cast<E>(s);
    }
    return true;
  }
  if constexpr (!floating<E>) {
    if (raw > static_cast<std::uint64_t>(std::numeric_limits<E>::max())) return ctx.fail(errc::out_of_range, at);
  }
  out = static_cast<E>(raw);
  return true;
}

// An RFC 8746 typed array (its tag already read) into a contiguous range of numbers: one copy
// when the element type and byte order are the host's, else element by element.
template <class T, class Ctx>
bool read_typed_array(Ctx& ctx, T& v, std::uint64_t tag_number, std::size_t at) {
  using E = range_value_t<T>;
  const typed_array_kind kind = describe_typed_array(tag_number);
  if (kind.element_size == 0) return ctx.fail(errc::invalid_value, at, "a typed array of 1 to 8 byte elements");
  const std::uint8_t* p{};
  std::size_t n{};
  std::string joined;
  if (!read_string_bytes(ctx, major::bytes, p, n, joined, "byte string of a typed array")) return false;
  if (n % kind.element_size != 0) return ctx.fail(errc::invalid_value, at, "a length that is a multiple of the element size");
  const std::size_t count = n / kind.element_size;
  if (!detail::size_sequence(ctx, v, count, at)) return false;
  const bool host_order = sizeof(E) == 1 || kind.little_endian == (std::endian::native == std::endian::little);
  const bool same_type = kind.element_size == sizeof(E) && kind.is_float == floating<E> &&
                         (floating<E> || kind.is_signed == std::is_signed_v<E>);
  if (same_type && host_order) {
    if (count) detail::copy_large(std::ranges::data(v), p, n);
    return true;
  }
  auto* out = std::ranges::data(v);
  for (std::size_t i = 0; i < count; ++i) {
    if (!typed_element(ctx, kind, p + i * kind.element_size, at, out[i])) return ctx.in_element(i);
  }
  return true;
}

// Element i of a sequence, at `e` (std::vector<bool> hands out proxies).
template <options O, class E, class Ctx>
PRISM_INLINE bool read_element(Ctx& ctx, E&& e, std::size_t i) {
  return detail::read_element(e, [&](auto& x) { return read_value<O>(ctx, x); }) || ctx.in_element(i);
}

// The typed array prism writes for T (the host's tag, a definite byte string of whole
// elements), read with one copy; false when the input holds anything else, for the general path.
template <class T, class Ctx>
PRISM_INLINE bool read_native_typed_array(Ctx& ctx, T& v, bool& done) {
  using E = range_value_t<T>;
  done = false;
  if constexpr (std::endian::native == std::endian::little && std::ranges::contiguous_range<T>) {
    if (!ctx.src.need(3)) return true;
    const std::uint8_t* p = ctx.src.cur();
    if (p[0] != 0xd8 || p[1] != typed_array_tag<E>() || (p[2] >> 5) != major::bytes) return true;
    const unsigned info = p[2] & 31;
    std::size_t head = 3, n = info;
    if (info >= 24) {
      if (info > 26) return true;
      const std::size_t width = std::size_t{1} << (info - 24);
      if (!ctx.src.need(3 + width)) return true;
      p = ctx.src.cur();
      n = width == 1 ? p[3] : width == 2 ? load_be16(p + 3) : load_be32(p + 3);
      head += width;
    }
    if (n % sizeof(E) != 0 || !ctx.src.need(head + n)) return true;
    const std::size_t count = n / sizeof(E);
    if constexpr (fixed_array<T>) {
      if (count != v.size()) return true;
    } else {
      if (count > ctx.lim.max_elements) return true;  // the general path reports it
      if (!ctx.charge(n)) return false;
      v.resize(count);
    }
    if (n) detail::copy_large(std::ranges::data(v), ctx.src.cur() + head, n);
    ctx.src.advance(head + n);
    done = true;
  }
  return true;
}

// The heads of an RFC 8746 multi-dimensional array (tag 40, or 1040 for column-major) whose
// elements are a typed array, up to its definite byte string: h.data points at the elements as
// stored, which the caller consumes; `swapped` when their byte order is not the host's. Given
// `plain`, elements in an untyped array (RFC 8746 allows either) set it and stop at that array.
template <class Ctx>
bool read_tensor_header(Ctx& ctx, tensor_header& h, bool& swapped, bool* plain = nullptr) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t tag_number{};
  bool tagged{};
  std::uint8_t initial{};
  if (!skip_tags(ctx, tag_number, tagged) || !peek_initial(ctx, initial)) return false;
  if (!tagged || (tag_number != tag::multi_dimensional_array && tag_number != tag::column_major_array))
    return ctx.fail(errc::type_mismatch, at, "tensor (tag 40 or 1040)", tagged ? "another tag" : describe_initial(initial));
  h.order = tag_number == tag::multi_dimensional_array ? memory_order::row_major : memory_order::column_major;
  head outer, dims;
  if (!read_head(ctx, outer)) return false;
  if (outer.major_type != major::array || outer.indefinite || outer.argument != 2)
    return ctx.fail(errc::type_mismatch, at, "tensor [extents, elements]", describe_initial(outer.initial));
  const std::size_t dims_at = ctx.src.offset();
  if (!read_head(ctx, dims)) return false;
  if (dims.major_type != major::array || dims.indefinite) return ctx.fail(errc::type_mismatch, dims_at, "tensor extents", describe_initial(dims.initial));
  if (dims.argument > max_tensor_rank) return ctx.fail(errc::invalid_value, dims_at, "a tensor rank of 16 at most");
  h.rank = static_cast<std::size_t>(dims.argument);
  for (std::size_t d = 0; d < h.rank; ++d)
    if (!read_int(ctx, h.shape[d])) return false;
  const std::size_t data_at = ctx.src.offset();
  if (!skip_tags(ctx, tag_number, tagged)) return false;
  if (!peek_initial(ctx, initial)) return false;
  if (plain && !tagged && (initial >> 5) == major::array) {
    *plain = true;
    return true;
  }
  const typed_array_kind kind = describe_typed_array(tagged ? tag_number : 0);
  if (!tagged || !dtype_of_typed_array(kind, h.type)) return ctx.fail(errc::type_mismatch, data_at, "a typed array of the tensor's elements");
  head data;
  if ((initial >> 5) != major::bytes || (initial & 31) == code::indefinite)
    return ctx.fail(errc::type_mismatch, data_at, "a definite-length byte string", describe_initial(initial));
  if (!read_head(ctx, data)) return false;
  if (!ctx.require(data.argument)) [[unlikely]] return false;
  h.data = reinterpret_cast<const std::byte*>(ctx.src.cur());
  h.data_bytes = static_cast<std::size_t>(data.argument);
  if (!detail::tensor_fits(h, kind.element_size, h.data_bytes)) return ctx.fail(errc::size_mismatch, data_at, "data of the tensor's shape");
  swapped = kind.element_size > 1 && kind.little_endian != (std::endian::native == std::endian::little);
  return true;
}

// The elements of a tensor stored one by one in an untyped array (complex ones as pairs of
// parts), read as numbers of T's element type and stored like a typed array's.
template <options O, class T, class Ctx>
bool read_plain_tensor(Ctx& ctx, tensor_header& h, T& v, std::size_t at) {
  using E = std::remove_const_t<typename T::element_type>;
  using part = std::conditional_t<std::is_void_v<typename detail::complex_part<E>::type>, E, typename detail::complex_part<E>::type>;
  if constexpr (tensor_view_type<T> || std::is_same_v<part, float16>) {
    return ctx.fail(errc::type_mismatch, at, "the tensor's elements as a typed array", "an array of numbers");
  } else {
    const std::size_t array_at = ctx.src.offset();
    head a;
    if (!read_head(ctx, a)) return false;
    if (a.indefinite) return ctx.fail(errc::type_mismatch, array_at, "a definite-length array of the tensor's elements");
    if (!ctx.check_count(a.argument, 1, array_at)) return false;
    const auto n = static_cast<std::size_t>(a.argument);
    h.type = dtype_of<part>;
    if (!detail::tensor_fits(h, sizeof(part), n * sizeof(part))) return ctx.fail(errc::size_mismatch, array_at, "elements of the tensor's shape");
    if (!ctx.charge(n * sizeof(part)) || !ctx.enter()) return false;
    std::vector<part> elements(n);
    for (std::size_t i = 0; i < n; ++i)
      if (!read_element<O>(ctx, elements[i], i)) return false;
    ctx.leave();
    h.data = reinterpret_cast<const std::byte*>(elements.data());
    h.data_bytes = n * sizeof(part);
    return detail::store_tensor(ctx, h, v, at);
  }
}

template <options O, class T, class Ctx>
bool read_tensor(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  tensor_header h;
  bool swapped{}, plain{};
  if (!read_tensor_header(ctx, h, swapped, &plain)) return false;
  if (plain) return read_plain_tensor<O>(ctx, h, v, at);
  const std::size_t stored_bytes = h.data_bytes;
  if (!swapped) {
    if (!detail::store_tensor(ctx, h, v, at)) return false;
  } else if constexpr (tensor_view_type<T>) {
    return ctx.fail(errc::invalid_value, at, "a typed array in the host's byte order (read into prism::tensor to copy)");
  } else {
    if (!ctx.charge(h.data_bytes)) return false;
    std::vector<std::byte> native(h.data_bytes);
    const std::size_t width = dtype_size(h.type);
    for (std::size_t i = 0; i < h.data_bytes; i += width) std::reverse_copy(h.data + i, h.data + i + width, native.data() + i);
    h.data = native.data();
    if (!detail::store_tensor(ctx, h, v, at)) return false;
  }
  ctx.src.advance(stored_bytes);
  return true;
}

// The elements of a definite array, from the cursor on, into a sequence of their number (the
// depth entered for the array, and left here); returns where they end, or null on an error.
template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_elements(Ctx& ctx, local_cursor c, T& v) {
  return detail::read_elements_at(
      ctx, c, v, [&](local_cursor& at, auto& e) PRISM_LAMBDA_INLINE { return read_next<O>(ctx, at, e); },
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

// Keys in declaration order, as prism writes them: each compared as raw bytes with its
// compile-time encoding, the field read without a lookup. Values in their usual encoding are
// read at the cursor (read_usual); the source moves there only before a value that read_value
// reads, and at the end.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_fields_in_order(Ctx& ctx, local_cursor& c, T& v, std::uint64_t n, std::size_t& i) {
  return detail::read_fields_in_order<T>(ctx, n, i, [&](auto field) PRISM_LAMBDA_INLINE {
    constexpr auto& key = encoded_key<T, field()>;
    if (c.readable() < key.size() || !detail::equal_bytes(c.p, key)) return detail::in_order::other_key;
    c.p += key.size();
    return read_next<O>(ctx, c, get_field<field()>(v)) ? detail::in_order::read : detail::in_order::value_failed;
  });
}

// The rest of a map into struct T (depth entered, the head read: `h`), from the cursor on; the
// struct began at offset `at`. Returns where the map ends, or null on an error.
template <options O, class T, class Ctx>
PRISM_INLINE const std::uint8_t* read_struct_entries(Ctx& ctx, local_cursor c, T& v, const head& h, std::size_t at) {
  std::size_t in_order = 0;
  if (!h.indefinite) {
    if (!read_fields_in_order<O>(ctx, c, v, h.argument, in_order)) return nullptr;
    if (detail::all_read_in_order<O, T>(in_order, h.argument)) [[likely]] {
      ctx.leave();
      return c.p;
    }
  }
  c.store_to(ctx.src);
  detail::struct_keys_reader<O, T> keys;
  keys.read_in_order(in_order);
  head rest = h;
  if (!h.indefinite) {
    rest.argument = h.argument - in_order;
    if (rest.argument == 0) return keys.finish(ctx, at) ? ctx.src.cur() : nullptr;
  }
  std::string joined;
  const bool ok = for_each_entry(ctx, rest, at, 2, [&](std::size_t) {
    const std::size_t key_at = ctx.src.offset();
    const std::uint8_t* p{};
    std::size_t len{};
    if (!read_text<O>(ctx, p, len, joined)) return false;
    return keys.entry(
        ctx, std::string_view(reinterpret_cast<const char*>(p), len), key_at,
        [&](std::size_t index) { return read_field<O>(ctx, v, index); },
        [&] { return skip_value(ctx); });
  });
  return ok && keys.finish(ctx, at) ? ctx.src.cur() : nullptr;
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
              ctx, i, [&](std::size_t k) { return read_field<O>(ctx, v, k); }, [&] { return skip_value(ctx); });
    });
    if (!ok) return false;
    ctx.leave();
    return detail::positional_complete<O, T>(ctx, count, at);
  }
  if ((initial >> 5) != major::map) [[unlikely]] return mismatch(ctx, "map", initial);
  if (!read_head(ctx, h) || !ctx.enter()) return false;
  if (!h.indefinite && !ctx.check_count(h.argument, 2, at)) return false;
  return detail::move_to(ctx.src, read_struct_entries<O>(ctx, local_cursor{ctx.src}, v, h, at));
}

// Epoch seconds (tag 1 or untagged; an integer or a float), or RFC 9581 extended time (tag
// 1001): {1: seconds, -3/-6/-9: milli/micro/nanoseconds}; other keys are skipped.
template <class T, class Ctx>
bool read_time(Ctx& ctx, T& v) {
  const std::size_t at = ctx.src.offset();
  std::uint64_t tag_number{};
  bool tagged{};
  if (!skip_tags(ctx, tag_number, tagged)) return false;
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
  const auto out_of_range = [&] { return ctx.fail(errc::out_of_range, at, "a time within the time point's range"); };
  std::int64_t secs = 0, fraction_ns = 0;
  if (tagged && tag_number == tag::extended_time) {
    if ((initial >> 5) != major::map) return mismatch(ctx, "extended time map", initial);
    head h;
    if (!read_head(ctx, h) || !ctx.enter()) return false;
    const bool ok = for_each_entry(ctx, h, at, 2, [&](std::size_t) {
      std::int64_t key{};
      if (!read_int(ctx, key)) return false;
      if (key == 1) return read_int(ctx, secs);
      if (key == -3 || key == -6 || key == -9) {
        std::int64_t units{};
        if (!read_int(ctx, units)) return false;
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
    if (!read_int(ctx, secs)) return false;
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

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  if constexpr (detail::travels_as_other<T>) {
    return detail::read_travelling(ctx, v, ctx.src.offset(), [&](auto& p) { return read_value<O>(ctx, p); });
  } else if constexpr (adapted_tensor<T>) {
    return detail::read_adapted(ctx, v, [&](auto& t) { return read_value<O>(ctx, t); });
  } else if constexpr (std::is_same_v<T, prism::value>) {
    return detail::value_io<cbor>::read_member(ctx, v);
  } else if constexpr (boolean<T>) {
    std::uint8_t initial{};
    if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
    if (initial != code::true_ && initial != code::false_) [[unlikely]] return mismatch(ctx, "bool", initial);
    v = initial == code::true_;
    ctx.src.advance(1);
    return true;
  } else if constexpr (integer<T>) {
    return read_int(ctx, v);
  } else if constexpr (floating<T>) {
    double d{};
    const std::size_t at = ctx.src.offset();
    return read_number_as_double(ctx, d) && detail::store_floating(ctx, d, v, at);
  } else if constexpr (enumeration<T>) {
    std::uint8_t initial{};
    if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
    if ((initial >> 5) == major::text) {
      const std::size_t at = ctx.src.offset();
      const std::uint8_t* p{};
      std::size_t n{};
      std::string joined;
      return read_text<O>(ctx, p, n, joined) && detail::enum_from_text(ctx, p, n, at, v);
    }
    return detail::enum_from_number(v, [&](auto& u) { return read_int(ctx, u); });
  } else if constexpr (string_type<T> || string_view_type<T>) {
    const std::uint8_t* p{};
    std::size_t n{};
    if (!take_short_text(ctx, p, n)) [[unlikely]] return read_any_text<O>(ctx, v);
    return detail::check_text<O>(ctx, p, n) && detail::store_bytes(ctx, v, p, n);
  } else if constexpr (blob<T>) {
    const std::uint8_t* p{};
    std::size_t n{};
    std::string joined;
    if (!read_string_bytes(ctx, major::bytes, p, n, joined, "byte string")) return false;
    if constexpr (byte_span<T>) {
      if (p == reinterpret_cast<const std::uint8_t*>(joined.data()) && n != 0)
        return ctx.fail(errc::type_mismatch, ctx.src.offset(), "a definite-length byte string (a view cannot join chunks)");
    }
    return detail::store_bytes(ctx, v, p, n);
  } else if constexpr (tensor_type<T>) {
    return read_tensor<O>(ctx, v);
  } else if constexpr (set_type<T>) {
    return detail::read_set(v, [&](auto& items) { return read_value<O>(ctx, items); });
  } else if constexpr (fixed_array<T> || sequence<T>) {
    return read_sequence<O>(ctx, v);
  } else if constexpr (map_type<T>) {
    return read_map<O>(ctx, v);
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    std::uint8_t initial{};  // tags stay for the value (a time point reads its tag)
    if (!peek_initial(ctx, initial)) return false;
    if (initial == code::null || initial == code::undefined) {
      v.reset();
      ctx.src.advance(1);
      return true;
    }
    return detail::read_present(ctx, v, [&](auto& value) { return read_value<O>(ctx, value); });
  } else if constexpr (std::is_same_v<T, std::monostate>) {
    std::uint8_t initial{};
    if (!skip_tags(ctx) || !peek_initial(ctx, initial)) return false;
    if (initial != code::null && initial != code::undefined) return mismatch(ctx, "null", initial);
    ctx.src.advance(1);
    return true;
  } else if constexpr (variant_type<T>) {
    return read_items(ctx, 2, "[index, value]", [&] {
      const std::size_t index_at = ctx.src.offset();
      std::size_t index{};
      if (!read_int(ctx, index)) return false;
      return detail::read_alternative(ctx, v, index, index_at, [&](auto& alt) { return read_value<O>(ctx, alt); });
    });
  } else if constexpr (tuple_type<T>) {
    return read_items(ctx, std::tuple_size_v<T>, "an array of the tuple's size", [&] {
      return detail::read_tuple_elements(ctx, v, [&](auto& e, std::size_t) { return read_value<O>(ctx, e); });
    });
  } else if constexpr (time_point_type<T>) {
    return read_time(ctx, v);
  } else if constexpr (reflectable<T>) {
    return read_struct<O>(ctx, v);
  } else {
    static_assert(sizeof(T) == 0, "prism::cbor: this type cannot be read");
    return false;
  }
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
