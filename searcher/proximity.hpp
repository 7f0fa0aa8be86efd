// searcher/proximity.hpp — query words that stand together in a profile count
// for more than the same words scattered over it.
//
// For an unquoted query "large language models" the boost is
//
//   OR( PHRASE(large, language), PHRASE(language, models) )
//
// of every two neighbouring plain words, added to the text's weight by
// AND_MAYBE and scaled by SearcherOptions::proximity_weight: a CV that says
// "large language models" gets its words' weight again (a phrase weighs what
// its words weigh), one that has "Very Large Data Bases", "Languages" and
// "Model" apart does not. Ordered bigrams are the classic term-dependence
// feature (Metzler & Croft, SIGIR 2005: sequential dependence model). Only
// words typed next to each other (nothing but spaces or dropped stop words
// between them), unfielded, not excluded, not wildcards and not already in a
// quoted phrase. Phrases of common words are answered by pair terms
// (searcher/pair_query.hpp) without reading positions.
#pragma once

#include <xapian.h>

#include "searcher/query_text.hpp"

namespace cvsearch::search {

/// The OR of the phrases of neighbouring plain words; an empty Query when the
/// query has no two such words.
Xapian::Query neighbour_phrases(const PreparedQuery& prepared);

}  // namespace cvsearch::search
