#include "vocabulary/person_table.hpp"

#include <algorithm>
#include <bit>
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
    if (!table->docs_.empty()) {
        table->by_doc_.assign(static_cast<std::size_t>(table->docs_.back().first) + 1, 0);
        for (const auto& [did, person] : table->docs_) table->by_doc_[did] = person + 1;
    }
    return table;  // the value stream yields ascending docids
}

std::optional<PersonTable::Person> PersonTable::person_of(Xapian::docid did) const {
    if (did >= by_doc_.size() || by_doc_[did] == 0) return std::nullopt;
    return by_doc_[did] - 1;
}

std::vector<PersonTable::Grouped> PersonTable::grouped_in(const std::vector<Xapian::docid>& docids) const {
    std::vector<Grouped> out;
    if (docs_.empty()) return out;
    const std::size_t log_matches = static_cast<std::size_t>(std::bit_width(docids.size()));
    if (docids.size() <= docs_.size() * log_matches) {
        for (Xapian::docid d : docids)
            if (d < by_doc_.size() && by_doc_[d] != 0) out.emplace_back(d, by_doc_[d] - 1);
    } else {
        for (const auto& g : docs_)
            if (std::binary_search(docids.begin(), docids.end(), g.first)) out.push_back(g);
    }
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
