#pragma once
// CBOR decoder, RFC 8746 arrays: typed arrays into contiguous ranges of numbers (one copy when
// the element type and byte order are the host's) and multi-dimensional arrays (tags 40 and
// 1040) into tensors, their elements typed or plain. The rest of the decoder is in read.hpp.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../core/containers.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "read_scalars.hpp"

namespace prism::cbor_detail {

// A typed array's elements as the numbers `target` describes (its size, float or signed) at
// `out`: exact for integers (an error when out of the target's range), floats widened or
// narrowed like a float read. One function for every element type; the conversion is the
// rarer case, a typed array of the host's type being one copy.
template <class Ctx>
PRISM_NOINLINE bool convert_typed_elements(Ctx& ctx, const typed_array_kind& kind, const std::uint8_t* p, std::size_t count,
                                           std::size_t at, const typed_array_kind& target, void* out) {
  auto* to = static_cast<std::uint8_t*>(out);
  const std::size_t bits = 8 * target.element_size;
  const std::uint64_t unsigned_max = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  const std::int64_t signed_max = static_cast<std::int64_t>(unsigned_max >> 1), signed_min = -signed_max - 1;
  const auto store_native = [&](auto x) { std::memcpy(to, &x, sizeof x); };
  const auto store_integer = [&](std::uint64_t x) {
    switch (target.element_size) {
      case 1: *to = static_cast<std::uint8_t>(x); break;
      case 2: store_native(static_cast<std::uint16_t>(x)); break;
      case 4: store_native(static_cast<std::uint32_t>(x)); break;
      default: store_native(x); break;
    }
  };
  for (std::size_t i = 0; i < count; ++i, p += kind.element_size, to += target.element_size) {
    std::uint64_t raw = 0;
    for (std::size_t k = 0; k < kind.element_size; ++k) {
      const std::size_t shift = 8 * (kind.little_endian ? k : kind.element_size - 1 - k);
      raw |= std::uint64_t{p[k]} << shift;
    }
    const auto store_floating = [&](auto x) -> bool {  // an integer, float or double
      if (target.element_size == sizeof(float)) {
        float f{};
        if constexpr (std::is_same_v<decltype(x), double>) {
          if (!detail::store_floating(ctx, x, f, at)) return false;
        } else {
          f = static_cast<float>(x);
        }
        std::memcpy(to, &f, sizeof f);
      } else {
        const auto d = static_cast<double>(x);
        std::memcpy(to, &d, sizeof d);
      }
      return true;
    };
    bool ok = true;
    if (kind.is_float) {
      if (!target.is_float) {
        ok = ctx.fail(errc::type_mismatch, at, "typed array of integers", "typed array of floats");
      } else if (kind.element_size == 2) {
        ok = store_floating(static_cast<float>(half_to_double(static_cast<std::uint16_t>(raw))));
      } else if (kind.element_size == 4) {
        ok = store_floating(std::bit_cast<float>(static_cast<std::uint32_t>(raw)));
      } else {
        ok = store_floating(std::bit_cast<double>(raw));
      }
    } else if (kind.is_signed) {
      const unsigned unused = 64 - 8 * static_cast<unsigned>(kind.element_size);
      const std::int64_t s = static_cast<std::int64_t>(raw << unused) >> unused;
      if (target.is_float) {
        ok = store_floating(s);
      } else if (s < 0 && !target.is_signed) {
        ok = ctx.fail(errc::out_of_range, at, "non-negative integer");
      } else if (target.is_signed ? s < signed_min || s > signed_max : static_cast<std::uint64_t>(s) > unsigned_max) {
        ok = ctx.fail(errc::out_of_range, at);
      } else {
        store_integer(static_cast<std::uint64_t>(s));
      }
    } else {
      if (target.is_float) ok = store_floating(raw);
      else if (raw > (target.is_signed ? static_cast<std::uint64_t>(signed_max) : unsigned_max)) ok = ctx.fail(errc::out_of_range, at);
      else store_integer(raw);
    }
    if (!ok) return ctx.in_element(i);
  }
  return true;
}

// An RFC 8746 typed array (its tag already read) into numbers as `target` describes them, of a
// range that size_to(ctx, range, count, at, data) sizes: one copy when they are the host's type
// in its byte order, else element by element. One function for every range type.
template <class Ctx>
PRISM_NOINLINE bool read_typed_array_into(Ctx& ctx, std::uint64_t tag_number, std::size_t at, const typed_array_kind& target, void* range,
                                          bool (*size_to)(Ctx&, void*, std::size_t, std::size_t, void*&)) {
  const typed_array_kind kind = describe_typed_array(tag_number);
  if (kind.element_size == 0) return ctx.fail(errc::invalid_value, at, "a typed array of 1 to 8 byte elements");
  const std::uint8_t* p{};
  std::size_t n{};
  std::string joined;
  if (!read_string_bytes(ctx, major::bytes, p, n, joined, "byte string of a typed array")) return false;
  if (n % kind.element_size != 0) return ctx.fail(errc::invalid_value, at, "a length that is a multiple of the element size");
  const std::size_t count = n / kind.element_size;
  void* data{};
  if (!size_to(ctx, range, count, at, data)) return false;
  const bool host_order = target.element_size == 1 || kind.little_endian == (std::endian::native == std::endian::little);
  const bool same_type = kind.element_size == target.element_size && kind.is_float == target.is_float &&
                         (target.is_float || kind.is_signed == target.is_signed);
  if (same_type && host_order) {
    if (count) detail::copy_large(data, p, n);
    return true;
  }
  return convert_typed_elements(ctx, kind, p, count, at, target, data);
}

template <class T, class Ctx>
bool read_typed_array(Ctx& ctx, T& v, std::uint64_t tag_number, std::size_t at) {
  using E = range_value_t<T>;
  constexpr typed_array_kind target{floating<E>, std::is_signed_v<E>, std::endian::native == std::endian::little, sizeof(E)};
  return read_typed_array_into(ctx, tag_number, at, target, &v, +[](Ctx& c, void* range, std::size_t count, std::size_t where, void*& data) {
    T& r = *static_cast<T*>(range);
    if (!detail::size_sequence(c, r, count, where)) return false;
    data = std::ranges::data(r);
    return true;
  });
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
  return skip_tags(ctx, tag_number, tagged) && read_tensor_after_tags(ctx, at, tag_number, tagged, h, swapped, plain);
}

// The same after the tensor's tags (the innermost is `tag_number`, when `tagged`).
template <class Ctx>
bool read_tensor_after_tags(Ctx& ctx, std::size_t at, std::uint64_t tag_number, bool tagged, tensor_header& h, bool& swapped, bool* plain) {
  std::uint8_t initial{};
  if (!peek_initial(ctx, initial)) return false;
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
  if (!read_definite_head(ctx, data)) return false;
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

}  // namespace prism::cbor_detail
