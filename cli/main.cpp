// cvsearch — the command-line tool: flags and glue over the library.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/version.hpp"
#include "print.hpp"

int main(int argc, char** argv) {
    using namespace cvsearch::cli;
    CLI::App app{"cvsearch: search researcher profiles (academic CVs)", "cvsearch"};
    app.set_version_flag("--version", std::string("cvsearch ") + cvsearch::version());
    app.require_subcommand(0, 1);
    app.footer("Run `cvsearch SUBCOMMAND --help` for a subcommand's options and examples.");

    std::vector<Action> actions;
    actions.push_back(add_search_command(app));
    actions.push_back(add_index_command(app));
    actions.push_back(add_parse_command(app));
    actions.push_back(add_show_command(app));
    actions.push_back(add_similar_command(app));
    actions.push_back(add_stats_command(app));
    actions.push_back(add_serve_command(app));
    actions.push_back(add_completion_command(app));

    // `cvsearch QUERY ...` means `cvsearch search QUERY ...`.
    std::vector<std::string> args(argv + 1, argv + argc);
    auto is_subcommand = [&](const std::string& word) {
        for (const CLI::App* sub : app.get_subcommands({}))
            if (sub->check_name(word)) return true;
        return false;
    };
    if (!args.empty() && args[0] != "-h" && args[0] != "--help" && args[0] != "--version" && !is_subcommand(args[0])) {
        args.insert(args.begin(), "search");
    }
    std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector

    try {
        app.parse(args);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : exit_error;
    }
    try {
        for (auto& action : actions) {
            int rc = action();
            if (rc >= 0) return rc;
        }
        std::fputs(app.help().c_str(), stdout);
        return exit_ok;
    } catch (const cvsearch::Error& e) {
        print_error(e.what());
        return exit_error;
    } catch (const std::exception& e) {
        print_error(std::string("internal error: ") + e.what() + " (please report this)");
        return exit_error;
    }
}
