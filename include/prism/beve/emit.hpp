#pragma once
// The BEVE side of prism::transcode: objects keyed by strings, or by int64 when the first key
// is an integer (BEVE keys share one type per object); sequences of numbers become typed
// arrays, tensors the matrix extension.
#include <limits>
#include <span>
#include <vector>

#include "../core/transcode_target.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<beve, Ctx> : detail::emitter_base<emitter<beve, Ctx>, beve, Ctx> {
  using detail::emitter_base<emitter, beve, Ctx>::emitter_base;
  bool begin_array(std::size_t n) { return beve_detail::write_header_and_size(this->ctx, beve_detail::header::generic_array, n); }
  bool begin_object(std::size_t n, bool integer_keys) {
    integer_keys_.push_back(integer_keys);
    const std::uint8_t h = integer_keys ? beve_detail::integer_keyed_object_header<std::int64_t> : beve_detail::header::string_keyed_object;
    return beve_detail::write_header_and_size(this->ctx, h, n);
  }
  bool key_string(std::string_view s) {
    if (integer_keys_.back()) return mixed_keys();
    return beve_detail::write_sized_bytes(this->ctx, 0, s.data(), s.size());
  }
  bool key_integer(bool negative, std::uint64_t u) {
    if (!integer_keys_.back()) return mixed_keys();
    if (!negative && u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return this->ctx.fail(errc::out_of_range, this->ctx.out.position(), "an int64 key");
    const auto k = static_cast<std::int64_t>(u);
    return this->ctx.write(&k, sizeof k);
  }
  bool end_object() {
    integer_keys_.pop_back();
    return true;
  }
  bool numbers(const tensor_header& h) {
    return detail::with_tensor_ref<true>(h, [&](auto t) { return this->put(std::span(t.data(), t.size())); });
  }

 private:
  bool mixed_keys() { return this->ctx.fail(errc::type_mismatch, this->ctx.out.position(), "keys of one type per object (BEVE)"); }
  std::vector<bool> integer_keys_;  // of each open object, innermost last
};

}  // namespace prism
