#pragma once
// prism::flex, FlexBuffers (needs flatbuffers' <flatbuffers/flexbuffers.h>).
#include "flex/format.hpp"
#include "flex/read.hpp"
#include "flex/write.hpp"
#include "flex/view.hpp"
#include "flex/emit.hpp"
#include "core/value_io.hpp"
