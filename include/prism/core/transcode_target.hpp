#pragma once
// prism::transcode into a format chosen at run time. The walk of a source calls its target
// through transcode_target, an interface: a program that converts between N formats chosen at
// run time compiles N walks and N targets, where transcode<From, To> compiles N x N
// transcoders. Each value costs a virtual call more; transcode<From, To> stays the fast path
// where both formats are known when compiling.
//
//   std::string out;
//   prism::format_target<prism::cbor> target(out);
//   prism::status st = prism::transcode<prism::json>(text, target);  // out: the CBOR message
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "transcode.hpp"

namespace prism {

// What the walk of a message calls, value by value (the emitter interface of transcode.hpp).
// format_target implements it for a format; a program may implement it to receive the values
// of a message of any format.
class transcode_target {
 public:
  using time = std::chrono::sys_time<std::chrono::nanoseconds>;

  virtual ~transcode_target() = default;

  virtual bool start() = 0;
  virtual bool finish() = 0;
  virtual bool null() = 0;
  virtual bool boolean(bool b) = 0;
  virtual bool integer(bool negative, std::uint64_t u) = 0;
  virtual bool floating(double d) = 0;
  virtual bool string(std::string_view s) = 0;
  virtual bool binary(bytes_view b) = 0;
  virtual bool timestamp(time t) = 0;
  virtual bool begin_array(std::size_t n) = 0;
  virtual bool element(std::size_t i) = 0;
  virtual bool end_array() = 0;
  virtual bool begin_object(std::size_t n, bool integer_keys) = 0;
  virtual bool entry(std::size_t i) = 0;
  virtual bool key_string(std::string_view s) = 0;
  virtual bool key_integer(bool negative, std::uint64_t u) = 0;
  virtual bool end_object() = 0;
  virtual bool numbers(const tensor_header& h) = 0;
  virtual bool tensor(const tensor_header& h) = 0;
  virtual bool sorts_keys(std::size_t n) const = 0;  // true: give this object's keys in byte order
  virtual bool tag(std::uint64_t number) = 0;        // a target without tags drops them (true)
  virtual bool simple(std::uint8_t code) = 0;        // a target without simple values writes null
  // Called only where features() says so.
  virtual bool extension(std::int8_t type, bytes_view data) = 0;
  virtual bool negative_beyond_int64(std::uint64_t n) = 0;
  virtual emitter_features features() const = 0;

  // After a walk that succeeded: the output completed, errc::ok or why not.
  virtual errc finish_output() = 0;
  // The error the target recorded when a call above returned false.
  virtual status take_error() = 0;
  virtual std::size_t position() const = 0;  // bytes written so far
  virtual std::string_view format_name() const noexcept = 0;
};

// The target that writes format To into `buffer` with To's options Opts, as
// transcode<From, To, Opts> does. Each transcode through it starts afresh (its output replaces
// the buffer's contents), so one target serves the messages of a stream in turn.
template <class To, options Opts = To::defaults, growable_buffer Buffer = std::string>
class format_target final : public transcode_target {
  using context = detail::write_context_with<buffer_sink<Buffer>, Opts>;
  using emitter_type = emitter<To, context>;
  static_assert(has_emitter<To, context>,
                "prism::format_target: the format has no emitter; transcode writes JSON, MessagePack, CBOR, BEVE, zbin or "
                "FlexBuffers (include its header)");

 public:
  explicit format_target(Buffer& buffer) noexcept : buffer_(&buffer) {}
  format_target(const format_target&) = delete;
  format_target& operator=(const format_target&) = delete;

  bool start() override {
    out_.reset();
    ctx_.emplace(buffer_sink<Buffer>{*buffer_});
    out_.emplace(*ctx_);
    return out_->start();
  }
  bool finish() override { return out_->finish(); }
  bool null() override { return out_->null(); }
  bool boolean(bool b) override { return out_->boolean(b); }
  bool integer(bool negative, std::uint64_t u) override { return out_->integer(negative, u); }
  bool floating(double d) override { return out_->floating(d); }
  bool string(std::string_view s) override { return out_->string(s); }
  bool binary(bytes_view b) override { return out_->binary(b); }
  bool timestamp(time t) override { return out_->timestamp(t); }
  bool begin_array(std::size_t n) override { return out_->begin_array(n); }
  bool element(std::size_t i) override { return out_->element(i); }
  bool end_array() override { return out_->end_array(); }
  bool begin_object(std::size_t n, bool integer_keys) override { return out_->begin_object(n, integer_keys); }
  bool entry(std::size_t i) override { return out_->entry(i); }
  bool key_string(std::string_view s) override { return out_->key_string(s); }
  bool key_integer(bool negative, std::uint64_t u) override { return out_->key_integer(negative, u); }
  bool end_object() override { return out_->end_object(); }
  bool numbers(const tensor_header& h) override { return out_->numbers(h); }
  bool tensor(const tensor_header& h) override { return out_->tensor(h); }
  bool sorts_keys(std::size_t n) const override { return emitter_type::sorts_keys(n); }
  bool tag(std::uint64_t number) override {
    if constexpr (requires { out_->tag(number); }) return out_->tag(number);
    else return true;
  }
  bool simple(std::uint8_t code) override {
    if constexpr (requires { out_->simple(code); }) return out_->simple(code);
    else return out_->null();
  }
  bool extension([[maybe_unused]] std::int8_t type, [[maybe_unused]] bytes_view data) override {
    if constexpr (requires { out_->extension(type, data); }) return out_->extension(type, data);
    else return false;
  }
  bool negative_beyond_int64([[maybe_unused]] std::uint64_t n) override {
    if constexpr (requires { out_->negative_beyond_int64(n); }) return out_->negative_beyond_int64(n);
    else return false;
  }
  emitter_features features() const override { return detail::static_features<emitter_type>(); }

  errc finish_output() override { return ctx_->out.finish(); }
  status take_error() override { return ctx_->take(To::name); }
  std::size_t position() const override { return ctx_ ? ctx_->out.position() : 0; }
  std::string_view format_name() const noexcept override { return To::name; }

 private:
  Buffer* buffer_;
  std::optional<context> ctx_;  // made by start(), with the emitter that refers to it
  std::optional<emitter_type> out_;
};

// Writes the message in `bytes` (format From, read with ReadOpts) through `target`.
template <class From, options ReadOpts = From::defaults, byte_input Bytes>
status transcode(const Bytes& bytes, transcode_target& target, const limits& lim = {}) {
  if (auto st = detail::walk_into<From, ReadOpts>(bytes, target, lim); !st) return st;
  if (const errc code = target.finish_output(); code != errc::ok) return make_error(code, target.position(), {}, target.format_name());
  return {};
}

// The first message in `bytes` through `target`, as read_prefix reads one: bytes after it are
// left (the next message of a stream); returns the bytes it took.
template <class From, options ReadOpts = From::defaults, byte_input Bytes>
result<std::size_t> transcode_prefix(const Bytes& bytes, transcode_target& target, const limits& lim = {}) {
  std::size_t end = 0;
  if (auto st = detail::walk_into<From, ReadOpts>(bytes, target, lim, &end); !st) return st.error();
  if (const errc code = target.finish_output(); code != errc::ok) return make_error(code, target.position(), {}, target.format_name());
  return end;
}

}  // namespace prism
