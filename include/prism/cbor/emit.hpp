#pragma once
// The CBOR side of prism::transcode: definite-length containers; sequences of numbers become
// RFC 8746 typed arrays, tensors tag 40 / 1040.
#include <span>

#include "../core/transcode.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<cbor, Ctx> : detail::emitter_base<emitter<cbor, Ctx>, cbor, Ctx> {
  using detail::emitter_base<emitter, cbor, Ctx>::emitter_base;
  bool begin_array(std::size_t n) { return cbor_detail::write_head(this->ctx, cbor_detail::major::array, n); }
  bool begin_object(std::size_t n, bool) { return cbor_detail::write_head(this->ctx, cbor_detail::major::map, n); }
  bool numbers(const tensor_header& h) {
    return detail::with_tensor_ref<true>(h, [&](auto t) { return cbor_detail::write_typed_array(this->ctx, std::span(t.data(), t.size())); });
  }
};

}  // namespace prism
