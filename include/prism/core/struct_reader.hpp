#pragma once
// What every format that names its fields does with a struct's keys, decided once: keys in
// the writer's order are matched as raw bytes with no lookup, any other key goes through the
// compile-time hash, an unknown key is skipped or an error, an absent field is left untouched
// or an error, and an array reads the fields by position. A format reads its own heads, keys
// and values and hands each key to these pieces.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "concepts.hpp"
#include "config.hpp"
#include "cursor_read.hpp"
#include "error.hpp"
#include "fields.hpp"
#include "hash.hpp"
#include "options.hpp"
#include "source.hpp"

namespace prism::detail {

template <class T>
inline constexpr key_index<field_count_v<T>> struct_keys{field_names<T>()};

// Whether field I must be in the input (its prism::presence in meta, else the options).
template <options O, class T, std::size_t I>
constexpr bool field_required() noexcept {
  constexpr presence p = field_attribute<presence, T, I>();
  using member = field_type<T, I>;
  if constexpr (p == presence::by_options) return O.error_on_missing_keys && !optional_type<member> && !owning_pointer<member>;
  else return p == presence::required;
}
template <options O, class T>
inline constexpr auto required_fields = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<bool, sizeof...(I)>{field_required<O, T, I>()...};
}(std::make_index_sequence<field_count_v<T>>{});
// The number of fields, in Order, that cover every required one (0 when none is).
template <options O, class T, const auto& Order>
inline constexpr std::size_t required_prefix = [] {
  std::size_t n = 0;
  for (std::size_t k = 0; k < field_count_v<T>; ++k)
    if (required_fields<O, T>[Order[k]]) n = k + 1;
  return n;
}();

// A key the struct does not have, under error_on_unknown_keys: the error names it.
template <class Ctx>
PRISM_COLD bool unknown_key(Ctx& ctx, std::string_view key, std::size_t key_at) {
  std::string quoted;
  quoted.reserve(key.size() + 2);
  quoted.append(1, '"').append(key).append(1, '"');
  return ctx.fail(errc::unknown_key, key_at, "a field name", quoted);
}

// The required fields of T that `present(k)` says are absent: an error at `at` naming them all.
template <options O, class T, class Ctx, class Present>
PRISM_COLD bool missing_fields(Ctx& ctx, std::size_t at, Present&& present) {
  std::string absent;
  for (std::size_t k = 0; k < field_count_v<T>; ++k) {
    if (!required_fields<O, T>[k] || present(k)) continue;
    absent.append(absent.empty() ? "" : ", ").append(struct_keys<T>.names[k]);
  }
  return ctx.fail(errc::missing_key, at, "every required field", "no " + absent);
}

// Fields on the wire in declaration order; a format that sorts them passes its own order.
template <class T>
inline constexpr auto declaration_order = [] {
  std::array<std::size_t, field_count_v<T>> order{};
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  return order;
}();

// The encoded key of every field of T, by index: key_of.template operator()<I>() is field I's
// (a format's compile-time encoding), for struct_keys_reader::take_in_order.
template <class T, class KeyOf>
consteval auto key_table(KeyOf key_of) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::span<const std::uint8_t>, sizeof...(I)>{std::span<const std::uint8_t>(key_of.template operator()<I>())...};
  }(std::make_index_sequence<field_count_v<T>>{});
}

// What the in-order pass found for one field.
enum class in_order : std::uint8_t {
  read,            // its key matched and its value was read
  other_key,       // another key (or the end): the lookup path takes over, nothing consumed
  value_failed,    // its value failed: the error gets the field's name
  failed,          // anything else failed, with its error complete
};

// The fast path: step(std::integral_constant<std::size_t, I>) compares field I's key with the
// input and reads its value, for the fields of Order from place `count` on (0 at first; later
// where struct_keys_reader::resume_at says a run may go on). Stops at the first other key, at
// place n or at an error; `count` is then the place it stopped at. False only on an error.
template <class T, const auto& Order = declaration_order<T>, class Ctx, class Step>
PRISM_INLINE bool read_fields_in_order(Ctx& ctx, std::size_t n, std::size_t& count, Step&& step) {
  // The outcome of the last step, settled once after the pass rather than at each field (the
  // compiler's work grows with the code repeated per field). A value that failed is the field
  // at the place the pass stopped.
  in_order last = in_order::other_key;
  [&]<std::size_t... K>(std::index_sequence<K...>) PRISM_LAMBDA_INLINE {
    // At a step not skipped, count == K: the bound is K < n (a constant where n is one).
    (void)((count > K || (K < n && (last = step(std::integral_constant<std::size_t, Order[K]>{})) == in_order::read && (++count, true))) &&
           ...);
  }(std::make_index_sequence<field_count_v<T>>{});
  if (last == in_order::value_failed) [[unlikely]] return in_field_at<T>(ctx, Order[count]);
  return last != in_order::failed;
}

// Reads field `index` (known at run time) with read(field); a failure gets the field's name.
// The dispatch is forced into the caller, which formats keep out of line (their read_field).
template <class T, class Ctx, class Read>
PRISM_INLINE bool read_field_at(Ctx& ctx, T& v, std::size_t index, Read&& read) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) PRISM_LAMBDA_INLINE {
    bool ok = true;
    (void)((index == I ? (ok = read(get_field<I>(v)), true) : false) || ...);
    return ok || in_field_at<T>(ctx, index);
  }(std::make_index_sequence<field_count_v<T>>{});
}

// The keys of one struct that the in-order pass leaves, one at a time. A field whose key comes
// again keeps its first value (the one a view finds): the repeated key's value is skipped.
// After a key that continues the writer's order past every field read so far (the one after a
// field the writer left out, or a key the struct does not have), resume_at() gives the place
// of Order where the writer's order may go on: JSON's in-order pass goes on there, the other
// formats compare the next key with that field's (take_in_order) before a lookup. One absent
// or added field then costs one lookup, not a lookup for every field after it.
template <options O, class T, const auto& Order = declaration_order<T>>
class struct_keys_reader {
  static constexpr std::size_t fields = field_count_v<T>;
  static_assert(struct_keys<T>.ok, "prism: field names must be distinct");
  // Each field's place in Order: the in-order pass read the fields placed below its count.
  static constexpr auto place_ = [] {
    std::array<std::size_t, fields> place{};
    for (std::size_t k = 0; k < fields; ++k) place[Order[k]] = k;
    return place;
  }();
  // Set by the first read_in_order, not by a constructor: a struct read in order on the fast
  // path declares its reader and never touches it.
  std::size_t in_order_;   // the first pass read the fields placed below it
  std::size_t past_read_;  // no field placed at or after it has been read
  std::size_t resume_;     // where the in-order pass may go on, or `fields`
  std::array<std::uint64_t, (fields + 63) / 64> seen_;  // fields read after the first pass

  void mark(std::size_t index) noexcept { seen_[index / 64] |= std::uint64_t{1} << (index % 64); }
  bool seen(std::size_t index) const noexcept {
    return place_[index] < in_order_ || (seen_[index / 64] >> (index % 64) & 1) != 0;
  }

 public:
  // The in-order pass read the fields placed from `from` to `to`; the first from 0, before
  // anything else.
  PRISM_INLINE void read_in_order(std::size_t to) {
    in_order_ = past_read_ = to;
    resume_ = fields;
    for (std::uint64_t& word : seen_) word = 0;
  }
  PRISM_INLINE void read_in_order(std::size_t from, std::size_t to) {
    if (from == 0) return read_in_order(to);
    for (std::size_t k = from; k < to; ++k) mark(Order[k]);
    if (to > past_read_) past_read_ = to;
  }

  // After entry(): the place the in-order pass may go on from, or `fields` (keys out of order:
  // lookups only).
  PRISM_INLINE std::size_t resume_at() const noexcept { return resume_; }

  // The value after `key` (read at key_at): read_field(index) reads it into its field and names
  // the field on an error; skip() passes over it.
  template <class Ctx, class ReadField, class Skip>
  PRISM_INLINE bool entry(Ctx& ctx, std::string_view key, std::size_t key_at, ReadField&& read_field, Skip&& skip) {
    const std::size_t index = struct_keys<T>.find(key);
    resume_ = fields;
    if (index >= fields || seen(index)) [[unlikely]] {
      if constexpr (O.error_on_unknown_keys) {
        if (index >= fields) return unknown_key(ctx, key, key_at);
      }
      if (index >= fields) resume_ = past_read_;  // a key added between two in order
      if constexpr (std::remove_cvref_t<decltype(ctx.src)>::bounded) {
        return skip() || ctx.in_key(key);
      } else {
        const std::string name(key);  // a stream source may move its window while skipping
        return skip() || ctx.in_key(name);
      }
    }
    mark(index);
    if (place_[index] >= past_read_) resume_ = past_read_ = place_[index] + 1;
    return read_field(index);
  }

  // Before a key is looked up: where the key after the last one continues the writer's order
  // (resume_at), its encoding (from `encoded`, key_table's) is compared with the input and the
  // field read, with no lookup. 1 when taken, 0 when not (look the key up), -1 on an error.
  template <class Ctx, class Table, class ReadField>
  PRISM_INLINE int take_in_order(Ctx& ctx, const Table& encoded, ReadField&& read_field) {
    if (resume_ >= fields) return 0;
    const std::size_t index = Order[resume_];
    const std::span<const std::uint8_t> key = encoded[index];
    if (!ctx.src.need(key.size()) || std::memcmp(ctx.src.cur(), key.data(), key.size()) != 0) return 0;
    ctx.src.advance(key.size());
    mark(index);
    resume_ = past_read_ = resume_ + 1;
    return read_field(index) ? 1 : -1;
  }

  // After the last entry: leaves the struct's depth; every required field must have been seen
  // (the error is at the struct's offset `at`, naming every absent one).
  template <class Ctx>
  PRISM_INLINE bool finish(Ctx& ctx, [[maybe_unused]] std::size_t at) {
    ctx.leave();
    if constexpr (required_prefix<O, T, Order> > 0) {
      for (std::size_t k = 0; k < fields; ++k) {
        if (required_fields<O, T>[k] && !seen(k)) [[unlikely]]
          return missing_fields<O, T>(ctx, at, [&](std::size_t f) { return seen(f); });
      }
    }
    return true;
  }
};

// The in-order pass read `count` of the n entries: true when no key is left to look up and
// every required field was among them.
template <options O, class T, const auto& Order = declaration_order<T>>
PRISM_INLINE constexpr bool all_read_in_order(std::size_t count, std::size_t n) noexcept {
  return count == n && count >= required_prefix<O, T, Order>;
}

// Entries `first` to n of a struct written as a map, after the in-order pass read the others:
// read_key(p, len) reads the next key's bytes (valid until its value is read), read_field(index)
// and skip() as in struct_keys_reader::entry; `encoded` is the format's key_table for T.
// Leaves the struct's depth; `at` is where it began.
template <options O, class T, const auto& Order = declaration_order<T>, class Ctx, class Table, class ReadKey, class ReadField,
          class Skip>
PRISM_INLINE bool read_remaining_entries(Ctx& ctx, std::size_t first, std::size_t n, std::size_t at, const Table& encoded,
                                         ReadKey&& read_key, ReadField&& read_field, Skip&& skip) {
  struct_keys_reader<O, T, Order> keys;
  keys.read_in_order(first);
  for (std::size_t i = first; i < n; ++i) {
    if (const int taken = keys.take_in_order(ctx, encoded, read_field); taken != 0) {
      if (taken < 0) return false;
      continue;
    }
    const std::size_t key_at = ctx.src.offset();
    const std::uint8_t* p{};
    std::size_t len{};
    if (!read_key(p, len)) return false;
    if (!keys.entry(ctx, std::string_view(reinterpret_cast<const char*>(p), len), key_at, read_field, skip)) return false;
  }
  return keys.finish(ctx, at);
}

// Whether the in-order steps for T are left to the compiler's inliner: each is called once and
// inlined all the same, while forced, every field's reader is compiled again at each level
// above it. A struct read in place keeps them forced (they are small, and its cursor stays in a
// register from the start); past 24 fields GCC stops inlining the later steps (the pass has
// grown too large), so they are forced too.
template <class T>
inline constexpr bool steps_left_to_inliner = !struct_in_place<T> && field_count_v<T> <= 24;

// The binary formats' in-order pass (keys in declaration order, as prism and most writers write
// them), as read_fields_in_order: each key compared as raw bytes with its compile-time encoding
// (Reader::key<T, I>), the value read at the cursor (read_next). The two steps differ only in
// the attribute: a helper function both could call would be one more level to compile.
template <class Reader, options O, class T, class Ctx>
PRISM_INLINE bool read_keys_in_order(Ctx& ctx, local_cursor& c, T& v, std::size_t n, std::size_t& count) {
  if constexpr (steps_left_to_inliner<T>) {
    return read_fields_in_order<T>(ctx, n, count, [&](auto field) {
      constexpr auto& key = Reader::template key<T, field()>();
      if (c.readable() < key.size() || !equal_bytes(c.p, key)) return in_order::other_key;
      c.p += key.size();
      return read_next<Reader, O>(ctx, c, get_field<field()>(v)) ? in_order::read : in_order::value_failed;
    });
  } else {
    return read_fields_in_order<T>(ctx, n, count, [&](auto field) PRISM_LAMBDA_INLINE {
      constexpr auto& key = Reader::template key<T, field()>();
      if (c.readable() < key.size() || !equal_bytes(c.p, key)) return in_order::other_key;
      c.p += key.size();
      return read_next<Reader, O>(ctx, c, get_field<field()>(v)) ? in_order::read : in_order::value_failed;
    });
  }
}

// The n entries of a struct written as a map, at a local cursor (the struct's depth entered;
// `at` is where it began): the in-order pass (read_keys_in_order), then the entries it left go
// through read_remaining_entries from the source. Returns where the entries end, or null on an
// error.
template <class Reader, options O, class T, class Ctx, class Table, class ReadKey, class ReadField, class Skip>
PRISM_INLINE const std::uint8_t* read_keyed_fields(Ctx& ctx, local_cursor c, T& v, std::size_t n, std::size_t at, const Table& encoded,
                                                   ReadKey&& read_key, ReadField&& read_field, Skip&& skip) {
  std::size_t i = 0;
  if (!read_keys_in_order<Reader, O>(ctx, c, v, n, i)) return nullptr;
  if (all_read_in_order<O, T>(i, n)) [[likely]] {
    ctx.leave();
    return c.p;
  }
  c.store_to(ctx.src);
  return read_remaining_entries<O, T>(ctx, i, n, at, encoded, read_key, read_field, skip) ? ctx.src.cur() : nullptr;
}

// The n entries of a struct written as a map under a head that the format reads off its usual
// path, from the source (depth entered; `at` is where the struct began). A struct read by one
// function (read_placed) goes through it; a smaller one, read in place after the usual head,
// through the lookup rather than a second copy of its fields' readers: its own writer never
// gives it such a head. `n` keeps the type of the usual path's call, whose function it shares.
template <class Body, options O, class T, class Ctx, class Count, class Table, class ReadKey, class ReadField, class Skip>
PRISM_INLINE bool read_fields_after_other_head(Ctx& ctx, T& v, Count n, std::size_t at, const Table& encoded, ReadKey&& read_key,
                                               ReadField&& read_field, Skip&& skip) {
  if constexpr (struct_in_place<T>) {
    return read_remaining_entries<O, T>(ctx, 0, static_cast<std::size_t>(n), at, encoded, read_key, read_field, skip);
  } else {
    return move_to(ctx.src, read_out_of_line<Body, O>(ctx, local_cursor{ctx.src}, v, n, at));
  }
}

// A struct written as an array of its fields in declaration order: item i goes to field i
// (read_field(i), as in struct_keys_reader::entry); items past the last field are skipped.
template <class T, class Ctx, class ReadField, class Skip>
PRISM_INLINE bool read_positional_item(Ctx& ctx, std::size_t i, ReadField&& read_field, Skip&& skip) {
  if (i < field_count_v<T>) return read_field(i);
  return skip() || ctx.in_element(i);
}

// After `count` positional items: fewer than the fields leave the rest untouched, unless one of
// those is required.
template <options O, class T, class Ctx>
PRISM_INLINE bool positional_complete(Ctx& ctx, [[maybe_unused]] std::size_t count, [[maybe_unused]] std::size_t at) {
  if constexpr (required_prefix<O, T, declaration_order<T>> > 0) {
    if (count < required_prefix<O, T, declaration_order<T>>) [[unlikely]]
      return missing_fields<O, T>(ctx, at, [&](std::size_t k) { return k < count; });
  }
  return true;
}

// The n items of a struct written as an array (depth entered), read with read_positional_item;
// leaves the struct's depth; `at` is where it began.
template <options O, class T, class Ctx, class ReadField, class Skip>
PRISM_INLINE bool read_positional_items(Ctx& ctx, std::size_t n, std::size_t at, ReadField&& read_field, Skip&& skip) {
  for (std::size_t i = 0; i < n; ++i) {
    if (!read_positional_item<T>(ctx, i, read_field, skip)) return false;
  }
  ctx.leave();
  return positional_complete<O, T>(ctx, n, at);
}

}  // namespace prism::detail
