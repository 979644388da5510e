#pragma once
// MessagePack views: a position in the bytes, decoded on access. MessagePack has no index, so
// element i walks on from the element last taken through the same view, and a key lookup from
// the entry after the one the last lookup found, skipping values (each skip is proportional to
// the skipped value's bytes); iteration walks once, O(n) in all. The usual shapes (short string
// keys, small maps and arrays, tensors with small extents) are walked straight over the bytes;
// anything else, and every error, goes through the format's reader.
#include <array>
#include <cstring>
#include <string_view>

#include "../core/context.hpp"
#include "../core/lookup_hint.hpp"
#include "../core/source.hpp"
#include "../core/view.hpp"
#include "common.hpp"
#include "format.hpp"
#include "read.hpp"

namespace prism::msgpack_detail {

// One past the `pending` values that start at p, or nullptr when they do not all lie before end
// or hold a reserved code (skip_value on a read_context then says which error it is).
inline const std::uint8_t* skip_values(const std::uint8_t* p, const std::uint8_t* end, std::size_t pending) noexcept {
  while (pending) {
    if (pending >= 8 && end - p >= 8) {  // eight small integers at once: each byte's top bit clear, or its top three set
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      constexpr std::uint64_t tops = 0x8080808080808080u;
      if (((~w | ((w << 1) & (w << 2))) & tops) == tops) {
        p += 8;
        pending -= 8;
        continue;
      }
    }
    --pending;
    if (p >= end) return nullptr;
    if (*p <= 0x7f || *p >= 0xe0) {  // small integers, the most common element
      ++p;
      continue;
    }
    const value_head& h = value_heads[*p];
    if (!h.valid) return nullptr;
    std::size_t skip = h.size;
    pending += h.nested;
    if (h.width) {
      if (static_cast<std::size_t>(end - p) < 1u + h.width) return nullptr;
      const std::size_t n = h.width == 1 ? p[1] : h.width == 2 ? load_be16(p + 1) : load_be32(p + 1);
      skip = 1u + h.width;
      if (h.per_item) pending += h.per_item * n;
      else skip += n + h.extra;
    }
    if (pending > static_cast<std::size_t>(end - p) || static_cast<std::size_t>(end - p) < skip) return nullptr;
    p += skip;
  }
  return p;
}

// The size of a value whose tag alone gives it (small integers, nil, bools, floats, short
// strings); 0 for the others. One table load: a walk over an array asks once per element.
inline constexpr auto sizes_from_tag = [] {
  std::array<std::uint8_t, 256> sizes{};
  for (int t = 0; t < 256; ++t) {
    const auto tag = static_cast<std::uint8_t>(t);
    sizes[t] = tag <= 0x7f || tag >= 0xe0 || tag == code::nil || tag == code::false_ || tag == code::true_ ? 1
             : (tag & 0xe0) == code::fixstr ? static_cast<std::uint8_t>(1 + (tag & 0x1f))
             : tag == code::float64 ? 9 : tag == code::float32 ? 5 : 0;
  }
  return sizes;
}();
constexpr std::size_t size_from_tag(std::uint8_t t) noexcept { return sizes_from_tag[t]; }

// A fixmap, fixarray or fixstr: the tag holds the size. [dtype, shape, bin(, order)] arrays
// (0x93, 0x94) may be tensors and are left to the full decoding.
constexpr bool sized_by_tag(std::uint8_t t) noexcept { return t >= code::fixmap && t <= 0xbf && t != 0x93 && t != 0x94; }

class node {
 public:
  using format = msgpack;

  node() = default;
  node(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept : base_(base), size_(size), pos_(pos) {}

  std::size_t offset() const noexcept { return pos_; }

  // Small integers, short strings and small maps and arrays inline (a walk asks per element).
  PRISM_INLINE value_type type() const noexcept {
    const std::uint8_t t = base_[pos_];
    if (t <= 0x7f || t >= 0xe0) return value_type::integer;
    if (sized_by_tag(t)) return t <= 0x8f ? value_type::object : t <= 0x9f ? value_type::array : value_type::string;
    return type_of_other();
  }
  PRISM_NOINLINE value_type type_of_other() const noexcept {
    const std::uint8_t t = base_[pos_];
    if (t <= 0x7f || t >= 0xe0 || (t >= code::uint8 && t <= code::int64)) return value_type::integer;
    if (t <= 0x8f || t == code::map16 || t == code::map32) return value_type::object;
    if (t <= 0x9f || t == code::array16 || t == code::array32) {
      tensor_header h;  // [dtype, shape, bin] and [dtype, shape, bin, order] are tensors
      return (t == 0x93 || t == 0x94) && may_hold_dtype() && get_tensor(h) == errc::ok ? value_type::tensor : value_type::array;
    }
    if (t <= 0xbf || (t >= code::str8 && t <= code::str32)) return value_type::string;
    switch (t) {
      case code::nil: return value_type::null;
      case code::false_: case code::true_: return value_type::boolean;
      case code::float32: case code::float64: return value_type::floating;
      case code::bin8: case code::bin16: case code::bin32: return value_type::binary;
      default: break;
    }
    std::int8_t type{};
    bytes_view data;
    if (extension_at(type, data) != errc::ok) return value_type::other;
    return type == timestamp_type ? value_type::timestamp : value_type::extension;
  }

  // An extension other than the timestamp: its type and payload.
  errc get_extension(std::int8_t& type, bytes_view& data) const noexcept {
    if (const errc e = extension_at(type, data); e != errc::ok) return e;
    return type == timestamp_type ? errc::type_mismatch : errc::ok;
  }

  // Whether the second byte of a 3- or 4-element array could start a dtype (an integer of a
  // valid dtype code), so that the array may be a tensor.
  bool may_hold_dtype() const noexcept {
    if (size_ - pos_ < 2) return false;
    const std::uint8_t b = base_[pos_ + 1];
    return b <= 0x7f ? valid_dtype(b) : b >= code::uint8 && b <= code::int64;
  }

  errc get_bool(bool& b) const noexcept {
    const std::uint8_t t = base_[pos_];
    if (t != code::true_ && t != code::false_) return errc::type_mismatch;
    b = t == code::true_;
    return errc::ok;
  }
  // Small integers and float64 inline (a walk over an array of numbers calls these per element);
  // the rest through the reader.
  PRISM_INLINE errc get_integer(bool& negative, std::uint64_t& value) const {
    if (const std::uint8_t t = base_[pos_]; t <= 0x7f) {
      negative = false;
      value = t;
      return errc::ok;
    }
    const integer_read r = integer_by_reader(base_, size_, pos_);
    negative = r.negative;
    value = r.value;
    return r.code;
  }
  // Out of line, taking the position and returning by value: a walk's element node then stays
  // in registers on the usual path.
  struct integer_read {
    std::uint64_t value = 0;
    errc code = errc::ok;
    bool negative = false;
  };
  PRISM_NOINLINE static integer_read integer_by_reader(const std::uint8_t* base, std::size_t size, std::size_t pos) {
    integer_read r;
    auto ctx = detail::view_context(base, size, pos);
    if (!read_integer(ctx, base[pos], r.negative, r.value, "integer")) r.code = ctx.get().code;
    return r;
  }
  PRISM_INLINE errc get_double(double& d) const {
    if (base_[pos_] == code::float64 && size_ - pos_ >= 9) {
      const std::uint64_t bits = load_be64(base_ + pos_ + 1);
      std::memcpy(&d, &bits, 8);
      return errc::ok;
    }
    return double_by_reader(d);
  }
  PRISM_NOINLINE errc double_by_reader(double& d) const {
    auto ctx = context();
    return read_float(ctx, d) ? errc::ok : ctx.get().code;
  }
  errc get_string(std::string_view& s) const {
    if (const std::uint8_t t = base_[pos_]; (t & 0xe0) == code::fixstr) {
      if (size_ - pos_ - 1 < (t & 0x1fu)) return errc::unexpected_end;
      s = std::string_view(reinterpret_cast<const char*>(base_ + pos_ + 1), t & 0x1fu);
      return errc::ok;
    }
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::str>(ctx, n, "string")) return ctx.get().code;
    if (!ctx.src.need(n)) return errc::unexpected_end;
    s = std::string_view(reinterpret_cast<const char*>(ctx.src.cur()), n);
    return errc::ok;
  }
  errc get_bytes(bytes_view& b) const {
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::bin>(ctx, n, "binary")) return ctx.get().code;
    if (!ctx.src.need(n)) return errc::unexpected_end;
    b = bytes_view(reinterpret_cast<const std::byte*>(ctx.src.cur()), n);
    return errc::ok;
  }
  errc get_tensor(tensor_header& h) const noexcept {
    if (plain_tensor_header(h)) return errc::ok;
    return get_tensor_by_reader(h);
  }
  // The same through the format's reader alone (the reference for the plain decoding).
  PRISM_NOINLINE errc get_tensor_by_reader(tensor_header& h) const noexcept {
    auto ctx = context();
    return read_tensor_header(ctx, h, [](const tensor_header&) { return true; }) ? errc::ok : ctx.get().code;
  }

  // [dtype, [extents], bin(, order)] in the usual encoding (small integers as fixints, extents
  // below 2^32); false for anything else.
  bool plain_tensor_header(tensor_header& h) const noexcept {
    const std::uint8_t* p = base_ + pos_;
    const std::uint8_t* const end = base_ + size_;
    if (end - p < 3 || (p[0] != 0x93 && p[0] != 0x94) || !valid_dtype(p[1]) || (p[2] & 0xf0) != code::fixarray) return false;
    h.type = static_cast<dtype>(p[1]);
    h.rank = p[2] & 0x0f;
    p += 3;
    for (std::size_t d = 0; d < h.rank; ++d) {
      if (p >= end) return false;
      const std::size_t width = *p <= 0x7f ? 0 : *p == code::uint8 ? 1 : *p == code::uint16 ? 2 : *p == code::uint32 ? 4 : 8;
      if (width == 8 || static_cast<std::size_t>(end - p) < 1 + width) return false;
      h.shape[d] = width == 0 ? *p : width == 1 ? p[1] : width == 2 ? load_be16(p + 1) : load_be32(p + 1);
      p += 1 + width;
    }
    if (p >= end || *p < code::bin8 || *p > code::bin32) return false;
    const std::size_t width = std::size_t{1} << (*p - code::bin8);
    if (static_cast<std::size_t>(end - p) < 1 + width) return false;
    h.data_bytes = width == 1 ? p[1] : width == 2 ? load_be16(p + 1) : load_be32(p + 1);
    p += 1 + width;
    if (h.data_bytes > static_cast<std::size_t>(end - p) || !detail::tensor_fits(h, dtype_size(h.type), h.data_bytes)) return false;
    h.data = reinterpret_cast<const std::byte*>(p);
    h.order = memory_order::row_major;
    if (base_[pos_] == 0x94) {
      p += h.data_bytes;
      if (p >= end || *p > 1) return false;
      h.order = static_cast<memory_order>(*p);
    }
    h.typed_array = false;
    return true;
  }

  PRISM_INLINE errc size(std::size_t& n) const {
    if (const std::uint8_t t = base_[pos_]; sized_by_tag(t)) {
      n = t & ((t & 0xe0) == code::fixstr ? 0x1f : 0x0f);
      return errc::ok;
    }
    return size_by_reader(n);
  }
  PRISM_NOINLINE errc size_by_reader(std::size_t& n) const {
    auto ctx = context();
    switch (type()) {
      case value_type::array: return read_header<kind::array>(ctx, n, "array") ? errc::ok : ctx.get().code;
      case value_type::object: return read_header<kind::map>(ctx, n, "map") ? errc::ok : ctx.get().code;
      case value_type::string: return read_header<kind::str>(ctx, n, "string") ? errc::ok : ctx.get().code;
      case value_type::binary: return read_header<kind::bin>(ctx, n, "binary") ? errc::ok : ctx.get().code;
      case value_type::tensor: {
        tensor_header h;
        if (const errc e = get_tensor(h); e != errc::ok) return e;
        n = h.count();
        return errc::ok;
      }
      default: return errc::type_mismatch;
    }
  }

  // Element i of an array, walking on from the element the hint names when it comes before i
  // (so that elements taken in order each take one step).
  errc element(std::size_t i, node& out, const detail::lookup_hint& hint) const {
    const std::uint8_t t = base_[pos_];
    std::size_t count = t & 0x0f, first = pos_ + 1;
    if ((t & 0xf0) != code::fixarray || ((t == 0x93 || t == 0x94) && type() != value_type::array)) {
      if (t != code::array16 || size_ - pos_ < 3) return element(i, out);
      count = load_be16(base_ + pos_ + 1);
      first = pos_ + 3;
    }
    if (i >= count) return element(i, out);
    detail::lookup_hint::entry start = hint.start(first, size_, count);
    if (start.index > i) start = {0, first};
    const std::uint8_t* const p = skip_values(base_ + start.offset, base_ + size_, i - start.index);
    if (!p || p >= base_ + size_) return element(i, out);
    hint.set(i, static_cast<std::size_t>(p - base_));
    place(out, static_cast<std::size_t>(p - base_));
    return errc::ok;
  }

  errc element(std::size_t i, node& out) const {
    if (type() != value_type::array) return errc::type_mismatch;  // a tensor's elements: as_tensor
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::array>(ctx, n, "array")) return ctx.get().code;
    if (i >= n) return errc::out_of_range;
    for (std::size_t k = 0; k < i; ++k)
      if (!skip_value<false>(ctx)) return ctx.get().code;
    if (!ctx.src.need(1)) return errc::unexpected_end;
    place(out, ctx.src.offset());
    return errc::ok;
  }

  // Starts at the entry where the last lookup succeeded and wraps around, so that keys looked up
  // in the order they were written each take one step.
  PRISM_INLINE errc find(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (key.size() < 32 && find_short_key(key, out, found, hint)) return errc::ok;
    return find_in_any_object(key, out, found, hint);
  }

  // A map whose keys are short strings, looked up by a short key: true when it found the key or
  // walked every entry without meeting anything else (the full walk decides the rest).
  PRISM_INLINE bool find_short_key(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    const std::uint8_t* const end = base_ + size_;
    const std::uint8_t t = base_[pos_];
    std::size_t count = t & 0x0f, first = pos_ + 1;
    if ((t & 0xf0) != code::fixmap) {
      if (t != code::map16 || size_ - pos_ < 3) return false;
      count = load_be16(base_ + pos_ + 1);
      first = pos_ + 3;
    }
    const std::uint8_t wanted = static_cast<std::uint8_t>(code::fixstr | key.size());
    for (detail::hinted_walk walk(hint, base_, first, size_, count); walk.more();) {
      const std::uint8_t* p = walk.at();
      if (p >= end || (*p & 0xe0) != code::fixstr) return false;
      const std::uint8_t* const value = p + 1 + (*p & 0x1f);
      if (value >= end) return false;
      if (*p == wanted && detail::bytes_equal(p + 1, key.data(), key.size())) {
        found_at(hint, count, walk.index(), first, p, p + 1 + key.size(), out);  // = value: from the key's size, not the loaded tag
        found = true;
        return true;
      }
      p = skip_values(value, end, 1);
      if (!p) return false;
      walk.advance(p);
    }
    return true;
  }

  PRISM_NOINLINE errc find_in_any_object(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (type() != value_type::object) return errc::type_mismatch;
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::map>(ctx, n, "map")) return ctx.get().code;
    const std::size_t first = ctx.src.offset();
    const detail::lookup_hint::entry start = hint.start(first, size_, n);
    const auto seek = [&](std::size_t pos) {
      ctx.src = span_source{base_, size_};
      ctx.src.advance(pos);
    };
    std::size_t i = start.index;
    seek(start.offset);
    for (std::size_t step = 0; step < n; ++step, ++i) {
      if (i == n) {
        i = 0;
        seek(first);
      }
      const std::size_t entry = ctx.src.offset();
      if (!ctx.src.need(1)) return errc::unexpected_end;
      const std::uint8_t t = *ctx.src.cur();
      if ((t & 0xe0) == code::fixstr || (t >= code::str8 && t <= code::str32)) {
        std::size_t len{};
        if (!read_header<kind::str>(ctx, len, "string")) return ctx.get().code;
        if (!ctx.src.need(len)) return errc::unexpected_end;
        const bool match = len == key.size() && std::memcmp(ctx.src.cur(), key.data(), len) == 0;
        ctx.src.advance(len);
        if (match) {
          if (!ctx.src.need(1)) return errc::unexpected_end;
          found_at(hint, n, i, first, base_ + entry, ctx.src.cur(), out);
          found = true;
          return errc::ok;
        }
      } else if (!skip_value<false>(ctx)) {
        return ctx.get().code;
      }
      if (!skip_value<false>(ctx)) return ctx.get().code;
    }
    return errc::ok;
  }

  // The hint names the entry after the one found when the found value is a scalar or a short
  // string (the next lookup, in field order, then matches at once), else the one found.
  void found_at(const detail::lookup_hint& hint, std::size_t count, std::size_t index, std::size_t first, const std::uint8_t* entry, const std::uint8_t* value,
                node& out) const noexcept {
    const std::uint8_t tag = *value;  // the usual values by branches, not a table load: the next lookup waits on this
    const std::size_t fixed = tag <= 0x7f || tag >= 0xe0 ? 1 : tag == code::float64 ? 9 : (tag & 0xe0) == code::fixstr ? 1u + (tag & 0x1f) : size_from_tag(tag);
    const std::size_t at = static_cast<std::size_t>(value - base_);
    hint.found(index, count, static_cast<std::size_t>(entry - base_), fixed && size_ - at > fixed ? at + fixed : 0, first);
    place(out, at);
  }

  PRISM_INLINE errc first(node& out) const {
    if (const std::uint8_t tag = base_[pos_]; sized_by_tag(tag) && tag <= 0x9f) {
      if ((tag & 0x0f) == 0 || size_ - pos_ <= 1) return errc::out_of_range;
      place(out, pos_ + 1);
      return errc::ok;
    }
    return first_by_reader(out);
  }
  PRISM_NOINLINE errc first_by_reader(node& out) const {
    const value_type t = type();
    if (t != value_type::array && t != value_type::object) return errc::type_mismatch;
    auto ctx = context();
    std::size_t n{};
    const bool ok = t == value_type::array ? read_header<kind::array>(ctx, n, "array") : read_header<kind::map>(ctx, n, "map");
    if (!ok) return ctx.get().code;
    if (n == 0 || !ctx.src.need(1)) return errc::out_of_range;
    place(out, ctx.src.offset());
    return errc::ok;
  }

  PRISM_INLINE errc next(node& out) const {
    // A small integer steps one byte on a predicted branch, not by a size loaded from the table:
    // the next position then waits on no load, and a walk over small integers runs its loads in
    // parallel instead of one tag (and one table entry) after the other.
    const std::uint8_t t = base_[pos_];
    if (t <= 0x7f || t >= 0xe0) [[likely]] {
      if (size_ - pos_ <= 1) return errc::unexpected_end;
      place(out, pos_ + 1);
      return errc::ok;
    }
    if (const std::size_t fixed = size_from_tag(t)) [[likely]] {
      if (size_ - pos_ <= fixed) return errc::unexpected_end;
      place(out, pos_ + fixed);
      return errc::ok;
    }
    const skipped s = skip_by_reader(base_, size_, pos_);
    if (s.code != errc::ok) return s.code;
    place(out, s.next);
    return errc::ok;
  }
  struct skipped {
    std::size_t next = 0;
    errc code = errc::ok;
  };
  PRISM_NOINLINE static skipped skip_by_reader(const std::uint8_t* base, std::size_t size, std::size_t pos) {
    auto ctx = detail::view_context(base, size, pos);
    if (!skip_value<false>(ctx)) return {0, ctx.get().code};
    if (!ctx.src.need(1)) return {0, errc::unexpected_end};
    return {ctx.src.offset(), errc::ok};
  }

  template <options O, class T>
  status read(T& v) const {
    auto ctx = context();
    if (!read_value<O>(ctx, v)) return ctx.take(msgpack::name);
    return {};
  }

 private:
  read_context<span_source> context() const { return detail::view_context(base_, size_, pos_); }

  // Any extension (fixext 1..16, ext 8/16/32), its payload within the input.
  errc extension_at(std::int8_t& type, bytes_view& data) const noexcept {
    const std::uint8_t t = base_[pos_];
    std::size_t head = 2, n = 0;
    if (t >= code::fixext1 && t <= code::fixext16) {
      n = std::size_t{1} << (t - code::fixext1);
    } else if (t >= code::ext8 && t <= code::ext32) {
      const std::size_t width = std::size_t{1} << (t - code::ext8);
      head = 2 + width;
      if (size_ - pos_ < head) return errc::unexpected_end;
      const std::uint8_t* p = base_ + pos_ + 1;
      n = width == 1 ? p[0] : width == 2 ? load_be16(p) : load_be32(p);
    } else {
      return errc::type_mismatch;
    }
    if (size_ - pos_ < head || size_ - pos_ - head < n) return errc::unexpected_end;
    type = static_cast<std::int8_t>(base_[pos_ + head - 1]);
    data = bytes_view(reinterpret_cast<const std::byte*>(base_ + pos_ + head), n);
    return errc::ok;
  }
  // Sets out to the value at pos. A walk steps a node onto its own next value: then only the
  // position is stored, so that copying the node afterwards loads nothing just stored in
  // narrower pieces (a store-forwarding stall of about a dozen cycles per element).
  PRISM_INLINE void place(node& out, std::size_t pos) const noexcept {
    if (&out != this) {
      out.base_ = base_;
      out.size_ = size_;
    }
    out.pos_ = pos;
  }

  const std::uint8_t* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t pos_ = 0;
};

}  // namespace prism::msgpack_detail

namespace prism {

template <>
struct view_traits<msgpack> : detail::root_at_start<msgpack, msgpack_detail::node> {};

}  // namespace prism
