#pragma once
// BEVE views: a position in the bytes, decoded on access. BEVE has no index, so element i and
// key lookups walk the container, on from where the last one through the same view ended;
// iteration walks once, O(n) in all. Typed
// arrays of numbers are tensors of rank 1 (viewed in place when aligned) whose elements can
// also be indexed and iterated; the elements of string and bool arrays and the keys of objects
// carry no header of their own, so their nodes remember how they are stored. A type tag (a
// variant) is the array [index, value], as variants are in the other formats; a complex number
// the array [real, imaginary]; an array of complex numbers a tensor; a typed array of numbers
// that no dtype holds (bfloat16) an array of numbers.
#include <array>
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

namespace prism::beve_detail {

// How the value at a node's position is stored.
enum class form : std::uint8_t {
  value,        // a header, then the value
  bare_string,  // SIZE and bytes: an element of a string array, a key of a string-keyed object
  bare_number,  // the bytes of a number whose header the node holds: a typed-array element, an integer key
  bare_bool,    // one bit of a bool array
  bare_size,    // the SIZE after a type tag's header: a variant's index
};

class node {
 public:
  using format = beve;

  node() = default;
  node(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept : base_(base), size_(size), pos_(pos) {}

  std::size_t offset() const noexcept { return pos_; }

  value_type type() const noexcept {
    switch (form_) {
      case form::bare_string: return value_type::string;
      case form::bare_bool: return value_type::boolean;
      case form::bare_number: return ((header_ >> 3) & 3) == floating_kind ? value_type::floating : value_type::integer;
      case form::bare_size: return value_type::integer;
      case form::value: break;
    }
    const std::uint8_t h = base_[pos_];
    switch (h & 7) {
      case type::null_or_bool: return h == header::null ? value_type::null : h == header::false_ || h == header::true_ ? value_type::boolean : value_type::other;
      case type::number: return ((h >> 3) & 3) == floating_kind ? value_type::floating : ((h >> 3) & 3) == bool_or_string_kind ? value_type::other : value_type::integer;
      case type::string: return h == header::string ? value_type::string : value_type::other;  // reserved bits set
      case type::object: return valid_object_header(h) ? value_type::object : value_type::other;
      case type::typed_array: {  // uint8 typed arrays are how BEVE holds blobs
        dtype t{};
        if (((h >> 3) & 3) == bool_or_string_kind) return h == header::bool_array || h == header::string_array ? value_type::array : value_type::other;
        if (h == typed_array_header<std::uint8_t>) return value_type::binary;
        return dtype_of_header(h, false, t) ? value_type::tensor : element_size(h) ? value_type::array : value_type::other;
      }
      case type::generic_array: return value_type::array;
      default:
        if (h == header::matrix) return value_type::tensor;
        if (h == header::type_tag) return value_type::array;
        if (h == header::complex && pos_ + 1 < size_) {
          const std::uint8_t c = base_[pos_ + 1];
          dtype t{};
          if (!dtype_of_header(c, true, t)) return value_type::other;
          return (c & 7) == 0 ? value_type::array : (c & 7) == 1 ? value_type::tensor : value_type::other;
        }
        return value_type::other;
    }
  }

  errc get_bool(bool& b) const noexcept {
    if (form_ == form::bare_bool) {
      b = (base_[pos_] & (0x80u >> bit_)) != 0;
      return errc::ok;
    }
    if (form_ != form::value || (base_[pos_] != header::true_ && base_[pos_] != header::false_)) return errc::type_mismatch;
    b = base_[pos_] == header::true_;
    return errc::ok;
  }

  errc get_integer(bool& negative, std::uint64_t& value) const noexcept {
    if (form_ == form::value && base_[pos_] == number_header<std::int32_t> && size_ - pos_ > 4) {  // the usual int: one load
      const auto v = static_cast<std::int32_t>(detail::load_le32(base_ + pos_ + 1));
      negative = v < 0;
      value = static_cast<std::uint64_t>(std::int64_t{v});
      return errc::ok;
    }
    if (form_ == form::bare_size) {
      std::size_t after{};
      negative = false;
      return size_at(pos_, value, after);
    }
    std::uint8_t h{};
    std::size_t at{};
    if (!number_at(h, at)) return errc::type_mismatch;
    const unsigned kind = (h >> 3) & 3;
    if (kind != signed_kind && kind != unsigned_kind) return errc::type_mismatch;
    const std::size_t width = element_size(h);
    if (width == 0) return errc::invalid_value;
    if (size_ - at < width) return errc::unexpected_end;
    const std::uint64_t raw = detail::load_le_width(base_ + at, width);
    if (kind == signed_kind) {
      const unsigned unused = 64 - 8 * static_cast<unsigned>(width);
      const std::int64_t s = static_cast<std::int64_t>(raw << unused) >> unused;
      negative = s < 0;
      value = static_cast<std::uint64_t>(s);
    } else {
      negative = false;
      value = raw;
    }
    return errc::ok;
  }

  errc get_double(double& d) const {
    if (form_ == form::value && base_[pos_] == number_header<double> && size_ - pos_ > 8) {  // the usual double: one load
      std::memcpy(&d, base_ + pos_ + 1, 8);
      return errc::ok;
    }
    std::uint8_t h{};
    std::size_t at{};
    if (!number_at(h, at)) return errc::type_mismatch;
    if (size_ - at < element_size(h)) return errc::unexpected_end;
    auto ctx = detail::view_context(base_, size_, at);
    return convert_number(ctx, h, base_ + at, at, d) ? errc::ok : ctx.get().code;
  }

  errc get_string(std::string_view& s) const noexcept {
    std::size_t at = pos_;
    if (form_ == form::value) {
      if (base_[pos_] != header::string) return errc::type_mismatch;
      ++at;
    } else if (form_ != form::bare_string) {
      return errc::type_mismatch;
    }
    std::uint64_t n{};
    std::size_t start{};
    if (const errc e = size_at(at, n, start); e != errc::ok) return e;
    if (n > size_ - start) return errc::unexpected_end;
    s = std::string_view(reinterpret_cast<const char*>(base_ + start), static_cast<std::size_t>(n));
    return errc::ok;
  }

  // Blobs are typed arrays of uint8.
  errc get_bytes(bytes_view& b) const noexcept {
    if (form_ != form::value || base_[pos_] != typed_array_header<std::uint8_t>) return errc::type_mismatch;
    std::uint64_t n{};
    std::size_t start{};
    if (const errc e = size_at(pos_ + 1, n, start); e != errc::ok) return e;
    if (n > size_ - start) return errc::unexpected_end;
    b = bytes_view(reinterpret_cast<const std::byte*>(base_ + start), static_cast<std::size_t>(n));
    return errc::ok;
  }

  errc get_tensor(tensor_header& h) const { return tensor(h, true); }
  // The same through the format's reader alone (the reference for the plain decoding).
  errc get_tensor_by_reader(tensor_header& h) const { return tensor(h, false); }

 private:
  errc tensor(tensor_header& h, bool plain_allowed) const {
    if (form_ != form::value) return errc::type_mismatch;
    const std::uint8_t b = base_[pos_];
    if (b == header::matrix) return plain_allowed && plain_tensor_header(h) ? errc::ok : tensor_by_reader(h);
    const bool complex_array = b == header::complex && pos_ + 1 < size_ && (base_[pos_ + 1] & 7) == 1;
    if (complex_array ? !dtype_of_header(base_[pos_ + 1], true, h.type) : (b & 7) != type::typed_array || !dtype_of_header(b, false, h.type))
      return errc::type_mismatch;
    std::uint64_t n{};
    std::size_t start{};
    if (const errc e = size_at(pos_ + (complex_array ? 2 : 1), n, start); e != errc::ok) return e;
    const std::size_t width = dtype_size(h.type);
    if (!detail::count_fits(n, width, size_ - start)) return errc::unexpected_end;
    h.rank = 1;
    h.typed_array = true;
    h.shape[0] = static_cast<std::size_t>(n);
    h.order = memory_order::row_major;
    h.data = reinterpret_cast<const std::byte*>(base_ + start);
    h.data_bytes = static_cast<std::size_t>(n) * width;
    return errc::ok;
  }

  PRISM_NOINLINE errc tensor_by_reader(tensor_header& h) const {
    auto ctx = detail::view_context(base_, size_, pos_);
    return read_tensor_header(ctx, h) ? errc::ok : ctx.get().code;
  }

  // The matrix extension in the usual encoding (unsigned extents, real elements, SIZEs of at
  // most four bytes); false for anything else.
  bool plain_tensor_header(tensor_header& h) const noexcept {
    const std::uint8_t* p = base_ + pos_;
    const std::uint8_t* const end = base_ + size_;
    if (end - p < 4 || p[0] != header::matrix || p[1] > 1) return false;
    const std::uint8_t extents = p[2];
    const std::size_t width = element_size(extents);
    if ((extents & 7) != type::typed_array || ((extents >> 3) & 3) != unsigned_kind || width == 0 || (p[3] & 3) != 0) return false;
    h.order = p[1] ? memory_order::column_major : memory_order::row_major;
    h.rank = p[3] >> 2;
    p += 4;
    if (h.rank > max_tensor_rank || static_cast<std::size_t>(end - p) < h.rank * width) return false;
    for (std::size_t d = 0; d < h.rank; ++d, p += width) h.shape[d] = static_cast<std::size_t>(detail::load_le_width(p, width));
    if (end - p < 2 || (p[0] & 7) != type::typed_array || !dtype_of_header(p[0], false, h.type) || (p[1] & 3) == 3) return false;
    const std::size_t size_width = std::size_t{1} << (p[1] & 3);
    if (static_cast<std::size_t>(end - p) < 1 + size_width) return false;
    const std::size_t count = static_cast<std::size_t>(detail::load_le_width(p + 1, size_width) >> 2);
    p += 1 + size_width;
    const std::size_t element = dtype_size(h.type);
    if (!detail::count_fits(count, element, static_cast<std::size_t>(end - p))) return false;
    h.data = reinterpret_cast<const std::byte*>(p);
    h.data_bytes = count * element;
    h.typed_array = false;
    return detail::tensor_fits(h, element, h.data_bytes);
  }

 public:

  errc size(std::size_t& n) const {
    if (form_ == form::bare_string) {
      std::string_view s;
      if (const errc e = get_string(s); e != errc::ok) return e;
      n = s.size();
      return errc::ok;
    }
    if (form_ != form::value) return errc::type_mismatch;
    const std::uint8_t h = base_[pos_];
    if (h == header::type_tag || (h == header::complex && type() == value_type::array)) {  // [index, value], [real, imaginary]
      n = 2;
      return errc::ok;
    }
    if (h == header::matrix || h == header::complex) {
      tensor_header t;
      if (const errc e = get_tensor(t); e != errc::ok) return e;
      n = t.count();
      return errc::ok;
    }
    switch (h & 7) {
      case type::string: case type::object: case type::typed_array: case type::generic_array: break;
      default: return errc::type_mismatch;
    }
    std::uint64_t count{};
    std::size_t after{};
    if (const errc e = size_at(pos_ + 1, count, after); e != errc::ok) return e;
    if ((h == header::bool_array ? count / 8 : count) > size_) return errc::unexpected_end;  // a bool takes a bit
    n = static_cast<std::size_t>(count);
    return errc::ok;
  }

  // Element i of a generic array of fewer than 64 elements, walking on from the element the hint
  // names when it comes before i (elements taken in order each take one step) over values
  // without nested values; anything else through the full walk, which also decides every error.
  errc element(std::size_t i, node& out, const detail::lookup_hint& hint) const {
    if (form_ != form::value || base_[pos_] != header::generic_array || size_ - pos_ < 2 || (base_[pos_ + 1] & 3) != 0) return element(i, out);
    const std::size_t count = base_[pos_ + 1] >> 2, first = pos_ + 2;
    if (i >= count || count > size_) return element(i, out);
    detail::lookup_hint::entry start = hint.start(first, size_, count);
    if (start.index > i) start = {0, first};
    std::size_t at = start.offset;
    for (std::size_t k = start.index; k < i; ++k) {
      const std::size_t extent = node(base_, size_, at).plain_extent();
      if (extent == 0 || extent >= size_ - at) return element(i, out);
      at += extent;
    }
    if (at >= size_) return element(i, out);
    hint.set(i, at);
    out = node(base_, size_, at);
    return errc::ok;
  }

  errc element(std::size_t i, node& out) const {
    if (form_ != form::value || (base_[pos_] & 7) == type::object || (base_[pos_] & 7) < type::typed_array || base_[pos_] == header::matrix)
      return errc::type_mismatch;
    std::size_t n{};
    if (const errc e = size(n); e != errc::ok) return e;
    if (i >= n) return errc::out_of_range;
    node child;
    if (const errc e = first(child); e != errc::ok) return e;
    if (child.form_ == form::bare_number) {  // fixed width: straight to element i
      child.pos_ += i * element_size(child.header_);
    } else if (child.form_ == form::bare_bool) {
      child.pos_ += i / 8;
      child.bit_ = static_cast<std::uint8_t>(i % 8);
    } else {
      for (std::size_t k = 0; k < i; ++k)
        if (const errc e = child.next(child); e != errc::ok) return e;
    }
    out = child;
    return errc::ok;
  }

  PRISM_INLINE errc find(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (find_short_key(key, out, found, hint)) return errc::ok;
    return find_in_any_object(key, out, found, hint);
  }

  // A string-keyed object of fewer than 64 entries whose keys are shorter than 64 bytes, looked
  // up by such a key: true when it found the key or walked every entry, stepping over values
  // without nested values; false when it met anything else (the full walk decides the rest).
  PRISM_INLINE bool find_short_key(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const noexcept {
    if (form_ != form::value || key.size() >= 64 || size_ - pos_ < 2) return false;
    const std::uint8_t h = base_[pos_];
    if ((h & 7) != type::object || ((h >> 3) & 3) != 0 || (base_[pos_ + 1] & 3) != 0) return false;
    const std::size_t count = base_[pos_ + 1] >> 2, first = pos_ + 2;
    if (count > size_) return false;
    const std::uint8_t* const end = base_ + size_;
    const std::uint8_t wanted = static_cast<std::uint8_t>(key.size() << 2);
    for (detail::hinted_walk walk(hint, base_, first, static_cast<std::size_t>(-1), count); walk.more();) {
      const std::uint8_t* p = walk.at();
      if (p >= end || (*p & 3) != 0) return false;
      const std::uint8_t* const value = p + 1 + (*p >> 2);
      if (value >= end) return false;
      const std::size_t at = static_cast<std::size_t>(value - base_);
      const std::size_t extent = plain_extent_at(base_, size_, at);
      if (*p == wanted && detail::bytes_equal(p + 1, key.data(), key.size())) {
        hint.found(walk.index(), count, static_cast<std::size_t>(p - base_), extent && extent < size_ - at ? at + extent : 0, first);
        out = node(base_, size_, at);
        out.next_form_ = form::bare_string;
        found = true;
        return true;
      }
      if (extent == 0) return false;
      p = value + extent;
      walk.advance(p);
    }
    return true;
  }

  // One past this value when it holds no nested values and something follows it; else 0.
  std::size_t end_if_scalar() const noexcept {
    if (form_ != form::value) return 0;
    const std::size_t n = plain_extent();
    return n && n < size_ - pos_ ? pos_ + n : 0;
  }

  PRISM_NOINLINE errc find_in_any_object(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (form_ != form::value || (base_[pos_] & 7) != type::object) return errc::type_mismatch;
    std::size_t n{};
    if (const errc e = size(n); e != errc::ok) return e;
    if (n == 0) return errc::ok;
    node k;
    if (const errc e = first(k); e != errc::ok) return e;
    const auto matches = [&](const node& candidate) {
      std::string_view name;
      return candidate.form_ == form::bare_string && candidate.get_string(name) == errc::ok && name == key;
    };
    return detail::find_entry(k, n, hint, matches, out, found);
  }

  // This node moved to another value of the same container (keys of an object share their form).
  node at(std::size_t pos) const noexcept {
    node moved = *this;
    moved.pos_ = pos;
    return moved;
  }

  // The first element of an array, or the first key of an object.
  errc first(node& out) const noexcept {
    if (form_ != form::value) return errc::type_mismatch;
    const std::uint8_t h = base_[pos_];
    if (h == header::type_tag) {
      if (pos_ + 1 >= size_) return errc::unexpected_end;
      out = node(base_, size_, pos_ + 1);
      out.form_ = form::bare_size;
      out.next_form_ = form::value;
      return errc::ok;
    }
    if (h == header::complex && type() == value_type::array) {
      const std::uint8_t c = base_[pos_ + 1];
      out = node(base_, size_, pos_ + 2);
      out.form_ = out.next_form_ = form::bare_number;
      out.header_ = static_cast<std::uint8_t>(type::number | (c & 0xf8));
      return size_ - out.pos_ >= 2 * element_size(out.header_) ? errc::ok : errc::unexpected_end;
    }
    const unsigned t = h & 7, kind = (h >> 3) & 3;
    if (t != type::object && t != type::typed_array && t != type::generic_array) return errc::type_mismatch;
    std::uint64_t n{};
    std::size_t after{};
    if (const errc e = size_at(pos_ + 1, n, after); e != errc::ok) return e;
    if (n == 0) return errc::out_of_range;
    if (after >= size_) return errc::unexpected_end;
    out = node(base_, size_, after);
    if (t == type::generic_array) return errc::ok;
    if (t == type::object) {
      if (kind == 0) {
        out.form_ = form::bare_string;
      } else {
        if (kind == bool_or_string_kind || element_size(h) == 0) return errc::invalid_value;
        out.form_ = form::bare_number;
        out.header_ = static_cast<std::uint8_t>(type::number | (h & 0xf8));
      }
      out.next_form_ = form::value;
      return errc::ok;
    }
    if (kind == bool_or_string_kind) out.form_ = (h & 0x20) ? form::bare_string : form::bare_bool;
    else out.form_ = form::bare_number;
    if (out.form_ == form::bare_number) {  // every element must lie in the message: indexing jumps
      if (element_size(h) == 0) return errc::invalid_value;
      if (!detail::count_fits(n, element_size(h), size_ - after)) return errc::unexpected_end;
      out.header_ = static_cast<std::uint8_t>(type::number | (h & 0xf8));
    } else if (out.form_ == form::bare_bool && (n + 7) / 8 > size_ - after) {
      return errc::unexpected_end;
    }
    out.next_form_ = out.form_;
    return errc::ok;
  }

  // The next value in the same container: in an object, keys and values alternate.
  errc next(node& out) const {
    std::size_t after = pos_;
    std::uint8_t bit = 0;
    switch (form_) {
      case form::bare_bool:
        after = pos_ + (bit_ + 1) / 8;
        bit = static_cast<std::uint8_t>((bit_ + 1) % 8);
        break;
      case form::bare_number:
        after = pos_ + element_size(header_);
        break;
      case form::bare_size: {
        std::uint64_t n{};
        if (const errc e = size_at(pos_, n, after); e != errc::ok) return e;
        break;
      }
      case form::bare_string: {
        std::uint64_t n{};
        std::size_t start{};
        if (const errc e = size_at(pos_, n, start); e != errc::ok) return e;
        if (n >= size_ - start) return errc::unexpected_end;
        after = start + static_cast<std::size_t>(n);
        break;
      }
      case form::value: {
        if (const std::size_t n = plain_extent(); n != 0) {
          after = pos_ + n;
          break;
        }
        auto ctx = detail::view_context(base_, size_, pos_);
        if (!skip_value<false>(ctx)) return ctx.get().code;
        after = ctx.src.offset();
        break;
      }
    }
    if (after >= size_) return errc::unexpected_end;
    out = *this;
    out.pos_ = after;
    out.bit_ = bit;
    out.form_ = next_form_;
    out.next_form_ = form_;
    return errc::ok;
  }

  template <options O, class T>
  status read(T& v) const {
    if (form_ != form::value) return detail::read_bare(*this, v);
    auto ctx = detail::view_context(base_, size_, pos_);
    if (!read_value<O>(ctx, v)) return ctx.take(beve::name);
    return {};
  }

 private:
  // The bytes of a value with no nested values (null, bool, number, string, typed array of
  // numbers) from its header and SIZE; 0 for anything else or a truncated value.
  std::size_t plain_extent() const noexcept { return plain_extent_at(base_, size_, pos_); }
  // The same for the value at pos of a message, taken in registers: a lookup calls it on every
  // value it steps over.
  PRISM_INLINE static std::size_t plain_extent_at(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept {
    const std::uint8_t h = base[pos];
    if (const std::uint8_t fixed = fixed_extents[h]) return fixed;  // null, bools and numbers: the header gives it
    const unsigned t = h & 7, kind = (h >> 3) & 3;
    if (t != type::string && (t != type::typed_array || kind == bool_or_string_kind || element_size(h) == 0)) return 0;
    const std::size_t at = pos + 1;
    if (at >= size) return 0;
    const std::size_t size_bytes = std::size_t{1} << (base[at] & 3);
    if (size - at < size_bytes) return 0;
    const std::uint64_t n = size_bytes == 1 ? base[at] >> 2 : detail::load_le_width(base + at, size_bytes) >> 2;
    const std::size_t start = at + size_bytes;
    const std::size_t width = t == type::string ? 1 : element_size(h);
    if (!detail::count_fits(n, width, size - start)) return 0;
    return start - pos + static_cast<std::size_t>(n) * width;
  }

  // The bytes of a null, a bool or a number, by its header; 0 for every other header.
  static constexpr auto fixed_extents = [] {
    std::array<std::uint8_t, 256> extents{};
    for (int h = 0; h < 256; ++h) {
      const auto header = static_cast<std::uint8_t>(h);
      if ((header & 7) == type::null_or_bool) extents[h] = 1;
      else if ((header & 7) == type::number && ((header >> 3) & 3) != bool_or_string_kind && element_size(header) != 0)
        extents[h] = static_cast<std::uint8_t>(1 + element_size(header));
    }
    return extents;
  }();

  // The header of the number here and where its bytes start.
  bool number_at(std::uint8_t& h, std::size_t& at) const noexcept {
    if (form_ == form::bare_number) {
      h = header_;
      at = pos_;
      return true;
    }
    if (form_ != form::value || (base_[pos_] & 7) != type::number) return false;
    h = base_[pos_];
    at = pos_ + 1;
    return true;
  }

  errc size_at(std::size_t at, std::uint64_t& n, std::size_t& after) const noexcept {
    if (at >= size_) return errc::unexpected_end;
    const std::size_t width = std::size_t{1} << (base_[at] & 3);
    if (size_ - at < width) return errc::unexpected_end;
    n = detail::load_le_width(base_ + at, width) >> 2;
    after = at + width;
    return errc::ok;
  }

  const std::uint8_t* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t pos_ = 0;
  form form_ = form::value;
  form next_form_ = form::value;
  std::uint8_t header_ = 0;  // the number header of a bare number
  std::uint8_t bit_ = 0;     // the bit of a bare bool, from the high bit
};

}  // namespace prism::beve_detail

namespace prism {

template <>
struct view_traits<beve> : detail::root_at_start<beve, beve_detail::node> {};

}  // namespace prism
