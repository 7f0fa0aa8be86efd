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
        table->by_person_ = table->docs_;
        std::sort(table->by_person_.begin(), table->by_person_.end(), [](const Grouped& a, const Grouped& b) {
            return a.second != b.second ? a.second < b.second : a.first < b.first;
        });
    }
    return table;  // the value stream yields ascending docids
}

std::optional<PersonTable::Person> PersonTable::person_of(Xapian::docid did) const {
    if (did >= by_doc_.size() || by_doc_[did] == 0) return std::nullopt;
    return by_doc_[did] - 1;
}

std::vector<PersonTable::Grouped> PersonTable::grouped_in(const std::vector<Xapian::docid>& docids) const {
    std::vector<Grouped> out;
    if (docs_.empty() || docids.empty()) return out;
    const std::size_t log_matches = static_cast<std::size_t>(std::bit_width(docids.size()));
    if (by_person_.size() * log_matches < docids.size()) {  // few grouped documents: look each up
        for (const auto& g : by_person_)
            if (std::binary_search(docids.begin(), docids.end(), g.first)) out.push_back(g);
        return out;
    }
    if (docids.size() < by_person_.size()) {  // few matches: look each up, then order them
        for (Xapian::docid d : docids)
            if (d < by_doc_.size() && by_doc_[d] != 0) out.emplace_back(d, by_doc_[d] - 1);
        std::sort(out.begin(), out.end(), [](const Grouped& a, const Grouped& b) {
            return a.second != b.second ? a.second < b.second : a.first < b.first;
        });
        return out;
    }
    // Many: the matches as a bitmap (set, read, cleared: no pass over the
    // whole bitmap), then the grouped documents in person order.
    thread_local std::vector<std::uint64_t> bits;
    const std::size_t words = static_cast<std::size_t>(by_doc_.size() + 63) / 64;
    if (bits.size() < words) bits.resize(words, 0);
    for (Xapian::docid d : docids)
        if (d < by_doc_.size()) bits[d / 64] |= std::uint64_t{1} << (d % 64);
    for (const auto& g : by_person_)
        if (bits[g.first / 64] >> (g.first % 64) & 1) out.push_back(g);
    for (Xapian::docid d : docids)
        if (d < by_doc_.size()) bits[d / 64] = 0;
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
