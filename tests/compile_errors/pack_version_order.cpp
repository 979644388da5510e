// Must not compile: a field of version 2 of a versioned pack struct before one of version 1.
// New fields go at the end; the error must say so and name prism::pack_field.
#include <prism/pack.hpp>

#include <string>

struct Account {
  int id;
  std::string email;  // added in version 2, but inserted in the middle
  std::string owner;
};

template <>
struct prism::meta<Account> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
  static constexpr auto annotations = std::tuple{prism::field<&Account::email>().with(prism::pack_field{.since = 2})};
};

int main() {
  std::string out;
  (void)prism::write<prism::pack>(Account{}, out);
}
