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

}  // namespace cvsearch::search
