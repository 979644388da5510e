// How much stack each recursive path takes at a given nesting depth (default: the default
// limits::max_depth): the path runs on a thread whose stack is painted first, and the bytes it
// touched are its high-water mark. Built and run by scripts/stack-depth; prints a Markdown table.
#include <prism/prism.hpp>

#include <pthread.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Tree {
  int v = 0;
  std::vector<Tree> kids;
};

struct Chain {
  int v = 0;
  std::unique_ptr<Chain> next;
};

std::function<void()> job;
void* run_job(void*) {
  job();
  return nullptr;
}

// Bytes of stack that f touched, on a thread of 64 MiB.
std::size_t stack_used(std::function<void()> f) {
  constexpr std::size_t size = std::size_t{64} << 20;
  constexpr unsigned char paint = 0xa5;
  void* stack = nullptr;
  if (posix_memalign(&stack, 4096, size) != 0) std::abort();
  std::memset(stack, paint, size);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, stack, size);
  job = std::move(f);
  pthread_t thread;
  pthread_create(&thread, &attr, run_job, nullptr);
  pthread_join(thread, nullptr);
  const auto* bytes = static_cast<const unsigned char*>(stack);
  std::size_t untouched = 0;
  while (untouched < size && bytes[untouched] == paint) ++untouched;
  std::free(stack);
  return size - untouched;
}

}  // namespace

int main(int argc, char** argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : static_cast<int>(prism::limits{}.max_depth);
  const prism::limits lim{.max_depth = static_cast<std::size_t>(depth) + 8};
  std::string msgpack(static_cast<std::size_t>(depth), '\x91');  // arrays of one element each
  msgpack += '\x01';
  std::string cbor(static_cast<std::size_t>(depth), '\x81');
  cbor += '\x01';
  const std::string json = std::string(static_cast<std::size_t>(depth), '[') + "1" + std::string(static_cast<std::size_t>(depth), ']');
  Tree tree;
  for (int i = 1; i < depth; ++i) tree = Tree{0, {std::move(tree)}};
  Chain chain;
  for (int i = 1; i < depth; ++i) chain = Chain{0, std::make_unique<Chain>(std::move(chain))};
  const std::string tree_msgpack = prism::write<prism::msgpack>(tree).value();
  const std::string tree_cbor = prism::write<prism::cbor>(tree).value();
  const std::string tree_json = prism::write<prism::json>(tree).value();
  const std::string chain_protobuf = prism::write<prism::protobuf>(chain).value();

  struct row {
    const char* path;
    std::function<void()> run;
  };
  const std::vector<row> rows = {
      {"prism::value from MessagePack", [&] { prism::value v; (void)prism::read<prism::msgpack>(v, msgpack, lim); }},
      {"prism::value from CBOR", [&] { prism::value v; (void)prism::read<prism::cbor>(v, cbor, lim); }},
      {"prism::value from JSON", [&] { prism::value v; (void)prism::read<prism::json>(v, json, lim); }},
      {"transcode MessagePack to JSON", [&] { (void)prism::transcode<prism::msgpack, prism::json>(msgpack, lim); }},
      {"transcode JSON to CBOR", [&] { (void)prism::transcode<prism::json, prism::cbor>(json, lim); }},
      {"struct tree from MessagePack", [&] { Tree t; (void)prism::read<prism::msgpack>(t, tree_msgpack, lim); }},
      {"struct tree from CBOR", [&] { Tree t; (void)prism::read<prism::cbor>(t, tree_cbor, lim); }},
      {"struct tree from JSON", [&] { Tree t; (void)prism::read<prism::json>(t, tree_json, lim); }},
      {"linked messages from Protobuf", [&] { Chain c; (void)prism::read<prism::protobuf>(c, chain_protobuf, lim); }},
      {"struct tree to MessagePack", [&] { (void)prism::write<prism::msgpack>(tree); }},
  };
  std::printf("| path (depth %d) | stack bytes | per level |\n| --- | ---: | ---: |\n", depth);
  for (const row& r : rows) {
    const std::size_t used = stack_used(r.run);
    std::printf("| %s | %zu | %zu |\n", r.path, used, used / static_cast<std::size_t>(depth));
  }
}
