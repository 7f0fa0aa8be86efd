#include "searcher/acronym_query.hpp"

#include <string>
#include <vector>

#include "core/text.hpp"
#include "vocabulary/acronyms.hpp"

namespace cvsearch::search {
namespace {

/// The stem of a clause that is one stemmed plain word ("Zsdn", or "Zsdn
/// SYNONYM XCsdn"); empty otherwise.
std::string word_stem(const Xapian::Query& clause) {
    Xapian::Query leaf = clause;
    if (clause.get_type() == Xapian::Query::OP_SYNONYM && clause.get_num_subqueries() > 0) leaf = clause.get_subquery(0);
    if (leaf.get_type() != Xapian::Query::LEAF_TERM) return {};
    const std::string term = *leaf.get_terms_begin();
    if (term.size() < 2 || term[0] != 'Z' || (term[1] >= 'A' && term[1] <= 'Z')) return {};
    return term.substr(1);
}

Xapian::Query expand_word(const Xapian::Query& clause, const Xapian::Database& dictionary) {
    const std::string stem = word_stem(clause);
    if (stem.empty()) return clause;
    const std::string key = analysis::acronym_key(stem);
    std::vector<Xapian::Query> forms;
    for (auto it = dictionary.synonyms_begin(key); it != dictionary.synonyms_end(key) && forms.size() < max_long_forms;
         ++it) {
        std::vector<Xapian::Query> words;
        const std::string long_form = *it;
        for (auto w : text::split(long_form, ' '))
            if (!w.empty()) words.emplace_back(std::string(w));
        if (words.size() >= 2) forms.emplace_back(Xapian::Query::OP_PHRASE, words.begin(), words.end());
    }
    if (forms.empty()) return clause;
    std::vector<Xapian::Query> alternatives;
    if (clause.get_type() == Xapian::Query::OP_SYNONYM)
        for (std::size_t i = 0; i < clause.get_num_subqueries(); ++i) alternatives.push_back(clause.get_subquery(i));
    else
        alternatives.push_back(clause);
    alternatives.insert(alternatives.end(), forms.begin(), forms.end());
    return Xapian::Query(Xapian::Query::OP_SYNONYM, alternatives.begin(), alternatives.end());
}

}  // namespace

Xapian::Query expand_acronyms(const Xapian::Query& query, const Xapian::Database& dictionary) {
    const auto op = query.get_type();
    const std::size_t n = query.get_num_subqueries();
    if ((op == Xapian::Query::OP_FILTER || op == Xapian::Query::OP_AND_NOT) && n >= 2) {
        // Filters and exclusions are the right-hand side: only the left is searched text.
        std::vector<Xapian::Query> subs{expand_acronyms(query.get_subquery(0), dictionary)};
        for (std::size_t i = 1; i < n; ++i) subs.push_back(query.get_subquery(i));
        return Xapian::Query(op, subs.begin(), subs.end());
    }
    if (op == Xapian::Query::OP_AND && n >= 2) {
        std::vector<Xapian::Query> clauses;
        for (std::size_t i = 0; i < n; ++i) clauses.push_back(expand_word(query.get_subquery(i), dictionary));
        return Xapian::Query(op, clauses.begin(), clauses.end());
    }
    return expand_word(query, dictionary);
}

}  // namespace cvsearch::search
