#pragma once
// `prism inspect`: a message as a tree, one value per line with its byte offset and type, long
// strings, binaries and arrays elided with counts, tensors summarized.
#include <prism/core/view.hpp>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string>
#include <string_view>

namespace prism_tool {

struct inspect_limits {
  std::size_t elements = 8;  // elements and entries shown per container
  std::size_t text = 48;     // bytes of a string shown
  std::size_t depth = 64;    // levels shown
};

inline std::string quoted(std::string_view s, std::size_t most) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size() && i < most; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
  if (s.size() > most) out += "... (" + std::to_string(s.size()) + " bytes)";
  return out;
}

inline std::string number_text(double d) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, r.ptr);
}

// The first few elements of a tensor's data, read as its element type (little-endian).
inline std::string first_values(const prism::tensor_header& h, std::size_t most) {
  const std::size_t width = prism::dtype_size(h.type);
  std::string out;
  for (std::size_t i = 0; i < h.count() && i < most && (i + 1) * width <= h.data_bytes; ++i) {
    const std::byte* p = h.data + i * width;
    std::string one;
    const auto load = [&](auto v) {
      std::memcpy(&v, p, sizeof v);
      return v;
    };
    switch (h.type) {
      case prism::dtype::int8: one = std::to_string(load(std::int8_t{})); break;
      case prism::dtype::int16: one = std::to_string(load(std::int16_t{})); break;
      case prism::dtype::int32: one = std::to_string(load(std::int32_t{})); break;
      case prism::dtype::int64: one = std::to_string(load(std::int64_t{})); break;
      case prism::dtype::uint8: one = std::to_string(load(std::uint8_t{})); break;
      case prism::dtype::uint16: one = std::to_string(load(std::uint16_t{})); break;
      case prism::dtype::uint32: one = std::to_string(load(std::uint32_t{})); break;
      case prism::dtype::uint64: one = std::to_string(load(std::uint64_t{})); break;
      case prism::dtype::float32: one = number_text(load(float{})); break;
      case prism::dtype::float64: one = number_text(load(double{})); break;
      default: return out;  // complex and half floats: counted, not shown
    }
    out += (out.empty() ? "" : ", ") + one;
  }
  return out;
}

template <class View>
class tree_printer {
 public:
  tree_printer(std::ostream& out, const inspect_limits& limits) : out_(out), limits_(limits) {}

  // Prints v and what it holds; false (after printing the error) where a value fails to decode.
  bool print(const View& v, const std::string& label, std::size_t depth) {
    std::string line = label;
    bool ok = true;
    switch (v.type()) {
      case prism::value_type::null: line += "null"; break;
      case prism::value_type::boolean: ok = scalar(line, v.template as<bool>(), [](bool b) { return b ? "true" : "false"; }); break;
      case prism::value_type::integer:
        if (auto i = v.template as<std::int64_t>()) line += "integer " + std::to_string(*i);
        else ok = scalar(line, v.template as<std::uint64_t>(), [](std::uint64_t u) { return "integer " + std::to_string(u); });
        break;
      case prism::value_type::floating: ok = scalar(line, v.template as<double>(), [](double d) { return "float " + number_text(d); }); break;
      case prism::value_type::string: {
        auto s = v.template as<std::string>();
        ok = scalar(line, s, [&](const std::string& t) { return "string " + quoted(t, limits_.text); });
        break;
      }
      case prism::value_type::binary: {
        auto b = v.as_bytes();
        ok = scalar(line, b, [](const auto& bytes) { return "binary, " + std::to_string(bytes.size()) + " bytes"; });
        break;
      }
      case prism::value_type::tensor: ok = tensor(line, v); break;
      case prism::value_type::array:
      case prism::value_type::object: return container(v, line, depth);
      default: line += std::string(prism::describe(v.type())); break;
    }
    emit(v.offset(), depth, line);
    return ok;
  }

 private:
  template <class R, class Show>
  bool scalar(std::string& line, const R& r, Show&& show) {
    if (!r) {
      line += "error: " + r.error().message();
      return false;
    }
    line += show(*r);
    return true;
  }

  bool tensor(std::string& line, const View& v) {
    auto info = v.tensor_info();
    if (!info) {
      line += "error: " + info.error().message();
      return false;
    }
    const prism::tensor_header& h = *info;
    line += "tensor " + std::string(prism::dtype_name(h.type)) + " [";
    for (std::size_t d = 0; d < h.rank; ++d) line += (d ? ", " : "") + std::to_string(h.shape[d]);
    line += "]";
    if (h.rank > 1) line += h.order == prism::memory_order::row_major ? " row-major" : " column-major";
    line += ", " + std::to_string(h.data_bytes) + " bytes";
    const auto address = reinterpret_cast<std::uintptr_t>(h.data);
    if (!h.typed_array && address != 0) {
      std::size_t alignment = 1;
      while (alignment < 64 && address % (alignment * 2) == 0) alignment *= 2;
      line += ", data at offset aligned to " + std::to_string(alignment);
    }
    const std::string first = first_values(h, 4);
    if (!first.empty()) line += ": " + first + (h.count() > 4 ? ", ..." : "");
    return true;
  }

  bool container(const View& v, std::string line, std::size_t depth) {
    const bool object = v.type() == prism::value_type::object;
    auto size = v.size();
    if (!size) {
      emit(v.offset(), depth, line + "error: " + size.error().message());
      return false;
    }
    line += object ? "object, " + std::to_string(*size) + (*size == 1 ? " entry" : " entries")
                   : "array, " + std::to_string(*size) + (*size == 1 ? " element" : " elements");
    emit(v.offset(), depth, line);
    if (depth + 1 >= limits_.depth) {
      if (*size) emit(no_offset, depth + 1, "... (deeper levels not shown)");
      return true;
    }
    std::size_t shown = 0;
    if (object) {
      for (auto [key, value] : v.items()) {
        if (shown == limits_.elements) break;
        ++shown;
        std::string name;
        if (auto k = key.template as<std::string>()) name = quoted(*k, limits_.text) + ": ";
        else if (auto n = key.template as<std::int64_t>()) name = std::to_string(*n) + ": ";
        else name = "(" + std::string(prism::describe(key.type())) + " key): ";
        if (!print(value, name, depth + 1)) return false;
      }
    } else {
      auto elements = v.elements();
      for (auto e : elements) {
        if (shown == limits_.elements) break;
        if (!print(e, "[" + std::to_string(shown) + "] ", depth + 1)) return false;
        ++shown;
      }
      if (elements.error() != prism::errc::ok) {
        emit(no_offset, depth + 1, "error: " + std::string(prism::describe(elements.error())));
        return false;
      }
    }
    if (shown < *size) emit(no_offset, depth + 1, "... " + std::to_string(*size - shown) + " more");
    return true;
  }

  static constexpr std::size_t no_offset = static_cast<std::size_t>(-1);  // lines about no one value

  void emit(std::size_t offset, std::size_t depth, const std::string& text) {
    char at[24];
    if (offset == no_offset) std::snprintf(at, sizeof at, "%8s  ", "");
    else std::snprintf(at, sizeof at, "%8zu  ", offset);
    out_ << at << std::string(2 * depth, ' ') << text << '\n';
  }

  std::ostream& out_;
  inspect_limits limits_;
};

}  // namespace prism_tool
