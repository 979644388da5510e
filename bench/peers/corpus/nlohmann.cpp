// nlohmann-json peer of the corpus report, used as its users do: json::parse then get_to
// (from_json), and json(value).dump() (to_json). The conversions of the corpus structs are one
// adl_serializer over prism's reflection of the field names; std::optional and std::unique_ptr,
// which nlohmann-json 3.11 does not convert, map to null.
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <type_traits>

#include <prism/core/concepts.hpp>
#include <prism/core/fields.hpp>

#include "peers/corpus/peers.hpp"

namespace nlohmann {

template <class T>
struct adl_serializer<T, std::enable_if_t<prism::plain_struct<T>>> {
  static void to_json(json& j, const T& value) {
    j = json::object();
    prism::for_each_field_index<T>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      j[std::string(prism::field_name<T, I>())] = prism::get_field<I>(value);
    });
  }
  static void from_json(const json& j, T& value) {
    prism::for_each_field_index<T>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      if (const auto it = j.find(prism::field_name<T, I>()); it != j.end()) it->get_to(prism::get_field<I>(value));
    });
  }
};

template <class T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& value) {
    if (value) {
      j = *value;
    } else {
      j = nullptr;
    }
  }
  static void from_json(const json& j, std::optional<T>& value) {
    if (j.is_null()) {
      value.reset();
    } else {
      value = j.get<T>();
    }
  }
};

template <class T>
struct adl_serializer<std::unique_ptr<T>> {
  static void to_json(json& j, const std::unique_ptr<T>& value) {
    if (value) {
      j = *value;
    } else {
      j = nullptr;
    }
  }
  static void from_json(const json& j, std::unique_ptr<T>& value) {
    if (j.is_null()) {
      value.reset();
    } else {
      if (!value) value = std::make_unique<T>();
      j.get_to(*value);
    }
  }
};

}  // namespace nlohmann

namespace bench::corpus_peers {
namespace {

std::string& nlohmann_output() {
  static std::string text;
  return text;
}

}  // namespace

template <class T>
bool nlohmann_read(const std::string& text, T& out) {
  try {
    nlohmann::json::parse(text).get_to(out);
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

template <class T>
std::size_t nlohmann_write(const T& value) {
  nlohmann_output() = nlohmann::json(value).dump();
  return nlohmann_output().size();
}

template <class T>
std::string nlohmann_text(const T& value) {
  nlohmann_write(value);
  return nlohmann_output();
}

}  // namespace bench::corpus_peers

#include "peers/corpus/instantiate.hpp"
namespace bench::corpus_peers {
PRISM_BENCH_INSTANTIATE_PEER(nlohmann_read, nlohmann_write, nlohmann_text)
}
