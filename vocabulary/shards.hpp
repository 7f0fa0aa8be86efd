// vocabulary/shards.hpp — a sharded index: profiles routed to N shard indexes by id.
//
// What readers and the writer both need: the routing, the stub format and the
// layout of DIR. Writing the stub and the aux database is the writer's job
// (indexer/shard_writer.hpp).
//
//   DIR/XAPIANDB      the shard stub (Xapian reads it; see write_shard_stub):
//                       # cvsearch-shards 3
//                       # cvsearch-aux aux
//                       auto shard-000
//                       auto shard-001
//                       auto shard-002
//   DIR/shard-000/    an ordinary cvsearch index (its own generations and its
//   DIR/shard-001/    own writer lock, docs/index-layout.md); profile `id`
//   DIR/shard-002/    lives in shard fnv1a64(id) mod N, always
//   DIR/aux/          a small glass database holding only the spelling and
//                     synonym tables of all shards merged: Xapian's remote
//                     backend returns neither (XAPIAN-NOTES §7)
//
// Xapian::Database(DIR) opens all shards as one database, so the Searcher and
// every other reader need nothing special. For serving over the network, write
// a stub with `remote HOST:PORT` lines instead (examples/cluster/) and keep the
// `# cvsearch-aux PATH` line pointing at a local copy of DIR/aux.
// The `# cvsearch-…` lines are comments to Xapian.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::indexing {

/// FNV-1a, 64 bit: stable across platforms, compilers and releases (unlike std::hash).
std::uint64_t fnv1a64(std::string_view bytes) noexcept;

/// The shard (0..shards-1) that holds profile `id`.
std::size_t shard_of(std::string_view id, std::size_t shards) noexcept;

/// "shard-000"
std::string shard_name(std::size_t index);

/// Xapian's stub file: an index directory's DIR/XAPIANDB names its database(s).
inline constexpr const char* stub_file_name = "XAPIANDB";

/// The stub's comment lines that cvsearch reads (Xapian skips them) and the
/// aux directory's name inside a sharded DIR.
inline constexpr std::string_view shards_tag = "# cvsearch-shards ";
inline constexpr std::string_view aux_tag = "# cvsearch-aux ";
inline constexpr const char* aux_name = "aux";

/// The largest shard count accepted (a sanity bound for typos like --shards 3000).
inline constexpr std::size_t max_shards = 1024;

/// What a stub file says, as far as cvsearch cares.
struct StubInfo {
    std::filesystem::path file;              ///< the stub file itself
    std::size_t declared_shards = 0;         ///< from "# cvsearch-shards N"; 0 if absent
    std::optional<std::filesystem::path> aux;  ///< from "# cvsearch-aux PATH", made absolute
    /// The database lines in order, verbatim after trimming ("auto shard-000", "remote 10.0.0.5:33333").
    std::vector<std::string> databases;
};

/// Reads a stub: `path` is a stub file, or a directory holding XAPIANDB.
/// nullopt when there is no stub (a glass directory, nothing at all).
std::optional<StubInfo> read_stub(const std::filesystem::path& path);

/// The shard layout of index directory DIR: its shard directories, or nullopt
/// when DIR is not a sharded index (missing, empty, or an ordinary index).
struct ShardLayout {
    std::filesystem::path dir;
    std::vector<std::filesystem::path> shards;  ///< DIR/shard-000 ...
    std::filesystem::path aux;                  ///< DIR/aux
};
std::optional<ShardLayout> shard_layout(const std::filesystem::path& dir);

/// The layout for `shards` shards in DIR (nothing is created).
ShardLayout make_shard_layout(const std::filesystem::path& dir, std::size_t shards);

}  // namespace cvsearch::indexing
