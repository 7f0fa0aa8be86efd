#include "searcher/proximity.hpp"

#include <iterator>
#include <string>
#include <vector>

namespace cvsearch::search {

Xapian::Query neighbour_phrases(const PreparedQuery& prepared) {
    std::vector<Xapian::Query> phrases;
    std::string previous;  // the last plain word, "" after anything else
    std::string parts;     // the words of the last multi-word atom, joined (a compound's parts)
    for (const auto& atom : prepared.atoms) {
        const bool single = atom.words.size() == 1;
        const bool plain = single && atom.field.empty() && !atom.negated && !atom.wildcard;
        if (plain && !parts.empty() && atom.words.front() == parts) {  // a compound's joined form: no positions
            parts.clear();
            continue;
        }
        parts.clear();
        if (!plain) {
            previous.clear();
            if (atom.words.size() > 1)
                for (const auto& w : atom.words) parts += w;
            continue;
        }
        const std::string& word = atom.words.front();
        if (!previous.empty() && previous != word) {
            const Xapian::Query pair[] = {Xapian::Query(previous), Xapian::Query(word)};
            phrases.emplace_back(Xapian::Query::OP_PHRASE, std::begin(pair), std::end(pair), 2);
            phrases.emplace_back(Xapian::Query::OP_NEAR, std::begin(pair), std::end(pair), near_window);
        }
        previous = word;
    }
    if (phrases.empty()) return {};
    return Xapian::Query(Xapian::Query::OP_OR, phrases.begin(), phrases.end());
}

std::vector<Xapian::Query> neighbour_pairs(const PreparedQuery& prepared) {
    std::vector<Xapian::Query> out;
    const Xapian::Query all = neighbour_phrases(prepared);
    if (all.empty()) return out;
    // neighbour_phrases lists PHRASE(a, b), NEAR(a, b) for each pair in turn.
    for (std::size_t i = 0; i + 1 < all.get_num_subqueries(); i += 2) {
        const Xapian::Query phrase = all.get_subquery(i), near = all.get_subquery(i + 1);
        const Xapian::Query words(Xapian::Query::OP_AND, near.get_subquery(0), near.get_subquery(1));
        out.emplace_back(Xapian::Query::OP_FILTER, Xapian::Query(Xapian::Query::OP_OR, phrase, near), words);
    }
    return out;
}

}  // namespace cvsearch::search
