// CBOR against libcbor (Debian libcbor-dev), both ways, over seeded random records:
// - libcbor builds the same value with the shortest widths; its bytes equal prism's;
// - libcbor parses prism's bytes and serializes them again to the same bytes;
// - libcbor builds the value with other legal encodings (64-bit ints, single floats, chunked
//   indefinite strings, indefinite arrays and maps, big-endian typed arrays): prism reads it.
#include <cbor.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <prism/cbor.hpp>

namespace cbor_interop_types {

struct record {
  std::uint64_t u;
  std::int64_t i;
  double d;
  float f;
  bool b;
  std::string text;
  std::vector<std::byte> blob;
  std::vector<std::string> names;
  std::map<std::string, std::int64_t> counts;
  std::optional<std::string> note;
  std::vector<std::int32_t> samples;  // a typed array (tag 78)
  std::vector<double> weights;        // a typed array (tag 86)
  friend bool operator==(const record&, const record&) = default;
};

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t any_uint() {
    static constexpr std::uint64_t edges[] = {0, 23, 24, 255, 256, 65535, 65536, 0xffffffffull, 0x100000000ull,
                                              std::numeric_limits<std::uint64_t>::max()};
    return rng_() % 3 == 0 ? edges[rng_() % std::size(edges)] : rng_() >> (rng_() % 64);
  }
  std::int64_t any_int() {
    const auto magnitude = static_cast<std::int64_t>(any_uint() >> 1);
    return rng_() % 2 ? magnitude : -magnitude - 1;
  }
  std::string any_text() {
    static constexpr std::size_t lengths[] = {0, 1, 23, 24, 255, 256, 300};
    std::string s(lengths[rng_() % std::size(lengths)], 'a');
    for (auto& c : s) c = static_cast<char>('a' + rng_() % 26);
    if (!s.empty() && rng_() % 4 == 0) s += "\u00e9\u6c34";
    return s;
  }
  record make() {
    record r{};
    r.u = any_uint();
    r.i = any_int();
    r.d = std::ldexp(static_cast<double>(rng_() % 100000), static_cast<int>(rng_() % 80) - 40) * (rng_() % 2 ? 1 : -1);
    r.f = static_cast<float>(rng_() % 10000) / 64.0f;
    r.b = rng_() % 2;
    r.text = any_text();
    r.blob.resize(rng_() % 40);
    for (auto& x : r.blob) x = static_cast<std::byte>(rng_());
    for (std::size_t n = rng_() % 5; n > 0; --n) r.names.push_back(any_text());
    for (std::size_t n = rng_() % 5; n > 0; --n) r.counts[any_text()] = any_int();
    if (rng_() % 2) r.note = any_text();
    for (std::size_t n = rng_() % 20; n > 0; --n) r.samples.push_back(static_cast<std::int32_t>(rng_()));
    for (std::size_t n = rng_() % 20; n > 0; --n) r.weights.push_back(static_cast<double>(rng_() % 1000) / 7.0);
    return r;
  }

 private:
  std::mt19937_64 rng_;
};

// Owns a libcbor item.
struct item {
  cbor_item_t* p;
  explicit item(cbor_item_t* raw) : p(raw) {}
  item(const item&) = delete;
  item& operator=(const item&) = delete;
  ~item() {
    if (p) cbor_decref(&p);
  }
};

cbor_item_t* shortest_uint(std::uint64_t v) {
  if (v <= 0xff) return cbor_build_uint8(static_cast<std::uint8_t>(v));
  if (v <= 0xffff) return cbor_build_uint16(static_cast<std::uint16_t>(v));
  if (v <= 0xffffffffull) return cbor_build_uint32(static_cast<std::uint32_t>(v));
  return cbor_build_uint64(v);
}

cbor_item_t* shortest_int(std::int64_t v) {
  if (v >= 0) return shortest_uint(static_cast<std::uint64_t>(v));
  const auto magnitude = static_cast<std::uint64_t>(-(v + 1));
  cbor_item_t* out = shortest_uint(magnitude);
  cbor_mark_negint(out);
  return out;
}

struct encoding_style {
  bool unusual = false;  // widest ints, chunked strings, indefinite containers, big-endian typed arrays
};

cbor_item_t* build_int(std::int64_t v, const encoding_style& style) {
  if (!style.unusual) return shortest_int(v);
  cbor_item_t* out = cbor_build_uint64(v >= 0 ? static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(-(v + 1)));
  if (v < 0) cbor_mark_negint(out);
  return out;
}

cbor_item_t* build_text(const std::string& s, const encoding_style& style) {
  if (!style.unusual || s.size() < 2) return cbor_build_stringn(s.data(), s.size());
  std::size_t half = s.size() / 2;
  while (half < s.size() && (static_cast<unsigned char>(s[half]) & 0xc0) == 0x80) ++half;  // chunks of whole characters
  cbor_item_t* out = cbor_new_indefinite_string();
  cbor_string_add_chunk(out, cbor_move(cbor_build_stringn(s.data(), half)));
  cbor_string_add_chunk(out, cbor_move(cbor_build_stringn(s.data() + half, s.size() - half)));
  return out;
}

template <class E>
cbor_item_t* build_typed_array(const std::vector<E>& values, std::uint64_t little_endian_tag, const encoding_style& style) {
  std::string bytes(values.size() * sizeof(E), '\0');
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  std::uint64_t tag = little_endian_tag;
  if (style.unusual) {  // big-endian: reverse each element's bytes, tag - 4
    for (std::size_t k = 0; k < values.size(); ++k) std::reverse(bytes.begin() + static_cast<std::ptrdiff_t>(k * sizeof(E)), bytes.begin() + static_cast<std::ptrdiff_t>((k + 1) * sizeof(E)));
    tag -= 4;
  }
  return cbor_build_tag(tag, cbor_move(cbor_build_bytestring(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size())));
}

cbor_item_t* build_record(const record& r, const encoding_style& style) {
  cbor_item_t* map = style.unusual ? cbor_new_indefinite_map() : cbor_new_definite_map(12);
  const auto add = [&](const char* key, cbor_item_t* value) {
    cbor_map_add(map, cbor_pair{cbor_move(build_text(key, style)), cbor_move(value)});
  };
  add("u", style.unusual ? cbor_build_uint64(r.u) : shortest_uint(r.u));
  add("i", build_int(r.i, style));
  add("d", cbor_build_float8(r.d));
  add("f", cbor_build_float4(r.f));
  add("b", cbor_build_bool(r.b));
  add("text", build_text(r.text, style));
  add("blob", cbor_build_bytestring(reinterpret_cast<const unsigned char*>(r.blob.data()), r.blob.size()));
  cbor_item_t* names = style.unusual ? cbor_new_indefinite_array() : cbor_new_definite_array(r.names.size());
  for (const auto& n : r.names) cbor_array_push(names, cbor_move(build_text(n, style)));
  add("names", names);
  cbor_item_t* counts = cbor_new_definite_map(r.counts.size());
  for (const auto& [k, v] : r.counts) cbor_map_add(counts, cbor_pair{cbor_move(build_text(k, style)), cbor_move(build_int(v, style))});
  add("counts", counts);
  add("note", r.note ? build_text(*r.note, style) : cbor_new_null());
  add("samples", build_typed_array(r.samples, 78, style));
  add("weights", build_typed_array(r.weights, 86, style));
  return map;
}

std::string serialize(const cbor_item_t* it) {
  unsigned char* buffer = nullptr;
  std::size_t capacity = 0;
  const std::size_t n = cbor_serialize_alloc(it, &buffer, &capacity);
  std::string out(reinterpret_cast<const char*>(buffer), n);
  std::free(buffer);
  return out;
}

TEST(CborInterop, PrismWritesWhatLibcborWrites) {
  static_assert(std::endian::native == std::endian::little, "the vectors assume a little-endian host");
  generator gen(8949);
  for (int k = 0; k < 300; ++k) {
    const record r = gen.make();
    std::string ours;
    ASSERT_TRUE(prism::write<prism::cbor>(r, ours));
    const item theirs(build_record(r, {}));
    ASSERT_EQ(ours, serialize(theirs.p)) << "record " << k;
  }
}

TEST(CborInterop, LibcborParsesWhatPrismWrites) {
  generator gen(8746);
  for (int k = 0; k < 300; ++k) {
    const record r = gen.make();
    std::string ours;
    ASSERT_TRUE(prism::write<prism::cbor>(r, ours));
    cbor_load_result result{};
    const item parsed(cbor_load(reinterpret_cast<const unsigned char*>(ours.data()), ours.size(), &result));
    ASSERT_EQ(result.error.code, CBOR_ERR_NONE) << "record " << k;
    ASSERT_EQ(result.read, ours.size());
    ASSERT_TRUE(cbor_isa_map(parsed.p));
    ASSERT_EQ(cbor_map_size(parsed.p), 12u);
    EXPECT_EQ(serialize(parsed.p), ours) << "record " << k;
  }
}

TEST(CborInterop, PrismReadsOtherLegalEncodingsFromLibcbor) {
  generator gen(7049);
  for (int k = 0; k < 300; ++k) {
    const record r = gen.make();
    const item theirs(build_record(r, {.unusual = true}));
    const std::string bytes = serialize(theirs.p);
    auto back = prism::read<prism::cbor, record>(bytes);
    ASSERT_TRUE(back) << "record " << k << ": " << back.error().message();
    EXPECT_TRUE(*back == r) << "record " << k;
  }
}

// RFC 8746 multi-dimensional arrays: libcbor builds tag 40 / 1040 over [[extents], typed array]
// for seeded random tensors; prism writes the same bytes and reads libcbor's, and libcbor
// finds the tag, the extents and the element bytes in prism's.
template <class T, std::size_t R>
cbor_item_t* build_tensor(const prism::tensor<T, R>& t, std::uint64_t element_tag) {
  cbor_item_t* extents = cbor_new_definite_array(R);
  for (std::size_t e : t.shape()) cbor_array_push(extents, cbor_move(build_int(static_cast<std::int64_t>(e), {})));
  cbor_item_t* pair = cbor_new_definite_array(2);
  cbor_array_push(pair, cbor_move(extents));
  cbor_array_push(pair, cbor_move(cbor_build_tag(element_tag, cbor_move(cbor_build_bytestring(
                                                               reinterpret_cast<const unsigned char*>(t.data()), t.size_bytes())))));
  return cbor_build_tag(t.order() == prism::memory_order::row_major ? 40 : 1040, cbor_move(pair));
}

TEST(CborInterop, TensorsMatchLibcborsTag40BothWays) {
  std::mt19937_64 rng(40);
  for (int k = 0; k < 100; ++k) {
    prism::tensor<float, 2> t({rng() % 7, rng() % 300}, k % 2 ? prism::memory_order::column_major : prism::memory_order::row_major);
    for (std::size_t i = 0; i < t.size(); ++i) t.data()[i] = std::normal_distribution<float>(0, 100)(rng);
    const item theirs(build_tensor(t, 85));
    const std::string expected = serialize(theirs.p);
    std::string ours;
    ASSERT_TRUE(prism::write<prism::cbor>(t, ours));
    ASSERT_EQ(ours, expected) << "tensor " << k;
    prism::tensor<float, 2> back;
    ASSERT_TRUE(prism::read<prism::cbor>(back, expected));
    EXPECT_EQ(back, t) << "tensor " << k;

    cbor_load_result result{};
    const item parsed(cbor_load(reinterpret_cast<const unsigned char*>(ours.data()), ours.size(), &result));
    ASSERT_EQ(result.error.code, CBOR_ERR_NONE);
    ASSERT_TRUE(cbor_isa_tag(parsed.p));
    EXPECT_EQ(cbor_tag_value(parsed.p), k % 2 ? 1040u : 40u);
    const item body(cbor_tag_item(parsed.p));
    ASSERT_EQ(cbor_array_size(body.p), 2u);
    cbor_item_t* dims = cbor_array_handle(body.p)[0];
    cbor_item_t* data = cbor_array_handle(body.p)[1];
    ASSERT_EQ(cbor_array_size(dims), 2u);
    EXPECT_EQ(cbor_get_int(cbor_array_handle(dims)[1]), t.shape()[1]);
    EXPECT_EQ(cbor_tag_value(data), 85u);
    const item elements(cbor_tag_item(data));
    ASSERT_EQ(cbor_bytestring_length(elements.p), t.size_bytes());
    if (t.size()) {
      EXPECT_EQ(std::memcmp(cbor_bytestring_handle(elements.p), t.data(), t.size_bytes()), 0);
    }
  }
}

// RFC 8746 also allows the elements as a plain array: libcbor builds tag 40 / 1040 over
// [[extents], [numbers...]] (integers, floats of each width, complex as trailing pairs) and
// prism reads them into tensors; a tensor_view cannot point at them and says so.
TEST(CborInterop, TensorsOverPlainArraysFromLibcbor) {
  std::mt19937_64 rng(41);
  for (int k = 0; k < 50; ++k) {
    const std::size_t rows = rng() % 5, cols = rng() % 40;
    const bool column_major = k % 2;
    prism::tensor<std::int32_t, 2> ints({rows, cols}, column_major ? prism::memory_order::column_major : prism::memory_order::row_major);
    prism::tensor<double, 2> reals({rows, cols}, ints.order());
    cbor_item_t* int_elements = cbor_new_definite_array(ints.size());
    cbor_item_t* real_elements = cbor_new_definite_array(reals.size());
    for (std::size_t i = 0; i < ints.size(); ++i) {
      ints.data()[i] = static_cast<std::int32_t>(rng() % 200000) - 100000;
      reals.data()[i] = static_cast<float>(std::normal_distribution<double>(0, 100)(rng));  // exact as float
      cbor_array_push(int_elements, cbor_move(build_int(ints.data()[i], {})));
      cbor_array_push(real_elements, cbor_move(i % 2 ? cbor_build_float8(reals.data()[i]) : cbor_build_float4(static_cast<float>(reals.data()[i]))));
    }
    for (cbor_item_t* elements : {int_elements, real_elements}) {
      cbor_item_t* extents = cbor_new_definite_array(2);
      cbor_array_push(extents, cbor_move(build_int(static_cast<std::int64_t>(rows), {})));
      cbor_array_push(extents, cbor_move(build_int(static_cast<std::int64_t>(cols), {})));
      cbor_item_t* pair = cbor_new_definite_array(2);
      cbor_array_push(pair, cbor_move(extents));
      cbor_array_push(pair, cbor_move(elements));
      const item theirs(cbor_build_tag(column_major ? 1040 : 40, cbor_move(pair)));
      const std::string bytes = serialize(theirs.p);
      if (elements == int_elements) {
        prism::tensor<std::int32_t, 2> back;
        ASSERT_TRUE(prism::read<prism::cbor>(back, bytes)) << k;
        EXPECT_EQ(back, ints) << k;
        prism::tensor<std::int8_t, 2> narrow;
        if (ints.size()) {
          EXPECT_FALSE(prism::read<prism::cbor>(narrow, bytes)) << k;  // elements beyond int8
        }
        prism::tensor_view<const std::int32_t, 2> view;
        EXPECT_EQ(prism::read<prism::cbor>(view, bytes).error().code, prism::errc::type_mismatch);
      } else {
        prism::tensor<double, 2> back;
        ASSERT_TRUE(prism::read<prism::cbor>(back, bytes)) << k;
        EXPECT_EQ(back, reals) << k;
      }
    }
  }
  // complex<double> of extent 2 as a 2x2 tensor of parts: [[2, 2], [1.5, -1.0, 2.0, 0.5]]
  cbor_item_t* parts = cbor_new_definite_array(4);
  for (double d : {1.5, -1.0, 2.0, 0.5}) cbor_array_push(parts, cbor_move(cbor_build_float8(d)));
  cbor_item_t* extents = cbor_new_definite_array(2);
  cbor_array_push(extents, cbor_move(cbor_build_uint8(2)));
  cbor_array_push(extents, cbor_move(cbor_build_uint8(2)));
  cbor_item_t* pair = cbor_new_definite_array(2);
  cbor_array_push(pair, cbor_move(extents));
  cbor_array_push(pair, cbor_move(parts));
  const item theirs(cbor_build_tag(40, cbor_move(pair)));
  prism::tensor<std::complex<double>, 1> spectrum;
  ASSERT_TRUE(prism::read<prism::cbor>(spectrum, serialize(theirs.p)));
  ASSERT_EQ(spectrum.size(), 2u);
  EXPECT_EQ(spectrum(1), std::complex<double>(2.0, 0.5));
  // An element count that disagrees with the extents.
  const std::string short_by_one("\xd8\x28\x82\x82\x02\x03\x85\x01\x02\x03\x04\x05", 12);
  prism::tensor<double, 2> t;
  EXPECT_EQ(prism::read<prism::cbor>(t, short_by_one).error().code, prism::errc::size_mismatch);
}

// Tags and simple values through prism::value: libcbor builds seeded random tags (bignums, URIs,
// any number prism gives no meaning), undefined and unassigned simple values; prism reads them
// and writes the same bytes, and libcbor finds every tag and simple value in prism's bytes
// (libcbor 0.8 builds unassigned simple values and the one-byte tags 6..20 but refuses them on
// parse, though RFC 8949 calls them well-formed: those arrays are checked one way).
TEST(CborInterop, TagsAndSimpleValuesThroughPrismValue) {
  std::mt19937_64 rng(20261127);
  const auto foreign_tag = [&] {
    static constexpr std::uint64_t common[] = {2, 3, 4, 5, 21, 24, 32, 35, 36, 256, 55799};
    for (;;) {
      const std::uint64_t t = rng() % 2 ? common[rng() % std::size(common)] : rng() >> (rng() % 64);
      const bool prisms_own = t == 1 || t == 1001 || t == 40 || t == 1040 || (t >= 64 && t <= 87);
      if (!prisms_own) return t;
    }
  };
  for (int k = 0; k < 200; ++k) {
    const std::size_t n = 1 + rng() % 8;
    cbor_item_t* array = cbor_new_definite_array(n);
    prism::value::array expected;
    bool libcbor_refuses = false;
    for (std::size_t i = 0; i < n; ++i) {
      switch (rng() % 4) {
        case 0: {
          const std::uint64_t t = foreign_tag();
          const std::uint64_t u = rng() >> (rng() % 64);
          libcbor_refuses |= t >= 6 && t <= 20;
          cbor_array_push(array, cbor_move(cbor_build_tag(t, cbor_move(shortest_uint(u)))));
          expected.emplace_back(prism::value::tagged(t, prism::value(u)));
          break;
        }
        case 1: {  // a bignum: tag 2 or 3 over its bytes
          prism::value::bytes magnitude(9 + rng() % 8);
          for (auto& b : magnitude) b = static_cast<std::byte>(rng());
          const std::uint64_t t = 2 + rng() % 2;
          cbor_array_push(array, cbor_move(cbor_build_tag(t, cbor_move(cbor_build_bytestring(
                                                                   reinterpret_cast<const unsigned char*>(magnitude.data()), magnitude.size())))));
          expected.emplace_back(prism::value::tagged(t, prism::value(magnitude)));
          break;
        }
        case 2:
          cbor_array_push(array, cbor_move(cbor_new_undef()));
          expected.emplace_back(prism::value::undefined());
          break;
        default: {
          const auto code = static_cast<std::uint8_t>(rng() % 2 ? rng() % 20 : 32 + rng() % 224);
          libcbor_refuses = true;
          cbor_array_push(array, cbor_move(cbor_build_ctrl(code)));
          expected.emplace_back(prism::value::simple{code});
          break;
        }
      }
    }
    const item theirs(array);
    const std::string bytes = serialize(theirs.p);
    prism::value v;
    ASSERT_TRUE(prism::read<prism::cbor>(v, bytes)) << "array " << k;
    EXPECT_EQ(v, prism::value(expected)) << "array " << k;
    const std::string ours = prism::write<prism::cbor>(prism::value(expected)).value();
    EXPECT_EQ(ours, bytes) << "array " << k;
    if (libcbor_refuses) continue;
    cbor_load_result result{};
    const item parsed(cbor_load(reinterpret_cast<const unsigned char*>(ours.data()), ours.size(), &result));
    ASSERT_EQ(result.error.code, CBOR_ERR_NONE) << "array " << k;
    ASSERT_EQ(cbor_array_size(parsed.p), n);
    for (std::size_t i = 0; i < n; ++i) {
      const item element(cbor_array_get(parsed.p, i));
      if (const auto* t = expected[i].as_tagged()) {
        ASSERT_TRUE(cbor_isa_tag(element.p));
        EXPECT_EQ(cbor_tag_value(element.p), t->number());
      } else {
        ASSERT_TRUE(cbor_isa_float_ctrl(element.p));
        EXPECT_EQ(cbor_ctrl_value(element.p), expected[i].as_simple()->code);
      }
    }
  }
}

}  // namespace cbor_interop_types
