// Must not compile: an untagged JSON variant whose alternatives share a JSON type (two string
// types), so that a read could not tell them apart. The error must say so and how to tag it.
#include <prism/json.hpp>

#include <string>
#include <variant>

enum class Mode { fast, safe };
using Choice = std::variant<std::string, Mode>;  // Mode is written by name: a string too

int main() {
  std::string out;
  (void)prism::write<prism::json, prism::json_options{.untagged_variants = true}>(Choice{}, out);
}
