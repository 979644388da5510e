#pragma once
// pack's packed mode, writing (docs/pack.md, "Packed sequences"): the elements of a sequence go
// column by column: each field of every element together, nested sequences and optionals
// flattened into one column per field, integers in bit-packed blocks.
#include <cstring>
#include <memory>
#include <span>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include "../core/concepts.hpp"
#include "../core/copy_bytes.hpp"
#include "../core/fields.hpp"
#include "../core/options.hpp"
#include "columns.hpp"
#include "int_column.hpp"

namespace prism::pack_detail {

template <options O, class T, class Ctx>
bool write_value(Ctx& ctx, const T& v);

// The images of one integer column, in a per-thread buffer kept for columns of up to 2^20
// values (columns are written one at a time), or in a buffer of their own.
class image_buffer {
 public:
  explicit image_buffer(std::size_t n) : n_(n) {
    thread_local std::unique_ptr<std::uint64_t[]> kept;
    thread_local std::size_t kept_size = 0;
    if (n > kept_limit) {
      own_.reset(new std::uint64_t[n]);
      data_ = own_.get();
      return;
    }
    if (n > kept_size) {
      kept.reset(new std::uint64_t[n]);
      kept_size = n;
    }
    data_ = kept.get();
  }
  std::uint64_t* data() noexcept { return data_; }
  std::span<const std::uint64_t> images() const noexcept { return {data_, n_}; }

 private:
  static constexpr std::size_t kept_limit = std::size_t{1} << 20;
  std::size_t n_;
  std::uint64_t* data_ = nullptr;
  std::unique_ptr<std::uint64_t[]> own_;
};

// The integer column of image(item) for every item.
template <class Ctx, class Items, class Image>
bool write_int_column(Ctx& ctx, const Items& items, Image image) {
  const std::size_t n = std::ranges::size(items);
  if (n == 0) return true;
  image_buffer buffer(n);
  std::uint64_t* out = buffer.data();
  for (const auto& item : items) *out++ = image(item);
  const int_column_plan plan = plan_int_column(buffer.images());
  if (!ctx.reserve(plan.bytes)) return false;
  emit_int_column(ctx.out.cur(), buffer.images(), plan);
  ctx.out.advance(plan.bytes);
  return true;
}

template <class Ctx, class Items, class Proj>
bool write_lengths(Ctx& ctx, const Items& items, Proj proj) {
  return write_int_column(ctx, items, [&](const auto& item) { return std::uint64_t(std::ranges::size(proj(item))); });
}

// Values without a column form: each item in pack's plain encoding.
template <options O, class Ctx, class Items, class Proj>
bool write_rows(Ctx& ctx, const Items& items, Proj proj) {
  for (const auto& item : items)
    if (!write_value<O>(ctx, proj(item))) return false;
  return true;
}

// The column of proj(item) for every item, in order.
template <options O, class Ctx, class Items, class Proj>
bool write_column(Ctx& ctx, const Items& items, Proj proj) {
  using F = column_value_t<Items, Proj>;
  const std::size_t n = std::ranges::size(items);
  if (n == 0) return true;
  if constexpr (row_only<F>) {
    return write_rows<O>(ctx, items, proj);
  } else if constexpr (column_integer<F>) {
    return write_int_column(ctx, items, [&](const auto& item) { return integer_image(proj(item)); });
  } else if constexpr (floating<F>) {
    if (!ctx.reserve(n * sizeof(F))) return false;
    std::uint8_t* out = ctx.out.cur();
    for (const auto& item : items) {
      std::memcpy(out, &proj(item), sizeof(F));
      out += sizeof(F);
    }
    ctx.out.advance(n * sizeof(F));
    return true;
  } else if constexpr (string_type<F> || string_view_type<F> || blob<F>) {
    if (!write_lengths(ctx, items, proj)) return false;
    std::size_t total = 0;
    for (const auto& item : items) total += proj(item).size();
    if (!ctx.reserve(total)) return false;
    std::uint8_t* out = ctx.out.cur();
    for (const auto& item : items) {
      const auto& s = proj(item);
      if (!s.empty()) detail::copy_large(out, s.data(), s.size());
      out += s.size();
    }
    ctx.out.advance(total);
    return true;
  } else if constexpr (optional_type<F> || owning_pointer<F>) {
    using X = std::remove_cvref_t<decltype(*proj(*std::ranges::begin(items)))>;
    std::vector<const X*> present;
    for (const auto& item : items)
      if (const auto& o = proj(item)) present.push_back(&*o);
    return write_int_column(ctx, items, [&](const auto& item) { return std::uint64_t(proj(item) ? 1 : 0); }) &&
           write_column<O>(ctx, present, deref{});
  } else if constexpr (sequence<F> || fixed_array<F>) {
    using X = range_value_t<F>;
    if constexpr (sequence<F>) {
      if (!write_lengths(ctx, items, proj)) return false;
    }
    if constexpr (floating<X> && std::ranges::contiguous_range<F>) {
      for (const auto& item : items) {
        const auto& r = proj(item);
        if (!ctx.write(std::ranges::data(r), std::ranges::size(r) * sizeof(X))) return false;
      }
      return true;
    } else {
      std::vector<const X*> all;
      for (const auto& item : items)
        for (const auto& x : proj(item)) all.push_back(&x);
      return write_column<O>(ctx, all, deref{});
    }
  } else if constexpr (map_type<F>) {
    using Entry = std::remove_cvref_t<decltype(*std::ranges::begin(proj(*std::ranges::begin(items))))>;
    std::vector<const Entry*> entries;
    for (const auto& item : items)
      for (const auto& entry : proj(item)) entries.push_back(&entry);
    return write_lengths(ctx, items, proj) && write_column<O>(ctx, entries, entry_key{}) &&
           write_column<O>(ctx, entries, entry_value{});
  } else if constexpr (variant_type<F>) {
    if (!write_int_column(ctx, items, [&](const auto& item) { return std::uint64_t(proj(item).index()); }))
      return false;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      const auto alternative = [&]<std::size_t A>(std::integral_constant<std::size_t, A>) {
        std::vector<const std::variant_alternative_t<A, F>*> chosen;
        for (const auto& item : items)
          if (const auto* p = std::get_if<A>(&proj(item))) chosen.push_back(p);
        return write_column<O>(ctx, chosen, deref{});
      };
      return (alternative(std::integral_constant<std::size_t, I>{}) && ...);
    }(std::make_index_sequence<std::variant_size_v<F>>{});
  } else if constexpr (tuple_type<F>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (write_column<O>(ctx, items, [&](const auto& item) -> const auto& { return std::get<I>(proj(item)); }) && ...);
    }(std::make_index_sequence<std::tuple_size_v<F>>{});
  } else if constexpr (plain_struct<F>) {
    return all_fields<F>([&](auto i) {
      return write_column<O>(ctx, items, [&](const auto& item) -> const auto& { return get_field<decltype(i)::value>(proj(item)); });
    });
  } else {
    return write_rows<O>(ctx, items, proj);
  }
}

}  // namespace prism::pack_detail
