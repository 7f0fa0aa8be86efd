// index_directory: walk the roots; take the index lock; compare each file's
// content hash with what the index holds and parse only new and changed files;
// write the difference in one transaction (or, for a full rebuild, into a new
// generation swapped in on commit; that one is built by several threads when
// there are many files, indexer/part_writer.hpp). Per-file failures are
// collected, never fatal, and keep the profiles their files gave last time.
#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include <xapian.h>

#include "core/stored_profile.hpp"
#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "indexer/document_builder.hpp"
#include "indexer/generations.hpp"
#include "parse/normalize/normalize.hpp"
#include "vocabulary/pair_terms.hpp"
#include "indexer/part_writer.hpp"
#include "indexer/profile_ids.hpp"
#include "vocabulary/schema.hpp"
#include "indexer/shard_writer.hpp"
#include "vocabulary/shards.hpp"
#include "vocabulary/xapian_errors.hpp"

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
    std::vector<std::string> empty_roots;  // folders given with no CV file under them
};

bool hidden(const fs::path& p) {
    auto name = p.filename().string();
    return name.size() > 1 && name[0] == '.';
}

/// True when `real` (a canonical path) is `root_real` or inside it.
bool inside(const fs::path& real, const fs::path& root_real) {
    auto r = root_real.begin(), p = real.begin();
    for (; r != root_real.end(); ++r, ++p)
        if (p == real.end() || *p != *r) return false;
    return true;
}

/// Walks `dir` under a root whose canonical path is `root_real`. A symbolic
/// link to a file is followed only when its target is inside the root: a link
/// to /etc/passwd in a folder of CVs would otherwise put that file's lines in
/// search results. Links to folders are never followed (no loops).
void walk_dir(const fs::path& dir, bool is_root, const fs::path& root_real, std::vector<fs::path>& files,
              WalkResult& out) {
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
        else if (std::error_code lec; entry.is_symlink(lec) && is_profile_file_name(entry.path().filename().string()))
            files.push_back(entry.path());  // a dangling link or a loop: parse_file reports it, its profiles are kept
        if (!files.empty() && files.back() == entry.path() && entry.is_symlink(sec)) {
            std::error_code cec;
            const fs::path target = fs::canonical(entry.path(), cec);
            if (!cec && !inside(target, root_real)) {
                files.pop_back();
                out.failures.push_back({entry.path().string(), ErrorCode::io,
                                        "a symbolic link to " + target.string() +
                                            ", outside the folder being indexed; not followed (copy the file in, "
                                            "or give its folder as a root of its own)"});
            }
        }
    }
    if (ec) return fail(ec);
    for (const auto& d : subdirs) walk_dir(d, false, root_real, files, out);
}

/// The path the index stores for a root: absolute and without "." or ".."
/// parts or a trailing slash, so that the same folder given by another path
/// (relative, "./cvs/", absolute) is the same files. Symlinks are left as they
/// are: a linked folder is indexed under the path it was given.
fs::path stored_root(const fs::path& given) {
    std::error_code ec;
    fs::path p = fs::absolute(given, ec);
    if (ec) p = given;
    p = p.lexically_normal();
    if (!p.has_filename() && p != p.root_path()) p = p.parent_path();  // "dir/" -> "dir"
    return p;
}

WalkResult walk(const std::vector<fs::path>& given_roots) {
    WalkResult out;
    for (const auto& given : given_roots) {
        const fs::path root = stored_root(given);
        std::error_code ec;
        auto st = fs::status(root, ec);
        if (ec || !fs::exists(st))
            throw Error(ErrorCode::io, given.string(), "no such file or directory; check the path you asked to index");
        if (fs::is_regular_file(st)) {
            out.files.push_back({root, root, root.string()});
            continue;
        }
        if (!fs::is_directory(st)) throw Error(ErrorCode::io, given.string(), "is neither a file nor a directory");
        std::vector<fs::path> files;
        std::error_code cec;
        fs::path root_real = fs::canonical(root, cec);
        if (cec) root_real = fs::absolute(root);
        walk_dir(root, true, root_real, files, out);
        if (files.empty()) out.empty_roots.push_back(given.string());
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

/// After an update in place: compacts each writer's index that has grown past
/// SyncOptions::compact_growth times its compact size, if that gives back at
/// least compact_min_bytes (growth at most 1: every one; 0: none).
void compact_grown(std::vector<IndexWriter>& writers, const SyncOptions& options, SyncReport& report) {
    const double factor = options.compact_growth;
    if (factor <= 0) return;
    const bool every = factor <= 1;
    for (auto& w : writers) {
        const std::uintmax_t before = w.disk_bytes();
        const double growth = w.growth();
        if (!every) {
            if (growth <= factor) continue;
            const double gain = static_cast<double>(before) * (1.0 - 1.0 / growth);
            if (gain < static_cast<double>(options.compact_min_bytes)) continue;
        }
        auto t = Clock::now();
        try {
            w.compact();
        } catch (const Error& e) {  // the update is committed: report, go on
            report.warnings.push_back("could not compact the index: " + std::string(e.what()) +
                                      " (the update is committed; a later run compacts it)");
            continue;
        }
        report.bytes_before_compaction += before;
        report.bytes_after_compaction += w.disk_bytes();
        report.compact_time += since(t);
        report.compacted = true;
    }
}

std::string schema_mismatch(const std::string& db, const std::string& schema) {
    return "the index has schema version " + (schema.empty() ? std::string("(none)") : schema) +
           ", this cvsearch writes version " + std::string(schema::version) + "; rebuild it with `cvsearch index DIR --db " +
           db + " --full`";
}

/// The schema version of the committed index at `db` when it is older than
/// this cvsearch's (the index must be rebuilt whole); nullopt when there is
/// no index, it is current, or it cannot be read (the writer reports that).
std::optional<std::string> older_schema(const fs::path& db) {
    try {
        const indexing::IndexState st = indexing::inspect(db);
        if (st.layout == indexing::Layout::none) return std::nullopt;
        Xapian::Database xdb(st.current_path().string());
        std::string schema = xdb.get_metadata(std::string(schema::meta_schema));
        if (schema.empty() && xdb.get_doccount() == 0) return std::nullopt;
        int have = 0, want = 0;
        std::from_chars(schema.data(), schema.data() + schema.size(), have);
        std::from_chars(schema::version.data(), schema::version.data() + schema::version.size(), want);
        if (have < want) return schema.empty() ? std::string("(none)") : schema;
    } catch (const Error&) {
    } catch (const Xapian::Error&) {
    }
    return std::nullopt;
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
        Profile p = profile_from_stored_json(db.get_document(*pl).get_data(), id);
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
/// The shard layout to write: the existing one, a new one for options.shards > 1,
/// or nullopt (unsharded). Refuses a shard count that does not fit the index.
std::optional<indexing::ShardLayout> choose_layout(const SyncOptions& options) {
    const std::string name = options.db.string();
    auto existing = indexing::shard_layout(options.db);
    if (options.shards > indexing::max_shards)
        throw Error(ErrorCode::usage, std::to_string(options.shards),
                    "too many shards (at most " + std::to_string(indexing::max_shards) + "); see docs/scale-out.md");
    if (existing) {
        const std::size_t n = existing->shards.size();
        if (options.shards != 0 && options.shards != n)
            throw Error(ErrorCode::usage, name,
                        "is an index with " + std::to_string(n) + " shards, not " + std::to_string(options.shards) +
                            "; profiles are not moved between shards in place: build a new index with `cvsearch index "
                            "ROOT --db NEWDIR --shards " + std::to_string(options.shards) +
                            "` and point the searchers at it (or drop --shards to update this one)");
        return existing;
    }
    if (options.shards <= 1) return std::nullopt;
    std::error_code ec;
    if (fs::exists(options.db, ec)) {
        if (!fs::is_directory(options.db, ec))
            throw Error(ErrorCode::usage, name, "exists and is not a directory; choose another --db path");
        for (fs::directory_iterator it(options.db, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string f = it->path().filename().string();
            if (f == "aux" || f == "XAPIANDB.tmp" || f.rfind("shard-", 0) == 0) continue;  // an interrupted first build
            throw Error(ErrorCode::usage, name,
                        indexing::inspect(options.db).layout == indexing::Layout::none
                            ? "is a directory with other files in it; choose an empty or new --db path for a sharded index"
                            : "is an unsharded index; --shards " + std::to_string(options.shards) +
                                  " needs a new --db path (build the sharded index there and point the searchers at it), "
                                  "or drop --shards to update this one");
        }
    }
    return indexing::make_shard_layout(options.db, options.shards);
}

bool is_per_profile(ErrorCode code) {
    return code == ErrorCode::parse || code == ErrorCode::usage || code == ErrorCode::internal ||
           code == ErrorCode::too_large;
}

}  // namespace

namespace {

/// What pass 2 made of one file: its profiles, with their ids, or why it failed.
struct FileOutcome {
    struct Entry {
        std::string id;
        Profile profile;                  // dropped once written into a part
        std::string hash;                 // the extraction key the index stores
        bool written = false;             // put into a part (parallel builds)
        std::optional<Error> put_error;   // a per-profile error from put
    };
    std::optional<Error> failure;
    std::vector<Entry> entries;
};

/// Parses one file and gives its profiles their ids (the file's id; "#n" when
/// one file holds several profiles without ids of their own).
FileOutcome read_profiles(const FoundFile& f, const SyncOptions& options, std::chrono::milliseconds& parse_time) {
    FileOutcome out;
    std::vector<Profile> profiles;
    try {
        Timed timed{parse_time};
        profiles = parse_file(f.file, options.parse);
    } catch (const Error& e) {
        out.failure = e;
    } catch (const std::exception& e) {
        out.failure = Error(ErrorCode::internal, f.path, std::string("unexpected error: ") + e.what() + " (please report this)");
    }
    const std::string base = profile_id_for(f.root, f.file);
    const std::string stem = f.file.stem().string();
    std::size_t n = 0;
    for (auto& p : profiles) {  // a declared id stays inside its file (indexer/profile_ids.hpp)
        const std::string declared = p.id == stem ? std::string() : p.id;
        p.id = indexing::profile_id_in_file(base, declared, ++n, profiles.size());
        std::string hash = schema::extraction_key(p.source.content_hash);
        FileOutcome::Entry e;
        e.id = p.id;
        e.hash = std::move(hash);
        e.profile = std::move(p);
        out.entries.push_back(std::move(e));
    }
    return out;
}

/// How many files (evenly spread over those to index) a new index's pair words
/// are chosen from: about 0.3 s of parsing and building for CV text files.
constexpr std::size_t pair_sample_files = 256;

/// The common words of a new index (vocabulary/pair_terms.hpp), from the profiles
/// of a sample of the files it is built from. The sample is parsed once more
/// later, with the rest; its time counts as parse time.
indexing::PairWords choose_pair_words(const std::vector<FoundFile>& files, const std::vector<std::size_t>& todo,
                                      const SyncOptions& options, std::chrono::milliseconds& parse_time) {
    indexing::PairWordCounter counter;
    indexing::DocumentBuilder builder(indexing::DocumentBuilder::current_year());
    const std::size_t n = std::min(todo.size(), pair_sample_files);
    for (std::size_t s = 0; s < n; ++s) {
        for (auto& e : read_profiles(files[todo[s * todo.size() / n]], options, parse_time).entries) {
            try {
                Timed timed{parse_time};
                normalize::normalize_profile(e.profile);
                counter.add(builder.build(e.profile));
            } catch (const Error&) {  // pass 2 reports what is wrong with it
            }
        }
    }
    return counter.choose();
}

/// Files a new generation must hold before SyncOptions::jobs = 0 builds it
/// with more than one thread (below this, starting threads and merging parts
/// costs more than it saves).
constexpr std::size_t parallel_min_files = 1000;

/// Where share t of n items starts when they are cut into `jobs` contiguous shares.
std::size_t share_start(std::size_t n, std::size_t jobs, std::size_t t) { return n * t / jobs; }

std::size_t build_threads(const SyncOptions& options, bool new_generation, std::size_t files) {
    if (!new_generation || files < 2) return 1;
    std::size_t jobs = options.jobs;
    if (jobs == 0) {
        if (files < parallel_min_files) return 1;
        jobs = std::max(1u, std::thread::hardware_concurrency());
    }
    return std::min(jobs, files);
}

/// Pass 2 of a new generation of many files: thread t parses the t-th
/// contiguous share of `todo` into parts[t]; commit() merges the parts in
/// order, so the docids are what one thread would have given. Fills `outcomes`
/// (profiles dropped once written: the ids are enough from then on). A file's
/// or profile's own error is recorded in its outcome; anything else is thrown
/// after all threads stopped (the writer then discards the generation).
void parse_into_parts(const std::vector<FoundFile>& files, const std::vector<std::size_t>& todo,
                      const SyncOptions& options, std::vector<std::optional<indexing::PartWriter>>& parts,
                      std::vector<FileOutcome>& outcomes, std::size_t& done, SyncReport& report) {
    const std::size_t jobs = parts.size();
    std::mutex progress;
    auto work = [&](std::size_t t, std::chrono::milliseconds& parse_time, std::chrono::milliseconds& write_time) {
        std::set<std::string> ids;  // this share's own duplicates are not written twice
        for (std::size_t k = share_start(todo.size(), jobs, t); k < share_start(todo.size(), jobs, t + 1); ++k) {
            FileOutcome& out = outcomes[todo[k]];
            out = read_profiles(files[todo[k]], options, parse_time);
            for (auto& e : out.entries) {
                if (!ids.insert(e.id).second) continue;
                try {
                    Timed timed{write_time};
                    parts[t]->put(e.profile);
                    e.written = true;
                } catch (const Error& err) {
                    if (!is_per_profile(err.code())) throw;
                    ids.erase(e.id);
                    e.put_error = err;
                }
                e.profile = Profile{};
            }
            if (options.on_file) {
                std::lock_guard lock(progress);
                options.on_file(files[todo[k]].file, ++done, files.size());
            }
        }
    };
    std::vector<std::chrono::milliseconds> parse_times(jobs), write_times(jobs);
    std::vector<std::exception_ptr> errors(jobs);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < jobs; ++t) {
        threads.emplace_back([&, t] {
            try {
                work(t, parse_times[t], write_times[t]);
            } catch (...) {
                errors[t] = std::current_exception();
            }
        });
    }
    for (auto& th : threads) th.join();
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
    for (std::size_t t = 0; t < jobs; ++t) {  // summed over the threads: more than the wall time
        report.parse_time += parse_times[t];
        report.write_time += write_times[t];
    }
}

}  // namespace

SyncReport index_directory(const SyncOptions& given) {
    const auto started = Clock::now();
    SyncOptions options = given;
    SyncReport report;
    report.dry_run = options.dry_run;
    report.db = options.db.string();
    if (options.roots.empty()) throw Error(ErrorCode::usage, "", "nothing to index: give at least one directory or file");
    if (options.db.empty()) throw Error(ErrorCode::usage, "", "no index path given (use --db PATH)");

    auto t = Clock::now();
    WalkResult found = walk(options.roots);
    const std::vector<FoundFile>& files = found.files;
    report.files = files.size();
    report.failed = found.failures;
    report.scan_time = since(t);
    for (const auto& root : found.empty_roots)
        report.warnings.push_back(root + ": no CV files here (cvsearch reads .txt .md .markdown .tex .html .htm .pdf "
                                         ".json .jsonl); nothing indexed from it");

    // Sharded: one index (and one writer, with its own lock) per shard, and a
    // profile always goes to the shard of its id (vocabulary/shards.hpp).
    const std::optional<indexing::ShardLayout> layout = choose_layout(options);
    const std::vector<fs::path> targets = layout ? layout->shards : std::vector<fs::path>{options.db};
    auto shard = [&](std::string_view id) { return indexing::shard_of(id, targets.size()); };
    report.shards = layout ? targets.size() : 0;

    // An index an older cvsearch wrote cannot be updated in place: rebuilt whole.
    if (!options.full)
        for (const auto& target : targets)
            if (auto old = older_schema(target)) {
                options.full = true;
                report.warnings.push_back(target.string() + ": the index has schema version " + *old +
                                          " (written by an older cvsearch); " +
                                          (options.dry_run ? "a real run rebuilds it whole" : "rebuilt whole") +
                                          " for version " + std::string(schema::version));
                break;
            }
    report.full = options.full;

    // The locks first, so that a second run stops before any real work. Shards
    // are locked in order, so two sharded runs cannot deadlock.
    std::vector<IndexWriter> writers;
    writers.reserve(targets.size());
    if (!options.dry_run) {
        t = Clock::now();
        WriterOptions wo;
        wo.overwrite = options.full;
        wo.lock_wait = options.lock_wait;
        wo.on_lock_wait = options.on_lock_wait;
        wo.grace = options.grace;
        for (const auto& target : targets) {
            writers.emplace_back(target, wo);
            for (const auto& g : writers.back().removed_generations())
                report.removed_generations.push_back(layout ? target.filename().string() + "/" + g : g);
        }
        report.open_time = since(t);
    }
    IndexWriter* writer = writers.empty() ? nullptr : &writers.front();  // "are we writing?"
    auto writer_for = [&](std::string_view id) -> IndexWriter& { return writers[shard(id)]; };

    // What the index holds now (under the lock: nobody else changes it meanwhile).
    std::map<std::string, IndexedProfile> indexed;
    std::vector<std::optional<Xapian::Database>> old_dbs(targets.size());  // a full rebuild copies kept profiles from them
    for (std::size_t k = 0; k < targets.size(); ++k) {
        if (writer && !options.full) {
            for (auto& p : writers[k].profiles())
                if (!p.id.empty()) indexed[p.id] = std::move(p);
        } else {
            indexed.merge(read_committed(targets[k], options.full, old_dbs[k]));
        }
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

    // Files that give the same path id (alice.md and alice.txt): the file the
    // index has the id from keeps it, the others are refused, every run, in
    // incremental and full runs alike; none of them if no one holds it yet.
    std::vector<std::string> path_ids(files.size()), paths(files.size());
    std::vector<bool> holds(files.size(), false);
    for (std::size_t i = 0; i < files.size(); ++i) {
        path_ids[i] = profile_id_for(files[i].root, files[i].file);
        paths[i] = files[i].path;
        auto it = by_source.find(files[i].path);
        if (it != by_source.end())
            holds[i] = std::any_of(it->second.begin(), it->second.end(),
                                   [&](const IndexedProfile* p) { return indexing::id_belongs_to(p->id, path_ids[i]); });
    }
    for (const auto& claim : indexing::refused_claims(path_ids, paths, holds)) {
        fail(files[claim.file].path, ErrorCode::usage, claim.reason);
        skip[claim.file] = true;
        if (options.on_file) options.on_file(files[claim.file].file, ++done, files.size());
    }

    // Pass 1 (updates only): files with the content hash their profiles were
    // indexed with, under the ids their path gives, are not parsed again.
    if (!options.full) {
        Timed timed{report.parse_time};
        std::string bytes;
        for (std::size_t i = 0; i < files.size(); ++i) {
            auto it = by_source.find(files[i].path);
            if (skip[i] || it == by_source.end()) continue;
            if (!read_bytes(files[i].file, options.parse.max_file_bytes, bytes)) continue;  // pass 2 reports it
            const std::string hash = schema::extraction_key(text::content_hash(bytes));
            if (!std::all_of(it->second.begin(), it->second.end(),
                             [&](const IndexedProfile* p) {
                                 return p->content_hash == hash && indexing::id_belongs_to(p->id, path_ids[i]);
                             }))
                continue;
            for (const IndexedProfile* p : it->second) id_owner.emplace(p->id, files[i].path);
            report.unchanged += it->second.size();
            skip[i] = true;
            if (options.on_file) options.on_file(files[i].file, ++done, files.size());
        }
    }

    // Pass 2: parse the others and write them (invisible to readers until commit).
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < files.size(); ++i)
        if (!skip[i]) todo.push_back(i);
    if (writer && indexing::WriterParts::accepts_parts(*writer)) {  // a new index: its pair words, for good
        const indexing::PairWords words = choose_pair_words(files, todo, options, report.parse_time);
        for (auto& w : writers)
            if (indexing::WriterParts::accepts_parts(w)) indexing::WriterParts::set_pair_words(w, words);
    }
    const std::size_t jobs = build_threads(options, writer && !layout && indexing::WriterParts::accepts_parts(*writer), todo.size());
    std::vector<std::optional<indexing::PartWriter>> parts;
    std::vector<FileOutcome> outcomes(files.size());
    if (jobs > 1) {
        for (std::size_t t = 0; t < jobs; ++t) parts.emplace_back(indexing::WriterParts::make_part(*writer, options.segment_docs));
        parse_into_parts(files, todo, options, parts, outcomes, done, report);
    }

    // In file order: who owns which id, what changed, what failed.
    for (std::size_t k = 0; k < todo.size(); ++k) {
        const std::size_t i = todo[k];
        const FoundFile& f = files[i];
        FileOutcome& out = outcomes[i];
        if (jobs <= 1) out = read_profiles(f, options, report.parse_time);
        if (out.failure) fail(f.path, out.failure->code(), out.failure->message());
        for (auto& e : out.entries) {
            const std::string& id = e.id;
            const bool inserted = id_owner.emplace(id, f.path).second;
            if (!inserted) {  // ids of different files never meet: this file gives one twice
                fail(f.path, ErrorCode::parse,
                     "profile id \"" + id + "\" is given to two profiles of this file; give one of them another \"id\"");
                continue;
            }
            auto old = indexed.find(id);
            const bool is_new = old == indexed.end();
            const bool same = !is_new && old->second.content_hash == e.hash && old->second.source_path == f.path;
            if (jobs <= 1 && writer && (options.full || !same)) {
                try {
                    Timed timed{report.write_time};
                    writer_for(id).put(e.profile);
                } catch (const Error& err) {
                    if (!is_per_profile(err.code())) throw;
                    e.put_error = err;
                }
            }
            if (e.put_error) {
                id_owner.erase(id);  // not written: its last good version (if any) stays
                fail(f.path, e.put_error->code(), "profile \"" + id + "\" cannot be indexed: " + e.put_error->message());
                continue;
            }
            if (is_new) report.added_ids.push_back(id);
            else if (!same) report.updated_ids.push_back(id);
            else ++report.unchanged;
        }
        out = FileOutcome{};
        if (jobs <= 1 && options.on_file) options.on_file(f.file, ++done, files.size());
    }
    for (auto& part : parts) part->finish();

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
            for (const auto& id : report.removed_ids) writer_for(id).remove(id);
            report.kept = keep.size();
        } else {
            // The new generation starts empty: copy the kept profiles over.
            for (const auto& id : keep) {
                auto& old_db = old_dbs[shard(id)];
                std::optional<Profile> p = old_db ? stored_profile(*old_db, id) : std::nullopt;
                if (p) {
                    writer_for(id).put(*p);
                    ++report.kept;
                } else {
                    report.removed_ids.push_back(id);
                }
            }
        }
        // Each shard commits on its own: a reader that opens the index between
        // two of these commits sees some shards updated and others not yet.
        for (auto& w : writers) w.commit();
        const bool changed = !report.added_ids.empty() || !report.updated_ids.empty() || !report.removed_ids.empty();
        if (!options.full && changed) compact_grown(writers, options, report);
        if (layout) {
            indexing::update_aux(*layout);  // spelling and synonyms for remote searchers
            if (!fs::exists(layout->dir / indexing::stub_file_name)) indexing::write_shard_stub(*layout);
        }
        report.total = 0;
        for (auto& w : writers) {
            report.total += w.size();
            report.warnings.insert(report.warnings.end(), w.warnings().begin(), w.warnings().end());
        }
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
