#pragma once
// What a format's wire codec declares beyond its required functions, read by the type
// dispatch in category_read.hpp and category_write.hpp.
#include "options.hpp"

namespace prism::detail {

// Types the codec handles before every category (its own encodings of them).
template <class W, options O, class T>
constexpr bool codec_takes_first() noexcept {
  if constexpr (requires { W::template takes_first<O, T>; }) return W::template takes_first<O, T>;
  else return false;
}

// std::monostate as the format's null; otherwise it is an empty struct.
template <class W>
constexpr bool codec_monostate_is_null() noexcept {
  if constexpr (requires { W::monostate_is_null; }) return W::monostate_is_null;
  else return false;
}

// Enums as numbers only, whatever the options say (a format with no names on its wire).
template <class W>
constexpr bool codec_enums_by_number() noexcept {
  if constexpr (requires { W::enums_by_number; }) return W::enums_by_number;
  else return false;
}

}  // namespace prism::detail
