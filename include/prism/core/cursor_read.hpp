#pragma once
// What the binary decoders read through a call that takes their local cursor (see local_cursor)
// and returns where the value ends: structs and sequences, the values that hold others.
#include <variant>

#include "concepts.hpp"
#include "tensor.hpp"
#include "tensor_io.hpp"

namespace prism::detail {

// The types that read_value of BEVE and CBOR reads as a struct or as a sequence: their dispatch
// tests tensors, and everything plain_struct excludes, before either.
template <class T>
concept read_at_cursor = !adapted_tensor<T> && !tensor_type<T> &&
                         ((plain_struct<T> && !std::is_same_v<T, std::monostate>) || fixed_array<T> || sequence<T>);

}  // namespace prism::detail
