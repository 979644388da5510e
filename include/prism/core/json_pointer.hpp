#pragma once
// RFC 6901 JSON Pointers ("/a/0/b"): the reference tokens of a pointer, unescaped, for the
// lookups of views (basic_view::at_pointer) and of prism::value (prism::at_pointer).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prism::detail {

struct pointer_token {
  std::string key;                   // the token, "~1" and "~0" unescaped to "/" and "~"
  std::optional<std::size_t> index;  // the token as an array index, when it is one (no sign, no leading zero)
  std::string prefix;                // the pointer up to and with this token, for errors
};

// The tokens of `pointer` ("" refers to the whole value), or nullopt when it is not a pointer
// (it does not start with "/", or has "~" before something other than "0" or "1"); `bad` then
// says where.
inline std::optional<std::vector<pointer_token>> pointer_tokens(std::string_view pointer, std::string& bad) {
  std::vector<pointer_token> tokens;
  if (pointer.empty()) return tokens;
  if (pointer.front() != '/') {
    bad = std::string(pointer);
    return std::nullopt;
  }
  std::size_t at = 1;
  while (true) {
    const std::size_t end = std::min(pointer.find('/', at), pointer.size());
    pointer_token t;
    for (std::size_t i = at; i < end; ++i) {
      if (pointer[i] != '~') {
        t.key += pointer[i];
        continue;
      }
      if (i + 1 == end || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) {
        bad = std::string(pointer.substr(0, end));
        return std::nullopt;
      }
      t.key += pointer[++i] == '0' ? '~' : '/';
    }
    const std::string_view raw = pointer.substr(at, end - at);
    if (!raw.empty() && raw.size() <= 19 && raw.find_first_not_of("0123456789") == std::string_view::npos &&
        (raw.size() == 1 || raw.front() != '0'))
      t.index = std::stoull(std::string(raw));
    t.prefix = std::string(pointer.substr(0, end));
    tokens.push_back(std::move(t));
    if (end == pointer.size()) return tokens;
    at = end + 1;
  }
}

}  // namespace prism::detail
