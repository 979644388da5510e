#pragma once
// Pieces shared by the JSON writer and reader: escapes, keys rendered at compile time, base64.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "../core/config.hpp"
#include "../core/fields.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace prism::json_detail {

// For each byte: 0 when it is written as is inside a string, else the letter after the
// backslash ('u' for \u00XX).
inline constexpr std::array<char, 256> escape_letter = [] {
  std::array<char, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = 'u';
  t['\b'] = 'b';
  t['\f'] = 'f';
  t['\n'] = 'n';
  t['\r'] = 'r';
  t['\t'] = 't';
  t['"'] = '"';
  t['\\'] = '\\';
  return t;
}();

inline constexpr std::uint64_t repeat_byte(std::uint8_t b) noexcept { return 0x0101010101010101ull * b; }

// True when one of the eight bytes of `block` is a quote, a backslash or a control character:
// the bytes that end a plain run in a string.
PRISM_INLINE constexpr bool has_special_byte(std::uint64_t block) noexcept {
  constexpr std::uint64_t high = repeat_byte(0x80);
  const auto has_zero = [](std::uint64_t v) { return (v - repeat_byte(1)) & ~v & high; };
  const std::uint64_t control = (block - repeat_byte(0x20)) & ~block & high;
  return (control | has_zero(block ^ repeat_byte('"')) | has_zero(block ^ repeat_byte('\\'))) != 0;
}

// Where the next quote, backslash or control character lies among the 16 bytes at p (16 when
// there is none). The top bits of all 16 bytes are or-ed into `high`, so that a caller learns
// whether its text was all ASCII at no extra branch. One SSE2 compare per kind of byte on
// x86-64, else two 8-byte words.
PRISM_INLINE unsigned special_in_16(const std::uint8_t* p, unsigned& high) noexcept {
#if defined(__SSE2__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
  const __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
  const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f));
  const auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)));
  high |= static_cast<unsigned>(_mm_movemask_epi8(v));
  return mask ? static_cast<unsigned>(std::countr_zero(mask)) : 16u;
#else
  std::uint64_t a, b;
  std::memcpy(&a, p, 8);
  std::memcpy(&b, p + 8, 8);
  high |= ((a | b) & repeat_byte(0x80)) != 0;
  if (!has_special_byte(a) && !has_special_byte(b)) return 16;
  unsigned i = 0;
  while (i < 16 && escape_letter[p[i]] == 0) ++i;
  return i;
#endif
}

// `,"name":` for field I of T and one byte of padding, ready to copy: the writer copies a fixed
// size from the comma or from the quote. Names are identifiers and need no escapes unless meta
// renames them; those are escaped here at compile time.
template <class T, std::size_t I>
inline constexpr auto separated_key = [] {
  constexpr std::string_view name = field_name<T, I>();
  constexpr std::size_t escaped = [&] {
    std::size_t n = 0;
    for (char c : name) n += escape_letter[static_cast<unsigned char>(c)] == 0 ? 1 : escape_letter[static_cast<unsigned char>(c)] == 'u' ? 6 : 2;
    return n;
  }();
  std::array<char, escaped + 5> out{};
  std::size_t k = 0;
  out[k++] = ',';
  out[k++] = '"';
  for (char c : name) {
    const char e = escape_letter[static_cast<unsigned char>(c)];
    if (e == 0) {
      out[k++] = c;
    } else if (e == 'u') {
      constexpr char hex[] = "0123456789abcdef";
      out[k++] = '\\';
      out[k++] = 'u';
      out[k++] = '0';
      out[k++] = '0';
      out[k++] = hex[(static_cast<unsigned char>(c) >> 4) & 0xf];
      out[k++] = hex[static_cast<unsigned char>(c) & 0xf];
    } else {
      out[k++] = '\\';
      out[k++] = e;
    }
  }
  out[k++] = '"';
  out[k++] = ':';
  return out;
}();

// `{"name":` for the first field of a compact object: the same bytes with the brace for the comma.
template <class T, std::size_t I>
inline constexpr auto opening_key = [] {
  auto out = separated_key<T, I>;
  out[0] = '{';
  return out;
}();

inline constexpr char base64_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::size_t base64_size(std::size_t n) noexcept { return (n + 2) / 3 * 4; }

// Standard base64 with padding (RFC 4648 §4); returns the characters written.
inline std::size_t base64_encode(const std::uint8_t* in, std::size_t n, char* out) noexcept {
  std::size_t o = 0, i = 0;
  for (; i + 3 <= n; i += 3) {
    const std::uint32_t v = (std::uint32_t(in[i]) << 16) | (std::uint32_t(in[i + 1]) << 8) | in[i + 2];
    out[o++] = base64_alphabet[v >> 18];
    out[o++] = base64_alphabet[(v >> 12) & 63];
    out[o++] = base64_alphabet[(v >> 6) & 63];
    out[o++] = base64_alphabet[v & 63];
  }
  if (i < n) {
    std::uint32_t v = std::uint32_t(in[i]) << 16;
    if (i + 1 < n) v |= std::uint32_t(in[i + 1]) << 8;
    out[o++] = base64_alphabet[v >> 18];
    out[o++] = base64_alphabet[(v >> 12) & 63];
    out[o++] = i + 1 < n ? base64_alphabet[(v >> 6) & 63] : '=';
    out[o++] = '=';
  }
  return o;
}

inline constexpr std::array<std::int8_t, 256> base64_value = [] {
  std::array<std::int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(base64_alphabet[i])] = static_cast<std::int8_t>(i);
  return t;
}();

// Decodes canonical padded base64; returns false on any other input. `out` has room for
// n / 4 * 3 bytes; `written` receives the decoded size.
inline bool base64_decode(const char* in, std::size_t n, std::uint8_t* out, std::size_t& written) noexcept {
  written = 0;
  if (n % 4 != 0) return false;
  for (std::size_t i = 0; i < n; i += 4) {
    const bool last = i + 4 == n;
    const int pad = last ? (in[i + 3] == '=') + (in[i + 2] == '=') : 0;
    if (pad == 1 && in[i + 2] == '=') return false;
    std::uint32_t v = 0;
    for (int k = 0; k < 4 - pad; ++k) {
      const int d = base64_value[static_cast<unsigned char>(in[i + k])];
      if (d < 0) return false;
      v |= std::uint32_t(d) << (18 - 6 * k);
    }
    out[written++] = static_cast<std::uint8_t>(v >> 16);
    if (pad < 2) out[written++] = static_cast<std::uint8_t>(v >> 8);
    else if ((v >> 8) & 0xff) return false;  // non-zero bits in the padding
    if (pad < 1) out[written++] = static_cast<std::uint8_t>(v);
    else if (v & 0xff) return false;
  }
  return true;
}

}  // namespace prism::json_detail
