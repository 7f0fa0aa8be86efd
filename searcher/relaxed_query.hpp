// searcher/relaxed_query.hpp — "never a dead end": when too few profiles have
// every word of a query, rank the ones that have most of them after those.
//
// A plain query "a b c" is parsed as AND(a, b, c) (inside its filters and
// exclusions). Its relaxed form matches OR(a, b, c) and ranks by
//
//   weight = word_bonus x (number of the query's words the profile matches)
//          + the usual score (BM25, name bonus, prior, proximity)
//
// i.e. profiles are put in buckets by how many distinct query words they
// match, all words first, and ranked by score within a bucket (Meilisearch's
// "words" rule). The bucket term is OR over the words of
// FILTER(FixedWeightPostingSource(word_bonus), word): stock Xapian pieces, so
// it runs over remote shards too. word_bonus is far above any text score, so
// buckets never mix; Searcher subtracts it again before showing a score.
//
// A "word" is one clause of the top-level AND: a plain word (with its stem,
// synonyms and compound forms), a quoted phrase, a field word (title:x). A
// hyphenated word ("superconductor-semiconductor", parsed as the phrase of
// its parts or the joined form) also counts, relaxed, when all its parts are
// there in another order or apart ("semiconductor-superconductor").
// Filters (institution:, year:, request filters) and exclusions (-x) stay as
// they are. Nothing is relaxed when the user wrote AND, OR, NEAR, ADJ, XOR or
// '+' (PreparedQuery::explicit_operators), or when there is only one clause.
#pragma once

#include <cstddef>
#include <optional>

#include <xapian.h>

namespace cvsearch::search {

/// What each matched query word adds to a relaxed match's weight.
inline constexpr double word_bonus = 10'000.0;

struct RelaxedQuery {
    Xapian::Query matching;  ///< OR of the words, with the query's filters and exclusions
    Xapian::Query bonus;     ///< word_bonus per word matched; for AND_MAYBE on `matching`
    std::size_t words = 0;   ///< how many words the query has (>= 2)
};

/// The relaxed form of a parsed query, or nullopt when it has fewer than two
/// words at the top level.
std::optional<RelaxedQuery> relax(const Xapian::Query& query);

/// A relaxed match's weight split into (words matched, the usual score).
std::pair<std::size_t, double> split_relaxed_weight(double weight);

}  // namespace cvsearch::search
