// libFuzzer's entry points for prism_fuzz: the target is the one the program's name ends in
// (fuzz_msgpack runs fuzz_msgpack()), or the one PRISM_FUZZ_TARGET names when it is called by
// another name.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "targets.hpp"

namespace {

int (*selected_target)(const std::uint8_t*, std::size_t) = nullptr;

std::string_view program_name(const char* argv0) {
  std::string_view name = argv0 ? argv0 : "";
  if (const auto slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
  return name;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  std::string_view format = program_name(*argc > 0 ? (*argv)[0] : nullptr);
  if (format.starts_with("fuzz_")) {
    format.remove_prefix(5);
  } else if (const char* named = std::getenv("PRISM_FUZZ_TARGET")) {
    format = named;
  }
  std::string formats;
  for (const fuzz_target& target : fuzz_targets) {
    if (target.format == format) {
      selected_target = target.run;
      return 0;
    }
    formats += (formats.empty() ? "" : ", ") + std::string(target.format);
  }
  std::fprintf(stderr,
               "prism_fuzz: no fuzz target named \"%.*s\": run it as fuzz_<format> (the links beside it) or "
               "set PRISM_FUZZ_TARGET to one of: %s\n",
               static_cast<int>(format.size()), format.data(), formats.c_str());
  std::exit(2);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return selected_target(data, size);
}
