#pragma once
// prism::error, prism::status and prism::result<T>: what went wrong, at which byte, in which field.
// The path is assembled while a failing read unwinds, so a successful read never builds it.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "config.hpp"

namespace prism {

enum class errc : std::uint8_t {
  ok = 0,
  unexpected_end,      // the input ends inside a value
  type_mismatch,       // the wire type does not fit the C++ type
  out_of_range,        // a number does not fit the destination type
  invalid_utf8,        // a string is not valid UTF-8
  invalid_value,       // bytes that no encoder produces (reserved codes, overlong varints, bad bools)
  invalid_enum,        // a number or name that is not an enumerator
  too_deep,            // nesting beyond limits::max_depth
  too_many_elements,   // a container larger than limits::max_elements
  allocation_limit,    // decoding would allocate beyond limits::max_alloc_bytes
  size_mismatch,       // a fixed-size destination (std::array, tuple) gets another element count
  buffer_overflow,     // a fixed output buffer is too small
  unknown_key,         // a key that the struct does not have (when that is an error)
  missing_key,         // a field absent from the input (when that is an error)
  trailing_bytes,      // bytes after the value
  io_error,            // a stream failed
  syntax_error,        // text that the grammar of a text format does not allow
};

constexpr std::string_view describe(errc code) noexcept {
  switch (code) {
    case errc::ok: return "ok";
    case errc::unexpected_end: return "unexpected end of input";
    case errc::type_mismatch: return "type mismatch";
    case errc::out_of_range: return "number out of range";
    case errc::invalid_utf8: return "invalid UTF-8";
    case errc::invalid_value: return "invalid value";
    case errc::invalid_enum: return "invalid enum value";
    case errc::too_deep: return "nesting too deep";
    case errc::too_many_elements: return "too many elements";
    case errc::allocation_limit: return "allocation limit exceeded";
    case errc::size_mismatch: return "size mismatch";
    case errc::buffer_overflow: return "output buffer too small";
    case errc::unknown_key: return "unknown key";
    case errc::missing_key: return "missing key";
    case errc::trailing_bytes: return "trailing bytes";
    case errc::io_error: return "i/o error";
    case errc::syntax_error: return "syntax error";
  }
  return "unknown error";
}

struct error {
  errc code = errc::ok;
  std::size_t offset = 0;        // byte offset in the input (reads) or output (writes)
  std::string path;              // field path such as "weapons[3].damage"; empty at the top level
  std::string_view format;       // "msgpack", "pack", ...
  std::string_view expected;     // what the decoder wanted, for type errors
  std::string found;             // what it found instead: a key, a value, the fields that are absent
  std::size_t line = 0;          // text formats: 1-based line and column of `offset`; 0 if unknown
  std::size_t column = 0;
  static constexpr std::size_t no_bit_offset = static_cast<std::size_t>(-1);
  std::size_t bit_offset = no_bit_offset;  // bit-level formats (zserio): `offset` is this bit's byte

  // "msgpack: type mismatch at byte 812, field weapons[3].damage: expected integer, found string"
  std::string message() const {
    std::string text;
    if (!format.empty()) {
      text.append(format);
      text.append(": ");
    }
    text.append(describe(code));
    if (bit_offset != no_bit_offset) {
      text.append(" at bit ");
      text.append(std::to_string(bit_offset));
      text.append(" (byte ");
      text.append(std::to_string(offset));
      text.append(")");
    } else {
      text.append(" at byte ");
      text.append(std::to_string(offset));
    }
    if (line != 0) {
      text.append(" (line ");
      text.append(std::to_string(line));
      text.append(", column ");
      text.append(std::to_string(column));
      text.append(")");
    }
    if (!path.empty()) {
      text.append(", field ");
      text.append(path);
    }
    if (!expected.empty()) {
      text.append(": expected ");
      text.append(expected);
      if (!found.empty()) {
        text.append(", found ");
        text.append(found);
      }
    }
    return text;
  }

  friend bool operator==(const error& a, const error& b) noexcept {
    return a.code == b.code && a.offset == b.offset && a.path == b.path;
  }
};

class bad_result_access : public std::logic_error {
 public:
  explicit bad_result_access(const error& e) : std::logic_error(e.message()), error_(e) {}
  const prism::error& error() const noexcept { return error_; }

 private:
  prism::error error_;
};

namespace detail {
// What error() of a success refers to: code ok, offset 0, no path.
inline const error& no_error() noexcept {
  static const error none{};
  return none;
}
}  // namespace detail

// The outcome of an operation that produces no value. Success is one null pointer, so that
// returning it costs no more than a bool (a small message's read takes ~100 ns; building a
// whole prism::error on every success was a measurable part of that); a failure holds its error
// on the heap.
class [[nodiscard]] status {
 public:
  status() noexcept = default;
  status(prism::error e)  // NOLINT: implicit by design, like std::unexpected
      : error_(e.code == errc::ok ? nullptr : std::make_unique<prism::error>(std::move(e))) {}
  // A failure whose error is on the heap already (a decoder hands its own over).
  explicit status(std::unique_ptr<prism::error> e) noexcept : error_(std::move(e)) {}
  status(const status& other) : error_(other.error_ ? std::make_unique<prism::error>(*other.error_) : nullptr) {}
  status(status&&) noexcept = default;
  status& operator=(const status& other) {
    if (this != &other) error_ = other.error_ ? std::make_unique<prism::error>(*other.error_) : nullptr;
    return *this;
  }
  status& operator=(status&&) noexcept = default;
  ~status() = default;

  bool ok() const noexcept { return error_ == nullptr; }
  explicit operator bool() const noexcept { return ok(); }
  const prism::error& error() const& noexcept { return error_ ? *error_ : detail::no_error(); }
  // The error moved out: a failed status becomes a result's error without a copy.
  prism::error error() && { return error_ ? std::move(*error_) : prism::error{}; }
  void value() const {
    if (!ok()) throw bad_result_access(*error_);
  }

 private:
  std::unique_ptr<prism::error> error_;
};

// A value or an error. A tagged union rather than a std::variant: a result is built in every
// read and write that returns one, and the variant's visitation is more to compile (and some
// compilers see uninitialized members through it).
template <class T>
class [[nodiscard]] result {
  static_assert(!std::is_reference_v<T> && !std::is_same_v<std::remove_cv_t<T>, prism::error>,
                "prism::result<T>: T must be an object type other than prism::error; for a reference, hold a "
                "pointer or a std::reference_wrapper");

 public:
  using value_type = T;

  result(const T& v) : value_(v), has_value_(true) {}  // NOLINT
  result(T&& v) : value_(std::move(v)), has_value_(true) {}  // NOLINT
  result(prism::error e) noexcept : error_(std::move(e)), has_value_(false) {}  // NOLINT
  template <class... Args>
  explicit result(std::in_place_t, Args&&... args) : value_(std::forward<Args>(args)...), has_value_(true) {}

  result(const result& other)
    requires std::is_copy_constructible_v<T>
      : has_value_(other.has_value_) {
    if (has_value_) std::construct_at(&value_, other.value_);
    else std::construct_at(&error_, other.error_);
  }
  result(result&& other) noexcept(std::is_nothrow_move_constructible_v<T>)
    requires std::is_move_constructible_v<T>
      : has_value_(other.has_value_) {
    if (has_value_) std::construct_at(&value_, std::move(other.value_));
    else std::construct_at(&error_, std::move(other.error_));
  }
  result& operator=(const result& other)
    requires std::is_copy_constructible_v<T> && std::is_copy_assignable_v<T>
  {
    if (this == &other) return *this;
    if (has_value_ && other.has_value_) value_ = other.value_;
    else if (!has_value_ && !other.has_value_) error_ = other.error_;
    else *this = result(other);
    return *this;
  }
  result& operator=(result&& other) noexcept(std::is_nothrow_move_constructible_v<T> && std::is_nothrow_move_assignable_v<T>)
    requires std::is_move_constructible_v<T> && std::is_move_assignable_v<T>
  {
    if (has_value_ && other.has_value_) {
      value_ = std::move(other.value_);
    } else if (!has_value_ && !other.has_value_) {
      error_ = std::move(other.error_);
    } else if (has_value_) {
      value_.~T();
      std::construct_at(&error_, std::move(other.error_));
      has_value_ = false;
    } else {
      // The error is kept aside until the value is built: should T's constructor throw, it is put back.
      prism::error kept(std::move(error_));
      error_.~error();
      struct restore_on_throw {
        result& self;
        prism::error& kept;
        bool done = false;
        ~restore_on_throw() {
          if (!done) std::construct_at(&self.error_, std::move(kept));
        }
      } guard{*this, kept};
      std::construct_at(&value_, std::move(other.value_));
      guard.done = true;
      has_value_ = true;
    }
    return *this;
  }
  ~result() {
    if (has_value_) value_.~T();
    else destroy_error();
  }

  bool has_value() const noexcept { return has_value_; }
  explicit operator bool() const noexcept { return has_value_; }

  T& value() & { check(); return value_; }
  const T& value() const& { check(); return value_; }
  T&& value() && { check(); return std::move(value_); }
  T& operator*() & noexcept { return value_; }
  const T& operator*() const& noexcept { return value_; }
  T* operator->() noexcept { return &value_; }
  const T* operator->() const noexcept { return &value_; }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value_ ? value_ : static_cast<T>(std::forward<U>(fallback));
  }

  const prism::error& error() const noexcept { return has_value_ ? detail::no_error() : error_; }
  prism::status status() const { return has_value_ ? prism::status{} : prism::status{error_}; }

 private:
  void check() const {
    if (!has_value_) throw bad_result_access(error_);
  }
  // Out of line: the failure's strings are freed in one place, not in every caller.
  PRISM_COLD void destroy_error() noexcept { error_.~error(); }
  union {
    T value_;
    prism::error error_;
  };
  bool has_value_;
};

}  // namespace prism
