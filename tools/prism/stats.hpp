#pragma once
// `prism stats`: what one message costs in every format, raw and compressed with deflate and
// zstd.
#include <zlib.h>
#include <zstd.h>

#include <prism/core/error.hpp>

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "wire.hpp"

namespace prism_tool {

inline std::size_t deflate_size(const std::string& bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::vector<Bytef> out(size);
  if (compress2(out.data(), &size, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uLong>(bytes.size()), 6) != Z_OK)
    return 0;
  return size;
}

inline std::size_t zstd_size(const std::string& bytes) {
  std::vector<char> out(ZSTD_compressBound(bytes.size()));
  const std::size_t size = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
  return ZSTD_isError(size) ? 0 : size;
}

// One row per format; `encode(format, bytes)` gives the message in that format.
template <class Encode>
void print_stats(std::ostream& out, wire source, std::size_t source_size, Encode&& encode) {
  char line[160];
  std::snprintf(line, sizeof line, "%-9s %12s %12s %12s\n", "format", "bytes", "deflate", "zstd");
  out << line;
  for (wire w : all_wires) {
    std::string bytes;
    const prism::status written = encode(w, bytes);
    const std::string name = std::string(name_of(w)) + (w == source ? "*" : "");
    if (!written) {
      out << name << std::string(name.size() < 10 ? 10 - name.size() : 1, ' ') << "cannot hold this message: "
          << written.error().message() << '\n';
      continue;
    }
    std::snprintf(line, sizeof line, "%-9s %12zu %12zu %12zu\n", name.c_str(), bytes.size(), deflate_size(bytes), zstd_size(bytes));
    out << line;
  }
  out << "* the input's format (" << source_size << " bytes as given)\n";
}

}  // namespace prism_tool
