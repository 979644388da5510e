#pragma once
// zserio encoder: one pass over the value into a bit_writer. Packed arrays take a second look at
// their elements first, to choose each slot's delta width as zserio does.
#include <bit>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <variant>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/fields.hpp"
#include "bit_stream.hpp"
#include "common.hpp"
#include "format.hpp"
#include "packing.hpp"

namespace prism::zserio_detail {

inline constexpr no_packing unpacked{};

template <class W>
PRISM_COLD bool write_failure(W& w, errc code, std::string_view expected) {
  auto& ctx = w.context();
  return ctx.fail(code, ctx.out.position(), expected);
}

// The value as the magnitude and sign that varints carry.
template <scalar_spec W>
constexpr std::uint64_t magnitude_of(std::uint64_t bits, bool& negative) noexcept {
  negative = W.is_signed && static_cast<std::int64_t>(bits) < 0;
  return negative ? 0 - bits : bits;
}

// Bits of one value in its normal (unpacked) encoding; 0 when it cannot be encoded.
template <field_spec S, class T>
constexpr std::uint64_t scalar_bits(const T& v) noexcept {
  constexpr scalar_spec W = scalar_of<T, S>();
  if constexpr (W.kind == wire::var || W.kind == wire::varsize) {
    bool negative = false;
    const std::uint64_t magnitude = magnitude_of<W>(to_bits(v), negative);
    if (negative && W.max_bytes == 9 && magnitude == (std::uint64_t{1} << 63)) return 8;
    return var_bits_of<W>(magnitude);
  } else {
    return W.bits;
  }
}

template <field_spec S, class T, class W>
PRISM_INLINE bool write_scalar(W& w, const T& v) {
  constexpr scalar_spec spec = scalar_of<T, S>();
  if constexpr (spec.kind == wire::boolean) {
    return w.put_bool(v);
  } else if constexpr (spec.kind == wire::float16) {
    return w.put(float_to_half(static_cast<float>(v)), 16);
  } else if constexpr (spec.kind == wire::float32) {
    return w.put(std::bit_cast<std::uint32_t>(static_cast<float>(v)), 32);
  } else if constexpr (spec.kind == wire::float64) {
    return w.put(std::bit_cast<std::uint64_t>(static_cast<double>(v)), 64);
  } else if constexpr (spec.kind == wire::fixed) {
    std::uint64_t bits = to_bits(v);
    if constexpr (spec.bits < sizeof(integer_of_t<T>) * 8) {
      if constexpr (spec.is_signed) {
        const auto s = static_cast<std::int64_t>(bits);
        const std::int64_t bound = std::int64_t{1} << (spec.bits - 1);
        if (s < -bound || s >= bound) [[unlikely]] return write_failure(w, errc::out_of_range, "a value that fits int:N");
        bits &= (std::uint64_t{1} << spec.bits) - 1;
      } else {
        if (bits >> spec.bits) [[unlikely]] return write_failure(w, errc::out_of_range, "a value that fits bit:N");
      }
    } else if constexpr (spec.is_signed && spec.bits < 64) {
      bits &= (std::uint64_t{1} << spec.bits) - 1;  // drop the sign extension
    }
    return w.put(bits, spec.bits);
  } else {
    bool negative = false;
    const std::uint64_t magnitude = magnitude_of<spec>(to_bits(v), negative);
    if constexpr (spec.kind == wire::varsize) {
      if (negative || magnitude >> 31) [[unlikely]] return write_failure(w, errc::out_of_range, "a varsize below 2^31");
    } else if constexpr (spec.max_bytes == 9 && spec.is_signed) {
      if (negative && magnitude == (std::uint64_t{1} << 63)) return w.put(0x80, 8);  // INT64_MIN is "-0"
    }
    const unsigned k = var_bytes(magnitude, spec.max_bytes, spec.is_signed);
    if (k == 0) [[unlikely]] return write_failure(w, errc::out_of_range, "a value within the varint's range");
    const var_code code = encode_var(magnitude, negative, k, spec.max_bytes, spec.is_signed);
    if (k == 9) return w.put(code.first, 8) && w.put(code.word, 64);
    return w.put(code.word, 8 * k);
  }
}

template <class W>
PRISM_INLINE bool write_size(W& w, std::size_t n) {
  return write_scalar<field_spec{0, coding::varsize}>(w, static_cast<std::uint64_t>(n));
}

// ---- packing: the init pass ---------------------------------------------------------------------

template <field_spec S, class T, class Pack>
void init_slots(Pack& pack, const T& v);

template <class T, class Pack, std::size_t... I>
void init_struct_slots(Pack& pack, const T& v, std::index_sequence<I...>) {
  (init_slots<spec_of<T, I>()>(std::get<I>(pack), get_field<I>(v)), ...);
}

template <field_spec S, class T, class Pack>
void init_slots(Pack& pack, const T& v) {
  if constexpr (std::is_same_v<Pack, no_packing>) {
    return;
  } else if constexpr (adapted<T>) {
    init_slots<S>(pack, adapter<T>::to(v));
  } else if constexpr (packable_scalar<T>) {
    pack.init(to_bits(v), std::is_signed_v<integer_of_t<T>>, scalar_bits<S>(v));
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    if (v) init_slots<S>(pack, *v);
  } else if constexpr (variant_type<T>) {
    constexpr field_spec tag_spec{0, coding::varsize};
    pack.tag.init(v.index(), false, scalar_bits<tag_spec>(static_cast<std::uint64_t>(v.index())));
    detail::visit_index<T>(v.index(), [&](auto i) {
      init_slots<field_spec{}>(std::get<i.value>(pack.alternatives), *std::get_if<i.value>(&v));
      return true;
    });
  } else if constexpr (tuple_type<T>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (init_slots<field_spec{}>(std::get<I>(pack), std::get<I>(v)), ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else {
    init_struct_slots(pack, v, std::make_index_sequence<field_count_v<T>>{});
  }
}

// A slot's value: the descriptor before the first, then deltas or plain values.
template <field_spec S, class T, class W>
PRISM_INLINE bool write_slot(W& w, delta_context& c, const T& v) {
  const std::uint64_t bits = to_bits(v);
  if (!c.started) [[unlikely]] {
    c.started = true;
    c.decide();
    if (!w.put_bool(c.is_packed)) return false;
    if (c.is_packed && !w.put(c.max_bit_number, 6)) return false;
  } else if (c.is_packed) {
    const unsigned width = c.delta_bits();
    const std::uint64_t delta = bits - c.previous;
    c.previous = bits;
    if (width == 0) return true;
    return w.put(width == 64 ? delta : delta & ((std::uint64_t{1} << width) - 1), width);
  }
  c.previous = bits;
  return write_scalar<S>(w, v);
}

// ---- values -------------------------------------------------------------------------------------

template <options O, field_spec S, bool Packed, class T, class W, class Pack>
bool write_value(W& w, const T& v, Pack& pack);

template <options O, field_spec S, bool Packed, class R, class W>
bool write_elements(W& w, const R& range) {
  using E = range_value_t<R>;
  constexpr field_spec ES = element_spec(S);
  if constexpr (array_as_bytes<R, S, Packed>()) {
    return w.put_bytes(reinterpret_cast<const std::uint8_t*>(std::ranges::data(range)), std::ranges::size(range));
  } else if constexpr ((S.packed || Packed) && has_slots<packing_t<E, ES>>) {
    if (std::ranges::empty(range)) return true;
    packing_t<E, ES> contexts{};
    for (const auto& e : range) init_slots<ES>(contexts, e);
    std::size_t i = 0;
    for (const auto& e : range) {
      if (!write_value<O, ES, true>(w, e, contexts)) [[unlikely]] return w.context().in_element(i);
      ++i;
    }
    return true;
  } else {
    static_assert(!S.packed, "prism zserio: packed needs integers, enums or structs holding them");
    std::size_t i = 0;
    for (const auto& e : range) {
      if (!write_value<O, ES, false>(w, static_cast<const E&>(e), unpacked)) [[unlikely]] return w.context().in_element(i);
      ++i;
    }
    return true;
  }
}

template <options O, bool Packed, class T, class W, class Pack>
bool write_struct(W& w, const T& v, Pack& pack) {
  return all_fields<T>([&](auto i) {
    constexpr std::size_t I = i.value;
    constexpr field_spec S = spec_of<T, I>();
    const auto& member = get_field<I>(v);
    if constexpr (S.length_from >= 0) {
      const auto& length = get_field<static_cast<std::size_t>(S.length_from)>(v);
      if (static_cast<std::uint64_t>(length) != std::ranges::size(member)) [[unlikely]] {
        write_failure(w, errc::size_mismatch, "as many elements as the length field says");
        return detail::in_field_at<T>(w.context(), I);
      }
    }
    if (!write_value<O, S, Packed>(w, member, slot_of<Pack, I, Packed>(pack))) [[unlikely]]
      return detail::in_field_at<T>(w.context(), I);
    return true;
  });
}

template <options O, field_spec S, bool Packed, class T, class W, class Pack>
bool write_value(W& w, const T& v, Pack& pack) {
  if constexpr (detail::travels_as_other<T>) {
    return write_value<O, S, Packed>(w, detail::travelling_form(v), pack);
  } else if constexpr (S.align != 0 && !optional_type<T> && !owning_pointer<T>) {
    return w.align_to(S.align) && write_value<O, without_align(S), Packed>(w, v, pack);
  } else if constexpr (scalar<T>) {
    if constexpr (Packed && packable_scalar<T>) {
      return write_slot<S>(w, pack, v);
    } else {
      return write_scalar<S>(w, v);
    }
  } else if constexpr (string_type<T> || string_view_type<T> || blob<T>) {
    const auto n = std::ranges::size(v);
    return write_size(w, n) && w.put_bytes(reinterpret_cast<const std::uint8_t*>(std::ranges::data(v)), n);
  } else if constexpr (optional_type<T> || owning_pointer<T>) {
    if (!w.put_bool(static_cast<bool>(v))) return false;
    return !v || write_value<O, S, Packed>(w, *v, pack);  // the value aligns itself, after the bit
  } else if constexpr (fixed_array<T>) {
    return write_elements<O, S, Packed>(w, v);
  } else if constexpr (sequence<T>) {
    if constexpr (S.length_from < 0) {
      if (!write_size(w, std::ranges::size(v))) return false;
    }
    return write_elements<O, S, Packed>(w, v);
  } else if constexpr (variant_type<T>) {
    constexpr field_spec tag_spec{0, coding::varsize};
    const auto tag = static_cast<std::uint64_t>(v.index());
    if constexpr (Packed) {
      if (!write_slot<tag_spec>(w, pack.tag, tag)) return false;
    } else {
      if (!write_scalar<tag_spec>(w, tag)) return false;
    }
    if (v.valueless_by_exception()) [[unlikely]] return write_failure(w, errc::invalid_value, "a variant holding a value");
    return detail::visit_index<T>(v.index(), [&](auto i) {
      const auto& alternative = *std::get_if<i.value>(&v);
      if constexpr (Packed) {
        return write_value<O, field_spec{}, true>(w, alternative, std::get<i.value>(pack.alternatives));
      } else {
        return write_value<O, field_spec{}, false>(w, alternative, unpacked);
      }
    });
  } else if constexpr (tuple_type<T>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (write_value<O, field_spec{}, Packed>(w, std::get<I>(v), slot_of<Pack, I, Packed>(pack)) && ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (plain_struct<T>) {
    return write_struct<O, Packed>(w, v, pack);
  } else {
    static_assert(sizeof(T) == 0, "prism zserio: this type has no zserio encoding (maps and time points have none)");
    return false;
  }
}

}  // namespace prism::zserio_detail

namespace prism {

template <>
struct format_writer<zserio> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& value) {
    zserio_detail::bit_writer<Ctx> w(ctx);
    auto none = zserio_detail::unpacked;
    return zserio_detail::write_value<O, zserio_detail::field_spec{}, false>(w, value, none) && w.finish();
  }
};

}  // namespace prism
