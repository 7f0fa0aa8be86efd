#include "searcher/ranking.hpp"

#include <set>

#include "indexer/schema.hpp"

namespace cvsearch::search {

Xapian::Query ranked_query(const Xapian::Query& text, const PreparedQuery& prepared, const SearcherOptions& options) {
    Xapian::Query ranked = text;
    if (options.name_weight > 0) {
        // A person whose NAME holds the query words ranks above one who only
        // mentions them (e.g. as a co-author): "J. Ryu" finds Jae-Won Ryu first.
        std::set<std::string> terms;
        for (const auto& atom : prepared.atoms)
            if (!atom.negated && atom.field.empty() && !atom.wildcard && atom.words.size() == 1)
                terms.insert(std::string(schema::name_prefix) + atom.words.front());
        if (!terms.empty()) {
            Xapian::Query names(Xapian::Query::OP_OR, terms.begin(), terms.end());
            ranked = Xapian::Query(Xapian::Query::OP_AND_MAYBE, ranked,
                                   Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, names, options.name_weight));
        }
    }
    if (options.prior_weight > 0) {
        Xapian::Query prior((new Xapian::ValueWeightPostingSource(schema::prior_slot))->release());
        ranked = Xapian::Query(Xapian::Query::OP_AND_MAYBE, ranked,
                               Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, prior, options.prior_weight));
    }
    return ranked;
}

}  // namespace cvsearch::search
