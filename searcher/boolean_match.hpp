// searcher/boolean_match.hpp — which documents a query matches, without ranking them.
//
// Exact totals and facet counts need every match, and Xapian finds every match
// only by running the whole weighted match (check_at_least = document count),
// which costs about 75 ns per matching document at 100,000 profiles even with
// BoolWeight; walking the posting lists themselves costs about 12. For the
// query shapes whose matches are plain set algebra over posting lists, this
// walks them directly, so the ranked match can stop early (check_at_least 0)
// and still report an exact total:
//
//   term, MatchAll, MatchNothing                 a posting list, every document, none
//   AND, FILTER                                  intersection
//   OR, SYNONYM, MAX                             union
//   AND_NOT                                      difference
//   AND_MAYBE                                    its left side (the right only adds weight)
//   SCALE_WEIGHT                                 its subquery
//
// Anything else (phrases, NEAR, wildcards, value ranges, posting sources,
// ELITE_SET, XOR) has no answer here: the caller runs Xapian's exhaustive match,
// as before. For a local database only: over remote shards every posting list
// is a round trip.
#pragma once

#include <optional>
#include <vector>

#include <xapian.h>

#include "searcher/docid_range.hpp"

namespace cvsearch::search {

/// The docids in `range` that `query` matches in `db`, ascending, exactly the
/// set Xapian's matcher would return for it; nullopt when the query holds a
/// shape listed above as unsupported.
std::optional<std::vector<Xapian::docid>> boolean_match(const Xapian::Database& db, const Xapian::Query& query,
                                                        DocidRange range = {});

/// True when boolean_match can answer `query` (no posting list is read).
bool boolean_match_supports(const Xapian::Query& query);

}  // namespace cvsearch::search
