#pragma once
// Whether this judge is built with AddressSanitizer (the test suite's sanitize build), which
// changes how it may start processes: GCC says so with __SANITIZE_ADDRESS__, clang with
// __has_feature(address_sanitizer).

namespace amazes::arbiter {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace amazes::arbiter
