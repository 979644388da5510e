#pragma once

// Hot paths are forced inline (a struct's reader is one function). Define PRISM_NO_FORCED_INLINE
// to leave inlining to the compiler: builds take less time and memory, above all unoptimized ones
// (at -O0 a forced-inline reader of a large struct is tens of kilobytes of code), reads run slower.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(PRISM_NO_FORCED_INLINE)
#define PRISM_INLINE inline __attribute__((always_inline))
#define PRISM_LAMBDA_INLINE __attribute__((always_inline))
#else
#define PRISM_INLINE inline
#define PRISM_LAMBDA_INLINE
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PRISM_NOINLINE __attribute__((noinline))
#define PRISM_COLD __attribute__((cold, noinline))
#else
#define PRISM_NOINLINE
#define PRISM_COLD
#endif

// A precondition that the caller has checked, told to the optimizer so that it is not checked
// again (a length known to be at most 16 copies in two moves, not a ladder of sizes).
#if defined(__GNUC__) || defined(__clang__)
#define PRISM_ASSUME(condition) \
  do {                          \
    if (!(condition)) __builtin_unreachable(); \
  } while (false)
#elif defined(_MSC_VER)
#define PRISM_ASSUME(condition) __assume(condition)
#else
#define PRISM_ASSUME(condition) ((void)0)
#endif

#if defined(__clang__) || defined(__GNUC__)
#define PRISM_PRETTY_FUNCTION __PRETTY_FUNCTION__
#else
#define PRISM_PRETTY_FUNCTION __FUNCSIG__
#endif
