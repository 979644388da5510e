#include <prism/prism.hpp>

#include <cstdio>
#include <string>
#include <vector>

struct Point {
  int x;
  double y;
  std::vector<std::string> tags;
};

int main() {
  const Point p{3, 0.5, {"a", "b"}};
  std::string bytes;
  if (!prism::write<prism::msgpack>(p, bytes)) return 1;
  auto back = prism::read<prism::msgpack, Point>(bytes);
  if (!back || back->x != 3 || back->tags.size() != 2) return 2;
  std::puts("consumer ok");
  return 0;
}
