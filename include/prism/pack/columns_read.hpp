#pragma once
// pack's packed mode, reading: the mirror of columns_write.hpp. Lengths and presence columns
// come before the columns they size, so containers are sized (and charged to the allocation
// budget) before their elements are read. Elements may take no bytes at all (a constant integer
// column), so counts are bounded by limits::max_elements and limits::max_alloc_bytes rather than
// by the input's size.
#include <cstring>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include "../core/concepts.hpp"
#include "../core/containers.hpp"
#include "../core/fields.hpp"
#include "../core/options.hpp"
#include "../core/text_input.hpp"
#include "columns.hpp"
#include "int_column.hpp"

namespace prism::pack_detail {

template <options O, class T, class Ctx>
bool read_value(Ctx& ctx, T& v);
template <options O, class Ctx, class X>
bool nested_column(Ctx& ctx, std::vector<X*>& items);
template <options O, class Ctx, class Items, class Proj>
bool read_text_column(Ctx& ctx, Items& items, Proj proj);
template <options O, class Ctx, class Items, class Proj>
bool read_map_column(Ctx& ctx, Items& items, Proj proj);
template <options O, class Ctx, class Items, class Proj>
bool read_variant_column(Ctx& ctx, Items& items, Proj proj);

// Takes a string or blob of n bytes at the source (which holds them): UTF-8 checked for
// strings, viewed in place for views, else copied. Shared with read.hpp's read_text.
template <options O, class T, class Ctx>
bool take_text(Ctx& ctx, T& v, std::size_t n) {
  const std::uint8_t* p = ctx.src.cur();
  if constexpr (string_type<T> || string_view_type<T>) {
    if (!detail::check_text<O>(ctx, p, n)) [[unlikely]] return false;
  }
  if (!detail::store_bytes(ctx, v, p, n)) return false;
  ctx.src.advance(n);
  return true;
}

// Reads an integer column of items.size() values, handing each to take(item, image); a false
// from take is an error of `code` at the column's current block.
template <class Ctx, class Items, class Take>
bool read_int_column(Ctx& ctx, Items& items, Take take, errc code = errc::out_of_range, std::string_view expected = {}) {
  int_column_reader<Ctx> column(ctx, std::ranges::size(items));
  if (!column.start()) return false;
  for (auto& item : items) {
    std::uint64_t x{};
    if (!column.next(x)) return false;
    if (!take(item, x)) [[unlikely]] return ctx.fail(code, column.offset(), expected);
  }
  return true;
}

// Reads the lengths of a column of containers, checks them against the limits (and, for
// elements of at least MinBytes bytes, against the input left) and calls size(item, n) for each
// (false when it cannot take n); `total` is their sum.
template <std::size_t MinBytes, class Ctx, class Items, class Size>
bool read_lengths(Ctx& ctx, Items& items, std::size_t& total, Size size) {
  total = 0;
  return read_int_column(
      ctx, items,
      [&](auto& item, std::uint64_t n) {
        if (n > ctx.lim.max_elements - total) return false;
        total += static_cast<std::size_t>(n);
        if (MinBytes && total > ctx.src.remaining_bound() / MinBytes) return false;
        return size(item, static_cast<std::size_t>(n));
      },
      errc::too_many_elements);
}

// Values without a column form: each item in pack's plain encoding.
template <options O, class Ctx, class Items, class Proj>
bool read_rows(Ctx& ctx, Items& items, Proj proj) {
  for (auto& item : items)
    if (!read_value<O>(ctx, proj(item))) return false;
  return true;
}

// Reads the column of proj(item) for every item, in order.
template <options O, class Ctx, class Items, class Proj>
bool read_column(Ctx& ctx, Items& items, Proj proj) {
  using F = column_value_t<Items, Proj>;
  const std::size_t n = std::ranges::size(items);
  if (n == 0) return true;
  if constexpr (row_only<F>) {
    return read_rows<O>(ctx, items, proj);
  } else if constexpr (column_integer<F>) {
    return read_int_column(ctx, items, [&](auto& item, std::uint64_t x) { return from_image(x, proj(item)); });
  } else if constexpr (floating<F>) {
    if (!ctx.require(n * sizeof(F))) [[unlikely]] return false;
    const std::uint8_t* p = ctx.src.cur();
    for (auto& item : items) {
      std::memcpy(&proj(item), p, sizeof(F));
      p += sizeof(F);
    }
    ctx.src.advance(n * sizeof(F));
    return true;
  } else if constexpr (string_type<F> || string_view_type<F> || blob<F>) {
    return read_text_column<O>(ctx, items, proj);
  } else if constexpr (optional_type<F> || owning_pointer<F>) {
    using X = std::remove_cvref_t<decltype(*proj(*std::ranges::begin(items)))>;
    std::vector<X*> present;
    const bool ok = read_int_column(ctx, items, [&](auto& item, std::uint64_t x) {
      auto& o = proj(item);
      if (x > 1) return false;
      if (x == 0) {
        o.reset();
        return true;
      }
      if constexpr (owning_pointer<F>) {
        if (!o && !ctx.charge(sizeof(X))) return false;
        present.push_back(&detail::ensure_allocated(o));
      } else {
        present.push_back(&detail::ensure_engaged(o));
      }
      return true;
    }, errc::invalid_value, "presence (0 or 1)");
    return ok && nested_column<O>(ctx, present);
  } else if constexpr (sequence<F> || fixed_array<F>) {
    using X = range_value_t<F>;
    std::size_t total = 0;
    if constexpr (sequence<F>) {
      static_assert(resizable_sequence<F>, "prism::pack: cannot read into a fixed view; use a container");
      if (!read_lengths<column_min_bytes<X>()>(ctx, items, total, [&](auto& item, std::size_t k) {
            if (!ctx.charge(k * sizeof(X))) return false;
            proj(item).resize(k);
            return true;
          })) return false;
    } else {
      total = n * std::tuple_size_v<F>;
    }
    if constexpr (floating<X> && std::ranges::contiguous_range<F>) {
      if (!ctx.require(total * sizeof(X))) [[unlikely]] return false;
      for (auto& item : items) {
        auto& r = proj(item);
        const std::size_t bytes = std::ranges::size(r) * sizeof(X);
        if (bytes) detail::copy_large(std::ranges::data(r), ctx.src.cur(), bytes);
        ctx.src.advance(bytes);
      }
      return true;
    } else {
      if (!ctx.charge(total * sizeof(X*))) return false;
      std::vector<X*> all;
      all.reserve(total);
      for (auto& item : items)
        for (auto& x : proj(item)) all.push_back(&x);
      return nested_column<O>(ctx, all);
    }
  } else if constexpr (map_type<F>) {
    return read_map_column<O>(ctx, items, proj);
  } else if constexpr (variant_type<F>) {
    return read_variant_column<O>(ctx, items, proj);
  } else if constexpr (tuple_type<F>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (read_column<O>(ctx, items, [&](auto& item) -> auto& { return std::get<I>(proj(item)); }) && ...);
    }(std::make_index_sequence<std::tuple_size_v<F>>{});
  } else if constexpr (plain_struct<F>) {
    return all_fields<F>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      if (!read_column<O>(ctx, items, [&](auto& item) -> auto& { return get_field<I>(proj(item)); })) [[unlikely]]
        return detail::in_field_at<F>(ctx, I);
      return true;
    });
  } else {
    return read_rows<O>(ctx, items, proj);
  }
}

// The column of the elements that a parent column's containers, optionals or variants hold.
template <options O, class Ctx, class X>
bool nested_column(Ctx& ctx, std::vector<X*>& items) {
  if (items.empty()) return true;
  if (!ctx.enter()) return false;
  const bool ok = read_column<O>(ctx, items, deref{});
  ctx.leave();
  return ok || ctx.in_column();
}

template <options O, class Ctx, class Items, class Proj>
bool read_text_column(Ctx& ctx, Items& items, Proj proj) {
  std::vector<std::size_t> lengths;
  lengths.reserve(std::ranges::size(items));
  std::size_t total = 0;
  if (!read_lengths<1>(ctx, items, total, [&](auto&, std::size_t k) {
        lengths.push_back(k);
        return true;
      })) return false;
  if (!ctx.require(total)) [[unlikely]] return false;
  std::size_t i = 0;
  for (auto& item : items) {
    if (!take_text<O>(ctx, proj(item), lengths[i++])) return false;
  }
  return true;
}

template <options O, class Ctx, class Items, class Proj>
bool read_map_column(Ctx& ctx, Items& items, Proj proj) {
  using F = column_value_t<Items, Proj>;
  using K = std::remove_const_t<typename F::key_type>;
  using M = typename F::mapped_type;
  std::vector<std::size_t> lengths;
  lengths.reserve(std::ranges::size(items));
  std::size_t total = 0;
  if (!read_lengths<column_min_bytes<K>() + column_min_bytes<M>()>(ctx, items, total, [&](auto&, std::size_t k) {
        lengths.push_back(k);
        return true;
      })) return false;
  if (!ctx.charge(total * (sizeof(K) + sizeof(M) + 2 * sizeof(void*)))) return false;
  std::vector<K> keys(total);
  std::vector<M> values(total);
  std::vector<K*> key_items;
  std::vector<M*> value_items;
  key_items.reserve(total);
  value_items.reserve(total);
  for (std::size_t e = 0; e < total; ++e) {
    key_items.push_back(&keys[e]);
    value_items.push_back(&values[e]);
  }
  if (!nested_column<O>(ctx, key_items) || !nested_column<O>(ctx, value_items)) return false;
  std::size_t e = 0, i = 0;
  for (auto& item : items) {
    auto& map = proj(item);
    map.clear();
    for (const std::size_t end = e + lengths[i++]; e < end; ++e) detail::put_entry(map, std::move(keys[e]), std::move(values[e]));
  }
  return true;
}

template <options O, class Ctx, class Items, class Proj>
bool read_variant_column(Ctx& ctx, Items& items, Proj proj) {
  using F = column_value_t<Items, Proj>;
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    std::tuple<std::vector<std::variant_alternative_t<I, F>*>...> chosen;
    const bool ok = read_int_column(ctx, items, [&](auto& item, std::uint64_t x) {
      if (x >= sizeof...(I)) return false;
      return detail::visit_index<F>(static_cast<std::size_t>(x), [&](auto a) {
        std::get<decltype(a)::value>(chosen).push_back(&detail::ensure_alternative<decltype(a)::value>(proj(item)));
        return true;
      });
    }, errc::invalid_value, "variant index");
    return ok && (nested_column<O>(ctx, std::get<I>(chosen)) && ...);
  }(std::make_index_sequence<std::variant_size_v<F>>{});
}

}  // namespace prism::pack_detail
