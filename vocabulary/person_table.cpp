#include "vocabulary/person_table.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "vocabulary/schema.hpp"

namespace cvsearch::search {

std::shared_ptr<const PersonTable> PersonTable::build(const Xapian::Database& db) {
    auto table = std::make_shared<PersonTable>();
    std::unordered_map<std::string, Person> numbers;
    for (auto it = db.valuestream_begin(schema::person_slot); it != db.valuestream_end(schema::person_slot); ++it) {
        auto [at, added] = numbers.emplace(*it, static_cast<Person>(numbers.size()));
        table->docs_.emplace_back(it.get_docid(), at->second);
    }
    return table;  // the value stream yields ascending docids
}

std::optional<PersonTable::Person> PersonTable::person_of(Xapian::docid did) const {
    auto it = std::lower_bound(docs_.begin(), docs_.end(), Grouped{did, 0});
    if (it == docs_.end() || it->first != did) return std::nullopt;
    return it->second;
}

std::vector<PersonTable::Grouped> PersonTable::grouped_in(const std::vector<Xapian::docid>& docids) const {
    std::vector<Grouped> out;
    for (const auto& g : docs_)
        if (std::binary_search(docids.begin(), docids.end(), g.first)) out.push_back(g);
    std::stable_sort(out.begin(), out.end(), [](const Grouped& a, const Grouped& b) { return a.second < b.second; });
    return out;
}

PersonTable::Matched PersonTable::matched(const std::vector<Xapian::docid>& docids) const {
    Matched out;
    const auto grouped = grouped_in(docids);
    out.files = grouped.size();
    for (const auto& g : grouped)
        if (out.persons.empty() || out.persons.back() != g.second) out.persons.push_back(g.second);
    return out;
}

std::size_t PersonTable::persons_in(const std::vector<Xapian::docid>& docids) const {
    if (docs_.empty()) return docids.size();
    return docids.size() - matched(docids).extra();
}

}  // namespace cvsearch::search
