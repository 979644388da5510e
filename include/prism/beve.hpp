#pragma once
// prism::beve, the BEVE binary format.
#include "beve/format.hpp"
#include "beve/read.hpp"
#include "beve/write.hpp"
#include "beve/view.hpp"
#include "beve/emit.hpp"
#include "core/value_io.hpp"
