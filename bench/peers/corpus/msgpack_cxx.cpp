// msgpack-cxx peer of the corpus report: unpack to msgpack::object then convert; pack into an
// sbuffer. The corpus structs are maps keyed by field name (what MSGPACK_DEFINE_MAP writes), one
// adaptor over prism's reflection instead of a macro per struct.
#include <msgpack.hpp>

#include <string_view>
#include <type_traits>

#include <prism/core/concepts.hpp>
#include <prism/core/fields.hpp>

#include "peers/corpus/peers.hpp"

namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
namespace adaptor {

template <class T>
struct pack<T, std::enable_if_t<prism::plain_struct<T>>> {
  template <class Stream>
  packer<Stream>& operator()(packer<Stream>& o, const T& value) const {
    o.pack_map(static_cast<std::uint32_t>(prism::field_count_v<T>));
    prism::for_each_field_index<T>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      constexpr auto name = prism::field_name<T, I>();
      o.pack_str(static_cast<std::uint32_t>(name.size()));
      o.pack_str_body(name.data(), static_cast<std::uint32_t>(name.size()));
      o.pack(prism::get_field<I>(value));
    });
    return o;
  }
};

template <class T>
struct convert<T, std::enable_if_t<prism::plain_struct<T>>> {
  const msgpack::object& operator()(const msgpack::object& o, T& value) const {
    if (o.type != msgpack::type::MAP) throw msgpack::type_error();
    for (const auto& kv : o.via.map) {
      if (kv.key.type != msgpack::type::STR) throw msgpack::type_error();
      const std::string_view key(kv.key.via.str.ptr, kv.key.via.str.size);
      prism::all_fields<T>([&](auto i) {
        constexpr std::size_t I = decltype(i)::value;
        if (key != prism::field_name<T, I>()) return true;
        kv.val.convert(prism::get_field<I>(value));
        return false;
      });
    }
    return o;
  }
};

}  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE
}  // namespace msgpack

namespace bench::corpus_peers {
namespace {

msgpack::sbuffer& msgpack_output() {
  static msgpack::sbuffer buffer;
  return buffer;
}

}  // namespace

template <class T>
bool msgpack_cxx_read(const std::string& bytes, T& out) {
  try {
    const msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
    handle.get().convert(out);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

template <class T>
std::size_t msgpack_cxx_write(const T& value) {
  auto& buffer = msgpack_output();
  buffer.clear();
  msgpack::pack(buffer, value);
  return buffer.size();
}

template <class T>
std::string msgpack_cxx_bytes(const T& value) {
  msgpack_cxx_write(value);
  return std::string(msgpack_output().data(), msgpack_output().size());
}

}  // namespace bench::corpus_peers

#include "peers/corpus/instantiate.hpp"
namespace bench::corpus_peers {
PRISM_BENCH_INSTANTIATE_PEER(msgpack_cxx_read, msgpack_cxx_write, msgpack_cxx_bytes)
PRISM_BENCH_INSTANTIATE_BINARY(msgpack_cxx_read, msgpack_cxx_write, msgpack_cxx_bytes)
}
