#pragma once
// The FlexBuffers wire as prism reads it: every offset, size and width is checked against the
// message before anything is loaded, and loads go through memcpy (a FlexBuffers value may sit
// at any address in a caller's buffer). flexbuffers.h supplies the type codes; its own
// Reference API trusts its input, so readers and views use these checked steps instead.
#include <flatbuffers/flexbuffers.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/byte_order.hpp"
#include "../core/config.hpp"
#include "../core/limits.hpp"
#include "../core/error.hpp"

namespace prism::flex_detail {

using type = flexbuffers::Type;

static_assert(std::endian::native == std::endian::little, "prism::flex reads FlexBuffers on little-endian machines");

// Widths are 1, 2, 4 or 8: every ref and block is built from checked width codes.
PRISM_INLINE std::uint64_t load_uint(const std::uint8_t* p, std::size_t width) noexcept { return detail::load_le_width(p, width); }

PRISM_INLINE std::int64_t load_int(const std::uint8_t* p, std::size_t width) noexcept {
  const std::uint64_t u = load_uint(p, width);
  const unsigned shift = static_cast<unsigned>(64 - 8 * width);
  return static_cast<std::int64_t>(u << shift) >> shift;
}

constexpr bool valid_width(std::size_t w) noexcept { return w == 1 || w == 2 || w == 4 || w == 8; }

constexpr bool is_inline(type t) noexcept { return t <= flexbuffers::FBT_FLOAT || t == flexbuffers::FBT_BOOL; }

// One value: where its slot is, the width of that slot (its parent's width) and, from its
// packed type, its own type and width (of the data it points to, for offset types).
struct ref {
  const std::uint8_t* slot = nullptr;
  std::uint8_t parent_width = 1;
  std::uint8_t width = 1;
  type kind = flexbuffers::FBT_NULL;
};

inline ref make_ref(const std::uint8_t* slot, std::uint8_t parent_width, std::uint8_t packed) noexcept {
  return {slot, parent_width, static_cast<std::uint8_t>(1u << (packed & 3)), static_cast<type>(packed >> 2)};
}

// Vectors with a size prefix (untyped, typed, bool), and the type of their elements (FBT_NULL:
// each element's own type byte follows the elements).
constexpr bool has_size_prefix(type t) noexcept {
  return t == flexbuffers::FBT_VECTOR || (t >= flexbuffers::FBT_VECTOR_INT && t <= flexbuffers::FBT_VECTOR_STRING_DEPRECATED) ||
         t == flexbuffers::FBT_VECTOR_BOOL;
}
// The elements' type of a vector (FBT_NULL: each its own). The deprecated vector of strings does
// not say how wide its strings' sizes are: its elements are read as keys, up to their NUL, as
// flexbuffers reads them.
constexpr type element_type_of(type vector) noexcept {
  using namespace flexbuffers;
  if (vector == FBT_VECTOR) return FBT_NULL;
  if (vector == FBT_VECTOR_BOOL) return FBT_BOOL;
  if (vector == FBT_VECTOR_STRING_DEPRECATED) return FBT_KEY;
  return static_cast<type>(vector - FBT_VECTOR_INT + FBT_INT);
}

// A vector-like block at `data` whose elements are `width` bytes: the size prefix sits just
// before it. Untyped vectors and maps carry one type byte per element after the elements.
struct block {
  const std::uint8_t* data = nullptr;
  std::size_t count = 0;
  std::uint8_t width = 1;
  type element = flexbuffers::FBT_NULL;  // typed vectors; FBT_NULL for untyped ones
  const std::uint8_t* keys = nullptr;    // maps: the keys' slots
  std::uint8_t key_width = 1;
};

struct message {
  const std::uint8_t* base = nullptr;
  std::size_t size = 0;

  const std::uint8_t* end() const noexcept { return base + size; }
  std::size_t offset(const std::uint8_t* p) const noexcept { return static_cast<std::size_t>(p - base); }
  // [p, p + n) lies in the message.
  bool holds(const std::uint8_t* p, std::size_t n) const noexcept {
    return p >= base && p <= end() && n <= static_cast<std::size_t>(end() - p);
  }

  // The root: the last byte is its width, the one before its packed type.
  errc root(ref& r) const noexcept {
    if (size < 3) return errc::unexpected_end;
    const std::uint8_t w = base[size - 1];
    if (!valid_width(w) || size - 2 < w) return errc::invalid_value;
    r = make_ref(base + size - 2 - w, w, base[size - 2]);
    return r.kind < flexbuffers::FBT_MAX_TYPE ? errc::ok : errc::invalid_value;
  }

  // Where an offset-typed value's data starts (offsets point backwards from the slot).
  errc target(const ref& r, const std::uint8_t*& p) const noexcept {
    const std::uint64_t off = load_uint(r.slot, r.parent_width);
    if (off > static_cast<std::uint64_t>(r.slot - base)) return errc::invalid_value;
    p = r.slot - off;
    return errc::ok;
  }

  // The size prefix of width `w` before `p`, with `bytes_per_element` bytes of each element
  // (plus `trailing` bytes per element after them) in the message.
  errc sized(const std::uint8_t* p, std::size_t w, std::size_t bytes_per_element, std::size_t trailing, std::size_t& n) const noexcept {
    if (static_cast<std::size_t>(p - base) < w) return errc::invalid_value;
    const std::uint64_t count = load_uint(p - w, w);
    const std::size_t room = static_cast<std::size_t>(end() - p);
    if (!detail::count_fits(count, bytes_per_element + trailing, room)) return errc::unexpected_end;
    n = static_cast<std::size_t>(count);
    return errc::ok;
  }

  // Where the data of a string, blob or vector starts, and its size prefix (as wide as the ref's
  // width, just before it).
  PRISM_INLINE errc size_prefixed(const ref& r, const std::uint8_t*& p, std::uint64_t& n) const noexcept {
    const std::size_t w = r.width;
    const std::uint64_t off = load_uint(r.slot, r.parent_width);
    const auto before = static_cast<std::uint64_t>(r.slot - base);
    if (off > before || before - off < w) return errc::invalid_value;
    p = r.slot - off;
    n = load_uint(p - w, w);
    return errc::ok;
  }

  // The bytes of a string or blob.
  PRISM_INLINE errc sized_bytes(const ref& r, std::string_view& s) const noexcept {
    const std::uint8_t* p{};
    std::uint64_t n{};
    if (const errc e = size_prefixed(r, p, n); e != errc::ok) return e;
    if (n > static_cast<std::uint64_t>(end() - p)) return errc::unexpected_end;
    s = std::string_view(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
    return errc::ok;
  }

  // The bytes of a string, key or blob.
  errc text(const ref& r, std::string_view& s) const noexcept {
    if (r.kind == flexbuffers::FBT_STRING || r.kind == flexbuffers::FBT_BLOB) return sized_bytes(r, s);
    if (r.kind != flexbuffers::FBT_KEY) return errc::type_mismatch;
    const std::uint8_t* p{};
    if (const errc e = target(r, p); e != errc::ok) return e;
    const void* nul = std::memchr(p, 0, static_cast<std::size_t>(end() - p));
    if (!nul) return errc::unexpected_end;
    s = std::string_view(reinterpret_cast<const char*>(p), static_cast<std::size_t>(static_cast<const std::uint8_t*>(nul) - p));
    return errc::ok;
  }

  // The entries of a map: its values' slots and types, and its keys (a typed vector of keys,
  // whose offset and width come before the map's size).
  PRISM_INLINE errc map_entries(const ref& r, block& b) const noexcept {
    const std::size_t w = r.width;
    const std::uint8_t* p{};
    if (const errc e = target(r, p); e != errc::ok) return e;
    if (static_cast<std::size_t>(p - base) < 3 * w) return errc::invalid_value;
    const std::uint64_t count = load_uint(p - w, w);
    if (!detail::count_fits(count, w + 1, static_cast<std::size_t>(end() - p))) return errc::unexpected_end;
    const ref keys{p - 3 * w, r.width, static_cast<std::uint8_t>(load_uint(p - 2 * w, w)), flexbuffers::FBT_VECTOR_KEY};
    if (!valid_width(keys.width)) return errc::invalid_value;
    const std::uint8_t* k{};
    if (const errc e = target(keys, k); e != errc::ok) return e;
    std::size_t nkeys{};
    if (const errc e = sized(k, keys.width, keys.width, 0, nkeys); e != errc::ok) return e;
    if (nkeys != count) return errc::size_mismatch;
    b = block{p, static_cast<std::size_t>(count), r.width, flexbuffers::FBT_NULL, k, keys.width};
    return errc::ok;
  }

  // The elements of a vector, typed vector, fixed-length typed vector or map.
  errc elements(const ref& r, block& b) const noexcept {
    using namespace flexbuffers;
    const type t = r.kind;
    if (has_size_prefix(t)) return sized_block(r, b);
    if (t == FBT_MAP) return map_entries(r, b);
    if (t < FBT_VECTOR_INT2 || t > FBT_VECTOR_FLOAT4) return errc::type_mismatch;
    const std::uint8_t* p{};
    if (const errc e = target(r, p); e != errc::ok) return e;
    const auto count = static_cast<std::size_t>((t - FBT_VECTOR_INT2) / 3 + 2);
    b = block{p, count, r.width, static_cast<type>((t - FBT_VECTOR_INT2) % 3 + FBT_INT), nullptr, 1};
    return holds(p, count * r.width) ? errc::ok : errc::unexpected_end;
  }

  // A vector with a size prefix (an untyped one has a type byte per element after them).
  PRISM_INLINE errc sized_block(const ref& r, block& b) const noexcept {
    const type element = element_type_of(r.kind);
    const std::size_t trailing = element == flexbuffers::FBT_NULL ? 1 : 0;
    const std::uint8_t* p{};
    std::uint64_t count{};
    if (const errc e = size_prefixed(r, p, count); e != errc::ok) return e;
    if (!detail::count_fits(count, r.width + trailing, static_cast<std::size_t>(end() - p))) return errc::unexpected_end;
    b = block{p, static_cast<std::size_t>(count), r.width, element, nullptr, 1};
    return errc::ok;
  }

  // Element i (< b.count) of a block; key i of a map.
  PRISM_INLINE static ref element(const block& b, std::size_t i) noexcept {
    const std::uint8_t* slot = b.data + i * b.width;
    if (b.element == flexbuffers::FBT_NULL) return make_ref(slot, b.width, b.data[b.count * b.width + i]);
    return {slot, b.width, b.width, b.element};
  }
  PRISM_INLINE static ref key(const block& b, std::size_t i) noexcept { return {b.keys + i * b.key_width, b.key_width, 1, flexbuffers::FBT_KEY}; }

  // Scalars. Inline ones are read from the slot at the parent's width; indirect ones from their
  // target at their own width.
  errc scalar_bytes(const ref& r, const std::uint8_t*& p, std::size_t& w) const noexcept {
    if (is_inline(r.kind)) {
      p = r.slot;
      w = r.parent_width;
      return errc::ok;
    }
    if (const errc e = target(r, p); e != errc::ok) return e;
    w = r.width;
    return holds(p, w) ? errc::ok : errc::unexpected_end;
  }

  errc integer(const ref& r, bool& negative, std::uint64_t& magnitude) const noexcept {
    using namespace flexbuffers;
    const bool is_signed = r.kind == FBT_INT || r.kind == FBT_INDIRECT_INT;
    if (!is_signed && r.kind != FBT_UINT && r.kind != FBT_INDIRECT_UINT) return errc::type_mismatch;
    const std::uint8_t* p{};
    std::size_t w{};
    if (const errc e = scalar_bytes(r, p, w); e != errc::ok) return e;
    if (is_signed) {
      const std::int64_t v = load_int(p, w);
      negative = v < 0;
      magnitude = static_cast<std::uint64_t>(v);
    } else {
      negative = false;
      magnitude = load_uint(p, w);
    }
    return errc::ok;
  }

  errc floating(const ref& r, double& d) const noexcept {
    using namespace flexbuffers;
    if (r.kind != FBT_FLOAT && r.kind != FBT_INDIRECT_FLOAT) {
      bool negative{};
      std::uint64_t u{};
      if (const errc e = integer(r, negative, u); e != errc::ok) return e;
      d = negative ? static_cast<double>(static_cast<std::int64_t>(u)) : static_cast<double>(u);
      return errc::ok;
    }
    const std::uint8_t* p{};
    std::size_t w{};
    if (const errc e = scalar_bytes(r, p, w); e != errc::ok) return e;
    if (w == 8) {
      std::memcpy(&d, p, 8);
    } else if (w == 4) {
      float f;
      std::memcpy(&f, p, 4);
      d = f;
    } else {
      return errc::invalid_value;  // FlexBuffers has no 8- or 16-bit floats
    }
    return errc::ok;
  }

  errc boolean(const ref& r, bool& b) const noexcept {
    if (r.kind != flexbuffers::FBT_BOOL) return errc::type_mismatch;
    b = load_uint(r.slot, r.parent_width) != 0;
    return errc::ok;
  }
};

}  // namespace prism::flex_detail
