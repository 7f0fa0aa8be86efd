// searcher/proximity.hpp — query words that stand together in a profile count
// for more than the same words scattered over it.
//
// For an unquoted query "large language models" the boost is
//
//   OR( PHRASE(large, language), NEAR/8(large, language),
//       PHRASE(language, models), NEAR/8(language, models) )
//
// of every two neighbouring plain words, added to the text's weight by
// AND_MAYBE and scaled by SearcherOptions::proximity_weight: a CV that says
// "large language models" gets its words' weight again (a phrase weighs what
// its words weigh), and again for the words within 8 positions of each other;
// one that has "Very Large Data Bases", "Languages" and "Model" apart gets
// neither. Ordered bigrams and unordered windows of 8 are the two
// term-dependence features of the sequential dependence model (Metzler &
// Croft, SIGIR 2005). Only
// words typed next to each other (nothing but spaces or dropped stop words
// between them), unfielded, not excluded, not wildcards and not already in a
// quoted phrase; a hyphenated word stands beside its neighbours by its outer
// parts ("distributed real-time systems": PHRASE(distributed, real),
// PHRASE(time, systems)). Phrases of common words are answered by pair terms
// (searcher/pair_query.hpp) without reading positions; windows read the
// positions of the profiles the text matched.
#pragma once

#include <vector>

#include <xapian.h>

#include "searcher/query_text.hpp"

namespace cvsearch::search {

/// The window of the unordered feature (Metzler & Croft's #uw8).
inline constexpr unsigned near_window = 8;

/// The OR of the phrases and windows of neighbouring plain words; an empty Query when the
/// query has no two such words.
Xapian::Query neighbour_phrases(const PreparedQuery& prepared);

/// The same features one pair of neighbouring words at a time, each
///   FILTER(OR(PHRASE(a, b), NEAR/8(a, b)), AND(a, b))
/// for an AND_MAYBE of its own. The FILTER changes no weight (a phrase has
/// its words) but gives Xapian 1.4.22 the sparse AND to skip along: without
/// it, an AND_MAYBE over a relaxed match's OR read positions in every
/// profile the OR matched (3 -> 24 ms for "computing galliora" at 10,000
/// profiles); and one OR over all pairs under that OR weighed some windows
/// twice (searcher/ranking.hpp).
std::vector<Xapian::Query> neighbour_pairs(const PreparedQuery& prepared);

}  // namespace cvsearch::search
