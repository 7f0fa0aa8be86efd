// indexer/shard_writer.hpp — writing a sharded index's stub and aux database.
//
// The layout and the stub format are vocabulary/shards.hpp; this is the part
// only the writer (indexer/sync.cpp) does.
#pragma once

#include "vocabulary/shards.hpp"

namespace cvsearch::indexing {

/// Writes DIR/XAPIANDB for the layout, atomically (temp file, fsync, rename).
/// Throws Error(io).
void write_shard_stub(const ShardLayout& layout);

/// Rebuilds DIR/aux from the committed shards, in one transaction: the
/// spelling tables summed, the compiled-in synonym table and the acronyms
/// the shards' profiles define (vocabulary/acronyms.hpp). Throws Error.
void update_aux(const ShardLayout& layout);

}  // namespace cvsearch::indexing
