#pragma once
// prism::zserio, zserio's bit-packed wire format (BIN 1.0).
#include "zserio/format.hpp"
#include "zserio/read.hpp"
#include "zserio/write.hpp"
