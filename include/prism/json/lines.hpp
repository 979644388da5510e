#pragma once
// JSON Lines (NDJSON, https://jsonlines.org): one JSON value per line, read one line at a time
// from a stream and written one per line.
//
//   prism::json_lines<Event> lines(stream);
//   Event e;
//   while (lines.next(e)) handle(e);
//   if (!lines.status()) report(lines.status().error());   // with the line it failed on
#include <cstddef>
#include <istream>
#include <ostream>
#include <ranges>
#include <string>

#include "../core/api.hpp"
#include "format.hpp"
#include "read.hpp"
#include "write.hpp"

namespace prism {

template <class T, options Opts = json::defaults>
class json_lines {
 public:
  explicit json_lines(std::istream& is, const limits& lim = {}) : is_(&is), lim_(lim) {}

  // Reads the next value into v (reusing its memory): true when there was one; false at the end
  // of the stream or on an error, which status() then holds. Blank lines are skipped; a line may
  // end in "\r\n".
  bool next(T& v) {
    if (!status_) return false;
    while (std::getline(*is_, line_)) {
      ++line_number_;
      const std::size_t start = offset_;
      offset_ += line_.size() + (is_->eof() ? 0 : 1);
      if (!line_.empty() && line_.back() == '\r') line_.pop_back();
      if (line_.find_first_not_of(" \t") == std::string::npos) continue;
      if (auto st = read<json, Opts>(v, line_, lim_); !st) {
        error e = st.error();
        e.offset += start;
        e.line = line_number_;
        status_ = std::move(e);
        return false;
      }
      return true;
    }
    if (is_->bad()) status_ = error{errc::io_error, offset_, {}, json::name, "a readable stream", "a failed stream"};
    return false;
  }

  // What stopped next(): success at the end of the stream, else the error of the line it
  // failed on (its `line`, and `offset` in the stream).
  const prism::status& status() const noexcept { return status_; }
  // The number of the last line read (1-based).
  std::size_t line() const noexcept { return line_number_; }

 private:
  std::istream* is_;
  limits lim_;
  std::string line_;
  std::size_t line_number_ = 0;
  std::size_t offset_ = 0;
  prism::status status_;
};

// Writes each value of `values` as one line of compact JSON.
template <options Opts = json::defaults, std::ranges::input_range R>
status write_json_lines(const R& values, std::ostream& os) {
  std::string line;
  for (const auto& v : values) {
    if (auto st = write<json, Opts>(v, line); !st) return st;
    line += '\n';
    os.write(line.data(), static_cast<std::streamsize>(line.size()));
    if (!os) return error{errc::io_error, 0, {}, json::name, "a writable stream", "a failed stream"};
  }
  return {};
}

}  // namespace prism
