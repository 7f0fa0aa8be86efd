// searcher/person_hits.hpp — one person, one result.
//
// The writer gives the files of one person (indexer/person_groups.hpp) a
// common key in the person slot and lists them all in person_files
// (vocabulary/schema.hpp). The searcher
//   - collapses the ranked match on the key (Enquire::set_collapse_key, at
//     most one document per key): a person is one hit, the best-ranked of its
//     files, and Xapian never collapses documents with an empty key (a file
//     alone, or an index written before persons existed);
//   - names the person's other files in the hit (SearchHit::also), and fills
//     what the hit's file lacks from the person's representative file (a
//     publications page without an institution shows the CV's);
//   - counts persons, not files: the exact totals and the facet table's counts
//     go through vocabulary/person_table.hpp (a value counts once per person:
//     the union of its files' values); a count Xapian makes itself (sorted by
//     a value, remote shards) is Xapian's collapsed count. Match spies
//     (remote shards, SearcherOptions::local_facet_table = false) run before
//     Xapian collapses and count files; searcher/person_facets.hpp corrects
//     their counts.
//
// Cost (bench/run_all.sh 10000, CPU per query, p50, same machine and hour):
// an index without persons searches as before (plain 0.26, facets 0.36, full
// 1.39 ms). The generated bench corpus gives same-name people the same
// homepage, so 46% of its files are grouped (4,562 files, 1,654 persons):
// there plain 0.30, facets 0.47, full 1.51 ms with the person table, and plain
// 0.38, facets 0.74 ms with Xapian's collapse and the first person table;
// the cost grows with the grouped files among the matches, which a real
// index has few of (1 pair in the 45 CVs of the search eval).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"
#include "vocabulary/person_table.hpp"

namespace cvsearch::search {

/// Every file of the document's person, its own id included; empty for a
/// file that is its person's only one.
std::vector<std::string> person_files(const Xapian::Document& doc);

/// The other files of the document's person (person_files without its own id).
std::vector<std::string> other_files(const Xapian::Document& doc);

/// When `doc` is not its person's representative file and the hit's card has
/// no institution, the representative's institution and position.
void complete_card(const Xapian::Database& db, const Xapian::Document& doc, SearchHit& hit);

/// One hit per person, collapsed by Xapian: it reads the person slot of every
/// document it considers (a value read per candidate; on the bench's 10,000
/// profiles +50% CPU for a top-10 query), so the searcher does that only where
/// it has no person table (remote shards) or no list of the matches (sorted
/// by a value, queries not walked as posting lists).
void collapse_persons(Xapian::Enquire& enquire);

/// The ranked window [first, first + size) of `enquire`'s match, one document
/// per person, collapsed with the person table instead (the same documents in
/// the same order as Xapian's collapse): the match's first first + size +
/// margin documents, a person's files after its first dropped, and again with
/// more while that left the window short. `extra` (PersonTable::Matched) is
/// the most documents that can be dropped: first + size + extra always do.
/// (weight, docid), best first.
std::vector<std::pair<double, Xapian::docid>> collapsed_window(Xapian::Enquire& enquire, const PersonTable& persons,
                                                               std::size_t first, std::size_t size, std::size_t extra);

/// True when some document of `db` has a person key (one value-frequency
/// lookup; a round trip per shard for a remote index).
bool has_persons(const Xapian::Database& db);

}  // namespace cvsearch::search
