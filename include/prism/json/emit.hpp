#pragma once
// The JSON side of prism::transcode: compact text (indented with json_options::pretty); integer
// keys quoted; blobs base64;
// tensors the [dtype, shape, "base64"] triple; timestamps RFC 3339 strings.
#include <charconv>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "../core/transcode_target.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<json, Ctx> : detail::emitter_base<emitter<json, Ctx>, json, Ctx> {
  using detail::emitter_base<emitter, json, Ctx>::emitter_base;
  static constexpr options O = detail::emitter_options<json, Ctx>;

  bool begin_array(std::size_t n) {
    sizes_.push_back(n);
    return json_detail::open(this->ctx, '[');
  }
  bool element(std::size_t i) { return json_detail::separator<O>(this->ctx, i); }
  bool end_array() { return close(']'); }
  bool begin_object(std::size_t n, bool) {
    sizes_.push_back(n);
    return json_detail::open(this->ctx, '{');
  }
  bool entry(std::size_t i) { return json_detail::separator<O>(this->ctx, i); }
  bool key_string(std::string_view s) {
    return json_detail::write_string<O>(this->ctx, s.data(), s.size()) && json_detail::put_char(this->ctx, ':') &&
           json_detail::key_separator<O>(this->ctx);
  }
  bool key_integer(bool negative, std::uint64_t u) {
    return json_detail::put_char(this->ctx, '"') && this->integer(negative, u) && json_detail::put_text(this->ctx, "\":") &&
           json_detail::key_separator<O>(this->ctx);
  }
  bool end_object() { return close('}'); }
  // -1 - n, in decimal: JSON numbers have no width.
  bool negative_beyond_int64(std::uint64_t n) {
    if (n == std::numeric_limits<std::uint64_t>::max()) return json_detail::put_text(this->ctx, "-18446744073709551616");
    char text[24] = {'-'};
    const auto r = std::to_chars(text + 1, text + sizeof text, n + 1);
    return json_detail::put_text(this->ctx, std::string_view(text, static_cast<std::size_t>(r.ptr - text)));
  }

 private:
  bool close(char c) {
    const bool empty = sizes_.back() == 0;
    sizes_.pop_back();
    return json_detail::close<O>(this->ctx, c, empty);
  }
  std::vector<std::size_t> sizes_;  // element counts of the open containers
};

}  // namespace prism
