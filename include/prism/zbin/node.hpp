#pragma once
// The node of zbin views: a position in a message that decodes what it is asked for. O(1) array
// indexing through the index, binary search of indexed objects, O(1) skips (containers carry
// their byte size), tensors in place. Every offset is checked against the message, except in a
// node of a message verify() accepted, whose offsets and sizes are known to lie inside their
// containers.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/context.hpp"
#include "../core/half_float.hpp"
#include "../core/lookup_hint.hpp"
#include "../core/source.hpp"
#include "../core/view.hpp"
#include "common.hpp"
#include "format.hpp"
#include "read.hpp"

namespace prism::zbin_detail {

// Where a container's parts lie.
struct container_layout {
  std::size_t count = 0;
  std::size_t body = 0;      // first byte of the body (the index, if any, then the elements)
  std::size_t end = 0;       // one past the body
  std::size_t first = 0;     // the first element
  bool indexed = false;
};

inline constexpr auto type_of_code = [] {
  std::array<value_type, 256> types{};
  for (int t = 0; t < 256; ++t) {
    value_type v = value_type::other;
    if (t <= 0x7f || t >= code::negfixint || (t >= code::u8 && t <= code::i64)) v = value_type::integer;
    else if (t <= 0x8f || t == code::object) v = value_type::object;
    else if (t <= 0x9f || t == code::array) v = value_type::array;
    else if (t <= 0xbf || (t >= code::str8 && t <= code::str32)) v = value_type::string;
    else if (t == code::null) v = value_type::null;
    else if (t == code::false_ || t == code::true_) v = value_type::boolean;
    else if (t == code::f32 || t == code::f64) v = value_type::floating;
    else if (t >= code::bin8 && t <= code::bin32) v = value_type::binary;
    else if (t == code::typed_array || t == code::tensor) v = value_type::tensor;
    else if (t == code::timestamp) v = value_type::timestamp;
    types[static_cast<std::size_t>(t)] = v;
  }
  return types;
}();

// A position in a message. Checked = false: a node of a verified message, which skips the tests
// of offsets and sizes that verify() already made (each such test reads `checked && ...`); the
// tests of what the caller asks for (an index, a key, a type, a range) stay.
template <bool Checked>
class basic_node {
 public:
  using format = zbin;
  static constexpr bool checked = Checked;

  basic_node() = default;
  basic_node(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept : base_(base), size_(size), pos_(pos) {}

  std::size_t offset() const noexcept { return pos_; }
  std::uint8_t tag() const noexcept { return base_[pos_]; }

  // An element of a typed array is an integer or a float as its dtype says; a complex number is
  // neither, and reads as neither.
  value_type type() const noexcept {
    if (element_) {
      if (is_integer_dtype(element_type_)) return value_type::integer;
      const bool complex = element_type_ == dtype::complex64 || element_type_ == dtype::complex128;
      return complex ? value_type::other : value_type::floating;
    }
    return type_of_code[tag()];
  }

  errc get_bool(bool& b) const noexcept {
    if (element_) return errc::type_mismatch;
    if (tag() != code::true_ && tag() != code::false_) return errc::type_mismatch;
    b = tag() == code::true_;
    return errc::ok;
  }

  errc get_integer(bool& negative, std::uint64_t& value) const noexcept {
    if (element_) {
      if (!is_integer_dtype(element_type_)) return errc::type_mismatch;
      std::int64_t s{};
      std::uint64_t u{};
      const bool is_signed = static_cast<std::uint8_t>(element_type_) < 4;
      if (is_signed) (void)convert_numbers(element_type_, reinterpret_cast<const std::byte*>(base_ + pos_), 1, &s);
      else (void)convert_numbers(element_type_, reinterpret_cast<const std::byte*>(base_ + pos_), 1, &u);
      negative = s < 0;
      value = is_signed ? static_cast<std::uint64_t>(s) : u;
      return errc::ok;
    }
    const std::uint8_t t = tag();
    if (t <= 0x7f) {
      negative = false;
      value = t;
      return errc::ok;
    }
    if (t >= code::negfixint) {
      negative = true;
      value = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(t)));
      return errc::ok;
    }
    if (t < code::u8 || t > code::i64) return errc::type_mismatch;
    if (checked && size_ - pos_ < 1 + int_code_width(t)) return errc::unexpected_end;
    decode_int(t, base_ + pos_ + 1, negative, value);
    return errc::ok;
  }

  errc get_double(double& d) const noexcept {
    if (element_ && element_type_ == dtype::float64) {
      std::memcpy(&d, base_ + pos_, 8);
      return errc::ok;
    }
    if (element_ && element_type_ == dtype::float32) {
      float f;
      std::memcpy(&f, base_ + pos_, 4);
      d = f;
      return errc::ok;
    }
    if (element_ && element_type_ == dtype::float16) {
      d = detail::half_to_double(load_le16(base_ + pos_));
      return errc::ok;
    }
    if (element_ && !is_integer_dtype(element_type_)) return errc::type_mismatch;
    const std::uint8_t t = element_ ? code::u8 : tag();
    if (t == code::f64) {
      if (checked && size_ - pos_ < 9) return errc::unexpected_end;
      std::memcpy(&d, base_ + pos_ + 1, 8);
      return errc::ok;
    }
    if (t == code::f32) {
      if (checked && size_ - pos_ < 5) return errc::unexpected_end;
      float f;
      std::memcpy(&f, base_ + pos_ + 1, 4);
      d = f;
      return errc::ok;
    }
    bool negative{};
    std::uint64_t v{};
    if (const errc e = get_integer(negative, v); e != errc::ok) return e;
    d = negative ? static_cast<double>(static_cast<std::int64_t>(v)) : static_cast<double>(v);
    return errc::ok;
  }

  errc get_string(std::string_view& s) const noexcept {
    if (element_) return errc::type_mismatch;
    std::size_t start{}, n{};
    if (const errc e = bytes_extent(true, start, n); e != errc::ok) return e;
    s = std::string_view(reinterpret_cast<const char*>(base_ + start), n);
    return errc::ok;
  }
  errc get_bytes(bytes_view& b) const noexcept {
    if (element_) return errc::type_mismatch;
    std::size_t start{}, n{};
    if (const errc e = bytes_extent(false, start, n); e != errc::ok) return e;
    b = bytes_view(reinterpret_cast<const std::byte*>(base_ + start), n);
    return errc::ok;
  }

  errc get_tensor(tensor_header& h) const noexcept {
    if (element_) return errc::type_mismatch;
    if (tag() != code::typed_array && tag() != code::tensor) return errc::type_mismatch;
    std::size_t end{};
    return numeric_extent(h, end);
  }

  errc size(std::size_t& n) const noexcept {
    if (element_) return errc::type_mismatch;
    const value_type t = type();
    if (t == value_type::string || t == value_type::binary) {
      std::size_t start{};
      return bytes_extent(t == value_type::string, start, n);
    }
    if (t == value_type::tensor) {
      tensor_header h;
      std::size_t end{};
      if (const errc e = numeric_extent(h, end); e != errc::ok) return e;
      n = h.count();
      return errc::ok;
    }
    container_layout c;
    if (const errc e = layout(c); e != errc::ok) return e;
    n = c.count;
    return errc::ok;
  }

  errc element(std::size_t i, basic_node& out) const noexcept {
    if (!element_ && tag() == code::typed_array) {  // fixed width: straight to element i
      tensor_header h;
      std::size_t end{};
      if (const errc e = numeric_extent(h, end); e != errc::ok) return e;
      if (i >= h.count()) return errc::out_of_range;
      out = basic_node(base_, end, static_cast<std::size_t>(h.data - reinterpret_cast<const std::byte*>(base_)) + i * dtype_size(h.type));
      out.element_ = true;
      out.element_type_ = h.type;
      return errc::ok;
    }
    if (element_) return errc::type_mismatch;
    container_layout c;
    if (const errc e = layout(c); e != errc::ok) return e;
    if (type() != value_type::array) return errc::type_mismatch;
    if (i >= c.count) return errc::out_of_range;
    const std::size_t at = c.body + load_le32(base_ + c.body + 4 * i);
    if (checked && (at < c.first || at >= c.end)) return errc::invalid_value;
    out = basic_node(base_, c.end, at);
    return errc::ok;
  }

  PRISM_INLINE errc find(std::string_view key, basic_node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    found = false;
    if (element_) return errc::type_mismatch;
    if ((tag() & 0xf0) == code::fixobject && (tag() & 0x0f) <= max_unindexed_entries && key.size() < 32) {
      const errc e = find_short_key(key, out, found, hint);
      if (e != errc::invalid_value) return e;  // else: an entry the short walk does not know; the full walk decides
    }
    return find_in_any_object(key, out, found, hint);
  }

  // An unindexed object looked up by a short key: steps over entries whose key is a short string
  // or an integer; invalid_value when it meets any other key.
  PRISM_INLINE errc find_short_key(std::string_view key, basic_node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    const std::size_t count = tag() & 0x0f;
    if (checked && size_ - pos_ < 5) return errc::unexpected_end;
    const std::size_t body = pos_ + 5, body_bytes = load_le32(base_ + pos_ + 1);
    if (checked && (size_ - body < body_bytes || count > body_bytes)) return errc::unexpected_end;
    const std::size_t stop = body + body_bytes;
    const std::uint8_t* const end = base_ + stop;
    const std::uint8_t wanted = static_cast<std::uint8_t>(code::fixstr | key.size());
    for (detail::hinted_walk walk(hint, base_, body, stop, count); walk.more();) {
      const std::uint8_t* p = walk.at();
      if (checked && p >= end) return errc::unexpected_end;
      const std::size_t key_size = fixed_value_size[*p];
      if (key_size == 0 || *p == code::timestamp) return errc::invalid_value;
      if (checked && static_cast<std::size_t>(end - p) <= key_size) return errc::unexpected_end;
      const std::uint8_t* const value = p + key_size;
      if (*p == wanted && detail::bytes_equal(p + 1, key.data(), key.size())) {
        const container_layout c{count, body, stop, body, false};
        return found_at(c, hint, walk.index(), p, value, out, found);
      }
      if (const std::size_t fixed = fixed_value_size[*value]) [[likely]] {
        if (checked && static_cast<std::size_t>(end - value) < fixed) return errc::unexpected_end;
        p = value + fixed;
      } else if (const std::size_t after = small_typed_array_end(base_, stop, static_cast<std::size_t>(value - base_))) {
        p = base_ + after;
      } else {
        std::size_t after_value{};
        if (const errc e = basic_node(base_, stop, static_cast<std::size_t>(value - base_)).extent(after_value); e != errc::ok) return e;
        p = base_ + after_value;
      }
      walk.advance(p);
    }
    return errc::ok;
  }

  PRISM_NOINLINE errc find_in_any_object(std::string_view key, basic_node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    const std::uint8_t t = tag();
    if ((t & 0xf0) != code::fixobject && t != code::object) return errc::type_mismatch;
    container_layout c;
    if (const errc e = layout(c); e != errc::ok) return e;
    if (c.indexed) {
      std::size_t lo = 0, hi = c.count;
      while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const std::size_t at = c.body + load_le32(base_ + c.body + 4 * mid);
        if (checked && (at < c.first || at >= c.end)) return errc::invalid_value;
        const basic_node k(base_, c.end, at);
        std::string_view name;
        if (k.type() != value_type::string) return find_linear(c, key, out, found, hint);  // integer keys
        if (const errc e = k.get_string(name); e != errc::ok) return e;
        const int cmp = name.compare(key);
        if (cmp == 0) return k.next(out) == errc::ok ? (found = true, errc::ok) : errc::unexpected_end;
        if (cmp < 0) lo = mid + 1;
        else hi = mid;
      }
      return errc::ok;
    }
    return find_linear(c, key, out, found, hint);
  }

  // A walk over the entries that starts where the last successful lookup did and wraps around,
  // so that keys looked up in the order they were written each take one step.
  errc find_linear(const container_layout& c, std::string_view key, basic_node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    const detail::lookup_hint::entry start = hint.start(c.first, c.end, c.count);
    std::size_t i = start.index;
    const std::uint8_t* p = base_ + start.offset;
    const std::uint8_t* const end = base_ + c.end;
    for (std::size_t step = 0; step < c.count; ++step, ++i) {
      if (i == c.count) {
        i = 0;
        p = base_ + c.first;
      }
      if (checked && p >= end) return errc::unexpected_end;
      const std::uint8_t t = *p;
      const std::uint8_t* value;
      if ((t & 0xe0) == code::fixstr) [[likely]] {
        const std::size_t len = t & 0x1f;
        if (checked && static_cast<std::size_t>(end - p) <= len + 1) return errc::unexpected_end;
        value = p + 1 + len;
        if (len == key.size() && detail::bytes_equal(p + 1, key.data(), len)) return found_at(c, hint, i, p, value, out, found);
      } else {  // a long key, or not a string
        const basic_node k(base_, c.end, static_cast<std::size_t>(p - base_));
        std::size_t after{};
        if (const errc e = k.extent(after); e != errc::ok) return e;
        if (checked && after >= c.end) return errc::unexpected_end;
        value = base_ + after;
        std::string_view name;
        if (k.type() == value_type::string && k.get_string(name) == errc::ok && name == key) return found_at(c, hint, i, p, value, out, found);
      }
      if (const std::size_t fixed = fixed_value_size[*value]) [[likely]] {
        if (checked && static_cast<std::size_t>(end - value) < fixed) return errc::unexpected_end;
        p = value + fixed;
      } else {
        std::size_t after{};
        if (const errc e = basic_node(base_, c.end, static_cast<std::size_t>(value - base_)).extent(after); e != errc::ok) return e;
        p = base_ + after;
      }
    }
    return errc::ok;
  }

  // The hint names the entry after the one found when the found value's size is in its code
  // (the next lookup, in field order, then matches at once), else the one found.
  PRISM_INLINE errc found_at(const container_layout& c, const detail::lookup_hint& hint, std::size_t index, const std::uint8_t* entry,
                const std::uint8_t* value, basic_node& out, bool& found) const noexcept {
    const std::size_t fixed = fixed_value_size[*value], at = static_cast<std::size_t>(value - base_);
    const std::size_t after = fixed ? (c.end - at > fixed ? at + fixed : 0) : small_typed_array_end(base_, c.end, at);
    hint.found(index, c.count, static_cast<std::size_t>(entry - base_), after < c.end ? after : 0, c.first);
    out = basic_node(base_, c.end, static_cast<std::size_t>(value - base_));
    found = true;
    return errc::ok;
  }

  errc first(basic_node& out) const noexcept {
    if (!element_ && tag() == code::typed_array) return element(0, out);
    if (element_) return errc::type_mismatch;
    container_layout c;
    if (const errc e = layout(c); e != errc::ok) return e;
    if (c.count == 0 || c.first >= c.end) return errc::out_of_range;
    out = basic_node(base_, c.end, c.first);
    return errc::ok;
  }

  // The value after this one, within the same container.
  errc next(basic_node& out) const noexcept {
    if (element_) {
      const std::size_t width = dtype_size(element_type_);
      if (size_ - pos_ < 2 * width) return errc::unexpected_end;
      out = *this;
      out.pos_ += width;
      return errc::ok;
    }
    std::size_t end{};
    if (const errc e = extent(end); e != errc::ok) return e;
    if (end >= size_) return errc::unexpected_end;
    out = basic_node(base_, size_, end);
    return errc::ok;
  }

  // One past this value's last byte.
  errc extent(std::size_t& end) const noexcept {
    const std::uint8_t t = tag();
    if (const std::size_t fixed = fixed_value_size[t]) [[likely]] {
      if (checked && size_ - pos_ < fixed) return errc::unexpected_end;
      end = pos_ + fixed;
      return errc::ok;
    }
    std::size_t n = 0;
    if (t <= 0x7f || t >= code::negfixint || t == code::null || t == code::false_ || t == code::true_) {
      n = 1;
    } else if (t <= 0x9f || t == code::array || t == code::object) {
      container_layout c;
      if (const errc e = layout(c); e != errc::ok) return e;
      end = c.end;
      return errc::ok;
    } else if (t <= 0xbf || (t >= code::str8 && t <= code::bin32)) {
      std::size_t start{};
      if (const errc e = bytes_extent(t <= 0xbf || t <= code::str32, start, n); e != errc::ok) return e;
      end = start + n;
      return errc::ok;
    } else if (t == code::typed_array || t == code::tensor) {
      tensor_header h;
      return numeric_extent(h, end);
    } else {
      switch (t) {
        case code::u8: case code::i8: n = 2; break;
        case code::u16: case code::i16: n = 3; break;
        case code::u32: case code::i32: case code::f32: n = 5; break;
        case code::u64: case code::i64: case code::f64: n = 9; break;
        case code::timestamp: n = 13; break;
        default: return errc::invalid_value;
      }
    }
    if (checked && size_ - pos_ < n) return errc::unexpected_end;
    end = pos_ + n;
    return errc::ok;
  }

  errc layout(container_layout& c) const noexcept {
    const std::uint8_t t = tag();
    const bool object = (t & 0xf0) == code::fixobject || t == code::object;
    std::size_t head = 1;
    if ((t & 0xe0) == code::fixobject) {  // fixobject and fixarray
      c.count = t & 0x0f;
    } else if (t == code::array || t == code::object) {
      if (checked && size_ - pos_ < 5) return errc::unexpected_end;
      c.count = load_le32(base_ + pos_ + 1);
      head = 5;
    } else {
      return errc::type_mismatch;
    }
    if (checked && size_ - pos_ < head + 4) return errc::unexpected_end;
    const std::size_t body = load_le32(base_ + pos_ + head);
    c.body = pos_ + head + 4;
    if (checked && size_ - c.body < body) return errc::unexpected_end;
    c.end = c.body + body;
    c.indexed = !object || c.count > max_unindexed_entries;
    const std::size_t index_bytes = c.indexed ? 4 * c.count : 0;
    if (checked && (c.count > body || index_bytes > body)) return errc::unexpected_end;
    c.first = c.body + index_bytes;
    return errc::ok;
  }

  template <options O, class T>
  status read(T& v) const {
    if (element_) return detail::read_bare(*this, v);
    auto ctx = detail::view_context(base_, size_, pos_);
    if (!read_value<O>(ctx, v)) return ctx.take(zbin::name);
    return {};
  }

 private:
  errc bytes_extent(bool text, std::size_t& start, std::size_t& n) const noexcept {
    const std::uint8_t t = tag();
    std::size_t head = 1;
    if (text && (t & 0xe0) == code::fixstr) {
      n = t & 0x1f;
    } else {
      const std::uint8_t c8 = text ? code::str8 : code::bin8;
      if (t < c8 || t > c8 + 2) return errc::type_mismatch;
      const std::size_t w = std::size_t{1} << (t - c8);
      if (checked && size_ - pos_ < 1 + w) return errc::unexpected_end;
      const std::uint8_t* p = base_ + pos_ + 1;
      n = w == 1 ? p[0] : w == 2 ? load_le16(p) : load_le32(p);
      head = 1 + w;
    }
    start = pos_ + head;
    if (checked && size_ - start < n) return errc::unexpected_end;
    return errc::ok;
  }

  // One past a typed array of fewer than 128 elements at pos, the usual short array, from its
  // three head bytes; 0 for anything else (numeric_extent decides) or when it overruns `size`.
  PRISM_INLINE static std::size_t small_typed_array_end(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept {
    const std::uint8_t* const p = base + pos;
    if (p[0] != code::typed_array || (checked && size - pos < 3) || p[2] >= 0x80 || (checked && !valid_dtype(p[1]))) return 0;
    const std::size_t element = dtype_size(static_cast<dtype>(p[1])), bytes = p[2] * element;
    const std::size_t data = align_up(pos + 3, data_alignment(element, bytes));
    return !checked || (data <= size && size - data >= bytes) ? data + bytes : 0;
  }

  errc numeric_extent(tensor_header& h, std::size_t& end) const noexcept {
    const std::uint8_t* const p = base_ + pos_;
    if (p[0] == code::typed_array && (!checked || (size_ - pos_ >= 3 && valid_dtype(p[1]))) && p[2] < 0x80) {  // under 128 elements
      h.type = static_cast<dtype>(p[1]);
      h.rank = 1;
      h.typed_array = true;
      h.order = memory_order::row_major;
      h.shape[0] = p[2];
      const std::size_t element = dtype_size(h.type);
      h.data_bytes = h.shape[0] * element;
      const std::size_t data = align_up(pos_ + 3, data_alignment(element, h.data_bytes));
      if (checked && (data > size_ || size_ - data < h.data_bytes)) return errc::unexpected_end;
      h.data = reinterpret_cast<const std::byte*>(base_ + data);
      end = data + h.data_bytes;
      return errc::ok;
    }
    const bool is_tensor = tag() == code::tensor;
    std::size_t at = pos_ + (is_tensor ? 3 : 2);
    if (checked && size_ < at) return errc::unexpected_end;
    const std::uint8_t type = base_[pos_ + 1];
    if (checked && !valid_dtype(type)) return errc::invalid_value;
    h.type = static_cast<dtype>(type);
    h.rank = is_tensor ? base_[pos_ + 2] & 0x7f : 1;
    h.typed_array = !is_tensor;
    h.order = is_tensor && (base_[pos_ + 2] & 0x80) ? memory_order::column_major : memory_order::row_major;
    if (checked && h.rank > max_tensor_rank) return errc::invalid_value;
    const std::size_t element = dtype_size(h.type);
    std::size_t count = 1;
    for (std::size_t d = 0; d < h.rank; ++d) {
      std::uint64_t e{};
      const std::size_t k = at < size_ && base_[at] < 0x80 ? (e = base_[at], 1) : get_varint(base_ + at, base_ + size_, e);
      if (checked && k == 0) return at + 10 <= size_ ? errc::invalid_value : errc::unexpected_end;
      at += k;
      // Only the element count has to fit the message (the check after the loop), as read.hpp's
      // readers judge it: an extent may be anything while another is 0.
      if (checked && __builtin_mul_overflow(count, static_cast<std::size_t>(e), &count)) return errc::unexpected_end;
      if (!checked) count *= static_cast<std::size_t>(e);
      h.shape[d] = static_cast<std::size_t>(e);
    }
    if (checked && (__builtin_mul_overflow(count, element, &h.data_bytes) || h.data_bytes > size_)) return errc::unexpected_end;
    if (!checked) h.data_bytes = count * element;
    const std::size_t data = align_up(at, data_alignment(element, h.data_bytes));
    if (checked && (data > size_ || size_ - data < h.data_bytes)) return errc::unexpected_end;
    h.data = reinterpret_cast<const std::byte*>(base_ + data);
    end = data + h.data_bytes;
    return errc::ok;
  }

  const std::uint8_t* base_ = nullptr;
  std::size_t size_ = 0;  // the end of the enclosing container (or the message)
  std::size_t pos_ = 0;
  bool element_ = false;  // an element of a typed array, of element_type_ (its node ends with the array)
  dtype element_type_{};
};

using node = basic_node<true>;
using verified_node = basic_node<false>;

}  // namespace prism::zbin_detail
