#pragma once
// The FlexBuffers side of prism::transcode: every event becomes a flexbuffers::Builder call
// (which sorts each map's keys itself); the message is copied to the sink when it is finished.
// Integer keys become decimal strings, timestamps integer nanoseconds, as the writer does.
#include <charconv>
#include <cstring>
#include <vector>

#include "../core/copy_bytes.hpp"
#include "../core/transcode_target.hpp"
#include "format.hpp"
#include "write.hpp"

namespace prism {

template <class Ctx>
struct emitter<flex, Ctx> {
  using format = flex;
  explicit emitter(Ctx& c) : ctx(c), b_(512) {}
  Ctx& ctx;

  bool start() { return true; }
  bool finish() { return flex_detail::finish(ctx, b_); }
  bool null() { return b_.Null(), true; }
  bool boolean(bool v) { return b_.Bool(v), true; }
  bool integer(bool negative, std::uint64_t u) {
    if (negative) b_.Int(static_cast<std::int64_t>(u));
    else b_.UInt(u);
    return true;
  }
  bool floating(double d) { return b_.Double(d), true; }
  bool string(std::string_view s) { return flex_detail::put_string(b_, s), true; }
  bool binary(bytes_view v) { return b_.Blob(v.data(), v.size()), true; }
  bool timestamp(detail::transcode_time t) { return b_.Int(t.time_since_epoch().count()), true; }
  bool tensor(const tensor_header& h) {
    return detail::with_tensor_ref(h, [&](auto t) {
      using E = std::remove_const_t<typename decltype(t)::element_type>;
      if (reinterpret_cast<std::uintptr_t>(t.bytes) % alignof(E) == 0) {
        flex_detail::write_tensor(b_, t);
      } else {  // the Builder may read the elements one by one: give it aligned ones
        std::vector<E> copy(t.size());
        if (!copy.empty()) detail::copy_large(copy.data(), t.bytes, t.size_bytes());
        flex_detail::write_tensor(b_, detail::tensor_ref<E>{reinterpret_cast<const std::byte*>(copy.data()), t.extents, t.layout});
      }
      return true;
    });
  }
  bool numbers(const tensor_header& h) {
    return detail::with_tensor_ref<true>(h, [&](auto t) {
      using E = std::remove_const_t<typename decltype(t)::element_type>;
      if (reinterpret_cast<std::uintptr_t>(t.bytes) % alignof(E) == 0) {
        flex_detail::put_numbers(b_, t.data(), t.size());
      } else {
        b_.TypedVector([&] { for (std::size_t i = 0; i < t.size(); ++i) flex_detail::put_number(b_, t[i]); });
      }
      return true;
    });
  }
  bool begin_array(std::size_t) { return open_.push_back(b_.StartVector()), true; }
  bool element(std::size_t) { return true; }
  bool end_array() {
    b_.EndVector(open_.back(), false, false);
    open_.pop_back();
    return true;
  }
  bool begin_object(std::size_t, bool) { return open_.push_back(b_.StartMap()), true; }
  bool entry(std::size_t) { return true; }
  bool key_string(std::string_view s) { return flex_detail::put_key(ctx, b_, s); }
  bool key_integer(bool negative, std::uint64_t u) {
    char text[24];
    const auto r = negative ? std::to_chars(text, text + sizeof text, static_cast<std::int64_t>(u)) : std::to_chars(text, text + sizeof text, u);
    return flex_detail::put_key(ctx, b_, std::string_view(text, static_cast<std::size_t>(r.ptr - text)));
  }
  bool end_object() {
    b_.EndMap(open_.back());
    open_.pop_back();
    return true;
  }
  static bool sorts_keys(std::size_t) { return false; }

 private:
  flexbuffers::Builder b_;
  std::vector<std::size_t> open_;  // where each open vector or map starts on the Builder's stack
};

}  // namespace prism
