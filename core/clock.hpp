// core/clock.hpp — timestamps as the index metadata and lock files write them.
#pragma once

#include <ctime>
#include <string>

namespace cvsearch::clock {

/// ISO 8601 in UTC with a Z: "2026-11-22T20:49:40Z". Default: now.
std::string iso8601_utc(std::time_t t = std::time(nullptr));

}  // namespace cvsearch::clock
