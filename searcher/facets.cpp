#include "searcher/facets.hpp"

#include <algorithm>
#include <map>

namespace cvsearch::search {

std::size_t FacetCounter::slots_in_use(const Xapian::Database& db, Facet facet) {
    auto fs = schema::facet_schema(schema::facet_kind(facet));
    std::size_t n = 0;
    while (n < fs.slot_count && db.get_value_freq(fs.slot_base + static_cast<Xapian::valueno>(n)) > 0) ++n;
    return n;
}

FacetCounter::FacetCounter(Facet facet, std::size_t slots) : facet_(facet) {
    auto fs = schema::facet_schema(schema::facet_kind(facet));
    for (std::size_t i = 0; i < slots && i < fs.slot_count; ++i)
        spies_.push_back(std::make_unique<Xapian::ValueCountMatchSpy>(fs.slot_base + static_cast<Xapian::valueno>(i)));
}

FacetCounter::FacetCounter(const Xapian::Database& db, Facet facet) : FacetCounter(facet, slots_in_use(db, facet)) {}

void FacetCounter::attach(Xapian::Enquire& enquire) const {
    for (const auto& spy : spies_) enquire.add_matchspy(spy.get());
}

std::vector<std::pair<std::string, std::size_t>> FacetCounter::merged(const std::map<std::string, std::size_t>* minus) const {
    std::map<std::string, std::size_t> counts;
    for (const auto& spy : spies_)
        for (auto it = spy->values_begin(); it != spy->values_end(); ++it) counts[*it] += it.get_termfreq();
    if (minus)
        for (const auto& [value, n] : *minus)
            if (auto it = counts.find(value); it != counts.end()) it->second -= std::min(n, it->second);
    return {counts.begin(), counts.end()};
}

std::vector<FacetValue> FacetCounter::top(std::size_t limit, const FacetTies& ties,
                                          const std::map<std::string, std::size_t>* minus) const {
    std::vector<FacetValue> all;
    for (auto& [value, count] : merged(minus)) all.push_back({std::move(value), count});
    return top_values(facet_, std::move(all), limit, ties);
}

std::size_t FacetCounter::distinct() const { return merged().size(); }

}  // namespace cvsearch::search
