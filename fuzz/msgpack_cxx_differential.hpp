#pragma once
// MessagePack against msgpack-cxx on the same bytes: each decodes them as one message with no
// bytes after it (msgpack-cxx into a msgpack::object, prism into a prism::value), and the two
// must agree: what prism accepts msgpack-cxx accepts as the same value, and what msgpack-cxx
// accepts prism refuses only for a reason listed in docs/security.md (text that is not UTF-8, a
// map key that is neither a string nor an integer, a timestamp extension that is not a valid
// timestamp, nesting deeper than max_depth, an array of prism's tensor shape). Aborts on any
// other disagreement.
#include <msgpack.hpp>

#include <prism/msgpack.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace msgpack_differential {

// msgpack-cxx's object as a prism::value; false for what prism refuses on purpose, and beyond
// the depth prism takes.
inline bool to_value(const msgpack::object& o, prism::value& out, std::size_t depth = 0) {
  if (depth > prism::limits{}.max_depth) return false;
  switch (o.type) {
    case msgpack::type::NIL: out = prism::value{}; return true;
    case msgpack::type::BOOLEAN: out = prism::value(o.via.boolean); return true;
    case msgpack::type::POSITIVE_INTEGER: out = prism::value(o.via.u64); return true;
    case msgpack::type::NEGATIVE_INTEGER: out = prism::value(o.via.i64); return true;
    case msgpack::type::FLOAT32:
    case msgpack::type::FLOAT64: out = prism::value(o.via.f64); return true;
    case msgpack::type::STR: {
      if (!prism::detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(o.via.str.ptr), o.via.str.size)) return false;
      out = prism::value(std::string_view(o.via.str.ptr, o.via.str.size));
      return true;
    }
    case msgpack::type::BIN: {
      const auto* p = reinterpret_cast<const std::byte*>(o.via.bin.ptr);
      out = prism::value(prism::value::bytes(p, p + o.via.bin.size));
      return true;
    }
    case msgpack::type::EXT: {
      const auto* p = reinterpret_cast<const std::byte*>(o.via.ext.data());
      if (o.via.ext.type() == -1) {  // a timestamp: prism reads it as one, through its own reader
        msgpack::sbuffer buffer;
        msgpack::pack(buffer, o);
        prism::value::time t;
        if (!prism::read<prism::msgpack>(t, std::string_view(buffer.data(), buffer.size()))) return false;
        out = prism::value(t);
        return true;
      }
      out = prism::value(prism::value::extension{o.via.ext.type(), prism::value::bytes(p, p + o.via.ext.size)});
      return true;
    }
    case msgpack::type::ARRAY: {
      prism::value::array a(o.via.array.size);
      for (std::uint32_t i = 0; i < o.via.array.size; ++i)
        if (!to_value(o.via.array.ptr[i], a[i], depth + 1)) return false;
      out = prism::value(std::move(a));
      return true;
    }
    case msgpack::type::MAP: {
      prism::value::object m(o.via.map.size);
      for (std::uint32_t i = 0; i < o.via.map.size; ++i) {
        const msgpack::object& key = o.via.map.ptr[i].key;
        const bool plain_key = key.type == msgpack::type::STR || key.type == msgpack::type::POSITIVE_INTEGER ||
                               key.type == msgpack::type::NEGATIVE_INTEGER;
        if (!plain_key || !to_value(key, m[i].first, depth + 1) || !to_value(o.via.map.ptr[i].val, m[i].second, depth + 1)) return false;
      }
      out = prism::value(std::move(m));
      return true;
    }
  }
  return false;
}

inline void check(std::string_view input) {
  // Every element takes a byte at least: limits that keep msgpack-cxx from allocating what the
  // input cannot hold (prism checks the same before it allocates).
  const std::size_t n = input.size();
  const prism::limits lim{};
  prism::value ours;
  const prism::status st = prism::read<prism::msgpack>(ours, input, lim);
  bool accepted = false;
  prism::value theirs;
  bool comparable = false;
  try {
    std::size_t off = 0;
    const msgpack::object_handle h = msgpack::unpack(input.data(), n, off, nullptr, nullptr, msgpack::unpack_limit(n, n, n, n, n));
    accepted = off == n;
    if (accepted) comparable = to_value(h.get(), theirs);
  } catch (const std::exception&) {
    accepted = false;
  }
  if (st) {
    if (!accepted || !comparable) std::abort();  // prism took what msgpack-cxx did not
    // The same value: compared as prism writes them (NaN equals itself there).
    if (prism::write<prism::msgpack>(ours).value() != prism::write<prism::msgpack>(theirs).value()) std::abort();
    return;
  }
  if (!accepted) return;
  // msgpack-cxx took it and prism did not: only for the differences the docs list.
  const prism::errc why = st.error().code;
  // An array of prism's tensor shape ([dtype, [extents], bin(, order)]) is a tensor to prism,
  // and a prism::value holds no tensors.
  const bool tensor = why == prism::errc::type_mismatch && st.error().found == "a tensor";
  const bool listed = why == prism::errc::invalid_utf8 || why == prism::errc::too_deep || tensor || !comparable;
  if (!listed) std::abort();
}

}  // namespace msgpack_differential
