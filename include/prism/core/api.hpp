#pragma once
// The entry points: prism::write and prism::read, for every format, sink and source.
// A format F provides specializations of format_writer<F> and format_reader<F> with
//   template <options O, class T, class Ctx> static bool write(Ctx&, const T&);
//   template <options O, class T, class Ctx> static bool read(Ctx&, T&);
// and F itself names `static constexpr std::string_view name` and `static constexpr options defaults`,
// and may name `static constexpr options normalize(options)`: the options it reads (keep_options),
// and `using own_options = ...`: its own options type, given in options::format (options.hpp).
#include <cstddef>
#include <cstdint>
#include <istream>
#include <ostream>
#include <ranges>
#include <span>
#include <string>
#include <type_traits>

#include "config.hpp"
#include "context.hpp"
#include "error.hpp"
#include "limits.hpp"
#include "options.hpp"
#include "sink.hpp"
#include "source.hpp"
#include "supported.hpp"

namespace prism {

template <class Format>
struct format_writer;
template <class Format>
struct format_reader;

class value;
template <class Format>
struct view_traits;
namespace detail {
// prism::value's reader and writer, through the format's view and emitter (core/value_io.hpp).
template <class Format>
struct value_io;

template <class Format>
concept has_views = requires { typename view_traits<Format>::node; };

template <class Format>
constexpr void check_value_format() noexcept {
  static_assert(has_views<Format>,
                "prism::value is read and written in the formats that have views (MessagePack, CBOR, BEVE, zbin, "
                "FlexBuffers, JSON); this format's bytes need the C++ type they were written from");
}

// The error paths of the calls that return a result, out of line and once per type for every
// format: a failed call's result (the error's move), and a failed read's value replaced by its
// error (the value's destructor is the bulk of it).
template <class T>
PRISM_COLD result<T> failed_result(status&& st) {
  return std::move(st).error();
}
template <class T>
PRISM_COLD void replace_with_error(result<T>& out, status&& st) {
  out = result<T>(std::move(st).error());
}
}  // namespace detail

// Contiguous input of byte-sized elements: std::string, std::vector<uint8_t>, spans, arrays.
template <class B>
concept byte_input = std::ranges::contiguous_range<B> && std::ranges::sized_range<B> &&
                     byte_like<std::remove_cv_t<std::ranges::range_value_t<B>>>;

namespace detail {
// The options as format F reads them: what O leaves unset from F's defaults, and the options F
// ignores at F's defaults, every flag set, so that calls that differ only in what F ignores, or
// in spelling out F's defaults, share one instantiation of its codec.
template <class Format>
concept has_own_options = requires { typename Format::own_options; };

// The key that a format's own options carry (0 for a format that has none).
template <class Format>
constexpr std::uint32_t own_options_key() noexcept {
  if constexpr (has_own_options<Format>) {
    return Format::own_options::key;
  } else {
    return 0;
  }
}

template <class Format, options O>
inline constexpr options normalized = [] {
  static_assert(O.format.owner == 0 || O.format.owner == own_options_key<Format>(),
                "prism: options::format holds the options of another format than the one written or read; "
                "give each format its own (prism::cbor_options for prism::cbor, ...)");
  options resolved = resolve_options(O, Format::defaults);
  if constexpr (requires { Format::normalize(resolved); }) {
    resolved = resolve_options(Format::normalize(resolved), Format::defaults);
  }
  if constexpr (has_own_options<Format>) {
    resolved.format = Format::own_options::flags::resolve(Format::own_options::key, resolved.format);
  } else {
    resolved.format = {};
  }
  return resolved;
}();

// A format's defaults as its codec sees them: what views, transcoding and emitters read and write
// with, so that they share the instantiations of `read` and `write` at the defaults.
template <class Format>
inline constexpr options default_options = normalized<Format, Format::defaults>;

// The bytes of an input. A char array is taken for a string literal: its terminating '\0' is
// not part of the message (binary data belongs in unsigned char, std::byte or a std::string).
template <class Bytes>
std::size_t input_size(const Bytes& bytes) noexcept {
  if constexpr (std::is_array_v<Bytes> && std::is_same_v<std::remove_cv_t<std::remove_extent_t<Bytes>>, char>) {
    constexpr std::size_t n = std::extent_v<Bytes>;
    return n > 0 && bytes[n - 1] == '\0' ? n - 1 : n;
  } else {
    return std::ranges::size(bytes);
  }
}

// Writes `value` into `sink`; `written` receives the bytes it wrote.
template <class Format, options Opts, class T, class Sink>
status write_to_sink(const T& value, Sink sink, std::size_t& written) {
  constexpr bool through_emitter = std::is_same_v<T, prism::value> && !has_native_value<Format>;
  if constexpr (!through_emitter && !supported<T, Format>) {
    report_unsupported_type<T, Format>();
    return {};
  } else {
    write_context<Sink> ctx{std::move(sink)};
    bool ok;
    if constexpr (through_emitter) {
      static_assert(Opts == Format::defaults, "prism::value is written with the format's default options");
      check_value_format<Format>();
      ok = value_io<Format>::write(ctx, value);
    } else {
      ok = format_writer<Format>::template write<normalized<Format, Opts>>(ctx, value);
    }
    if (!ok) [[unlikely]] {
      if (!ctx.failed()) ctx.fail(errc::io_error, ctx.out.position());
      return ctx.take(Format::name);
    }
    if (const errc code = ctx.out.finish(); code != errc::ok) [[unlikely]] {
      ctx.fail(code, ctx.out.position());
      return ctx.take(Format::name);
    }
    written = ctx.out.position();
    return {};
  }
}

// Reads one value from `source`; `consumed`, when given (a std::size_t*), receives the bytes it
// took.
template <class Format, options Opts, class T, class Source, class Consumed = std::nullptr_t>
status read_from_source(T& value, Source source, const limits& lim, Consumed consumed = nullptr) {
  constexpr bool through_view = std::is_same_v<T, prism::value> && !has_native_value<Format>;
  if constexpr (!through_view && !supported<T, Format>) {
    report_unsupported_type<T, Format>();
    return {};
  } else {
    read_context<Source> ctx{std::move(source), lim};
    if constexpr (through_view) {
      check_value_format<Format>();
      if (!value_io<Format>::read(ctx, value)) [[unlikely]] return ctx.take(Format::name);
    } else {
      if (!format_reader<Format>::template read<normalized<Format, Opts>>(ctx, value)) [[unlikely]] return ctx.take(Format::name);
    }
    if constexpr (!Opts.allow_trailing_bytes && Source::bounded) {
      if (!ctx.src.at_end()) [[unlikely]] {
        ctx.fail(errc::trailing_bytes, ctx.src.offset());
        return ctx.take(Format::name);
      }
    }
    if constexpr (!std::is_same_v<Consumed, std::nullptr_t>) *consumed = ctx.src.offset();
    return {};
  }
}
}  // namespace detail

// Writes `value` into `buffer`, replacing its contents and reusing its capacity.
template <class Format, options Opts = Format::defaults, class T, growable_buffer Buffer>
status write(const T& value, Buffer& buffer) {
  std::size_t written = 0;
  return detail::write_to_sink<Format, Opts>(value, buffer_sink<Buffer>{buffer}, written);
}

// Writes `value` into fixed memory; returns the number of bytes written, or buffer_overflow.
template <class Format, options Opts = Format::defaults, class T, byte_like B, std::size_t Extent>
result<std::size_t> write(const T& value, std::span<B, Extent> out) {
  std::size_t written = 0;
  if (status st = detail::write_to_sink<Format, Opts>(value, span_sink{std::span<B>(out)}, written); !st) [[unlikely]]
    return detail::failed_result<std::size_t>(std::move(st));
  return written;
}

template <class Format, options Opts = Format::defaults, class T>
status write(const T& value, std::ostream& os) {
  std::size_t written = 0;
  return detail::write_to_sink<Format, Opts>(value, ostream_sink{os}, written);
}

// Returns the encoding of `value` in a new std::string.
template <class Format, options Opts = Format::defaults, class T>
result<std::string> write(const T& value) {
  std::string out;
  if (auto st = write<Format, Opts>(value, out); !st) [[unlikely]] return detail::failed_result<std::string>(std::move(st));
  return out;
}

// Reads into an existing object, reusing its memory (strings and vectors keep their capacity).
template <class Format, options Opts = Format::defaults, class T, byte_input Bytes>
status read(T& value, const Bytes& bytes, const limits& lim = {}) {
  return detail::read_from_source<Format, Opts>(value, span_source{std::ranges::data(bytes), detail::input_size(bytes)}, lim);
}

// Reads the value at the start of `bytes` and gives the number of bytes it took, leaving what
// follows: messages one after another in a buffer, read one at a time.
template <class Format, options Opts = Format::defaults, class T, byte_input Bytes>
result<std::size_t> read_prefix(T& value, const Bytes& bytes, const limits& lim = {}) {
  constexpr options lax = [] {
    options o = Opts;
    o.allow_trailing_bytes = true;
    return o;
  }();
  std::size_t consumed = 0;
  if (auto st = detail::read_from_source<Format, lax>(value, span_source{std::ranges::data(bytes), detail::input_size(bytes)}, lim,
                                                      &consumed);
      !st) [[unlikely]]
    return detail::failed_result<std::size_t>(std::move(st));
  return consumed;
}

// Reads one value from a stream, consuming exactly its bytes. A stream that has failed already
// (a file that could not be opened) is an io_error, not an empty input.
template <class Format, options Opts = Format::defaults, class T>
status read(T& value, std::istream& is, const limits& lim = {}) {
  if (is.fail()) [[unlikely]] return error{errc::io_error, 0, {}, Format::name, "a readable stream (is the file open?)", "a failed stream"};
  return detail::read_from_source<Format, Opts>(value, stream_source{is}, lim);
}

template <class Format, class T, options Opts = Format::defaults>
result<T> read(std::istream& input, const limits& lim = {}) {
  result<T> out{std::in_place};
  // One object returned (no move of the value): an error replaces the value in it.
  if (auto st = read<Format, Opts>(*out, input, lim); !st) [[unlikely]] detail::replace_with_error(out, std::move(st));
  return out;
}

template <class Format, class T, options Opts = Format::defaults, byte_input Input>
result<T> read(const Input& input, const limits& lim = {}) {
  result<T> out{std::in_place};
  // One object returned (no move of the value): an error replaces the value in it.
  if (auto st = read<Format, Opts>(*out, input, lim); !st) [[unlikely]] detail::replace_with_error(out, std::move(st));
  return out;
}

}  // namespace prism
