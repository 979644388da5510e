#pragma once
// prism::json, JSON (RFC 8259).
#include "json/format.hpp"
#include "json/read.hpp"
#include "json/write.hpp"
#include "json/view.hpp"
#include "json/emit.hpp"
#include "json/lines.hpp"
#include "core/value_io.hpp"
