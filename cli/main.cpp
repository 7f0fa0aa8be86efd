// cvsearch — the command-line tool: flags and glue over the library.
#include <CLI/CLI.hpp>
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
    actions.push_back(add_parse_command(app));
    actions.push_back(add_completion_command(app));

    try {
        app.parse(argc, argv);
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
