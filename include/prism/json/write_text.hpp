#pragma once
// JSON text on write: a string's bytes checked for escapes and, when they are not all ASCII,
// for UTF-8, and copied with the fewest escapes.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../core/config.hpp"
#include "../core/error.hpp"
#include "../core/options.hpp"
#include "../core/utf8.hpp"
#include "common.hpp"

namespace prism::json_detail {

// Reserves exactly what the string takes when nothing needs escaping, and at each escape
// exactly what the rest takes with it, so a fixed buffer of the exact output size is enough.
// Plain bytes are copied sixteen or eight at a time while they are being checked.
template <options O, class Ctx>
PRISM_NOINLINE bool write_string_copying(Ctx& ctx, const char* s, std::size_t n) {
  const char* const begin = s;
  const char* const end = s + n;
  const std::size_t at = ctx.out.position();
  unsigned high = 0;            // top bits met by the block copies: text without any is ASCII
  std::uint64_t high_tail = 0;  // and by the word and byte copies
  if (!ctx.reserve(n + 2)) return false;
  std::uint8_t* p = ctx.out.cur();
  *p++ = '"';
  for (;;) {
    const char* const run = s;  // this plain run: bytes from here on are written at p + (byte - s)
    while (end - s >= 16) {  // copy 16 bytes, keep those before the first special one
      std::memcpy(p, s, 16);
      const unsigned plain = special_in_16(reinterpret_cast<const std::uint8_t*>(s), high);
      s += plain;
      p += plain;
      if (plain < 16) break;
    }
    if (s != end && end - s < 16 && end - run >= 16) {
      // The last 16 bytes, those before s already copied: copied again over themselves, the
      // same way (bytes after a special one are overwritten by what follows it).
      const auto back = static_cast<unsigned>(16 - (end - s));
      std::memcpy(p - back, end - 16, 16);
      const unsigned plain = special_in_16(reinterpret_cast<const std::uint8_t*>(end - 16), high) - back;
      s += plain;
      p += plain;
    }
    for (std::uint64_t block; end - s >= 8; s += 8, p += 8) {
      std::memcpy(&block, s, 8);
      if (has_special_byte(block)) break;
      high_tail |= block;
      std::memcpy(p, &block, 8);
    }
    while (s != end && escape_letter[static_cast<unsigned char>(*s)] == 0) {
      high_tail |= static_cast<unsigned char>(*s);
      *p++ = static_cast<std::uint8_t>(*s++);
    }
    if (s == end) break;
    const unsigned char c = static_cast<unsigned char>(*s++);
    const char e = escape_letter[c];
    const std::size_t escaped = e == 'u' ? 6 : 2;
    ctx.out.advance(static_cast<std::size_t>(p - ctx.out.cur()));
    if (!ctx.reserve(static_cast<std::size_t>(end - s) + escaped + 1)) return false;
    p = ctx.out.cur();
    if (e != 'u') {
      p[0] = '\\';
      p[1] = static_cast<std::uint8_t>(e);
    } else {
      constexpr char hex[] = "0123456789abcdef";
      std::memcpy(p, "\\u00", 4);
      p[4] = static_cast<std::uint8_t>(hex[c >> 4]);
      p[5] = static_cast<std::uint8_t>(hex[c & 0xf]);
    }
    p += escaped;
  }
  // Text with a byte above 0x7f is checked once copied, while it is still in cache; the bytes
  // copied are refused with it.
  if constexpr (O.validate_utf8) {
    if ((high | (high_tail & repeat_byte(0x80))) != 0 &&
        !detail::utf8_valid_beyond_ascii(reinterpret_cast<const std::uint8_t*>(begin), n)) [[unlikely]]
      return ctx.fail(errc::invalid_utf8, at, "UTF-8 text");
  }
  *p++ = '"';
  ctx.out.advance(static_cast<std::size_t>(p - ctx.out.cur()));
  return true;
}

// Text of up to 64 bytes with nothing to escape and a byte above 0x7f (a name, a place in
// another script): checked as UTF-8 and copied whole, without write_string_copying's loops.
template <options O, class Ctx>
PRISM_NOINLINE bool write_unescaped_text(Ctx& ctx, const char* s, std::size_t n) {
  const std::size_t at = ctx.out.position();
  if (!ctx.reserve(n + 2)) return false;
  if (!detail::utf8_valid_beyond_ascii(reinterpret_cast<const std::uint8_t*>(s), n)) [[unlikely]]
    return ctx.fail(errc::invalid_utf8, at, "UTF-8 text");
  std::uint8_t* p = ctx.out.cur();
  p[0] = '"';
  std::memcpy(p + 1, s, n);
  p[n + 1] = '"';
  ctx.out.advance(n + 2);
  return true;
}

// Plain text of up to 64 bytes (keys, names, codes, dates, URLs) checked and copied in
// registers: up to three single bytes, two overlapping 4- or 8-byte words, or two or four
// overlapping 16-byte vectors. The rest, and text that the output has no room for yet (growing
// it is a call), goes to write_string_copying: apart, the short paths make no call and need
// none of the registers that the copy loops and a call save and restore.
template <options O, class Ctx>
bool write_string(Ctx& ctx, const char* s, std::size_t n) {
  constexpr std::uint64_t high_bits = O.validate_utf8 ? repeat_byte(0x80) : 0;
  if (n < 4) {
    // The bytes at 0, n/2 and n-1 are all of them; 'a' stands for the missing ones.
    std::uint64_t word = repeat_byte('a');
    if (n != 0) {
      const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(s[i])}; };
      word = (word << 24) | byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16;
    }
    if (!has_special_byte(word) && (word & high_bits) == 0) [[likely]] {
      if (!ctx.out.has_room(n + 2)) [[unlikely]] return write_string_copying<O>(ctx, s, n);
      std::uint8_t* p = ctx.out.cur();
      p[0] = '"';
      if (n != 0) {
        p[1] = static_cast<std::uint8_t>(s[0]);
        p[1 + n / 2] = static_cast<std::uint8_t>(s[n / 2]);
        p[n] = static_cast<std::uint8_t>(s[n - 1]);
      }
      p[n + 1] = '"';
      ctx.out.advance(n + 2);
      return true;
    }
  } else if (n <= 16) {
    std::uint64_t head, tail;
    if (n >= 8) {
      std::memcpy(&head, s, 8);
      std::memcpy(&tail, s + n - 8, 8);
    } else {
      std::uint32_t first, last;
      std::memcpy(&first, s, 4);
      std::memcpy(&last, s + n - 4, 4);
      head = tail = first | (std::uint64_t{last} << 32);
    }
    if (!has_special_byte(head) && !has_special_byte(tail) && ((head | tail) & high_bits) == 0) [[likely]] {
      if (!ctx.out.has_room(n + 2)) [[unlikely]] return write_string_copying<O>(ctx, s, n);
      std::uint8_t* p = ctx.out.cur();
      p[0] = '"';
      if (n >= 8) {
        std::memcpy(p + 1, &head, 8);
        std::memcpy(p + 1 + n - 8, &tail, 8);
      } else {
        std::memcpy(p + 1, s, 4);
        std::memcpy(p + 1 + n - 4, s + n - 4, 4);
      }
      p[n + 1] = '"';
      ctx.out.advance(n + 2);
      return true;
    }
    if (!has_special_byte(head) && !has_special_byte(tail)) return write_unescaped_text<O>(ctx, s, n);
#if defined(__SSE2__)
  } else if (n <= 64) {
    // Two overlapping vectors, or four, two from each end, past 32 bytes.
    const auto* text = reinterpret_cast<const std::uint8_t*>(s);
    unsigned high = 0;
    bool plain = special_in_16(text, high) == 16 && special_in_16(text + n - 16, high) == 16;
    if (n > 32) plain = plain && special_in_16(text + 16, high) == 16 && special_in_16(text + n - 32, high) == 16;
    if (plain && (!O.validate_utf8 || high == 0)) [[likely]] {
      if (!ctx.out.has_room(n + 2)) [[unlikely]] return write_string_copying<O>(ctx, s, n);
      std::uint8_t* p = ctx.out.cur();
      p[0] = '"';
      std::memcpy(p + 1, text, 16);
      if (n > 32) {
        std::memcpy(p + 17, text + 16, 16);
        std::memcpy(p + 1 + n - 32, text + n - 32, 16);
      }
      std::memcpy(p + 1 + n - 16, text + n - 16, 16);
      p[n + 1] = '"';
      ctx.out.advance(n + 2);
      return true;
    }
    if (plain) return write_unescaped_text<O>(ctx, s, n);
#endif
  }
  return write_string_copying<O>(ctx, s, n);
}

}  // namespace prism::json_detail
