// indexer/person_groups.hpp — which files of an index are one person.
//
// Two files are the same person when they have the same name key and share
// evidence that names a person rather than a name:
//   - an e-mail address (case-insensitive), or
//   - a homepage (scheme, "www." and a trailing '/' ignored), or
//   - publications: at least 2 titles in common (fold_key of the title, titles
//     of 4 words or more), or 1 when either file lists at most 2 such titles
//     (a short publications page, a CV with one paper).
// A name alone never joins two files: two "John Smith"s with nothing shared
// stay two people. The relation is closed transitively (union-find): a CV and a
// publications page that share titles, and the CV and a homepage that share an
// e-mail address, are one person of three files.
//
// Every group of two files or more has a representative: the most complete
// file (most publications, affiliations, e-mail addresses and sections, a
// homepage; see completeness()), then the smallest id. Its id is the group's
// person key, the same whatever order the files came in.
//
// Pure functions over profiles: indexer/person_keys.hpp finds the candidates
// in the index and writes the keys (vocabulary/schema.hpp, person slots).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"

namespace cvsearch::indexing {

/// The name as files of one person are compared: fold_key of the name
/// ("Jae-Won  Chung" -> "jae won chung"). Empty for a name of fewer than two
/// words: a single word ("Alice", or a failed extraction) joins nobody.
std::string person_name_key(std::string_view name);

/// What a file says about who its person is (sorted, distinct).
struct PersonEvidence {
    std::string id;
    std::string name_key;
    std::vector<std::string> emails;
    std::vector<std::string> homepages;
    std::vector<std::string> titles;
    std::size_t completeness = 0;
};

PersonEvidence evidence_of(const Profile& profile);

/// How much a profile holds, for the choice of the representative.
std::size_t completeness(const Profile& profile);

/// True when `a` and `b` are the same person by the rules above.
bool same_person(const PersonEvidence& a, const PersonEvidence& b);

/// The files as persons: groups of two or more files (indices into `files`,
/// ascending), each with its representative first; a file alone is in none.
/// Files with different name keys are never grouped, whatever they share.
std::vector<std::vector<std::size_t>> group_persons(const std::vector<PersonEvidence>& files);

}  // namespace cvsearch::indexing
