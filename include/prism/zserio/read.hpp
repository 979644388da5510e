#pragma once
// zserio decoder. Every read is bounds-checked against the bits that remain; lengths are checked
// against the input and prism::limits before anything is allocated; errors carry the bit offset
// and the field path. Values that no zserio encoder produces (overlong varints, "-0" outside
// varint, union tags beyond the alternatives, numbers outside the destination or the enum) are
// errors rather than silently truncated.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/utf8.hpp"
#include "bit_stream.hpp"
#include "common.hpp"
#include "format.hpp"
#include "packing.hpp"

namespace prism::zserio_detail {

template <class Ctx>
struct bit_input {
  Ctx& ctx;
  bit_reader in;
  std::uint64_t base_bits;  // where the value starts in the whole input

  PRISM_COLD bool fail(errc code, std::uint64_t bit, std::string_view expected = {}) {
    return ctx.fail_at_bit(code, static_cast<std::size_t>(base_bits + bit), expected);
  }
  PRISM_INLINE bool need(std::uint64_t bits) {
    if (in.has(bits)) [[likely]] return true;
    return fail(errc::unexpected_end, in.position());
  }
};

// Is a decoded number (two's complement when signed) one that the field's encoding can hold,
// and one the destination and, for enums, its enumerators allow?
template <field_spec S, class T>
constexpr bool acceptable(std::uint64_t bits) noexcept {
  constexpr scalar_spec spec = scalar_of<T, S>();
  if (!fits<T>(bits)) return false;
  if constexpr (spec.kind == wire::fixed && spec.bits < 64) {
    if constexpr (spec.is_signed) {
      const auto v = static_cast<std::int64_t>(bits);
      const std::int64_t bound = std::int64_t{1} << (spec.bits - 1);
      if (v < -bound || v >= bound) return false;
    } else {
      if (bits >> spec.bits) return false;
    }
  } else if constexpr (spec.kind == wire::var || spec.kind == wire::varsize) {
    const bool negative = spec.is_signed && static_cast<std::int64_t>(bits) < 0;
    const std::uint64_t magnitude = negative ? 0 - bits : bits;
    if constexpr (spec.kind == wire::varsize) {
      if (negative || magnitude >> 31) return false;
    } else if (!(spec.max_bytes == 9 && negative && magnitude == (std::uint64_t{1} << 63))) {
      if (var_bytes(magnitude, spec.max_bytes, spec.is_signed) == 0) return false;
    }
  }
  if constexpr (enumeration<T>) {
    using table = detail::enum_table<T>;
    const auto e = static_cast<T>(static_cast<integer_of_t<T>>(bits));
    const auto value = static_cast<long long>(e);
    if (value >= table::min && value <= table::max && !enum_contains(e)) return false;
  }
  return true;
}

// Stores a decoded number. Checked: the destination's range, the enumerators, and unless it was
// just decoded from its own encoding (and so is within it), the encoding's range.
template <field_spec S, class T, class In, bool FromItsEncoding = false>
PRISM_INLINE bool store_integer(In& r, T& v, std::uint64_t bits, std::uint64_t at) {
  constexpr bool full_check = !FromItsEncoding || enumeration<T> || scalar_of<T, S>().kind == wire::varsize;
  if (full_check ? !acceptable<S, T>(bits) : !fits<T>(bits)) [[unlikely]]
    return r.fail(enumeration<T> ? errc::invalid_enum : errc::out_of_range, at,
                  enumeration<T> ? "an enumerator" : "a number that fits the field");
  v = static_cast<T>(static_cast<integer_of_t<T>>(bits));
  return true;
}

// The 7-bit groups of eight varint bytes, flags and sign masked off (each byte below 128), joined
// into 56 bits, the first byte's group the most significant.
PRISM_INLINE std::uint64_t join_groups(std::uint64_t x) noexcept {
  x = (x & 0x007F007F007F007Full) | ((x >> 1) & 0x3F803F803F803F80ull);
  x = (x & 0x00003FFF00003FFFull) | ((x >> 2) & 0x0FFFC0000FFFC000ull);
  x = (x & 0x000000000FFFFFFFull) | ((x >> 4) & 0x00FFFFFFF0000000ull);
  return x;
}

// The end of read_var: the magnitude of a k-byte encoding, checked to be the shortest.
template <scalar_spec W, class In>
PRISM_INLINE bool finish_var(In& r, std::uint64_t& out, std::uint64_t value, bool negative, unsigned k, std::uint64_t at) {
  if (negative && value == 0) {
    if (W.max_bytes == 9 && W.is_signed && k == 1) {
      out = std::uint64_t{1} << 63;
      return true;
    }
    return r.fail(errc::invalid_value, at, "no negative zero");
  }
  // The shortest encoding: one byte fewer could not hold the value.
  if (k > 1 && (value >> var_capacity(k - 1, W.max_bytes, W.is_signed)) == 0) [[unlikely]]
    return r.fail(errc::invalid_value, at, "shortest varint");
  out = negative ? 0 - value : value;
  return true;
}

// A zserio varint: magnitude groups most significant first, as two's complement bits. With
// 9 bytes of input left, up to 8 bytes are decoded from one 64-bit window.
template <scalar_spec W, class In>
PRISM_INLINE bool read_var(In& r, std::uint64_t& out) {
  const std::uint64_t at = r.in.position();
  if (r.in.can_peek64()) [[likely]] {
    // The length from the has-next flags of one 64-bit window, then the first k bytes kept and
    // their groups joined at once; no branch per byte. The flags are found in the bytes as
    // loaded (first byte lowest), the groups in the window in big-endian order: the position of
    // the next value waits only on the load.
    const std::uint64_t low_first = r.in.peek64_first_byte_low();
    const std::uint64_t window = __builtin_bswap64(low_first);
    constexpr unsigned flagged = W.max_bytes - 1;  // the last possible byte has no flag
    constexpr std::uint64_t flag_mask = [] {
      // The has-next flags of bytes 0 .. flagged-1, byte i in bits 8i..8i+7: the top bit, but
      // bit 6 of a signed first byte (its top bit is the sign).
      std::uint64_t mask = 0;
      for (unsigned i = 0; i < flagged && i < 8; ++i) mask |= std::uint64_t{0x80} << (8 * i);
      return W.is_signed ? (mask & ~std::uint64_t{0x80}) | 0x40 : mask;
    }();
    constexpr std::uint64_t group_mask = W.is_signed ? 0x3F7F7F7F7F7F7F7Full : 0x7F7F7F7F7F7F7F7Full;
    const std::uint64_t stops = ~low_first & flag_mask;  // the bytes whose has-next flag is clear
    const bool negative = W.is_signed && (window >> 63) != 0;
    if (stops != 0) [[likely]] {
      // The stop flag is bit 6 or 7 of byte k - 1, so (index | 7) + 1 is 8k, the bits to skip:
      // tzcnt, or, add after the load (bsr, a count from the top, takes four cycles on x86-64
      // without LZCNT).
      const unsigned bits = (static_cast<unsigned>(std::countr_zero(stops)) | 7) + 1;
      r.in.skip(bits);
      const std::uint64_t value = join_groups((window & group_mask) >> (64 - bits));
      // Checked on the bytes as loaded: a longer encoding than needed (more bytes follow the
      // first, and the first group and the top bit of the second are zero) or a lone signed
      // zero byte (-0, or INT64_MIN in the 9-byte varint): finish_var tells which.
      const bool unusual = W.is_signed ? ((low_first & 0x407F) == 0x40) | ((low_first & 0xFF) == 0x80)
                                       : (low_first & 0xFF) == 0x80;
      if (unusual) [[unlikely]] return finish_var<W>(r, out, value, negative, bits / 8, at);
      out = negative ? 0 - value : value;
      return true;
    }
    const std::uint64_t groups = join_groups(window & group_mask);
    const unsigned k = W.max_bytes;
    std::uint64_t value;
    if constexpr (W.max_bytes == 9) {
      r.in.skip(64);
      if (!r.need(8)) return false;
      value = (groups << 8) | r.in.take(8);
    } else {
      const std::uint64_t last = (window >> (64 - 8 * W.max_bytes)) & 0xFF;
      value = ((groups >> (56 - 7 * flagged)) << 8) | last;
      r.in.skip(8 * W.max_bytes);
    }
    return finish_var<W>(r, out, value, negative, k, at);
  }
  if (!r.need(8)) return false;
  std::uint64_t byte = r.in.take(8);
  bool negative = false;
  bool more;
  std::uint64_t value;
  if constexpr (W.is_signed) {
    negative = (byte & 0x80) != 0;
    more = (byte & 0x40) != 0;
    value = byte & 0x3F;
  } else {
    more = (byte & 0x80) != 0;
    value = byte & 0x7F;
  }
  unsigned k = 1;
  while (more) {
    if (!r.need(8)) return false;
    byte = r.in.take(8);
    if (++k == W.max_bytes) {
      value = (value << 8) | byte;
      break;
    }
    more = (byte & 0x80) != 0;
    value = (value << 7) | (byte & 0x7F);
  }
  return finish_var<W>(r, out, value, negative, k, at);
}

template <field_spec S, class T, class In>
PRISM_INLINE bool read_scalar(In& r, T& v) {
  constexpr scalar_spec spec = scalar_of<T, S>();
  const std::uint64_t at = r.in.position();
  if constexpr (spec.kind == wire::boolean) {
    if (!r.need(1)) return false;
    v = r.in.take(1) != 0;
    return true;
  } else if constexpr (spec.kind == wire::float16) {
    if (!r.need(16)) return false;
    v = static_cast<T>(half_to_float(static_cast<std::uint16_t>(r.in.take(16))));
    return true;
  } else if constexpr (spec.kind == wire::float32) {
    if (!r.need(32)) return false;
    v = static_cast<T>(std::bit_cast<float>(static_cast<std::uint32_t>(r.in.take(32))));
    return true;
  } else if constexpr (spec.kind == wire::float64) {
    if (!r.need(64)) return false;
    v = std::bit_cast<double>(r.in.take(64));
    return true;
  } else if constexpr (spec.kind == wire::fixed) {
    if (!r.need(spec.bits)) return false;
    const std::uint64_t bits = spec.is_signed ? static_cast<std::uint64_t>(r.in.take_signed(spec.bits)) : r.in.take(spec.bits);
    if constexpr (!enumeration<T> && spec.bits == sizeof(T) * 8) {
      v = static_cast<T>(bits);
      return true;
    } else {
      return store_integer<S>(r, v, bits, at);
    }
  } else {
    std::uint64_t bits = 0;
    if (!read_var<spec>(r, bits)) return false;
    return store_integer<S, T, In, true>(r, v, bits, at);
  }
}

template <class In>
PRISM_INLINE bool read_size(In& r, std::uint64_t& n) {
  if (r.in.can_peek64()) [[likely]] {
    const std::uint64_t window = r.in.peek64();
    if ((window >> 63) == 0) {  // below 128: one byte, the common case of lengths
      n = window >> 56;
      r.in.skip(8);
      return true;
    }
  }
  return read_var<scalar_spec{wire::varsize, 0, false, 5}>(r, n) &&
         (n >> 31 == 0 || r.fail(errc::invalid_value, r.in.position(), "a varsize below 2^31"));
}

// The fewest bits a value takes; packed slots may take none.
template <class T, field_spec S, bool Packed>
constexpr std::uint64_t min_bits() noexcept {
  if constexpr (scalar<T>) {
    constexpr scalar_spec spec = scalar_of<T, S>();
    if constexpr (Packed && packable_scalar<T>) return 0;
    else if constexpr (spec.kind == wire::var || spec.kind == wire::varsize) return 8;
    else return spec.bits;
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    return 1;
  } else if constexpr (fixed_array<T>) {
    return std::tuple_size_v<T> * min_bits<typename T::value_type, element_spec(S), Packed>();
  } else if constexpr (sequence<T>) {
    return S.length_from < 0 ? 8 : 0;
  } else if constexpr (variant_type<T>) {
    return Packed ? 0 : 8;
  } else if constexpr (tuple_type<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (min_bits<std::tuple_element_t<I, T>, field_spec{}, Packed>() + ... + 0);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (plain_struct<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (min_bits<field_type<T, I>, spec_of<T, I>(), Packed>() + ... + 0);
    }(std::make_index_sequence<field_count_v<T>>{});
  } else {
    return 8;  // strings and blobs: their length
  }
}

template <field_spec S, class T, class In>
PRISM_INLINE bool read_slot(In& r, delta_context& c, T& v) {
  if (!c.started) [[unlikely]] {
    c.started = true;
    if (!r.need(1)) return false;
    c.is_packed = r.in.take(1) != 0;
    if (c.is_packed) {
      if (!r.need(6)) return false;
      c.max_bit_number = static_cast<unsigned>(r.in.take(6));
    }
  } else if (c.is_packed) {
    const std::uint64_t at = r.in.position();
    if (const unsigned width = c.delta_bits()) {
      if (!r.need(width)) return false;
      c.previous += static_cast<std::uint64_t>(r.in.take_signed(width));
    }
    return store_integer<S>(r, v, c.previous, at);
  }
  if (!read_scalar<S>(r, v)) return false;
  c.previous = to_bits(v);
  return true;
}

template <options O, field_spec S, bool Packed, class T, class In, class Pack>
bool read_value(In& r, T& v, Pack& pack, std::uint64_t length = 0);

// A member or element: scalars inline, everything else through read_value.
template <options O, field_spec S, bool Packed, class T, class In, class Pack>
PRISM_INLINE bool read_member(In& r, T& v, Pack& pack, std::uint64_t length = 0) {
  if constexpr (scalar<T> && S.align == 0) {
    if constexpr (Packed && packable_scalar<T>) {
      return read_slot<S>(r, pack, v);
    } else {
      return read_scalar<S>(r, v);
    }
  } else {
    return read_value<O, S, Packed>(r, v, pack, length);
  }
}

template <options O, class T, class In>
bool read_text(In& r, T& v) {
  std::uint64_t n = 0;
  if (!read_size(r, n)) return false;
  const std::uint64_t at = r.in.position();
  if (!r.need(n * 8)) return false;
  if (n > r.ctx.lim.max_elements) [[unlikely]] return r.fail(errc::too_many_elements, at);
  const auto size = static_cast<std::size_t>(n);
  if constexpr (string_view_type<T> || byte_span<T>) {
    if (!r.in.aligned()) [[unlikely]] return r.fail(errc::type_mismatch, at, "a byte-aligned string for a view");
    const std::uint8_t* p = r.in.byte_pointer();
    if constexpr (string_view_type<T>) {
      if constexpr (O.validate_utf8) {
        if (!detail::utf8_valid(p, size)) [[unlikely]] return r.fail(errc::invalid_utf8, at);
      }
    }
    v = T(reinterpret_cast<const typename T::value_type*>(p), size);
    r.in.skip(n * 8);
    return true;
  } else {
    if (!r.ctx.charge(size)) return false;
    if (r.in.aligned()) {
      const std::uint8_t* p = r.in.byte_pointer();
      if constexpr (string_type<T> && O.validate_utf8) {
        if (!detail::utf8_valid(p, size, static_cast<std::size_t>(r.in.remaining() / 8))) [[unlikely]]
          return r.fail(errc::invalid_utf8, at);
      }
      detail::assign_bytes(v, p, size);
      r.in.skip(n * 8);
      return true;
    }
    if (v.size() != size) v.resize(size);
    [[maybe_unused]] const std::uint64_t seen = r.in.take_bytes(reinterpret_cast<std::uint8_t*>(v.data()), size);
    if constexpr (string_type<T> && O.validate_utf8) {
      if ((seen & 0x8080808080808080ull) != 0 && !detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(v.data()), size)) [[unlikely]]
        return r.fail(errc::invalid_utf8, at);
    }
    return true;
  }
}

// Records of fixed shape: scalars, and structs of them, with no alignment, packing or length
// taken from another field. Arrays of them are read first by a loop whose reader is a local
// that lives in registers, with no error bookkeeping: through a reader that the rest of the
// decoder shares by reference, the bit position is stored and loaded again around every value
// (the stores to elements could change it, for all the compiler knows), and that store and
// load lie on the path from one value to the next. The loop stops at anything unusual (the
// last bytes of the input, a value out of range) and leaves that element to the checked path,
// which reports the error.
template <class T, field_spec S>
constexpr bool flat_record() {
  if constexpr (S.align != 0 || S.packed || S.length_from >= 0) {
    return false;
  } else if constexpr (scalar<T>) {
    return true;
  } else if constexpr (plain_struct<T> && !optional_type<T> && !owning_pointer<T> && !sequence<T>) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (flat_record<field_type<T, I>, spec_of<T, I>()>() && ...);
    }(std::make_index_sequence<field_count_v<T>>{});
  } else {
    return false;
  }
}

template <class T>
constexpr std::size_t flat_depth() {
  if constexpr (scalar<T>) {
    return 0;
  } else {
    return 1 + []<std::size_t... I>(std::index_sequence<I...>) {
      return std::max({std::size_t{0}, flat_depth<field_type<T, I>>()...});
    }(std::make_index_sequence<field_count_v<T>>{});
  }
}

// A reader that records no error: false means "take the checked path".
struct probe_input {
  bit_reader in;
  std::uint64_t base_bits;
  PRISM_INLINE bool fail(errc, std::uint64_t, std::string_view = {}) noexcept { return false; }
  PRISM_INLINE bool need(std::uint64_t bits) const noexcept { return in.has(bits); }
};

template <field_spec S, class T>
PRISM_INLINE bool probe_flat(probe_input& p, T& v) {
  if constexpr (scalar<T>) {
    return read_scalar<S>(p, v);
  } else {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (probe_flat<spec_of<T, I>()>(p, get_field<I>(v)) && ...);
    }(std::make_index_sequence<field_count_v<T>>{});
  }
}

// Reads elements from `it` on through the fast loop; returns how many it read.
template <field_spec ES, class In, class It, class End>
PRISM_INLINE std::size_t read_flat_elements(In& r, It& it, End end) {
  using E = std::remove_cvref_t<decltype(*it)>;
  if (r.ctx.depth + flat_depth<E>() > r.ctx.lim.max_depth) return 0;
  probe_input p{r.in, r.base_bits};
  std::size_t done = 0;
  for (; it != end; ++it, ++done) {
    const bit_reader before = p.in;
    if (!probe_flat<ES>(p, *it)) [[unlikely]] {
      p.in = before;
      break;
    }
  }
  r.in = p.in;
  return done;
}

template <options O, field_spec S, bool Packed, class R, class In>
bool read_elements(In& r, R& range) {
  using E = range_value_t<R>;
  constexpr field_spec ES = element_spec(S);
  if constexpr (array_as_bytes<R, S, Packed>()) {
    const std::size_t n = std::ranges::size(range);
    r.in.take_bytes(reinterpret_cast<std::uint8_t*>(std::ranges::data(range)), n);  // checked by the caller
    return true;
  } else if constexpr ((S.packed || Packed) && has_slots<packing_t<E, ES>>) {
    packing_t<E, ES> contexts{};
    std::size_t i = 0;
    for (auto& e : range) {
      if (!read_member<O, ES, true>(r, e, contexts)) [[unlikely]] return r.ctx.in_element(i);
      ++i;
    }
    return true;
  } else {
    no_packing none;
    std::size_t i = 0;
    auto it = std::ranges::begin(range);
    const auto end = std::ranges::end(range);
    if constexpr (flat_record<E, ES>() && std::is_same_v<std::remove_cvref_t<decltype(*it)>, E>) {
      i = read_flat_elements<ES>(r, it, end);
    }
    for (; it != end; ++it, ++i) {
      if constexpr (std::is_same_v<E, bool> && !std::is_same_v<std::remove_cvref_t<decltype(*it)>, bool>) {
        bool b = false;  // std::vector<bool>
        if (!read_scalar<ES>(r, b)) [[unlikely]] return r.ctx.in_element(i);
        *it = b;
      } else {
        if (!read_member<O, ES, false>(r, *it, none)) [[unlikely]] return r.ctx.in_element(i);
      }
    }
    return true;
  }
}

template <class T, field_spec S, bool Packed, class In>
PRISM_INLINE bool check_count(In& r, std::uint64_t n, std::uint64_t at) {
  using E = range_value_t<T>;
  if (n > r.ctx.lim.max_elements) [[unlikely]] return r.fail(errc::too_many_elements, at);
  constexpr std::uint64_t each = min_bits<E, element_spec(S), Packed || S.packed>();
  if constexpr (each != 0) {
    if (n > r.in.remaining() / each) [[unlikely]] return r.fail(errc::unexpected_end, at);
  }
  return r.ctx.charge(static_cast<std::size_t>(n) * sizeof(E));
}

template <options O, bool Packed, class T, class In, class Pack>
bool read_struct(In& r, T& v, Pack& pack) {
  if (!r.ctx.enter()) return false;
  const bool ok = all_fields<T>([&](auto i) {
    constexpr std::size_t I = i.value;
    constexpr field_spec S = spec_of<T, I>();
    std::uint64_t length = 0;
    if constexpr (S.length_from >= 0) {
      const auto n = get_field<static_cast<std::size_t>(S.length_from)>(v);
      if constexpr (std::is_signed_v<decltype(n)>) {
        if (n < 0) [[unlikely]] {
          r.fail(errc::invalid_value, r.in.position(), "a non-negative array length");
          return detail::in_field_at<T>(r.ctx, I);
        }
      }
      length = static_cast<std::uint64_t>(n);
    }
    if (!read_member<O, S, Packed>(r, get_field<I>(v), slot_of<Pack, I, Packed>(pack), length)) [[unlikely]]
      return detail::in_field_at<T>(r.ctx, I);
    return true;
  });
  r.ctx.leave();
  return ok;
}

template <options O, field_spec S, bool Packed, class T, class In, class Pack>
bool read_value(In& r, T& v, Pack& pack, std::uint64_t length) {
  if constexpr (detail::travels_as_other<T>) {
    const std::size_t at = static_cast<std::size_t>((r.base_bits + r.in.position()) / 8);
    return detail::read_travelling(r.ctx, v, at, [&](auto& p) { return read_value<O, S, Packed>(r, p, pack, length); });
  } else if constexpr (S.align != 0 && !optional_type<T> && !owning_pointer<T>) {
    const std::uint64_t pad = (S.align - (r.base_bits + r.in.position()) % S.align) % S.align;
    if (!r.need(pad)) return false;
    r.in.skip(pad);
    return read_value<O, without_align(S), Packed>(r, v, pack, length);
  } else if constexpr (scalar<T>) {
    if constexpr (Packed && packable_scalar<T>) {
      return read_slot<S>(r, pack, v);
    } else {
      return read_scalar<S>(r, v);
    }
  } else if constexpr (string_type<T> || string_view_type<T> || blob<T>) {
    return read_text<O>(r, v);
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    if (!r.need(1)) return false;
    if (r.in.take(1) == 0) {
      v.reset();
      return true;
    }
    if constexpr (optional_type<T>) {
      return read_value<O, S, Packed>(r, detail::ensure_engaged(v), pack, length);
    } else {
      return read_value<O, S, Packed>(r, detail::ensure_allocated(v), pack, length);
    }
  } else if constexpr (fixed_array<T>) {
    if constexpr (array_as_bytes<T, S, Packed>()) {
      if (!r.need(std::uint64_t{std::tuple_size_v<T>} * 8)) return false;
    }
    return read_elements<O, S, Packed>(r, v);
  } else if constexpr (set_type<T>) {
    return detail::read_set(v, [&](auto& items) { return read_value<O, S, Packed>(r, items, pack, length); });
  } else if constexpr (resizable_sequence<T>) {
    const std::uint64_t at = r.in.position();
    std::uint64_t n = length;
    if constexpr (S.length_from < 0) {
      if (!read_size(r, n)) return false;
    }
    if (!check_count<T, S, Packed>(r, n, at)) return false;
    if constexpr (array_as_bytes<T, S, Packed>()) {
      if (!r.need(n * 8)) return false;
    }
    if (!r.ctx.enter()) return false;
    v.resize(static_cast<std::size_t>(n));
    const bool ok = read_elements<O, S, Packed>(r, v);
    r.ctx.leave();
    return ok;
  } else if constexpr (variant_type<T>) {
    const std::uint64_t at = r.in.position();
    std::uint64_t tag = 0;
    if constexpr (Packed) {
      if (!read_slot<field_spec{0, coding::varsize}>(r, pack.tag, tag)) return false;
    } else {
      if (!read_size(r, tag)) return false;
    }
    if (tag >= std::variant_size_v<T>) [[unlikely]] return r.fail(errc::invalid_value, at, "a union tag of one of the alternatives");
    return detail::visit_index<T>(static_cast<std::size_t>(tag), [&](auto i) {
      auto& alternative = detail::ensure_alternative<i.value>(v);
      if constexpr (Packed) {
        return read_value<O, field_spec{}, true>(r, alternative, std::get<i.value>(pack.alternatives));
      } else {
        no_packing none;
        return read_value<O, field_spec{}, false>(r, alternative, none);
      }
    });
  } else if constexpr (tuple_type<T>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (read_value<O, field_spec{}, Packed>(r, std::get<I>(v), slot_of<Pack, I, Packed>(pack)) && ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (plain_struct<T>) {
    return read_struct<O, Packed>(r, v, pack);
  } else {
    static_assert(sizeof(T) == 0, "prism zserio: this type has no zserio encoding (maps and time points have none)");
    return false;
  }
}

}  // namespace prism::zserio_detail

namespace prism {

template <>
struct format_reader<zserio> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& value) {
    zserio_detail::no_packing none;
    if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) {
      zserio_detail::bit_input<Ctx> r{ctx, {ctx.src.cur(), ctx.src.readable()}, std::uint64_t{ctx.src.offset()} * 8};
      if (!zserio_detail::read_value<O, zserio_detail::field_spec{}, false>(r, value, none)) return false;
      ctx.src.advance(static_cast<std::size_t>((r.in.position() + 7) / 8));
      return true;
    } else {
      // A bit stream has no length of its own: take the rest of the stream.
      std::string bytes;
      ctx.src.read_rest(bytes);
      zserio_detail::bit_input<Ctx> r{ctx, {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, 0};
      if (!zserio_detail::read_value<O, zserio_detail::field_spec{}, false>(r, value, none)) return false;
      if constexpr (!O.allow_trailing_bytes) {
        if ((r.in.position() + 7) / 8 != bytes.size()) return r.fail(errc::trailing_bytes, (r.in.position() + 7) / 8 * 8);
      }
      return true;
    }
  }
};

}  // namespace prism
