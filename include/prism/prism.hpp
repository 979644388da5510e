#pragma once
// The umbrella header: the core and every format but FlexBuffers, which needs flatbuffers
// (include <prism/flex.hpp> for it).
#include "core/api.hpp"
#include "core/concepts.hpp"
#include "core/enum.hpp"
#include "core/fields.hpp"
#include "json.hpp"
#include "beve.hpp"
#include "cbor.hpp"
#include "msgpack.hpp"
#include "pack.hpp"
#include "protobuf.hpp"
#include "zbin.hpp"
#include "zserio.hpp"
#include "files.hpp"
