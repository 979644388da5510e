#include <string>

#include <prism/json.hpp>
#include <prism/msgpack.hpp>

#include "fuzz_target.hpp"
#include "targets.hpp"
#if PRISM_FUZZ_WITH_SIMDJSON
#include "simdjson_differential.hpp"
#endif

// Besides struct reads: the view's index accepts exactly what the reader accepts (both check
// the whole text but the range of numbers), its walk never fails on text it accepted, a
// document written from a generic value reads back to the same text, a transcode never
// crashes, JSONC's paths agree, and simdjson gives the same verdict and value.
int fuzz_json(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::json>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  paths_agree_on<prism::json>(input);  // every path that decodes the message gives one verdict
  fuzz_one<prism::json, prism::json::value>(input);
  const prism::limits lim{.max_depth = 64, .max_elements = 1 << 20, .max_alloc_bytes = 64 << 20};
  const bool indexed = static_cast<bool>(prism::verify<prism::json>(input, lim));
  const auto read = prism::read<prism::json, prism::json::value>(input, lim);
  // The index checks number syntax; numbers beyond a double's range are refused when read.
  if (indexed != static_cast<bool>(read) && (read || read.error().code != prism::errc::out_of_range)) std::abort();
  if (read) {  // what is written reads back to the same text: numbers (doubles' shortest form) round-trip
    std::string once, twice;
    if (!prism::write<prism::json>(*read, once)) std::abort();
    const auto again = prism::read<prism::json, prism::json::value>(once, lim);
    if (!again || !prism::write<prism::json>(*again, twice) || once != twice) std::abort();
  }
  // JSONC: the reader and the index give one verdict, and plain JSON reads as it does without
  // the option (its comments and trailing commas can only be inside strings, which stay).
  constexpr prism::json_options jsonc{.jsonc = true};
  const auto commented = prism::read<prism::json, prism::json::value, jsonc>(input, lim);
  const bool commented_indexed = static_cast<bool>(prism::verify<prism::json, jsonc>(input, lim));
  if (commented_indexed != static_cast<bool>(commented) && (commented || commented.error().code != prism::errc::out_of_range)) std::abort();
  if (read && (!commented || !(*commented == *read))) std::abort();
  const auto v = prism::view<prism::json>(input);
  if (v.valid() && read && !walk_view(v)) std::abort();
  if (v.valid() && read && !probe_lookups(v)) std::abort();
  (void)prism::transcode<prism::json, prism::msgpack>(input);
#if PRISM_FUZZ_WITH_SIMDJSON
  simdjson_differential::check(input);  // the same verdict and value as simdjson
#endif
  return 0;
}
