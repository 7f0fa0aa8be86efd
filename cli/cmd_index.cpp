// `cvsearch index ROOT... --db DIR`: build or update the index.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sys/ioctl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

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
    bool full = false, dry_run = false, quiet = false, no_delete = false;
    double wait_seconds = 0;
    double grace_seconds = 3600;
    std::string report_file;
    std::uint64_t max_file_bytes = ParseOptions{}.max_file_bytes;
    std::uint64_t max_text_bytes = ParseOptions{}.max_text_bytes;
    std::size_t shards = 0;
    std::size_t jobs = 0;
    double compact_growth = SyncOptions{}.compact_growth;
};

std::string summary_line(const SyncReport& r) {
    char buf[1024];
    std::string where = r.db + (r.shards ? " (" + std::to_string(r.shards) + " shards)"
                                : r.generation.empty() ? "" : " (" + r.generation + ")");
    std::snprintf(buf, sizeof buf,
                  "%s: %zu files, %zu added, %zu updated, %zu unchanged, %zu removed, %zu kept, %zu failed; "
                  "%zu profiles in %s (%.1f s)",
                  r.dry_run ? "cvsearch index (dry run, nothing written)" : "cvsearch index", r.files, r.added, r.updated,
                  r.unchanged, r.removed, r.kept, r.failed.size(), r.total, where.c_str(),
                  static_cast<double>(r.total_time.count()) / 1000.0);
    std::string line = buf;
    if (r.compacted) {
        std::snprintf(buf, sizeof buf, "; compacted into %s: %.1f MB -> %.1f MB (%.1f s)",
                      r.shards ? "new generations" : r.generation.c_str(),
                      static_cast<double>(r.bytes_before_compaction) / 1e6,
                      static_cast<double>(r.bytes_after_compaction) / 1e6,
                      static_cast<double>(r.compact_time.count()) / 1000.0);
        line += buf;
    }
    return line;
}

/// A one-line progress bar on stderr, redrawn at most ten times a second.
class Progress {
  public:
    void update(const std::filesystem::path& file, std::size_t done, std::size_t total) {
        auto now = std::chrono::steady_clock::now();
        if (done < total && now - last_ < std::chrono::milliseconds(100)) return;
        last_ = now;
        int width = 80;
        winsize ws{};
        if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20) width = ws.ws_col;
        const int bar = 24;
        int filled = total ? static_cast<int>(std::lround(bar * static_cast<double>(done) / static_cast<double>(total))) : bar;
        std::string line = "[" + std::string(filled, '#') + std::string(bar - filled, '.') + "] " + std::to_string(done) +
                           "/" + std::to_string(total) + " ";
        std::string name = file.string();
        int room = width - 1 - static_cast<int>(line.size());
        if (room > 3 && static_cast<int>(name.size()) > room) name = "..." + name.substr(name.size() - (room - 3));
        if (room > 3) line += name;
        std::fprintf(stderr, "\r\x1b[K%s", line.c_str());
        std::fflush(stderr);
        shown_ = true;
    }
    void clear() {
        if (shown_) std::fputs("\r\x1b[K", stderr);
        shown_ = false;
    }

  private:
    std::chrono::steady_clock::time_point last_{};
    bool shown_ = false;
};

nlohmann::ordered_json report_json(const IndexArgs& a, const SyncReport& r, const std::optional<Error>& fatal, int exit_code,
                           std::chrono::system_clock::time_point started) {
    using json = nlohmann::ordered_json;
    const char* status = exit_code == exit_ok ? "ok" : exit_code == exit_no_match ? "failures"
                                                   : exit_code == exit_locked     ? "locked"
                                                                                  : "fatal";
    json failures = json::array();
    for (const auto& f : r.failed)
        failures.push_back({{"path", f.path}, {"code", std::string(error_code_name(f.code))}, {"reason", f.reason}});
    json j = {
        {"status", status},
        {"exit_code", exit_code},
        {"db", r.db},
        {"generation", r.generation},
        {"shards", r.shards},
        {"roots", a.roots},
        {"full", a.full},
        {"dry_run", a.dry_run},
        {"no_delete", a.no_delete},
        {"started_at", iso8601_utc(started)},
        {"finished_at", iso8601_utc()},
        {"counts",
         {{"files", r.files},
          {"added", r.added},
          {"updated", r.updated},
          {"unchanged", r.unchanged},
          {"removed", r.removed},
          {"kept", r.kept},
          {"failed", r.failed.size()},
          {"total", r.total}}},
        {"failures", failures},
        {"warnings", r.warnings},
        {"changes", {{"added", r.added_ids}, {"updated", r.updated_ids}, {"removed", r.removed_ids}}},
        {"removed_generations", r.removed_generations},
        {"compaction",
         {{"compacted", r.compacted},
          {"bytes_before", r.bytes_before_compaction},
          {"bytes_after", r.bytes_after_compaction},
          {"ms", r.compact_time.count()}}},
        {"durations_ms",
         {{"scan", r.scan_time.count()},
          {"open", r.open_time.count()},
          {"parse", r.parse_time.count()},
          {"write", r.write_time.count()},
          {"total", r.total_time.count()}}},
    };
    if (fatal)
        j["error"] = {{"code", std::string(error_code_name(fatal->code()))},
                      {"input", fatal->input()},
                      {"message", fatal->message()}};
    return j;
}

/// Writes `text` to `file` via a temporary file and rename, so that a reader of
/// the report never sees half of it. Throws Error(io).
void write_atomically(const std::string& file, const std::string& text) {
    const std::string tmp = file + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) throw Error(ErrorCode::io, file, "cannot write the report; check the path and its permissions");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, file, ec);
    if (ec) throw Error(ErrorCode::io, file, "cannot write the report: " + ec.message());
}

}  // namespace

Action add_index_command(CLI::App& app) {
    auto a = std::make_shared<IndexArgs>();
    CLI::App* cmd = app.add_subcommand("index", "Build or update the index from folders of CV files");
    cmd->footer(
        "Walks each ROOT recursively (hidden files are skipped) for .txt .md .tex .html .pdf\n"
        ".json .jsonl files. A profile's id is its path relative to ROOT without extension.\n"
        "Unchanged files (same content hash) are skipped, changed ones replaced, new ones\n"
        "added, and profiles whose files are gone from the ROOTs are removed (--no-delete\n"
        "keeps them). A file or folder that cannot be read or parsed is reported with its\n"
        "path and reason, its last good version stays in the index, and the run goes on.\n"
        "One run is one transaction: searches see the old index or the new one, never a mix.\n"
        "--full builds a new generation beside the current one and swaps it in atomically;\n"
        "searches that already opened the old one keep working (it is deleted by a later\n"
        "run once --grace has passed). Only one run writes an index at a time.\n"
        "Updates in place make the index grow; when it is more than --compact-growth times\n"
        "its compact size, the run compacts it into a new generation, swapped in the same way.\n\n"
        "Output: one summary line on stdout (for logs), errors on stderr, a progress bar on\n"
        "stderr when it is a terminal; --report FILE adds a JSON report.\n\n"
        "Examples:\n"
        "  cvsearch index data/profiles --db ~/cv.db\n"
        "  cvsearch index /srv/cvs --db /var/lib/cvsearch/index --wait 600 --report /var/log/cvsearch/last.json\n"
        "  cvsearch index /srv/cvs --db /var/lib/cvsearch/index --full\n"
        "  cvsearch index /srv/cvs --db /var/lib/cvsearch/index --dry-run\n"
        "  cvsearch index /srv/cvs --db /srv/cvsearch/cluster --shards 3   (docs/scale-out.md)\n\n"
        "Exit status:\n"
        "  0  all files indexed\n"
        "  1  finished and committed, but some files failed (listed on stderr and in the report),\n"
        "     the compaction after the update failed, or the report could not be written\n"
        "  2  fatal error: nothing was committed (the index is as it was)\n"
        "  3  another run is writing this index (its pid, host and start time are printed); nothing was done");
    cmd->add_option("roots", a->roots, "Folders (or single files) of CV files")->required();
    add_db_option(*cmd, a->db);
    cmd->add_flag("--full", a->full, "Rebuild from scratch into a new generation, swapped in atomically");
    cmd->add_flag("--no-delete", a->no_delete, "Keep indexed profiles whose files are gone");
    cmd->add_flag("--dry-run", a->dry_run, "List which profile ids would be added, updated, removed; write nothing");
    cmd->add_option("--wait", a->wait_seconds, "If another run holds the index, wait up to SECONDS for it (default: exit 3 at once)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--grace", a->grace_seconds,
                    "Keep generations replaced by --full at least SECONDS for readers still using them")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_option("--report", a->report_file, "Write a JSON report of the run to FILE (also on failure)");
    cmd->add_flag("--quiet,-q", a->quiet, "Print only errors (no summary, no progress)");
    cmd->add_option("--max-file-size", a->max_file_bytes, "Refuse files larger than this many bytes")->capture_default_str();
    cmd->add_option("--max-text-size", a->max_text_bytes,
                    "Refuse a profile whose text is larger than this many bytes (what a PDF or any file expands "
                    "to; bounds the memory one file takes, about 50 bytes per byte of text)")
        ->capture_default_str();
    cmd->add_option("--shards", a->shards,
                    "Split a new index into N shards (DIR/shard-NNN, by a hash of the profile id; see "
                    "docs/scale-out.md); later runs keep the index's count")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--jobs,-j", a->jobs,
                    "Threads for a full rebuild or a first build (0: one per core, from 1,000 files on); "
                    "updates in place use one")
        ->check(CLI::Range(0, 256))
        ->capture_default_str();
    cmd->add_option("--compact-growth", a->compact_growth,
                    "After an update in place, compact the index into a new generation once it is FACTOR times "
                    "its compact size and that gives back 64 MiB or more (1: after every update; 0: never)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    return [a, cmd]() -> int {
        if (!cmd->parsed()) return -1;
        const auto started = std::chrono::system_clock::now();
        SyncOptions options;
        for (const auto& r : a->roots) options.roots.emplace_back(r);
        options.db = resolve_db(a->db);
        options.full = a->full;
        options.shards = a->shards;
        options.jobs = a->jobs;
        options.compact_growth = a->compact_growth;
        options.dry_run = a->dry_run;
        options.keep_missing = a->no_delete;
        options.parse.max_file_bytes = a->max_file_bytes;
        options.parse.max_text_bytes = a->max_text_bytes;
        options.lock_wait = std::chrono::milliseconds(static_cast<long long>(a->wait_seconds * 1000));
        options.grace = std::chrono::seconds(static_cast<long long>(a->grace_seconds));
        Progress progress;
        if (!a->quiet && isatty(STDERR_FILENO))
            options.on_file = [&](const std::filesystem::path& f, std::size_t done, std::size_t total) {
                progress.update(f, done, total);
            };
        options.on_lock_wait = [&](const std::string& holder) {
            if (a->quiet) return;
            print_error("the index is being written by " + holder + "; waiting up to " +
                        std::to_string(static_cast<long long>(a->wait_seconds)) + " s for it to finish");
        };

        if (!a->report_file.empty()) {  // find out now, not after an hour of indexing
            std::ofstream probe(a->report_file + ".tmp", std::ios::binary | std::ios::trunc);
            if (!probe) {
                print_error(a->report_file + ": cannot write the report here; check the path and its permissions");
                return exit_error;
            }
        }

        SyncReport report;
        report.db = options.db.string();
        report.dry_run = a->dry_run;
        std::optional<Error> fatal;
        int rc = exit_ok;
        try {
            report = index_directory(options);
            rc = report.failed.empty() ? exit_ok : exit_no_match;
        } catch (const Error& e) {
            fatal = e;
            rc = e.code() == ErrorCode::index_locked ? exit_locked : exit_error;
        } catch (const std::exception& e) {
            fatal = Error(ErrorCode::internal, "", std::string("internal error: ") + e.what() + " (please report this)");
            rc = exit_error;
        }
        progress.clear();

        if (fatal) {
            print_error(fatal->what());
        } else {
            for (const auto& f : report.failed) print_error(f.path + ": " + f.reason);
            for (const auto& w : report.warnings) print_error(w);
            if (!report.warnings.empty() && rc == exit_ok) rc = exit_no_match;
            if (!a->quiet) {
                if (a->dry_run) {
                    for (const auto& id : report.added_ids) std::cout << "add " << id << "\n";
                    for (const auto& id : report.updated_ids) std::cout << "update " << id << "\n";
                    for (const auto& id : report.removed_ids) std::cout << "remove " << id << "\n";
                }
                std::cout << summary_line(report) << std::endl;
            }
        }
        if (!a->report_file.empty()) {
            try {
                // replace: file names need not be UTF-8, JSON must be
                write_atomically(a->report_file,
                                 report_json(*a, report, fatal, rc, started).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
            } catch (const Error& e) {
                print_error(e.what());
                if (rc == exit_ok) rc = exit_no_match;  // not 2: the index itself was committed
            }
        }
        return rc;
    };
}

}  // namespace cvsearch::cli
