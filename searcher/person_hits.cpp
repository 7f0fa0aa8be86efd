#include "searcher/person_hits.hpp"

#include "vocabulary/hit_display.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::search {

std::vector<std::string> person_files(const Xapian::Document& doc) {
    std::vector<std::string> out;
    const std::string files = doc.get_value(schema::person_files_slot);
    for (std::size_t start = 0; start < files.size();) {
        std::size_t end = files.find(schema::person_files_separator, start);
        if (end == std::string::npos) end = files.size();
        if (end > start) out.push_back(files.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::vector<std::string> other_files(const Xapian::Document& doc) {
    std::vector<std::string> out = person_files(doc);
    if (out.empty()) return out;
    const std::string self = doc.get_value(schema::profile_id_slot);
    std::erase(out, self);
    return out;
}

void complete_card(const Xapian::Database& db, const Xapian::Document& doc, SearchHit& hit) {
    if (!hit.card.institution.empty()) return;
    const std::string representative = doc.get_value(schema::person_slot);
    if (representative.empty() || representative == hit.id) return;
    const std::string term = schema::id_term(representative);
    auto it = db.postlist_begin(term);
    if (it == db.postlist_end(term)) return;
    auto display = schema::decode_hit_display(db.get_document(*it).get_value(schema::hit_display_slot));
    if (!display || display->card.institution.empty()) return;
    hit.card.institution = hit.institution = display->card.institution;
    if (hit.card.position.empty()) hit.card.position = display->card.position;
}

void collapse_persons(Xapian::Enquire& enquire) { enquire.set_collapse_key(schema::person_slot, 1); }

bool has_persons(const Xapian::Database& db) { return db.get_value_freq(schema::person_slot) > 0; }

}  // namespace cvsearch::search
