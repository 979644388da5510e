#include <prism/zbin.hpp>

#include "fuzz_target.hpp"
#include "targets.hpp"

// Reads into structs, then checks the views against verify(): a message verify() accepts must walk
// through the view and the verified view without a decoding error; any message may be walked
// through the checked view without a crash.
int fuzz_zbin(const std::uint8_t* data, std::size_t size) {
  fuzz_all<prism::zbin>(data, size);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  paths_agree_on<prism::zbin>(input);  // every path that decodes the message gives one verdict
  const bool verified = static_cast<bool>(prism::verify<prism::zbin>(input, prism::limits{.max_depth = 64}));
  const auto v = prism::view<prism::zbin>(input);
  const bool walked = walk_view(v);
  if (verified && !walked) std::abort();
  if (verified && !probe_lookups(v)) std::abort();  // unverified indexes may be out of order
  // A verified view reads without offset checks: it must refuse what verify() refuses, and walk
  // and look up in what it accepts without leaving the input (the sanitizers watch).
  const auto trusted = prism::verified_view<prism::zbin>(input, prism::limits{.max_depth = 64});
  if (trusted.valid() != verified) std::abort();
  if (verified && (!walk_view(trusted) || !probe_lookups(trusted))) std::abort();
  return 0;
}
