#pragma once
// FlexBuffers views: a value's slot and how it was reached, decoded on access with the same
// checked steps as the reader. Vectors index in O(1), maps find keys by binary search (the
// Builder sorts them), iteration steps from slot to slot. prism::verify<flex> runs flatbuffers'
// own flexbuffers::Verifier over the whole message.
#include <flatbuffers/flexbuffers.h>

#include <bit>
#include <cstring>
#include <string_view>
#include <vector>

#include "../core/copy_bytes.hpp"
#include "../core/lookup_hint.hpp"
#include "../core/view.hpp"
#include "common.hpp"
#include "format.hpp"
#include "key_search.hpp"
#include "key_walk.hpp"
#include "read.hpp"

namespace prism::flex_detail {

class node {
 public:
  using format = flex;

  node() = default;
  node(const message& m, const ref& r) noexcept : m_(m), r_(r) {}

  std::size_t offset() const noexcept { return m_.offset(r_.slot); }

  value_type type() const noexcept {
    using namespace flexbuffers;
    switch (r_.kind) {
      case FBT_NULL: return value_type::null;
      case FBT_BOOL: return value_type::boolean;
      case FBT_INT: case FBT_UINT: case FBT_INDIRECT_INT: case FBT_INDIRECT_UINT: return value_type::integer;
      case FBT_FLOAT: case FBT_INDIRECT_FLOAT: return value_type::floating;
      case FBT_KEY: case FBT_STRING: return value_type::string;
      case FBT_BLOB: return value_type::binary;
      case FBT_MAP: return value_type::object;
      case FBT_VECTOR: {
        tensor_header h;  // [dtype, shape, data(, order)] is a tensor
        return triple_tensor(h) == errc::ok ? value_type::tensor : value_type::array;
      }
      default:
        if (r_.kind >= FBT_VECTOR_INT && r_.kind <= FBT_VECTOR_FLOAT) return value_type::tensor;  // a typed array, as in CBOR and BEVE
        if (r_.kind == FBT_VECTOR_KEY || r_.kind == FBT_VECTOR_STRING_DEPRECATED ||
            (r_.kind >= FBT_VECTOR_INT2 && r_.kind <= FBT_VECTOR_FLOAT4) || r_.kind == FBT_VECTOR_BOOL)
          return value_type::array;
        return value_type::other;
    }
  }

  errc get_bool(bool& b) const noexcept { return m_.boolean(r_, b); }
  errc get_integer(bool& negative, std::uint64_t& value) const noexcept { return m_.integer(r_, negative, value); }
  errc get_double(double& d) const noexcept { return m_.floating(r_, d); }
  errc get_string(std::string_view& s) const noexcept {
    if (r_.kind != flexbuffers::FBT_STRING && r_.kind != flexbuffers::FBT_KEY) return errc::type_mismatch;
    return m_.text(r_, s);
  }
  errc get_bytes(bytes_view& b) const noexcept {
    if (r_.kind != flexbuffers::FBT_BLOB) return errc::type_mismatch;
    std::string_view s;
    if (const errc e = m_.text(r_, s); e != errc::ok) return e;
    b = bytes_view(reinterpret_cast<const std::byte*>(s.data()), s.size());
    return errc::ok;
  }
  // A tensor triple, or a typed vector of integers or floats as a tensor of rank 1.
  errc get_tensor(tensor_header& h) const noexcept {
    using namespace flexbuffers;
    if (r_.kind == FBT_VECTOR) return triple_tensor(h);
    if (r_.kind < FBT_VECTOR_INT || r_.kind > FBT_VECTOR_FLOAT) return errc::type_mismatch;
    block b;
    if (const errc e = m_.sized_block(r_, b); e != errc::ok) return e;
    const std::size_t w = b.width;
    if (b.element == FBT_FLOAT) {
      if (w != 4 && w != 8) return errc::invalid_value;
      h.type = w == 4 ? dtype::float32 : dtype::float64;
    } else {
      const bool s = b.element == FBT_INT;
      h.type = w == 1 ? (s ? dtype::int8 : dtype::uint8) : w == 2 ? (s ? dtype::int16 : dtype::uint16)
             : w == 4 ? (s ? dtype::int32 : dtype::uint32) : (s ? dtype::int64 : dtype::uint64);
    }
    h.order = memory_order::row_major;
    h.rank = 1;
    h.shape[0] = b.count;
    h.data = reinterpret_cast<const std::byte*>(b.data);
    h.data_bytes = b.count * w;
    h.typed_array = true;
    return errc::ok;
  }

  errc size(std::size_t& n) const noexcept {
    switch (type()) {
      case value_type::string: case value_type::binary: {
        std::string_view s;
        if (const errc e = m_.text(r_, s); e != errc::ok) return e;
        n = s.size();
        return errc::ok;
      }
      case value_type::tensor: {
        tensor_header h;
        if (const errc e = get_tensor(h); e != errc::ok) return e;
        n = h.count();
        return errc::ok;
      }
      case value_type::array: case value_type::object: {
        block b;
        if (const errc e = m_.elements(r_, b); e != errc::ok) return e;
        n = b.count;
        return errc::ok;
      }
      default: return errc::type_mismatch;
    }
  }

  // The first access by index through a view checks the vector (not a map, not a tensor
  // triple: as_tensor reads those) and keeps its element count in the view's hint; later ones
  // (the same vector) only find the elements again, one checked offset away.
  errc element(std::size_t i, node& out, const detail::lookup_hint& hint) const noexcept {
    const std::uint64_t kept = hint.kept();
    if (!kept || !has_size_prefix(r_.kind)) [[unlikely]] return element_first(i, out, hint);
    const std::uint8_t* data{};
    if (const errc e = m_.target(r_, data); e != errc::ok) return e;
    return element_of(block{data, static_cast<std::size_t>(kept - 1), r_.width, element_type_of(r_.kind)}, i, out);
  }
  errc element(std::size_t i, node& out) const noexcept { return element(i, out, detail::lookup_hint{}); }

  // Binary search over the sorted keys. The first lookup through a view checks and decodes the
  // map's keys and keeps in the view's hint where they are, how many and how wide; later lookups
  // through the same view (the same map) start from that and only find the values again, one
  // checked offset away.
  errc find(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    found = false;
    if (r_.kind != flexbuffers::FBT_MAP) return errc::type_mismatch;
    const std::uint64_t kept = hint.kept();
    if (!kept) [[unlikely]] return find_first(key, out, found, hint);
    const std::uint8_t* values{};
    if (const errc e = m_.target(r_, values); e != errc::ok) return e;
    const key_position at = find_kept_key(m_.base, m_.end(), kept, key);
    return found_value(block{values, kept_keys::count(kept), r_.width}, at, out, found);
  }

  errc first(node& out) const noexcept {
    if (r_.kind == flexbuffers::FBT_VECTOR && type() == value_type::tensor) return errc::type_mismatch;
    block b;
    if (const errc e = m_.elements(r_, b); e != errc::ok) return e;
    if (b.count == 0) return errc::out_of_range;
    if (r_.kind == flexbuffers::FBT_MAP) {
      out.m_ = m_;
      out.r_ = message::key(b, 0);
      out.adopt(b, 0, role::key);
    } else {
      set_child(out, b, 0, role::element);
    }
    return errc::ok;
  }

  // The next element of the same vector; from a map's key its value, from a value the next key.
  errc next(node& out) const noexcept {
    const block b = parent();
    switch (role_) {
      case role::key: set_child(out, b, index_, role::value); return errc::ok;
      case role::value:
        if (index_ + 1 >= b.count) return errc::out_of_range;
        out.m_ = m_;
        out.r_ = message::key(b, index_ + 1);
        out.adopt(b, index_ + 1, role::key);
        return errc::ok;
      case role::element:
        if (index_ + 1 >= b.count) return errc::out_of_range;
        set_child(out, b, index_ + 1, role::element);
        return errc::ok;
      case role::root: break;
    }
    return errc::out_of_range;
  }

  template <options O, class T>
  status read(T& v) const {
    auto ctx = detail::view_context(m_.base, m_.size, 0);
    if (!read_value_at<O>(ctx, m_, r_, v)) return ctx.take(flex::name);
    return {};
  }

 private:
  enum class role : std::uint8_t { root, element, key, value };

  // The block this value is an element (or key, or value) of; its parts are kept field by field
  // so that a node stays small and is written in place.
  block parent() const noexcept { return block{data_, count_, width_, element_, keys_, key_width_}; }
  void adopt(const block& b, std::size_t index, role how) noexcept {
    data_ = b.data;
    keys_ = b.keys;
    count_ = b.count;
    index_ = index;
    width_ = b.width;
    key_width_ = b.key_width;
    element_ = b.element;
    role_ = how;
  }
  // A value reached by index or key: no walk goes on from it, so it keeps no parent block.
  PRISM_INLINE void detach(const message& m, const ref& r) noexcept {
    m_ = m;
    r_ = r;
    role_ = role::root;
  }
  void set_child(node& out, const block& b, std::size_t i, role how) const noexcept {
    out.m_ = m_;
    out.r_ = message::element(b, i);
    out.adopt(b, i, how);
  }

  PRISM_NOINLINE errc find_first(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    block b;
    if (const errc e = m_.map_entries(r_, b); e != errc::ok) return e;
    const std::uint64_t kept = kept_keys::pack(m_.offset(b.keys), b.count, b.key_width);
    if (!kept) return found_value(b, find_sorted_key_bytewise(m_.base, m_.end(), b.keys, b.key_width, b.count, key), out, found);
    hint.keep(kept);
    return found_value(b, find_kept_key(m_.base, m_.end(), kept, key), out, found);
  }
  // The value of the key found `at` among a map's values `b`.
  PRISM_INLINE errc found_value(const block& b, const key_position& at, node& out, bool& found) const noexcept {
    if (at.code != errc::ok || at.index == b.count) return at.code;
    out.detach(m_, message::element(b, at.index));
    found = true;
    return errc::ok;
  }

  PRISM_NOINLINE errc element_first(std::size_t i, node& out, const detail::lookup_hint& hint) const noexcept {
    using namespace flexbuffers;
    const flex_detail::type t = r_.kind;
    if (t == FBT_MAP) return errc::type_mismatch;
    block b;
    if (const errc e = m_.elements(r_, b); e != errc::ok) return e;
    tensor_header h;
    if (t == FBT_VECTOR && triple_tensor(b, h) == errc::ok) return errc::type_mismatch;
    if (has_size_prefix(t)) hint.keep(std::uint64_t{b.count} + 1);
    return element_of(b, i, out);
  }
  PRISM_INLINE errc element_of(const block& b, std::size_t i, node& out) const noexcept {
    if (i >= b.count) return errc::out_of_range;
    out.detach(m_, message::element(b, i));
    return errc::ok;
  }

  errc triple_tensor(tensor_header& h) const noexcept {
    block t;
    if (m_.sized_block(r_, t) != errc::ok) return errc::type_mismatch;
    return triple_tensor(t, h);
  }
  errc triple_tensor(const block& t, tensor_header& h) const noexcept {
    using namespace flexbuffers;
    if (t.count != 3 && t.count != 4) return errc::type_mismatch;
    if (parse_plain_tensor(m_, t, h)) return errc::ok;
    const flex_detail::type code = message::element(t, 0).kind, shape = message::element(t, 1).kind, data = message::element(t, 2).kind;
    if (code != FBT_UINT && code != FBT_INT && code != FBT_INDIRECT_UINT && code != FBT_INDIRECT_INT) return errc::type_mismatch;
    if (shape != FBT_VECTOR && (shape < FBT_VECTOR_INT || shape > FBT_VECTOR_UINT)) return errc::type_mismatch;
    if (data != FBT_BLOB && (data < FBT_VECTOR_INT || data > FBT_VECTOR_FLOAT)) return errc::type_mismatch;
    tensor_fault fault;
    return parse_tensor_elements(m_, r_, t, h, fault);
  }

  message m_{};
  ref r_{};
  const std::uint8_t* data_ = nullptr;  // the parent block
  const std::uint8_t* keys_ = nullptr;
  std::size_t count_ = 0;
  std::size_t index_ = 0;
  std::uint8_t width_ = 1;  // a key's slot is as wide as the keys vector's elements, not as the block's
  std::uint8_t key_width_ = 1;
  flex_detail::type element_ = flexbuffers::FBT_NULL;
  role role_ = role::root;
};

}  // namespace prism::flex_detail

namespace prism {

template <>
struct view_traits<flex> {
  using format = flex;
  using node = flex_detail::node;
  // One container may be referenced from many places: walks of the whole message (transcode, a
  // read into prism::value) verify it first, which bounds the walk by the message's size.
  static constexpr bool verify_before_walk = true;
  static basic_view<node> root(const std::uint8_t* data, std::size_t size) {
    const flex_detail::message m{data, size};
    flex_detail::ref r;
    if (const errc e = m.root(r); e != errc::ok) return basic_view<node>(make_error(e, size, {}, flex::name, "a FlexBuffers root"));
    return basic_view<node>(node(m, r));
  }
  // flatbuffers' own verifier: every offset in bounds and aligned, depth within the limit; and
  // every key ends inside the message, every map has a key for each value (key_walk.hpp).
  static status verify(const std::uint8_t* data, std::size_t size, const limits& lim) {
    if (size >= FLATBUFFERS_MAX_BUFFER_SIZE) return make_error(errc::too_many_elements, 0, {}, flex::name, "a message under 2 GiB");
    std::vector<std::uint64_t> aligned;  // the Verifier loads scalars in place: give it an 8-aligned copy
    if (reinterpret_cast<std::uintptr_t>(data) % 8 != 0) {
      aligned.resize(size / 8 + 1);
      detail::copy_large(aligned.data(), data, size);
      data = reinterpret_cast<const std::uint8_t*>(aligned.data());
    }
    // No reuse tracker: the Verifier then counts every visit of a shared vector against the
    // message's size, which bounds what a walk of the verified message (transcode) visits.
    flexbuffers::Verifier verifier(data, size, nullptr, true, lim.max_depth);
    if (!verifier.VerifyBuffer()) return make_error(errc::invalid_value, 0, {}, flex::name, "a FlexBuffer that flexbuffers::Verifier accepts");
    std::size_t at = 0;
    std::string_view expected;
    if (const errc e = flex_detail::check_beyond_verifier(flex_detail::message{data, size}, at, expected); e != errc::ok)
      return make_error(e, at, {}, flex::name, expected);
    return {};
  }
};

}  // namespace prism
