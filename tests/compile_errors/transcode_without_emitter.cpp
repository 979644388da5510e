// Must not compile: a transcode into pack, a format without an emitter (it has no views of its
// own messages). The error names the formats a transcode writes.
#include <prism/json.hpp>
#include <prism/pack.hpp>

#include <string>

int main() {
  std::string out;
  prism::format_target<prism::pack> target(out);
  (void)prism::transcode<prism::json>(std::string("[1]"), target);
}
