#pragma once
// prism::zbin, prism's self-describing zero-copy binary (docs/zbin.md).
#include "core/aligned_buffer.hpp"
#include "zbin/format.hpp"
#include "zbin/read.hpp"
#include "zbin/view.hpp"
#include "zbin/write.hpp"
#include "zbin/emit.hpp"
#include "core/value_io.hpp"
