#pragma once
// zbin's verify(): one pass over a whole message, after which every value decodes through a view
// and a verified view may skip its bounds checks.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../core/byte_order.hpp"
#include "../core/containers.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/utf8.hpp"
#include "common.hpp"
#include "format.hpp"
#include "node.hpp"

namespace prism::zbin_detail {

// One pass over a whole message: every value lies inside its container, every index entry
// points at its element, indexed keys are strictly ascending, strings are UTF-8, timestamps'
// nanoseconds are below a second, dtypes and tensor sizes are valid, nesting stays within the
// limits, nothing follows the root.
class verifier {
 public:
  verifier(const std::uint8_t* base, std::size_t size, const limits& lim) noexcept : base_(base), size_(size), lim_(lim) {}

  status run() {
    if (size_ < header_size) return fail(errc::unexpected_end, size_);
    if (base_[0] != magic) return fail(errc::invalid_value, 0);
    if (base_[1] != version) return fail(errc::invalid_value, 1);
    std::size_t end{};
    if (!value(node(base_, size_, header_size), end, 0)) return std::move(error_);
    if (end != size_) return fail(errc::trailing_bytes, end);
    return {};
  }

 private:
  status fail(errc e, std::size_t at) { return make_error(e, at, {}, zbin::name); }
  bool failed(errc e, std::size_t at) {
    error_ = make_error(e, at, {}, zbin::name);
    return false;
  }

  bool value(const node& n, std::size_t& end, std::size_t depth) {
    if (n.offset() >= size_) return failed(errc::unexpected_end, n.offset());
    if (const errc e = n.extent(end); e != errc::ok) return failed(e, n.offset());
    switch (n.type()) {
      case value_type::string: {
        std::string_view s;
        (void)n.get_string(s);
        if (!detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(s.data()), s.size(), s.size()))
          return failed(errc::invalid_utf8, n.offset());
        return true;
      }
      case value_type::array:
      case value_type::object:
        return container(n, depth + 1);
      case value_type::timestamp: {  // what every reader refuses: nanoseconds of a whole second or more,
        // a time beyond a view's, a transcode's and prism::value's sys_time<nanoseconds> (as MessagePack)
        const std::uint32_t nanos = load_le32(base_ + n.offset() + 9);
        if (nanos >= 1000000000u) return failed(errc::invalid_value, n.offset());
        std::chrono::sys_time<std::chrono::nanoseconds> t;
        if (!detail::time_point_from(static_cast<std::int64_t>(detail::load_le64(base_ + n.offset() + 1)), nanos, t))
          return failed(errc::out_of_range, n.offset());
        return true;
      }
      case value_type::other:
        return failed(errc::invalid_value, n.offset());
      default:
        return true;
    }
  }

  bool container(const node& n, std::size_t depth) {
    if (depth > lim_.max_depth) return failed(errc::too_deep, n.offset());
    container_layout c;
    (void)n.layout(c);
    if (c.count > lim_.max_elements) return failed(errc::too_many_elements, n.offset());
    const bool object = n.type() == value_type::object;
    std::size_t at = c.first;
    std::string_view previous_key;
    for (std::size_t i = 0; i < c.count; ++i) {
      if (c.indexed && c.body + load_le32(base_ + c.body + 4 * i) != at) return failed(errc::invalid_value, c.body + 4 * i);
      std::size_t end{};
      if (object) {
        if (at >= c.end) return failed(errc::unexpected_end, at);
        const node key(base_, c.end, at);
        if (!value(key, end, depth)) return false;
        if (key.type() == value_type::string) {  // indexed string keys ascend, for binary search
          std::string_view name;
          (void)key.get_string(name);
          if (c.indexed && i > 0 && !(previous_key < name)) return failed(errc::invalid_value, at);
          previous_key = name;
        } else if (key.type() == value_type::array || key.type() == value_type::object) {
          return failed(errc::type_mismatch, at);
        }
        at = end;
      }
      if (!value(node(base_, c.end, at), end, depth)) return false;
      at = end;
    }
    if (at != c.end) return failed(errc::invalid_value, at);
    return true;
  }

  const std::uint8_t* base_;
  std::size_t size_;
  limits lim_;
  error error_;
};

}  // namespace prism::zbin_detail
