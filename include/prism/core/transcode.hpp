#pragma once
// prism::transcode<From, To>(bytes): walks a view of the input and writes each value as it
// goes, with no tree in between. Blobs stay blobs, tensors stay tensors (with their dtype,
// shape and memory order), typed arrays stay sequences of numbers, timestamps stay timestamps.
//
// A target format supplies emitter<Format, Ctx> with:
//   bool start(), finish();                               // before and after the root
//   bool null(), boolean(bool), integer(bool negative, uint64 value), floating(double),
//        string(string_view), binary(bytes_view), timestamp(sys_time<nanoseconds>);
//   bool begin_array(n), element(i), end_array();          // element(i) before element i
//   bool begin_object(n, integer_keys), entry(i), key_string(string_view), key_integer(bool negative, uint64),
//        end_object();                                     // entry(i) before key i
//   bool numbers(const tensor_header&), tensor(const tensor_header&);
//   static bool sorts_keys(n);                             // keys must come in byte order
// and where the format has them (else tags are dropped, simple values written as null and
// extensions refused, as RFC 8949 section 6.1 converts CBOR to JSON):
//   bool tag(uint64 number);                               // before the value it tags
//   bool extension(int8 type, bytes_view data), simple(uint8 code);
//   bool negative_beyond_int64(uint64 n);                  // the integer -1 - n, below int64
//                                                          // (else out_of_range)
// A target chosen at run time is a transcode_target (core/transcode_target.hpp), which says
// which of these it takes through features().
// Sources are the formats with views (MessagePack, CBOR, BEVE, FlexBuffers, zbin, JSON).
#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api.hpp"
#include "context.hpp"
#include "sink.hpp"
#include "utf8.hpp"
#include "view.hpp"

namespace prism {

template <class Format, class Ctx>
struct emitter;

// A format that a transcode writes: its emitter is defined (by its emit.hpp).
template <class Format, class Ctx>
concept has_emitter = requires { sizeof(emitter<Format, Ctx>); };

// What an emitter takes beyond the calls every one has. A static emitter says it by having the
// call (or the constant); a transcode_target, whose format is chosen at run time, through
// features().
struct emitter_features {
  bool extensions = false;              // extension(type, data): MessagePack's extension types
  bool negatives_beyond_int64 = false;  // negative_beyond_int64(n)
  bool tensors = true;                  // tensor(h); else a tensor is an error
  bool nests_tags = false;              // each tag a level of nesting (counted against max_depth)
};

namespace detail {

using transcode_time = std::chrono::sys_time<std::chrono::nanoseconds>;

// What the emitters of most formats share: scalars, blobs, timestamps and tensors through the
// format's own writer; sequences of numbers element by element; keys as values.
// A write context whose type carries the options of a transcode, for the emitters.
template <class Sink, options O>
struct write_context_with : write_context<Sink> {
  using write_context<Sink>::write_context;
  static constexpr options call_options = O;
};

// The options an emitter writes with: the call's (normalized for its format), else the format's
// defaults.
template <class Format, class Ctx>
inline constexpr options emitter_options = [] {
  if constexpr (requires { Ctx::call_options; }) {
    return normalized<Format, Ctx::call_options>;
  } else {
    return default_options<Format>;
  }
}();

template <class Derived, class Format, class Ctx>
struct emitter_base {
  using format = Format;
  explicit emitter_base(Ctx& c) noexcept : ctx(c) {}
  Ctx& ctx;

  Derived& self() noexcept { return static_cast<Derived&>(*this); }
  template <class T>
  bool put(const T& v) {
    return format_writer<Format>::template write<emitter_options<Format, Ctx>>(ctx, v);
  }
  bool start() { return true; }
  bool finish() { return true; }
  bool null() { return self().put(std::optional<int>{}); }
  bool boolean(bool b) { return self().put(b); }
  bool integer(bool negative, std::uint64_t u) { return negative ? self().put(static_cast<std::int64_t>(u)) : self().put(u); }
  bool floating(double d) { return self().put(d); }
  bool string(std::string_view s) { return self().put(s); }
  bool binary(bytes_view b) { return self().put(b); }
  bool timestamp(transcode_time t) { return self().put(t); }
  bool tensor(const tensor_header& h) {
    return with_tensor_ref(h, [&](auto t) { return self().put(t); });
  }
  bool numbers(const tensor_header& h) {
    return with_tensor_ref<true>(h, [&](auto t) {
      const std::size_t n = t.size();
      if (!self().begin_array(n)) return false;
      for (std::size_t i = 0; i < n; ++i)
        if (!self().element(i) || !self().put(t[i])) return false;
      return self().end_array();
    });
  }
  bool element(std::size_t) { return true; }
  bool end_array() { return true; }
  bool entry(std::size_t) { return true; }
  bool key_string(std::string_view s) { return self().put(s); }
  bool key_integer(bool negative, std::uint64_t u) { return self().integer(negative, u); }
  bool end_object() { return true; }
  static bool sorts_keys(std::size_t) { return false; }
};

template <class E>
consteval emitter_features static_features() {
  emitter_features f;
  f.extensions = requires(E& e, std::int8_t type, bytes_view data) { e.extension(type, data); };
  f.negatives_beyond_int64 = requires(E& e, std::uint64_t n) { e.negative_beyond_int64(n); };
  if constexpr (requires { E::holds_tensors; }) f.tensors = E::holds_tensors;
  if constexpr (requires { E::nests_tags; }) f.nests_tags = E::nests_tags;
  return f;
}

template <class E>
emitter_features features_of(const E& e) {
  if constexpr (requires { e.features(); }) return e.features();
  else return static_features<E>();
}

// Where the root value of a message ends: the next value's offset when bytes follow it (a
// FlexBuffer's root is at its end: nothing follows it).
template <class Node>
std::size_t root_end(const Node& root, std::size_t size) {
  Node after{};
  return root.next(after) == errc::ok ? after.offset() : size;
}

template <class Emitter, class Node>
class transcoder {
 public:
  transcoder(Emitter& out, const limits& lim) : out_(out), lim_(lim) {}

  status run(const basic_view<Node>& root) {
    if (!out_.start() || !value(root, 0) || !out_.finish()) return take();
    return {};
  }

 private:
  using view_t = basic_view<Node>;

  bool value(const view_t& v, std::size_t depth) {
    if (const error* e = v.failure()) return fail(*e);
    if constexpr (requires(std::uint64_t& n, Node& c) { v.node().get_tag(n, c); }) {
      std::uint64_t number{};
      Node content;
      if (v.node().get_tag(number, content) == errc::ok) return tagged(number, content, depth);
    }
    return untagged(v, depth);
  }

  PRISM_INLINE bool untagged(const view_t& v, std::size_t depth) {
    // The usual values inline, reading the node itself (a result<T> carries a whole error): each
    // level of nesting takes value()'s frame and array()'s or object()'s of the stack.
    switch (v.type()) {
      case value_type::null: return out_.null();
      case value_type::integer: {
        bool negative{};
        std::uint64_t u{};
        if (v.node().get_integer(negative, u) != errc::ok) [[unlikely]] return leaf(v);
        return out_.integer(negative, u);
      }
      case value_type::floating: {
        double d{};
        if (v.node().get_double(d) != errc::ok) [[unlikely]] return leaf(v);
        return out_.floating(d);
      }
      case value_type::string: {
        std::string_view s;
        if (v.node().get_string(s) != errc::ok || !text_checked(s)) [[unlikely]] return leaf(v);
        return out_.string(s);
      }
      case value_type::array: return array(v, depth);
      case value_type::object: return object(v, depth);
      default: return leaf(v);
    }
  }

  static bool text_checked(std::string_view s) noexcept {
    if constexpr (requires { Node::text_checked; }) return true;
    else return detail::utf8_valid(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  }

  // Every other value, and the errors of the usual ones, through the view's checked accessors.
  PRISM_NOINLINE bool leaf(const view_t& v) {
    switch (v.type()) {
      case value_type::boolean: return scalar<bool>(v, [&](bool b) { return out_.boolean(b); });
      case value_type::integer: {
        bool negative{};
        std::uint64_t u{};
        if (const errc e = v.node().get_integer(negative, u); e != errc::ok) {
          // CBOR's negatives below std::int64_t, to the targets that hold them.
          if constexpr (requires(std::uint64_t& n) {
                          v.node().get_negative_beyond_int64(n);
                          out_.negative_beyond_int64(n);
                        }) {
            std::uint64_t n{};
            if (e == errc::out_of_range && features_of(out_).negatives_beyond_int64 && v.node().get_negative_beyond_int64(n) == errc::ok)
              return out_.negative_beyond_int64(n);
          }
          return fail_with(e, v.offset());
        }
        return out_.integer(negative, u);
      }
      case value_type::floating: return scalar<double>(v, [&](double d) { return out_.floating(d); });
      case value_type::string: {
        if (auto s = v.as_string_view()) return out_.string(*s);
        return scalar<std::string>(v, [&](const std::string& s) { return out_.string(s); });
      }
      case value_type::binary: {
        if (auto b = v.as_bytes()) return out_.binary(*b);
        return scalar<std::vector<std::byte>>(v, [&](const std::vector<std::byte>& b) { return out_.binary(bytes_view(b)); });
      }
      case value_type::timestamp: return scalar<transcode_time>(v, [&](transcode_time t) { return out_.timestamp(t); });
      case value_type::tensor: return tensor(v);
      case value_type::extension: return extension(v);
      case value_type::simple: return simple(v);
      default: return malformed(v);
    }
  }

  // What the walk meets rarely, out of line.
  PRISM_NOINLINE bool tensor(const view_t& v) {
    tensor_header h;
    if (const errc e = v.node().get_tensor(h); e != errc::ok) return fail_with(e, v.offset(), "tensor");
    const bool plain = h.type != dtype::float16 && h.type != dtype::complex64 && h.type != dtype::complex128;
    if (h.typed_array && plain) return out_.numbers(h);
    if (!features_of(out_).tensors) return fail_with(errc::type_mismatch, v.offset(), "a value without tensors", "a tensor");
    return out_.tensor(h);
  }
  PRISM_NOINLINE bool extension(const view_t& v) {
    auto x = v.as_extension();
    if (!x) return fail(x.error());
    if constexpr (requires { out_.extension(x->type, x->data); }) {
      if (features_of(out_).extensions) return out_.extension(x->type, x->data);
    }
    return fail_with(errc::type_mismatch, v.offset(), "a value this format can hold", "a MessagePack extension");
  }
  PRISM_NOINLINE bool simple(const view_t& v) {
    auto code = v.as_simple();
    if (!code) return fail(code.error());
    if constexpr (requires { out_.simple(*code); }) return out_.simple(*code);
    return out_.null();
  }
  PRISM_NOINLINE bool malformed(const view_t& v) {
    Node after;  // skipping it says whether it is cut short or malformed
    const errc e = v.node().next(after);
    return fail_with(e == errc::unexpected_end ? e : errc::invalid_value, v.offset(), "a well-formed value");
  }

  // A chain of tags, in a loop: tags are no level of nesting (a read and a skip take them in a
  // loop too), and the value they tag is at the chain's depth. A prism::value holds each tag as a
  // value around the next (emitter_features::nests_tags): there each counts against max_depth.
  PRISM_NOINLINE bool tagged(std::uint64_t number, Node content, std::size_t depth) {
    for (;;) {
      if (features_of(out_).nests_tags) {
        if (depth++ >= lim_.max_depth) return fail_with(errc::too_deep, content.offset(), "a chain of tags within max_depth");
      }
      if constexpr (requires { out_.tag(number); }) {
        if (!out_.tag(number)) return false;
      }
      Node inner;
      if (content.get_tag(number, inner) != errc::ok) return untagged(view_t(content), depth);
      content = inner;
    }
  }

  template <class T, class F>
  bool scalar(const view_t& v, F&& emit) {
    auto r = v.template as<T>();
    if (!r) return fail(r.error());
    return emit(*r);
  }

  // The elements' count through the node (an error out of line: a result<T> carries a whole
  // error, and this frame is taken once per level of nesting).
  bool size_of(const view_t& v, std::size_t& n) {
    if (v.node().size(n) == errc::ok) [[likely]] return true;
    return size_failure(v);
  }
  PRISM_NOINLINE bool size_failure(const view_t& v) { return fail(v.size().error()); }

  bool array(const view_t& v, std::size_t depth) {
    if (depth >= lim_.max_depth) return fail_with(errc::too_deep, v.offset());
    std::size_t n{};
    if (!size_of(v, n) || !out_.begin_array(n)) return false;
    std::size_t i = 0;
    auto range = v.elements();
    for (auto e : range) {
      if (!out_.element(i) || !value(e, depth + 1)) return in_element(i);
      ++i;
    }
    if (range.error() != errc::ok || i != n)
      return fail_with(range.error() == errc::unexpected_end ? errc::unexpected_end : errc::invalid_value, v.offset(), "the array's elements");
    return out_.end_array();
  }

  bool object(const view_t& v, std::size_t depth) {
    if (depth >= lim_.max_depth) return fail_with(errc::too_deep, v.offset());
    std::size_t n{};
    if (!size_of(v, n)) return false;
    bool integer_keys = false;
    for (auto [key, field] : v.items()) {
      integer_keys = key.type() == value_type::integer;
      break;
    }
    if (!out_.begin_object(n, integer_keys)) return false;
    if (out_.sorts_keys(n)) return sorted_entries(v, n, depth);
    std::size_t i = 0;
    for (auto [key, field] : v.items()) {
      if (!out_.entry(i) || !key_of(key) || !value(field, depth + 1)) return in_entry(key, i);
      ++i;
    }
    if (i != n) return fail_with(errc::invalid_value, v.offset(), "the object's entries");
    return out_.end_object();
  }

  // The entries (not their values) collected and their keys sorted, for formats that need it.
  PRISM_NOINLINE bool sorted_entries(const view_t& v, std::size_t n, std::size_t depth) {
    std::vector<std::pair<std::string, view_t>> entries;
    for (auto [key, field] : v.items()) {
      if (key.type() != value_type::string) return fail_with(errc::type_mismatch, key.offset(), "a string key (to sort)", describe(key.type()));
      auto name = key.template as<std::string>();
      if (!name) return fail(name.error());  // text that is not UTF-8
      entries.emplace_back(std::move(*name), field);
    }
    if (entries.size() != n) return fail_with(errc::invalid_value, v.offset(), "the object's entries");
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t i = 0;
    for (const auto& [name, field] : entries) {
      if (!out_.entry(i) || !out_.key_string(name) || !value(field, depth + 1)) return in_key(name);
      ++i;
    }
    return out_.end_object();
  }
  PRISM_NOINLINE bool in_entry(const view_t& key, std::size_t i) {
    auto name = key.template as<std::string>();
    return name ? in_key(*name) : in_element(i);
  }

  bool key_of(const view_t& key) {
    if (key.type() == value_type::integer) {
      bool negative{};
      std::uint64_t u{};
      if (const errc e = key.node().get_integer(negative, u); e != errc::ok) return fail_with(e, key.offset());
      return out_.key_integer(negative, u);
    }
    // A string only: as<std::string> would also take a tagged time's text (CBOR), as a key it is not.
    if (key.type() != value_type::string) return fail_with(errc::type_mismatch, key.offset(), "a string or integer key", describe(key.type()));
    auto name = key.template as<std::string>();
    if (!name) return fail(name.error());  // text that is not UTF-8
    return out_.key_string(*name);
  }

  // The walk's own errors (a view's, or its limits') and their paths, as a decoder's: an
  // object's key is a step like a field's.
  PRISM_COLD bool fail(const error& e) {
    if (!errors_.failed()) errors_.adopt(e, 0);
    return false;
  }
  bool fail_with(errc code, std::size_t offset, std::string_view expected = {}, std::string_view found = {}) {
    return errors_.fail(code, offset, expected, found);
  }
  bool in_element(std::size_t i) { return errors_.in_element(i); }
  bool in_key(std::string_view key) { return errors_.in_field(key); }
  status take() {
    if (errors_.failed()) return errors_.take({});
    if constexpr (requires { out_.take_error(); }) return out_.take_error();
    else return out_.ctx.take(Emitter::format::name);
  }

  Emitter& out_;
  limits lim_;
  error_state errors_;
};

}  // namespace detail

namespace detail {

// The walk of a transcode: the message in `bytes` (format From, read with ReadOpts) through
// `out`, which the caller then finishes. Bytes after the message are an error, as they are for
// prism::read, unless `end` is given: it then receives where the message ends.
template <class From, options ReadOpts, class Emitter, byte_input Bytes>
status walk_into(const Bytes& bytes, Emitter& out, const limits& lim, std::size_t* end = nullptr) {
  if constexpr (requires { view_traits<From>::verify_before_walk; }) {
    if (auto st = verify<From, ReadOpts>(bytes, lim); !st) return st;
  }
  const auto root = view<From, ReadOpts>(bytes, lim);
  using node = std::remove_cvref_t<decltype(root.node())>;
  status st = transcoder<Emitter, node>(out, lim).run(root);
  if (!st) {
    error e = st.error();
    if (e.format.empty()) e.format = From::name;
    return e;
  }
  const std::size_t message_end = root_end(root.node(), input_size(bytes));
  if (end != nullptr) *end = message_end;
  else if (message_end != input_size(bytes)) return make_error(errc::trailing_bytes, message_end, {}, From::name);
  return {};
}

}  // namespace detail

// Writes the message in `bytes` (format From) as format To into `buffer`, with To's options
// Opts (`prism::json_options{.pretty = true}`) and From's ReadOpts, those that change what its
// views accept (`prism::json_options{.jsonc = true}`).
template <class From, class To, options Opts = To::defaults, options ReadOpts = From::defaults, byte_input Bytes,
          growable_buffer Buffer>
status transcode(const Bytes& bytes, Buffer& buffer, const limits& lim = {}) {
  using sink = buffer_sink<Buffer>;
  using context = detail::write_context_with<sink, Opts>;
  static_assert(has_emitter<To, context>,
                "prism::transcode: the target format has no emitter; transcode writes JSON, MessagePack, CBOR, BEVE, zbin or "
                "FlexBuffers (include its header)");
  context ctx{sink{buffer}};
  emitter<To, context> out(ctx);
  if (auto st = detail::walk_into<From, ReadOpts>(bytes, out, lim); !st) return st;
  if (const errc code = ctx.out.finish(); code != errc::ok) return make_error(code, ctx.out.position(), {}, To::name);
  return {};
}

template <class From, class To, options Opts = To::defaults, options ReadOpts = From::defaults, byte_input Bytes>
result<std::string> transcode(const Bytes& bytes, const limits& lim = {}) {
  std::string out;
  if (auto st = transcode<From, To, Opts, ReadOpts>(bytes, out, lim); !st) return st.error();
  return out;
}

}  // namespace prism
