// RapidJSON peer of the corpus report: Document then fill; Writer from the struct. The walk over
// the struct is written once, over prism's reflection of the field names.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <limits>
#include <memory>

#include <prism/core/concepts.hpp>
#include <prism/core/fields.hpp>

#include "peers/corpus/peers.hpp"

namespace bench::corpus_peers {
namespace {

template <class T>
bool fill(const rapidjson::Value& v, T& out);

template <class T>
bool fill_struct(const rapidjson::Value& v, T& out) {
  if (!v.IsObject()) return false;
  for (auto member = v.MemberBegin(); member != v.MemberEnd(); ++member) {
    const std::string_view key(member->name.GetString(), member->name.GetStringLength());
    bool ok = true;
    prism::all_fields<T>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      if (key != prism::field_name<T, I>()) return true;
      ok = fill(member->value, prism::get_field<I>(out));
      return false;
    });
    if (!ok) return false;
  }
  return true;
}

template <class T>
bool fill(const rapidjson::Value& v, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!v.IsBool()) return false;
    out = v.GetBool();
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!v.IsNumber()) return false;
    out = static_cast<T>(v.GetDouble());
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    if (!v.IsUint64() || v.GetUint64() > std::numeric_limits<T>::max()) return false;
    out = static_cast<T>(v.GetUint64());
  } else if constexpr (std::is_integral_v<T>) {
    if (!v.IsInt64()) return false;
    const auto i = v.GetInt64();
    if (i < std::numeric_limits<T>::min() || i > std::numeric_limits<T>::max()) return false;
    out = static_cast<T>(i);
  } else if constexpr (prism::string_type<T>) {
    if (!v.IsString()) return false;
    out.assign(v.GetString(), v.GetStringLength());
  } else if constexpr (prism::optional_type<T> || prism::unique_pointer<T>) {
    if (v.IsNull()) {
      out.reset();
      return true;
    }
    if constexpr (prism::unique_pointer<T>) {
      if (!out) out = std::make_unique<typename T::element_type>();
    } else {
      if (!out) out.emplace();
    }
    return fill(v, *out);
  } else if constexpr (prism::fixed_array<T>) {
    if (!v.IsArray() || v.Size() != out.size()) return false;
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
      if (!fill(v[i], out[i])) return false;
    }
  } else if constexpr (prism::map_type<T>) {
    if (!v.IsObject()) return false;
    out.clear();
    for (auto member = v.MemberBegin(); member != v.MemberEnd(); ++member) {
      if (!fill(member->value, out[std::string(member->name.GetString(), member->name.GetStringLength())])) return false;
    }
  } else if constexpr (prism::sequence<T>) {
    if (!v.IsArray()) return false;
    out.clear();
    out.reserve(v.Size());
    for (const auto& element : v.GetArray()) {
      if (!fill(element, out.emplace_back())) return false;
    }
  } else {
    return fill_struct(v, out);
  }
  return true;
}

using writer = rapidjson::Writer<rapidjson::StringBuffer>;

template <class T>
void emit(writer& w, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    w.Bool(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    w.Double(static_cast<double>(v));
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    w.Uint64(v);
  } else if constexpr (std::is_integral_v<T>) {
    w.Int64(v);
  } else if constexpr (prism::string_type<T>) {
    w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  } else if constexpr (prism::optional_type<T> || prism::unique_pointer<T>) {
    if (v) {
      emit(w, *v);
    } else {
      w.Null();
    }
  } else if constexpr (prism::map_type<T>) {
    w.StartObject();
    for (const auto& [key, value] : v) {
      w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
      emit(w, value);
    }
    w.EndObject();
  } else if constexpr (prism::sequence<T> || prism::fixed_array<T>) {
    w.StartArray();
    for (const auto& element : v) emit(w, element);
    w.EndArray();
  } else {
    w.StartObject();
    prism::for_each_field_index<T>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      constexpr auto name = prism::field_name<T, I>();
      w.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
      emit(w, prism::get_field<I>(v));
    });
    w.EndObject();
  }
}

rapidjson::StringBuffer& rapidjson_output() {
  static rapidjson::StringBuffer buffer;
  return buffer;
}

}  // namespace

template <class T>
bool rapidjson_read(const std::string& text, T& out) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
  return !doc.HasParseError() && fill(doc, out);
}

template <class T>
std::size_t rapidjson_write(const T& value) {
  auto& buffer = rapidjson_output();
  buffer.Clear();
  writer w(buffer);
  emit(w, value);
  return buffer.GetSize();
}

template <class T>
std::string rapidjson_text(const T& value) {
  rapidjson_write(value);
  return std::string(rapidjson_output().GetString(), rapidjson_output().GetSize());
}

}  // namespace bench::corpus_peers

#include "peers/corpus/instantiate.hpp"
namespace bench::corpus_peers {
PRISM_BENCH_INSTANTIATE_PEER(rapidjson_read, rapidjson_write, rapidjson_text)
PRISM_BENCH_INSTANTIATE_BINARY(rapidjson_read, rapidjson_write, rapidjson_text)
}
