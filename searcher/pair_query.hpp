// searcher/pair_query.hpp — phrases of common words answered by their pair
// terms (vocabulary/pair_terms.hpp) instead of by reading positions.
//
// In an index whose pair words hold a and b, every document with a directly
// followed by b has the term "XPa b", and no other document has it. So:
//
//   a PHRASE b      ->  (a AND b) FILTER "XPa b"       same matches, same weights;
//                                                       no positions read, and the
//                                                       query becomes set algebra
//                                                       (searcher/boolean_match.hpp)
//   a PHRASE b PHRASE c ... -> (the phrase) FILTER (AND of its listed pairs)
//                                                       positions read only in the
//                                                       documents that have the pairs
//
// A phrase's weight in Xapian is the sum of its words' weights, which is what
// the AND gives; FILTER's right side adds none. Only phrases of unprefixed
// words are rewritten (field phrases have no pair terms), and only where the
// whole path from the root is made of operators that can be rebuilt from their
// parts without changing any weight (AND, OR, AND_NOT, XOR, AND_MAYBE,
// FILTER, MAX; not SYNONYM, which weighs its parts by their wdf); the rest is
// left as it was. Phrases come from Xapian's QueryParser, which always makes
// exact phrases (window = number of words); NEAR is never rewritten.
#pragma once

#include <xapian.h>

#include "vocabulary/pair_terms.hpp"

namespace cvsearch::search {

/// `query` with every phrase that has pair terms rewritten as above; `query`
/// itself when there is none (or `words` is empty).
Xapian::Query use_pair_terms(const Xapian::Query& query, const indexing::PairWords& words);

}  // namespace cvsearch::search
