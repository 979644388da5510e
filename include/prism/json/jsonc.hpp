#pragma once
// JSON with comments (JSONC): `// line` and `/* block */` comments and a trailing comma before
// a closing bracket, as VS Code's settings files and tsconfig.json have them.
//
// Read with `prism::json_options{.jsonc = true}`. Every path (read, view, verify, transcode)
// first turns the text into plain JSON in a copy of the same length: comments and trailing commas
// become spaces, newlines stay. Offsets, lines and columns in errors are then those of the
// original text, and every path accepts exactly the text that the plain JSON reader accepts once
// the comments are gone. Only a comma that follows a value is a trailing comma: `[,]` and
// `[1,,]` stay errors.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../core/error.hpp"
#include "format.hpp"
#include "scan.hpp"

namespace prism::json_detail {

// Where stripping stopped on text that is not JSONC: a block comment without its end. Anything
// else that is not JSON is left for the JSON reader to report.
struct jsonc_fault {
  std::size_t at = 0;
  bool failed = false;
};

// Blanks the comments and trailing commas of `text` in place.
inline jsonc_fault strip_jsonc(std::string& text) noexcept {
  constexpr std::size_t none = std::string::npos;
  const std::size_t n = text.size();
  std::size_t comma = none;  // a comma after a value, blanked if a closing bracket comes next
  char last = 0;             // the last byte of JSON (not of a comment or whitespace) seen
  std::size_t i = 0;
  while (i < n) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n') text[i++] = ' ';
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      const std::size_t start = i;
      const std::size_t close = text.find("*/", i + 2);
      if (close == none) return {start, true};
      for (; i < close + 2; ++i) {
        if (text[i] != '\n' && text[i] != '\r') text[i] = ' ';
      }
      continue;
    }
    if ((c == ']' || c == '}') && comma != none) text[comma] = ' ';
    comma = none;
    if (c == ',') {
      const bool after_value = last != 0 && last != '[' && last != '{' && last != ',' && last != ':';
      if (after_value) comma = i;
    } else if (c == '"') {  // a string: its bytes are not looked at
      ++i;
      while (i < n && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
    }
    last = c;
    ++i;
  }
  return {};
}

// The error for a fault of strip_jsonc, placed in `text` (the original, or its stripped copy:
// the same lines).
inline error jsonc_error(const jsonc_fault& fault, const void* text) {
  error e{errc::unexpected_end, fault.at, {}, json::name, "\"*/\" closing the comment", "the end of the text"};
  line_and_column(static_cast<const std::uint8_t*>(text), fault.at, e.line, e.column);
  return e;
}

}  // namespace prism::json_detail

namespace prism {

// JSONC text as plain JSON of the same length: comments and trailing commas become spaces, so
// that offsets, lines and columns stay those of `text`. For another JSON reader, or to convert
// once what is read many times; prism's own reads take `json_options{.jsonc = true}`.
inline result<std::string> jsonc_to_json(std::string_view text) {
  std::string plain(text);
  if (const auto fault = json_detail::strip_jsonc(plain); fault.failed) return json_detail::jsonc_error(fault, text.data());
  return plain;
}

}  // namespace prism
