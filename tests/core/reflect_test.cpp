#include <gtest/gtest.h>

#include <prism/core/fields.hpp>
#include <prism/core/meta.hpp>

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace reflect_test_types {

struct Empty {};
struct One {
  int only;
};
struct Two {
  std::string name;
  std::optional<int> age;
};
struct Inner {
  double a;
  std::vector<int> b;
};
struct Outer {
  Inner inner;
  std::variant<int, std::string> either;
  std::chrono::system_clock::time_point when;
  std::chrono::milliseconds timeout;
};

#define PRISM_TEST_FIELDS_8(p) int p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7;
struct Wide64 {
  PRISM_TEST_FIELDS_8(a) PRISM_TEST_FIELDS_8(b) PRISM_TEST_FIELDS_8(c) PRISM_TEST_FIELDS_8(d)
  PRISM_TEST_FIELDS_8(e) PRISM_TEST_FIELDS_8(f) PRISM_TEST_FIELDS_8(g) PRISM_TEST_FIELDS_8(h)
};
struct Wide100 {
  PRISM_TEST_FIELDS_8(a) PRISM_TEST_FIELDS_8(b) PRISM_TEST_FIELDS_8(c) PRISM_TEST_FIELDS_8(d)
  PRISM_TEST_FIELDS_8(e) PRISM_TEST_FIELDS_8(f) PRISM_TEST_FIELDS_8(g) PRISM_TEST_FIELDS_8(h)
  PRISM_TEST_FIELDS_8(i) PRISM_TEST_FIELDS_8(j) PRISM_TEST_FIELDS_8(k) PRISM_TEST_FIELDS_8(l)
  std::string last0, last1, last2, last3;
};
#undef PRISM_TEST_FIELDS_8

// Customized through prism::meta: renamed, skipped, attributes.
struct Person {
  std::string name;
  int age;
  std::string cache;  // not serialized
};

// Not an aggregate: private members, described explicitly.
class Account {
 public:
  Account() = default;
  Account(std::string owner, long balance) : owner_(std::move(owner)), balance_(balance) {}
  const std::string& owner() const { return owner_; }
  long balance() const { return balance_; }

 private:
  friend struct prism::meta<Account>;
  std::string owner_;
  long balance_ = 0;
};

// Members that cannot be copied, beside an optional and a variant: the probes that count
// fields must neither copy them (clang instantiates what a probe selects) nor stop at them.
struct MoveOnly {
  std::unique_ptr<int> p;
  int x;
};
struct Owners {
  std::optional<int> weight;
  std::unique_ptr<int> one;
  std::vector<std::unique_ptr<int>> many;
  std::vector<MoveOnly> items;
  std::optional<MoveOnly> maybe;
  std::variant<int, std::string> either;
};

struct Keywords {
  bool protected_;
  int class_;
  int _;
};

// Attributes of two formats that core knows nothing about.
struct numbered {
  int number = 0;
};
struct sized {
  int bits = 0;
};

// Annotated through prism::meta: every member kept, some given names or attributes.
struct Order {
  int id;
  std::string email;
  bool protected_;
  double total;
};

}  // namespace reflect_test_types
using namespace reflect_test_types;

template <>
struct prism::meta<Order> {
  static constexpr auto annotations = std::tuple{
      prism::field<&Order::email>().with(numbered{4}),
      prism::field<&Order::total>("sum").with(sized{3}),
      prism::field<&Order::protected_>().with(numbered{8}),
  };
};

template <>
struct prism::meta<Person> {
  static constexpr auto fields = std::tuple{
      prism::field<&Person::name>("full_name").with(numbered{4}),
      prism::field<&Person::age>().with(numbered{9}).with(sized{7}),
  };
};

template <>
struct prism::meta<Account> {
  static constexpr auto fields = std::tuple{prism::field<&Account::owner_>("owner"), prism::field<&Account::balance_>("balance")};
};

TEST(Reflect, FieldCounts) {
  static_assert(prism::field_count_v<Empty> == 0);
  static_assert(prism::field_count_v<One> == 1);
  static_assert(prism::field_count_v<Two> == 2);
  static_assert(prism::field_count_v<Outer> == 4);
  static_assert(prism::field_count_v<Wide64> == 64);
  static_assert(prism::field_count_v<Wide100> == 100);
  static_assert(prism::field_count_v<MoveOnly> == 2);
  static_assert(prism::field_count_v<Owners> == 6);
  static_assert(prism::field_name<Owners, 4>() == "maybe");
  EXPECT_EQ(prism::field_count_v<Wide100>, 100u);
}

TEST(Reflect, FieldNames) {
  static_assert(prism::field_name<One, 0>() == "only");
  static_assert(prism::field_name<Two, 1>() == "age");
  static_assert(prism::field_name<Outer, 0>() == "inner");
  static_assert(prism::field_name<Outer, 3>() == "timeout");
  static_assert(prism::field_name<Wide64, 63>() == "h7");
  static_assert(prism::field_name<Wide100, 0>() == "a0");
  static_assert(prism::field_name<Wide100, 99>() == "last3");
  const auto names = prism::field_names<Two>();
  EXPECT_EQ(names[0], "name");
  EXPECT_EQ(names[1], "age");
}

TEST(Reflect, TrailingUnderscoreIsDroppedForKeywords) {
  EXPECT_EQ((prism::field_name<Keywords, 0>()), "protected");
  EXPECT_EQ((prism::field_name<Keywords, 1>()), "class");
  EXPECT_EQ((prism::field_name<Keywords, 2>()), "_");
}

TEST(Reflect, AccessByIndex) {
  Outer o{{1.5, {1, 2}}, std::string("x"), {}, std::chrono::milliseconds(7)};
  EXPECT_EQ(prism::get_field<0>(o).a, 1.5);
  prism::get_field<0>(o).b.push_back(3);
  EXPECT_EQ(o.inner.b.size(), 3u);
  EXPECT_EQ(prism::get_field<3>(o).count(), 7);
  Wide100 w{};
  prism::get_field<99>(w) = "end";
  prism::get_field<50>(w) = 42;
  EXPECT_EQ(w.last3, "end");
  EXPECT_EQ(w.g2, 42);
  int visited = 0;
  prism::for_each_field_index<Wide64>([&](auto) { ++visited; });
  EXPECT_EQ(visited, 64);
}

TEST(Reflect, MetaRenamesSkipsAndCarriesAttributes) {
  static_assert(prism::field_count_v<Person> == 2);
  static_assert(prism::field_name<Person, 0>() == "full_name");
  static_assert(prism::field_name<Person, 1>() == "age");
  static_assert(prism::field_attribute<numbered, Person, 0>().number == 4);
  static_assert(prism::field_attribute<numbered, Person, 1>().number == 9);
  static_assert(prism::field_attribute<sized, Person, 1>().bits == 7);
  static_assert(prism::field_attribute<sized, Person, 0>().bits == 0);  // not given: the attribute's default
  static_assert(prism::field_attribute<sized, Two, 1>().bits == 0);     // reflected: no attributes
  Person p{"Ada", 36, "scratch"};
  EXPECT_EQ(prism::get_field<0>(p), "Ada");
  EXPECT_EQ(prism::get_field<1>(p), 36);
}

TEST(Reflect, AnnotationsKeepEveryMemberAndNameOrMarkSome) {
  static_assert(prism::field_count_v<Order> == 4);
  static_assert(prism::field_name<Order, 0>() == "id");
  static_assert(prism::field_name<Order, 1>() == "email");
  static_assert(prism::field_name<Order, 2>() == "protected");  // the member's own name, underscore dropped
  static_assert(prism::field_name<Order, 3>() == "sum");        // renamed
  static_assert(prism::field_attribute<numbered, Order, 0>().number == 0);
  static_assert(prism::field_attribute<numbered, Order, 1>().number == 4);
  static_assert(prism::field_attribute<numbered, Order, 2>().number == 8);
  static_assert(prism::field_attribute<sized, Order, 3>().bits == 3);
  Order o{7, "a@b", true, 1.5};
  EXPECT_EQ(prism::get_field<3>(o), 1.5);
  EXPECT_EQ(prism::get_field<1>(o), "a@b");
}

TEST(Reflect, MetaDescribesNonAggregates) {
  static_assert(prism::reflectable<Account>);
  static_assert(prism::field_count_v<Account> == 2);
  static_assert(prism::field_name<Account, 1>() == "balance");
  Account a{"Bob", 10};
  prism::get_field<1>(a) = 99;
  EXPECT_EQ(a.balance(), 99);
  EXPECT_EQ(prism::get_field<0>(a), "Bob");
}

namespace {
struct InAnonymousNamespace {
  int count;
  std::string label;
};
}  // namespace

// g++ reflects structs without linkage (in a function body, in an anonymous namespace); clang
// cannot name their members (its error says the type has no linkage), and prism::meta is the
// way out there.
TEST(Reflect, StructsWithoutLinkage) {
#if defined(__clang__)
  GTEST_SKIP() << "clang cannot reflect the member names of a type without linkage; use prism::meta";
#else
  struct InFunction {
    double weight;
    std::vector<int> ids;
  };
  EXPECT_EQ((prism::field_name<InFunction, 0>()), "weight");
  EXPECT_EQ((prism::field_name<InFunction, 1>()), "ids");
  EXPECT_EQ((prism::field_name<InAnonymousNamespace, 1>()), "label");
  InFunction value{2.5, {1, 2}};
  EXPECT_EQ(prism::get_field<1>(value).size(), 2u);
#endif
}
