#pragma once
// The entry points: prism::write and prism::read, for every format, sink and source.
// A format F provides specializations of format_writer<F> and format_reader<F> with
//   template <options O, class T, class Ctx> static bool write(Ctx&, const T&);
//   template <options O, class T, class Ctx> static bool read(Ctx&, T&);
// and F itself names `static constexpr std::string_view name` and `static constexpr options defaults`.
#include <cstddef>
#include <istream>
#include <ostream>
#include <ranges>
#include <span>
#include <string>
#include <type_traits>

#include "context.hpp"
#include "error.hpp"
#include "limits.hpp"
#include "options.hpp"
#include "sink.hpp"
#include "source.hpp"

namespace prism {

template <class Format>
struct format_writer;
template <class Format>
struct format_reader;

// Contiguous input of byte-sized elements: std::string, std::vector<uint8_t>, spans, arrays.
template <class B>
concept byte_input = std::ranges::contiguous_range<B> && std::ranges::sized_range<B> &&
                     byte_like<std::remove_cv_t<std::ranges::range_value_t<B>>>;

namespace detail {
template <class Format, options Opts, class T, class Sink>
status write_to_sink(const T& value, Sink& sink) {
  write_context<Sink> ctx{sink};
  if (!format_writer<Format>::template write<Opts>(ctx, value) || !sink.finish()) [[unlikely]] {
    if (!ctx.failed()) ctx.fail(errc::io_error, sink.position());
    return ctx.take(Format::name);
  }
  return {};
}

template <class Format, options Opts, class T, class Source>
status read_from_source(T& value, Source& source, const limits& lim) {
  read_context<Source> ctx{source, lim};
  if (!format_reader<Format>::template read<Opts>(ctx, value)) [[unlikely]] return ctx.take(Format::name);
  if constexpr (!Opts.allow_trailing_bytes && Source::bounded) {
    if (!source.at_end()) [[unlikely]] {
      ctx.fail(errc::trailing_bytes, source.offset());
      return ctx.take(Format::name);
    }
  }
  return {};
}
}  // namespace detail

// Writes `value` into `buffer`, replacing its contents and reusing its capacity.
template <class Format, options Opts = Format::defaults, class T, growable_buffer Buffer>
status write(const T& value, Buffer& buffer) {
  buffer_sink<Buffer> sink{buffer};
  return detail::write_to_sink<Format, Opts>(value, sink);
}

// Writes `value` into fixed memory; returns the number of bytes written, or buffer_overflow.
template <class Format, options Opts = Format::defaults, class T, byte_like B, std::size_t Extent>
result<std::size_t> write(const T& value, std::span<B, Extent> out) {
  span_sink sink{std::span<B>(out)};
  if (auto st = detail::write_to_sink<Format, Opts>(value, sink); !st) return st.error();
  return sink.position();
}

template <class Format, options Opts = Format::defaults, class T>
status write(const T& value, std::ostream& os) {
  ostream_sink sink{os};
  return detail::write_to_sink<Format, Opts>(value, sink);
}

// Returns the encoding of `value` in a new std::string.
template <class Format, options Opts = Format::defaults, class T>
result<std::string> write(const T& value) {
  std::string out;
  if (auto st = write<Format, Opts>(value, out); !st) return st.error();
  return out;
}

// Reads into an existing object, reusing its memory (strings and vectors keep their capacity).
template <class Format, options Opts = Format::defaults, class T, byte_input Bytes>
status read(T& value, const Bytes& bytes, const limits& lim = {}) {
  span_source source{std::ranges::data(bytes), std::ranges::size(bytes)};
  return detail::read_from_source<Format, Opts>(value, source, lim);
}

// Reads one value from a stream, consuming exactly its bytes.
template <class Format, options Opts = Format::defaults, class T>
status read(T& value, std::istream& is, const limits& lim = {}) {
  stream_source source{is};
  return detail::read_from_source<Format, Opts>(value, source, lim);
}

template <class Format, class T, options Opts = Format::defaults>
result<T> read(std::istream& input, const limits& lim = {}) {
  result<T> out{std::in_place};
  if (auto st = read<Format, Opts>(*out, input, lim); !st) return st.error();
  return out;
}

template <class Format, class T, options Opts = Format::defaults, byte_input Input>
result<T> read(const Input& input, const limits& lim = {}) {
  result<T> out{std::in_place};
  if (auto st = read<Format, Opts>(*out, input, lim); !st) return st.error();
  return out;
}

}  // namespace prism
