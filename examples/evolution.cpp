// A struct that grows: version 2 appends a field; both versions read each other's pack bytes.
#include <prism/pack.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

struct UserV1 {
  std::int32_t id = 0;
  std::string name;
};

struct UserV2 {
  std::int32_t id = 0;
  std::string name;
  std::string email = "unknown";  // appended in version 2
};

template <>
struct prism::meta<UserV1> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
};
template <>
struct prism::meta<UserV2> {
  static constexpr auto attributes = std::tuple{prism::pack_struct{.versioned = true}};
  static constexpr auto annotations = std::tuple{prism::field<&UserV2::email>().with(prism::pack_field{.since = 2})};
};

int main() {
  std::string old_bytes, new_bytes;
  if (!prism::write<prism::pack>(UserV1{1, "Ada"}, old_bytes)) return 1;
  if (!prism::write<prism::pack>(UserV2{2, "Bob", "bob@example.org"}, new_bytes)) return 1;

  const auto upgraded = prism::read<prism::pack, UserV2>(old_bytes);  // email takes its default
  const auto downgraded = prism::read<prism::pack, UserV1>(new_bytes);  // email is skipped
  if (!upgraded || upgraded->email != "unknown" || !downgraded || downgraded->name != "Bob") return 1;
  std::printf("%s <%s>; %s\n", upgraded->name.c_str(), upgraded->email.c_str(), downgraded->name.c_str());
  return 0;
}
