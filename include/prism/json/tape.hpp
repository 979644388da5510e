#pragma once
// The structural index behind JSON views. One pass over the text checks all of it (grammar,
// escapes, UTF-8, number syntax, depth, element counts) and records one 12-byte entry per value,
// keys included, in document order, in one vector: no allocation per value. An entry knows where
// its value starts and which entry follows it, so skipping a container is one step; accessors
// then decode only what they touch and never fail on syntax.
//
// Cost: 12 bytes per value (a document of small numbers "[1,2,3,...]" needs about 6 bytes of
// index per byte of text; typical documents 1-2 bytes per byte) and the time of one validating
// scan. Documents are limited to 2 GiB, so that offsets and lengths fit the entries.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../core/config.hpp"
#include "../core/error.hpp"
#include "../core/limits.hpp"
#include "../core/utf8.hpp"
#include "format.hpp"
#include "number.hpp"
#include "scan.hpp"

namespace prism::json_detail {

struct tape_entry {
  std::uint32_t at;     // offset of the value's first byte
  std::uint32_t next;   // the entry after this value and everything in it
  std::uint32_t extra;  // containers: elements (objects: members); strings: bytes between the
                        // quotes; numbers: length of the text; plus flag_bit
};
// Strings: the text has escapes. Numbers: an integer that fits int64 or uint64.
inline constexpr std::uint32_t flag_bit = 1u << 31;
inline constexpr std::size_t max_view_document = std::size_t{1} << 31;

struct tape {
  const std::uint8_t* base = nullptr;
  std::size_t size = 0;
  std::vector<tape_entry> entries;
  std::string own_text;  // JSONC: the text without its comments, which base then points into

  std::string_view raw_string(const tape_entry& e) const noexcept {
    return {reinterpret_cast<const char*>(base) + e.at + 1, e.extra & ~flag_bit};
  }
  // The text of a string entry with its escapes decoded (already checked by the builder).
  std::string decoded_string(const tape_entry& e) const {
    const std::string_view raw = raw_string(e);
    std::string out;
    out.reserve(raw.size());
    const auto* p = reinterpret_cast<const std::uint8_t*>(raw.data());
    const auto* const end = p + raw.size();
    while (p != end) {
      if (*p != '\\') {
        out.push_back(static_cast<char>(*p++));
        continue;
      }
      const std::size_t used = decode_escape(p, end, out);
      if (used == 0) break;  // not reached: the builder checked every escape
      p += used;
    }
    return out;
  }
};

class tape_builder {
 public:
  tape_builder(const std::uint8_t* data, std::size_t size, const limits& lim) : lim_(lim) {
    tape_ = std::make_shared<tape>();
    tape_->base = data;
    tape_->size = size;
  }
  // Indexes `text`, which the tape keeps.
  tape_builder(std::string text, const limits& lim) : lim_(lim) {
    tape_ = std::make_shared<tape>();
    tape_->own_text = std::move(text);
    tape_->base = reinterpret_cast<const std::uint8_t*>(tape_->own_text.data());
    tape_->size = tape_->own_text.size();
  }

  result<std::shared_ptr<const tape>> build() {
    if (tape_->size >= max_view_document) {
      fail(errc::allocation_limit, 0, "a document under 2 GiB");
      return std::move(error_);
    }
    // A value takes at least two bytes of text but for the last: size / 2 + 2 entries never
    // grow the vector. Large documents start at a sixteenth and grow, up to that bound; the
    // index is charged to max_alloc_bytes.
    const std::size_t size = tape_->size;
    most_entries_ = size / 2 + 2;
    const std::size_t first = size <= 65536 ? most_entries_ : size / 16;
    if (!reserve(first)) return std::move(error_);
    if (!scan_document()) return std::move(error_);
    return std::shared_ptr<const tape>(std::move(tape_));
  }

 private:
  bool scan_document() {
    skip_space();
    for (;;) {
      if (!value()) return false;
      if (opened_) {  // a container with elements: its first element (after its key) comes next
        opened_ = false;
        continue;
      }
      for (;;) {  // after a value: a separator, the end of its container, or the end of the text
        skip_space();
        if (open_.empty()) return pos_ == end() || fail(errc::trailing_bytes, pos_, "the end of the document", describe_byte(byte()));
        const bool object = in_object();
        if (pos_ == end()) return fail(errc::unexpected_end, pos_, object ? "',' or '}'" : "',' or ']'");
        if (byte() == ',') {
          ++pos_;
          skip_space();
          if (object && !key()) return false;
          break;
        }
        if (byte() != (object ? '}' : ']')) return fail(errc::syntax_error, pos_, object ? "',' or '}'" : "',' or ']'", describe_byte(byte()));
        ++pos_;
        close();
      }
    }
  }

  // The value at pos_ (whitespace skipped). A container with elements is left open (opened_):
  // its elements follow in the loop above.
  bool value() {
    if (pos_ == end()) return fail(errc::unexpected_end, pos_, "a value");
    if (!open_.empty() && !in_object() && !count_element()) return false;
    const std::uint8_t c = byte();
    switch (c) {
      case '{':
      case '[': {
        if (open_.size() >= lim_.max_depth) return fail(errc::too_deep, pos_);
        std::uint32_t self{};
        if (!push(0, &self)) return false;
        open_.push_back(self << 1 | (c == '{'));
        ++pos_;
        skip_space();
        const char closing = c == '{' ? '}' : ']';
        if (pos_ == end()) return fail(errc::unexpected_end, pos_, c == '{' ? "a key or '}'" : "a value or ']'");
        if (byte() == closing) {
          ++pos_;
          close();
          return true;
        }
        opened_ = true;
        return c == '[' || key();
      }
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: break;
    }
    if (c != '-' && !is_digit(c)) return fail(errc::syntax_error, pos_, "a value", describe_byte(c));
    number_text n;
    switch (scan_number(tape_->base + pos_, tape_->base + tape_->size, n)) {
      case number_status::ok: break;
      case number_status::end: return fail(errc::unexpected_end, tape_->size, "a number");
      case number_status::syntax: return fail(errc::syntax_error, pos_, "a number");
    }
    bool fits = false;
    if (n.integral) {
      std::int64_t i{};
      std::uint64_t u{};
      fits = n.negative ? to_integer(n, i) == convert_status::ok : to_integer(n, u) == convert_status::ok;
    }
    const auto length = static_cast<std::uint32_t>(reinterpret_cast<const std::uint8_t*>(n.end) - (tape_->base + pos_));
    if (!push(length | (fits ? flag_bit : 0))) return false;
    pos_ += length;
    return true;
  }

  // A member's key, its colon and the whitespace before its value.
  bool key() {
    if (pos_ == end()) return fail(errc::unexpected_end, pos_, "a key");
    if (byte() != '"') return fail(errc::syntax_error, pos_, "a key", describe_byte(byte()));
    if (!count_element() || !string()) return false;
    skip_space();
    if (pos_ == end()) return fail(errc::unexpected_end, pos_, "':'");
    if (byte() != ':') return fail(errc::syntax_error, pos_, "':'", describe_byte(byte()));
    ++pos_;
    skip_space();
    return true;
  }

  bool string() {
    const std::uint8_t* const base = tape_->base;
    const std::uint8_t* const stop = base + tape_->size;
    const std::uint8_t* const start = base + pos_ + 1;
    const std::uint8_t* p = start;
    bool escaped = false;
    struct discard {
      void push_back(char) noexcept {}
    } sink;
    for (;;) {
      std::uint64_t high = 0;
      const std::uint8_t* const run = p;
      p += plain_run(p, stop, high);
      if ((high & repeat_byte(0x80)) != 0 && !detail::utf8_valid_beyond_ascii(run, static_cast<std::size_t>(p - run)))
        return fail(errc::invalid_utf8, static_cast<std::size_t>(run - base) + detail::utf8_valid_prefix(run, static_cast<std::size_t>(p - run)));
      const auto at = static_cast<std::size_t>(p - base);
      if (p == stop) return fail(errc::unexpected_end, at, "'\"'");
      if (*p == '"') break;
      if (*p != '\\') return fail(errc::syntax_error, at, "an escaped control character", "a control character");
      const std::size_t used = decode_escape(p, stop, sink);
      if (used == 0) {
        if (stop - p < 2) return fail(errc::unexpected_end, at, "an escape");
        return fail(errc::syntax_error, at, valid_escape);
      }
      p += used;
      escaped = true;
    }
    if (!push(static_cast<std::uint32_t>(p - start) | (escaped ? flag_bit : 0))) return false;
    pos_ = static_cast<std::size_t>(p + 1 - base);
    return true;
  }

  bool literal(std::string_view word) {
    if (tape_->size - pos_ < word.size()) {
      if (std::string_view(reinterpret_cast<const char*>(tape_->base) + pos_, tape_->size - pos_) == word.substr(0, tape_->size - pos_))
        return fail(errc::unexpected_end, tape_->size, word);
      return fail(errc::syntax_error, pos_, word);
    }
    if (std::string_view(reinterpret_cast<const char*>(tape_->base) + pos_, word.size()) != word) return fail(errc::syntax_error, pos_, word);
    if (!push(0)) return false;
    pos_ += word.size();
    return true;
  }

  // Appends an entry (its index in `self`); false when the index would pass max_alloc_bytes.
  PRISM_INLINE bool push(std::uint32_t extra, std::uint32_t* self = nullptr) {
    auto& entries = tape_->entries;
    const auto index = static_cast<std::uint32_t>(entries.size());
    if (entries.size() == entries.capacity()) [[unlikely]] {
      if (!reserve(std::min(most_entries_, 2 * entries.capacity() + 16))) return false;
    }
    entries.push_back({static_cast<std::uint32_t>(pos_), index + 1, extra});
    if (self) *self = index;
    return true;
  }
  // Room for n entries, or as many more as max_alloc_bytes allows; false when none is left.
  bool reserve(std::size_t n) {
    const std::size_t allowed = std::min(n, lim_.max_alloc_bytes / sizeof(tape_entry));
    if (allowed <= tape_->entries.size() && n > tape_->entries.size())
      return fail(errc::allocation_limit, pos_, "an index within max_alloc_bytes");
    tape_->entries.reserve(allowed);
    return true;
  }
  void close() {
    tape_->entries[open_.back() >> 1].next = static_cast<std::uint32_t>(tape_->entries.size());
    open_.pop_back();
  }
  bool count_element() {
    std::uint32_t& n = tape_->entries[open_.back() >> 1].extra;
    if (++n > lim_.max_elements) return fail(errc::too_many_elements, pos_);
    return true;
  }
  bool in_object() const noexcept { return open_.back() & 1; }
  std::uint8_t byte() const noexcept { return tape_->base[pos_]; }
  std::size_t end() const noexcept { return tape_->size; }
  void skip_space() noexcept {
    const std::uint8_t* const base = tape_->base;
    pos_ = static_cast<std::size_t>(skip_indentation(base + pos_, base + tape_->size) - base);
  }

  // The path to where the scan stopped: the open containers, each by its current key or index.
  std::string path() const {
    std::string out;
    const auto& entries = tape_->entries;
    for (std::size_t level = 0; level < open_.size(); ++level) {
      const std::uint32_t c = open_.at(level) >> 1;
      const std::uint32_t count = entries[c].extra;
      if (count == 0) break;
      if (tape_->base[entries[c].at] == '[') {
        out += "[" + std::to_string(count - 1) + "]";
        continue;
      }
      std::uint32_t k = c + 1;  // the key of the last member: skip the complete members before it
      for (std::uint32_t m = 1; m < count && k + 1 < entries.size(); ++m) k = entries[k + 1].next;
      if (k >= entries.size()) break;
      if (!out.empty()) out += '.';
      out += entries[k].extra & flag_bit ? tape_->decoded_string(entries[k]) : std::string(tape_->raw_string(entries[k]));
    }
    return out;
  }

  bool fail(errc code, std::size_t at, std::string_view expected = {}, std::string_view found = {}) {
    error_.code = code;
    error_.offset = at;
    error_.format = json::name;
    error_.expected = expected;
    error_.found = found;
    if (code != errc::allocation_limit) {
      error_.path = path();
      line_and_column(tape_->base, at, error_.line, error_.column);
    }
    return false;
  }

  std::shared_ptr<tape> tape_;
  limits lim_;
  // Entries of the containers not yet closed, each shifted left one bit with the low bit set
  // for objects; the first 64 levels without an allocation.
  class open_stack {
   public:
    bool empty() const noexcept { return size_ == 0; }
    std::size_t size() const noexcept { return size_; }
    std::uint32_t back() const noexcept { return at(size_ - 1); }
    void push_back(std::uint32_t v) {
      if (size_ < inline_.size()) inline_[size_] = v;
      else spill_.push_back(v);
      ++size_;
    }
    void pop_back() noexcept {
      if (--size_ >= inline_.size()) spill_.pop_back();
    }
    std::uint32_t at(std::size_t i) const noexcept { return i < inline_.size() ? inline_[i] : spill_[i - inline_.size()]; }

   private:
    std::array<std::uint32_t, 64> inline_;
    std::vector<std::uint32_t> spill_;
    std::size_t size_ = 0;
  };
  open_stack open_;
  std::size_t pos_ = 0;
  std::size_t most_entries_ = 0;  // what the text can hold
  bool opened_ = false;
  error error_;
};

}  // namespace prism::json_detail
