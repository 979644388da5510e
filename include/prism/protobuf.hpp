#pragma once
// prism::protobuf, the Protocol Buffers wire format with proto3 semantics.
#include "protobuf/format.hpp"
#include "protobuf/read_message.hpp"
#include "protobuf/write.hpp"
