#pragma once
// JSON reader: straight from text into the C++ value, no DOM. Keys are matched in declaration
// order first, then through a compile-time perfect hash; errors carry the byte offset, the line
// and column (computed only on failure) and the field path.
// Here: structs, variants and the dispatch over every type.
// Under it, in read_scalars.hpp: scalars, strings, containers, tensors and skipping.
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/category_read.hpp"
#include "../core/struct_reader.hpp"
#include "../core/supported.hpp"
#include "jsonc.hpp"
#include "read_scalars.hpp"
#include "untagged.hpp"

namespace prism::json_detail {

// `"name":` of field I, to compare with the input as raw bytes: a key with whitespace before its
// colon goes the way of any other key (through the lookup).
template <class T, std::size_t I>
inline constexpr auto quoted_name = [] {
  constexpr auto& key = separated_key<T, I>;  // ,"name":\0
  std::array<std::uint8_t, key.size() - 2> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::uint8_t>(key[i + 1]);
  return out;
}();

// Field `index` (known at run time), the dispatch after a key lookup: one function per struct.
template <options O, class T, class Ctx>
bool read_field(Ctx& ctx, T& v, std::size_t index) {
  return detail::read_field_at(ctx, v, index, [&](auto& field) { return read_value<O>(ctx, field); });
}

// A key the struct does not have: an error, or its value checked and skipped.
template <options O, class Ctx>
bool unknown_member(Ctx& ctx, std::string_view key, std::size_t key_at) {
  if constexpr (O.error_on_unknown_keys) return detail::unknown_key(ctx, key, key_at);
  return skip_value<O>(ctx) || ctx.in_key(key);
}

// Out of line, once for all fields of the in-order pass: the whitespace after a key's colon
// where it is more than one space (the cursor then at a value). The whitespace before a key
// goes to skip_whitespace_run, which takes a newline and its indentation first.
template <class Ctx>
PRISM_NOINLINE bool space_before_value(Ctx& ctx) {
  std::uint8_t c{};
  return next_byte(ctx, c, "a value");
}

// Keys in declaration order: each is compared as raw bytes with its quoted name and the field
// is read directly. Stops at the first other key (the cursor is then at that key's quote),
// at the end of the object, or on an error.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_fields_in_order(Ctx& ctx, T& v, std::size_t& done, bool& more) {
  using detail::in_order;
  return detail::read_fields_in_order<T>(ctx, field_count_v<T>, done, [&](auto field) {
    if (!more) return in_order::other_key;
    constexpr auto& name = quoted_name<T, field()>;
    if (!ctx.src.need(1) || *ctx.src.cur() <= ' ') {
      const std::uint8_t* const p = ctx.src.cur();
      ctx.src.advance(static_cast<std::size_t>(skip_whitespace_run(p, p + ctx.src.readable()) - p));
    }
    if (!ctx.src.need(name.size() + 1) || !detail::equal_bytes(ctx.src.cur(), name)) return in_order::other_key;
    ctx.src.advance(name.size());
    if (*ctx.src.cur() <= ' ') {
      if (*ctx.src.cur() == ' ' && ctx.src.need(2) && ctx.src.cur()[1] > ' ') {
        ctx.src.advance(1);
      } else if (!space_before_value(ctx)) {
        return in_order::failed;
      }
    }
    if (!read_value<O>(ctx, get_field<field()>(v))) [[unlikely]] return in_order::value_failed;
    if (!member_end(ctx, more)) return in_order::failed;
    return in_order::read;
  });
}

template <options O, class T, class Ctx>
bool read_struct_as_array(Ctx& ctx, T& v) {
  constexpr std::size_t fields = field_count_v<T>;
  std::size_t count = 0;
  const std::size_t at = ctx.src.offset();
  if (!read_array<O>(ctx, [&](std::size_t i) {
        ++count;
        if (i >= fields) return skip_value<O>(ctx) || ctx.in_element(i);
        return read_field<O>(ctx, v, i);
      }))
    return false;
  return detail::positional_complete<O, T>(ctx, count, at);
}

// The members the in-order pass left (it read the fields placed from `from` to `to`; `more`
// when a member follows), one at a time through the lookup: returns the place the pass may go
// on from (after a member that continues the writer's order, with a member after it; only
// when `resume`), `fields` after the last member (the struct then finished) or `fields` + 1 on
// an error. Out of line: the rare case.
template <options O, bool Resume, class T, class Ctx>
PRISM_NOINLINE std::size_t read_members_by_key(Ctx& ctx, T& v, detail::struct_keys_reader<O, T>& keys, std::size_t from,
                                               std::size_t to, bool more, std::size_t at) {
  constexpr std::size_t fields = field_count_v<T>;
  keys.read_in_order(from, to);
  std::string scratch;
  do {
    if (!more) return keys.finish(ctx, at) ? fields : fields + 1;
    std::size_t key_at{};
    std::string_view key;
    if (!read_key<O>(ctx, scratch, key, key_at)) return fields + 1;
    if (!keys.entry(
            ctx, key, key_at, [&](std::size_t index) { return read_field<O>(ctx, v, index); },
            [&] { return skip_value<O>(ctx); }) ||
        !member_end(ctx, more))
      return fields + 1;
  } while (!Resume || !more || keys.resume_at() >= fields);
  return keys.resume_at();
}

template <options O, class T, class Ctx>
bool read_struct(Ctx& ctx, T& v) {
  if constexpr (O.structs_as_arrays) {
    return read_struct_as_array<O>(ctx, v);
  } else {
    constexpr std::size_t fields = field_count_v<T>;
    if (*ctx.src.cur() != '{') [[unlikely]] return type_error(ctx, "an object");
    const std::size_t at = ctx.src.offset();
    if (!ctx.enter()) return false;
    ctx.src.advance(1);
    std::uint8_t c{};
    if (!next_item_byte(ctx, c, "a key or '}'")) return false;
    bool more = c != '}';
    if (!more) ctx.src.advance(1);
    detail::struct_keys_reader<O, T> keys;
    // A few fields: the lookup takes what one pass leaves. More: the pass goes on after a
    // member the writer left out or added.
    constexpr bool resume = fields > 4;
    std::size_t from = 0;
    for (;;) {
      std::size_t to = from;
      if (!read_fields_in_order<O>(ctx, v, to, more)) return false;
      if (!more && from == 0 && to >= detail::required_prefix<O, T, detail::declaration_order<T>>) [[likely]] {
        ctx.leave();
        return true;
      }
      from = read_members_by_key<O, resume>(ctx, v, keys, from, to, more, at);
      if (from >= fields) return from == fields;
      more = true;
    }
  }
}

// Reads alternative `index` of a variant from the object at `start`: a struct alternative
// takes the object's other members, any other alternative the member "value".
template <options O, class V, class Ctx>
bool read_variant_body(Ctx& ctx, V& v, std::size_t index, std::string_view tag) {
  return detail::visit_index<V>(index, [&](auto i) {
    auto& alt = detail::ensure_alternative<decltype(i)::value>(v);
    using A = std::remove_cvref_t<decltype(alt)>;
    std::string scratch;
    return read_object<O>(ctx, scratch, [&](std::string_view key, std::size_t key_at) {
      if (key == tag) return skip_value<O>(ctx);
      if constexpr (plain_struct<A> && !O.structs_as_arrays) {
        const std::size_t f = detail::struct_keys<A>.find(key);
        if (f < field_count_v<A>) return read_field<O>(ctx, alt, f);
      } else if constexpr (!std::is_same_v<A, std::monostate>) {
        if (key == "value") return read_value<O>(ctx, alt) || ctx.in_field("value");
      }
      return unknown_member<O>(ctx, key, key_at);
    });
  });
}

// A tagged object. The tag may be anywhere in the object: a first pass finds it, the second
// reads the alternative it names.
// {"name": value}: an empty tag in meta selects this form (serde's "externally tagged", zserio's
// JSON for unions).
template <options O, class V, class Ctx>
bool read_external_variant(Ctx& ctx, V& v) {
  const std::size_t at = ctx.src.offset();
  std::string scratch;
  bool seen = false;
  if (!read_object<O>(ctx, scratch, [&](std::string_view key, std::size_t key_at) {
        if (seen) return ctx.fail(errc::invalid_value, key_at, "one member naming the alternative");
        seen = true;
        const std::size_t index = detail::variant_index<V>.find(key);
        if (index >= std::variant_size_v<V>) return ctx.fail(errc::invalid_value, key_at, "the name of an alternative");
        return detail::visit_index<V>(index, [&](auto i) {
          return read_value<O>(ctx, detail::ensure_alternative<decltype(i)::value>(v)) || ctx.in_key(key);
        });
      }))
    return false;
  if (!seen) return ctx.fail(errc::missing_key, at, "a member naming the alternative");
  return true;
}

template <options O, class V, class Ctx>
bool read_tagged_variant(Ctx& ctx, V& v) {
  constexpr std::string_view tag = variant_tag<V>();
  if constexpr (tag.empty()) return read_external_variant<O>(ctx, v);
  const std::size_t at = ctx.src.offset();
  const auto start = ctx.src;
  std::string scratch;
  std::size_t index = std::variant_size_v<V>;
  if (!read_object<O>(ctx, scratch, [&](std::string_view key, std::size_t key_at) {
        if (key != tag || index != std::variant_size_v<V>) return skip_value<O>(ctx);
        std::string name;
        if (*ctx.src.cur() != '"') return type_error(ctx, "the name of an alternative");
        if (!read_string<O>(ctx, name)) return false;
        index = detail::variant_index<V>.find(name);
        if (index >= std::variant_size_v<V>) return ctx.fail(errc::invalid_value, key_at, "the name of an alternative");
        return true;
      }))
    return false;
  if (index == std::variant_size_v<V>) return ctx.fail(errc::missing_key, at, "the variant's tag key");
  ctx.src = start;
  return read_variant_body<O>(ctx, v, index, tag);
}

template <options O, class V, class Ctx>
bool read_variant(Ctx& ctx, V& v) {
  if constexpr (untagged_variant<V, O>()) {
    return read_untagged_variant<O>(ctx, v, [&](auto& alt) { return read_value<O>(ctx, alt); });
  } else {
    return read_tagged_variant<O>(ctx, v);
  }
}

// A document of unknown shape: objects keep their members in document order, with string keys;
// integers that fit std::int64_t are integers, larger ones unsigned, the rest doubles. Arrays and
// objects recurse; each kind of value is read out of line, so that a level of nesting takes
// only the frames of its container's reader.
template <options O, class Ctx>
bool read_dynamic(Ctx& ctx, value& v);

template <options O, class Ctx>
PRISM_NOINLINE bool read_dynamic_array(Ctx& ctx, value& v) {
  value::array a;
  if (!read_sequence<O>(ctx, a)) return false;
  v = value{std::move(a)};
  return true;
}

template <options O, class Ctx>
PRISM_NOINLINE bool read_dynamic_object(Ctx& ctx, value& v) {
  value::object o;
  std::string scratch;
  if (!read_object<O>(ctx, scratch, [&](std::string_view key, std::size_t key_at) {
        if (o.size() >= ctx.lim.max_elements) return ctx.fail(errc::too_many_elements, key_at);
        if (!ctx.charge(sizeof(o[0]) + key.size())) return false;
        o.emplace_back(value(key), value{});
        return read_dynamic<O>(ctx, o.back().second) || ctx.in_key(key);
      }))
    return false;
  v = value{std::move(o)};
  return true;
}

template <options O, class Ctx>
PRISM_NOINLINE bool read_dynamic_scalar(Ctx& ctx, value& v) {
  const std::uint8_t c = *ctx.src.cur();
  switch (c) {
    case 'n':
      if (!consume_literal(ctx, "null")) return false;
      v = value{};
      return true;
    case 't':
      if (!consume_literal(ctx, "true")) return false;
      v = value{true};
      return true;
    case 'f':
      if (!consume_literal(ctx, "false")) return false;
      v = value{false};
      return true;
    case '"': {
      std::string s;
      if (!read_string<O>(ctx, s)) return false;
      v = value{std::move(s)};
      return true;
    }
    default: break;
  }
  if (c != '-' && !is_digit(c)) return syntax_error(ctx, "a value");
  const std::size_t at = ctx.src.offset();
  const std::uint8_t* p = ctx.src.cur();
  number_text n;
  switch (scan_number(p, p + ctx.src.readable(), n)) {
    case number_status::ok: break;
    case number_status::end: return ctx.fail(errc::unexpected_end, at + ctx.src.readable(), "a number");
    case number_status::syntax: return ctx.fail(errc::syntax_error, at, "a number");
  }
  std::int64_t i{};
  std::uint64_t u{};
  double d{};
  if (to_integer(n, i) == convert_status::ok) v = value{i};
  else if (to_integer(n, u) == convert_status::ok) v = value{u};
  else if (to_floating_any(n, d) == convert_status::ok) v = value{d};
  else return ctx.fail(errc::out_of_range, at, "a finite number");
  ctx.src.advance(static_cast<std::size_t>(reinterpret_cast<const std::uint8_t*>(n.end) - p));
  return true;
}

template <options O, class Ctx>
bool read_dynamic(Ctx& ctx, value& v) {
  const std::uint8_t c = *ctx.src.cur();
  if (c == '[') return read_dynamic_array<O>(ctx, v);
  if (c == '{') return read_dynamic_object<O>(ctx, v);
  return read_dynamic_scalar<O>(ctx, v);
}

// JSON's encodings for the type dispatch in core (core/category_read.hpp). Every function
// starts at the first byte of its value (the caller skipped whitespace).
struct wire_reader {
  using format = json;
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) { return read_value<O>(ctx, v); }
  template <options O, class Ctx>
  PRISM_INLINE static bool read_value_member(Ctx& ctx, value& v) { return read_dynamic<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool read_bool(Ctx& ctx, bool& v) {
    const std::uint8_t c = *ctx.src.cur();
    if (c == 't') return consume_literal(ctx, "true") && (v = true, true);
    if (c == 'f') return consume_literal(ctx, "false") && (v = false, true);
    return type_error(ctx, "a boolean");
  }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_int(Ctx& ctx, T& v) { return read_number(ctx, v); }
  template <class Ctx, class T>
  PRISM_INLINE static bool read_float(Ctx& ctx, T& v) { return read_number(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool next_is_text(Ctx& ctx, bool& text) {
    text = *ctx.src.cur() == '"';
    return true;
  }
  template <options O, class Ctx, class Use>
  PRISM_INLINE static bool read_text(Ctx& ctx, Use&& use) {
    std::string scratch;
    std::string_view text;
    return scan_text<O>(ctx, scratch, text) && use(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_string(Ctx& ctx, T& v) { return json_detail::read_string<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_blob(Ctx& ctx, T& v) { return json_detail::read_blob<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_tensor(Ctx& ctx, T& v) { return json_detail::read_tensor<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_sequence(Ctx& ctx, T& v) { return json_detail::read_sequence<O>(ctx, v); }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_map(Ctx& ctx, T& v) { return json_detail::read_map<O>(ctx, v); }
  template <class Ctx>
  PRISM_INLINE static bool take_null(Ctx& ctx, bool& was_null) {
    was_null = *ctx.src.cur() == 'n';
    return !was_null || consume_literal(ctx, "null");
  }
  static constexpr bool monostate_is_null = true;
  template <class Ctx>
  PRISM_INLINE static bool read_null(Ctx& ctx) {
    if (*ctx.src.cur() != 'n') return type_error(ctx, "null");
    return consume_literal(ctx, "null");
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_variant(Ctx& ctx, T& v) { return json_detail::read_variant<O>(ctx, v); }
  // A tuple is an array of exactly its size, its elements named by position in errors.
  template <options O, class Ctx, class T>
  static bool read_tuple(Ctx& ctx, T& v) {
    constexpr std::size_t size = std::tuple_size_v<T>;
    std::size_t count = 0;
    const std::size_t at = ctx.src.offset();
    if (!read_array<O>(ctx, [&](std::size_t i) {
          if (i >= size) return ctx.fail(errc::size_mismatch, ctx.src.offset(), "no more elements");
          ++count;
          return [&]<std::size_t... I>(std::index_sequence<I...>) {
            bool ok = true;
            (void)((i == I ? (ok = read_element<O>(ctx, std::get<I>(v), i), true) : false) || ...);
            return ok;
          }(std::make_index_sequence<size>{});
        }))
      return false;
    if (count != size) return ctx.fail(errc::size_mismatch, at, "as many elements as the tuple");
    return true;
  }
  template <options O, class Ctx, class T>
  static bool read_time(Ctx& ctx, T& v) {
    if (*ctx.src.cur() != '"') return type_error(ctx, "an RFC 3339 timestamp");
    const std::size_t at = ctx.src.offset();
    std::string scratch;
    std::string_view text;
    if (!scan_text<O>(ctx, scratch, text)) return false;
    if (!parse_timestamp(text.data(), text.size(), v)) return ctx.fail(errc::invalid_value, at, "an RFC 3339 timestamp");
    return true;
  }
  template <options O, class Ctx, class T>
  PRISM_INLINE static bool read_struct(Ctx& ctx, T& v) {
    return json_detail::read_struct<O>(ctx, v);
  }
};

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v) {
  return detail::read_category<wire_reader, O>(ctx, v);
}

}  // namespace prism::json_detail

namespace prism {

template <>
struct format_reader<json> {
  template <options O, class T, class Ctx>
  static bool read(Ctx& ctx, T& v) {
    constexpr bool bounded = std::remove_cvref_t<decltype(ctx.src)>::bounded;
    if constexpr (bounded && !json_detail::own<O>.jsonc) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(ctx.src)>, span_source> && detail::lasts_beyond_copy<T>) {
        if (ctx.src.readable() <= short_document) return read_short_document<O>(ctx, v);
      }
      return read_document<O>(ctx, v);
    } else if constexpr (!detail::lasts_beyond_copy<T>) {
      detail::report_unsupported_type<T, detail::copied_input>();
      return false;
    } else {
      // Through a copy: a stream's document is the rest of it, and JSONC text loses its
      // comments in a copy first.
      const std::size_t start = ctx.src.offset();
      std::string text;
      if constexpr (bounded) text.assign(reinterpret_cast<const char*>(ctx.src.cur()), ctx.src.readable());
      else ctx.src.read_rest(text);
      if constexpr (json_detail::own<O>.jsonc) {
        if (const auto fault = json_detail::strip_jsonc(text); fault.failed) [[unlikely]]
          return ctx.adopt(json_detail::jsonc_error(fault, text.data()), start);
      }
      read_context<span_source> whole{span_source{text.data(), text.size()}, ctx.lim};
      if (!read_document<json_detail::without_jsonc<O>>(whole, v)) return ctx.adopt(whole, start);
      if constexpr (bounded) ctx.src.advance(whole.src.offset());
      return true;
    }
  }

  // The quick paths need bytes to read past the value they take (a number up to 40, an array
  // of numbers 64), so a document's last bytes go the slower way, and a short message is all
  // last bytes. It is read from a copy with spaces after it: whitespace after a document is
  // part of it, and no text that is not JSON becomes JSON with spaces after it, so the copy
  // reads as the input does. An error is found again in the input itself, where its offset,
  // line and column are the input's own. Nothing read may point into the copy (no views).
  static constexpr std::size_t short_document = 512;
  static constexpr std::size_t document_padding = 64;

  template <options O, class T>
  static bool read_short_document(read_context<span_source>& ctx, T& v) {
    const std::size_t n = ctx.src.readable();
    std::uint8_t copy[short_document + document_padding];
    if (n != 0) std::memcpy(copy, ctx.src.cur(), n);  // an empty input may have no address
    std::memset(copy + n, ' ', document_padding);
    read_context<span_source> padded{span_source{copy, n + document_padding}, ctx.lim};
    padded.depth = ctx.depth;
    padded.allocated = ctx.allocated;
    if (read_top_value<O>(padded, v)) [[likely]] {
      // The value ends within the input (no value ends in spaces); what follows it is checked
      // there.
      const std::uint8_t* const begin = ctx.src.cur();
      ctx.allocated = padded.allocated;
      ctx.src.advance(std::min(padded.src.offset(), n));
      return end_document<O>(ctx, begin, true);
    }
    return read_again_for_error<O>(ctx, v, padded);
  }

  // The copy's read failed: the input is read again for the error at its own place (past the
  // input's end the copy has spaces, which a truncated document can fail on differently). An
  // allocation limit is not: the copy ran into it within the input's bytes, and a second read
  // would meet it later, or not at all, in the memory the first left in the value (a vector's
  // capacity, a string sized and not charged again); the copy's error stands, at its offset.
  template <options O, class T>
  PRISM_NOINLINE static bool read_again_for_error(read_context<span_source>& ctx, T& v, read_context<span_source>& padded) {
    const std::uint8_t* const begin = ctx.src.cur();
    const std::size_t start = ctx.src.offset();
    if (padded.get().code != errc::allocation_limit && !read_document<O>(ctx, v)) return false;
    ctx.adopt(padded, start);
    std::size_t line{}, column{};
    json_detail::line_and_column(begin, ctx.get().offset, line, column);
    ctx.locate(line, column);
    return false;
  }

  template <options O, class T, class Ctx>
  static bool read_document(Ctx& ctx, T& v) {
    const std::uint8_t* const begin = ctx.src.cur();
    return end_document<O>(ctx, begin, read_top_value<O>(ctx, v));
  }

  template <options O, class T, class Ctx>
  PRISM_NOINLINE static bool read_top_value(Ctx& ctx, T& v) {
    std::uint8_t c{};
    return json_detail::next_byte(ctx, c, "a value") && json_detail::read_value<O>(ctx, v);
  }

  // After the value (`ok` when it was read): whitespace, then the end unless trailing bytes are
  // allowed. A failure gets the line and column of its offset.
  template <options O, class Ctx>
  PRISM_NOINLINE static bool end_document(Ctx& ctx, const std::uint8_t* begin, bool ok) {
    if (ok) {
      if (!ctx.src.at_end()) json_detail::skip_space(ctx);  // whitespace after the value is part of the document
      if constexpr (!O.allow_trailing_bytes) {
        if (!ctx.src.at_end()) ok = ctx.fail(errc::trailing_bytes, ctx.src.offset(), "the end of the document", json_detail::describe_byte(*ctx.src.cur()));
      }
    }
    if (!ok) [[unlikely]] {
      std::size_t line{}, column{};
      json_detail::line_and_column(begin, ctx.get().offset, line, column);
      ctx.locate(line, column);
    }
    return ok;
  }
};

}  // namespace prism
