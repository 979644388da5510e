#pragma once
// Which formats the cross-format tests run. FlexBuffers needs flatbuffers' headers: the tests
// build it in when CMake found them (PRISM_TESTS_WITH_FLEX), and
//   ::testing::Types<prism::msgpack, prism::cbor PRISM_WITH_FLEX(prism::flex)>
// lists it only then.
#include <prism/flex/format.hpp>

#if PRISM_TESTS_WITH_FLEX
#include <prism/flex.hpp>
#define PRISM_WITH_FLEX(...) , __VA_ARGS__
#else
#define PRISM_WITH_FLEX(...)
#endif
