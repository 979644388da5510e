#pragma once
// The vector units of the processor a program runs on, for the few paths that choose their code
// at run time (UTF-8 validation, large copies): the baseline x86-64 target has neither SSSE3 nor
// AVX2, and users build for it.
#include "config.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PRISM_X86_DISPATCH 1
#include <cpuid.h>
#endif

namespace prism::detail {

#ifdef PRISM_X86_DISPATCH
// Read once with cpuid: __builtin_cpu_supports would link libgcc's whole feature table (several
// kilobytes) into every program.
struct x86_features {
  bool ssse3 = false;
  bool avx2 = false;  // and the operating system saves the AVX registers

  PRISM_NOINLINE static x86_features detect() noexcept {
    x86_features f;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return f;
    f.ssse3 = (c >> 9) & 1;
    const bool osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx) return f;
    unsigned xcr0 = 0, xcr0_high = 0;
    __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
    if ((xcr0 & 6) != 6) return f;  // the XMM and YMM state
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) f.avx2 = (b >> 5) & 1;
    return f;
  }
  static const x86_features& detected() noexcept {
    static const x86_features f = detect();
    return f;
  }
};
#endif

}  // namespace prism::detail
