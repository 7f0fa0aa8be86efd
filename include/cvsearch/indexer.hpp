// cvsearch/indexer.hpp — building the search index.
//
// Two levels:
//
//   // 1. Whole directories (what `cvsearch index` does):
//   cvsearch::SyncOptions opt;
//   opt.roots = {"cvs/"};
//   opt.db = "cvs.db";
//   cvsearch::SyncReport r = cvsearch::index_directory(opt);   // r.failed lists bad files
//
//   // 2. Profiles you already have in memory:
//   cvsearch::IndexWriter w("cvs.db");
//   w.put(profile);            // add or replace, by profile.id
//   w.remove("old/id");
//   w.commit();                // readers see all of it at once, or none of it
//
// One writer at a time per index: a second one fails with ErrorCode::index_locked
// (or waits, WriterOptions::lock_wait). Readers (cvsearch::Searcher) never block
// and keep seeing the last commit. A full rebuild goes into a new generation that
// replaces the old one atomically on commit; see docs/index-layout.md.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/profile.hpp"

namespace cvsearch {

namespace indexing {
struct WriterParts;  // the library's parallel build (indexer/part_writer.hpp)
}

// ---- profile ids ----------------------------------------------------------------

/// The id of the profile in `file`, found while walking `root`: the path relative
/// to the root with '/' separators and without its extension
/// ("kaist/jae-won-ryu.txt" -> "kaist/jae-won-ryu"). A ".resume" before the
/// extension is dropped too ("kaist/lee.resume.json" -> "kaist/lee"), and a file
/// named resume.* or cv.* stands for its directory ("hannah/resume.json" -> "hannah").
/// When `file` is `root` itself (a single file was given), the id is its stem.
/// The id is clean: a name that is not well-formed UTF-8, or holds control
/// characters, bidirectional overrides or '#', gives an id with each of those
/// replaced by '_' and "~" plus 8 hex digits of a hash of the raw name
/// appended ("bad\xff.md" -> "bad_~aa11d8a5"), the same on every run.
/// The path owns the id: an "id" a profile JSON declares does not replace it
/// (a file of several profiles gives "PATHID#DECLARED", or "PATHID#n").
std::string profile_id_for(const std::filesystem::path& root, const std::filesystem::path& file);

// ---- the writer -------------------------------------------------------------------

struct WriterOptions {
    /// Start from an empty index (a full rebuild): the writer builds a new
    /// generation beside the current one, and commit() swaps it in atomically,
    /// so readers see the old index until then. Otherwise the existing index is
    /// updated in place.
    bool overwrite = false;
    /// "Now" for the recency part of the rank prior; 0 means the current year.
    int reference_year = 0;
    /// How long to wait when another writer holds the index; 0 fails at once
    /// with ErrorCode::index_locked.
    std::chrono::milliseconds lock_wait{0};
    /// Called once, with a description of the holder (pid, host, start time,
    /// command), when the writer starts waiting for the lock. May be empty.
    std::function<void(const std::string& holder)> on_lock_wait;
    /// Generations replaced by a full rebuild are deleted by the first writer
    /// that opens the index at least this long after the swap, so that readers
    /// which still have them open keep working meanwhile.
    std::chrono::seconds grace{3600};
    /// For a new generation (overwrite, or a first build): compact it with
    /// Xapian's compaction before it is published, which makes it about 45%
    /// smaller. Costs a few seconds per 10,000 profiles at the first commit.
    bool compact = true;
};

/// What the index holds for one profile (for incremental updates).
struct IndexedProfile {
    std::string id;
    /// The source file's content hash with the extractor revision it was read
    /// with (a file is parsed again when either changes); empty if unknown.
    std::string content_hash;
    std::string source_path;   ///< the source file as it was walked; empty if unknown
};

/// Writes profiles into an index directory (created if missing). All changes
/// between two commit() calls form one transaction: readers see all of them at
/// once or none. Destroying the writer without commit() discards them.
/// The writer holds the index's lock (DIR/cvsearch.lock) for its whole life.
/// Not thread-safe: one thread uses one writer.
class IndexWriter {
  public:
    /// Opens (or creates) the index at `db`. Throws Error: index_locked when
    /// another writer holds it (after options.lock_wait), index_incompatible for
    /// an index of another schema version (rebuild with overwrite),
    /// io/index_corrupt otherwise.
    explicit IndexWriter(const std::filesystem::path& db, const WriterOptions& options = {});
    ~IndexWriter();
    IndexWriter(IndexWriter&&) noexcept;
    IndexWriter& operator=(IndexWriter&&) noexcept;
    IndexWriter(const IndexWriter&) = delete;
    IndexWriter& operator=(const IndexWriter&) = delete;

    /// Adds the profile, or replaces the one with the same id. The profile is
    /// normalized (canonical institutions and venues) first. Throws Error(usage)
    /// for an empty id.
    void put(const Profile& profile);
    /// Removes the profile with this id; false if there was none.
    bool remove(std::string_view id);
    /// True if a profile with this id is in the index (committed or pending).
    bool contains(std::string_view id) const;
    /// Every profile the index holds now (committed and pending), in docid order.
    std::vector<IndexedProfile> profiles() const;
    /// Number of profiles (committed and pending).
    std::size_t size() const;

    /// Makes every change since the last commit visible, at once, and records
    /// the build time. Then saves the index's facet table beside it, so that
    /// searches load it instead of building it at their first facet count
    /// (0.2 s per 100,000 profiles, the same again for readers that would
    /// otherwise build it); a table that cannot be saved is a warning(), not
    /// an error. The writer stays usable.
    void commit();

    /// Commits, then rewrites the index with Xapian's compaction into a new
    /// generation and publishes it the way a full rebuild does: searches move
    /// to it at their next request, and the old generation is deleted after the
    /// grace period. Updates in place make an index grow (each one splits the
    /// full B-tree blocks it touches: changing 1% of the profiles of a compact
    /// index made ours 1.3 to 1.7 times as big); this gives the space back.
    /// Takes 1-2 s per 10,000 profiles (1.0 s at 10,000 generated ones, 17.5 s
    /// at 100,000) and, for a moment, room for a second copy. Does nothing
    /// more than commit() when nothing was put or removed since the index was
    /// last compacted. Throws Error(io) when the
    /// compaction fails; the index is then as the commit left it.
    void compact();
    /// The index's size on disk divided by its size right after it was last
    /// compacted (by compact(), or by a build with WriterOptions::compact):
    /// 1.0 then, more after updates in place. 0 when unknown: the index was
    /// never compacted, or by a cvsearch that did not record it.
    double growth() const;
    /// The size of the index's files on disk (the generation written: Xapian's
    /// tables and the saved facet table).
    std::uintmax_t disk_bytes() const;

    const std::filesystem::path& path() const noexcept;
    /// The generation written ("gen-000007"); empty for an index in the plain
    /// layout of earlier versions, which is updated in place.
    const std::string& generation() const noexcept;
    /// Superseded generations this writer deleted when it opened the index.
    const std::vector<std::string>& removed_generations() const noexcept;
    /// What went wrong after a commit without undoing it, one sentence each
    /// naming the file: a facet table that could not be saved.
    const std::vector<std::string>& warnings() const noexcept;

  private:
    friend struct indexing::WriterParts;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// The current generation of the index at `db` ("gen-000007"), read from its
/// stub file; empty when there is none (no index, or the plain layout). It
/// changes when a full rebuild is swapped in: a long-lived reader that sees it
/// change should open a new Searcher (reopen() does not follow the swap).
std::string index_generation(const std::filesystem::path& db);

// ---- whole directories ---------------------------------------------------------------

/// What index_directory should do.
struct SyncOptions {
    /// Directories to walk (recursively; hidden files and directories are skipped)
    /// or single files. Files are picked by cvsearch::is_profile_file_name.
    std::vector<std::filesystem::path> roots;
    /// The index directory; created if missing.
    std::filesystem::path db;
    /// Rebuild into a new generation and swap it in atomically, instead of
    /// updating the existing index in place. Works on an index of another
    /// schema version. An update of an index that an older cvsearch wrote
    /// (a lower schema version) is done as a full rebuild, with a warning: a
    /// nightly job keeps working after an upgrade. An index of a newer schema
    /// version is refused.
    bool full = false;
    /// Parse and compare, report what would change, write nothing (and take no lock).
    bool dry_run = false;
    /// Keep indexed profiles whose files are gone from the roots (--no-delete).
    bool keep_missing = false;
    /// Lock waiting and generation cleanup, as in WriterOptions.
    std::chrono::milliseconds lock_wait{0};
    std::function<void(const std::string& holder)> on_lock_wait;
    std::chrono::seconds grace{3600};
    /// Split the index into this many shards (`--shards N`, docs/scale-out.md):
    /// profile `id` goes to shard fnv1a64(id) mod N, each shard an index of its
    /// own under DIR/shard-NNN, and DIR/XAPIANDB lists them, so Searcher(DIR)
    /// searches all. 0 (or 1): as the index already is, unsharded for a new one.
    /// A count other than an existing index's is an Error(usage): build a new index.
    std::size_t shards = 0;
    /// Build threads for a new generation (a full rebuild or a first build):
    /// each parses a contiguous share of the files and writes it into a part
    /// of the new generation, and the parts are merged in file order when it
    /// is committed, so the index is the one a single thread would build.
    /// 0: one per CPU core once there are 1,000 files or more. Updates in place
    /// and sharded indexes are written by one thread.
    std::size_t jobs = 0;
    /// Documents per segment of a part in a parallel build: each build thread
    /// writes a run of small databases, merged with the rest at commit. Small
    /// segments keep Xapian's buffers and B-trees small, which is faster and
    /// takes less memory (bench/README.md); the index is the same whatever the
    /// size. 0: the default (10,000).
    std::size_t segment_docs = 0;
    /// After a run that changed the index in place: when it has grown to more
    /// than this many times its size after its last compaction
    /// (IndexWriter::growth()), compact it into a new generation
    /// (IndexWriter::compact()), if that gives back at least compact_min_bytes.
    /// A compact index grows to 1.3-1.7 times at its first update and by about
    /// 1% a night after that (1% of the profiles changed each time), so 2
    /// compacts rarely and bounds the growth. Lower values keep the index
    /// smaller and a little faster, but the replaced generation stays on disk
    /// for the grace period (until the next run, for a nightly job). 1 (or
    /// less): after every run that changes something, whatever the size; 0: never.
    double compact_growth = 2.0;
    /// Smaller gains are not worth a new generation (see compact_growth).
    std::uintmax_t compact_min_bytes = 64u << 20;
    /// Passed to parse_file for every file (from several threads at once when
    /// `jobs` allows).
    ParseOptions parse;
    /// Called after each file (for progress output); may be empty. In a
    /// parallel build it is called from the build threads, one call at a time,
    /// and `file`s arrive out of order.
    std::function<void(const std::filesystem::path& file, std::size_t done, std::size_t total)> on_file;
};

/// One file that could not be indexed. Its previously indexed profiles, if
/// any, are kept as they were.
struct FileFailure {
    std::string path;
    ErrorCode code = ErrorCode::parse;
    std::string reason;  ///< the error message, without the path
};

/// What index_directory did (or, for a dry run, would do).
struct SyncReport {
    std::size_t files = 0;      ///< profile files found under the roots
    std::size_t added = 0;      ///< new profiles
    std::size_t updated = 0;    ///< profiles whose source changed
    std::size_t unchanged = 0;  ///< profiles whose source has the same content hash
    std::size_t removed = 0;    ///< profiles whose file is gone
    std::size_t kept = 0;       ///< profiles kept although not seen: their file failed, or keep_missing
    std::vector<FileFailure> failed;  ///< files (or folders) that could not be read or parsed
    std::size_t total = 0;      ///< profiles in the index afterwards
    /// The ids behind added, updated and removed (sorted).
    std::vector<std::string> added_ids, updated_ids, removed_ids;
    /// Walking the roots; hashing and parsing files; writing and committing;
    /// opening the index (including any wait for the lock); the whole run.
    /// In a parallel build (SyncOptions::jobs) parse and write times are summed
    /// over the build threads, so they can add up to more than the whole run.
    std::chrono::milliseconds scan_time{0}, parse_time{0}, write_time{0}, open_time{0}, total_time{0};
    bool dry_run = false;
    bool full = false;
    std::string db;          ///< the index directory
    std::string generation;  ///< the generation written ("gen-000007"); empty for the plain layout or a dry run
                             ///< (for a sharded index: shard-000's)
    std::size_t shards = 0;  ///< shards of the index (0: unsharded)
    std::vector<std::string> removed_generations;  ///< superseded generations deleted by this run
    /// The index was compacted into a new generation after the update
    /// (SyncOptions::compact_growth); its size on disk before and after, and
    /// how long that took (for a sharded index: summed over the shards compacted).
    bool compacted = false;
    std::uintmax_t bytes_before_compaction = 0, bytes_after_compaction = 0;
    std::chrono::milliseconds compact_time{0};
    /// What went wrong after the changes were committed, without undoing them:
    /// a compaction that failed (e.g. no room for the copy; the next run tries
    /// again), a facet table that could not be saved (IndexWriter::warnings).
    std::vector<std::string> warnings;
};

/// Indexes every profile file under the roots into `options.db`, in one
/// transaction. A file that fails to parse is reported in SyncReport::failed,
/// never fatal, and the profiles it gave last time stay in the index. A file
/// whose content hash is the one indexed is not parsed again; profiles whose
/// file is gone are removed (unless keep_missing). The lock is taken before
/// any file is parsed, so a second run fails (or waits) at once.
/// Throws Error for what stops the whole run: a missing root (io), a locked or
/// unusable index (index_locked, index_incompatible, index_corrupt). Files that
/// give the same profile id (alice.md and alice.txt) are reported in failed on
/// every run: the file the index already holds that id from keeps it, and
/// with no such file none of them is indexed; the order of the walk never
/// decides, in incremental and full runs alike.
SyncReport index_directory(const SyncOptions& options);

}  // namespace cvsearch
