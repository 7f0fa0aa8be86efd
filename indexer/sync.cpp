// index_directory: walk the roots; take the index lock; compare each file's
// content hash with what the index holds and parse only new and changed files;
// write the difference in one transaction (or, for a full rebuild, into a new
// generation swapped in on commit). Per-file failures are collected, never
// fatal, and keep the profiles their files gave last time.
#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <system_error>

#include <xapian.h>

#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "indexer/generations.hpp"
#include "indexer/schema.hpp"
#include "indexer/xapian_errors.hpp"

namespace cvsearch {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

std::chrono::milliseconds since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t);
}

/// Adds the time a scope takes to an accumulator.
struct Timed {
    std::chrono::milliseconds& into;
    Clock::time_point start = Clock::now();
    ~Timed() { into += since(start); }
};

struct FoundFile {
    fs::path root;
    fs::path file;
    std::string path;  // file.string(): what the index stores as the source path
};

struct WalkResult {
    std::vector<FoundFile> files;
    std::vector<FileFailure> failures;     // folders that could not be read
    std::vector<std::string> failed_dirs;  // their paths: profiles indexed from under them are kept
};

bool hidden(const fs::path& p) {
    auto name = p.filename().string();
    return name.size() > 1 && name[0] == '.';
}

void walk_dir(const fs::path& dir, bool is_root, std::vector<fs::path>& files, WalkResult& out) {
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    auto fail = [&](const std::error_code& e) {
        if (is_root) throw Error(ErrorCode::io, dir.string(), "cannot read the folder: " + e.message() + "; check its permissions");
        out.failures.push_back({dir.string(), ErrorCode::io,
                                "cannot read the folder: " + e.message() + "; the profiles indexed from it are kept"});
        out.failed_dirs.push_back(dir.string());
    };
    if (ec) return fail(ec);
    std::vector<fs::path> subdirs;
    for (; it != end; it.increment(ec)) {
        const auto& entry = *it;
        if (hidden(entry.path())) continue;
        std::error_code sec;
        if (entry.is_symlink(sec) && entry.is_directory(sec)) continue;  // no loops: like find without -L
        if (entry.is_directory(sec)) subdirs.push_back(entry.path());
        else if (entry.is_regular_file(sec) && is_profile_file_name(entry.path().filename().string()))
            files.push_back(entry.path());
    }
    if (ec) return fail(ec);
    for (const auto& d : subdirs) walk_dir(d, false, files, out);
}

WalkResult walk(const std::vector<fs::path>& roots) {
    WalkResult out;
    for (const auto& root : roots) {
        std::error_code ec;
        auto st = fs::status(root, ec);
        if (ec || !fs::exists(st))
            throw Error(ErrorCode::io, root.string(), "no such file or directory; check the path you asked to index");
        if (fs::is_regular_file(st)) {
            out.files.push_back({root, root, root.string()});
            continue;
        }
        if (!fs::is_directory(st)) throw Error(ErrorCode::io, root.string(), "is neither a file nor a directory");
        std::vector<fs::path> files;
        walk_dir(root, true, files, out);
        std::sort(files.begin(), files.end());
        for (auto& f : files) {
            std::string path = f.string();
            out.files.push_back({root, std::move(f), std::move(path)});
        }
    }
    return out;
}

bool under_failed_dir(const std::string& path, const std::vector<std::string>& dirs) {
    for (const auto& d : dirs)
        if (path.size() > d.size() && path.compare(0, d.size(), d) == 0 && (d.back() == '/' || path[d.size()] == '/'))
            return true;
    return false;
}

std::string schema_mismatch(const std::string& db, const std::string& schema) {
    return "the index has schema version " + (schema.empty() ? std::string("(none)") : schema) +
           ", this cvsearch writes version " + std::string(schema::version) + "; rebuild it with `cvsearch index DIR --db " +
           db + " --full`";
}

/// What the committed index at `db` holds, read without the writer (dry runs, and
/// full rebuilds, which write a new generation). For a full rebuild an unreadable
/// or incompatible index is no error (it is being replaced); `old` then stays empty.
std::map<std::string, IndexedProfile> read_committed(const fs::path& db, bool full, std::optional<Xapian::Database>& old) {
    std::map<std::string, IndexedProfile> out;
    indexing::IndexState st;
    try {
        st = indexing::inspect(db);
    } catch (const Error&) {
        if (full) return out;
        throw;
    }
    if (st.layout == indexing::Layout::none) return out;
    try {
        Xapian::Database xdb(st.current_path().string());
        std::string schema = xdb.get_metadata(std::string(schema::meta_schema));
        if (schema != schema::version && (!schema.empty() || xdb.get_doccount() > 0)) {
            if (!full) throw Error(ErrorCode::index_incompatible, db.string(), schema_mismatch(db.string(), schema));
        }
        for (auto it = xdb.postlist_begin(""); it != xdb.postlist_end(""); ++it) {
            Xapian::Document doc = xdb.get_document(*it);
            IndexedProfile p{doc.get_value(schema::profile_id_slot), doc.get_value(schema::content_hash_slot),
                             doc.get_value(schema::source_path_slot)};
            if (!p.id.empty()) out[p.id] = p;
        }
        old = xdb;
    } catch (const Xapian::Error& e) {
        if (full) return {};
        throw xapian_errors::translate(e, db.string());
    }
    return out;
}

/// The profile `id` as the old index stored it, for a full rebuild that keeps it.
std::optional<Profile> stored_profile(Xapian::Database& db, const std::string& id) {
    try {
        std::string term = schema::id_term(id);
        auto pl = db.postlist_begin(term);
        if (pl == db.postlist_end(term)) return std::nullopt;
        Profile p = profile_from_json(db.get_document(*pl).get_data(), id);
        p.id = id;
        return p;
    } catch (const Xapian::Error&) {
        return std::nullopt;
    } catch (const Error&) {
        return std::nullopt;
    }
}

bool read_bytes(const fs::path& file, std::uintmax_t limit, std::string& bytes) {
    std::error_code ec;
    auto size = fs::file_size(file, ec);
    if (ec || size > limit) return false;
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    bytes.resize(static_cast<std::size_t>(size));
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (in.bad()) return false;
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return true;
}

/// Errors from building one profile's document that concern that profile only;
/// anything else (the disk, the database) stops the run.
bool is_per_profile(ErrorCode code) {
    return code == ErrorCode::parse || code == ErrorCode::usage || code == ErrorCode::internal ||
           code == ErrorCode::too_large;
}

}  // namespace

std::string profile_id_for(const fs::path& root, const fs::path& file) {
    fs::path rel;
    if (root == file || root.empty()) {
        rel = file.filename();
    } else {
        rel = file.lexically_relative(root);
        if (rel.empty() || *rel.begin() == "..") rel = file.filename();
    }
    std::string stem = rel.stem().string();
    if (stem.size() > 7 && text::ascii_lower(stem.substr(stem.size() - 7)) == ".resume") stem.resize(stem.size() - 7);
    fs::path parent = rel.parent_path();
    std::string lower = text::ascii_lower(stem);
    if ((lower == "resume" || lower == "cv") && !parent.empty()) return parent.generic_string();
    return parent.empty() ? stem : (parent / stem).generic_string();
}


SyncReport index_directory(const SyncOptions& options) {
    const auto started = Clock::now();
    SyncReport report;
    report.dry_run = options.dry_run;
    report.full = options.full;
    report.db = options.db.string();
    if (options.roots.empty()) throw Error(ErrorCode::usage, "", "nothing to index: give at least one directory or file");
    if (options.db.empty()) throw Error(ErrorCode::usage, "", "no index path given (use --db PATH)");

    auto t = Clock::now();
    WalkResult found = walk(options.roots);
    const std::vector<FoundFile>& files = found.files;
    report.files = files.size();
    report.failed = found.failures;
    report.scan_time = since(t);

    // The lock first, so that a second run stops before any real work.
    std::optional<IndexWriter> writer;
    if (!options.dry_run) {
        t = Clock::now();
        WriterOptions wo;
        wo.overwrite = options.full;
        wo.lock_wait = options.lock_wait;
        wo.on_lock_wait = options.on_lock_wait;
        wo.grace = options.grace;
        writer.emplace(options.db, wo);
        report.open_time = since(t);
        report.removed_generations = writer->removed_generations();
    }

    // What the index holds now (under the lock: nobody else changes it meanwhile).
    std::map<std::string, IndexedProfile> indexed;
    std::optional<Xapian::Database> old_db;  // a full rebuild copies kept profiles from it
    if (writer && !options.full) {
        for (auto& p : writer->profiles())
            if (!p.id.empty()) indexed[p.id] = std::move(p);
    } else {
        indexed = read_committed(options.db, options.full, old_db);
    }
    std::map<std::string, std::vector<const IndexedProfile*>> by_source;
    for (const auto& [id, p] : indexed)
        if (!p.source_path.empty()) by_source[p.source_path].push_back(&p);

    std::map<std::string, std::string> id_owner;  // id -> file that has it in this run
    std::set<std::string> failed_paths;
    std::size_t done = 0;
    std::vector<bool> skip(files.size(), false);
    auto fail = [&](const std::string& path, ErrorCode code, const std::string& reason) {
        report.failed.push_back({path, code, reason});
        failed_paths.insert(path);
    };

    // Pass 1 (updates only): files with the content hash their profiles were
    // indexed with are not parsed again. Their ids are taken first, so a new file
    // cannot steal an id from an unchanged one.
    if (!options.full) {
        Timed timed{report.parse_time};
        std::string bytes;
        for (std::size_t i = 0; i < files.size(); ++i) {
            auto it = by_source.find(files[i].path);
            if (it == by_source.end()) continue;
            if (!read_bytes(files[i].file, options.parse.max_file_bytes, bytes)) continue;  // pass 2 reports it
            const std::string hash = text::content_hash(bytes);
            if (!std::all_of(it->second.begin(), it->second.end(),
                             [&](const IndexedProfile* p) { return p->content_hash == hash; }))
                continue;
            for (const IndexedProfile* p : it->second) id_owner.emplace(p->id, files[i].path);
            report.unchanged += it->second.size();
            skip[i] = true;
            if (options.on_file) options.on_file(files[i].file, ++done, files.size());
        }
    }

    // Pass 2: parse the others and write them (invisible to readers until commit).
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (skip[i]) continue;
        const FoundFile& f = files[i];
        std::vector<Profile> profiles;
        try {
            Timed timed{report.parse_time};
            profiles = parse_file(f.file, options.parse);
        } catch (const Error& e) {
            fail(f.path, e.code(), e.message());
        } catch (const std::exception& e) {
            fail(f.path, ErrorCode::internal, std::string("unexpected error: ") + e.what() + " (please report this)");
        }
        const std::string base = profile_id_for(f.root, f.file);
        const std::string stem = f.file.stem().string();
        std::size_t without_id =
            std::count_if(profiles.begin(), profiles.end(), [&](const Profile& p) { return p.id == stem || p.id.empty(); });
        std::size_t n = 0;
        for (auto& p : profiles) {
            if (p.id == stem || p.id.empty()) p.id = without_id > 1 ? base + "#" + std::to_string(++n) : base;
            auto [owner, inserted] = id_owner.emplace(p.id, f.path);
            if (!inserted) {
                fail(f.path, ErrorCode::parse,
                     "profile id \"" + p.id + "\" is also used by " + owner->second + "; give one of them another \"id\"");
                continue;
            }
            auto old = indexed.find(p.id);
            const bool is_new = old == indexed.end();
            const bool same = !is_new && old->second.content_hash == p.source.content_hash &&
                              old->second.source_path == p.source.path;
            if (writer && (options.full || !same)) {
                try {
                    Timed timed{report.write_time};
                    writer->put(p);
                } catch (const Error& e) {
                    if (!is_per_profile(e.code())) throw;
                    id_owner.erase(p.id);  // not written: its last good version (if any) stays
                    fail(f.path, e.code(), "profile \"" + p.id + "\" cannot be indexed: " + e.message());
                    continue;
                }
            }
            if (is_new) report.added_ids.push_back(p.id);
            else if (!same) report.updated_ids.push_back(p.id);
            else ++report.unchanged;
        }
        if (options.on_file) options.on_file(f.file, ++done, files.size());
    }

    // Profiles not seen this run: gone, or kept (failed file or folder, --no-delete).
    std::vector<std::string> keep;
    for (const auto& [id, entry] : indexed) {
        if (id_owner.count(id)) continue;
        if (failed_paths.count(entry.source_path) || under_failed_dir(entry.source_path, found.failed_dirs) ||
            options.keep_missing)
            keep.push_back(id);
        else
            report.removed_ids.push_back(id);
    }

    if (writer) {
        Timed timed{report.write_time};
        if (!options.full) {
            for (const auto& id : report.removed_ids) writer->remove(id);
            report.kept = keep.size();
        } else {
            // The new generation starts empty: copy the kept profiles over.
            for (const auto& id : keep) {
                std::optional<Profile> p = old_db ? stored_profile(*old_db, id) : std::nullopt;
                if (p) {
                    writer->put(*p);
                    ++report.kept;
                } else {
                    report.removed_ids.push_back(id);
                }
            }
        }
        writer->commit();
        report.total = writer->size();
        report.generation = writer->generation();
    } else {
        report.kept = keep.size();
        report.total = id_owner.size() + report.kept;
    }
    for (auto* list : {&report.added_ids, &report.updated_ids, &report.removed_ids}) std::sort(list->begin(), list->end());
    report.added = report.added_ids.size();
    report.updated = report.updated_ids.size();
    report.removed = report.removed_ids.size();
    report.total_time = since(started);
    return report;
}

}  // namespace cvsearch
