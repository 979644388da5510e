#pragma once
// prism::pack, the compact schema-driven binary format.
#include "pack/format.hpp"
#include "pack/read.hpp"
#include "pack/write.hpp"
