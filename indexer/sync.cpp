// index_directory: walk the roots, parse every profile file, compare with what
// the index holds (content hash + source path), write the difference in one
// transaction. Per-file failures are collected, never fatal.
#include <algorithm>
#include <map>
#include <set>
#include <system_error>

#include <xapian.h>

#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "indexer/schema.hpp"
#include "indexer/xapian_errors.hpp"

namespace cvsearch {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

std::chrono::milliseconds since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t);
}

struct FoundFile {
    fs::path root;
    fs::path file;
};

bool hidden(const fs::path& p) {
    auto name = p.filename().string();
    return name.size() > 1 && name[0] == '.';
}

std::vector<FoundFile> walk(const std::vector<fs::path>& roots) {
    std::vector<FoundFile> out;
    for (const auto& root : roots) {
        std::error_code ec;
        auto st = fs::status(root, ec);
        if (ec || !fs::exists(st))
            throw Error(ErrorCode::io, root.string(), "no such file or directory; check the path you asked to index");
        if (fs::is_regular_file(st)) {
            out.push_back({root, root});
            continue;
        }
        if (!fs::is_directory(st)) throw Error(ErrorCode::io, root.string(), "is neither a file nor a directory");
        std::vector<fs::path> files;
        fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
        if (ec) throw Error(ErrorCode::io, root.string(), "cannot read the directory: " + ec.message());
        for (; it != end; it.increment(ec)) {
            if (ec) break;
            const auto& entry = *it;
            if (hidden(entry.path())) {
                if (entry.is_directory(ec)) it.disable_recursion_pending();
                continue;
            }
            if (entry.is_regular_file(ec) && is_profile_file_name(entry.path().filename().string()))
                files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        for (auto& f : files) out.push_back({root, std::move(f)});
    }
    return out;
}

/// What the index at `db` holds now; empty if there is no index yet.
std::map<std::string, IndexedProfile> read_indexed(const fs::path& db, bool full) {
    std::map<std::string, IndexedProfile> out;
    std::error_code ec;
    if (!fs::exists(db / "iamglass", ec)) return out;
    try {
        Xapian::Database xdb(db.string());
        std::string schema = xdb.get_metadata(std::string(schema::meta_schema));
        if (!full && schema != schema::version && (!schema.empty() || xdb.get_doccount() > 0))
            throw Error(ErrorCode::index_incompatible, db.string(),
                        "the index has schema version " + (schema.empty() ? std::string("(none)") : schema) +
                            ", this cvsearch writes version " + std::string(schema::version) +
                            "; rebuild it with `cvsearch index DIR --db " + db.string() + " --full`");
        for (auto it = xdb.postlist_begin(""); it != xdb.postlist_end(""); ++it) {
            Xapian::Document doc = xdb.get_document(*it);
            IndexedProfile p{doc.get_value(schema::profile_id_slot), doc.get_value(schema::content_hash_slot),
                             doc.get_value(schema::source_path_slot)};
            out[p.id] = p;
        }
    } catch (const Xapian::Error& e) {
        if (full) return {};  // a full rebuild replaces whatever is there
        throw xapian_errors::translate(e, db.string());
    }
    return out;
}

std::string file_stem(const fs::path& file) { return file.stem().string(); }

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
    if (options.roots.empty()) throw Error(ErrorCode::usage, "", "nothing to index: give at least one directory or file");
    if (options.db.empty()) throw Error(ErrorCode::usage, "", "no index path given (use --db PATH)");

    auto t = Clock::now();
    std::vector<FoundFile> files = walk(options.roots);
    report.files = files.size();
    report.scan_time = since(t);

    // Parse everything first: the index is only touched once we know what to write.
    t = Clock::now();
    std::vector<Profile> parsed;
    std::map<std::string, std::string> id_owner;  // id -> file
    std::set<std::string> failed_paths;
    std::size_t done = 0;
    for (const auto& f : files) {
        const std::string path = f.file.string();
        try {
            std::vector<Profile> profiles = parse_file(f.file, options.parse);
            const std::string base = profile_id_for(f.root, f.file);
            const std::string stem = file_stem(f.file);
            std::size_t without_id =
                std::count_if(profiles.begin(), profiles.end(), [&](const Profile& p) { return p.id == stem || p.id.empty(); });
            std::size_t n = 0;
            for (auto& p : profiles) {
                if (p.id == stem || p.id.empty()) p.id = without_id > 1 ? base + "#" + std::to_string(++n) : base;
                auto [it, inserted] = id_owner.emplace(p.id, path);
                if (!inserted) {
                    report.failed.push_back({path, ErrorCode::parse,
                                             "profile id \"" + p.id + "\" is also used by " + it->second +
                                                 "; give one of them another \"id\""});
                    failed_paths.insert(path);
                    continue;
                }
                parsed.push_back(std::move(p));
            }
        } catch (const Error& e) {
            report.failed.push_back({path, e.code(), e.message()});
            failed_paths.insert(path);
        } catch (const std::exception& e) {
            report.failed.push_back({path, ErrorCode::internal, std::string("unexpected error: ") + e.what()});
            failed_paths.insert(path);
        }
        if (options.on_file) options.on_file(f.file, ++done, files.size());
    }
    report.parse_time = since(t);

    // Compare with the index.
    t = Clock::now();
    std::map<std::string, IndexedProfile> indexed = read_indexed(options.db, options.full);
    std::vector<const Profile*> to_put;
    std::set<std::string> seen;
    for (const auto& p : parsed) {
        seen.insert(p.id);
        auto it = indexed.find(p.id);
        if (it == indexed.end()) {
            ++report.added;
            to_put.push_back(&p);
        } else if (options.full || it->second.content_hash != p.source.content_hash ||
                   it->second.source_path != p.source.path) {
            ++report.updated;
            to_put.push_back(&p);
        } else {
            ++report.unchanged;
        }
    }
    std::vector<std::string> to_remove;
    std::size_t kept_from_failed = 0;
    for (const auto& [id, entry] : indexed) {
        if (seen.count(id)) continue;
        if (failed_paths.count(entry.source_path)) {  // keep the last good version
            ++kept_from_failed;
            continue;
        }
        to_remove.push_back(id);
    }
    report.removed = to_remove.size();

    if (options.dry_run) {
        report.total = seen.size() + kept_from_failed;
    } else {
        WriterOptions wo;
        wo.overwrite = options.full;
        IndexWriter writer(options.db, wo);
        if (options.full) {
            // The old index is gone; profiles of failed files cannot be kept.
            report.removed += kept_from_failed;
        } else {
            for (const auto& id : to_remove) writer.remove(id);
        }
        for (const Profile* p : to_put) writer.put(*p);
        writer.commit();
        report.total = writer.size();
    }
    report.write_time = since(t);
    report.total_time = since(started);
    return report;
}

}  // namespace cvsearch
