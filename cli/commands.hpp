// cli/commands.hpp — one function per subcommand: each registers its options on
// the CLI11 app and returns the action to run once parsing succeeded.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace cvsearch::cli {

/// Exit statuses, as grep and ripgrep use them; `index` adds exit_locked
/// (another run is writing the index).
enum Exit : int { exit_ok = 0, exit_no_match = 1, exit_error = 2, exit_locked = 3 };

using Action = std::function<int()>;

Action add_parse_command(CLI::App& app);
Action add_completion_command(CLI::App& app);
Action add_search_command(CLI::App& app);
Action add_index_command(CLI::App& app);
Action add_show_command(CLI::App& app);
Action add_similar_command(CLI::App& app);
Action add_stats_command(CLI::App& app);
Action add_serve_command(CLI::App& app);

}  // namespace cvsearch::cli
