// indexer/profile_ids.hpp — profile ids: owned by the file path, clean to print and to put in a URL.
//
// A profile's id is derived from its file's path under the indexed folder
// (cvsearch::profile_id_for, include/cvsearch/indexer.hpp). An `id` a profile
// JSON declares never leaves its file: a file of one profile gets the path's
// id whatever it declares, a file of several gets "PATHID#DECLARED" (or
// "PATHID#n" for the n-th profile without one). So no file can take another
// file's id; two files can only meet on the same path id (alice.md and
// alice.txt, alice.md and alice/cv.md, one relative path under two roots),
// and claims() below settles that without looking at the walk order.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::indexing {

/// `raw` as a clean id: well-formed UTF-8 without control characters (C0, DEL,
/// C1, the line and paragraph separators, bidirectional overrides) and
/// without '#' (which separates a file's id from its profiles' own parts);
/// '/' is replaced too unless `keep_slash`. Each such byte or character, and
/// each byte of an invalid UTF-8 sequence, becomes '_', and then a '~' and 8
/// hex digits of a hash of `raw` are appended, so that the id stays the same
/// from run to run and two different raw names never give one id (with a
/// chance of 2^-32 per pair, and claims() reports even that).
/// A clean `raw` is returned unchanged.
std::string clean_id(std::string_view raw, bool keep_slash);

/// The id of profile `n` (1-based) of a file whose path id is `path_id` and
/// which holds `count` profiles; `declared` is the id the profile gives
/// itself (empty if none).
std::string profile_id_in_file(const std::string& path_id, std::string_view declared, std::size_t n, std::size_t count);

/// True when `id` is `path_id` or one of its per-profile ids ("path_id#...").
bool id_belongs_to(std::string_view id, std::string_view path_id) noexcept;

/// The verdict on files that give the same path id.
struct IdClaim {
    std::size_t file;    ///< index into the list of files given to claims()
    std::string reason;  ///< why this file is refused (names the others)
};

/// Settles the files that share a path id. `path_ids[i]` is file i's path id,
/// `paths[i]` its path as reported, `holds[i]` true when the index holds a
/// profile of that id from file i already. For each id claimed by several
/// files: the one holder keeps it and the others are refused; with no holder
/// (a new index, or the holder's file is gone) all of them are refused, every
/// run, until the names differ. The walk order plays no part. Returns the
/// refused files, with reasons naming the other files.
std::vector<IdClaim> refused_claims(const std::vector<std::string>& path_ids, const std::vector<std::string>& paths,
                                    const std::vector<bool>& holds);

}  // namespace cvsearch::indexing
