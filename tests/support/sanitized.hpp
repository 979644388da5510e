#pragma once
// Under AddressSanitizer every read costs several times what it does in the optimized build, so
// the exhaustive loops (every prefix, every position) take an even sample there: the dev build
// runs every case, and the fuzzers search the rest under the sanitizers.
#include <cstddef>

namespace testing_support {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif
#else
inline constexpr bool sanitized = false;
#endif

// The step of an exhaustive loop: every case, or every third one under the sanitizers.
inline constexpr std::size_t exhaustive_step = sanitized ? 3 : 1;

}  // namespace testing_support
