#pragma once
// Protobuf encoder. A message's length precedes it, so encoding takes two passes over the value
// with the same code: the first measures every nested message and varint-packed field (in the
// order the second pass meets them) and the total; the second reserves the total once and
// writes. Fields are written in declaration order, which is number order by default, so the
// bytes equal libprotobuf's for the same values.
#include <bit>
#include <chrono>
#include <cstring>
#include <ranges>
#include <type_traits>
#include <variant>
#include <vector>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/fields.hpp"
#include "common.hpp"
#include "format.hpp"

namespace prism::protobuf_detail {

// Lengths measured by the first pass, taken in the same order by the second.
class size_cache {
 public:
  std::size_t open() {
    if (count_ < inline_capacity) {
      inline_[count_] = 0;
    } else {
      spill_.push_back(0);
    }
    return count_++;
  }
  void close(std::size_t index, std::size_t length) noexcept { at(index) = length; }
  std::size_t take() noexcept { return at(next_++); }

 private:
  static constexpr std::size_t inline_capacity = 32;
  std::size_t& at(std::size_t i) noexcept { return i < inline_capacity ? inline_[i] : spill_[i - inline_capacity]; }

  std::size_t inline_[inline_capacity];
  std::vector<std::size_t> spill_;
  std::size_t count_ = 0;
  std::size_t next_ = 0;
};

// First pass: counts bytes.
struct measure_pass {
  size_cache& cache;
  std::size_t total = 0;
};

// Second pass: writes into the context's sink. A sink that cannot overflow has had the whole
// message reserved up front, so only fixed buffers and streams check each write.
template <class Ctx>
struct write_pass {
  Ctx& ctx;
  size_cache& cache;

  static constexpr bool checked = std::remove_cvref_t<decltype(std::declval<Ctx&>().out)>::can_overflow;
  PRISM_INLINE bool room(std::size_t n) {
    if constexpr (checked) {
      return ctx.reserve(n);
    } else {
      return true;
    }
  }
};

template <class Out>
inline constexpr bool measuring = std::is_same_v<Out, measure_pass>;

template <class Out>
PRISM_INLINE bool put_tag(Out& out, const tag_bytes& t) {
  if constexpr (measuring<Out>) {
    out.total += t.size;
  } else {
    if (!out.room(t.size)) return false;
    std::uint8_t* p = out.ctx.out.cur();
    for (std::size_t i = 0; i < t.size; ++i) p[i] = t.bytes[i];
    out.ctx.out.advance(t.size);
  }
  return true;
}

template <class Out>
PRISM_INLINE bool put_varint_field(Out& out, std::uint64_t v) {
  if constexpr (measuring<Out>) {
    out.total += varint_size(v);
  } else {
    if (!out.room(10)) return false;
    out.ctx.out.advance(put_varint(out.ctx.out.cur(), v));
  }
  return true;
}

template <std::size_t Width, class Out>
PRISM_INLINE bool put_fixed(Out& out, std::uint64_t bits) {
  if constexpr (measuring<Out>) {
    out.total += Width;
  } else {
    if (!out.room(Width)) return false;
    if constexpr (Width == 4) {
      detail::store_le32(out.ctx.out.cur(), static_cast<std::uint32_t>(bits));
    } else {
      detail::store_le64(out.ctx.out.cur(), bits);
    }
    out.ctx.out.advance(Width);
  }
  return true;
}

template <class Out>
PRISM_INLINE bool put_raw(Out& out, const void* data, std::size_t n) {
  if constexpr (measuring<Out>) {
    out.total += n;
  } else {
    if (!out.room(n)) return false;
    detail::copy_bytes(out.ctx.out.cur(), data, n);
    out.ctx.out.advance(n);
  }
  return true;
}

// A length-delimited block whose length is only known once its body is measured.
template <class Out, class Body>
PRISM_INLINE bool put_block(Out& out, Body&& body) {
  if constexpr (measuring<Out>) {
    const std::size_t index = out.cache.open();
    const std::size_t start = out.total;
    body();
    const std::size_t length = out.total - start;
    out.cache.close(index, length);
    out.total += varint_size(length);
    return true;
  } else {
    return put_varint_field(out, out.cache.take()) && body();
  }
}

template <scalar_code C, class T, class Out>
PRISM_INLINE bool put_scalar(Out& out, const T& v) {
  if constexpr (wire_of(C) == wire::varint) {
    return put_varint_field(out, wire_bits<C>(v));
  } else {
    return put_fixed<fixed_width(C)>(out, wire_bits<C>(v));
  }
}

template <options O, protobuf_integer E, class T, class Out>
bool put_body(Out& out, const T& v);

template <options O, protobuf_integer E, class R, class Out>
bool put_packed(Out& out, const R& r) {
  using X = range_value_t<R>;
  constexpr scalar_code C = code_of<X, E, O>();
  constexpr std::size_t width = fixed_width(C);
  if constexpr (width != 0) {
    const std::size_t bytes = std::ranges::size(r) * width;
    if (!put_varint_field(out, bytes)) return false;
    if constexpr (contiguous_numbers<R> && sizeof(X) == width && std::endian::native == std::endian::little) {
      if constexpr (measuring<Out>) {
        out.total += bytes;
        return true;
      } else {
        return out.ctx.write(std::ranges::data(r), bytes);
      }
    } else {
      for (const auto& x : r)
        if (!put_fixed<width>(out, wire_bits<C>(static_cast<X>(x)))) return false;
      return true;
    }
  } else {
    if constexpr (measuring<Out>) {
      return put_block(out, [&] {
        if constexpr (contiguous_numbers<R> && std::is_unsigned_v<X> && sizeof(X) < 8 && C == scalar_code::varint_unsigned) {
          out.total += varint_run_size(std::ranges::data(r), std::ranges::size(r));
        } else {
          for (const auto& x : r) out.total += varint_size(wire_bits<C>(static_cast<X>(x)));
        }
        return true;
      });
    } else {  // the run's length is known: one reservation, then a loop on a local pointer
      const std::size_t length = out.cache.take();
      if (!put_varint_field(out, length)) return false;
      if (!out.room(length)) return false;
      std::uint8_t* p = out.ctx.out.cur();
      for (const auto& x : r) p += put_varint(p, wire_bits<C>(static_cast<X>(x)));
      out.ctx.out.advance(length);
      return true;
    }
  }
}

// One field: its key and value. Without explicit presence (proto3's implicit presence), scalars
// equal to zero and empty strings and ranges are left out.
template <options O, std::uint32_t N, protobuf_integer E, bool Explicit, class T, class Out>
bool put_field(Out& out, const T& v) {
  if constexpr (adapted<T>) {
    return put_field<O, N, E, Explicit>(out, adapter<T>::to(v));
  } else if constexpr (scalar<T>) {
    constexpr scalar_code C = code_of<T, E, O>();
    if constexpr (!Explicit) {
      if (wire_bits<C>(v) == 0) return true;
    }
    return put_tag(out, tag_of<N, wire_of(C)>) && put_scalar<C>(out, v);
  } else if constexpr (bytes_like<T>) {
    const std::size_t n = std::ranges::size(v);
    if constexpr (!Explicit) {
      if (n == 0) return true;
    }
    return put_tag(out, tag_of<N, wire::len>) && put_varint_field(out, n) && put_raw(out, std::ranges::data(v), n);
  } else if constexpr (pointer_like<T>) {
    return !v || put_field<O, N, E, true>(out, *v);
  } else if constexpr (adapted_scalar_range<T>) {
    return put_field<O, N, E, Explicit>(out, detail::travelling_range(v));
  } else if constexpr (packed_range<T>) {
    if constexpr (!Explicit) {
      if (std::ranges::empty(v)) return true;
    }
    return put_tag(out, tag_of<N, wire::len>) && put_packed<O, E>(out, v);
  } else if constexpr (repeated_range<T>) {
    using X = range_value_t<T>;
    for (const auto& x : v) {
      if constexpr (bytes_like<travels_as_t<X>> || message_like<travels_as_t<X>>) {
        if (!put_field<O, N, E, true>(out, x)) return false;
      } else {  // a range, map or optional element: a message whose field 1 holds it
        if (!put_tag(out, tag_of<N, wire::len>) || !put_block(out, [&] { return put_body<O, E>(out, x); })) return false;
      }
    }
    return true;
  } else if constexpr (map_type<T>) {
    for (const auto& [key, value] : v) {
      if (!put_tag(out, tag_of<N, wire::len>) ||
          !put_block(out, [&] { return put_field<O, 1, E, true>(out, key) && put_field<O, 2, E, true>(out, value); }))
        return false;
    }
    return true;
  } else if constexpr (message_like<T>) {
    return put_tag(out, tag_of<N, wire::len>) && put_block(out, [&] { return put_body<O, E>(out, v); });
  } else {
    static_assert(sizeof(T) == 0, "prism::protobuf: this type cannot be written");
    return false;
  }
}

// How the alternatives of a variant are numbered: as a struct member (from the member's first
// number) or on their own (from 1).
template <class T, std::size_t I>
struct member_alternatives {
  template <std::size_t A>
  static constexpr std::uint32_t number = alternative_number<T, I, A>();
};
template <class V>
struct own_alternatives {
  template <std::size_t A>
  static constexpr std::uint32_t number = oneof_number<V, A>();
};

// The active alternative of a oneof.
template <options O, protobuf_integer E, class Numbers, class V, class Out>
bool put_oneof(Out& out, const V& v) {
  if (v.valueless_by_exception()) return true;
  return detail::visit_index<V>(v.index(), [&](auto a) {
    using A = std::variant_alternative_t<a, V>;
    if constexpr (std::is_same_v<A, std::monostate>) {
      return true;
    } else {
      return put_field<O, Numbers::template number<a>, E, true>(out, *std::get_if<a>(&v));
    }
  });
}

// The fields of a message: a struct's members, a tuple's elements (numbered from 1), a
// Timestamp, a oneof, or for any other value a message whose field 1 holds it.
template <options O, protobuf_integer E, class T, class Out>
bool put_body(Out& out, const T& v) {
  if constexpr (plain_struct<T>) {
    return all_fields<T>([&](auto I) {
      using M = field_type<T, I>;
      const auto& member = get_field<I>(v);
      if constexpr (std::is_same_v<M, protobuf_unknown_fields>) {
        return member.bytes.empty() || put_raw(out, member.bytes.data(), member.bytes.size());
      } else if constexpr (variant_type<M>) {
        return put_oneof<O, encoding_of<T, I>, member_alternatives<T, I>>(out, member);
      } else {
        return put_field<O, first_number<T, I>(), encoding_of<T, I>, false>(out, member);
      }
    });
  } else if constexpr (tuple_type<T>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (put_field<O, I + 1, E, false>(out, std::get<I>(v)) && ...);
    }(std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (time_point_type<T>) {
    using namespace std::chrono;
    const auto since = v.time_since_epoch();
    const auto secs = floor<seconds>(since);
    const auto nanos = static_cast<std::int32_t>(duration_cast<nanoseconds>(since - secs).count());
    return put_field<O, 1, protobuf_integer::varint, false>(out, static_cast<std::int64_t>(secs.count())) &&
           put_field<O, 2, protobuf_integer::varint, false>(out, nanos);
  } else if constexpr (variant_type<T>) {
    return put_oneof<O, E, own_alternatives<T>>(out, v);
  } else {
    return put_field<O, 1, E, false>(out, v);
  }
}

}  // namespace prism::protobuf_detail

namespace prism {

template <>
struct format_writer<protobuf> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    protobuf_detail::size_cache cache;
    protobuf_detail::measure_pass measure{cache};
    protobuf_detail::put_body<O, protobuf_integer::automatic>(measure, v);
    protobuf_detail::write_pass<Ctx> pass{ctx, cache};
    if constexpr (!protobuf_detail::write_pass<Ctx>::checked) ctx.reserve(measure.total);
    return protobuf_detail::put_body<O, protobuf_integer::automatic>(pass, v);
  }
};

}  // namespace prism
