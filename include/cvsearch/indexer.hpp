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
// One writer at a time per index: a second one fails with ErrorCode::index_locked.
// Readers (cvsearch::Searcher) never block and keep seeing the last commit.
#pragma once

#include <chrono>
#include <cstddef>
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

// ---- profile ids ----------------------------------------------------------------

/// The id of the profile in `file`, found while walking `root`: the path relative
/// to the root with '/' separators and without its extension
/// ("kaist/jae-won-ryu.txt" -> "kaist/jae-won-ryu"). A ".resume" before the
/// extension is dropped too ("kaist/lee.resume.json" -> "kaist/lee"), and a file
/// named resume.* or cv.* stands for its directory ("hannah/resume.json" -> "hannah").
/// When `file` is `root` itself (a single file was given), the id is its stem.
std::string profile_id_for(const std::filesystem::path& root, const std::filesystem::path& file);

// ---- the writer -------------------------------------------------------------------

struct WriterOptions {
    /// Start from an empty index, dropping whatever the directory held (a full
    /// rebuild). Otherwise the existing index is updated in place.
    bool overwrite = false;
    /// "Now" for the recency part of the rank prior; 0 means the current year.
    int reference_year = 0;
};

/// What the index holds for one profile (for incremental updates).
struct IndexedProfile {
    std::string id;
    std::string content_hash;  ///< of the source file; empty if unknown
    std::string source_path;   ///< the source file as it was walked; empty if unknown
};

/// Writes profiles into an index directory (created if missing). All changes
/// between two commit() calls form one transaction: readers see all of them at
/// once or none. Destroying the writer without commit() discards them.
/// Not thread-safe: one thread uses one writer.
class IndexWriter {
  public:
    /// Opens (or creates) the index at `db`. Throws Error: index_locked when
    /// another writer holds it, index_incompatible for an index of another
    /// schema version (rebuild with overwrite), io/index_corrupt otherwise.
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
    /// the build time. The writer stays usable.
    void commit();

    const std::filesystem::path& path() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// ---- whole directories ---------------------------------------------------------------

/// What index_directory should do.
struct SyncOptions {
    /// Directories to walk (recursively; hidden files and directories are skipped)
    /// or single files. Files are picked by cvsearch::is_profile_file_name.
    std::vector<std::filesystem::path> roots;
    /// The index directory; created if missing.
    std::filesystem::path db;
    /// Rebuild from an empty index instead of updating the existing one.
    bool full = false;
    /// Parse and compare, report what would change, write nothing.
    bool dry_run = false;
    /// Passed to parse_file for every file.
    ParseOptions parse;
    /// Called after each file (for progress output); may be empty.
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
    std::vector<FileFailure> failed;
    std::size_t total = 0;      ///< profiles in the index afterwards
    std::chrono::milliseconds scan_time{0}, parse_time{0}, write_time{0}, total_time{0};
    bool dry_run = false;
};

/// Indexes every profile file under the roots into `options.db`, in one
/// transaction. A file that fails to parse is reported in SyncReport::failed,
/// never fatal. A profile whose file has the same content hash as when it was
/// indexed is left alone; profiles whose file is gone are removed.
/// Throws Error for what stops the whole run: a missing root (io), a locked or
/// unusable index (index_locked, index_incompatible, index_corrupt), a duplicate
/// profile id is reported as a failure of the second file.
SyncReport index_directory(const SyncOptions& options);

}  // namespace cvsearch
