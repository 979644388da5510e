#pragma once
// The peers of the corpus and binary reports other than simdjson, each in its own translation
// unit so that its headers and flags stay there. Each is instantiated for corpus::canada,
// citm_catalog and twitter, and for binary::obj_t and the binary report's vectors. Readers return false on any error; writers return the bytes written into a buffer
// the peer keeps between calls (as prism's rows reuse their output string), `text` copies it.
#include <cstddef>
#include <string>

namespace bench::corpus_peers {

// RapidJSON: Document::Parse (full-precision doubles, so that values equal prism's), then a fill
// of the struct from the DOM; Writer<StringBuffer> from the struct.
template <class T>
bool rapidjson_read(const std::string& text, T& out);
template <class T>
std::size_t rapidjson_write(const T& value);
template <class T>
std::string rapidjson_text(const T& value);

// nlohmann-json: json::parse then get_to (from_json); json(value).dump() (to_json).
template <class T>
bool nlohmann_read(const std::string& text, T& out);
template <class T>
std::size_t nlohmann_write(const T& value);
template <class T>
std::string nlohmann_text(const T& value);

// msgpack-cxx: unpack to msgpack::object, then convert; pack into an sbuffer. Structs are maps
// keyed by field name, the bytes prism writes.
template <class T>
bool msgpack_cxx_read(const std::string& bytes, T& out);
template <class T>
std::size_t msgpack_cxx_write(const T& value);
template <class T>
std::string msgpack_cxx_bytes(const T& value);

}  // namespace bench::corpus_peers
