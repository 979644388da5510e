#pragma once
// What prism::verify<flex> checks beyond flexbuffers::Verifier: that every key ends with its NUL
// inside the message. The Verifier takes a key whose first byte is not NUL as complete, though
// its bytes may run to the end of the message, which prism's reader then refuses; a verified
// message must read.
#include <cstddef>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "../core/error.hpp"
#include "common.hpp"

namespace prism::flex_detail {

// Walks every container once without recursion (one that several offsets share is walked once
// per type and width it is read as). Every key starts at or before the message's last NUL byte, the
// one place where a key may end; a message the Verifier passed has its offsets in bounds.
// `at`: where the first key that does not end starts.
inline errc keys_terminated(const message& m, std::size_t& at) {
  const std::uint8_t* last_nul = nullptr;
  for (std::size_t i = m.size; i > 0; --i) {
    if (m.base[i - 1] == 0) {
      last_nul = m.base + i - 1;
      break;
    }
  }
  const auto key_ends = [&](const ref& key) {
    const std::uint8_t* p{};
    if (m.target(key, p) != errc::ok) return false;
    at = m.offset(p);
    return last_nul && p <= last_nul;
  };
  ref root;
  if (const errc e = m.root(root); e != errc::ok) return e;
  std::unordered_set<std::uint64_t> walked;  // offset, type and width of each container walked
  std::vector<ref> pending{root};
  while (!pending.empty()) {
    const ref r = pending.back();
    pending.pop_back();
    if (r.kind == flexbuffers::FBT_KEY) {
      if (!key_ends(r)) return errc::unexpected_end;
      continue;
    }
    block b;
    if (is_inline(r.kind) || m.elements(r, b) != errc::ok) continue;  // scalars, strings, blobs
    const std::uint64_t container = std::uint64_t{m.offset(b.data)} << 16 | std::uint64_t{r.kind} << 8 | r.width;
    if (!walked.insert(container).second) continue;
    for (std::size_t i = 0; i < b.count; ++i) {
      if (b.keys && !key_ends(message::key(b, i))) return errc::unexpected_end;
      const ref e = message::element(b, i);
      if (!is_inline(e.kind)) pending.push_back(e);
    }
  }
  return errc::ok;
}

}  // namespace prism::flex_detail
