#pragma once
// JSON writer: straight from the C++ value to text, compact or pretty, with the fewest escapes.
#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/utf8.hpp"
#include "../core/variant_names.hpp"
#include "common.hpp"
#include "format.hpp"
#include "time.hpp"

namespace prism::json_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);

template <class Ctx>
PRISM_INLINE bool put_char(Ctx& ctx, char c) {
  if (!ctx.reserve(1)) return false;
  *ctx.out.cur() = static_cast<std::uint8_t>(c);
  ctx.out.advance(1);
  return true;
}

template <class Ctx>
PRISM_INLINE bool put_text(Ctx& ctx, std::string_view s) {
  return ctx.write(s.data(), s.size());
}

// Pretty output: a newline and the indentation of the current depth.
template <options O, class Ctx>
PRISM_INLINE bool newline(Ctx& ctx) {
  if constexpr (!O.pretty) {
    return true;
  } else {
    const std::size_t width = O.indent == 0 ? ctx.depth : ctx.depth * O.indent;
    if (!ctx.reserve(1 + width)) return false;
    std::uint8_t* p = ctx.out.cur();
    p[0] = '\n';
    std::memset(p + 1, O.indent == 0 ? '\t' : ' ', width);
    ctx.out.advance(1 + width);
    return true;
  }
}

// Escapes at most `max_chunk` input bytes per reservation, so that the worst case (six
// output bytes per input byte) never asks a fixed buffer for more than it needs by much.
template <options O, class Ctx>
bool write_string(Ctx& ctx, const char* s, std::size_t n) {
  if constexpr (O.validate_utf8) {
    if (!detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(s), n)) [[unlikely]]
      return ctx.fail(errc::invalid_utf8, ctx.out.position(), "UTF-8 text");
  }
  constexpr std::size_t max_chunk = 64;
  if (!put_char(ctx, '"')) return false;
  std::size_t i = 0;
  while (i < n) {
    const std::size_t chunk = std::min(n - i, max_chunk);
    // Plain bytes are copied as they are: reserve exactly when the chunk has nothing to escape.
    std::size_t plain = 0;
    while (plain + 8 <= chunk) {
      std::uint64_t block;
      std::memcpy(&block, s + i + plain, 8);
      if (has_special_byte(block)) break;
      plain += 8;
    }
    while (plain < chunk && escape_letter[static_cast<unsigned char>(s[i + plain])] == 0) ++plain;
    if (plain == chunk) {
      if (!ctx.write(s + i, chunk)) return false;
      i += chunk;
      continue;
    }
    if (!ctx.reserve(plain + (chunk - plain) * 6)) return false;
    std::uint8_t* p = ctx.out.cur();
    std::memcpy(p, s + i, plain);
    std::size_t o = plain;
    for (std::size_t k = plain; k < chunk; ++k) {
      const unsigned char c = static_cast<unsigned char>(s[i + k]);
      const char e = escape_letter[c];
      if (e == 0) {
        p[o++] = c;
      } else if (e != 'u') {
        p[o++] = '\\';
        p[o++] = static_cast<std::uint8_t>(e);
      } else {
        constexpr char hex[] = "0123456789abcdef";
        std::memcpy(p + o, "\\u00", 4);
        p[o + 4] = static_cast<std::uint8_t>(hex[c >> 4]);
        p[o + 5] = static_cast<std::uint8_t>(hex[c & 0xf]);
        o += 6;
      }
    }
    ctx.out.advance(o);
    i += chunk;
  }
  return put_char(ctx, '"');
}

template <class T, class Ctx>
PRISM_INLINE bool write_integer(Ctx& ctx, T v) {
  if (!ctx.reserve(20)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  const auto r = std::to_chars(p, p + 20, v);
  ctx.out.advance(static_cast<std::size_t>(r.ptr - p));
  return true;
}

// The shortest text that reads back to the same value (std::to_chars); integral values get
// ".0" so that readers keep them floating-point.
template <options O, class F, class Ctx>
bool write_float(Ctx& ctx, F v) {
  if (!std::isfinite(v)) [[unlikely]] {
    if constexpr (O.nan_inf_as_null) return put_text(ctx, "null");
    return ctx.fail(errc::invalid_value, ctx.out.position(), "a finite number", std::isnan(v) ? "NaN" : "infinity");
  }
  constexpr std::size_t room = 32;
  if (!ctx.reserve(room)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  char* end = std::to_chars(p, p + room, v).ptr;
  bool integral_looking = true;
  for (const char* q = p; q != end; ++q) {
    if (*q == '.' || *q == 'e') {
      integral_looking = false;
      break;
    }
  }
  if (integral_looking) {
    end[0] = '.';
    end[1] = '0';
    end += 2;
  }
  ctx.out.advance(static_cast<std::size_t>(end - p));
  return true;
}

template <options O, class Ctx>
bool write_base64(Ctx& ctx, const void* data, std::size_t n) {
  if (!ctx.reserve(base64_size(n) + 2)) return false;
  char* p = reinterpret_cast<char*>(ctx.out.cur());
  p[0] = '"';
  const std::size_t k = base64_encode(static_cast<const std::uint8_t*>(data), n, p + 1);
  p[k + 1] = '"';
  ctx.out.advance(k + 2);
  return true;
}

// Opens an object or array; the depth counts for indentation and for the nesting limit.
template <class Ctx>
PRISM_INLINE bool open(Ctx& ctx, char c) {
  ++ctx.depth;
  return put_char(ctx, c);
}

template <options O, class Ctx>
PRISM_INLINE bool close(Ctx& ctx, char c, bool empty) {
  --ctx.depth;
  if (!empty && !newline<O>(ctx)) return false;
  return put_char(ctx, c);
}

// The separator before element `i` of an object or array.
template <options O, class Ctx>
PRISM_INLINE bool separator(Ctx& ctx, std::size_t i) {
  if (i != 0 && !put_char(ctx, ',')) return false;
  return newline<O>(ctx);
}

template <options O, class Ctx>
PRISM_INLINE bool key_separator(Ctx& ctx) {
  if constexpr (O.pretty) return put_char(ctx, ' ');
  return true;
}

template <options O, class Range, class Ctx>
bool write_array(Ctx& ctx, const Range& r) {
  if (!open(ctx, '[')) return false;
  std::size_t i = 0;
  for (const auto& e : r) {
    if (!separator<O>(ctx, i++) || !write_value<O>(ctx, e)) return false;
  }
  return close<O>(ctx, ']', i == 0);
}

template <class T>
constexpr bool is_null(const T& v) noexcept {
  if constexpr (optional_type<T> || unique_pointer<T>) return !v;
  else return false;
}

template <options O, class T, class Ctx>
bool write_object_fields(Ctx& ctx, const T& v, std::size_t& written) {
  return all_fields<T>([&](auto i) {
    constexpr std::size_t I = decltype(i)::value;
    const auto& field = get_field<I>(v);
    if constexpr (O.skip_null_members) {
      if (is_null(field)) return true;
    }
    constexpr auto& key = quoted_key<T, I>;
    return separator<O>(ctx, written++) && ctx.write(key.data(), key.size()) && key_separator<O>(ctx) &&
           write_value<O>(ctx, field);
  });
}

template <options O, class T, class Ctx>
bool write_struct(Ctx& ctx, const T& v) {
  if constexpr (O.structs_as_arrays) {
    if (!open(ctx, '[')) return false;
    std::size_t i = 0;
    const bool ok = all_fields<T>([&](auto k) {
      return separator<O>(ctx, i++) && write_value<O>(ctx, get_field<decltype(k)::value>(v));
    });
    return ok && close<O>(ctx, ']', i == 0);
  } else {
    if (!open(ctx, '{')) return false;
    std::size_t written = 0;
    return write_object_fields<O>(ctx, v, written) && close<O>(ctx, '}', written == 0);
  }
}

// {"type":"Circle","r":1} for a struct alternative, {"type":"int","value":5} for others.
template <options O, class V, class Ctx>
bool write_variant(Ctx& ctx, const V& v) {
  constexpr auto names = variant_names<V>();
  constexpr std::string_view tag = variant_tag<V>();
  return std::visit(
      [&](const auto& alt) {
        using A = std::remove_cvref_t<decltype(alt)>;
        if (!open(ctx, '{') || !separator<O>(ctx, 0) || !write_string<O>(ctx, tag.data(), tag.size()) ||
            !put_char(ctx, ':') || !key_separator<O>(ctx)) {
          return false;
        }
        const std::string_view name = names[v.index()];
        if (!write_string<O>(ctx, name.data(), name.size())) return false;
        std::size_t written = 1;
        if constexpr (plain_struct<A> && !O.structs_as_arrays) {
          if (!write_object_fields<O>(ctx, alt, written)) return false;
        } else if constexpr (!std::is_same_v<A, std::monostate>) {
          if (!separator<O>(ctx, written++) || !put_text(ctx, "\"value\":") || !key_separator<O>(ctx) ||
              !write_value<O>(ctx, alt)) {
            return false;
          }
        }
        return close<O>(ctx, '}', false);
      },
      v);
}

template <options O, class K, class Ctx>
bool write_map_key(Ctx& ctx, const K& key) {
  if constexpr (string_type<K> || string_view_type<K>) {
    return write_string<O>(ctx, key.data(), key.size());
  } else if constexpr (integer<K>) {
    return put_char(ctx, '"') && write_integer(ctx, key) && put_char(ctx, '"');
  } else if constexpr (enumeration<K>) {
    const std::string_view name = enum_name(key);
    if (!name.empty()) return write_string<O>(ctx, name.data(), name.size());
    return put_char(ctx, '"') && write_integer(ctx, static_cast<std::underlying_type_t<K>>(key)) && put_char(ctx, '"');
  } else {
    static_assert(sizeof(K) == 0, "prism::json: map keys must be strings, integers or enums");
    return false;
  }
}

template <options O, class Ctx>
bool write_dynamic(Ctx& ctx, const json_value& v) {
  using kind = json_value::kind;
  switch (v.type()) {
    case kind::null: return put_text(ctx, "null");
    case kind::boolean: return write_value<O>(ctx, *v.as_bool());
    case kind::integer: return write_integer(ctx, *v.as_int());
    case kind::unsigned_integer: return write_integer(ctx, *v.as_uint());
    case kind::number: return write_float<O>(ctx, *v.as_double());
    case kind::string: return write_string<O>(ctx, v.as_string()->data(), v.as_string()->size());
    case kind::array: return write_array<O>(ctx, *v.as_array());
    case kind::object: {
      if (!open(ctx, '{')) return false;
      std::size_t i = 0;
      for (const auto& [key, value] : *v.as_object()) {
        if (!separator<O>(ctx, i++) || !write_string<O>(ctx, key.data(), key.size()) || !put_char(ctx, ':') ||
            !key_separator<O>(ctx) || !write_dynamic<O>(ctx, value)) {
          return false;
        }
      }
      return close<O>(ctx, '}', i == 0);
    }
  }
  return false;
}

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v) {
  if constexpr (std::is_same_v<T, json_value>) {
    return write_dynamic<O>(ctx, v);
  } else if constexpr (boolean<T>) {
    return v ? put_text(ctx, "true") : put_text(ctx, "false");
  } else if constexpr (integer<T>) {
    return write_integer(ctx, v);
  } else if constexpr (floating<T>) {
    return write_float<O>(ctx, v);
  } else if constexpr (enumeration<T>) {
    if constexpr (O.enums_as_strings) {
      const std::string_view name = enum_name(v);
      if (!name.empty()) return write_string<O>(ctx, name.data(), name.size());
    }
    return write_integer(ctx, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (string_type<T> || string_view_type<T>) {
    return write_string<O>(ctx, v.data(), v.size());
  } else if constexpr (blob<T>) {
    return write_base64<O>(ctx, v.data(), v.size());
  } else if constexpr (fixed_array<T> || sequence<T>) {
    return write_array<O>(ctx, v);
  } else if constexpr (map_type<T>) {
    if (!open(ctx, '{')) return false;
    std::size_t i = 0;
    for (const auto& [key, value] : v) {
      if (!separator<O>(ctx, i++) || !write_map_key<O>(ctx, key) || !put_char(ctx, ':') || !key_separator<O>(ctx) ||
          !write_value<O>(ctx, value)) {
        return false;
      }
    }
    return close<O>(ctx, '}', i == 0);
  } else if constexpr (optional_type<T> || unique_pointer<T>) {
    return v ? write_value<O>(ctx, *v) : put_text(ctx, "null");
  } else if constexpr (std::is_same_v<T, std::monostate> || std::is_same_v<T, std::nullptr_t>) {
    return put_text(ctx, "null");
  } else if constexpr (variant_type<T>) {
    return write_variant<O>(ctx, v);
  } else if constexpr (tuple_type<T>) {
    if (!open(ctx, '[')) return false;
    std::size_t i = 0;
    const bool ok = std::apply([&](const auto&... e) { return ((separator<O>(ctx, i++) && write_value<O>(ctx, e)) && ...); }, v);
    return ok && close<O>(ctx, ']', i == 0);
  } else if constexpr (time_point_type<T>) {
    if (!ctx.reserve(max_timestamp_chars + 2)) return false;
    char* p = reinterpret_cast<char*>(ctx.out.cur());
    p[0] = '"';
    char* end = format_timestamp(v, p + 1);
    if (!end) return ctx.fail(errc::out_of_range, ctx.out.position(), "a time point in years 0000-9999");
    *end++ = '"';
    ctx.out.advance(static_cast<std::size_t>(end - p));
    return true;
  } else if constexpr (reflectable<T>) {
    return write_struct<O>(ctx, v);
  } else {
    static_assert(sizeof(T) == 0, "prism::json: this type cannot be written");
    return false;
  }
}

}  // namespace prism::json_detail

namespace prism {

template <>
struct format_writer<json> {
  template <options O, class T, class Ctx>
  static bool write(Ctx& ctx, const T& v) {
    return json_detail::write_value<O>(ctx, v);
  }
};

}  // namespace prism
