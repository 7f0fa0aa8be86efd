#include "searcher/pair_query.hpp"

#include <optional>
#include <string>
#include <vector>

#include "vocabulary/schema.hpp"

namespace cvsearch::search {
namespace {

using Op = Xapian::Query::op;

/// The phrase `q` filtered by its pair terms, or nothing when it has none.
std::optional<Xapian::Query> phrase_with_pairs(const Xapian::Query& q, const indexing::PairWords& words) {
    const std::size_t n = q.get_num_subqueries();
    std::vector<std::string> terms;
    for (std::size_t i = 0; i < n; ++i) {
        const Xapian::Query sub = q.get_subquery(i);
        if (sub.get_type() != Xapian::Query::LEAF_TERM) return std::nullopt;
        std::string term = *sub.get_terms_begin();
        if (!schema::unprefixed(term)) return std::nullopt;  // a field's phrase
        terms.push_back(std::move(term));
    }
    std::vector<Xapian::Query> pairs;
    for (std::size_t i = 0; i + 1 < terms.size(); ++i) {
        if (!words.contains(terms[i]) || !words.contains(terms[i + 1])) continue;
        if (auto term = indexing::pair_term(terms[i], terms[i + 1])) pairs.emplace_back(*term);
    }
    if (pairs.empty()) return std::nullopt;
    if (n == 2) {  // the pair term is the whole phrase
        return Xapian::Query(Xapian::Query::OP_FILTER,
                             Xapian::Query(Xapian::Query::OP_AND, q.get_subquery(0), q.get_subquery(1)), pairs.front());
    }
    return Xapian::Query(Xapian::Query::OP_FILTER, q, Xapian::Query(Xapian::Query::OP_AND, pairs.begin(), pairs.end()));
}

bool rebuildable(Op op) {
    switch (op) {
        case Xapian::Query::OP_AND:
        case Xapian::Query::OP_OR:
        case Xapian::Query::OP_AND_NOT:
        case Xapian::Query::OP_XOR:
        case Xapian::Query::OP_AND_MAYBE:
        case Xapian::Query::OP_FILTER:
        case Xapian::Query::OP_MAX: return true;
        // Not OP_SYNONYM: it weighs its parts by their summed wdf, which a
        // phrase and an AND count differently (auto multi-word synonyms put
        // phrases there).
        default: return false;
    }
}

std::optional<Xapian::Query> rewrite(const Xapian::Query& q, const indexing::PairWords& words) {
    const Op op = q.get_type();
    if (op == Xapian::Query::OP_PHRASE) return phrase_with_pairs(q, words);
    if (!rebuildable(op)) return std::nullopt;
    const std::size_t n = q.get_num_subqueries();
    std::vector<Xapian::Query> subs;
    subs.reserve(n);
    bool changed = false;
    for (std::size_t i = 0; i < n; ++i) {
        const Xapian::Query sub = q.get_subquery(i);
        auto r = rewrite(sub, words);
        changed = changed || r.has_value();
        subs.push_back(r ? std::move(*r) : sub);
    }
    if (!changed) return std::nullopt;
    return Xapian::Query(op, subs.begin(), subs.end());
}

}  // namespace

Xapian::Query use_pair_terms(const Xapian::Query& query, const indexing::PairWords& words) {
    if (words.empty()) return query;
    auto r = rewrite(query, words);
    return r ? *r : query;
}

}  // namespace cvsearch::search
