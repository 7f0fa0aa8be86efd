#include "core/clock.hpp"

namespace cvsearch::clock {

std::string iso8601_utc(std::time_t t) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace cvsearch::clock
