#pragma once
// What prism::verify<flex> checks beyond flexbuffers::Verifier, so that a verified message reads:
// that every key ends with its NUL inside the message (the Verifier takes a key whose first byte
// is not NUL as complete, though its bytes may run to the end of the message), and that every
// map has as many keys as values (the Verifier checks the two vectors apart; flexbuffers' reader
// then shows the missing keys as empty), that every float is 4 or 8 bytes, and that keys and
// strings are UTF-8 (as every read of them checks).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "../core/error.hpp"
#include "../core/utf8.hpp"
#include "common.hpp"

namespace prism::flex_detail {

// Walks every container once without recursion (one that several offsets share is walked once
// per type and width it is read as). Every key starts at or before the message's last NUL byte, the
// one place where a key may end; a message the Verifier passed has its offsets in bounds.
// On an error, `at` and `expected` say where and what: the key that does not end, the map whose
// keys are not as many as its values, the container or float prism cannot read.
inline errc check_beyond_verifier(const message& m, std::size_t& at, std::string_view& expected) {
  const std::uint8_t* last_nul = nullptr;
  for (std::size_t i = m.size; i > 0; --i) {
    if (m.base[i - 1] == 0) {
      last_nul = m.base + i - 1;
      break;
    }
  }
  const auto key_ends = [&](const ref& key) {
    expected = "a key that ends with a NUL byte";
    const std::uint8_t* p{};
    if (m.target(key, p) != errc::ok) return false;
    at = m.offset(p);
    return last_nul && p <= last_nul;
  };
  const auto is_text = [&](const ref& r) {  // a key (ended) or a string
    std::string_view s;
    if (m.text(r, s) != errc::ok) return true;  // not text, or the Verifier's concern
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    if (detail::utf8_valid(p, s.size())) return true;
    at = m.offset(p) + detail::utf8_valid_prefix(p, s.size());
    expected = "UTF-8 text";
    return false;
  };
  // FlexBuffers' writer makes floats of 4 and 8 bytes only; prism's reader refuses narrower ones
  // (flexbuffers' reader takes them for integers).
  const auto float_fits = [&](const ref& e) {
    if (e.kind != flexbuffers::FBT_FLOAT && e.kind != flexbuffers::FBT_INDIRECT_FLOAT) return true;
    const std::uint8_t* p = e.slot;
    std::size_t w{};
    if (m.scalar_bytes(e, p, w) == errc::ok && (w == 4 || w == 8)) return true;
    at = m.offset(p);
    expected = "a float of 4 or 8 bytes";
    return false;
  };
  ref root;
  if (const errc e = m.root(root); e != errc::ok) return e;
  if (!float_fits(root)) return errc::invalid_value;
  std::unordered_set<std::uint64_t> walked;  // offset, type and width of each container walked
  std::vector<ref> pending{root};
  while (!pending.empty()) {
    const ref r = pending.back();
    pending.pop_back();
    if (r.kind == flexbuffers::FBT_KEY) {
      if (!key_ends(r)) return errc::unexpected_end;
      if (!is_text(r)) return errc::invalid_utf8;
      continue;
    }
    if (r.kind == flexbuffers::FBT_STRING) {  // once however many offsets share it
      const std::uint8_t* p{};
      if (m.target(r, p) == errc::ok && !walked.insert(std::uint64_t{m.offset(p)} << 16 | std::uint64_t{r.kind} << 8).second) continue;
      if (!is_text(r)) return errc::invalid_utf8;
      continue;
    }
    block b;
    if (is_inline(r.kind)) continue;
    if (const errc e = m.elements(r, b); e != errc::ok) {
      if (e == errc::type_mismatch) continue;  // strings, blobs, numbers stored apart
      const std::uint8_t* p{};
      at = m.target(r, p) == errc::ok ? m.offset(p) : 0;
      expected = e == errc::size_mismatch ? "a map with a key for each value" : "a vector or map within the message";
      return e;
    }
    if (b.element == flexbuffers::FBT_FLOAT && b.width < 4) {  // a typed vector of narrow floats, empty or not
      at = m.offset(b.data);
      expected = "a float of 4 or 8 bytes";
      return errc::invalid_value;
    }
    const std::uint64_t container = std::uint64_t{m.offset(b.data)} << 16 | std::uint64_t{r.kind} << 8 | r.width;
    if (!walked.insert(container).second) continue;
    for (std::size_t i = 0; i < b.count; ++i) {
      if (b.keys && !key_ends(message::key(b, i))) return errc::unexpected_end;
      if (b.keys && !is_text(message::key(b, i))) return errc::invalid_utf8;
      const ref e = message::element(b, i);
      if (!float_fits(e)) return errc::invalid_value;
      if (!is_inline(e.kind)) pending.push_back(e);
    }
  }
  return errc::ok;
}

}  // namespace prism::flex_detail
