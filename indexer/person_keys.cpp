#include "indexer/person_keys.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "core/stored_profile.hpp"
#include "core/text.hpp"
#include "indexer/person_groups.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::indexing {
namespace {

/// The name in a hit_display value: its first field.
std::string name_in_display(std::string_view value) {
    return std::string(value.substr(0, value.find(schema::hit_display_separator)));
}

/// The documents whose indexed name has this key: those with every word of
/// it as a name term, each checked against the name.
std::vector<Xapian::docid> documents_named(const Xapian::Database& db, const std::string& key) {
    std::vector<Xapian::Query> terms;
    for (auto word : text::words(key)) terms.emplace_back(std::string(schema::name_prefix) + std::string(word));
    std::vector<Xapian::docid> out;
    if (terms.empty()) return out;
    Xapian::Enquire enquire(db);
    enquire.set_query(Xapian::Query(Xapian::Query::OP_AND, terms.begin(), terms.end()));
    enquire.set_weighting_scheme(Xapian::BoolWeight());
    enquire.set_docid_order(Xapian::Enquire::ASCENDING);
    const Xapian::MSet mset = enquire.get_mset(0, db.get_doccount());
    for (auto it = mset.begin(); it != mset.end(); ++it)
        if (person_name_key(indexed_name(it.get_document())) == key) out.push_back(*it);
    return out;
}

/// Every document by the key of its name (documents without a name key left out).
std::map<std::string, std::vector<Xapian::docid>> every_name(const Xapian::Database& db) {
    std::map<std::string, std::vector<Xapian::docid>> out;
    std::vector<bool> seen(static_cast<std::size_t>(db.get_lastdocid()) + 1, false);
    for (auto it = db.valuestream_begin(schema::hit_display_slot); it != db.valuestream_end(schema::hit_display_slot); ++it) {
        seen[it.get_docid()] = true;
        if (auto key = person_name_key(name_in_display(*it)); !key.empty()) out[key].push_back(it.get_docid());
    }
    if (db.get_value_freq(schema::hit_display_slot) < db.get_doccount()) {  // an index older than hit_display
        for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it)
            if (!seen[*it])
                if (auto key = person_name_key(indexed_name(db.get_document(*it))); !key.empty()) out[key].push_back(*it);
    }
    return out;
}

struct Wanted {
    std::string key, files;
};

/// Sets the person slots of `did` to `want`; true when they changed.
bool write_values(Xapian::WritableDatabase& db, Xapian::docid did, const Wanted& want) {
    Xapian::Document doc = db.get_document(did);
    if (doc.get_value(schema::person_slot) == want.key && doc.get_value(schema::person_files_slot) == want.files)
        return false;
    for (auto [slot, value] : {std::pair{schema::person_slot, &want.key}, std::pair{schema::person_files_slot, &want.files}}) {
        if (value->empty()) doc.remove_value(slot);
        else doc.add_value(slot, *value);
    }
    db.replace_document(did, doc);  // values only: terms and data are left as they are
    return true;
}

}  // namespace

std::string indexed_name(const Xapian::Document& doc) {
    const std::string display = doc.get_value(schema::hit_display_slot);
    if (!display.empty()) return name_in_display(display);
    return profile_from_stored_json(doc.get_data()).name;
}

void PersonKeys::note_replaced(const Xapian::Database& db, const std::string& id_term) {
    if (all_) return;
    auto it = db.postlist_begin(id_term);
    if (it == db.postlist_end(id_term)) return;
    note_name(indexed_name(db.get_document(*it)));
}

void PersonKeys::note_name(std::string_view name) {
    if (all_) return;
    if (auto key = person_name_key(name); !key.empty()) names_.insert(std::move(key));
}

std::size_t PersonKeys::apply(Xapian::WritableDatabase& db) {
    std::map<std::string, std::vector<Xapian::docid>> buckets;
    if (all_) {
        buckets = every_name(db);
    } else {
        for (const auto& key : names_) buckets[key] = documents_named(db, key);
    }
    std::map<Xapian::docid, Wanted> wanted;
    for (const auto& [key, docids] : buckets) {
        for (Xapian::docid did : docids) wanted[did];  // alone unless grouped below
        if (docids.size() < 2) continue;
        std::vector<PersonEvidence> files;
        for (Xapian::docid did : docids) {
            Xapian::Document doc = db.get_document(did);
            files.push_back(evidence_of(profile_from_stored_json(doc.get_data(), doc.get_value(schema::profile_id_slot))));
            files.back().id = doc.get_value(schema::profile_id_slot);
        }
        for (const auto& group : group_persons(files)) {
            std::vector<std::string> ids;
            for (std::size_t i : group) ids.push_back(files[i].id);
            std::sort(ids.begin(), ids.end());
            std::string joined;
            for (const auto& id : ids) (joined.empty() ? joined : joined += schema::person_files_separator) += id;
            for (std::size_t i : group) wanted[docids[i]] = {files[group.front()].id, joined};
        }
    }
    if (all_) {  // keys left from any earlier rule on documents no bucket holds
        for (auto it = db.valuestream_begin(schema::person_slot); it != db.valuestream_end(schema::person_slot); ++it)
            wanted.try_emplace(it.get_docid());
    }
    std::size_t rewritten = 0;
    for (const auto& [did, want] : wanted) rewritten += write_values(db, did, want);
    names_.clear();
    all_ = false;
    return rewritten;
}

}  // namespace cvsearch::indexing
