// Protobuf across versions of a struct: the numbering rule that lets a field be inserted with a
// pinned number, C++ defaults for absent fields, and unknown fields kept through a
// read-modify-write round trip.
#include <gtest/gtest.h>

#include <prism/protobuf.hpp>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace protobuf_evolution_types {

struct V1 {
  std::int32_t id = 0;
  std::string name;
  std::int32_t score = 0;
  bool operator==(const V1&) const = default;
};

// A field inserted in the middle, its number pinned; the others keep 1, 2, 3.
struct V2 {
  std::int32_t id = 0;
  std::string email;
  std::string name;
  std::int32_t score = 0;
  bool operator==(const V2&) const = default;
};

// The same without the pin: name and score move to 3 and 4.
struct V2Unpinned {
  std::int32_t id = 0;
  std::string email;
  std::string name;
  std::int32_t score = 0;
};

// Ids given to some members: the rest take the lowest numbers left, in declaration order, and a
// variant takes one number per alternative.
struct Mixed {
  std::int32_t a = 0;                       // 2 (pinned)
  std::int32_t b = 0;                       // 1
  std::variant<std::int32_t, std::string> c;  // 3, 4
  std::int32_t d = 0;                       // 6 (pinned)
  std::int32_t e = 0;                       // 5
};

struct WithDefaults {
  std::int32_t level = 5;
  std::string name = "anon";
  std::vector<std::int32_t> marks{1, 2};
  std::int32_t zero = 0;
};

// Version 1 that keeps what it does not know.
struct V1Keeping {
  std::int32_t id = 0;
  std::string name;
  prism::protobuf::unknown_fields rest;
  std::int32_t score = 0;
};

std::string bytes_of(std::initializer_list<int> values) {
  std::string s;
  for (int v : values) s += static_cast<char>(v);
  return s;
}

}  // namespace protobuf_evolution_types
using namespace protobuf_evolution_types;

template <>
struct prism::meta<V2> {
  static constexpr auto annotations = std::tuple{prism::field<&V2::email>().with(prism::protobuf_field{.number = 4})};
};

template <>
struct prism::meta<Mixed> {
  static constexpr auto annotations = std::tuple{prism::field<&Mixed::a>().with(prism::protobuf_field{.number = 2}),
                                                 prism::field<&Mixed::d>().with(prism::protobuf_field{.number = 6})};
};

TEST(ProtobufEvolution, FieldsWithoutIdsTakeTheLowestFreeNumbers) {
  std::string out;
  ASSERT_TRUE(prism::write<prism::protobuf>(Mixed{1, 2, std::string("x"), 4, 5}, out));
  // a=2, b=1, c's string alternative 4, d=6, e=5, in declaration order.
  EXPECT_EQ(out, bytes_of({0x10, 1, 0x08, 2, 0x22, 1, 'x', 0x30, 4, 0x28, 5}));
  out.clear();
  ASSERT_TRUE(prism::write<prism::protobuf>(Mixed{0, 0, 7, 0, 0}, out));
  EXPECT_EQ(out, bytes_of({0x18, 7}));
}

TEST(ProtobufEvolution, AFieldInsertedWithAnIdKeepsTheOthersNumbers) {
  const V2 v2{1, "ada@example.org", "Ada", 90};
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::protobuf>(v2, bytes));
  const auto old = prism::read<prism::protobuf, V1>(bytes);  // old reads new: email skipped
  ASSERT_TRUE(old) << old.error().message();
  EXPECT_EQ(*old, (V1{1, "Ada", 90}));

  bytes.clear();
  ASSERT_TRUE(prism::write<prism::protobuf>(V1{2, "Bob", 7}, bytes));
  const auto now = prism::read<prism::protobuf, V2>(bytes);  // new reads old: email empty
  ASSERT_TRUE(now) << now.error().message();
  EXPECT_EQ(*now, (V2{2, "", "Bob", 7}));

  // Without the pin the later fields are renumbered, which is why docs/protobuf.md says to pin:
  // V1 then takes the e-mail address as its name and refuses the name as its score.
  bytes.clear();
  ASSERT_TRUE(prism::write<prism::protobuf>(V2Unpinned{1, "ada@example.org", "Ada", 90}, bytes));
  const auto wrong = prism::read<prism::protobuf, V1>(bytes);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, prism::errc::type_mismatch);
}

TEST(ProtobufEvolution, AbsentFieldsTakeZeroOrTheirCppDefaults) {
  const std::string only_zero = bytes_of({0x20, 3});  // field 4 (zero) = 3
  const auto proto3 = prism::read<prism::protobuf, WithDefaults>(only_zero);
  ASSERT_TRUE(proto3);
  EXPECT_EQ(proto3->level, 0);
  EXPECT_EQ(proto3->name, "");
  EXPECT_TRUE(proto3->marks.empty());

  constexpr prism::options keep{.format = prism::protobuf_options{.cpp_defaults = true}};
  auto kept = prism::read<prism::protobuf, WithDefaults, keep>(only_zero);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->level, 5);
  EXPECT_EQ(kept->name, "anon");
  EXPECT_EQ(kept->marks, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(kept->zero, 3);

  // Reading into a used object: absent fields are reset to the defaults, not left as they were.
  WithDefaults used{9, "used", {7}, 8};
  ASSERT_TRUE((prism::read<prism::protobuf, keep>(used, bytes_of({0x08, 6}))));
  EXPECT_EQ(used.level, 6);
  EXPECT_EQ(used.name, "anon");
  EXPECT_EQ(used.marks, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(used.zero, 0);
}

TEST(ProtobufEvolution, UnknownFieldsSurviveAReadModifyWrite) {
  const V2 v2{1, "ada@example.org", "Ada", 90};
  std::string bytes;
  ASSERT_TRUE(prism::write<prism::protobuf>(v2, bytes));
  auto old = prism::read<prism::protobuf, V1Keeping>(bytes);
  ASSERT_TRUE(old) << old.error().message();
  EXPECT_EQ(old->name, "Ada");
  EXPECT_EQ(old->rest.bytes.size(), 2 + v2.email.size());  // key, length, text
  old->score = 91;

  std::string again;
  ASSERT_TRUE(prism::write<prism::protobuf>(*old, again));
  const auto back = prism::read<prism::protobuf, V2>(again);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, (V2{1, "ada@example.org", "Ada", 91}));

  // Every wire type is kept, a group with what it holds; reading again starts afresh.
  const std::string odd = bytes_of({0x28, 0x96, 0x01,                      // 5: varint 150
                                    0x31, 1, 2, 3, 4, 5, 6, 7, 8,           // 6: i64
                                    0x3d, 1, 2, 3, 4,                       // 7: i32
                                    0x43, 0x08, 1, 0x12, 1, 'z', 0x44,      // 8: group of two fields
                                    0x08, 3});                              // 1: id
  ASSERT_TRUE(prism::read<prism::protobuf>(*old, odd));
  EXPECT_EQ(old->id, 3);
  EXPECT_EQ(old->score, 0);
  const std::string expected = odd.substr(0, odd.size() - 2);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(old->rest.bytes.data()), old->rest.bytes.size()), expected);

  // error_on_unknown_keys still refuses them.
  constexpr prism::options strict{.error_on_unknown_keys = true};
  const auto refused = prism::read<prism::protobuf, V1Keeping, strict>(bytes);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, prism::errc::unknown_key);
}

TEST(ProtobufEvolution, KeptFieldsAreChargedToTheAllocationBudget) {
  std::string bytes = bytes_of({0x2a, 100});  // field 5, 100 bytes
  bytes += std::string(100, 'q');
  const auto r = prism::read<prism::protobuf, V1Keeping>(bytes, prism::limits{.max_alloc_bytes = 64});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::errc::allocation_limit);
}
