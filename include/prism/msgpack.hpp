#pragma once
// prism::msgpack, MessagePack.
#include "msgpack/format.hpp"
#include "msgpack/read.hpp"
#include "msgpack/write.hpp"
#include "msgpack/view.hpp"
#include "msgpack/emit.hpp"
#include "core/value_io.hpp"
