#pragma once
// Lazy views of self-describing formats: prism::view<F>(bytes) parses nothing and copies
// nothing; every access decodes only what it touches, checks its bounds and returns errors as
// values. A format supplies a Node (a position in the bytes) with:
//   value_type type(); size_t offset();
//   errc get_bool(bool&), get_integer(bool& negative, uint64_t&), get_double(double&),
//        get_string(string_view&), get_bytes(bytes_view&), get_tensor(tensor_header&),
//        size(size_t&), element(size_t, Node&), find(string_view, Node&, bool& found),
//        first(Node&), next(Node&)      // children in order: O(1) amortized per step
//   template <options O, class T> status read(T&)   // materialize with the format's reader
// and, in the formats that have them:
//   errc get_tag(uint64_t& number, Node& content)   // a tag prism gives no meaning (CBOR)
//   errc get_extension(int8_t& type, bytes_view&)   // an extension (MessagePack)
//   errc get_simple(uint8_t& code)                  // undefined, unassigned simple values (CBOR)
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "api.hpp"
#include "concepts.hpp"
#include "containers.hpp"
#include "context.hpp"
#include "error.hpp"
#include "lookup_hint.hpp"
#include "source.hpp"
#include "json_pointer.hpp"
#include "tensor.hpp"
#include "tensor_io.hpp"
#include "utf8.hpp"

namespace prism {

// `other`: a failed access (see failure()) or bytes that are not a well-formed value; every
// access to it fails.
enum class value_type : std::uint8_t {
  null, boolean, integer, floating, string, binary, array, object, tensor, timestamp, extension, simple, other
};

constexpr std::string_view describe(value_type t) noexcept {
  switch (t) {
    case value_type::null: return "null";
    case value_type::boolean: return "bool";
    case value_type::integer: return "integer";
    case value_type::floating: return "float";
    case value_type::string: return "string";
    case value_type::binary: return "binary";
    case value_type::array: return "array";
    case value_type::object: return "object";
    case value_type::tensor: return "tensor";
    case value_type::timestamp: return "timestamp";
    case value_type::extension: return "extension";
    case value_type::simple: return "simple value";
    case value_type::other: return "other";
  }
  return "other";
}

// A MessagePack extension as a view gives it: its type and its payload, in the input.
struct extension_ref {
  std::int8_t type = 0;
  bytes_view data;
};

// An error of a view access (views build their errors field by field).
inline error make_error(errc code, std::size_t offset, std::string path = {}, std::string_view format = {},
                        std::string_view expected = {}, std::string_view found = {}) {
  error e;
  e.code = code;
  e.offset = offset;
  e.path = std::move(path);
  e.format = format;
  e.expected = expected;
  e.found = found;
  return e;
}

// Each format names its node type and how a message's root is found.
template <class Format>
struct view_traits;

template <class Node>
class basic_view;

namespace detail {
// A reader positioned at `pos` of a message, for the nodes that decode with their format's reader.
inline read_context<span_source> view_context(const std::uint8_t* base, std::size_t size, std::size_t pos) {
  read_context<span_source> ctx{span_source{base, size}, limits{}};
  ctx.src.advance(pos);
  return ctx;
}
}  // namespace detail

template <class Node>
class basic_view {
 public:
  explicit basic_view(const Node& node) noexcept : node_(node) {}
  explicit basic_view(Node&& node) noexcept : node_(std::move(node)) {}
  explicit basic_view(error e) : error_(std::make_shared<const error>(std::move(e))) {}

  // False when this view is the result of a failed access (a missing key, an index out of
  // range, bad bytes); every access on it returns that error.
  bool valid() const noexcept { return !error_; }
  explicit operator bool() const noexcept { return valid(); }
  const error* failure() const noexcept { return error_.get(); }
  std::size_t offset() const noexcept { return node_.offset(); }
  const Node& node() const noexcept { return node_; }

  value_type type() const noexcept { return valid() ? node_.type() : value_type::other; }
  bool is_null() const noexcept { return type() == value_type::null; }

  // Scalars inline, their failures out of line: a walk over an array of numbers calls this
  // once per element.
  template <class T>
  PRISM_INLINE result<T> as() const {
    if (error_) [[unlikely]] return carried_failure<T>(error_.get());
    if constexpr (boolean<T>) {
      bool b{};
      if (const errc e = node_.get_bool(b); e != errc::ok) [[unlikely]] return scalar_failure<T>(node_, e, "bool");
      return b;
    } else if constexpr (integer<T>) {
      bool negative{};
      std::uint64_t value{};
      if (const errc e = node_.get_integer(negative, value); e != errc::ok) [[unlikely]] return scalar_failure<T>(node_, e, "integer");
      T out{};
      if (detail::fit_integer(negative, value, out) != errc::ok) [[unlikely]]
        return scalar_failure<T>(node_, errc::out_of_range, negative && std::is_unsigned_v<T> ? "non-negative integer" : "");
      return out;
    } else if constexpr (floating<T>) {
      double d{};
      if (const errc e = node_.get_double(d); e != errc::ok) [[unlikely]] return scalar_failure<T>(node_, e, "number");
      T out{};
      if (detail::fit_floating(d, out) != errc::ok) [[unlikely]] return scalar_failure<T>(node_, errc::out_of_range, "a number within the float's range");
      return out;
    } else if constexpr (string_view_type<T>) {
      return as_string_view();
    } else if constexpr (string_type<T>) {
      auto s = as_string_view();
      if (s) return std::string(*s);
      if (node_.type() != value_type::string) return s.error();
      result<T> out{std::in_place};  // a string in pieces (CBOR's indefinite length): joined by the reader
      if (auto st = node_.template read<detail::default_options<typename Node::format>>(*out); !st) return st.error();
      return out;
    } else if constexpr (byte_span<T>) {
      return as_bytes();
    } else {
      result<T> out{std::in_place};
      if (auto st = node_.template read<detail::default_options<typename Node::format>>(*out); !st) return st.error();
      return out;
    }
  }

  // Checked as UTF-8, as reading into a std::string checks it (a format whose view checks its
  // text up front says Node::text_checked).
  result<std::string_view> as_string_view() const {
    if (error_) return *error_;
    std::string_view s;
    if (const errc e = node_.get_string(s); e != errc::ok)
      return fail(e, e == errc::type_mismatch && node_.type() == value_type::string ? "a string stored as is (one chunk, no escapes)" : "string");
    if constexpr (!requires { Node::text_checked; }) {
      const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
      if (!detail::utf8_valid(p, s.size())) [[unlikely]] return fail(errc::invalid_utf8, "UTF-8 text");
    }
    return s;
  }
  result<bytes_view> as_bytes() const {
    if (error_) return *error_;
    bytes_view b;
    if (const errc e = node_.get_bytes(b); e != errc::ok) return fail(e, "binary");
    return b;
  }

  // The outermost tag that prism gives no meaning of its own (CBOR: bignums, URIs, ...), and the
  // view of what it tags. type() and the other accessors look through such tags.
  result<std::pair<std::uint64_t, basic_view>> as_tagged() const {
    if (error_) return *error_;
    if constexpr (requires(std::uint64_t& n, Node& c) { node_.get_tag(n, c); }) {
      std::uint64_t number{};
      Node content;
      if (const errc e = node_.get_tag(number, content); e != errc::ok) return fail(e, "a tagged value");
      return std::pair<std::uint64_t, basic_view>(number, basic_view(content));
    } else {
      return fail(errc::type_mismatch, "a tagged value");
    }
  }
  // A MessagePack extension (other than a timestamp).
  result<extension_ref> as_extension() const {
    if (error_) return *error_;
    if constexpr (requires(std::int8_t& t, bytes_view& b) { node_.get_extension(t, b); }) {
      extension_ref x;
      if (const errc e = node_.get_extension(x.type, x.data); e != errc::ok) return fail(e, "an extension");
      return x;
    } else {
      return fail(errc::type_mismatch, "an extension");
    }
  }
  // A CBOR simple value other than false, true and null: 23 is `undefined`.
  result<std::uint8_t> as_simple() const {
    if (error_) return *error_;
    if constexpr (requires(std::uint8_t& c) { node_.get_simple(c); }) {
      std::uint8_t code{};
      if (const errc e = node_.get_simple(code); e != errc::ok) return fail(e, "a simple value");
      return code;
    } else {
      return fail(errc::type_mismatch, "a simple value");
    }
  }

  // A tensor of T and Rank: a view into the input when its data is aligned for T, else a copy.
  template <tensor_element Element, std::size_t Rank, class T = std::remove_const_t<Element>>
  result<tensor_read<T, Rank>> as_tensor() const {
    if (error_) return *error_;
    tensor_header h;
    if (const errc e = node_.get_tensor(h); e != errc::ok) return fail(e, "tensor");
    detail::complex_from_pairs<T>(h, Rank);
    if (h.rank != Rank) return fail(errc::size_mismatch, "a tensor of the requested rank");
    constexpr bool decoded = requires { Node::tensors_in_text; };  // in a scratch buffer: always copied
    if (!decoded && h.type == dtype_of<T> && reinterpret_cast<std::uintptr_t>(h.data) % alignof(T) == 0)
      return result<tensor_read<T, Rank>>(std::in_place, tensor_view<const T, Rank>(reinterpret_cast<const T*>(h.data), shape_of<Rank>(h), h.order));
    return tensor_copy<T, Rank>(h);
  }
  // What a tensor is without reading it: element type, shape, memory order and where its data
  // lies (for tools that describe a message; as_tensor reads one). For formats that decode
  // tensors from text (JSON), `data` is a copy of this thread's, valid until the next call.
  result<tensor_header> tensor_info() const {
    if (error_) return *error_;
    tensor_header h;
    if (const errc e = node_.get_tensor(h); e != errc::ok) return fail(e, "tensor");
    return h;
  }
  // Elements of an array, entries of an object, bytes of a string or binary.
  result<std::size_t> size() const {
    if (error_) return *error_;
    std::size_t n{};
    if (const errc e = node_.size(n); e != errc::ok) return fail(e, "array or object");
    return n;
  }

  template <std::integral I>
  basic_view operator[](I i) const {
    basic_view out{no_node};  // one named result, built in place; the lookup sets its node
    const auto index = static_cast<std::size_t>(i);
    errc e = errc::ok;
    if (error_) [[unlikely]] out.error_ = error_;
    else if constexpr (requires { node_.element(index, out.node_, hint_); }) e = node_.element(index, out.node_, hint_);  // resumes a walk
    else e = node_.element(index, out.node_);
    if (e != errc::ok) [[unlikely]] out = failed_index(e, index);
    return out;
  }
  basic_view operator[](std::string_view key) const {
    basic_view out{no_node};  // one named result, built in place; the lookup sets its node
    if (error_) [[unlikely]] {
      out.error_ = error_;
    } else {
      bool found = false;
      const errc e = node_.find(key, out.node_, found, hint_);
      if (e != errc::ok || !found) [[unlikely]] out = failed_lookup(e, key);
    }
    return out;
  }
  basic_view operator[](const char* key) const { return (*this)[std::string_view(key)]; }
  // The value RFC 6901 pointer `pointer` refers to ("/pos/x", "/weapons/3"; "" is this value),
  // or a view carrying the error, whose path is the pointer up to the token that fails.
  basic_view at_pointer(std::string_view pointer) const {
    std::string bad;
    const auto tokens = detail::pointer_tokens(pointer, bad);
    if (!tokens) return basic_view(make_error(errc::syntax_error, offset(), bad, Node::format::name, "a JSON pointer (RFC 6901)"));
    basic_view at = *this;
    for (const auto& t : *tokens) {
      if (at.error_) break;
      const value_type kind = at.type();
      const bool array = kind == value_type::array;
      basic_view next = array && t.index           ? at[*t.index]
                        : kind == value_type::object ? at[std::string_view(t.key)]
                        : array ? basic_view(make_error(errc::type_mismatch, at.offset(), {}, Node::format::name, "an array index",
                                                        "\"" + t.key + "\""))
                                : basic_view(make_error(errc::type_mismatch, at.offset(), {}, Node::format::name,
                                                        "an array or object", describe(kind)));
      if (next.error_) {
        error e = *next.error_;
        e.path = t.prefix;
        if (e.expected.empty()) {
          e.expected = array ? "an index below the array's size" : "a member of the object";
          e.found = array ? t.key : "no \"" + t.key + "\"";
        }
        return basic_view(std::move(e));
      }
      at = std::move(next);
    }
    return at;
  }
  // The value of `key`, or nothing when this is not an object or has no such key.
  std::optional<basic_view> find(std::string_view key) const {
    if (error_) return std::nullopt;
    Node child;
    bool found = false;
    if (node_.find(key, child, found, hint_) != errc::ok || !found) return std::nullopt;
    return basic_view(child);
  }

  // Iteration over the elements of an array (or the values of an object): the whole walk is
  // O(n). A decoding error ends the walk early; error() on the range says which.
  class element_range {
   public:
    class iterator {
     public:
      using value_type = basic_view;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const element_range* r, Node n, std::size_t left) : range_(r), node_(n), left_(left) {}
      // Inline: a walk over an array of numbers takes one step per element.
      PRISM_INLINE basic_view operator*() const { return basic_view(node_); }
      PRISM_INLINE iterator& operator++() {
        if (--left_) {
          if (const errc e = node_.next(node_); e != errc::ok) [[unlikely]] fail_at_end(e);
        }
        if (range_->objects_ && left_) {
          if (const errc e = node_.next(node_); e != errc::ok) [[unlikely]] fail_at_end(e);
        }
        return *this;
      }
      void operator++(int) { ++*this; }
      bool operator==(std::default_sentinel_t) const noexcept { return left_ == 0; }

     private:
      // Cut short stays unexpected_end; any other failure to step is bad bytes.
      void fail_at_end(errc e) {
        range_->failed_ = e == errc::unexpected_end ? e : errc::invalid_value;
        left_ = 0;
      }
      const element_range* range_ = nullptr;
      Node node_{};
      std::size_t left_ = 0;
    };
    iterator begin() const { return iterator(this, first_, count_); }
    std::default_sentinel_t end() const noexcept { return {}; }
    errc error() const noexcept { return failed_; }

   private:
    friend class basic_view;
    Node first_{};
    std::size_t count_ = 0;
    bool objects_ = false;
    mutable errc failed_ = errc::ok;
  };

  // Key/value pairs of an object.
  class item_range {
   public:
    class iterator {
     public:
      using value_type = std::pair<basic_view, basic_view>;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(Node key, std::size_t left) : key_(key), left_(left) { load(); }
      value_type operator*() const { return {basic_view(key_), basic_view(value_)}; }
      iterator& operator++() {
        if (--left_) {
          if (value_.next(key_) != errc::ok) left_ = 0;
          else load();
        }
        return *this;
      }
      void operator++(int) { ++*this; }
      bool operator==(std::default_sentinel_t) const noexcept { return left_ == 0; }

     private:
      void load() {
        if (left_ && key_.next(value_) != errc::ok) left_ = 0;
      }
      Node key_{}, value_{};
      std::size_t left_ = 0;
    };
    iterator begin() const { return iterator(first_, count_); }
    std::default_sentinel_t end() const noexcept { return {}; }

   private:
    friend class basic_view;
    Node first_{};
    std::size_t count_ = 0;
  };

  // The elements of an array or the values of an object (and of a typed array where the format
  // can hand them out one by one); empty for anything else.
  element_range elements() const {
    element_range r;
    if (error_) return r;
    std::size_t n{};
    const value_type t = node_.type();
    if (node_.size(n) != errc::ok || n == 0 || (t != value_type::array && t != value_type::object && t != value_type::tensor)) return r;
    Node first;
    if (node_.first(first) != errc::ok) return r;
    r.objects_ = t == value_type::object;
    if (r.objects_ && first.next(first) != errc::ok) return r;
    r.first_ = first;
    r.count_ = n;
    return r;
  }
  item_range items() const {
    item_range r;
    if (error_ || node_.type() != value_type::object) return r;
    std::size_t n{};
    Node first;
    if (node_.size(n) != errc::ok || n == 0 || node_.first(first) != errc::ok) return r;
    r.first_ = first;
    r.count_ = n;
    return r;
  }

 private:
  template <std::size_t Rank>
  static std::array<std::size_t, Rank> shape_of(const tensor_header& h) noexcept {
    std::array<std::size_t, Rank> shape;
    for (std::size_t d = 0; d < Rank; ++d) shape[d] = h.shape[d];
    return shape;
  }

  // A copy of a tensor of another element type (small integer arrays may be stored narrower, as
  // in zbin), stored misaligned, or decoded from text. One named result: built in place.
  template <class T, std::size_t Rank>
  result<tensor_read<T, Rank>> tensor_copy(const tensor_header& h) const {
    constexpr bool decoded = requires { Node::tensors_in_text; };
    const std::size_t misaligned_by = reinterpret_cast<std::uintptr_t>(h.data) % alignof(T);
    const bool converted = h.type != dtype_of<T>;
    const copy_reason reason = converted ? copy_reason::converted : decoded ? copy_reason::decoded : copy_reason::misaligned;
    result<tensor_read<T, Rank>> out{std::in_place, h.count(), shape_of<Rank>(h), h.order, reason,
                                     reason == copy_reason::misaligned ? misaligned_by : 0, h.type};
    if (converted) {
      if (!convert_numbers(h.type, h.data, h.count(), out->copy_data())) out = fail(errc::type_mismatch, dtype_name(dtype_of<T>), dtype_name(h.type));
    } else if (h.data_bytes) {
      detail::copy_large(static_cast<void*>(out->copy_data()), h.data, h.data_bytes);
    }
    return out;
  }

  // A view whose node a lookup is about to set. Not a copy of the parent's node: the parent was
  // often stored just before, field by field, and a copy loads it back in wider pieces, which
  // cannot be forwarded from those stores (a stall of about ten cycles per lookup).
  struct no_node_t {};
  static constexpr no_node_t no_node{};
  explicit basic_view(no_node_t) noexcept {}

  // Failures of as<T>() take what they report by value, not this view: a walk's element view
  // then lives in registers, not stored to memory for a path that is almost never taken.
  template <class T>
  PRISM_NOINLINE static result<T> carried_failure(const error* e) {
    return *e;
  }
  template <class T>
  PRISM_NOINLINE static result<T> scalar_failure(Node node, errc e, std::string_view expected) {
    return failure_at(node, e, expected);
  }
  PRISM_NOINLINE basic_view failed_index(errc e, std::size_t index) const {
    error err = make_error(e, node_.offset(), "[" + std::to_string(index) + "]", Node::format::name);
    if (e == errc::type_mismatch) err.expected = "array";
    return basic_view(std::move(err));
  }
  PRISM_NOINLINE basic_view failed_lookup(errc e, std::string_view key) const {
    if (e == errc::ok) return basic_view(make_error(errc::missing_key, node_.offset(), std::string(key), Node::format::name));
    return basic_view(make_error(e, node_.offset(), std::string(key), Node::format::name, e == errc::type_mismatch ? "object" : ""));
  }
  error fail(errc e, std::string_view expected, std::string_view found = {}) const { return failure_at(node_, e, expected, found); }
  static error failure_at(const Node& node, errc e, std::string_view expected, std::string_view found = {}) {
    error err = make_error(e, node.offset(), {}, Node::format::name, expected, found);
    if (found.empty() && e == errc::type_mismatch) err.found = describe(node.type());
    return err;
  }

  Node node_{};
  std::shared_ptr<const error> error_;
  detail::lookup_hint hint_;  // where this object's last key lookup succeeded, or this array's last element
};

namespace detail {
// view_traits of a format whose message is its root value, starting at byte 0.
template <class Format, class Node>
struct root_at_start {
  using format = Format;
  using node = Node;
  static basic_view<Node> root(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return basic_view<Node>(make_error(errc::unexpected_end, 0, {}, Format::name));
    return basic_view<Node>(Node(data, size, 0));
  }
};
}  // namespace detail

namespace detail {
// The options a format's views read: those of view_traits<Format>::takes_options (JSON's jsonc);
// a format without such options takes only its defaults.
template <class Format, options Opts>
constexpr options view_options() noexcept {
  if constexpr (requires { view_traits<Format>::takes_options; }) {
    return normalized<Format, Opts>;
  } else {
    static_assert(Opts == Format::defaults, "prism: this format's views and verify() take no options");
    return Opts;
  }
}

// The root of a message; a format that indexes the message first (JSON) does it within `lim`.
template <class Format, options Opts = Format::defaults>
auto view_root(const std::uint8_t* data, std::size_t size, const limits& lim) {
  constexpr options O = view_options<Format, Opts>();
  if constexpr (requires { view_traits<Format>::takes_options; }) return view_traits<Format>::template root<O>(data, size, lim);
  else if constexpr (requires { view_traits<Format>::root(data, size, lim); }) return view_traits<Format>::root(data, size, lim);
  else return view_traits<Format>::root(data, size);
}
}  // namespace detail

// A view of the message in `bytes`; checks only what it must to find the root value. JSON's
// view indexes the text first, within `lim` (depth, elements, and the index's memory in
// max_alloc_bytes). Opts: what changes what a view accepts (`prism::json_options{.jsonc = true}`).
template <class Format, options Opts = Format::defaults, byte_input Bytes>
auto view(const Bytes& bytes, const limits& lim = {}) {
  return detail::view_root<Format, Opts>(reinterpret_cast<const std::uint8_t*>(std::ranges::data(bytes)), detail::input_size(bytes), lim);
}

// Checks a whole message in one pass, for formats that offer it (zbin, JSON), accepting what
// view<Format, Opts> accepts.
template <class Format, options Opts = Format::defaults, byte_input Bytes>
status verify(const Bytes& bytes, const limits& lim = {}) {
  constexpr options O = detail::view_options<Format, Opts>();
  const auto* data = reinterpret_cast<const std::uint8_t*>(std::ranges::data(bytes));
  if constexpr (requires { view_traits<Format>::takes_options; }) return view_traits<Format>::template verify<O>(data, detail::input_size(bytes), lim);
  else return view_traits<Format>::verify(data, detail::input_size(bytes), lim);
}

// verify(), then a view of the message whose accesses skip the checks verify() made (for formats
// that offer it: zbin). On failure the view carries verify()'s error.
template <class Format, byte_input Bytes>
auto verified_view(const Bytes& bytes, const limits& lim = {}) {
  return view_traits<Format>::verified_root(reinterpret_cast<const std::uint8_t*>(std::ranges::data(bytes)), detail::input_size(bytes), lim);
}

namespace detail {
// Reads a scalar from a node that has no bytes of its own for the format's reader (an element
// of a typed array, a bit of a bool array): through the view's accessors.
template <class T, class Node>
status read_bare(const Node& node, T& v) {
  if constexpr (string_type<T>) {  // not through as<std::string>, which may come back here
    auto s = basic_view<Node>(node).as_string_view();
    if (!s) return s.error();
    v.assign(s->data(), s->size());
    return {};
  } else if constexpr (boolean<T> || integer<T> || floating<T>) {
    auto r = basic_view<Node>(node).template as<T>();
    if (!r) return r.error();
    v = std::move(*r);
    return {};
  } else {
    return make_error(errc::type_mismatch, node.offset(), {}, Node::format::name, "a number, bool or string", "an element of a typed array");
  }
}
}  // namespace detail

// Materializes a struct (or any value) from a view.
template <class T, class Node>
status read(T& out, const basic_view<Node>& v) {
  if (const error* e = v.failure()) return *e;
  return v.node().template read<detail::default_options<typename Node::format>>(out);
}

}  // namespace prism
