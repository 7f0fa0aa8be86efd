#include "vocabulary/facet_ties.hpp"

#include <algorithm>

#include "vocabulary/schema.hpp"

namespace cvsearch::search {

bool tie_before(Facet facet, std::size_t rank_a, const std::string& a, std::size_t rank_b, const std::string& b) {
    if (facet == Facet::year) return a > b;  // four digits: newest first (a histogram, not a list of the page's)
    if (rank_a != rank_b) return rank_a < rank_b;
    return a < b;
}

std::size_t FacetTies::rank(Facet facet, const std::string& value) const {
    if (page_.empty()) return unranked;
    auto [it, fresh] = ranks_.try_emplace(facet);
    auto& ranks = it->second;
    if (fresh) {
        const auto fs = schema::facet_schema(schema::facet_kind(facet));
        for (std::size_t r = 0; r < page_.size(); ++r) {
            const Xapian::Document doc = db_.get_document(page_[r], Xapian::DOC_ASSUME_VALID);
            for (Xapian::valueno s = fs.slot_base; s < fs.slot_base + fs.slot_count; ++s) {
                std::string v = doc.get_value(s);
                if (v.empty()) break;  // a facet's slots fill from the base up
                ranks.try_emplace(std::move(v), r);
            }
        }
    }
    auto found = ranks.find(value);
    return found == ranks.end() ? unranked : found->second;
}

std::vector<FacetValue> top_values(Facet facet, std::vector<FacetValue> values, std::size_t limit, const FacetTies& ties) {
    std::vector<std::size_t> ranks(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) ranks[i] = ties.rank(facet, values[i].value);
    std::vector<std::size_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto better = [&](std::size_t a, std::size_t b) {
        if (values[a].count != values[b].count) return values[a].count > values[b].count;
        return tie_before(facet, ranks[a], values[a].value, ranks[b], values[b].value);
    };
    keep_best(order, limit, better);
    std::vector<FacetValue> out;
    out.reserve(order.size());
    for (std::size_t i : order) out.push_back(std::move(values[i]));
    return out;
}

}  // namespace cvsearch::search
