// Must not compile: a string_view member read from JSON with comments, which is read through a
// copy of the text without them; the view would outlive that copy. The error must name the
// member and the way out.
#include <prism/json.hpp>

#include <string>
#include <string_view>

struct Label {
  std::string_view title;
};

int main() {
  Label label;
  const std::string text = R"({"title": "x" /* comment */})";
  (void)prism::read<prism::json, prism::json_options{.jsonc = true}>(label, text);
}
