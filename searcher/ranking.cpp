#include "searcher/ranking.hpp"

#include <cmath>
#include <set>

#include "vocabulary/schema.hpp"

namespace cvsearch::search {

void PriorTableSource::init(const Xapian::Database& db) {
    // As ValuePostingSource::init and ValueWeightPostingSource::init do.
    termfreq_ = db.get_value_freq(schema::prior_slot);
    const std::string upper = db.get_value_upper_bound(schema::prior_slot);
    set_maxweight(upper.empty() ? 0.0 : Xapian::sortable_unserialise(upper));
    did_ = 0;
    last_ = table_->last_docid();
}

void PriorTableSource::settle(Xapian::docid did) {
    did_ = did;
    while (did_ <= last_ && std::isnan(table_->prior(did_))) ++did_;
}

void PriorTableSource::next(double min_wt) {
    if (min_wt > get_maxweight()) {  // nothing here can reach min_wt: stop, as ValuePostingSource does
        did_ = last_ + 1;
        return;
    }
    settle(did_ + 1);
}

void PriorTableSource::skip_to(Xapian::docid did, double min_wt) {
    if (min_wt > get_maxweight()) {
        did_ = last_ + 1;
        return;
    }
    if (did > did_) settle(did);
}

Xapian::Query ranked_query(const Xapian::Query& text, const PreparedQuery& prepared, const SearcherOptions& options,
                           std::shared_ptr<const FacetTable> table, const std::vector<Xapian::Query>& boosts) {
    Xapian::Query ranked = text;
    for (const auto& boost : boosts)
        if (!boost.empty()) ranked = Xapian::Query(Xapian::Query::OP_AND_MAYBE, ranked, boost);
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
        Xapian::PostingSource* source = table ? static_cast<Xapian::PostingSource*>(new PriorTableSource(std::move(table)))
                                              : new Xapian::ValueWeightPostingSource(schema::prior_slot);
        Xapian::Query prior(source->release());
        ranked = Xapian::Query(Xapian::Query::OP_AND_MAYBE, ranked,
                               Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, prior, options.prior_weight));
    }
    return ranked;
}

}  // namespace cvsearch::search
