// Write a struct in two formats, read it back, and see what a damaged message says.
#include <prism/prism.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

struct Weapon {
  std::string name;
  std::int16_t damage = 0;
};

struct Monster {
  std::string name;
  std::int16_t hp = 0;
  std::vector<Weapon> weapons;
};

int main() {
  const Monster orc{"Orc", 80, {{"Axe", 12}, {"Bow", 7}}};

  std::string json;
  if (!prism::write<prism::json>(orc, json)) return 1;
  std::printf("%s\n", json.c_str());  // {"name":"Orc","hp":80,"weapons":[{"name":"Axe","damage":12},...]}

  std::vector<std::uint8_t> bytes;
  if (!prism::write<prism::msgpack>(orc, bytes)) return 1;
  const auto back = prism::read<prism::msgpack, Monster>(bytes);
  if (!back || back->weapons[1].name != "Bow") return 1;

  // Bad input is an error with the byte offset and the field, never a crash.
  const auto bad = prism::read<prism::json, Monster>(R"({"name":"Orc","hp":"lots"})");
  if (bad) return 1;
  std::printf("%s\n", bad.error().message().c_str());  // json: type mismatch at byte 19, field hp: ...
  return 0;
}
