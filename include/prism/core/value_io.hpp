#pragma once
// How prism::value is read and written, for every format that has views and an emitter: a
// read walks a view of the message (the walk that prism::transcode makes) and builds the value;
// a write walks the value and calls the format's emitter, as transcoding into that format does.
// The entry points (core/api.hpp) come here for prism::value.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "api.hpp"
#include "byte_order.hpp"
#include "context.hpp"
#include "error.hpp"
#include "limits.hpp"
#include "tensor_io.hpp"
#include "transcode.hpp"
#include "value.hpp"
#include "view.hpp"

namespace prism::detail {

// Builds a prism::value from the calls a transcoder makes to an emitter.
class value_builder {
 public:
  struct format {
    static constexpr std::string_view name = "value";
  };
  struct builder_context {
    status take(std::string_view) const { return {}; }
  } ctx;

  bool start() { return true; }
  bool finish() { return true; }
  bool null() { return put(value{}); }
  bool boolean(bool b) { return put(value(b)); }
  bool integer(bool negative, std::uint64_t u) { return put(value::from_integer(negative, u)); }
  bool floating(double d) { return put(value(d)); }
  bool string(std::string_view s) { return put(value(s)); }
  bool binary(bytes_view b) { return put(value(value::bytes(b.begin(), b.end()))); }
  bool timestamp(value::time t) { return put(value(t)); }
  bool extension(std::int8_t type, bytes_view data) { return put(value(value::extension{type, value::bytes(data.begin(), data.end())})); }
  bool simple(std::uint8_t code) { return put(value(value::simple{code})); }
  // -1 - n, below std::int64_t: the negative bignum (tag 3) of n, the same integer in CBOR's
  // terms (RFC 8949 section 3.4.3).
  bool negative_beyond_int64(std::uint64_t n) {
    value::bytes magnitude(8);
    store_be64(reinterpret_cast<std::uint8_t*>(magnitude.data()), n);
    return put(value(value::tagged(3, value(std::move(magnitude)))));
  }
  // The value that comes next is the tag's content: wrapped when it is complete, so each tag is
  // a level of nesting of the value.
  static constexpr bool nests_tags = true;
  bool tag(std::uint64_t number) {
    tags_.emplace_back(open_.size(), number);
    return true;
  }

  // Containers are not reserved from their announced size: the input has not been checked to
  // hold that many elements, and a value never allocates beyond what the input justifies.
  bool begin_array(std::size_t) {
    open_.emplace_back(value::array{});
    return true;
  }
  bool element(std::size_t) { return true; }
  bool end_array() { return close(); }
  bool begin_object(std::size_t, bool) {
    open_.emplace_back(value::object{});
    keys_.emplace_back();
    return true;
  }
  bool entry(std::size_t) { return true; }
  bool key_string(std::string_view s) {
    keys_.back() = value(s);
    return true;
  }
  bool key_integer(bool negative, std::uint64_t u) {
    keys_.back() = value::from_integer(negative, u);
    return true;
  }
  bool end_object() {
    keys_.pop_back();
    return close();
  }

  // A typed array (a sequence of numbers) becomes an array of numbers.
  bool numbers(const tensor_header& h) {
    return with_tensor_ref<true>(h, [&](auto t) {
      value::array a;
      a.reserve(t.size());  // the elements are in the input already
      for (std::size_t i = 0; i < t.size(); ++i) a.emplace_back(t[i]);
      return put(value(std::move(a)));
    });
  }
  // A tensor has no place in a value (the transcoder reports it): read it into a prism::tensor.
  static constexpr bool holds_tensors = false;
  bool tensor(const tensor_header&) { return false; }
  static bool sorts_keys(std::size_t) { return false; }

  value take() { return std::move(root_); }

 private:
  bool put(value v) {
    while (!tags_.empty() && tags_.back().first == open_.size()) {  // innermost tag first
      v = value(value::tagged(tags_.back().second, std::move(v)));
      tags_.pop_back();
    }
    if (open_.empty()) {
      root_ = std::move(v);
    } else if (value::array* a = open_.back().as_array()) {
      a->push_back(std::move(v));
    } else {
      open_.back().as_object()->emplace_back(std::move(keys_.back()), std::move(v));
    }
    return true;
  }
  bool close() {
    value done = std::move(open_.back());
    open_.pop_back();
    return put(std::move(done));
  }

  value root_;
  std::vector<value> open_;  // the arrays and objects being filled, innermost last
  std::vector<value> keys_;  // the key of the entry being read, per open object
  std::vector<std::pair<std::size_t, std::uint64_t>> tags_;  // tags waiting for their content: open containers then, number
};

// Writes `v` through an emitter (the format's side of transcoding), with the same depth limit
// as reading.
template <class Emitter>
class value_writer {
 public:
  value_writer(Emitter& out, std::size_t max_depth) : out_(out), max_depth_(max_depth) {}

  bool write(const value& v, std::size_t depth = 0) {
    switch (v.type()) {
      case value::kind::null: return out_.null();
      case value::kind::boolean: return out_.boolean(*v.as_bool());
      case value::kind::integer: {
        const std::int64_t i = *v.as_int();
        return out_.integer(i < 0, static_cast<std::uint64_t>(i));
      }
      case value::kind::unsigned_integer: return out_.integer(false, *v.as_uint());
      case value::kind::floating: return out_.floating(*v.as_double());
      case value::kind::string: return out_.string(*v.as_string());
      case value::kind::binary: return out_.binary(bytes_view(*v.as_bytes()));
      case value::kind::timestamp: return out_.timestamp(*v.as_time());
      case value::kind::array: return array(*v.as_array(), depth);
      case value::kind::object: return object(*v.as_object(), depth);
      case value::kind::tagged: return tagged(*v.as_tagged(), depth);
      case value::kind::extension: {
        const value::extension& x = *v.as_extension();
        if constexpr (requires { out_.extension(x.type, bytes_view(x.data)); }) return out_.extension(x.type, bytes_view(x.data));
        return fail(errc::type_mismatch, "a value this format can hold", "a MessagePack extension");
      }
      case value::kind::simple:
        if constexpr (requires { out_.simple(std::uint8_t{}); }) return out_.simple(v.as_simple()->code);
        return out_.null();
    }
    return false;
  }

  // What failed that the emitter did not report itself (a key that no format takes, depth).
  error_state& failure() noexcept { return errors_; }

 private:
  bool array(const value::array& a, std::size_t depth) {
    if (depth >= max_depth_) return fail(errc::too_deep, "");
    if (!out_.begin_array(a.size())) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!out_.element(i) || !write(a[i], depth + 1)) return errors_.in_element(i);
    }
    return out_.end_array();
  }

  bool tagged(const value::tagged& t, std::size_t depth) {
    if (depth >= max_depth_) return fail(errc::too_deep, "");
    if constexpr (requires { out_.tag(t.number()); }) {
      if (!out_.tag(t.number())) return false;
    }
    return write(t.content(), depth + 1);
  }

  bool object(const value::object& o, std::size_t depth) {
    if (depth >= max_depth_) return fail(errc::too_deep, "");
    const bool integer_keys = !o.empty() && (o.front().first.as_int() || o.front().first.as_uint());
    if (!out_.begin_object(o.size(), integer_keys)) return false;
    const auto entry = [&](std::size_t i, const value& key, const value& field) {
      if (!out_.entry(i) || !write_key(key)) return errors_.in_element(i);
      if (write(field, depth + 1)) return true;
      const std::string* name = key.as_string();
      return name ? errors_.in_field(*name) : errors_.in_element(i);
    };
    if (Emitter::sorts_keys(o.size())) {  // only then a copy of the order: string keys, sorted
      std::vector<const std::pair<value, value>*> order;
      order.reserve(o.size());
      for (const auto& e : o) {
        if (!e.first.as_string()) return fail(errc::type_mismatch, "string keys (this format sorts them)");
        order.push_back(&e);
      }
      std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) { return *a->first.as_string() < *b->first.as_string(); });
      for (std::size_t i = 0; i < order.size(); ++i)
        if (!entry(i, order[i]->first, order[i]->second)) return false;
    } else {
      for (std::size_t i = 0; i < o.size(); ++i)
        if (!entry(i, o[i].first, o[i].second)) return false;
    }
    return out_.end_object();
  }

  bool write_key(const value& key) {
    if (const std::string* s = key.as_string()) return out_.key_string(*s);
    if (const std::int64_t* i = key.as_int()) return out_.key_integer(*i < 0, static_cast<std::uint64_t>(*i));
    if (const std::uint64_t* u = key.as_uint()) return out_.key_integer(false, *u);
    return fail(errc::type_mismatch, "a string or integer key");
  }

  bool fail(errc code, std::string_view expected, std::string_view found = {}) {
    return errors_.fail(code, 0, expected, found);
  }

  Emitter& out_;
  std::size_t max_depth_;
  error_state errors_;
};

// prism::value through Format's view and emitter: as a whole message (read, write), or as a
// member of a struct (read_member, write_member) in formats whose views start at any value.
template <class Format>
struct value_io {
  template <class Ctx>
  static bool read(Ctx& ctx, value& out) {
    if constexpr (has_views<Format>) return read_view(ctx, out, ctx.lim);
    else return false;  // the entry point has said why
  }
  template <class Ctx>
  static bool write(Ctx& ctx, const value& v) {
    if constexpr (has_views<Format>) return write_emitter(ctx, v);
    else return false;
  }

  // The value at the reader's position, within the depth its container left.
  template <class Ctx>
  static bool read_member(Ctx& ctx, value& out) {
    limits lim = ctx.lim;
    lim.max_depth -= std::min(ctx.depth, lim.max_depth);
    return read_view(ctx, out, lim);
  }
  template <class Ctx>
  static bool write_member(Ctx& ctx, const value& v) {
    return write_emitter(ctx, v);
  }

 private:
  template <class Ctx>
  static bool read_view(Ctx& ctx, value& out, const limits& lim) {
    static_assert(std::is_same_v<decltype(ctx.src), span_source>,
                  "prism::value is read from bytes in memory (a view walks them): read the stream into a buffer first");
    const std::uint8_t* data = ctx.src.cur();
    const std::size_t size = ctx.src.readable();
    const std::size_t start = ctx.src.offset();
    const auto root = view_root<Format>(data, size, lim);
    if constexpr (requires { view_traits<Format>::verify_before_walk; }) {
      // The message, not what follows it (the read decides about trailing bytes).
      const std::size_t end = root.valid() ? root_end(root.node(), size) : size;
      if (status st = view_traits<Format>::verify(data, end, lim); !st) return ctx.adopt(std::move(st).error(), start);
    }
    using node = std::remove_cvref_t<decltype(root.node())>;
    value_builder builder;
    if (status st = transcoder<value_builder, node>(builder, lim).run(root); !st) return ctx.adopt(std::move(st).error(), start);
    out = builder.take();
    ctx.src.advance(root_end(root.node(), size));
    return true;
  }

  template <class Ctx>
  static bool write_emitter(Ctx& ctx, const value& v) {
    emitter<Format, Ctx> out(ctx);
    value_writer<emitter<Format, Ctx>> walk(out, limits{}.max_depth);
    if (out.start() && walk.write(v) && out.finish()) return true;
    if (walk.failure().failed() && !ctx.failed()) ctx.adopt(walk.failure(), 0);
    return false;
  }
};

}  // namespace prism::detail
