#pragma once
// State shared by a decoder or an encoder during one call: the source or sink, the limits, the
// depth and allocation budget, and the first error with its field path (built while unwinding).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "config.hpp"
#include "error.hpp"
#include "limits.hpp"

namespace prism {

namespace detail {
// A failing read builds its error's field path while it unwinds, innermost step first: each
// step is appended reversed and take() turns the whole path around once, so that no step moves
// the ones before it.
PRISM_COLD inline void append_reversed(std::string& path, std::string_view step) {
  for (std::size_t i = step.size(); i-- > 0;) path.push_back(step[i]);
}
}  // namespace detail

// The first error of a call, on the heap: a context that never fails (nearly every one, and a
// view makes one per access) costs one null pointer, not a whole prism::error.
class error_state {
 public:
  [[nodiscard]] bool failed() const noexcept { return error_ != nullptr; }
  // The error so far, for its code and offset: its path is complete only in take().
  const error& get() const noexcept { return error_ ? *error_ : detail::no_error(); }
  // The call's outcome, its error handed over as it is (no copy).
  status take(std::string_view format) {
    if (!error_) [[likely]] return {};
    finish(format);
    return status(std::move(error_));
  }

  // Records the first error; always returns false so that callers can `return ctx.fail(...)`.
  // One overload per argument count: a call site passes only what it names (hundreds of them
  // in a program, each on its error path).
  PRISM_COLD bool fail(errc code, std::size_t offset, std::string_view expected, std::string_view found) {
    if (!failed()) error_ = std::make_unique<error>(error{code, offset, {}, {}, expected, std::string(found)});
    return false;
  }
  PRISM_COLD bool fail(errc code, std::size_t offset, std::string_view expected) {
    return fail(code, offset, expected, {});
  }
  PRISM_COLD bool fail(errc code, std::size_t offset) { return fail(code, offset, {}, {}); }
  // Bit-level formats: the error's place in bits (its byte goes to `offset`).
  PRISM_COLD bool fail_at_bit(errc code, std::size_t bit, std::string_view expected = {}, std::string_view found = {}) {
    if (!failed()) {
      error_ = std::make_unique<error>(error{code, bit / 8, {}, {}, expected, std::string(found)});
      error_->bit_offset = bit;
    }
    return false;
  }
  // Takes a finished error (of a nested decode over a copy of the input, or of another API),
  // shifted by `offset`; the steps of the path around it are added as this read unwinds.
  PRISM_COLD bool adopt(error e, std::size_t offset) {
    e.offset += offset;
    std::string steps;
    detail::append_reversed(steps, e.path);
    if (!steps.empty() && e.path.front() != '[') steps.push_back('.');
    e.path = std::move(steps);
    error_ = std::make_unique<error>(std::move(e));
    return false;
  }
  // Takes the error of a nested decode with a context of its own, shifted by `offset`.
  PRISM_COLD bool adopt(error_state& inner, std::size_t offset) {
    error_ = std::move(inner.error_);
    if (error_) error_->offset += offset;
    return false;
  }
  // Text formats: where the error offset lies as line and column.
  PRISM_COLD void locate(std::size_t line, std::size_t column) {
    if (!error_) return;
    error_->line = line;
    error_->column = column;
  }
  PRISM_COLD bool in_field(std::string_view name) {
    if (!takes_steps()) return false;
    detail::append_reversed(error_->path, name);
    error_->path.push_back('.');
    return false;
  }
  PRISM_COLD bool in_element(std::size_t index) {
    if (!takes_steps()) return false;
    std::string& path = error_->path;
    path.push_back(']');
    do {  // digits come least significant first: reversed, as every step
      path.push_back(static_cast<char>('0' + index % 10));
      index /= 10;
    } while (index != 0);
    path.push_back('[');
    return false;
  }
  // Column formats (pack's packed sequences) decode a field of every element at once.
  PRISM_COLD bool in_column() {
    if (!takes_steps()) return false;
    detail::append_reversed(error_->path, "[*]");
    return false;
  }
  PRISM_COLD bool in_key(std::string_view key) {
    if (!takes_steps()) return false;
    detail::append_reversed(error_->path, "\"]");
    detail::append_reversed(error_->path, key);
    detail::append_reversed(error_->path, "[\"");
    return false;
  }

 private:
  // A full output buffer is no field's fault (where a write notices it depends on how much of
  // the buffer's spare room the last values took): its error names no field.
  bool takes_steps() const noexcept { return error_ && error_->code != errc::buffer_overflow; }

  // The path in reading order, without the dot before its first field; the format named, when
  // one is (an adopted error keeps its own otherwise).
  PRISM_COLD void finish(std::string_view format) {
    if (!format.empty()) error_->format = format;
    std::string& path = error_->path;
    if (!path.empty() && path.back() == '.') path.pop_back();
    for (std::size_t i = 0, j = path.size(); i + 1 < j; ++i, --j) std::swap(path[i], path[j - 1]);
  }

 private:
  std::unique_ptr<error> error_;
};

// The context owns its source and sink by value, so that hot paths reach the cursor through
// one pointer (the context) rather than two.
template <class Source>
struct read_context : error_state {
  read_context(Source s, const limits& l) noexcept
      : src(std::move(s)), lim(l), short_text_max(l.max_elements < 16 ? l.max_elements : 16) {}

  Source src;
  const limits lim;
  // The longest text that the quick paths of one 16-byte load take: 16 bytes, or fewer when
  // limits::max_elements is tighter (one comparison checks both).
  const std::size_t short_text_max;
  std::size_t depth = 0;
  std::size_t allocated = 0;

  PRISM_INLINE bool enter() {
    if (++depth > lim.max_depth) [[unlikely]] return fail(errc::too_deep, src.offset());
    return true;
  }
  PRISM_INLINE void leave() noexcept { --depth; }
  // enter() for paths that leave every error to a slower path: false, with no error.
  PRISM_INLINE bool try_enter() noexcept {
    if (depth >= lim.max_depth) [[unlikely]] return false;
    ++depth;
    return true;
  }

  // Accounts for bytes a decode is about to allocate.
  PRISM_INLINE bool charge(std::size_t bytes) {
    allocated += bytes;
    if (allocated > lim.max_alloc_bytes) [[unlikely]] return fail(errc::allocation_limit, src.offset());
    return true;
  }

  // charge() for fast paths that leave every error to a slower path: false, with nothing
  // charged and no error, when the bytes do not fit in the budget.
  PRISM_INLINE bool try_charge(std::size_t bytes) noexcept {
    const std::size_t total = allocated + bytes;
    if (total > lim.max_alloc_bytes) [[unlikely]] return false;
    allocated = total;
    return true;
  }

  // The next n bytes must be in the input: else unexpected_end here, or at `offset` (where the
  // value that needs them began; `here` is computed only on failure).
  PRISM_INLINE bool require(std::size_t n) {
    if (!src.need(n)) [[unlikely]] {
      unexpected_end_here();
      return false;
    }
    return true;
  }
  PRISM_INLINE bool require(std::size_t n, std::size_t offset, std::string_view expected = {}) {
    if (!src.need(n)) [[unlikely]] return fail(errc::unexpected_end, offset, expected);
    return true;
  }
  PRISM_COLD bool unexpected_end_here() { return fail(errc::unexpected_end, src.offset()); }

  // A container of `count` items (at `offset`) within limits::max_elements.
  PRISM_INLINE bool check_elements(std::size_t count, std::size_t offset) {
    if (count > lim.max_elements) [[unlikely]] return fail(errc::too_many_elements, offset);
    return true;
  }

  // A container or string of `count` items, each at least `min_wire_bytes` long on the wire,
  // must fit in what remains of the input and in the limits before anything is allocated. A
  // stream cannot say what remains, so there the bytes must have arrived (its window grows only
  // as they do): a few bytes that declare a huge container allocate nothing.
  PRISM_INLINE bool check_count(std::size_t count, std::size_t min_wire_bytes, std::size_t offset) {
    if (!check_elements(count, offset)) [[unlikely]] return false;
    if constexpr (Source::bounded) {
      if (min_wire_bytes && count > src.remaining_bound() / min_wire_bytes) [[unlikely]]
        return fail(errc::unexpected_end, offset);
    } else {
      std::size_t bytes{};
      if (__builtin_mul_overflow(count, min_wire_bytes, &bytes) || !src.need(bytes)) [[unlikely]]
        return fail(errc::unexpected_end, offset);
    }
    return true;
  }
};

template <class Sink>
struct write_context : error_state {
  explicit write_context(Sink s) noexcept : out(std::move(s)) {}
  Sink out;
  std::size_t depth = 0;  // nesting level, for text formats that indent

  PRISM_INLINE bool reserve(std::size_t n) {
    if constexpr (Sink::can_overflow) {
      if (!out.reserve(n)) [[unlikely]] return fail(Sink::full_error, out.position());
      return true;
    } else {
      return out.reserve(n);
    }
  }
  PRISM_INLINE bool write(const void* bytes, std::size_t n) {
    if constexpr (Sink::can_overflow) {
      if (!out.write(bytes, n)) [[unlikely]] return fail(Sink::full_error, out.position());
      return true;
    } else {
      return out.write(bytes, n);
    }
  }
  // False, with the sink's error, once a fixed buffer has overflowed: a format that fills in a
  // size or an offset through out.at() afterwards checks this first, since a reservation near the
  // end succeeds (from the scratch area) and only the advance past it finds the buffer full.
  PRISM_INLINE bool written_so_far() {
    if constexpr (requires { out.overflowed(); }) {
      if (out.overflowed()) [[unlikely]] return fail(Sink::full_error, out.position());
    }
    return true;
  }
};

}  // namespace prism
