#pragma once
// CBOR against libcbor on the same bytes: each decodes them as one data item with no bytes after
// it (libcbor with cbor_load, prism into a prism::value), and the two must agree: what prism
// accepts libcbor accepts as the same value, and what libcbor accepts prism refuses only for a
// reason listed in docs/cbor.md (text that is not UTF-8, a map key that is neither a string nor
// an integer of std::int64_t or std::uint64_t, nesting deeper than max_depth, tags prism reads itself whose content does not fit
// them). A negative integer below std::int64_t is, in a prism::value, the negative bignum (tag 3)
// of the same integer. libcbor 0.8 refuses unassigned simple values and the one-byte tags 6..20, which
// RFC 8949 calls well-formed: there only prism's side is checked. Aborts on any other
// disagreement.
#include <cbor.h>

#include <prism/cbor.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace libcbor_differential {

struct item {
  cbor_item_t* p = nullptr;
  ~item() {
    if (p) cbor_decref(&p);
  }
};

inline prism::value::bytes joined(cbor_item_t* it) {
  prism::value::bytes out;
  const auto add = [&](cbor_item_t* chunk) {
    const auto* p = reinterpret_cast<const std::byte*>(cbor_bytestring_handle(chunk));
    out.insert(out.end(), p, p + cbor_bytestring_length(chunk));
  };
  if (cbor_bytestring_is_definite(it)) {
    add(it);
  } else {
    for (std::size_t i = 0; i < cbor_bytestring_chunk_count(it); ++i) add(cbor_bytestring_chunks_handle(it)[i]);
  }
  return out;
}

inline std::string joined_text(cbor_item_t* it) {
  std::string out;
  const auto add = [&](cbor_item_t* chunk) { out.append(reinterpret_cast<const char*>(cbor_string_handle(chunk)), cbor_string_length(chunk)); };
  if (cbor_string_is_definite(it)) {
    add(it);
  } else {
    for (std::size_t i = 0; i < cbor_string_chunk_count(it); ++i) add(cbor_string_chunks_handle(it)[i]);
  }
  return out;
}

// libcbor's item as a prism::value; false for what prism reads differently on purpose (the
// list above) and beyond the depth prism takes.
inline bool to_value(cbor_item_t* it, prism::value& out, std::size_t depth = 0) {
  if (depth > prism::limits{}.max_depth) return false;
  switch (cbor_typeof(it)) {
    case CBOR_TYPE_UINT: out = prism::value(cbor_get_int(it)); return true;
    case CBOR_TYPE_NEGINT: {
      const std::uint64_t n = cbor_get_int(it);  // the value is -1 - n
      if (n > static_cast<std::uint64_t>(INT64_MAX)) {  // below int64: prism's negative bignum
        prism::value::bytes magnitude(8);
        for (std::size_t i = 0; i < 8; ++i) magnitude[i] = static_cast<std::byte>(n >> (56 - 8 * i));
        out = prism::value(prism::value::tagged(3, prism::value(std::move(magnitude))));
        return true;
      }
      out = prism::value(-1 - static_cast<std::int64_t>(n));
      return true;
    }
    case CBOR_TYPE_BYTESTRING: out = prism::value(joined(it)); return true;
    case CBOR_TYPE_STRING: {
      const std::string s = joined_text(it);
      if (!prism::detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(s.data()), s.size())) return false;
      out = prism::value(s);
      return true;
    }
    case CBOR_TYPE_ARRAY: {
      prism::value::array a(cbor_array_size(it));
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!to_value(cbor_array_handle(it)[i], a[i], depth + 1)) return false;
      out = prism::value(std::move(a));
      return true;
    }
    case CBOR_TYPE_MAP: {
      prism::value::object m(cbor_map_size(it));
      for (std::size_t i = 0; i < m.size(); ++i) {
        cbor_item_t* key = cbor_map_handle(it)[i].key;
        const cbor_type k = cbor_typeof(key);
        if (k != CBOR_TYPE_UINT && k != CBOR_TYPE_NEGINT && k != CBOR_TYPE_STRING) return false;
        // A key below std::int64_t: a key holds no tag, so prism has no form for it.
        if (k == CBOR_TYPE_NEGINT && cbor_get_int(key) > static_cast<std::uint64_t>(INT64_MAX)) return false;
        if (!to_value(key, m[i].first, depth + 1) || !to_value(cbor_map_handle(it)[i].value, m[i].second, depth + 1)) return false;
      }
      out = prism::value(std::move(m));
      return true;
    }
    case CBOR_TYPE_TAG: {
      const std::uint64_t tag = cbor_tag_value(it);
      const bool prisms_own = tag == 1 || tag == 1001 || tag == 40 || tag == 1040 || (tag >= 64 && tag <= 87);
      if (prisms_own) return false;  // timestamps, typed arrays and tensors: prism's meaning, not libcbor's
      item content{cbor_tag_item(it)};
      prism::value inner;
      if (!to_value(content.p, inner, depth + 1)) return false;
      out = prism::value(prism::value::tagged(tag, std::move(inner)));
      return true;
    }
    case CBOR_TYPE_FLOAT_CTRL: {
      if (cbor_float_get_width(it) != CBOR_FLOAT_0) {
        out = prism::value(cbor_float_get_float(it));
        return true;
      }
      const std::uint8_t code = cbor_ctrl_value(it);
      if (code == 20 || code == 21) out = prism::value(code == 21);
      else if (code == 22) out = prism::value{};
      else out = prism::value(prism::value::simple{code});
      return true;
    }
  }
  return false;
}

// Whether the message holds what libcbor 0.8 refuses though RFC 8949 calls it well-formed
// (unassigned simple values, the one-byte tags 6..20), map keys included: walked through prism's
// view, as a prism::value keeps no tags on keys. A timestamp (tag 1 or 1001) is one value to the
// view, which hides its content: `hidden` is set when one is met, for the caller to look at the
// bytes instead.
template <class View>
bool libcbor_refuses(const View& v, bool& hidden, std::size_t depth = 0) {
  if (depth > prism::limits{}.max_depth) return false;
  for (auto tagged = v.as_tagged(); tagged; tagged = tagged->second.as_tagged()) {
    if (tagged->first >= 6 && tagged->first <= 20) return true;
  }
  if (v.type() == prism::value_type::timestamp) hidden = true;
  if (v.type() == prism::value_type::simple) return v.as_simple().value() != 23;
  if (v.type() == prism::value_type::object) {
    for (auto [key, field] : v.items())
      if (libcbor_refuses(key, hidden, depth + 1) || libcbor_refuses(field, hidden, depth + 1)) return true;
  } else if (v.type() == prism::value_type::array) {
    for (auto e : v.elements())
      if (libcbor_refuses(e, hidden, depth + 1)) return true;
  }
  return false;
}

// Whether any byte could be the head of what libcbor 0.8 refuses (an unassigned simple value, a
// tag 6..20): for a message whose timestamps hide their content from the view. Bytes inside
// strings count too, so such a message may go unchecked, never wrongly flagged.
inline bool may_hold_what_libcbor_refuses(std::string_view input) {
  for (const char c : input) {
    const auto b = static_cast<std::uint8_t>(c);
    if ((b >= 0xe0 && b <= 0xf3) || b == 0xf8 || (b >= 0xc6 && b <= 0xd4)) return true;
  }
  return false;
}

// Whether any byte could start a head that declares more items or bytes than the input has:
// libcbor allocates a declared size before it finds the bytes missing (a fuzzer counts that as
// running out of memory). Such inputs are left to prism's own checks.
inline bool declares_beyond_input(std::string_view input) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(input.data());
  const std::size_t n = input.size();
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned info = p[i] & 31, major = p[i] >> 5;
    if (major < 2 || major > 5 || info < 25 || info > 27) continue;
    const std::size_t width = std::size_t{1} << (info - 24);
    std::uint64_t declared = 0;
    for (std::size_t k = 1; k <= width && i + k < n; ++k) declared = declared << 8 | p[i + k];
    if (declared > n) return true;
  }
  return false;
}

inline void check(std::string_view input) {
  if (declares_beyond_input(input)) return;
  prism::value ours;
  const prism::status st = prism::read<prism::cbor>(ours, input);
  cbor_load_result result{};
  item theirs{cbor_load(reinterpret_cast<const unsigned char*>(input.data()), input.size(), &result)};
  const bool accepted = result.error.code == CBOR_ERR_NONE && theirs.p && result.read == input.size();
  prism::value converted;
  const bool comparable = accepted && to_value(theirs.p, converted);
  if (st) {
    if (!accepted) {
      bool hidden = false;  // libcbor 0.8's refusals (see above)
      if (libcbor_refuses(prism::view<prism::cbor>(input), hidden)) return;
      if (hidden && may_hold_what_libcbor_refuses(input)) return;
      std::abort();  // prism took what libcbor did not
    }
    // The same value, compared as prism writes them (NaN equals itself there).
    if (comparable && prism::write<prism::cbor>(ours).value() != prism::write<prism::cbor>(converted).value()) std::abort();
    return;
  }
  if (!accepted) return;
  const prism::errc why = st.error().code;
  if (comparable && why != prism::errc::too_deep && why != prism::errc::invalid_utf8) std::abort();
}

}  // namespace libcbor_differential
