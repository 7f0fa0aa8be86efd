#include "print.hpp"

#include <cstdlib>
#include <ctime>
#include <unistd.h>

#include "cvsearch/render.hpp"

namespace cvsearch::cli {

Style style_for(std::FILE* stream) {
    const char* no_color = std::getenv("NO_COLOR");
    Style s;
    s.color = isatty(fileno(stream)) && (no_color == nullptr || *no_color == '\0');
    return s;
}

void print_error(std::string_view message) {
    Style s = style_for(stderr);
    const std::string safe = terminal_escape(message);  // file names and ids may hold ESC sequences
    std::fprintf(stderr, "%s %.*s\n", s.red("cvsearch:").c_str(), static_cast<int>(safe.size()), safe.data());
}

void print_warnings(const std::vector<std::string>& warnings) {
    for (const auto& w : warnings) print_error("warning: " + w);
}

std::string iso8601_utc(std::chrono::system_clock::time_point t) {
    std::time_t tt = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace cvsearch::cli
