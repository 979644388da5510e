#pragma once
// The fuzz targets, one per decoder (<format>_fuzz.cpp). They are one program, prism_fuzz,
// because they share most of their code (the test types, the paths that must agree, the view
// walk): compiled together it is built once. fuzz_main.cpp picks the target by the name the
// program is called by: fuzz/fuzz_<format> is a link to it.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

int fuzz_pack(const std::uint8_t* data, std::size_t size);
int fuzz_msgpack(const std::uint8_t* data, std::size_t size);
int fuzz_json(const std::uint8_t* data, std::size_t size);
int fuzz_cbor(const std::uint8_t* data, std::size_t size);
int fuzz_beve(const std::uint8_t* data, std::size_t size);
int fuzz_protobuf(const std::uint8_t* data, std::size_t size);
int fuzz_zserio(const std::uint8_t* data, std::size_t size);
int fuzz_zbin(const std::uint8_t* data, std::size_t size);
int fuzz_flex(const std::uint8_t* data, std::size_t size);

struct fuzz_target {
  std::string_view format;
  int (*run)(const std::uint8_t* data, std::size_t size);
};

inline constexpr std::array<fuzz_target, 9> fuzz_targets{{
    {"pack", fuzz_pack},
    {"msgpack", fuzz_msgpack},
    {"json", fuzz_json},
    {"cbor", fuzz_cbor},
    {"beve", fuzz_beve},
    {"protobuf", fuzz_protobuf},
    {"zserio", fuzz_zserio},
    {"zbin", fuzz_zbin},
    {"flex", fuzz_flex},
}};
