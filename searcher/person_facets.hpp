// searcher/person_facets.hpp — facet counts by person where match spies count files.
//
// Facet counts are counts of persons: a value counts once for a person however
// many of the person's files hold it (searcher/person_hits.hpp). The facet table
// of a local index counts that way itself. Stock match spies
// (searcher/facets.hpp), the only counters that work over remote shards, see
// files: Xapian runs them before it collapses the match on the person key.
//
// The correction: files that share a person key are few (a CV and its
// publications page), so one more count-only match lists the grouped files
// among the matches (the query, filtered to documents with a person key), and
// a value that k files of one person hold was counted k - 1 times too many.
// The spies' counts minus that are the counts by person. Cost: nothing on an
// index without persons (the caller checks); else one match that reads the
// values of the grouped matching files only.
//
// Persons stay inside one database (indexer/person_keys.hpp): files of one
// person on two shards are two persons, in the counts as in the hits.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"

namespace cvsearch::search {

/// Per value of one facet, how many counts the spies made too many.
using Overcount = std::map<std::string, std::size_t>;

/// For each of `facets`, the overcount of spies on a match of `matches` in
/// `db` (same query, same filters). Facets with nothing to take off are absent.
std::map<Facet, Overcount> person_overcount(const Xapian::Database& db, const Xapian::Query& matches,
                                            const std::vector<Facet>& facets);

}  // namespace cvsearch::search
