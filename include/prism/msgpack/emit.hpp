#pragma once
// The MessagePack side of prism::transcode: containers by count; typed arrays become arrays of
// numbers, tensors the [dtype, shape, data] triple; extensions as they came.
#include "../core/transcode_target.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<msgpack, Ctx> : detail::emitter_base<emitter<msgpack, Ctx>, msgpack, Ctx> {
  using detail::emitter_base<emitter, msgpack, Ctx>::emitter_base;
  bool begin_array(std::size_t n) { return msgpack_detail::write_array_header(this->ctx, n); }
  bool begin_object(std::size_t n, bool) { return msgpack_detail::write_map_header(this->ctx, n); }
  bool extension(std::int8_t type, bytes_view data) { return msgpack_detail::write_extension(this->ctx, type, data); }
};

}  // namespace prism
