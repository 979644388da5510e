#pragma once
// JSON views. prism::view<json>(text) builds the structural index of json/tape.hpp (one
// checking pass, 12 bytes per value, no allocation per value); nodes are positions in that index,
// shared by every view of the document. Element i and key lookups step from sibling to sibling
// (one step per element, whatever its size); iteration is O(n) for the whole walk.
//
// What JSON cannot give in place: strings with escapes (as_string_view refuses them;
// as<std::string> decodes), blobs (base64 text: read them with as<std::vector<std::byte>>) and
// tensors (the [dtype, [extents], "base64", order] form: as_tensor decodes into a copy).
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../core/lookup_hint.hpp"
#include "../core/view.hpp"
#include "format.hpp"
#include "read.hpp"
#include "jsonc.hpp"
#include "tape.hpp"

namespace prism::json_detail {

class node {
 public:
  using format = json;
  static constexpr bool tensors_in_text = true;  // as_tensor copies what get_tensor decodes
  static constexpr bool text_checked = true;     // the structural index checks every string's UTF-8

  node() = default;
  node(std::shared_ptr<const tape> t, std::uint32_t i) noexcept : tape_(std::move(t)), i_(i) {}

  std::size_t offset() const noexcept { return tape_ ? entry().at : 0; }

  value_type type() const noexcept {
    switch (first_byte()) {
      case '{': return value_type::object;
      case '[': {
        tensor_header h;
        std::string_view text;
        return tensor_shape(h, text) ? value_type::tensor : value_type::array;
      }
      case '"': return value_type::string;
      case 't':
      case 'f': return value_type::boolean;
      case 'n': return value_type::null;
      default: return entry().extra & flag_bit ? value_type::integer : value_type::floating;
    }
  }

  errc get_bool(bool& b) const noexcept {
    const std::uint8_t c = first_byte();
    if (c != 't' && c != 'f') return errc::type_mismatch;
    b = c == 't';
    return errc::ok;
  }
  errc get_integer(bool& negative, std::uint64_t& value) const noexcept {
    number_text n;
    if (!number(n)) return errc::type_mismatch;
    if (!n.integral) return errc::type_mismatch;
    negative = false;
    if (n.negative) {
      std::int64_t i{};
      if (to_integer(n, i) != convert_status::ok) return errc::out_of_range;
      negative = i < 0;  // -0 is zero
      value = static_cast<std::uint64_t>(i);
    } else if (to_integer(n, value) != convert_status::ok) {
      return errc::out_of_range;
    }
    return errc::ok;
  }
  errc get_double(double& d) const noexcept {
    number_text n;
    if (!number(n)) return errc::type_mismatch;
    return to_floating_any(n, d) == convert_status::ok ? errc::ok : errc::out_of_range;
  }
  errc get_string(std::string_view& s) const noexcept {
    if (first_byte() != '"' || (entry().extra & flag_bit)) return errc::type_mismatch;
    s = tape_->raw_string(entry());
    return errc::ok;
  }
  errc get_bytes(bytes_view&) const noexcept { return errc::type_mismatch; }

  // The tensor decoded into a buffer of this thread, valid until the next call here.
  errc get_tensor(tensor_header& h) const {
    std::string_view text;
    if (!tensor_shape(h, text)) return errc::type_mismatch;
    thread_local std::vector<std::byte> decoded;
    decoded.resize(text.size() / 4 * 3);
    std::size_t written{};
    if (!base64_decode(text.data(), text.size(), reinterpret_cast<std::uint8_t*>(decoded.data()), written)) return errc::invalid_value;
    h.data = decoded.data();
    h.data_bytes = written;
    return errc::ok;
  }

  errc size(std::size_t& n) const {
    const tape_entry& e = entry();
    switch (first_byte()) {
      case '{':
      case '[': {
        tensor_header h;
        std::string_view text;
        n = tensor_shape(h, text) ? h.count() : e.extra;
        return errc::ok;
      }
      case '"': n = e.extra & flag_bit ? tape_->decoded_string(e).size() : e.extra; return errc::ok;
      default: return errc::type_mismatch;
    }
  }

  errc element(std::size_t i, node& out) const {
    if (first_byte() != '[' || type() == value_type::tensor) return errc::type_mismatch;
    if (i >= entry().extra) return errc::out_of_range;
    std::uint32_t k = i_ + 1;
    for (std::size_t s = 0; s < i; ++s) k = at(k).next;
    out.point(tape_, k);
    return errc::ok;
  }

  errc find(std::string_view key, node& out, bool& found, const detail::lookup_hint&) const {
    found = false;
    if (first_byte() != '{') return errc::type_mismatch;
    std::uint32_t k = i_ + 1;
    for (std::uint32_t m = 0, n = entry().extra; m < n; ++m) {
      const tape_entry& e = at(k);
      const bool match = e.extra & flag_bit ? tape_->decoded_string(e) == key : tape_->raw_string(e) == key;
      if (match) {
        out.point(tape_, k + 1);
        found = true;
        return errc::ok;
      }
      k = at(k + 1).next;
    }
    return errc::ok;
  }

  errc first(node& out) const {
    const std::uint8_t c = first_byte();
    if ((c != '[' && c != '{') || type() == value_type::tensor) return errc::type_mismatch;
    if (entry().extra == 0) return errc::out_of_range;
    out.point(tape_, i_ + 1);
    return errc::ok;
  }

  errc next(node& out) const {
    const std::uint32_t k = entry().next;
    if (k >= tape_->entries.size()) return errc::out_of_range;
    out.point(tape_, k);
    return errc::ok;
  }

  template <options O, class T>
  status read(T& v) const {
    auto ctx = detail::view_context(tape_->base, tape_->size, entry().at);
    if (!read_value<O>(ctx, v)) return ctx.take(json::name);
    return {};
  }

 private:
  // Moves this node to entry k of `t` (no reference count traffic when it already shares t).
  void point(const std::shared_ptr<const tape>& t, std::uint32_t k) noexcept {
    if (tape_ != t) tape_ = t;
    i_ = k;
  }
  const tape_entry& at(std::uint32_t k) const noexcept { return tape_->entries[k]; }
  const tape_entry& entry() const noexcept { return at(i_); }
  std::uint8_t first_byte() const noexcept { return tape_->base[entry().at]; }

  bool number(number_text& n) const noexcept {
    const std::uint8_t c = first_byte();
    if (c != '-' && !is_digit(c)) return false;
    const std::uint8_t* p = tape_->base + entry().at;
    return scan_number(p, p + (entry().extra & ~flag_bit), n) == number_status::ok;
  }

  // A non-negative integer entry of at most 19 digits (dtype codes, extents, memory orders).
  bool small_unsigned(std::uint32_t k, std::uint64_t& u) const noexcept {
    const tape_entry& e = at(k);
    const std::size_t length = e.extra & ~flag_bit;
    if (!(e.extra & flag_bit) || length > 19 || tape_->base[e.at] == '-') return false;
    u = 0;
    for (std::size_t d = 0; d < length; ++d) u = u * 10 + (tape_->base[e.at + d] - '0');
    return true;
  }

  // The [dtype, [extents], "base64"] or [dtype, [extents], "base64", order] form, checked
  // against the size its base64 decodes to; h gets all but the data.
  bool tensor_shape(tensor_header& h, std::string_view& text) const noexcept {
    const tape_entry& e = entry();
    if (tape_->base[e.at] != '[' || (e.extra != 3 && e.extra != 4)) return false;
    std::uint32_t k = i_ + 1;
    std::uint64_t code{};
    if (!small_unsigned(k, code) || !valid_dtype(code)) return false;
    k = at(k).next;
    const tape_entry& extents = at(k);
    if (tape_->base[extents.at] != '[' || extents.extra > max_tensor_rank) return false;
    h.rank = extents.extra;
    for (std::uint32_t d = k + 1, r = 0; r < h.rank; ++r, d = at(d).next) {
      std::uint64_t extent{};
      if (!small_unsigned(d, extent)) return false;
      h.shape[r] = static_cast<std::size_t>(extent);
    }
    k = extents.next;
    const tape_entry& data = at(k);
    if (tape_->base[data.at] != '"' || (data.extra & flag_bit) || data.extra % 4 != 0) return false;
    text = tape_->raw_string(data);
    std::size_t bytes = text.size() / 4 * 3;
    if (!text.empty()) bytes -= (text.back() == '=') + (text[text.size() - 2] == '=');
    if (e.extra == 4) {
      std::uint64_t order{};
      if (!small_unsigned(data.next, order) || order > 1) return false;
      h.order = static_cast<memory_order>(order);
    }
    h.type = static_cast<dtype>(code);
    return detail::tensor_fits(h, dtype_size(h.type), bytes);
  }

  std::shared_ptr<const tape> tape_;
  std::uint32_t i_ = 0;
};

}  // namespace prism::json_detail

namespace prism {

template <>
struct view_traits<json> {
  using format = json;
  using node = json_detail::node;
  // The options that change what a view accepts (json_options::jsonc).
  static constexpr bool takes_options = true;

  template <options O = detail::default_options<json>>
  static basic_view<node> root(const std::uint8_t* data, std::size_t size, const limits& lim = {}) {
    auto t = index<O>(data, size, lim);
    if (!t) return basic_view<node>(t.error());
    return basic_view<node>(node(std::move(*t), 0));
  }
  // The view's own check: the whole text against the grammar, UTF-8 and the limits.
  template <options O = detail::default_options<json>>
  static status verify(const std::uint8_t* data, std::size_t size, const limits& lim) {
    auto t = index<O>(data, size, lim);
    if (!t) return t.error();
    return {};
  }

 private:
  template <options O>
  static result<std::shared_ptr<const json_detail::tape>> index(const std::uint8_t* data, std::size_t size, const limits& lim) {
    if constexpr (json_detail::own<O>.jsonc) {
      std::string text(reinterpret_cast<const char*>(data), size);
      if (const auto fault = json_detail::strip_jsonc(text); fault.failed) [[unlikely]] return json_detail::jsonc_error(fault, data);
      return json_detail::tape_builder(std::move(text), lim).build();
    } else {
      return json_detail::tape_builder(data, size, lim).build();
    }
  }
};

}  // namespace prism
