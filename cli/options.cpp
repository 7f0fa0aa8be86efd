#include "options.hpp"

#include <cstdlib>
#include <unistd.h>

#include "cvsearch/errors.hpp"

namespace cvsearch::cli {

void add_db_option(CLI::App& cmd, std::string& db) {
    cmd.add_option("--db", db, "Index directory (default: $CVSEARCH_DB, else " + default_db_path().string() + ")");
}

std::filesystem::path default_db_path() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "cvsearch" / "index";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".local" / "share" / "cvsearch" / "index";
    return std::filesystem::path("cvsearch-index");
}

std::filesystem::path resolve_db(const std::string& db_option) {
    if (!db_option.empty()) return db_option;
    if (const char* env = std::getenv("CVSEARCH_DB"); env && *env) return env;
    return default_db_path();
}

namespace {
std::optional<int> parse_year(const std::string& s, const std::string& whole) {
    if (s.empty()) return std::nullopt;
    if (s.size() > 4 || s.find_first_not_of("0123456789") != std::string::npos)
        throw Error(ErrorCode::usage, "--years " + whole, "expected YEAR, FROM..TO, FROM.. or ..TO (e.g. 2019..2024)");
    return std::stoi(s);
}
}  // namespace

void parse_year_range(const std::string& text, SearchRequest& request) {
    auto dots = text.find("..");
    if (dots == std::string::npos) {
        request.year_min = request.year_max = parse_year(text, text);
        if (!request.year_min) throw Error(ErrorCode::usage, "--years", "empty year range");
        return;
    }
    request.year_min = parse_year(text.substr(0, dots), text);
    request.year_max = parse_year(text.substr(dots + 2), text);
    if (!request.year_min && !request.year_max) throw Error(ErrorCode::usage, "--years " + text, "give at least one year");
    if (request.year_min && request.year_max && *request.year_min > *request.year_max)
        throw Error(ErrorCode::usage, "--years " + text, "the range is backwards; write FROM..TO with FROM <= TO");
}

Searcher open_searcher(const std::filesystem::path& db, const SearcherOptions& options) {
    try {
        return Searcher(db, options);
    } catch (const Error& e) {
        if (e.code() != ErrorCode::index_missing) throw;
        throw Error(ErrorCode::index_missing, db.string(),
                    "no index here; build one with `cvsearch index DIR --db " + db.string() +
                        "` (or set CVSEARCH_DB to an existing index)");
    }
}

void add_color_option(CLI::App& cmd, std::string& choice) {
    cmd.add_option("--color", choice, "Colour: auto (on a terminal, unless NO_COLOR is set), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
}

bool use_color(const std::string& choice) {
    if (choice == "always") return true;
    if (choice == "never") return false;
    const char* no_color = std::getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && (no_color == nullptr || *no_color == '\0');
}

}  // namespace cvsearch::cli
