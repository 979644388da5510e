#pragma once
// FlexBuffers encoder: each value is handed to flatbuffers' flexbuffers::Builder (which picks
// the widths, sorts map keys and shares repeated keys); the finished buffer goes to the sink in
// one copy. One Builder per thread is reused, so steady-state writes do not allocate for it.
#include <flatbuffers/flexbuffers.h>

#include <algorithm>
#include <bit>
#include <span>
#include <charconv>
#include <chrono>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "../core/category_write.hpp"
#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/tensor.hpp"
#include "../core/tensor_io.hpp"
#include "format.hpp"

namespace prism::flex_detail {

using builder = flexbuffers::Builder;

// The Builder copies a key's or string's terminating NUL with it, so every key and string it
// sees must have one: field names get NUL-terminated copies at compile time.
template <std::size_t N>
struct nul_terminated {
  char text[N + 1]{};
  constexpr explicit nul_terminated(std::string_view s) {
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
};
template <class T, std::size_t I>
inline constexpr nul_terminated<field_name<T, I>().size()> field_key{field_name<T, I>()};

template <class Ctx>
bool put_key(Ctx& ctx, builder& b, std::string_view key) {
  if (key.find('\0') != std::string_view::npos) [[unlikely]]
    return ctx.fail(errc::invalid_value, ctx.out.position(), "a map key without NUL bytes (FlexBuffers keys are C strings)");
  thread_local std::string scratch;
  scratch.assign(key);
  b.Key(scratch.c_str(), scratch.size());
  return true;
}

inline void put_string(builder& b, std::string_view s) {
  thread_local std::string scratch;
  scratch.assign(s);
  b.String(scratch.c_str(), scratch.size());
}

template <class E>
void put_number(builder& b, E e) {
  if constexpr (std::is_same_v<E, bool>) b.Bool(e);
  else if constexpr (std::is_same_v<E, float>) b.Float(e);
  else if constexpr (std::is_same_v<E, double>) b.Double(e);
  else if constexpr (std::is_signed_v<E>) b.Int(static_cast<std::int64_t>(e));
  else b.UInt(static_cast<std::uint64_t>(e));
}

// `n` numbers of E as a typed vector. Short runs of integers are pushed one by one so that the
// Builder picks the narrowest width that holds them all; longer runs, and floats, are copied at
// E's own width (when the count fits in that width, the Builder's rule for a size prefix).
template <class E>
void put_numbers(builder& b, const E* p, std::size_t n) {
  constexpr std::size_t short_run = 32;
  bool pushed = std::is_integral_v<E> && sizeof(E) > 1 && n <= short_run;
  if constexpr (sizeof(E) < 8) pushed = pushed || n >= (std::uint64_t{1} << (8 * sizeof(E)));
  if (pushed) b.TypedVector([&] { for (std::size_t i = 0; i < n; ++i) put_number(b, p[i]); });
  else b.Vector(p, n);
}

constexpr std::size_t width_of(std::uint64_t u) noexcept { return u < 0x100 ? 1 : u < 0x10000 ? 2 : u < 0x100000000ull ? 4 : 8; }
constexpr std::size_t align_up(std::size_t at, std::size_t w) noexcept { return (at + w - 1) / w * w; }

// How to lay out a tensor's dtype and extents so that the blob after them starts at a multiple
// of `alignment` from the buffer's start: the dtype inline or indirect (one byte in the buffer),
// the extents a typed or an untyped vector (one type byte per extent), at their natural width or
// wider. Follows the Builder's layout: each vector and blob is preceded by padding to its width
// and a size prefix of that width.
struct tensor_layout {
  bool indirect_dtype = false;
  bool typed_extents = true;
  std::size_t extents_width = 0;  // 0: no layout puts the blob where it should be
};

inline tensor_layout plan_tensor(std::size_t at, std::span<const std::size_t> shape, std::size_t bytes, std::size_t alignment) {
  std::size_t natural = width_of(shape.size());
  for (std::size_t e : shape) natural = std::max(natural, width_of(e));
  const std::size_t prefix = width_of(bytes);
  for (bool typed : {true, false}) {
    if (!typed && shape.empty()) break;
    for (bool indirect : {false, true}) {
      for (std::size_t w = natural; w <= 8; w *= 2) {
        const std::size_t extents_end = align_up(at + (indirect ? 1 : 0), w) + w * (1 + shape.size()) + (typed ? 0 : shape.size());
        if ((align_up(extents_end, prefix) + prefix) % alignment == 0) return {indirect, typed, w};
      }
    }
  }
  return {};
}

// [dtype, [extents...], data(, 1 when column-major)]. The data is a blob placed at an offset
// aligned for the element type (see plan_tensor); when no layout allows that, a typed vector of
// the element (or of a complex element's parts, or float16's bits), which the Builder aligns.
template <class T>
void write_tensor(builder& b, const T& t) {
  using E = std::remove_const_t<typename T::element_type>;
  using part = std::conditional_t<std::is_same_v<E, float16>, std::uint16_t,
                                  std::conditional_t<std::is_same_v<E, std::complex<float>>, float,
                                                     std::conditional_t<std::is_same_v<E, std::complex<double>>, double, E>>>;
  const std::size_t rank = std::size(t.shape());
  const std::span<const std::size_t> shape(std::data(t.shape()), rank);
  const tensor_layout plan = plan_tensor(b.GetSize(), shape, t.size_bytes(), alignof(part));
  const std::size_t start = b.StartVector();
  const auto code = static_cast<std::uint8_t>(dtype_of<E>);
  if (plan.indirect_dtype) b.IndirectUInt(code);
  else b.UInt(code);
  const std::size_t extents = b.StartVector();
  for (std::size_t e : shape) b.UInt(e);
  if (plan.extents_width) b.ForceMinimumBitWidth(static_cast<flexbuffers::BitWidth>(std::countr_zero(plan.extents_width)));
  b.EndVector(extents, rank != 0 && plan.typed_extents, false);
  b.ForceMinimumBitWidth();
  if (plan.extents_width || t.size() == 0) {
    b.Blob(t.data(), t.size_bytes());
  } else {
    put_numbers(b, reinterpret_cast<const part*>(t.data()), t.size_bytes() / sizeof(part));
  }
  if (t.order() == memory_order::column_major) b.UInt(1);
  b.EndVector(start, false, false);
}

// What a write carries: the write context (errors, the sink) and the Builder the values go to.
template <class Ctx>
struct building {
  Ctx& ctx;
  builder& b;
};

template <class K, class Ctx>
bool put_map_key(building<Ctx>& w, const K& key) {
  if constexpr (string_type<K> || string_view_type<K>) {
    return put_key(w.ctx, w.b, std::string_view(key));
  } else if constexpr (integer<K>) {
    char text[24];
    const auto r = std::to_chars(text, text + sizeof text, key);
    return put_key(w.ctx, w.b, std::string_view(text, static_cast<std::size_t>(r.ptr - text)));
  } else if constexpr (enumeration<K>) {
    const std::string_view name = enum_name(key);
    if (name.empty()) return w.ctx.fail(errc::invalid_enum, w.ctx.out.position(), "a named enumerator as a map key");
    return put_key(w.ctx, w.b, name);
  } else {
    static_assert(sizeof(K) == 0, "prism::flex: map keys must be strings, integers or enums");
    return false;
  }
}

// FlexBuffers' encodings for the type dispatch in core (core/category_write.hpp): every value
// goes to the Builder, which lays out containers when they end.
struct wire_writer {
  using format = flex;
  template <options O, class T, class Ctx>
  static bool write(building<Ctx>& w, const T& v) { return detail::write_category<wire_writer, O>(w, v); }
  // A std::string is NUL-terminated already: no copy.
  template <options O, class T>
  static constexpr bool takes_first = string_type<T>;
  template <options O, class Ctx, class T>
  static bool write_first(building<Ctx>& w, const T& v) {
    w.b.String(v.c_str(), v.size());
    return true;
  }
  template <class Ctx, class T>
  static bool write_bool(building<Ctx>& w, T v) {
    w.b.Bool(v);
    return true;
  }
  template <class Ctx, class T>
  static bool write_int(building<Ctx>& w, T v) {
    put_number(w.b, v);
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_float(building<Ctx>& w, T v) {
    if constexpr (std::is_same_v<T, float>) w.b.Float(v);
    else w.b.Double(static_cast<double>(v));
    return true;
  }
  template <options O, class Ctx>
  static bool write_text(building<Ctx>& w, const char* p, std::size_t n) {
    put_string(w.b, std::string_view(p, n));
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_blob(building<Ctx>& w, const T& v) {
    w.b.Blob(v.data(), v.size());
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_tensor(building<Ctx>& w, const T& v) {
    flex_detail::write_tensor(w.b, v);
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_sequence(building<Ctx>& w, const T& v) {
    using E = range_value_t<T>;
    if constexpr (contiguous_numbers<T>) {
      put_numbers(w.b, std::ranges::data(v), std::ranges::size(v));
    } else if constexpr (plain_number<E> || boolean<E>) {
      w.b.TypedVector([&] { for (const auto& e : v) put_number(w.b, static_cast<E>(e)); });
    } else {
      const std::size_t start = w.b.StartVector();
      for (auto it = std::ranges::begin(v); it != std::ranges::end(v); ++it) {
        if (!write<O>(w, *it)) [[unlikely]] return w.ctx.in_element(detail::position_of(v, it));
      }
      w.b.EndVector(start, false, false);
    }
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_map(building<Ctx>& w, const T& v) {
    const std::size_t start = w.b.StartMap();
    for (auto it = std::ranges::begin(v); it != std::ranges::end(v); ++it) {
      if (!put_map_key(w, it->first) || !write<O>(w, it->second)) [[unlikely]]
        return detail::in_map_entry(w.ctx, it->first, detail::position_of(v, it));
    }
    w.b.EndMap(start);
    return true;
  }
  template <class Ctx>
  static bool write_null(building<Ctx>& w) {
    w.b.Null();
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_variant(building<Ctx>& w, const T& v) {
    const std::size_t start = w.b.StartVector();
    w.b.UInt(v.index());
    if (!std::visit([&](const auto& alt) { return write<O>(w, alt); }, v)) return false;
    w.b.EndVector(start, false, false);
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_tuple(building<Ctx>& w, const T& v) {
    const std::size_t start = w.b.StartVector();
    if (!std::apply([&](const auto&... e) { return (write<O>(w, e) && ...); }, v)) return false;
    w.b.EndVector(start, false, false);
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_time(building<Ctx>& w, const T& v) {
    const auto since = v.time_since_epoch();
    using since_type = std::remove_cvref_t<decltype(since)>;
    using ns = std::chrono::nanoseconds;
    if (since > std::chrono::duration_cast<since_type>(ns::max()) || since < std::chrono::duration_cast<since_type>(ns::min())) [[unlikely]]
      return w.ctx.fail(errc::out_of_range, w.ctx.out.position(), "a time within +-292 years of 1970");
    w.b.Int(std::chrono::duration_cast<ns>(since).count());
    return true;
  }
  template <options O, class Ctx, class T>
  static bool write_struct(building<Ctx>& w, const T& v) {
    if constexpr (O.structs_as_arrays) {
      const std::size_t start = w.b.StartVector();
      if (!detail::write_each_field<T>(w.ctx, [&](auto i) { return write<O>(w, get_field<decltype(i)::value>(v)); })) return false;
      w.b.EndVector(start, false, false);
    } else {
      const std::size_t start = w.b.StartMap();
      const bool ok = detail::write_each_field<T>(w.ctx, [&](auto i) {
        constexpr auto& key = field_key<T, decltype(i)::value>;
        w.b.Key(key.text, sizeof key.text - 1);
        return write<O>(w, get_field<decltype(i)::value>(v));
      });
      if (!ok) return false;
      w.b.EndMap(start);
    }
    return true;
  }
};

// The Builder of this thread, cleared: reused across writes so that its buffers stay allocated.
inline builder& thread_builder() {
  thread_local builder b(512);
  b.Clear();
  return b;
}

// Finishes `b` and copies its buffer to the sink.
template <class Ctx>
bool finish(Ctx& ctx, builder& b) {
  b.Finish();
  const auto& buf = b.GetBuffer();
  return ctx.write(buf.data(), buf.size());
}

}  // namespace prism::flex_detail

namespace prism {

template <>
struct format_writer<flex> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    flex_detail::building<Ctx> w{ctx, flex_detail::thread_builder()};
    // An error leaves the Builder mid-value (containers not ended); it is cleared before its next use.
    return flex_detail::wire_writer::write<O>(w, v) && flex_detail::finish(ctx, w.b);
  }
};

}  // namespace prism
