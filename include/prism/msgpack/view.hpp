#pragma once
// MessagePack views: a position in the bytes, decoded on access. MessagePack has no index, so
// element i walks the container from its start, and a key lookup from where the last one in the
// same object succeeded, skipping values (each skip is proportional to the skipped value's
// bytes); iteration walks once, O(n) in all.
#include <cstring>
#include <string_view>

#include "../core/context.hpp"
#include "../core/lookup_hint.hpp"
#include "../core/source.hpp"
#include "../core/view.hpp"
#include "common.hpp"
#include "format.hpp"
#include "read.hpp"

namespace prism::msgpack_detail {

class node {
 public:
  using format = msgpack;

  node() = default;
  node(const std::uint8_t* base, std::size_t size, std::size_t pos) noexcept : base_(base), size_(size), pos_(pos) {}

  std::size_t offset() const noexcept { return pos_; }

  value_type type() const noexcept {
    const std::uint8_t t = base_[pos_];
    if (t <= 0x7f || t >= 0xe0 || (t >= code::uint8 && t <= code::int64)) return value_type::integer;
    if (t <= 0x8f || t == code::map16 || t == code::map32) return value_type::object;
    if (t <= 0x9f || t == code::array16 || t == code::array32) {
      tensor_header h;  // [dtype, shape, bin] and [dtype, shape, bin, order] are tensors
      return (t == 0x93 || t == 0x94) && get_tensor(h) == errc::ok ? value_type::tensor : value_type::array;
    }
    if (t <= 0xbf || (t >= code::str8 && t <= code::str32)) return value_type::string;
    switch (t) {
      case code::nil: return value_type::null;
      case code::false_: case code::true_: return value_type::boolean;
      case code::float32: case code::float64: return value_type::floating;
      case code::bin8: case code::bin16: case code::bin32: return value_type::binary;
      default: break;
    }
    if (t == code::fixext4 || t == code::fixext8 || t == code::ext8) {
      const std::size_t type_at = pos_ + (t == code::ext8 ? 2 : 1);
      if (type_at < size_ && static_cast<std::int8_t>(base_[type_at]) == timestamp_type) return value_type::timestamp;
    }
    return value_type::other;
  }

  errc get_bool(bool& b) const noexcept {
    const std::uint8_t t = base_[pos_];
    if (t != code::true_ && t != code::false_) return errc::type_mismatch;
    b = t == code::true_;
    return errc::ok;
  }
  errc get_integer(bool& negative, std::uint64_t& value) const {
    if (base_[pos_] <= 0x7f) {
      negative = false;
      value = base_[pos_];
      return errc::ok;
    }
    auto ctx = context();
    return read_integer(ctx, base_[pos_], negative, value, "integer") ? errc::ok : ctx.get().code;
  }
  errc get_double(double& d) const {
    if (base_[pos_] == code::float64 && size_ - pos_ >= 9) {
      const std::uint64_t bits = load_be64(base_ + pos_ + 1);
      std::memcpy(&d, &bits, 8);
      return errc::ok;
    }
    auto ctx = context();
    return read_float(ctx, d) ? errc::ok : ctx.get().code;
  }
  errc get_string(std::string_view& s) const {
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::str>(ctx, n, "string")) return ctx.get().code;
    if (!ctx.src.need(n)) return errc::unexpected_end;
    s = std::string_view(reinterpret_cast<const char*>(ctx.src.cur()), n);
    return errc::ok;
  }
  errc get_bytes(bytes_view& b) const {
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::bin>(ctx, n, "binary")) return ctx.get().code;
    if (!ctx.src.need(n)) return errc::unexpected_end;
    b = bytes_view(reinterpret_cast<const std::byte*>(ctx.src.cur()), n);
    return errc::ok;
  }
  errc get_tensor(tensor_header& h) const noexcept {
    auto ctx = context();
    return read_tensor_header(ctx, h, [](const tensor_header&) { return true; }) ? errc::ok : ctx.get().code;
  }

  errc size(std::size_t& n) const {
    auto ctx = context();
    switch (type()) {
      case value_type::array: return read_header<kind::array>(ctx, n, "array") ? errc::ok : ctx.get().code;
      case value_type::object: return read_header<kind::map>(ctx, n, "map") ? errc::ok : ctx.get().code;
      case value_type::string: return read_header<kind::str>(ctx, n, "string") ? errc::ok : ctx.get().code;
      case value_type::binary: return read_header<kind::bin>(ctx, n, "binary") ? errc::ok : ctx.get().code;
      case value_type::tensor: {
        tensor_header h;
        if (const errc e = get_tensor(h); e != errc::ok) return e;
        n = h.count();
        return errc::ok;
      }
      default: return errc::type_mismatch;
    }
  }

  errc element(std::size_t i, node& out) const {
    if (type() != value_type::array) return errc::type_mismatch;  // a tensor's elements: as_tensor
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::array>(ctx, n, "array")) return ctx.get().code;
    if (i >= n) return errc::out_of_range;
    for (std::size_t k = 0; k < i; ++k)
      if (!skip_value(ctx)) return ctx.get().code;
    if (!ctx.src.need(1)) return errc::unexpected_end;
    out = node(base_, size_, ctx.src.offset());
    return errc::ok;
  }

  // Starts at the entry where the last lookup succeeded and wraps around, so that keys looked up
  // in the order they were written each take one step.
  errc find(std::string_view key, node& out, bool& found, const detail::lookup_hint& hint) const {
    found = false;
    if (type() != value_type::object) return errc::type_mismatch;
    auto ctx = context();
    std::size_t n{};
    if (!read_header<kind::map>(ctx, n, "map")) return ctx.get().code;
    const std::size_t first = ctx.src.offset();
    const detail::lookup_hint::entry start = hint.start(first, size_, n);
    const auto seek = [&](std::size_t pos) {
      ctx.src = span_source{base_, size_};
      ctx.src.advance(pos);
    };
    std::size_t i = start.index;
    seek(start.offset);
    for (std::size_t step = 0; step < n; ++step, ++i) {
      if (i == n) {
        i = 0;
        seek(first);
      }
      const std::size_t entry = ctx.src.offset();
      if (!ctx.src.need(1)) return errc::unexpected_end;
      const std::uint8_t t = *ctx.src.cur();
      if ((t & 0xe0) == code::fixstr || (t >= code::str8 && t <= code::str32)) {
        std::size_t len{};
        if (!read_header<kind::str>(ctx, len, "string")) return ctx.get().code;
        if (!ctx.src.need(len)) return errc::unexpected_end;
        const bool match = len == key.size() && std::memcmp(ctx.src.cur(), key.data(), len) == 0;
        ctx.src.advance(len);
        if (match) {
          if (!ctx.src.need(1)) return errc::unexpected_end;
          hint.set(i, entry);
          out = node(base_, size_, ctx.src.offset());
          found = true;
          return errc::ok;
        }
      } else if (!skip_value(ctx)) {
        return ctx.get().code;
      }
      if (!skip_value(ctx)) return ctx.get().code;
    }
    return errc::ok;
  }

  errc first(node& out) const {
    const value_type t = type();
    if (t != value_type::array && t != value_type::object) return errc::type_mismatch;
    auto ctx = context();
    std::size_t n{};
    const bool ok = type() == value_type::array ? read_header<kind::array>(ctx, n, "array") : read_header<kind::map>(ctx, n, "map");
    if (!ok) return ctx.get().code;
    if (n == 0 || !ctx.src.need(1)) return errc::out_of_range;
    out = node(base_, size_, ctx.src.offset());
    return errc::ok;
  }

  errc next(node& out) const {
    const std::uint8_t t = base_[pos_];
    const std::size_t fixed = t <= 0x7f || t >= 0xe0 || t == code::nil || t == code::false_ || t == code::true_ ? 1
                            : (t & 0xe0) == code::fixstr ? 1 + (t & 0x1f)
                            : t == code::float64 ? 9 : t == code::float32 ? 5 : 0;
    if (fixed) {
      if (size_ - pos_ <= fixed) return errc::unexpected_end;
      out = node(base_, size_, pos_ + fixed);
      return errc::ok;
    }
    auto ctx = context();
    if (!skip_value(ctx)) return ctx.get().code;
    if (!ctx.src.need(1)) return errc::unexpected_end;
    out = node(base_, size_, ctx.src.offset());
    return errc::ok;
  }

  template <options O, class T>
  status read(T& v) const {
    auto ctx = context();
    if (!read_value<O>(ctx, v)) return ctx.take(msgpack::name);
    return {};
  }

 private:
  read_context<span_source> context() const { return detail::view_context(base_, size_, pos_); }

  const std::uint8_t* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t pos_ = 0;
};

}  // namespace prism::msgpack_detail

namespace prism {

template <>
struct view_traits<msgpack> : detail::root_at_start<msgpack, msgpack_detail::node> {};

}  // namespace prism
