// The prism command-line tool: convert messages between self-describing formats, look inside
// one, verify one, and see what it would cost in every format. Exit status: 0 done, 1 the input
// is not a valid message (the error says why, with its byte offset and path), 2 bad usage, 3 a
// file that cannot be read or written.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "detect.hpp"
#include "files.hpp"
#include "inspect.hpp"
#include "stats.hpp"
#include "wire.hpp"

namespace prism_tool {
namespace {

enum exit_code : int { done = 0, invalid_input = 1, usage = 2, io_failure = 3 };

constexpr std::size_t progress_threshold = std::size_t{64} << 20;

// For inputs large enough to take a while: a line on standard error as each step ends (read,
// format detected, converted, written), with the seconds it took.
class progress {
 public:
  void watch(std::size_t input_bytes, bool always) {
    on_ = always || input_bytes > progress_threshold;
    last_ = clock::now();
  }
  void step(const std::string& what) {
    if (!on_) return;
    const auto now = clock::now();
    const double seconds = std::chrono::duration<double>(now - last_).count();
    std::cerr << "prism: " << what << " (" << std::fixed << std::setprecision(1) << seconds << " s)\n";
    last_ = now;
  }

 private:
  using clock = std::chrono::steady_clock;
  bool on_ = false;
  clock::time_point last_ = clock::now();
};

progress steps;

std::string size_text(std::size_t bytes) {
  return bytes >= (std::size_t{1} << 20) ? std::to_string(bytes >> 20) + " MB" : std::to_string(bytes) + " bytes";
}

struct common_args {
  std::string format;  // empty: detected
  std::size_t max_depth = prism::limits{}.max_depth;
  std::size_t max_elements = prism::limits{}.max_elements;
  std::size_t max_bytes = prism::limits{}.max_alloc_bytes;
  bool jsonc = false;  // JSON input with comments and trailing commas
  bool progress = false;  // each step on standard error, whatever the input's size
  prism::limits limits() const { return {max_depth, max_elements, max_bytes}; }
};

void add_limits(CLI::App& app, common_args& a) {
  app.add_option("--max-depth", a.max_depth, "deepest nesting accepted")->capture_default_str();
  app.add_option("--max-elements", a.max_elements, "most elements of one container or bytes of one string")->capture_default_str();
  app.add_option("--max-bytes", a.max_bytes, "most bytes a decode may allocate")->capture_default_str();
  app.add_flag("--jsonc", a.jsonc, "JSON input with comments and trailing commas (JSONC)");
  app.add_flag("--progress", a.progress, "report each step on standard error (on by itself for inputs over 64 MB)");
}

int fail(int code, const std::string& why) {
  std::cerr << "prism: " << why << '\n';
  return code;
}

// The input's bytes and format (given or detected), or the exit status.
struct input {
  std::string bytes;
  wire format = wire::json;
};

std::optional<input> load(const std::string& path, const common_args& a, int& status) {
  const std::string& format_name = a.format;
  const prism::limits lim = a.limits();
  std::string why;
  steps.watch(input_size(path), a.progress);
  auto bytes = read_all(path, why);
  if (!bytes) {
    status = fail(io_failure, why);
    return std::nullopt;
  }
  steps.watch(bytes->size(), a.progress);  // standard input: its size is known only now
  steps.step(size_text(bytes->size()) + " read from " + (path.empty() ? "standard input" : path));
  if (a.jsonc) {
    // Plain JSON of the same length: what follows sees JSON, and errors keep their offsets.
    if (!format_name.empty() && format_name != "json") {
      status = fail(usage, "--jsonc reads JSON; the input's format is given as \"" + format_name + "\"");
      return std::nullopt;
    }
    auto plain = prism::jsonc_to_json(*bytes);
    if (!plain) {
      status = fail(invalid_input, plain.error().message());
      return std::nullopt;
    }
    return input{std::move(*plain), wire::json};
  }
  input in{std::move(*bytes)};
  if (!format_name.empty()) {
    const auto w = wire_named(format_name);
    if (!w) {
      status = fail(usage, "unknown format \"" + format_name + "\"; one of " + wire_names());
      return std::nullopt;
    }
    in.format = *w;
  } else if (const auto w = detect_wire(in.bytes, lim)) {
    in.format = *w;
    steps.step("detected " + std::string(name_of(*w)) + ", the whole message checked");
  } else if (const std::size_t text = in.bytes.find_first_not_of(" \t\r\n"); text != std::string::npos && in.bytes[text] == '/') {
    status = fail(invalid_input, "the input starts with a comment: give --jsonc for JSON with comments");
    return std::nullopt;
  } else {
    status = fail(invalid_input, "the input is no message in any of " + wire_names() + "; give its format with --from or --format");
    return std::nullopt;
  }
  return in;
}

// The message in another format (or its own), value for value; tensors stay tensors.
prism::status transcode(const input& in, wire to, bool pretty, const prism::limits& lim, std::string& out) {
  // zbin and FlexBuffers messages are verified whole by the transcode itself, before its walk.
  const auto target = target_for(to, pretty, out);
  return with_wire(in.format, [&](auto from) { return prism::transcode<decltype(from)>(in.bytes, *target, lim); });
}

struct convert_args : common_args {
  std::string to;
  std::string in_path;
  std::string out_path;
  bool pretty = false;
  bool lines = false;
};

// Messages one after another: JSON Lines for JSON, else back-to-back messages of a format whose
// messages end themselves (MessagePack, CBOR, BEVE, zbin).
int convert_stream(const convert_args& a, wire from, wire to, const std::string& bytes) {
  std::string out;
  std::size_t count = 0;
  const prism::limits lim = a.limits();
  // Each message straight into the target format, in turn; `out` gathers them.
  std::string one;
  const auto target = target_for(to, false, one);
  const auto took_one = [&] {
    out += one;
    if (to == wire::json) out += '\n';
    ++count;
  };
  if (from == wire::json) {
    std::size_t at = 0;
    while (at < bytes.size()) {
      std::size_t end = bytes.find('\n', at);
      if (end == std::string::npos) end = bytes.size();
      const std::string_view line(bytes.data() + at, end - at);
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
        if (auto st = prism::transcode<prism::json>(line, *target, lim); !st)
          return fail(invalid_input, "line " + std::to_string(count + 1) + ": " + st.error().message());
        took_one();
      }
      at = end + 1;
    }
  } else {
    if (from == wire::flex) return fail(usage, "FlexBuffers messages do not end themselves (the root is at the end); convert them one at a time");
    for (std::size_t at = 0; at < bytes.size();) {
      const auto took = with_wire(from, [&](auto format) {
        return prism::transcode_prefix<decltype(format)>(std::string_view(bytes).substr(at), *target, lim);
      });
      if (!took) return fail(invalid_input, "message " + std::to_string(count + 1) + " (at byte " + std::to_string(at) + "): " + took.error().message());
      if (*took == 0) return fail(invalid_input, "message " + std::to_string(count + 1) + " takes no bytes");
      took_one();
      at += *took;
    }
  }
  std::string why;
  return write_all(a.out_path, out, why) ? done : fail(io_failure, why);
}

int convert(const convert_args& a) {
  const auto to = wire_named(a.to);
  if (!to) return fail(usage, "unknown format \"" + a.to + "\"; one of " + wire_names());
  int status = done;
  if (a.lines && a.format.empty()) {
    // A stream of messages cannot be detected as one: JSON Lines unless --from says otherwise.
    std::string why;
    auto bytes = read_all(a.in_path, why);
    if (!bytes) return fail(io_failure, why);
    if (a.jsonc) {
      auto plain = prism::jsonc_to_json(*bytes);
      if (!plain) return fail(invalid_input, plain.error().message());
      bytes = std::move(*plain);
    }
    return convert_stream(a, wire::json, *to, *bytes);
  }
  auto in = load(a.in_path, a, status);
  if (!in) return status;
  if (a.lines) return convert_stream(a, in->format, *to, in->bytes);
  std::string out;
  if (auto st = transcode(*in, *to, a.pretty, a.limits(), out); !st) return fail(invalid_input, st.error().message());
  if (*to == wire::json && a.pretty) out += '\n';
  steps.step("converted to " + std::string(name_of(*to)) + ", " + size_text(out.size()));
  std::string why;
  if (!write_all(a.out_path, out, why)) return fail(io_failure, why);
  steps.step("written");
  return done;
}

struct inspect_args : common_args {
  std::string path;
  inspect_limits shown;
};

int inspect(const inspect_args& a) {
  int status = done;
  auto in = load(a.path, a, status);
  if (!in) return status;
  std::cout << name_of(in->format) << ", " << in->bytes.size() << " bytes\n";
  return with_wire(in->format, [&](auto format) {
    using F = decltype(format);
    // zbin and FlexBuffers views trust offsets that only verify() checks.
    if constexpr (std::is_same_v<F, prism::zbin> || std::is_same_v<F, prism::flex>) {
      if (auto st = prism::verify<F>(in->bytes, a.limits()); !st) return fail(invalid_input, st.error().message());
    }
    const auto root = prism::view<F>(in->bytes, a.limits());
    tree_printer<std::remove_cvref_t<decltype(root)>> printer(std::cout, a.shown);
    if (!printer.print(root, "", 0)) return static_cast<int>(invalid_input);
    // The walk shows only some of a large message: a full check covers the rest.
    if (auto st = check_message<F>(in->bytes, a.limits()); !st) return fail(invalid_input, st.error().message());
    return static_cast<int>(done);
  });
}

int verify(const common_args& a, const std::string& path) {
  int status = done;
  auto in = load(path, a, status);
  if (!in) return status;
  const auto st = with_wire(in->format, [&](auto format) { return check_message<decltype(format)>(in->bytes, a.limits()); });
  steps.step("checked");
  if (!st) {
    std::cout << "invalid " << name_of(in->format) << ": " << st.error().message() << '\n';
    return invalid_input;
  }
  std::cout << "valid " << name_of(in->format) << ", " << in->bytes.size() << " bytes\n";
  return done;
}

int stats(const common_args& a, const std::string& path) {
  int status = done;
  auto in = load(path, a, status);
  if (!in) return status;
  std::string own;
  if (auto st = transcode(*in, in->format, false, a.limits(), own); !st) return fail(invalid_input, st.error().message());
  print_stats(std::cout, in->format, in->bytes.size(), [&](wire to, std::string& out) { return transcode(*in, to, false, a.limits(), out); });
  return done;
}

}  // namespace
}  // namespace prism_tool

int main(int argc, char** argv) {
  using namespace prism_tool;
  CLI::App app{"prism: convert, inspect, verify and size messages in " + wire_names() +
               ".\nExit status: 0 done, 1 invalid input, 2 bad usage, 3 a file that cannot be read or written."};
  app.require_subcommand(1);

  convert_args conv;
  auto* convert_cmd = app.add_subcommand("convert", "convert a message (or a stream of them) to another format");
  convert_cmd->add_option("--from", conv.format, "the input's format (detected when left out)");
  convert_cmd->add_option("--to", conv.to, "the output's format")->required();
  convert_cmd->add_option("input", conv.in_path, "input file (standard input when left out or -)");
  convert_cmd->add_option("output", conv.out_path, "output file (standard output when left out or -)");
  convert_cmd->add_flag("--pretty", conv.pretty, "indented JSON");
  convert_cmd->add_flag("--jsonl", conv.lines, "a stream of messages: JSON Lines for JSON, back-to-back messages otherwise");
  add_limits(*convert_cmd, conv);

  // inspect, verify and stats take one message: its file, its format and the limits.
  const auto message_command = [&app](const char* name, const char* help, common_args& args, std::string& path) {
    auto* cmd = app.add_subcommand(name, help);
    cmd->add_option("file", path, "the message (standard input when left out or -)");
    cmd->add_option("--format", args.format, "its format (detected when left out)");
    add_limits(*cmd, args);
    return cmd;
  };

  inspect_args insp;
  auto* inspect_cmd = message_command("inspect", "print a message as a tree with byte offsets and types", insp, insp.path);
  inspect_cmd->add_option("--elements", insp.shown.elements, "elements and entries shown per container")->capture_default_str();
  inspect_cmd->add_option("--text", insp.shown.text, "bytes shown of a string")->capture_default_str();
  inspect_cmd->add_option("--depth", insp.shown.depth, "levels shown")->capture_default_str();

  common_args ver;
  std::string ver_path;
  auto* verify_cmd =
      message_command("verify", "check a whole message; exit status 1 with the error when it is damaged", ver, ver_path);

  common_args st;
  std::string st_path;
  auto* stats_cmd =
      message_command("stats", "the size of the same message in every format, raw, deflated and with zstd", st, st_path);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? done : usage;
  }
  try {
    if (*convert_cmd) return convert(conv);
    if (*inspect_cmd) return inspect(insp);
    if (*verify_cmd) return verify(ver, ver_path);
    if (*stats_cmd) return stats(st, st_path);
  } catch (const std::bad_alloc&) {
    return fail(invalid_input, "out of memory; lower --max-bytes");
  }
  return usage;
}
