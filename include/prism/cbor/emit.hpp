#pragma once
// The CBOR side of prism::transcode: definite-length containers; sequences of numbers become
// RFC 8746 typed arrays, tensors tag 40 / 1040; tags and simple values as they came.
#include <span>

#include "../core/transcode_target.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<cbor, Ctx> : detail::emitter_base<emitter<cbor, Ctx>, cbor, Ctx> {
  using detail::emitter_base<emitter, cbor, Ctx>::emitter_base;
  bool begin_array(std::size_t n) { return cbor_detail::write_head(this->ctx, cbor_detail::major::array, n); }
  bool begin_object(std::size_t n, bool) { return cbor_detail::write_head(this->ctx, cbor_detail::major::map, n); }
  bool tag(std::uint64_t number) { return cbor_detail::write_head(this->ctx, cbor_detail::major::tag, number); }
  bool negative_beyond_int64(std::uint64_t n) { return cbor_detail::write_head(this->ctx, cbor_detail::major::negative_int, n); }
  bool simple(std::uint8_t code) {
    if (code >= 24 && code < 32) return this->ctx.fail(errc::invalid_value, this->ctx.out.position(), "a simple value below 24 or from 32");
    return cbor_detail::write_head(this->ctx, cbor_detail::major::simple, code);
  }
  bool numbers(const tensor_header& h) {
    return detail::with_tensor_ref<true>(h, [&](auto t) { return cbor_detail::write_typed_array(this->ctx, std::span(t.data(), t.size())); });
  }
};

}  // namespace prism
