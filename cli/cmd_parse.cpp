// `cvsearch parse FILE...`: show what the indexer understands of CV files.
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "print.hpp"
#include "profile_print.hpp"

namespace cvsearch::cli {
namespace {

struct ParseArgs {
    std::vector<std::string> files;
    bool json = false;
    std::string format;
    std::uint64_t max_file_bytes = ParseOptions{}.max_file_bytes;
    std::uint64_t max_text_bytes = ParseOptions{}.max_text_bytes;
};

}  // namespace

Action add_parse_command(CLI::App& app) {
    auto args = std::make_shared<ParseArgs>();
    CLI::App* cmd = app.add_subcommand("parse", "Show what the indexer understands of CV files");
    cmd->footer(
        "Examples:\n"
        "  cvsearch parse cv.pdf\n"
        "  cvsearch parse --json data/profiles/*.md\n\n"
        "JSON output is an array with one profile object per profile found (a profile JSON\n"
        "file may hold several); each has a \"facets\" object with exactly the values the\n"
        "index stores: current_institution (the institution facet), affiliation, venue, year.\n"
        "Exit status: 0 all files parsed, 2 if any failed.");
    cmd->add_option("files", args->files, "CV files (text, Markdown, LaTeX, HTML, PDF, JSON Resume, profile JSON, any JSON CV)")
        ->required();
    cmd->add_flag("--json", args->json, "Print the profiles as a JSON array");
    cmd->add_option("--format", args->format, "Read every file as this format instead of detecting it")
        ->check(CLI::IsMember({"text", "markdown", "latex", "html", "pdf", "json_resume", "profile_json", "json"}));
    cmd->add_option("--max-file-size", args->max_file_bytes, "Refuse files larger than this many bytes")
        ->capture_default_str();
    cmd->add_option("--max-text-size", args->max_text_bytes,
                    "Refuse a profile whose text is larger than this many bytes (what a PDF or any file expands to)")
        ->capture_default_str();
    return [args, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        ParseOptions options;
        options.max_file_bytes = args->max_file_bytes;
        options.max_text_bytes = args->max_text_bytes;
        if (!args->format.empty()) options.format = format_from_name(args->format);
        Style st = style_for(stdout);
        bool failed = false, first = true;
        if (args->json) std::cout << "[";
        for (const auto& file : args->files) {
            try {
                for (const auto& p : parse_file(file, options)) {
                    if (args->json) {
                        std::cout << (first ? "\n" : ",\n") << to_json(p, 2);
                    } else {
                        if (!first) std::cout << "\n";
                        print_profile(p, st);
                    }
                    first = false;
                }
            } catch (const Error& e) {
                std::cout.flush();
                print_error(e.what());
                failed = true;
            }
        }
        if (args->json) std::cout << (first ? "]\n" : "\n]\n");
        return failed ? exit_error : exit_ok;
    };
}

}  // namespace cvsearch::cli
