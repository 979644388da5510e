#pragma once
// An enumeration read from the wire, the same in every format: by its name, where the writer
// put names (enums_as_strings), or by its underlying number.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "config.hpp"
#include "enum.hpp"
#include "error.hpp"

namespace prism::detail {

// A name that is no enumerator of T: the error names it and every enumerator.
template <class T, class Ctx>
PRISM_COLD bool unknown_enumerator(Ctx& ctx, std::string_view name, std::size_t at) {
  std::string found = "\"";
  found.append(name).append("\", not one of ");
  bool first = true;
  for (const auto& [value, enumerator] : enum_entries<T>()) {
    found.append(first ? "" : ", ").append(enumerator);
    first = false;
  }
  return ctx.fail(errc::invalid_enum, at, "an enumerator name", found);
}

// The enumerator of T named `name` (read at `at`), or invalid_enum.
template <class T, class Ctx>
PRISM_INLINE bool enum_from_text(Ctx& ctx, std::string_view name, std::size_t at, T& v) {
  const auto e = enum_from_name<T>(name);
  if (!e) [[unlikely]] return unknown_enumerator<T>(ctx, name, at);
  v = *e;
  return true;
}
template <class T, class Ctx>
PRISM_INLINE bool enum_from_text(Ctx& ctx, const std::uint8_t* p, std::size_t n, std::size_t at, T& v) {
  return enum_from_text(ctx, std::string_view(reinterpret_cast<const char*>(p), n), at, v);
}

// The enumerator whose underlying value read_number(u) reads.
template <class T, class ReadNumber>
PRISM_INLINE bool enum_from_number(T& v, ReadNumber&& read_number) {
  std::underlying_type_t<T> u{};
  if (!read_number(u)) return false;
  v = static_cast<T>(u);
  return true;
}

}  // namespace prism::detail
