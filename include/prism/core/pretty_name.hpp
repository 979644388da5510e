#pragma once
// Names of members, enumerators and types read from the compiler's __PRETTY_FUNCTION__ at compile time.
#include <cstddef>
#include <string_view>

#include "config.hpp"

namespace prism::detail {

template <class T>
struct wrapped_ptr {
  const T* ptr;
};

template <auto Value>
constexpr std::string_view raw_signature() noexcept {
  return PRISM_PRETTY_FUNCTION;
}

constexpr bool is_identifier_char(char c) noexcept {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The trailing identifier of a signature such as "... [with auto V = &obj.Monster::name]"
// (gcc) or "... [V = &obj.name]" (clang): the last run of identifier characters before the
// closing bracket, after removing the closing parentheses of the wrapped pointer.
constexpr std::string_view trailing_identifier(std::string_view sig) noexcept {
  std::size_t end = sig.size();
  while (end > 0 && !is_identifier_char(sig[end - 1])) --end;
  std::size_t begin = end;
  while (begin > 0 && is_identifier_char(sig[begin - 1])) --begin;
  return sig.substr(begin, end - begin);
}

// The spelling of the template argument: gcc writes "[with auto Value = X; std::string_view = ...]",
// clang writes "[Value = X]".
constexpr std::string_view argument_spelling(std::string_view sig) noexcept {
  constexpr std::string_view marker = "Value = ";
  const std::size_t start = sig.find(marker) + marker.size();
  std::size_t end = sig.find(';', start);
  if (end == std::string_view::npos) end = sig.rfind(']');
  return sig.substr(start, end - start);
}

template <auto... V>
constexpr std::string_view values_signature() noexcept {
  return PRISM_PRETTY_FUNCTION;
}

template <auto Ptr>
constexpr std::string_view member_name_from_pointer() noexcept {
  return trailing_identifier(argument_spelling(raw_signature<Ptr>()));
}

template <class Type>
constexpr std::string_view type_signature() noexcept {
  return PRISM_PRETTY_FUNCTION;
}

// The unqualified name of a class type ("Circle" for geo::Circle), or of a fundamental type
// ("int"); template arguments are kept.
template <class T>
constexpr std::string_view short_type_name() noexcept {
  constexpr std::string_view sig = type_signature<T>();
  constexpr std::string_view marker = "Type = ";
  constexpr std::size_t start = sig.find(marker) + marker.size();
  std::size_t end = sig.find(';', start);
  if (end == std::string_view::npos) end = sig.rfind(']');
  std::string_view name = sig.substr(start, end - start);
  // Drop namespaces: the last "::" outside template brackets.
  int nesting = 0;
  std::size_t cut = 0;
  for (std::size_t i = 0; i + 1 < name.size(); ++i) {
    if (name[i] == '<') ++nesting;
    else if (name[i] == '>') --nesting;
    else if (nesting == 0 && name[i] == ':' && name[i + 1] == ':') cut = i + 2;
  }
  return name.substr(cut);
}

}  // namespace prism::detail
