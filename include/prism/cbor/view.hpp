#pragma once
// CBOR views: a position in the bytes, decoded on access. Tags are looked through (tag 40 and
// 1040 make a tensor, typed-array tags a tensor of rank 1, tags 1 and 1001 a timestamp; others
// are transparent, and as_tagged() shows them). Bytes that are not well-formed (reserved
// additional information, a break outside an indefinite item, a two-byte simple value below 32)
// have type `other`. CBOR has no index, so element i and key lookups walk the container, on from
// where the last one through the same view ended; iteration walks once, O(n) in all. Indefinite-length strings cannot be viewed in place
// (their chunks are apart): as_string_view on one is a type_mismatch; read it as a std::string.
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#include "../core/context.hpp"
#include "../core/lookup_hint.hpp"
#include "../core/source.hpp"
#include "../core/view.hpp"
#include "common.hpp"
#include "format.hpp"
#include "read.hpp"

namespace prism::cbor_detail {

class node {
 public:
  using format = cbor;

  node() = default;
  node(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept : base_(base), size_(size), pos_(pos) {}

  std::size_t offset() const noexcept { return pos_; }

  value_type type() const noexcept {
    if (element_tag_) return describe_typed_array(element_tag_).is_float ? value_type::floating : value_type::integer;
    item it;
    if (!peel(it)) return value_type::other;
    if (it.tagged) {
      if (it.tag == tag::multi_dimensional_array || it.tag == tag::column_major_array) return value_type::tensor;
      if (it.tag >= tag::typed_array_first && it.tag <= tag::typed_array_last && (it.initial >> 5) == major::bytes) return value_type::tensor;
      if (it.tag == tag::epoch_time || it.tag == tag::extended_time) return value_type::timestamp;
    }
    const unsigned info = it.initial & 31;
    if (info >= 28 && (info != code::indefinite || (it.initial >> 5) < major::bytes || (it.initial >> 5) > major::map))
      return value_type::other;  // reserved additional information, a break outside an indefinite item
    switch (it.initial >> 5) {
      case major::unsigned_int:
      case major::negative_int: return value_type::integer;
      case major::bytes: return value_type::binary;
      case major::text: return value_type::string;
      case major::array: return value_type::array;
      case major::map: return value_type::object;
      default: break;
    }
    switch (it.initial) {
      case code::false_:
      case code::true_: return value_type::boolean;
      case code::null: return value_type::null;
      case code::half:
      case code::single:
      case code::double_: return value_type::floating;
      default: {
        std::uint8_t simple{};
        return simple_at(it, simple) == errc::ok ? value_type::simple : value_type::other;
      }
    }
  }

  // A tag that type() looks through: any but the innermost tag, and the innermost when it is
  // not one that prism reads (time, typed arrays, tensors).
  errc get_tag(std::uint64_t& number, node& content) const noexcept {
    if (element_tag_ || (base_[pos_] >> 5) != major::tag) return errc::type_mismatch;
    std::size_t after{};
    if (const errc e = argument_at(pos_, number, after); e != errc::ok) return e;
    if (after >= size_) return errc::unexpected_end;
    const unsigned inner = base_[after] >> 5;
    if (inner != major::tag) {
      const bool typed_array = number >= tag::typed_array_first && number <= tag::typed_array_last && inner == major::bytes;
      if (typed_array || number == tag::multi_dimensional_array || number == tag::column_major_array ||
          number == tag::epoch_time || number == tag::extended_time)
        return errc::type_mismatch;
    }
    content = at(after);
    return errc::ok;
  }

  // undefined (23) and the simple values without a meaning in RFC 8949.
  errc get_simple(std::uint8_t& simple) const noexcept {
    if (element_tag_) return errc::type_mismatch;
    item it;
    if (!peel(it)) return errc::unexpected_end;
    return simple_at(it, simple);
  }

  errc get_bool(bool& b) const noexcept {
    if (element_tag_) return errc::type_mismatch;
    item it;
    if (!peel(it)) return errc::unexpected_end;
    if (it.initial != code::true_ && it.initial != code::false_) return errc::type_mismatch;
    b = it.initial == code::true_;
    return errc::ok;
  }

  PRISM_INLINE errc get_integer(bool& negative, std::uint64_t& value) const noexcept {
    if (base_[pos_] < 28 && !element_tag_) {  // an unsigned integer, untagged
      negative = false;
      std::size_t after{};
      return argument_at(pos_, value, after);
    }
    return integer_of_any_kind(negative, value);
  }
  // A negative integer below std::int64_t (major type 1 reaches -2^64): its argument n, the
  // integer being -1 - n. type_mismatch for every other value.
  errc get_negative_beyond_int64(std::uint64_t& n) const noexcept {
    if (element_tag_) return errc::type_mismatch;
    item it;
    if (!peel(it)) return errc::unexpected_end;
    if ((it.initial >> 5) != major::negative_int) return errc::type_mismatch;
    std::size_t after{};
    if (const errc e = argument_at(it.at, n, after); e != errc::ok) return e;
    return n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ? errc::ok : errc::type_mismatch;
  }
  errc integer_of_any_kind(bool& negative, std::uint64_t& value) const noexcept {
    if (element_tag_) {
      const typed_array_kind kind = describe_typed_array(element_tag_);
      if (kind.is_float) return errc::type_mismatch;
      const std::uint64_t raw = element_bits(kind);
      const unsigned unused = 64 - 8 * static_cast<unsigned>(kind.element_size);
      const std::int64_t s = kind.is_signed ? static_cast<std::int64_t>(raw << unused) >> unused : 0;
      negative = s < 0;
      value = kind.is_signed ? static_cast<std::uint64_t>(s) : raw;
      return errc::ok;
    }
    item it;
    if (!peel(it)) return errc::unexpected_end;
    const unsigned m = it.initial >> 5;
    if (m > major::negative_int) return errc::type_mismatch;
    std::uint64_t argument{};
    std::size_t after{};
    if (const errc e = argument_at(it.at, argument, after); e != errc::ok) return e;
    negative = m == major::negative_int;
    if (!negative) {
      value = argument;
      return errc::ok;
    }
    if (argument > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return errc::out_of_range;
    value = static_cast<std::uint64_t>(-1 - static_cast<std::int64_t>(argument));
    return errc::ok;
  }

  errc get_double(double& d) const {
    if (element_tag_) {
      const typed_array_kind kind = describe_typed_array(element_tag_);
      const std::uint64_t raw = element_bits(kind);
      if (!kind.is_float) {
        bool negative{};
        std::uint64_t v{};
        (void)get_integer(negative, v);
        d = negative ? static_cast<double>(static_cast<std::int64_t>(v)) : static_cast<double>(v);
      } else if (kind.element_size == 2) {
        d = half_to_double(static_cast<std::uint16_t>(raw));
      } else if (kind.element_size == 4) {
        float f;
        const auto bits = static_cast<std::uint32_t>(raw);
        std::memcpy(&f, &bits, 4);
        d = f;
      } else {
        std::memcpy(&d, &raw, 8);
      }
      return errc::ok;
    }
    if (const std::uint8_t head = base_[pos_]; head == 0xfb && size_ - pos_ >= 9) {  // float64, the usual double
      const std::uint64_t bits = load_be64(base_ + pos_ + 1);
      std::memcpy(&d, &bits, 8);
      return errc::ok;
    }
    auto ctx = detail::view_context(base_, size_, pos_);
    return read_number_as_double(ctx, d) ? errc::ok : ctx.get().code;
  }

  errc get_string(std::string_view& s) const noexcept {
    if (const std::uint8_t head = base_[pos_]; (head >> 5) == major::text && (head & 31) < 24 && !element_tag_) {  // a short string
      if (size_ - pos_ - 1 < (head & 31u)) return errc::unexpected_end;
      s = std::string_view(reinterpret_cast<const char*>(base_ + pos_ + 1), head & 31u);
      return errc::ok;
    }
    std::size_t start{}, n{};
    if (const errc e = string_extent(major::text, start, n); e != errc::ok) return e;
    s = std::string_view(reinterpret_cast<const char*>(base_ + start), n);
    return errc::ok;
  }
  errc get_bytes(bytes_view& b) const noexcept {
    std::size_t start{}, n{};
    if (const errc e = string_extent(major::bytes, start, n); e != errc::ok) return e;
    b = bytes_view(reinterpret_cast<const std::byte*>(base_ + start), n);
    return errc::ok;
  }

  errc get_tensor(tensor_header& h) const { return tensor(h, true); }
  // The same through the format's reader alone (the reference for the plain decoding).
  errc get_tensor_by_reader(tensor_header& h) const { return tensor(h, false); }

 private:
  errc tensor(tensor_header& h, bool plain_allowed) const {
    if (element_tag_) return errc::type_mismatch;
    if (const std::uint8_t* p = base_ + pos_; size_ - pos_ >= 3 && p[0] == 0xd8 && p[1] >= tag::typed_array_first &&
                                              p[1] <= tag::typed_array_last && p[2] >= (major::bytes << 5) && p[2] <= (major::bytes << 5 | 26)) {
      const unsigned info = p[2] & 31;  // the usual typed array: one 1-byte tag over a definite byte string
      const std::size_t width = info < 24 ? 0 : std::size_t{1} << (info - 24), start = pos_ + 3 + width;
      if (start > size_) return errc::unexpected_end;
      const std::size_t n = info < 24 ? info : width == 1 ? p[3] : width == 2 ? load_be16(p + 3) : load_be32(p + 3);
      if (n > size_ - start) return errc::unexpected_end;
      return typed_array(p[1], start, n, h);
    }
    if (plain_allowed && plain_tensor_header(h)) return errc::ok;
    item it;
    if (!peel(it)) return errc::unexpected_end;
    if (!it.tagged) return errc::type_mismatch;
    if (it.tag >= tag::typed_array_first && it.tag <= tag::typed_array_last) {  // a typed array: rank 1
      std::size_t start{}, n{};
      if (const errc e = string_extent(major::bytes, start, n); e != errc::ok) return e;
      return typed_array(it.tag, start, n, h);
    }
    return tensor_by_reader(h);
  }

  // A typed array of tag `t` whose n bytes start at `start`, as a tensor of rank 1.
  errc typed_array(std::uint64_t t, std::size_t start, std::size_t n, tensor_header& h) const noexcept {
    if (const errc e = check_typed_array(t, n); e != errc::ok) return e;
    const typed_array_kind kind = describe_typed_array(t);
    (void)dtype_of_typed_array(kind, h.type);
    h.rank = 1;
    h.typed_array = true;
    h.shape[0] = n >> std::countr_zero(kind.element_size);
    h.order = memory_order::row_major;
    h.data = reinterpret_cast<const std::byte*>(base_ + start);
    h.data_bytes = n;
    return errc::ok;
  }

  PRISM_NOINLINE errc tensor_by_reader(tensor_header& h) const {
    auto ctx = detail::view_context(base_, size_, pos_);
    bool swapped{};
    if (!read_tensor_header(ctx, h, swapped)) return ctx.get().code;
    return swapped ? errc::invalid_value : errc::ok;
  }

  // Tag 40 or 1040 over [[extents], typed array] in the usual encoding (extents below 2^32, a
  // typed array in host byte order, a byte string under 2^32 bytes); false for anything else.
  bool plain_tensor_header(tensor_header& h) const noexcept {
    const std::uint8_t* p = base_ + pos_;
    const std::uint8_t* const end = base_ + size_;
    if (end - p < 4) return false;
    if (p[0] == 0xd8 && p[1] == tag::multi_dimensional_array) {
      h.order = memory_order::row_major;
      p += 2;
    } else if (p[0] == 0xd9 && load_be16(p + 1) == tag::column_major_array) {
      h.order = memory_order::column_major;
      p += 3;
    } else {
      return false;
    }
    if (end - p < 2 || p[0] != (major::array << 5 | 2) || (p[1] >> 5) != major::array || (p[1] & 31) > max_tensor_rank) return false;
    h.rank = p[1] & 31;
    p += 2;
    for (std::size_t d = 0; d < h.rank; ++d) {
      if (p >= end || (*p >> 5) != major::unsigned_int || (*p & 31) > 26) return false;
      const std::size_t width = (*p & 31) < 24 ? 0 : std::size_t{1} << ((*p & 31) - 24);
      if (static_cast<std::size_t>(end - p) < 1 + width) return false;
      h.shape[d] = width == 0 ? (*p & 31) : width == 1 ? p[1] : width == 2 ? load_be16(p + 1) : load_be32(p + 1);
      p += 1 + width;
    }
    if (end - p < 3 || p[0] != 0xd8) return false;
    const typed_array_kind kind = describe_typed_array(p[1]);
    if (!dtype_of_typed_array(kind, h.type) || (kind.element_size > 1 && kind.little_endian != (std::endian::native == std::endian::little))) return false;
    p += 2;
    const unsigned info = *p & 31;
    if ((*p >> 5) != major::bytes || info > 26) return false;
    const std::size_t width = info < 24 ? 0 : std::size_t{1} << (info - 24);
    if (static_cast<std::size_t>(end - p) < 1 + width) return false;
    h.data_bytes = width == 0 ? info : width == 1 ? p[1] : width == 2 ? load_be16(p + 1) : load_be32(p + 1);
    p += 1 + width;
    if (h.data_bytes > static_cast<std::size_t>(end - p) || !detail::tensor_fits(h, kind.element_size, h.data_bytes)) return false;
    h.data = reinterpret_cast<const std::byte*>(p);
    h.typed_array = false;
    return true;
  }

 public:

  // Elements of an array, entries of a map, bytes of a string, elements of a tensor.
  errc size(std::size_t& n) const {
    if (element_tag_) return errc::type_mismatch;
    item it;
    if (!peel(it)) return errc::unexpected_end;
    const value_type t = type();
    if (t == value_type::tensor) {
      tensor_header h;
      if (const errc e = get_tensor(h); e != errc::ok) return e;
      n = h.count();
      return errc::ok;
    }
    const unsigned m = it.initial >> 5;
    if (m < major::bytes || m > major::map) return errc::type_mismatch;
    if ((it.initial & 31) != code::indefinite) {
      std::uint64_t argument{};
      std::size_t after{};
      if (const errc e = argument_at(it.at, argument, after); e != errc::ok) return e;
      n = static_cast<std::size_t>(argument);
      return errc::ok;
    }
    auto ctx = detail::view_context(base_, size_, it.at + 1);
    n = 0;
    while (!at_break(ctx)) {
      if (ctx.failed()) return ctx.get().code;
      const std::size_t per_entry = m == major::map ? 2 : 1;
      for (std::size_t k = 0; k < per_entry; ++k)
        if (!skip_value<false>(ctx)) return ctx.get().code;
      ++n;
    }
    return ctx.failed() ? ctx.get().code : errc::ok;
  }

  // Element i of an untagged array of fewer than 256 elements, walking on from the element the
  // hint names when it comes before i (elements taken in order each take one step); anything
  // else through the full walk, which also decides every error.
  errc element(std::size_t i, node& out, const detail::lookup_hint& hint) const {
    const std::uint8_t t = base_[pos_];
    if (element_tag_ || (t >> 5) != major::array || (t & 31) > 24) return element(i, out);
    std::size_t count = t & 31, first = pos_ + 1;
    if (count == 24) {
      if (size_ - pos_ < 2) return element(i, out);
      count = base_[pos_ + 1];
      first = pos_ + 2;
    }
    if (i >= count) return element(i, out);
    detail::lookup_hint::entry start = hint.start(first, size_, count);
    if (start.index > i) start = {0, first};
    const std::uint8_t* p = base_ + start.offset;
    const std::uint8_t* const end = base_ + size_;
    for (std::size_t k = start.index; k < i && p; ++k) p = skip_item(p, end, 4);
    if (!p || p >= end) return element(i, out);
    hint.set(i, static_cast<std::size_t>(p - base_));
    out = node(base_, size_, static_cast<std::size_t>(p - base_));
    return errc::ok;
  }

  errc element(std::size_t i, node& out) const {
    const value_type t = type();
    if (t != value_type::array && t != value_type::tensor) return errc::type_mismatch;
    std::size_t n{};
    if (const errc e = size(n); e != errc::ok) return e;
    if (i >= n) return errc::out_of_range;
    node child;
    if (const errc e = first(child); e != errc::ok) return e;
    if (child.element_tag_) {  // fixed width: straight to element i
      child.pos_ += i * describe_typed_array(child.element_tag_).element_size;
      out = child;
      return errc::ok;
    }
    for (std::size_t k = 0; k < i; ++k)
      if (const errc e = child.next(child); e != errc::ok) return e;
    out = child;
    return errc::ok;
  }

  PRISM_INLINE errc find(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (find_short_key(key, out, found, hint)) return errc::ok;
    return find_in_any_object(key, out, found, hint);
  }

  // An untagged map of fewer than 256 entries whose keys are short text strings, looked up by a
  // short key: true when it found the key or walked every entry without meeting anything else
  // (the full walk decides the rest).
  PRISM_INLINE bool find_short_key(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    const std::uint8_t t = base_[pos_];
    if (element_tag_ || key.size() >= 24 || (t >> 5) != major::map || (t & 31) > 24) return false;
    std::size_t count = t & 31, first = pos_ + 1;
    if (count == 24) {
      if (size_ - pos_ < 2) return false;
      count = base_[pos_ + 1];
      first = pos_ + 2;
    }
    const std::uint8_t* const end = base_ + size_;
    const std::uint8_t wanted = static_cast<std::uint8_t>(major::text << 5 | key.size());
    for (detail::hinted_walk walk(hint, base_, first, static_cast<std::size_t>(-1), count); walk.more();) {
      const std::uint8_t* p = walk.at();
      if (p >= end || (*p >> 5) != major::text || (*p & 31) >= 24) return false;
      const std::uint8_t* const value = p + 1 + (*p & 31);
      if (value >= end) return false;
      if (*p == wanted && detail::bytes_equal(p + 1, key.data(), key.size())) {
        const std::size_t at = static_cast<std::size_t>(value - base_);
        hint.found(walk.index(), count, static_cast<std::size_t>(p - base_), scalar_end_at(at), first);  // before out is stored
        out = node(base_, size_, at);
        found = true;
        return true;
      }
      p = skip_item(value, end, 4);
      if (!p) return false;
      walk.advance(p);
    }
    return true;
  }

  // One past this value when its heads give its size (integers, simple values, floats, definite
  // strings, typed arrays over one) and something follows it; else 0.
  std::size_t end_if_scalar() const noexcept { return element_tag_ ? 0 : scalar_end_at(pos_); }
  PRISM_INLINE std::size_t scalar_end_at(std::size_t at) const noexcept {
    const std::uint8_t head = base_[at];
    const unsigned m = head >> 5;
    if (m == major::tag) {  // a typed array (tags 64..87, one byte) over a definite byte string
      if (head != 0xd8 || size_ - at < 4 || base_[at + 1] < 64 || base_[at + 1] > 87 || (base_[at + 2] >> 5) != major::bytes) return 0;
      std::uint64_t n{};
      std::size_t start{};
      return argument_at(at + 2, n, start) == errc::ok && n < size_ - start ? start + static_cast<std::size_t>(n) : 0;
    }
    if (m == major::array || m == major::map) return 0;
    if ((m == major::text || m == major::bytes) && (head & 31) < 24)  // a short string: its head gives its size
      return at + 1 + (head & 31) < size_ ? at + 1 + (head & 31) : 0;
    if ((m <= major::negative_int || m == major::simple) && (head & 31) < 28) {  // numbers and simple values: the head alone
      const std::size_t end = at + 1 + ((head & 31) < 24 ? 0 : std::size_t{1} << ((head & 31) - 24));
      return end < size_ ? end : 0;
    }
    const std::uint8_t* const after = skip_item(base_ + at, base_ + size_, 0);
    return after && after < base_ + size_ ? static_cast<std::size_t>(after - base_) : 0;
  }

  PRISM_NOINLINE errc find_in_any_object(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (type() != value_type::object) return errc::type_mismatch;
    std::size_t n{};
    if (const errc e = size(n); e != errc::ok) return e;
    if (n == 0) return errc::ok;
    node k;
    if (const errc e = first(k); e != errc::ok) return e;
    const auto matches = [&](const node& candidate) {
      std::string_view name;
      return candidate.get_string(name) == errc::ok && name == key;
    };
    return detail::find_entry(k, n, hint, matches, out, found);
  }

  // This node moved to another value of the same container.
  node at(std::size_t pos) const noexcept {
    node moved = *this;
    moved.pos_ = pos;
    return moved;
  }

  // The first element of an array (or typed array), or the first key of a map.
  errc first(node& out) const noexcept {
    if (element_tag_) return errc::type_mismatch;
    item it;
    if (!peel(it)) return errc::unexpected_end;
    const unsigned m = it.initial >> 5;
    if (it.tagged && it.tag >= tag::typed_array_first && it.tag <= tag::typed_array_last && m == major::bytes) {
      const typed_array_kind kind = describe_typed_array(it.tag);
      std::size_t start{}, n{};
      if (const errc e = string_extent(major::bytes, start, n); e != errc::ok) return e;
      if (kind.element_size == 0) return errc::invalid_value;
      if (n < kind.element_size) return errc::out_of_range;
      out = node(base_, start + n, start);
      out.element_tag_ = static_cast<std::uint8_t>(it.tag);
      return errc::ok;
    }
    if (m != major::array && m != major::map) return errc::type_mismatch;
    if (it.tagged && (it.tag == tag::multi_dimensional_array || it.tag == tag::column_major_array)) return errc::type_mismatch;
    std::size_t after = it.at + 1;
    if ((it.initial & 31) != code::indefinite) {
      std::uint64_t argument{};
      if (const errc e = argument_at(it.at, argument, after); e != errc::ok) return e;
      if (argument == 0) return errc::out_of_range;
    }
    if (after >= size_ || base_[after] == code::break_) return after >= size_ ? errc::unexpected_end : errc::out_of_range;
    out = node(base_, size_, after);
    return errc::ok;
  }

  errc next(node& out) const {
    std::size_t after{};
    if (element_tag_) {
      after = pos_ + describe_typed_array(element_tag_).element_size;
      if (size_ - after < describe_typed_array(element_tag_).element_size) return errc::unexpected_end;
      out = *this;
      out.pos_ = after;
      return errc::ok;
    }
    const unsigned m = base_[pos_] >> 5;
    const unsigned info = base_[pos_] & 31;
    if (m <= major::text && info != code::indefinite) {  // integers and definite strings: the head says it all
      std::uint64_t argument{};
      if (const errc e = argument_at(pos_, argument, after); e != errc::ok) return e;
      if (m >= major::bytes) {
        if (argument > size_ - after) return errc::unexpected_end;
        after += static_cast<std::size_t>(argument);
      }
    } else if (m == major::simple && ((info >= 20 && info <= 23) || (info >= 25 && info <= 27))) {  // false .. undefined, floats
      after = pos_ + (info < 24 ? 1 : 1 + (std::size_t{1} << (info - 24)));
    } else {
      auto ctx = detail::view_context(base_, size_, pos_);
      if (!skip_value<false>(ctx)) return ctx.get().code;
      after = ctx.src.offset();
    }
    if (after >= size_) return errc::unexpected_end;
    out = node(base_, size_, after);
    return errc::ok;
  }

  template <options O, class T>
  status read(T& v) const {
    if (element_tag_) return detail::read_bare(*this, v);
    auto ctx = detail::view_context(base_, size_, pos_);
    if (!read_value<O>(ctx, v)) return ctx.take(cbor::name);
    return {};
  }

 private:
  // The bits of a typed-array element, in the host's order.
  std::uint64_t element_bits(const typed_array_kind& kind) const noexcept {
    std::uint64_t raw = 0;
    for (std::size_t k = 0; k < kind.element_size; ++k) {
      const std::size_t shift = 8 * (kind.little_endian ? k : kind.element_size - 1 - k);
      raw |= std::uint64_t{base_[pos_ + k]} << shift;
    }
    return raw;
  }

  // The data item under any tags: where its head starts, its initial byte, the innermost tag.
  struct item {
    std::size_t at = 0;
    std::uint8_t initial = 0;
    bool tagged = false;
    std::uint64_t tag = 0;
  };

  bool peel(item& it) const noexcept {
    std::size_t at = pos_;
    it.tagged = false;
    while (at < size_) {
      const std::uint8_t initial = base_[at];
      if ((initial >> 5) != major::tag) {
        it.at = at;
        it.initial = initial;
        return true;
      }
      std::uint64_t argument{};
      std::size_t after{};
      if (argument_at(at, argument, after) != errc::ok) return false;
      it.tagged = true;
      it.tag = argument;
      at = after;
    }
    return false;
  }

  errc simple_at(const item& it, std::uint8_t& simple) const noexcept {
    const unsigned info = it.initial & 31;
    if ((it.initial >> 5) != major::simple || (info >= 20 && info != 23 && info != 24)) return errc::type_mismatch;
    if (info < 24) {
      simple = static_cast<std::uint8_t>(info);
      return errc::ok;
    }
    if (size_ - it.at < 2) return errc::unexpected_end;
    if (base_[it.at + 1] < 32) return errc::invalid_value;  // not well-formed: a two-byte simple value below 32
    simple = base_[it.at + 1];
    return errc::ok;
  }

  // The argument of the definite head at `at`, and the offset just after the head.
  PRISM_INLINE errc argument_at(std::size_t at, std::uint64_t& argument, std::size_t& after) const noexcept {
    const unsigned info = base_[at] & 31;
    if (info < 24) {
      argument = info;
      after = at + 1;
      return errc::ok;
    }
    if (info > 27) return errc::invalid_value;
    const std::size_t width = std::size_t{1} << (info - 24);
    if (size_ - at < 1 + width) return errc::unexpected_end;
    const std::uint8_t* p = base_ + at + 1;
    argument = width == 1 ? p[0] : width == 2 ? load_be16(p) : width == 4 ? load_be32(p) : load_be64(p);
    after = at + 1 + width;
    return errc::ok;
  }

  errc string_extent(std::uint8_t string_major, std::size_t& start, std::size_t& n) const noexcept {
    item it;
    if (!peel(it)) return errc::unexpected_end;
    if ((it.initial >> 5) != string_major || (it.initial & 31) == code::indefinite) return errc::type_mismatch;
    std::uint64_t argument{};
    if (const errc e = argument_at(it.at, argument, start); e != errc::ok) return e;
    if (argument > size_ - start) return errc::unexpected_end;
    n = static_cast<std::size_t>(argument);
    return errc::ok;
  }

  const std::uint8_t* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t pos_ = 0;
  std::uint8_t element_tag_ = 0;  // an element of a typed array of this tag (its node ends with the array)
};

}  // namespace prism::cbor_detail

namespace prism {

template <>
struct view_traits<cbor> : detail::root_at_start<cbor, cbor_detail::node> {};

}  // namespace prism
