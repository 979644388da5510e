#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define PRISM_INLINE inline __attribute__((always_inline))
#define PRISM_NOINLINE __attribute__((noinline))
#define PRISM_COLD __attribute__((cold, noinline))
#define PRISM_LAMBDA_INLINE __attribute__((always_inline))
#else
#define PRISM_LAMBDA_INLINE
#define PRISM_INLINE inline
#define PRISM_NOINLINE
#define PRISM_COLD
#endif

#if defined(__clang__) || defined(__GNUC__)
#define PRISM_PRETTY_FUNCTION __PRETTY_FUNCTION__
#else
#define PRISM_PRETTY_FUNCTION __FUNCSIG__
#endif
