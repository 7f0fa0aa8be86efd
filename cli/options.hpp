// cli/options.hpp — options shared by several subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <optional>
#include <string>

#include "cvsearch/searcher.hpp"

namespace cvsearch::cli {

/// Adds --db to a subcommand. The index location is --db, else $CVSEARCH_DB,
/// else the per-user default (default_db_path()).
void add_db_option(CLI::App& cmd, std::string& db);

/// $XDG_DATA_HOME/cvsearch/index, else ~/.local/share/cvsearch/index.
std::filesystem::path default_db_path();

/// The index to use given the --db value (possibly empty).
std::filesystem::path resolve_db(const std::string& db_option);

/// Parses "2019..2024", "2019..", "..2024" or "2019" into year_min/year_max.
/// Throws Error(usage) naming the value otherwise.
void parse_year_range(const std::string& text, SearchRequest& request);

/// Opens a Searcher, turning "no index here" into a message that says how to build one.
Searcher open_searcher(const std::filesystem::path& db, const SearcherOptions& options = {});

enum class ColorChoice { automatic, always, never };
void add_color_option(CLI::App& cmd, std::string& choice);
bool use_color(const std::string& choice);

}  // namespace cvsearch::cli
