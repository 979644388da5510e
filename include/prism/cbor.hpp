#pragma once
// prism::cbor, CBOR (RFC 8949) with RFC 8746 typed arrays.
#include "cbor/format.hpp"
#include "cbor/read.hpp"
#include "cbor/write.hpp"
#include "cbor/view.hpp"
#include "cbor/emit.hpp"
#include "core/value_io.hpp"
