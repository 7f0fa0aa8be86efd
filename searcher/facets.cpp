#include "searcher/facets.hpp"

#include <algorithm>
#include <map>

namespace cvsearch::search {

schema::FacetKind facet_kind(Facet facet) noexcept {
    switch (facet) {
        case Facet::institution: return schema::FacetKind::institution;
        case Facet::venue: return schema::FacetKind::venue;
        case Facet::year: break;
    }
    return schema::FacetKind::year;
}

FacetCounter::FacetCounter(const Xapian::Database& db, Facet facet) : facet_(facet) {
    auto fs = schema::facet_schema(facet_kind(facet));
    for (Xapian::valueno slot = fs.slot_base; slot < fs.slot_base + fs.slot_count; ++slot) {
        if (db.get_value_freq(slot) == 0) break;  // slots fill from the base up
        spies_.push_back(std::make_unique<Xapian::ValueCountMatchSpy>(slot));
    }
}

void FacetCounter::attach(Xapian::Enquire& enquire) const {
    for (const auto& spy : spies_) enquire.add_matchspy(spy.get());
}

std::vector<std::pair<std::string, std::size_t>> FacetCounter::merged() const {
    std::map<std::string, std::size_t> counts;
    for (const auto& spy : spies_)
        for (auto it = spy->values_begin(); it != spy->values_end(); ++it) counts[*it] += it.get_termfreq();
    return {counts.begin(), counts.end()};
}

std::vector<FacetValue> FacetCounter::top(std::size_t limit) const {
    auto all = merged();
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<FacetValue> out;
    for (std::size_t i = 0; i < all.size() && i < limit; ++i) out.push_back({all[i].first, all[i].second});
    return out;
}

std::size_t FacetCounter::distinct() const { return merged().size(); }

}  // namespace cvsearch::search
