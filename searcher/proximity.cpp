#include "searcher/proximity.hpp"

#include <iterator>
#include <string>
#include <vector>

namespace cvsearch::search {
namespace {

/// atoms[i] is a hyphenated word: its parts, then its joined form (query_text.cpp).
bool is_compound(const std::vector<QueryAtom>& atoms, std::size_t i) {
    if (atoms[i].words.size() < 2 || i + 1 >= atoms.size()) return false;
    const QueryAtom& joined = atoms[i + 1];
    if (joined.words.size() != 1 || joined.field != atoms[i].field || joined.negated != atoms[i].negated) return false;
    std::string parts;
    for (const auto& w : atoms[i].words) parts += w;
    return joined.words.front() == parts;
}

}  // namespace

Xapian::Query neighbour_phrases(const PreparedQuery& prepared) {
    std::vector<Xapian::Query> phrases;
    std::string previous;  // the last plain word (or a compound's last part), "" after anything else
    auto pair_with = [&](const std::string& word) {
        if (!previous.empty() && previous != word) {
            const Xapian::Query pair[] = {Xapian::Query(previous), Xapian::Query(word)};
            phrases.emplace_back(Xapian::Query::OP_PHRASE, std::begin(pair), std::end(pair), 2);
            phrases.emplace_back(Xapian::Query::OP_NEAR, std::begin(pair), std::end(pair), near_window);
        }
    };
    const auto& atoms = prepared.atoms;
    for (std::size_t i = 0; i < atoms.size(); ++i) {
        const QueryAtom& atom = atoms[i];
        const bool positive = atom.field.empty() && !atom.negated && !atom.wildcard;
        if (positive && is_compound(atoms, i)) {
            // "real-time systems": the compound stands beside its neighbours by its
            // outer parts, PHRASE(time, systems); its own parts are a phrase already.
            pair_with(atom.words.front());
            previous = atom.words.back();
            ++i;  // its joined form ("realtime") has no positions of its own here
            continue;
        }
        if (!positive || atom.words.size() != 1) {
            previous.clear();
            continue;
        }
        pair_with(atom.words.front());
        previous = atom.words.front();
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
