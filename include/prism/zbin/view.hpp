#pragma once
// zbin views: prism::view<zbin>(bytes) checks every offset it follows; verified_view<zbin>(bytes)
// runs verify() once, then reads without the checks that verify() made.
#include <cstddef>
#include <cstdint>

#include "../core/limits.hpp"
#include "../core/view.hpp"
#include "format.hpp"
#include "node.hpp"
#include "verify.hpp"

namespace prism {

template <>
struct view_traits<zbin> {
  using format = zbin;
  using node = zbin_detail::node;
  // Walks of the whole message (transcode, a read into prism::value) verify it first, so that
  // they take what verify() takes: index entries that point at their elements, keys in order.
  static constexpr bool verify_before_walk = true;
  static basic_view<node> root(const std::uint8_t* data, std::size_t size) {
    if (size < zbin_detail::header_size + 1) return basic_view<node>(make_error(errc::unexpected_end, size, {}, zbin::name));
    if (data[0] != zbin_detail::magic || data[1] != zbin_detail::version)
      return basic_view<node>(make_error(errc::invalid_value, 0, {}, zbin::name, "zbin header 5a 01"));
    return basic_view<node>(node(data, size, zbin_detail::header_size));
  }
  static status verify(const std::uint8_t* data, std::size_t size, const limits& lim) {
    return zbin_detail::verifier(data, size, lim).run();
  }
  // A view whose accesses skip the offset and size checks verify() has made: the message is
  // verified first, and the view carries verify()'s error when it fails.
  static basic_view<zbin_detail::verified_node> verified_root(const std::uint8_t* data, std::size_t size, const limits& lim) {
    using verified = basic_view<zbin_detail::verified_node>;
    if (const status st = verify(data, size, lim); !st) return verified(st.error());
    return verified(zbin_detail::verified_node(data, size, zbin_detail::header_size));
  }
};

}  // namespace prism
