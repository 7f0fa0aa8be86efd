// searcher/shard_open.hpp — opening an index that may be sharded, with the
// error naming the shard that did not answer, or partial results.
//
// Xapian::Database(stub) opens every line of a stub or fails as a whole
// (a dead `remote` line gives a bare NetworkError). open_index does that
// first; when it fails it opens the lines one by one to name the culprit, and
// with SearcherOptions::allow_partial combines the ones that answered.
//
// The remote backend returns no spelling and no synonyms (XAPIAN-NOTES §7),
// so a sharded index also gets an auxiliary database for those: the stub's
// "# cvsearch-aux PATH" (vocabulary/shards.hpp), SearcherOptions::aux_db, or,
// for a stub of remote lines written without one, a temporary database with the
// compiled-in synonyms only (and a warning that spelling suggestions are off).
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"

namespace cvsearch::search {

struct OpenedIndex {
    Xapian::Database db;
    /// Spelling and synonyms, when they must not come from `db`; else nullopt.
    std::optional<Xapian::Database> aux;
    /// Stub lines left out (allow_partial); empty when all shards answered.
    std::vector<std::string> missing;
    /// What this index cannot do and why (a remote index without its aux
    /// database has no spelling suggestions): a warning for every result.
    std::vector<std::string> notes;
    /// True when no database offers synonyms: search without them.
    bool no_synonyms = false;
};

/// Opens `path` (an index directory, a sharded one, or a stub file). Throws
/// Xapian::Error for local trouble (the caller translates it), and
/// Error(unavailable) naming the stub line of a shard that did not answer.
OpenedIndex open_index(const std::filesystem::path& path, const SearcherOptions& options);

}  // namespace cvsearch::search
