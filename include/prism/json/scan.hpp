#pragma once
// The lexical layer of the JSON reader: whitespace, literals, strings (escapes, surrogate
// pairs, UTF-8), and skipping whole values. Works on the read context's span source.
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "../core/context.hpp"
#include "../core/containers.hpp"
#include "../core/options.hpp"
#include "../core/utf8.hpp"
#include "common.hpp"
#include "number.hpp"

namespace prism::json_detail {

PRISM_INLINE constexpr bool is_space(std::uint8_t c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// What was found at a syntax error, for the message.
constexpr std::string_view describe_byte(std::uint8_t c) noexcept {
  switch (c) {
    case '{': return "'{'";
    case '}': return "'}'";
    case '[': return "'['";
    case ']': return "']'";
    case ':': return "':'";
    case ',': return "','";
    case '"': return "a string";
    case 't':
    case 'f': return "a boolean";
    case 'n': return "null";
    case '/': return "a comment (read JSONC with prism::json_options{.jsonc = true})";
    default: break;
  }
  if (c == '-' || is_digit(c)) return "a number";
  if (c < 0x20) return "a control character";
  return "an unexpected character";
}

#if defined(__SSE2__)
// After the newline at p (33 bytes readable there): the end of the spaces that follow it, two
// blocks of 16 at most, no loop; the byte there may still be whitespace.
PRISM_INLINE const std::uint8_t* past_indentation(const std::uint8_t* p) noexcept {
  const auto other_than_space = [](const std::uint8_t* q) {
    return ~static_cast<unsigned>(
               _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q)), _mm_set1_epi8(' ')))) &
           0xffffu;
  };
  const std::uint8_t* q = p + 1;
  unsigned other = other_than_space(q);
  if (other == 0) {
    q += 16;
    other = other_than_space(q);
  }
  return other != 0 ? q + std::countr_zero(other) : q;
}
#endif

// The first byte at or after p that is not whitespace (or end), p at whitespace: out of line.
// A newline and its indentation (16 spaces a step) first, then any run.
PRISM_NOINLINE inline const std::uint8_t* skip_whitespace_run(const std::uint8_t* p, const std::uint8_t* end) noexcept {
#if defined(__SSE2__)
  if (end - p >= 33 && *p == '\n') {
    p = past_indentation(p);
    if (*p > ' ') return p;
  }
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i space = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                       _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
    const auto other = ~static_cast<unsigned>(_mm_movemask_epi8(space)) & 0xffffu;
    if (other != 0) return p + std::countr_zero(other);
    p += 16;
  }
#endif
  while (p != end && is_space(*p)) {
    ++p;
    // Indentation: runs of spaces, eight at a time.
    for (std::uint64_t block; end - p >= 8; p += 8) {
      std::memcpy(&block, p, 8);
      if (block != repeat_byte(' ')) break;
    }
  }
  return p;
}

// The first byte at or after p that is not whitespace (or end). Inline: none, and the single
// space of ": " and ", "; the rest out of line.
PRISM_INLINE const std::uint8_t* skip_whitespace(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  if (p != end && *p > ' ') [[likely]] return p;
  if (end - p >= 2 && *p == ' ' && p[1] > ' ') return p + 1;
  return skip_whitespace_run(p, end);
}

// The same where pretty-printed text starts a line (before a key or an element): a newline and
// its indentation are also skipped inline, 16 spaces a step.
PRISM_INLINE const std::uint8_t* skip_indentation(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  if (p != end && *p > ' ') [[likely]] return p;
  if (end - p >= 2 && *p == ' ' && p[1] > ' ') return p + 1;
#if defined(__SSE2__)
  if (end - p >= 33 && *p == '\n') {
    p = past_indentation(p);
    if (*p > ' ') return p;
  }
#endif
  return skip_whitespace_run(p, end);
}

template <class Ctx>
PRISM_INLINE void skip_space(Ctx& ctx) {
  const std::uint8_t* const p = ctx.src.cur();
  ctx.src.advance(static_cast<std::size_t>(skip_whitespace(p, p + ctx.src.readable()) - p));
}

// Skips whitespace and returns the next byte without consuming it; fails at the end.
template <class Ctx>
PRISM_INLINE bool next_byte(Ctx& ctx, std::uint8_t& c, std::string_view expected) {
  skip_space(ctx);
  if (!ctx.require(1, ctx.src.offset(), expected)) [[unlikely]] return false;
  c = *ctx.src.cur();
  return true;
}

// next_byte as one call, for the rare paths (a skip) that would otherwise hold a copy per use.
template <class Ctx>
PRISM_NOINLINE bool next_byte_called(Ctx& ctx, std::uint8_t& c, std::string_view expected) {
  return next_byte(ctx, c, expected);
}

// next_byte where pretty-printed text starts a line: before a key, an element, or the first
// one's closing bracket.
template <class Ctx>
PRISM_INLINE bool next_item_byte(Ctx& ctx, std::uint8_t& c, std::string_view expected) {
  const std::uint8_t* const p = ctx.src.cur();
  ctx.src.advance(static_cast<std::size_t>(skip_indentation(p, p + ctx.src.readable()) - p));
  if (!ctx.require(1, ctx.src.offset(), expected)) [[unlikely]] return false;
  c = *ctx.src.cur();
  return true;
}

// Line and column (1-based, columns in bytes) of `offset` in the input.
inline void line_and_column(const std::uint8_t* begin, std::size_t offset, std::size_t& line, std::size_t& column) {
  line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (begin[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  column = offset - line_start + 1;
}

template <class Ctx>
PRISM_COLD bool syntax_error(Ctx& ctx, std::string_view expected) {
  const std::uint8_t c = ctx.src.need(1) ? *ctx.src.cur() : 0;
  if (!ctx.require(1, ctx.src.offset(), expected)) [[unlikely]] return false;
  return ctx.fail(errc::syntax_error, ctx.src.offset(), expected, describe_byte(c));
}

template <class Ctx>
PRISM_COLD bool type_error(Ctx& ctx, std::string_view expected) {
  const std::uint8_t c = *ctx.src.cur();
  return ctx.fail(errc::type_mismatch, ctx.src.offset(), expected, describe_byte(c));
}

// Consumes `c` after optional whitespace.
template <class Ctx>
PRISM_INLINE bool consume(Ctx& ctx, char c, std::string_view expected) {
  std::uint8_t b{};
  if (!next_byte(ctx, b, expected)) return false;
  if (b != static_cast<std::uint8_t>(c)) [[unlikely]] return syntax_error(ctx, expected);
  ctx.src.advance(1);
  return true;
}

// Why the literal `word` is not at the cursor: the input ends inside it, or it differs.
template <class Ctx>
PRISM_COLD bool literal_error(Ctx& ctx, std::string_view word) {
  const std::size_t have = ctx.src.readable();
  if (have < word.size() && std::memcmp(ctx.src.cur(), word.data(), have) == 0)
    return ctx.fail(errc::unexpected_end, ctx.src.offset() + have, word);
  return ctx.fail(errc::syntax_error, ctx.src.offset(), word, "an unexpected character");
}

// Consumes the literal `word` (true, false, null) at the cursor.
template <class Ctx>
PRISM_INLINE bool consume_literal(Ctx& ctx, std::string_view word) {
  if (!ctx.src.need(word.size()) || std::memcmp(ctx.src.cur(), word.data(), word.size()) != 0) [[unlikely]]
    return literal_error(ctx, word);
  ctx.src.advance(word.size());
  return true;
}

PRISM_INLINE int hex_value(std::uint8_t c) noexcept {
  if (is_digit(c)) return c - '0';
  c |= 0x20;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// plain_run over the last 15 bytes of the input or fewer: one function for every site, as only
// the end of a document comes here.
PRISM_NOINLINE inline std::size_t plain_tail(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t& high) noexcept {
  const std::uint8_t* q = p;
  while (end - q >= 8) {
    std::uint64_t block;
    std::memcpy(&block, q, 8);
    if (has_special_byte(block)) break;
    high |= block;
    q += 8;
  }
  while (q != end && escape_letter[*q] == 0) {
    high |= *q;
    ++q;
  }
  return static_cast<std::size_t>(q - p);
}

// Length of the plain run at p: bytes up to a quote, a backslash or a control character.
// `high` collects the top bits, so that a run of ASCII needs no UTF-8 check.
PRISM_INLINE std::size_t plain_run(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t& high) noexcept {
  const std::uint8_t* q = p;
  unsigned top = 0;
  while (end - q >= 16) {
    const unsigned plain = special_in_16(q, top);
    q += plain;
    if (plain < 16) {
      if (top) high |= repeat_byte(0x80);
      return static_cast<std::size_t>(q - p);
    }
  }
  if (top) high |= repeat_byte(0x80);
  return static_cast<std::size_t>(q - p) + plain_tail(q, end, high);
}

// Decodes the escape after a backslash at p (p[0] == '\\') and appends it as UTF-8 to `out`.
// Returns the bytes consumed, 0 on a bad escape (the offset of the error is p).
template <class Out>
std::size_t decode_escape(const std::uint8_t* p, const std::uint8_t* end, Out& out) {
  if (end - p < 2) return 0;
  switch (p[1]) {
    case '"': out.push_back('"'); return 2;
    case '\\': out.push_back('\\'); return 2;
    case '/': out.push_back('/'); return 2;
    case 'b': out.push_back('\b'); return 2;
    case 'f': out.push_back('\f'); return 2;
    case 'n': out.push_back('\n'); return 2;
    case 'r': out.push_back('\r'); return 2;
    case 't': out.push_back('\t'); return 2;
    case 'u': break;
    default: return 0;
  }
  const auto hex4 = [&](const std::uint8_t* q, std::uint32_t& v) {
    if (end - q < 4) return false;
    v = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = hex_value(q[i]);
      if (d < 0) return false;
      v = v << 4 | static_cast<std::uint32_t>(d);
    }
    return true;
  };
  std::uint32_t cp{};
  if (!hex4(p + 2, cp)) return 0;
  std::size_t used = 6;
  if (cp >= 0xD800 && cp <= 0xDBFF) {
    std::uint32_t low{};
    if (end - p < 12 || p[6] != '\\' || p[7] != 'u' || !hex4(p + 8, low) || low < 0xDC00 || low > 0xDFFF) return 0;
    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    used = 12;
  } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
    return 0;  // a lone low surrogate
  }
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
  return used;
}

inline constexpr std::string_view valid_escape = "a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, surrogates paired)";

// The rest of a string with escapes (or an error) from p, the first byte that is not plain
// text, decoded run by run into `scratch`: out of line, as escapes are rare.
template <options O, class Ctx, class Scratch>
PRISM_NOINLINE bool scan_escaped_string(Ctx& ctx, Scratch& scratch, const std::uint8_t* p, std::uint64_t high, std::string_view& text) {
  const std::uint8_t* const start = ctx.src.cur() + 1;
  const std::uint8_t* const end = ctx.src.cur() + ctx.src.readable();
  // The decoded text is no longer than the text up to its closing quote (the first one after an
  // even run of backslashes): the string takes that size, one allocation, and is written through
  // a pointer. Without a closing quote the string is an error: nothing is kept while the loop
  // finds which.
  const std::uint8_t* stop = nullptr;
  for (const std::uint8_t* from = p; from != end;) {
    const auto* quote = static_cast<const std::uint8_t*>(std::memchr(from, '"', static_cast<std::size_t>(end - from)));
    if (quote == nullptr) break;
    std::size_t backslashes = 0;
    while (quote - backslashes > start && quote[-1 - static_cast<std::ptrdiff_t>(backslashes)] == '\\') ++backslashes;
    if (backslashes % 2 == 0) {
      stop = quote;
      break;
    }
    from = quote + 1;
  }
  scratch.clear();
  if (stop != nullptr) scratch.resize(static_cast<std::size_t>(stop - start));
  struct writer {
    char* at;
    bool keep;
    void push_back(char c) noexcept {
      if (keep) *at++ = c;
    }
  } out{scratch.data(), stop != nullptr};
  const std::uint8_t* run = start;
  for (;;) {
    if constexpr (O.validate_utf8) {
      if ((high & repeat_byte(0x80)) != 0 && !detail::utf8_valid_beyond_ascii(run, static_cast<std::size_t>(p - run))) [[unlikely]]
        return ctx.fail(errc::invalid_utf8, ctx.src.offset() + static_cast<std::size_t>(run - ctx.src.cur()) + detail::utf8_valid_prefix(run, static_cast<std::size_t>(p - run)));
    }
    if (out.keep) {
      if (p != run) std::memcpy(out.at, run, static_cast<std::size_t>(p - run));
      out.at += p - run;
    }
    const std::size_t at = ctx.src.offset() + static_cast<std::size_t>(p - ctx.src.cur());
    if (p == end) return ctx.fail(errc::unexpected_end, at, "'\"'");
    if (*p == '"') break;
    if (*p != '\\') return ctx.fail(errc::syntax_error, at, "an escaped control character", "a control character");
    const std::size_t used = decode_escape(p, end, out);
    if (used == 0) {
      if (end - p < 2) return ctx.fail(errc::unexpected_end, at, "an escape");
      return ctx.fail(errc::syntax_error, at, valid_escape);
    }
    p += used;
    run = p;
    high = 0;
    p += plain_run(p, end, high);
  }
  scratch.resize(static_cast<std::size_t>(out.at - scratch.data()));
  ctx.src.advance(static_cast<std::size_t>(p + 1 - ctx.src.cur()));
  text = std::string_view(scratch.data(), scratch.size());
  return true;
}

// Reads the string at the cursor (which is at its opening quote). A string without escapes
// comes back as a span of the input; one with escapes is decoded into `scratch` and comes
// back as its contents (`escaped` says which).
template <options O, class Ctx, class Scratch>
PRISM_INLINE bool scan_string(Ctx& ctx, Scratch& scratch, bool& escaped, std::string_view& text) {
  const std::uint8_t* const start = ctx.src.cur() + 1;
  const std::uint8_t* const end = ctx.src.cur() + ctx.src.readable();
  std::uint64_t high = 0;
  const std::uint8_t* p = start;
  p += plain_run(p, end, high);
  escaped = false;
  if (p != end && *p == '"') [[likely]] {
    if constexpr (O.validate_utf8) {
      if ((high & repeat_byte(0x80)) != 0 && !detail::utf8_valid_beyond_ascii(start, static_cast<std::size_t>(p - start))) [[unlikely]]
        return ctx.fail(errc::invalid_utf8, ctx.src.offset() + 1 + detail::utf8_valid_prefix(start, static_cast<std::size_t>(p - start)));
    }
    const auto length = static_cast<std::size_t>(p - start);
    text = std::string_view(reinterpret_cast<const char*>(start), length);
    ctx.src.advance(length + 2);
    return true;
  }
  escaped = true;
  return scan_escaped_string<O>(ctx, scratch, p, high, text);
}

// The string at the cursor as text, decoded into `scratch` when it has escapes.
template <options O, class Ctx>
PRISM_INLINE bool scan_text(Ctx& ctx, std::string& scratch, std::string_view& text) {
  bool escaped{};
  return scan_string<O>(ctx, scratch, escaped, text);
}

template <options O, class Ctx>
bool skip_value(Ctx& ctx);

template <options O, class Ctx>
bool skip_string(Ctx& ctx) {
  std::string scratch;
  std::string_view text;
  return scan_text<O>(ctx, scratch, text);
}

template <class Ctx>
bool skip_number(Ctx& ctx) {
  number_text n;
  const std::uint8_t* p = ctx.src.cur();
  switch (scan_number(p, p + ctx.src.readable(), n)) {
    case number_status::ok: break;
    case number_status::end: return ctx.fail(errc::unexpected_end, ctx.src.offset() + ctx.src.readable(), "a number");
    case number_status::syntax: return ctx.fail(errc::syntax_error, ctx.src.offset(), "a number");
  }
  ctx.src.advance(static_cast<std::size_t>(reinterpret_cast<const std::uint8_t*>(n.end) - p));
  return true;
}

// Checks and skips one whole value; nesting counts against the depth limit. Arrays and objects
// share one loop (a skip is the rare path of a struct read, kept small).
template <options O, class Ctx>
bool skip_value(Ctx& ctx) {
  std::uint8_t c{};
  if (!next_byte_called(ctx, c, "a value")) return false;
  switch (c) {
    case '"': return skip_string<O>(ctx);
    case 't':
    case 'f':
    case 'n': return consume_literal(ctx, c == 't' ? "true" : c == 'f' ? "false" : "null");
    case '[':
    case '{': {
      const bool object = c == '{';
      const std::uint8_t close = object ? '}' : ']';
      const std::string_view after_item = object ? "',' or '}'" : "',' or ']'";
      if (!ctx.enter()) return false;
      ctx.src.advance(1);
      std::uint8_t b{};
      if (!next_byte_called(ctx, b, object ? "a key or '}'" : "a value or ']'")) return false;
      if (b != close) {
        for (;;) {
          if (object) {
            if (b != '"') return syntax_error(ctx, "a key");
            if (!skip_string<O>(ctx) || !consume(ctx, ':', "':'")) return false;
          }
          if (!skip_value<O>(ctx)) return false;
          if (!next_byte_called(ctx, b, after_item)) return false;
          if (b == close) break;
          if (b != ',') return syntax_error(ctx, after_item);
          ctx.src.advance(1);
          if (object && !next_byte_called(ctx, b, "a key")) return false;
        }
      }
      ctx.src.advance(1);
      ctx.leave();
      return true;
    }
    default:
      if (c == '-' || is_digit(c)) return skip_number(ctx);
      return syntax_error(ctx, "a value");
  }
}

}  // namespace prism::json_detail
