// indexer/generations.hpp — the on-disk layout of an index directory.
//
//   DIR/XAPIANDB        Xapian stub file, one line "auto gen-000007": the current generation
//   DIR/gen-000007/     the current generation: a plain glass database
//   DIR/gen-000006/     a superseded generation, kept a grace period for readers
//   DIR/cvsearch.lock   the writer lock (indexer/index_lock.hpp)
//
// Xapian::Database(DIR) follows the stub, so readers need not know any of this.
// Incremental runs write the current generation in place (one transaction per
// commit). A full rebuild writes gen-(N+1) beside it, commits it, then swaps the
// stub atomically (write temp, fsync, rename, fsync DIR): readers that opened
// gen-N keep reading it; every new open gets gen-(N+1).
//
// A "legacy" DIR is a plain glass database (DIR/iamglass) written by earlier
// cvsearch versions: incremental runs update it in place; a full rebuild
// migrates it (writes DIR/gen-000001 and the stub, then unlinks DIR/iamglass,
// which is the atomic switch: Xapian prefers iamglass over XAPIANDB).
//
// See docs/index-layout.md.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vocabulary/shards.hpp"  // stub_file_name

namespace cvsearch::indexing {

enum class Layout {
    none,         ///< DIR missing or empty: nothing indexed yet
    legacy,       ///< DIR is itself a glass (or chert) database
    generations,  ///< DIR/XAPIANDB names the current gen-NNNNNN
};

struct IndexState {
    std::filesystem::path dir;
    Layout layout = Layout::none;
    std::string current;             ///< "gen-000007" for Layout::generations, else empty
    std::vector<unsigned> present;   ///< numbers of the gen-* directories in DIR, ascending

    /// The database directory to open: DIR/current, or DIR for a legacy index.
    std::filesystem::path current_path() const;
    /// The number for a new generation: one more than any present or current.
    unsigned next_number() const;
};

/// "gen-000007"
std::string generation_name(unsigned number);
/// 7 for "gen-000007"; nullopt for anything else.
std::optional<unsigned> parse_generation_name(std::string_view name);

/// True for the scratch directories a writer uses while it compacts a new
/// generation ("gen-000007.compact", "gen-000007.raw"); a killed run can leave
/// them behind, and clean() deletes them.
bool is_scratch_name(std::string_view name);

/// Looks at DIR without opening any database. Throws Error(usage) when DIR holds
/// a stub cvsearch did not write, Error(index_corrupt) when the stub names a
/// missing generation, Error(io) when DIR cannot be read.
IndexState inspect(const std::filesystem::path& dir);

/// Makes `generation` (a committed database in DIR/generation) the current one:
/// writes DIR/XAPIANDB atomically and durably. For a legacy DIR, then unlinks
/// DIR/iamglass (the switch for readers); the old table files stay for the
/// grace period. Throws Error(io) on failure, in which case readers still see
/// the previous state.
void publish(const IndexState& state, const std::string& generation);

/// The bytes of the regular files directly in `dir` (a database's tables, not
/// the parts of a build in progress); 0 if it cannot be read.
std::uintmax_t directory_bytes(const std::filesystem::path& dir);

/// fsync(2) a directory, so that entries created in it survive a power cut.
void sync_directory(const std::filesystem::path& dir);

struct CleanupResult {
    std::vector<std::string> removed;   ///< generations (or "legacy tables") deleted
    std::vector<std::string> kept;      ///< superseded ones still inside the grace period
    std::vector<std::string> warnings;  ///< what could not be deleted, and why
};

/// Deletes what no reader can be using any more. Call with the index lock held.
/// - generations newer than the current one: unfinished builds, never published
///   (a killed --full run), and scratch directories (is_scratch_name): deleted at once;
/// - older generations and the table files a migration left in DIR: deleted once
///   the stub has been in place for `grace` (readers may still have them open);
/// - for a legacy DIR: every gen-* directory and a stale stub (an interrupted
///   migration; Xapian reads DIR's own tables, so nothing else uses them).
/// Failures are warnings, never errors.
CleanupResult clean(const IndexState& state, std::chrono::seconds grace);

}  // namespace cvsearch::indexing
