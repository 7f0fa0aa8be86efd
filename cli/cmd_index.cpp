// `cvsearch index ROOT... --db DIR`: build or update the index.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "commands.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "options.hpp"
#include "print.hpp"

namespace cvsearch::cli {
namespace {

struct IndexArgs {
    std::vector<std::string> roots;
    std::string db;
    bool full = false, dry_run = false, quiet = false;
    std::uint64_t max_file_bytes = ParseOptions{}.max_file_bytes;
};

std::string summary_line(const SyncReport& r, const std::filesystem::path& db) {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "%s%s: %zu files, %zu added, %zu updated, %zu unchanged, %zu removed, %zu failed; %zu profiles in %s (%.1f s)",
                  r.dry_run ? "dry run " : "", "cvsearch index", r.files, r.added, r.updated, r.unchanged, r.removed,
                  r.failed.size(), r.total, db.c_str(), static_cast<double>(r.total_time.count()) / 1000.0);
    return buf;
}

}  // namespace

Action add_index_command(CLI::App& app) {
    auto a = std::make_shared<IndexArgs>();
    CLI::App* cmd = app.add_subcommand("index", "Build or update the index from folders of CV files");
    cmd->footer(
        "Walks each ROOT recursively (hidden files are skipped) for .txt .md .tex .html .pdf\n"
        ".json .jsonl files. A profile's id is its path relative to ROOT without extension.\n"
        "Unchanged files (same content hash) are skipped, changed ones replaced, new ones\n"
        "added, and profiles whose files are gone are removed. A file that cannot be parsed\n"
        "is reported and its last good version stays in the index.\n\n"
        "Examples:\n"
        "  cvsearch index data/profiles --db ~/cv.db\n"
        "  cvsearch index /srv/cvs --db /var/lib/cvsearch/index --full\n\n"
        "Exit status: 0 all files indexed, 1 finished with per-file failures, 2 fatal error\n"
        "(nothing committed).");
    cmd->add_option("roots", a->roots, "Folders (or single files) of CV files")->required();
    add_db_option(*cmd, a->db);
    cmd->add_flag("--full", a->full, "Rebuild from scratch instead of updating");
    cmd->add_flag("--dry-run", a->dry_run, "Report what would change; write nothing");
    cmd->add_flag("--quiet,-q", a->quiet, "Print only errors");
    cmd->add_option("--max-file-size", a->max_file_bytes, "Refuse files larger than this many bytes")->capture_default_str();
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        SyncOptions options;
        for (const auto& r : a->roots) options.roots.emplace_back(r);
        options.db = resolve_db(a->db);
        options.full = a->full;
        options.dry_run = a->dry_run;
        options.parse.max_file_bytes = a->max_file_bytes;
        SyncReport report = index_directory(options);
        for (const auto& f : report.failed) print_error(f.path + ": " + f.reason);
        if (!a->quiet) std::cout << summary_line(report, options.db) << "\n";
        return report.failed.empty() ? exit_ok : exit_no_match;
    };
}

}  // namespace cvsearch::cli
