#pragma once
// The zbin side of prism::transcode: containers with their sizes and indexes filled in behind,
// keys of indexed objects in byte order, sequences of numbers as typed arrays (aligned),
// tensors in place.
#include <vector>

#include "../core/transcode_target.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<zbin, Ctx> : detail::emitter_base<emitter<zbin, Ctx>, zbin, Ctx> {
  using detail::emitter_base<emitter, zbin, Ctx>::emitter_base;
  template <class T>
  bool put(const T& v) {  // a value inside the message: no header of its own
    return zbin_detail::write_value<detail::default_options<zbin>>(this->ctx, v);
  }
  bool start() {
    if (!this->ctx.reserve(zbin_detail::header_size)) return false;
    this->ctx.out.cur()[0] = zbin_detail::magic;
    this->ctx.out.cur()[1] = zbin_detail::version;
    this->ctx.out.advance(zbin_detail::header_size);
    return true;
  }
  bool begin_array(std::size_t n) { return open(n, false, true); }
  bool element(std::size_t i) {
    zbin_detail::mark_element(this->ctx, open_.back(), i);
    return true;
  }
  bool end_array() { return close(); }
  bool begin_object(std::size_t n, bool) { return open(n, true, sorts_keys(n)); }
  bool entry(std::size_t i) { return element(i); }
  bool end_object() { return close(); }
  static bool sorts_keys(std::size_t n) { return n > zbin_detail::max_unindexed_entries; }
  bool numbers(const tensor_header& h) { return zbin_detail::write_numbers(this->ctx, h.type, h.data, h.count()); }

 private:
  bool open(std::size_t n, bool object, bool indexed) {
    open_.emplace_back();
    return zbin_detail::open_container(this->ctx, open_.back(), n, object, indexed);
  }
  bool close() {
    const bool ok = zbin_detail::close_container(this->ctx, open_.back());
    open_.pop_back();
    return ok;
  }
  std::vector<zbin_detail::container> open_;
};

}  // namespace prism
