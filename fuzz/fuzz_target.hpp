#pragma once
// Decodes arbitrary bytes as several types; any error is fine, a crash or a sanitizer report
// is not. Values that decode are written back and must decode again to an equal value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "data/monsters.hpp"
#include "support/types.hpp"
#include "support/walk_view.hpp"

template <class Format, class T, prism::options Opts = Format::defaults>
void fuzz_one(std::string_view input) {
  const prism::limits lim{.max_depth = 64, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
  auto value = prism::read<Format, T, Opts>(input, lim);
  if (!value) return;
  std::string again;
  if (!prism::write<Format, Opts>(*value, again)) std::abort();
  auto second = prism::read<Format, T, Opts>(again, lim);
  if (!second) std::abort();
}

template <class Format>
void fuzz_all(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_one<Format, std::vector<monsters::Monster>>(input);
  fuzz_one<Format, testing_types::Everything>(input);
  fuzz_one<Format, testing_types::Node>(input);
}
