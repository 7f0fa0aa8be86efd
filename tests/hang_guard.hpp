// tests/hang_guard.hpp — what the bounded-time tests share: how long a run may
// take before it counts as a hang, and a way to make large pathological input.
//
// The limit is generous on purpose: it catches a quadratic blow-up or a loop
// (minutes), never a slow machine (a linear run over 4 MB takes well under a
// second). Speed targets live in bench/, not here.
#pragma once

#include <cstddef>
#include <string>

namespace cvsearch::testing {

/// Seconds a bounded-time test allows: four times more under AddressSanitizer,
/// which slows the same linear work down five to ten times.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr double hang_limit = 40.0;
#else
inline constexpr double hang_limit = 10.0;
#endif

/// `unit` repeated to exactly `bytes` bytes (the last copy cut short).
inline std::string repeat(const std::string& unit, std::size_t bytes) {
    std::string s;
    s.reserve(bytes + unit.size());
    while (s.size() < bytes) s += unit;
    s.resize(bytes);
    return s;
}

}  // namespace cvsearch::testing
