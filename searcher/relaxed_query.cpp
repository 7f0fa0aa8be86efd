#include "searcher/relaxed_query.hpp"

#include <cmath>
#include <vector>

namespace cvsearch::search {
namespace {

Xapian::Query word_counter(const Xapian::Query& word) {
    Xapian::Query fixed((new Xapian::FixedWeightPostingSource(word_bonus))->release());
    return Xapian::Query(Xapian::Query::OP_FILTER, fixed, word);
}

/// A hyphenated query word ("superconductor-semiconductor") is parsed as
/// OR(PHRASE(parts...), joined-form ...). Relaxed, it also counts as present
/// when its parts are all there, in any order or place:
/// OR(that, AND(parts...)). Anything else is returned as it is.
Xapian::Query loosen_compound(const Xapian::Query& word) {
    if (word.get_type() != Xapian::Query::OP_OR || word.get_num_subqueries() < 2) return word;
    const Xapian::Query phrase = word.get_subquery(0);
    if (phrase.get_type() != Xapian::Query::OP_PHRASE) return word;
    std::vector<Xapian::Query> parts;
    for (std::size_t i = 0; i < phrase.get_num_subqueries(); ++i) {
        const Xapian::Query part = phrase.get_subquery(i);
        if (part.get_type() != Xapian::Query::LEAF_TERM) return word;
        parts.push_back(part);
    }
    return Xapian::Query(Xapian::Query::OP_OR, word, Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end()));
}

}  // namespace

std::optional<RelaxedQuery> relax(const Xapian::Query& query) {
    const auto op = query.get_type();
    const std::size_t n = query.get_num_subqueries();
    if ((op == Xapian::Query::OP_FILTER || op == Xapian::Query::OP_AND_NOT) && n >= 2) {
        // Filters and exclusions are the right-hand side: relax the left, keep the rest.
        auto inner = relax(query.get_subquery(0));
        if (!inner) return std::nullopt;
        std::vector<Xapian::Query> subs{inner->matching};
        for (std::size_t i = 1; i < n; ++i) subs.push_back(query.get_subquery(i));
        inner->matching = Xapian::Query(op, subs.begin(), subs.end());
        return inner;
    }
    if (op != Xapian::Query::OP_AND || n < 2) return std::nullopt;
    std::vector<Xapian::Query> words, counters;
    for (std::size_t i = 0; i < n; ++i) {
        words.push_back(loosen_compound(query.get_subquery(i)));
        counters.push_back(word_counter(words.back()));
    }
    RelaxedQuery out;
    out.matching = Xapian::Query(Xapian::Query::OP_OR, words.begin(), words.end());
    out.bonus = Xapian::Query(Xapian::Query::OP_OR, counters.begin(), counters.end());
    out.words = n;
    return out;
}

std::pair<std::size_t, double> split_relaxed_weight(double weight) {
    const double buckets = std::floor(weight / word_bonus);
    if (buckets < 1) return {0, weight};
    return {static_cast<std::size_t>(buckets), weight - buckets * word_bonus};
}

}  // namespace cvsearch::search
