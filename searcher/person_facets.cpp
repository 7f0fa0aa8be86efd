#include "searcher/person_facets.hpp"

#include "searcher/facets.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::search {

std::map<Facet, Overcount> person_overcount(const Xapian::Database& db, const Xapian::Query& matches,
                                            const std::vector<Facet>& facets) {
    std::map<Facet, Overcount> out;
    if (facets.empty()) return out;
    // Files alone have no person key. OP_VALUE_GE with an empty limit matches
    // every document (Xapian 1.4.22), so the limit is the smallest non-empty
    // value: this lists exactly the grouped files among the matches.
    Xapian::Enquire enquire(db);
    enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, matches,
                                    Xapian::Query(Xapian::Query::OP_VALUE_GE, schema::person_slot, std::string(1, '\0'))));
    enquire.set_weighting_scheme(counting_weight());
    enquire.set_docid_order(Xapian::Enquire::ASCENDING);
    Xapian::MSet grouped = enquire.get_mset(0, db.get_doccount());
    grouped.fetch();  // one round trip per shard for the documents, not one per document

    // person key -> facet -> value -> how many of the person's files hold it
    std::map<std::string, std::map<Facet, std::map<std::string, std::size_t>>> files_with;
    for (auto it = grouped.begin(); it != grouped.end(); ++it) {
        const Xapian::Document doc = it.get_document();
        auto& person = files_with[doc.get_value(schema::person_slot)];
        for (Facet f : facets) {
            const auto fs = schema::facet_schema(schema::facet_kind(f));
            for (Xapian::valueno i = 0; i < fs.slot_count; ++i) {
                std::string value = doc.get_value(fs.slot_base + i);
                if (value.empty()) break;  // the slots fill from the base up
                ++person[f][std::move(value)];
            }
        }
    }
    for (const auto& [key, by_facet] : files_with)
        for (const auto& [f, values] : by_facet)
            for (const auto& [value, files] : values)
                if (files > 1) out[f][value] += files - 1;
    return out;
}

}  // namespace cvsearch::search
