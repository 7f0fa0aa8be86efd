#include "searcher/person_hits.hpp"

#include <algorithm>
#include <set>

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

std::vector<std::pair<double, Xapian::docid>> collapsed_window(Xapian::Enquire& enquire, const PersonTable& persons,
                                                               std::size_t first, std::size_t size, std::size_t extra) {
    const std::size_t want = first + size;
    std::size_t ask = want + std::min<std::size_t>(extra, 2);
    for (;;) {
        const Xapian::MSet mset = enquire.get_mset(0, static_cast<Xapian::doccount>(ask));
        std::vector<std::pair<double, Xapian::docid>> out;
        std::set<PersonTable::Person> seen;
        for (auto it = mset.begin(); it != mset.end() && out.size() < want; ++it) {
            const auto person = persons.person_of(*it);
            if (person && !seen.insert(*person).second) continue;  // a better file of the person is listed
            out.emplace_back(it.get_weight(), *it);
        }
        if (out.size() == want || mset.size() < ask || ask >= want + extra) {
            out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(std::min(first, out.size())));
            return out;
        }
        ask = std::min(want + extra, ask * 2);
    }
}

void collapse_persons(Xapian::Enquire& enquire) { enquire.set_collapse_key(schema::person_slot, 1); }

bool has_persons(const Xapian::Database& db) { return db.get_value_freq(schema::person_slot) > 0; }

}  // namespace cvsearch::search
