#pragma once
// The JSON reader, first layer: scalars, strings, containers, tensors and skipping. read.hpp builds
// structs, variants and the dispatch over every type on it.
#include <bitset>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/context.hpp"
#include "../core/enum.hpp"
#include "../core/fields.hpp"
#include "../core/hash.hpp"
#include "../core/tensor_io.hpp"
#include "../core/text_input.hpp"
#include "../core/variant_names.hpp"
#include "../core/enum_read.hpp"
#include "common.hpp"
#include "format.hpp"
#include "integer_run.hpp"
#include "number.hpp"
#include "read_number.hpp"
#include "scan.hpp"
#include "time.hpp"

namespace prism::json_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);

// A string value into std::string (reusing its memory) or, without escapes, a string_view.
template <options O, class T, class Ctx>
bool read_string(Ctx& ctx, T& v) {
  if (*ctx.src.cur() != '"') [[unlikely]] return type_error(ctx, "a string");
  const std::size_t at = ctx.src.offset();
  if constexpr (string_view_type<T>) {
    std::string scratch;
    bool escaped{};
    std::string_view text;
    if (!scan_string<O>(ctx, scratch, escaped, text)) return false;
    if (escaped) return ctx.fail(errc::type_mismatch, at, "a string without escapes (for a string_view)", "escapes");
    v = text;
    return true;
  } else {
    // Plain strings are copied once; strings with escapes are decoded straight into v.
    bool escaped{};
    std::string_view text;
    if (!scan_string<O>(ctx, v, escaped, text)) return false;
    if (escaped) return ctx.charge(text.size());  // decoded into v already
    if (!detail::charge_bytes(ctx, v, text.size())) return false;
    detail::assign_bytes(v, text.data(), text.size());
    return true;
  }
}

template <options O, class T, class Ctx>
bool read_blob(Ctx& ctx, T& v) {
  if (*ctx.src.cur() != '"') [[unlikely]] return type_error(ctx, "a base64 string");
  const std::size_t at = ctx.src.offset();
  std::string scratch;
  std::string_view text;
  if (!scan_text<O>(ctx, scratch, text)) return false;
  if (!ctx.charge(text.size() / 4 * 3)) return false;
  v.resize(text.size() / 4 * 3);
  std::size_t written{};
  if (!base64_decode(text.data(), text.size(), reinterpret_cast<std::uint8_t*>(v.data()), written))
    return ctx.fail(errc::invalid_value, at, "base64 with padding");
  v.resize(written);
  return true;
}

// A tensor written as [dtype, [extents...], "base64", order?]: decoded into an owning tensor
// (JSON text holds no bytes a view could point at).
template <options O, class T, class Ctx>
bool read_tensor(Ctx& ctx, T& v) {
  static_assert(!tensor_view_type<T>, "prism::json: tensors in JSON are base64 text; read them into prism::tensor");
  const std::size_t at = ctx.src.offset();
  tensor_header h;
  std::vector<std::byte> data;
  std::size_t parts = 0;
  const auto element = [&](std::size_t i) {
    std::uint8_t c{};
    if (!next_byte(ctx, c, "a value")) return false;
    const std::size_t part_at = ctx.src.offset();
    parts = i + 1;
    switch (i) {
      case 0: {
        std::uint8_t type{};
        if (!read_number(ctx, type)) return false;
        if (!valid_dtype(type)) return ctx.fail(errc::invalid_value, part_at, "a dtype");
        h.type = static_cast<dtype>(type);
        return true;
      }
      case 1:
        return read_array<O>(ctx, [&](std::size_t d) {
          std::uint8_t b{};
          if (d >= max_tensor_rank) return ctx.fail(errc::invalid_value, ctx.src.offset(), "a tensor rank of 16 at most");
          h.rank = d + 1;
          return next_byte(ctx, b, "an extent") && read_number(ctx, h.shape[d]);
        });
      case 2: {
        if (c != '"') return type_error(ctx, "the tensor's elements as a base64 string");
        std::string scratch;
        std::string_view text;
        if (!scan_text<O>(ctx, scratch, text)) return false;
        if (!ctx.charge(text.size() / 4 * 3)) return false;
        data.resize(text.size() / 4 * 3);
        std::size_t written{};
        if (!base64_decode(text.data(), text.size(), reinterpret_cast<std::uint8_t*>(data.data()), written))
          return ctx.fail(errc::invalid_value, part_at, "base64 with padding");
        data.resize(written);
        return true;
      }
      case 3: {
        std::uint8_t order{};
        if (!read_number(ctx, order)) return false;
        if (order > 1) return ctx.fail(errc::invalid_value, part_at, "memory order 0 or 1");
        h.order = static_cast<memory_order>(order);
        return true;
      }
      default:
        return ctx.fail(errc::size_mismatch, part_at, "tensor [dtype, shape, data] or [dtype, shape, data, order]");
    }
  };
  if (*ctx.src.cur() != '[') [[unlikely]] return type_error(ctx, "a tensor [dtype, shape, data]");
  if (!read_array<O>(ctx, element)) return false;
  if (parts < 3) return ctx.fail(errc::size_mismatch, at, "tensor [dtype, shape, data]");
  h.data = data.data();
  h.data_bytes = data.size();
  if (!detail::tensor_fits(h, dtype_size(h.type), h.data_bytes)) return ctx.fail(errc::size_mismatch, at, "data of the tensor's shape");
  return detail::store_tensor(ctx, h, v, at);
}

// Calls `element(i)` for element `first` at the cursor (after '[' or a comma) and each one after
// it (none for an empty array when `first` is 0), then takes the closing bracket and leaves the
// array's level.
template <class Ctx, class F>
PRISM_INLINE bool read_array_from(Ctx& ctx, std::size_t first, F&& element) {
  std::uint8_t c{};
  if (first == 0) {  // the array may be empty
    if (!next_item_byte(ctx, c, "a value or ']'")) return false;
    if (c == ']') {
      ctx.src.advance(1);
      ctx.leave();
      return true;
    }
  }
  for (std::size_t i = first;; ++i) {
    if (!element(i)) return false;
    if (!next_byte(ctx, c, "',' or ']'")) return false;
    if (c == ']') {
      ctx.src.advance(1);
      break;
    }
    if (c != ',') [[unlikely]] return syntax_error(ctx, "',' or ']'");
    ctx.src.advance(1);
  }
  ctx.leave();
  return true;
}

// Calls `element(i)` for each element of the array at the cursor.
template <options O, class Ctx, class F>
bool read_array(Ctx& ctx, F&& element) {
  if (*ctx.src.cur() != '[') [[unlikely]] return type_error(ctx, "an array");
  if (!ctx.enter()) return false;
  ctx.src.advance(1);
  return read_array_from(ctx, 0, element);
}

template <options O, class T, class Ctx>
bool read_any_element(Ctx& ctx, T& e, std::size_t i) {
  std::uint8_t c{};
  if (!next_item_byte(ctx, c, "a value") || !read_value<O>(ctx, e)) [[unlikely]] return ctx.in_element(i);
  return true;
}

// Numbers inline: arrays of coordinates or samples take no call per element.
template <options O, class T, class Ctx>
PRISM_INLINE bool read_element(Ctx& ctx, T& e, std::size_t i) {
  if constexpr (integer<T> || floating<T>) {
    std::uint8_t c{};
    if (!next_item_byte(ctx, c, "a value") || !read_number(ctx, e)) [[unlikely]] return ctx.in_element(i);
    return true;
  } else {
    return read_any_element<O>(ctx, e, i);
  }
}

// The usual number of type E at p (40 bytes in view), for read_number_array: the byte after it,
// with that byte in `next`, or null for anything else (read_array_from then takes it).
template <class E>
PRISM_INLINE const std::uint8_t* scan_usual_element(const std::uint8_t* p, E& e, std::uint8_t& next) noexcept {
  if constexpr (integer<E>) {
    if (is_digit(*p) && !is_digit(p[1])) {  // a lone digit (indexes, flags, small counts): no block arithmetic
      e = static_cast<E>(*p - '0');
      next = p[1];
      return p + 1;
    }
    return scan_usual_integer(p, e, next);
  } else {
    number_text n;
    if (!scan_short_number(p, n) || !to_floating_quickly(n, e)) return nullptr;
    const auto* end = reinterpret_cast<const std::uint8_t*>(n.end);
    next = *end;
    return end;
  }
}

// The usual row of a std::array of numbers after its '[' (a point, a pixel, a matrix row):
// elements and separators with nothing between them, each number by scan_usual_element with 40
// bytes in view. Returns how many elements it took, the cursor past the separator after the
// last of them (past the ']' when it took all): read_array_from goes on from there with every
// check, so that whitespace, a missing or an extra element reads and fails as before.
template <class T, class Ctx>
PRISM_INLINE std::size_t take_number_row(Ctx& ctx, T& v) noexcept {
  constexpr std::size_t n = std::tuple_size_v<T>;
  const std::uint8_t* p = ctx.src.cur();
  const std::uint8_t* const end = p + ctx.src.readable();
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i < n && end - p >= 40; ++i) {
      std::uint8_t next;
      const std::uint8_t* const after = scan_usual_element(p, v[i], next);
      if (after == nullptr || next != (i + 1 < n ? ',' : ']')) break;
      p = after + 1;
    }
    ctx.src.advance(static_cast<std::size_t>(p - ctx.src.cur()));
  }
  return i;
}

#ifdef PRISM_JSON_INTEGER_RUN
// Runs of compact integers (take_integer_run) from p on, as elements i on of a vector v (`held`
// of them there before the array), while 72 bytes remain. Values go straight into the vector:
// over its elements, or into spare ones made within its capacity (charged when it grew) and no
// more than the input can fill, dropped before returning. Returns the element at which the
// caller may call again: without room for a run, the one after the vector has grown (the usual
// path grows it); else never. An element a run does not take (one the usual path judges),
// whitespace between elements or the end of the input ends the runs of the array, so that
// nothing here is repeated per element.
template <class Ctx, class T>
PRISM_NOINLINE std::size_t take_runs(Ctx& ctx, T& v, std::size_t& i, std::size_t held, const std::uint8_t*& p,
                                     const std::uint8_t* end) {
  constexpr std::size_t never = std::size_t(-1);
  std::size_t again = never;
  bool spare = false;
  // Unsigned 32- and 64-bit values (ids, hashes, counters) often fill their digits: when the
  // first run's take nine bytes or more each, the rest go through take_integer_stream (signed
  // and narrower ones measured no faster there).
  using E = range_value_t<T>;
  constexpr bool streams = std::is_unsigned_v<E> && max_integer_digits<E> >= 10;
  bool long_elements = false;
  std::size_t at = i;  // i and p are written back once, at the end
  const std::uint8_t* q = p;
  while (end - q >= 72 && ctx.lim.max_elements - at >= run_most) {
    if (at + run_most > v.size()) {
      if (v.capacity() - at < run_most) {
        again = std::max(v.capacity(), at) + 1;
        break;
      }
      const std::size_t fill = at + static_cast<std::size_t>(end - q) / 2 + run_most;  // two bytes per element at least
      v.resize(std::min(v.capacity(), std::max(fill, v.size())));
      spare = true;
    }
    // Blocks while the input and the elements at hand last, with no other check per block.
    const std::size_t room = std::min(v.size(), ctx.lim.max_elements);  // at + run_most <= room
    auto* const out = v.data();
    bool stopped = false;
    do {
      std::size_t taken;
      bool spaced;
      std::size_t n;
      if constexpr (streams) {
        if (long_elements) {
          n = take_integer_stream(q, end, out + at, room - at, taken, spaced);
        } else {
          n = take_integer_run(q, out + at, taken, spaced);
          long_elements = n != 0 && taken >= 9 * n;
        }
      } else {
        n = take_integer_run(q, out + at, taken, spaced);
      }
      at += n;
      q += taken;
      stopped = n == 0 || spaced;
    } while (!stopped && end - q >= 72 && room - at >= run_most);
    if (stopped) break;
  }
  i = at;
  p = q;
  if (spare) v.resize(std::max(i, held));
  return again;
}
#endif

// An array of numbers into v (a vector or deque): the usual numbers (scan_usual_element) read
// in a loop of their own over the text, with no call and no source update per element, while
// 64 bytes or more remain; elements already in v are overwritten, the rest appended against
// the allocation budget. An element the loop does not take (a number it declines, an error, the
// last elements of the text) is read by `element(i)` with every check, which reports any error;
// after it the loop goes on, so that one unusual number does not slow the rest of the array.
// `count` (0 before the call) receives the number of elements.
template <class T, class Ctx, class Element>
PRISM_INLINE bool read_number_array(Ctx& ctx, T& v, std::size_t& count, Element& element) {
  using E = range_value_t<T>;
  if (*ctx.src.cur() != '[') [[unlikely]] return type_error(ctx, "an array");
  if (!ctx.enter()) return false;
  ctx.src.advance(1);
  std::uint8_t c{};
  if (!next_item_byte(ctx, c, "a value or ']'")) return false;
  if (c == ']') {  // empty, as many arrays of ids are
    ctx.src.advance(1);
    ctx.leave();
    return true;
  }
  const std::size_t held = v.size(), most = ctx.lim.max_elements;
  // A vector is filled by index, grown by make_spare_room; the caller drops what is left over.
  constexpr bool spare_room = detail::spare_room_vector<T>;
  std::size_t i = 0;
#ifdef PRISM_JSON_INTEGER_RUN
  constexpr bool integer_vector = integer<E> && spare_room;
  std::size_t runs_at = integer_vector ? 0 : std::size_t(-1);  // the element at which take_runs is tried
#endif
  for (;;) {
    // The loop stops 64 bytes before the end: a number it takes (at most 40 bytes read) and a
    // separator lie within them.
    if (ctx.src.readable() >= 64) {
      const std::uint8_t* p = ctx.src.cur();
      const std::uint8_t* const end = p + ctx.src.readable();
      const std::uint8_t* const stop = end - 64;
#ifdef PRISM_JSON_INTEGER_RUN
      // Runs are tried where the array starts and again once the vector has grown (no room
      // before); compact arrays then stay in take_runs.
      const auto try_runs = [&]() PRISM_LAMBDA_INLINE {
        if constexpr (integer_vector) {
          runs_at = compact_for_a_while(p) ? take_runs(ctx, v, i, held, p, end) : std::size_t(-1);
        }
      };
      if (i >= runs_at) try_runs();
#endif
      while (p <= stop && i < most) {
        const std::uint8_t* at = p;
        if (*at <= ' ') [[unlikely]] {
          at = skip_indentation(at, end);
          if (end - at < 40) break;
        }
        std::uint8_t next;
        E e;
        // An integer that the byte after it does not end ('.', 'e') stops the loop below too.
        const std::uint8_t* after = scan_usual_element(at, e, next);
        if (after == nullptr) break;
        if (next != ',') [[unlikely]] {  // whitespace, or the closing bracket
          after = skip_whitespace(after, end);
          if (after == end || (*after != ',' && *after != ']')) break;
          next = *after;
        }
        if constexpr (spare_room) {
          if (i >= v.size()) [[unlikely]] {
            ctx.src.advance(static_cast<std::size_t>(p - ctx.src.cur()));  // where an allocation error is placed
            if (!detail::make_spare_room(ctx, v, i + 1 + static_cast<std::size_t>(end - p) / 2)) return false;
#ifdef PRISM_JSON_INTEGER_RUN
            if (i + 1 >= runs_at && next == ',') [[unlikely]] {
              v[i++] = e;
              p = after + 1;
              try_runs();
              continue;
            }
#endif
          }
          v[i] = e;
        } else if (i < held) {
          v[i] = e;
        } else {
          ctx.src.advance(static_cast<std::size_t>(p - ctx.src.cur()));  // where an allocation error is placed
          if (!detail::charge_one_more(ctx, v)) return false;
          v.push_back(e);
        }
        ++i;
        p = after + 1;
        if (next == ']') {
          ctx.src.advance(static_cast<std::size_t>(p - ctx.src.cur()));
          ctx.leave();
          count = i;
          return true;
        }
      }
      ctx.src.advance(static_cast<std::size_t>(p - ctx.src.cur()));
    }
    if (!element(i)) return false;
    ++i;
    if (!next_byte(ctx, c, "',' or ']'")) return false;
    if (c != ',' && c != ']') [[unlikely]] return syntax_error(ctx, "',' or ']'");
    ctx.src.advance(1);
    if (c == ']') {
      ctx.leave();
      count = i;
      return true;
    }
  }
}

template <options O, class T, class Ctx>
bool read_sequence(Ctx& ctx, T& v) {
  using E = range_value_t<T>;
  if constexpr (fixed_array<T>) {
    const std::size_t at = ctx.src.offset();
    if (*ctx.src.cur() != '[') [[unlikely]] return type_error(ctx, "an array");
    if (!ctx.enter()) return false;
    ctx.src.advance(1);
    std::size_t count = 0;
    if constexpr (std::tuple_size_v<T> != 0 && ((integer<E> && !std::is_same_v<E, bool>) || floating<E>)) {
      count = take_number_row(ctx, v);
      if (count == v.size()) {
        ctx.leave();
        return true;
      }
    }
    if (!read_array_from(ctx, count, [&](std::size_t i) {
          if (i >= v.size()) return ctx.fail(errc::size_mismatch, ctx.src.offset(), "no more elements");
          ++count;
          return read_element<O>(ctx, v[i], i);
        }))
      return false;
    if (count != v.size()) return ctx.fail(errc::size_mismatch, at, "as many elements as the array");
    return true;
  } else if constexpr (!resizable_sequence<T>) {
    static_assert(resizable_sequence<T>, "prism::json: cannot read into a fixed view; use a container");
    return false;  // the assertion alone, not the errors of the code below for this type
  } else {
    // Elements already there are overwritten in place (keeping their memory); the rest grow.
    if constexpr (!requires { v[0]; }) v.clear();
    // Numbers in a vector or deque: read_number_array's loop takes the usual ones; what it leaves
    // (the input's last bytes, unusual numbers, errors) is read out of line.
    constexpr bool number_loop = ((integer<E> && !std::is_same_v<E, bool>) || floating<E>) && requires { v[0]; };
    const auto read_one = [&](E& e, std::size_t i) {
      if constexpr (number_loop) {
        std::uint8_t c{};
        if (!next_item_byte(ctx, c, "a value") || !read_any_number(ctx, e)) [[unlikely]] return ctx.in_element(i);
        return true;
      } else {
        return read_element<O>(ctx, e, i);
      }
    };
    std::size_t count = 0;
    const auto element = [&](std::size_t i) {
      if (i >= ctx.lim.max_elements) return ctx.fail(errc::too_many_elements, ctx.src.offset());
      count = i + 1;
      if constexpr (std::is_same_v<E, bool>) {  // std::vector<bool> hands out proxies
        if (!ctx.charge(sizeof(E))) return false;
        bool b{};
        if (!read_element<O>(ctx, b, i)) return false;
        if constexpr (requires { v[i]; }) {
          if (i < v.size()) return v[i] = b, true;
        }
        v.push_back(b);
        return true;
      } else {
        if constexpr (requires { v[i]; }) {
          if (i < v.size()) return read_one(v[i], i);
        }
        if constexpr (number_loop && detail::spare_room_vector<T>) {
          if (!detail::make_spare_room(ctx, v, i + 1 + ctx.src.readable() / 2)) return false;
          return read_one(v[i], i);
        } else {
          if (!detail::charge_one_more(ctx, v)) return false;
          v.emplace_back();
          return read_one(v.back(), i);
        }
      }
    };
    bool ok;
    if constexpr (number_loop) {
      ok = read_number_array(ctx, v, count, element);
    } else {
      ok = read_array<O>(ctx, element);
    }
    if (!ok) return false;
    if constexpr (requires { v[0]; }) {
      if (count < v.size()) v.resize(count);
    }
    return true;
  }
}

template <options O, class K, class Ctx>
bool parse_map_key(Ctx& ctx, std::string_view text, std::size_t at, K& key) {
  if constexpr (string_type<K>) {
    key.assign(text.data(), text.size());
    return true;
  } else if constexpr (integer<K>) {
    number_text n;
    const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
    if (text.empty() || scan_number(p, p + text.size(), n) != number_status::ok || n.end != text.data() + text.size() ||
        to_integer(n, key) != convert_status::ok) {
      return ctx.fail(errc::invalid_value, at, "an integer key");
    }
    return true;
  } else if constexpr (enumeration<K>) {
    if (const auto e = enum_from_name<K>(text)) {
      key = *e;
      return true;
    }
    return ctx.fail(errc::invalid_enum, at, "an enumerator name");
  } else {
    static_assert(sizeof(K) == 0, "prism::json: map keys must be strings, integers or enums");
    return false;
  }
}

// member_end past its usual case: whitespace before the comma or brace, the object's end, or
// an error. Returns 1 after a comma, 0 after the brace, -1 on an error.
template <class Ctx>
PRISM_NOINLINE int member_end_after_space(Ctx& ctx) {
  skip_space(ctx);
  if (ctx.src.need(1) && (*ctx.src.cur() == ',' || *ctx.src.cur() == '}')) [[likely]] {
    const int more = *ctx.src.cur() == ',';
    ctx.src.advance(1);
    return more;
  }
  if (!ctx.src.need(1)) {
    (void)ctx.fail(errc::unexpected_end, ctx.src.offset(), "',' or '}'");
  } else {
    (void)syntax_error(ctx, "',' or '}'");
  }
  return -1;
}

// After a member: true with `more` set when a ',' follows, true with `more` clear at '}'. The
// comma right after the value (compact and pretty-printed text alike) inline; the rest, once
// per object, out of line.
template <class Ctx>
PRISM_INLINE bool member_end(Ctx& ctx, bool& more) {
  if (ctx.src.need(1) && *ctx.src.cur() == ',') [[likely]] {
    more = true;
    ctx.src.advance(1);
    return true;
  }
  const int end = member_end_after_space(ctx);
  more = end > 0;
  return end >= 0;
}

// A member's key (read at key_at, decoded into `scratch` when it has escapes) and its colon,
// the cursor then at the value: one function for every object and map.
template <options O, class Ctx>
PRISM_NOINLINE bool read_key(Ctx& ctx, std::string& scratch, std::string_view& key, std::size_t& key_at) {
  std::uint8_t c{};
  if (!next_item_byte(ctx, c, "a key")) return false;
  if (c != '"') [[unlikely]] return syntax_error(ctx, "a key");
  key_at = ctx.src.offset();
  return scan_text<O>(ctx, scratch, key) && consume(ctx, ':', "':'") && next_byte(ctx, c, "a value");
}

// Calls `member(key, key_offset)` for each remaining member of an object, the cursor before a
// key, with the cursor at the member's value (after the colon and whitespace); ends after '}'.
template <options O, class Ctx, class F>
bool read_members(Ctx& ctx, std::string& scratch, F&& member) {
  for (bool more = true; more;) {
    std::size_t key_at{};
    std::string_view key;
    if (!read_key<O>(ctx, scratch, key, key_at)) return false;
    if (!member(key, key_at) || !member_end(ctx, more)) return false;
  }
  return true;
}

// Calls `member(key, key_offset)` for each member of the object at the cursor.
template <options O, class Ctx, class F>
bool read_object(Ctx& ctx, std::string& scratch, F&& member) {
  if (*ctx.src.cur() != '{') [[unlikely]] return type_error(ctx, "an object");
  if (!ctx.enter()) return false;
  ctx.src.advance(1);
  std::uint8_t c{};
  if (!next_item_byte(ctx, c, "a key or '}'")) return false;
  if (c == '}') {
    ctx.src.advance(1);
  } else if (!read_members<O>(ctx, scratch, member)) {
    return false;
  }
  ctx.leave();
  return true;
}

template <options O, class T, class Ctx>
bool read_map(Ctx& ctx, T& v) {
  using K = std::remove_const_t<typename T::key_type>;
  using M = typename T::mapped_type;
  v.clear();
  std::string scratch;
  std::size_t count = 0;
  return read_object<O>(ctx, scratch, [&](std::string_view text, std::size_t key_at) {
    if (++count > ctx.lim.max_elements) return ctx.fail(errc::too_many_elements, key_at);
    if (!ctx.charge(sizeof(K) + sizeof(M) + text.size())) return false;
    K key{};
    if (!parse_map_key<O>(ctx, text, key_at, key)) return false;
    M value{};
    if (!read_value<O>(ctx, value)) return ctx.in_key(text);
    detail::put_entry(v, std::move(key), std::move(value));
    return true;
  });
}

}  // namespace prism::json_detail
