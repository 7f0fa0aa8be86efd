// cli/print.hpp — terminal output helpers: colour only on a TTY without NO_COLOR.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::cli {

struct Style {
    bool color = false;
    std::string bold(std::string_view s) const { return wrap("\x1b[1m", s); }
    std::string dim(std::string_view s) const { return wrap("\x1b[2m", s); }
    std::string green(std::string_view s) const { return wrap("\x1b[32m", s); }
    std::string cyan(std::string_view s) const { return wrap("\x1b[36m", s); }
    std::string red(std::string_view s) const { return wrap("\x1b[31m", s); }

  private:
    std::string wrap(const char* code, std::string_view s) const {
        return color ? std::string(code) + std::string(s) + "\x1b[0m" : std::string(s);
    }
};

/// Colour for `stream` if it is a terminal and NO_COLOR is unset (https://no-color.org).
Style style_for(std::FILE* stream);

/// Prints "cvsearch: <message>" to stderr.
void print_error(std::string_view message);

/// Prints each as "cvsearch: warning: <warning>" to stderr (results stay on stdout).
void print_warnings(const std::vector<std::string>& warnings);

/// "2026-11-22T20:49:40Z" (ISO 8601, UTC), for logs and reports.
std::string iso8601_utc(std::chrono::system_clock::time_point t = std::chrono::system_clock::now());

}  // namespace cvsearch::cli
