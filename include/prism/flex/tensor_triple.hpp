#pragma once
// A tensor in FlexBuffers: [dtype, [extents...], data(, 1 when column-major)], data a blob or a
// typed vector whose elements are as wide as the dtype's (or its complex parts'). One checked
// parse for readers and views; a failure names the value at fault and what was expected there.
#include <cstdint>
#include <string_view>

#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "common.hpp"

namespace prism::flex_detail {

struct tensor_fault {
  ref where{};
  std::string_view expected;
};

// The tensor in the elements `t` of a vector, in the layouts prism writes: the dtype (and order)
// inline unsigned integers, the extents a vector of inline unsigned integers (typed or not), the data a blob or
// a typed vector of elements as wide as the dtype's. False for anything else, which
// parse_tensor_elements then decides.
PRISM_INLINE bool parse_plain_tensor(const message& m, const block& t, tensor_header& h) noexcept {
  using namespace flexbuffers;
  const ref code = message::element(t, 0), shape = message::element(t, 1), data = message::element(t, 2);
  if (code.kind != FBT_UINT || (shape.kind != FBT_VECTOR_UINT && shape.kind != FBT_VECTOR)) return false;
  const std::uint64_t code_value = load_uint(code.slot, code.parent_width);
  if (!valid_dtype(code_value)) return false;
  h.type = static_cast<dtype>(code_value);
  h.order = memory_order::row_major;
  if (t.count == 4) {
    const ref order = message::element(t, 3);
    if (order.kind != FBT_UINT || load_uint(order.slot, order.parent_width) > 1) return false;
    h.order = memory_order::column_major;
  }
  if (data.kind == FBT_BLOB) {
    std::string_view bytes;
    if (m.sized_bytes(data, bytes) != errc::ok) return false;
    h.data = reinterpret_cast<const std::byte*>(bytes.data());
    h.data_bytes = bytes.size();
  } else {
    const std::size_t part = h.type == dtype::complex64 ? 4 : h.type == dtype::complex128 ? 8 : dtype_size(h.type);
    block values;
    if (data.kind < FBT_VECTOR_INT || data.kind > FBT_VECTOR_FLOAT || data.width != part ||
        m.sized_block(data, values) != errc::ok)
      return false;
    h.data = reinterpret_cast<const std::byte*>(values.data);
    h.data_bytes = values.count * part;
  }
  block extents;
  if (m.sized_block(shape, extents) != errc::ok || extents.count > max_tensor_rank) return false;
  for (std::size_t d = 0; d < extents.count; ++d) {
    if (extents.element == FBT_NULL && message::element(extents, d).kind != FBT_UINT) return false;
    h.shape[d] = static_cast<std::size_t>(load_uint(extents.data + d * extents.width, extents.width));
  }
  h.rank = extents.count;
  return detail::tensor_fits(h, dtype_size(h.type), h.data_bytes);
}

// The tensor in the elements `t` of the vector `r`, already found.
inline errc parse_tensor_elements(const message& m, const ref& r, const block& t, tensor_header& h, tensor_fault& fault) noexcept {
  using namespace flexbuffers;
  const auto fail = [&](errc e, const ref& at, std::string_view expected) {
    fault = {at, expected};
    return e;
  };
  const auto small_integer = [&](const ref& at, std::uint64_t max, std::uint64_t& v) {
    bool negative{};
    if (const errc e = m.integer(at, negative, v); e != errc::ok) return fail(e, at, "integer");
    if (negative) return fail(errc::out_of_range, at, "non-negative integer");
    return v <= max ? errc::ok : fail(errc::out_of_range, at, "integer in range");
  };
  if (t.count != 3 && t.count != 4) [[unlikely]] return fail(errc::size_mismatch, r, "tensor [dtype, shape, data(, order)]");
  std::uint64_t code{};
  if (const errc e = small_integer(message::element(t, 0), 0xff, code); e != errc::ok) return e;
  if (!valid_dtype(code)) [[unlikely]] return fail(errc::invalid_value, message::element(t, 0), "a dtype");
  h.type = static_cast<dtype>(code);
  h.order = memory_order::row_major;
  if (t.count == 4) {
    std::uint64_t order{};
    if (const errc e = small_integer(message::element(t, 3), 0xff, order); e != errc::ok) return e;
    if (order > 1) [[unlikely]] return fail(errc::invalid_value, message::element(t, 3), "memory order 0 or 1");
    h.order = static_cast<memory_order>(order);
  }
  const ref shape_ref = message::element(t, 1);
  block shape;
  if (const errc e = m.elements(shape_ref, shape); e != errc::ok) [[unlikely]] return fail(e, shape_ref, "tensor shape");
  if (shape.count > max_tensor_rank) [[unlikely]] return fail(errc::size_mismatch, shape_ref, "rank of at most 16");
  h.rank = shape.count;
  for (std::size_t d = 0; d < shape.count; ++d) {
    std::uint64_t extent{};
    if (const errc e = small_integer(message::element(shape, d), ~std::size_t{0}, extent); e != errc::ok) return e;
    h.shape[d] = static_cast<std::size_t>(extent);
  }
  const ref data = message::element(t, 2);
  std::size_t bytes{};
  if (data.kind == FBT_BLOB) {
    std::string_view s;
    if (const errc e = m.text(data, s); e != errc::ok) [[unlikely]] return fail(e, data, "blob");
    h.data = reinterpret_cast<const std::byte*>(s.data());
    bytes = s.size();
  } else {
    if (data.kind < FBT_VECTOR_INT || data.kind > FBT_VECTOR_FLOAT) [[unlikely]] return fail(errc::type_mismatch, data, "tensor data (blob or typed vector)");
    block values;
    if (const errc e = m.elements(data, values); e != errc::ok) [[unlikely]] return fail(e, data, "tensor data");
    const std::size_t part = h.type == dtype::complex64 ? 4 : h.type == dtype::complex128 ? 8 : dtype_size(h.type);
    if (values.width != part) [[unlikely]] return fail(errc::type_mismatch, data, "tensor data as wide as its dtype");
    h.data = reinterpret_cast<const std::byte*>(values.data);
    bytes = values.count * values.width;
  }
  h.data_bytes = bytes;
  if (!detail::tensor_fits(h, dtype_size(h.type), bytes)) [[unlikely]] return fail(errc::size_mismatch, data, "tensor data of its shape's size");
  return errc::ok;
}

inline errc parse_tensor(const message& m, const ref& r, tensor_header& h, tensor_fault& fault) noexcept {
  if (r.kind != flexbuffers::FBT_VECTOR) [[unlikely]] {
    fault = {r, "tensor [dtype, shape, data]"};
    return errc::type_mismatch;
  }
  block t;
  if (const errc e = m.elements(r, t); e != errc::ok) [[unlikely]] {
    fault = {r, "tensor"};
    return e;
  }
  if ((t.count == 3 || t.count == 4) && parse_plain_tensor(m, t, h)) return errc::ok;
  return parse_tensor_elements(m, r, t, h, fault);
}

}  // namespace prism::flex_detail
