// cvsearch — the command-line tool: flags and glue over the library.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/version.hpp"
#include "print.hpp"
#include "suggest.hpp"

namespace {

/// CLI11's message, with the command to ask for help and, for an unknown
/// option, the nearest one the command has ("--limt": did you mean --limit?).
std::string parse_error_message(CLI::App& app, const CLI::ParseError& e) {
    std::vector<CLI::App*> used = app.get_subcommands();
    CLI::App* cmd = used.empty() ? &app : used.front();
    const std::string name = cmd == &app ? "cvsearch" : "cvsearch " + cmd->get_name();
    std::string message = e.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
        // "The following argument was not expected: --limt" (one or more, space-separated)
        std::vector<std::string> known;
        for (const CLI::Option* opt : cmd->get_options())
            for (const auto& l : opt->get_lnames()) known.push_back("--" + l);
        const auto colon = message.find(": ");
        std::string extras = colon == std::string::npos ? std::string() : message.substr(colon + 2);
        std::string unknown = extras.substr(0, extras.find(' '));
        if (!unknown.empty() && unknown.rfind("--", 0) == 0) {
            const std::string bare = unknown.substr(0, unknown.find('='));
            message = name + ": unknown option " + bare;
            if (auto meant = cvsearch::cli::nearest(bare, known)) message += "; did you mean " + *meant + "?";
        }
    }
    return message + " (see `" + name + " --help`)";
}

}  // namespace

int main(int argc, char** argv) {
    using namespace cvsearch::cli;
    CLI::App app{"cvsearch: search researcher profiles (academic CVs)", "cvsearch"};
    app.set_version_flag("--version", std::string("cvsearch ") + cvsearch::version());
    app.require_subcommand(0, 1);
    app.footer("`cvsearch QUERY` searches (as `cvsearch search QUERY`); a first word one typo away from a command\n"
               "is taken as that command mistyped. `cvsearch help [COMMAND]` and `cvsearch SUBCOMMAND --help`\n"
               "give a subcommand's options and examples.");

    std::vector<Action> actions;
    actions.push_back(add_search_command(app));
    actions.push_back(add_index_command(app));
    actions.push_back(add_parse_command(app));
    actions.push_back(add_show_command(app));
    actions.push_back(add_similar_command(app));
    actions.push_back(add_stats_command(app));
    actions.push_back(add_serve_command(app));
    actions.push_back(add_completion_command(app));

    // `cvsearch QUERY ...` means `cvsearch search QUERY ...`, unless the first word
    // is `help` or a command name mistyped (one or two edits away: `stat`,
    // `indx`, `serach`), which is an error that names the command meant
    // (`cvsearch search WORD` searches for such a word).
    std::vector<std::string> args(argv + 1, argv + argc);
    std::vector<std::string> commands;
    for (const CLI::App* sub : app.get_subcommands({})) commands.push_back(sub->get_name());
    auto is_subcommand = [&](const std::string& word) {
        for (const CLI::App* sub : app.get_subcommands({}))
            if (sub->check_name(word)) return true;
        return false;
    };
    if (!args.empty() && args[0] == "help") {
        CLI::App* sub = args.size() > 1 && is_subcommand(args[1]) ? app.get_subcommand(args[1]) : nullptr;
        if (args.size() > 1 && !sub) {
            print_error("no command `" + args[1] + "`; the commands are listed by `cvsearch --help`");
            return exit_error;
        }
        std::fputs((sub ? sub->help() : app.help()).c_str(), stdout);
        return exit_ok;
    }
    if (!args.empty() && !args[0].empty() && args[0][0] != '-' && !is_subcommand(args[0])) {
        if (auto meant = nearest(args[0], commands)) {
            print_error("`" + args[0] + "` is not a command; did you mean `cvsearch " + *meant +
                        "`? (to search for the word, run `cvsearch search " + args[0] + "`)");
            return exit_error;
        }
        args.insert(args.begin(), "search");
    } else if (!args.empty() && args[0] != "-h" && args[0] != "--help" && args[0] != "--version" &&
               !is_subcommand(args[0])) {
        args.insert(args.begin(), "search");  // options first: `cvsearch --venue SOSP "fault tolerance"`
    }
    std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector

    try {
        app.parse(args);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        print_error(parse_error_message(app, e));
        return exit_error;
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
