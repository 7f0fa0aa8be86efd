// `cvsearch parse FILE...`: show what the indexer understands of CV files.
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "print.hpp"

namespace cvsearch::cli {
namespace {

struct ParseArgs {
    std::vector<std::string> files;
    bool json = false;
    std::string format;
    std::uint64_t max_file_bytes = ParseOptions{}.max_file_bytes;
};

std::string years(const Affiliation& a) {
    std::string s = a.start_year ? std::to_string(*a.start_year) : "";
    if (a.current) return s + " - present";
    if (a.end_year && a.end_year != a.start_year) s += (s.empty() ? "" : " - ") + std::to_string(*a.end_year);
    return s;
}

void print_profile(const Profile& p, const Style& st) {
    std::ostringstream out;
    out << st.bold(p.name.empty() ? "(name not stated)" : p.name) << "  " << st.dim(p.id + " · " + std::string(format_name(p.source.format)))
        << "\n";
    for (const auto& e : p.emails) out << "  email      " << e << "\n";
    if (!p.homepage.empty()) out << "  homepage   " << p.homepage << "\n";
    if (!p.headline.empty()) out << "  headline   " << p.headline << "\n";
    if (!p.interests.empty()) {
        out << "  interests  ";
        for (std::size_t i = 0; i < p.interests.size(); ++i) out << (i ? "; " : "") << p.interests[i];
        out << "\n";
    }
    if (!p.affiliations.empty()) out << st.cyan("  affiliations") << "\n";
    for (const auto& a : p.affiliations) {
        out << "    " << affiliation_kind_name(a.kind) << "  " << st.bold(a.institution);
        if (!a.role.empty()) out << ", " << a.role;
        std::string y = years(a);
        if (!y.empty()) out << "  " << st.dim(y);
        if (a.institution_raw != a.institution && !a.institution_raw.empty()) out << st.dim("  (" + a.institution_raw + ")");
        out << "\n";
    }
    if (!p.publications.empty()) out << st.cyan("  publications (" + std::to_string(p.publications.size()) + ")") << "\n";
    for (const auto& pub : p.publications) {
        out << "    " << (pub.year ? std::to_string(*pub.year) : std::string("----")) << "  "
            << st.green(pub.venue.empty() ? std::string("?") : pub.venue) << "  " << pub.title
            << st.dim("  [" + std::string(publication_kind_name(pub.kind)) + "]") << "\n";
    }
    auto list = [&](const char* label, const std::vector<std::string>& v) {
        if (v.empty()) return;
        out << st.cyan(std::string("  ") + label) << "\n";
        for (const auto& x : v) out << "    " << x << "\n";
    };
    list("awards", p.awards);
    list("skills", p.skills);
    Facets f = facets_of(p);
    out << st.cyan("  facets") << "\n    institution: ";
    for (std::size_t i = 0; i < f.institution.size(); ++i) out << (i ? ", " : "") << f.institution[i];
    out << "\n    venue:       ";
    for (std::size_t i = 0; i < f.venue.size(); ++i) out << (i ? ", " : "") << f.venue[i];
    out << "\n    year:        ";
    for (std::size_t i = 0; i < f.year.size(); ++i) out << (i ? ", " : "") << f.year[i];
    out << "\n";
    std::cout << out.str();
}

}  // namespace

Action add_parse_command(CLI::App& app) {
    auto args = std::make_shared<ParseArgs>();
    CLI::App* cmd = app.add_subcommand("parse", "Show what the indexer understands of CV files");
    cmd->footer(
        "Examples:\n"
        "  cvsearch parse cv.pdf\n"
        "  cvsearch parse --json data/profiles/*.md\n\n"
        "JSON output is an array with one profile object per profile found (a profile JSON\n"
        "file may hold several); each has a \"facets\" object with exactly the institution,\n"
        "venue and year values the index stores. Exit status: 0 all files parsed, 2 if any failed.");
    cmd->add_option("files", args->files, "CV files (text, Markdown, LaTeX, HTML, PDF, JSON Resume, profile JSON)")
        ->required();
    cmd->add_flag("--json", args->json, "Print the profiles as a JSON array");
    cmd->add_option("--format", args->format, "Read every file as this format instead of detecting it")
        ->check(CLI::IsMember({"text", "markdown", "latex", "html", "pdf", "json_resume", "profile_json"}));
    cmd->add_option("--max-file-size", args->max_file_bytes, "Refuse files larger than this many bytes")
        ->capture_default_str();
    return [args, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        ParseOptions options;
        options.max_file_bytes = args->max_file_bytes;
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
