#include "searcher/facet_table.hpp"

#include <algorithm>
#include <fstream>
#include <unordered_map>

#include "core/text.hpp"
#include "indexer/schema.hpp"
#include "searcher/facets.hpp"

namespace cvsearch::search {
namespace fs = std::filesystem;

namespace {

std::size_t index_of(Facet f) {
    switch (f) {
        case Facet::institution: return 0;
        case Facet::venue: return 1;
        case Facet::year: break;
    }
    return 2;
}

/// A stub file naming exactly one database, which is local ("auto", "glass").
bool stub_is_single_local(const fs::path& stub) {
    std::ifstream in(stub);
    if (!in) return false;
    std::string line;
    int databases = 0;
    bool local = false;
    while (std::getline(in, line)) {
        auto t = text::trim(line);
        if (t.empty() || t.front() == '#') continue;
        ++databases;
        local = t.substr(0, 5) == "auto " || t.substr(0, 6) == "glass ";
    }
    return databases == 1 && local;
}

}  // namespace

bool FacetTable::is_local(const fs::path& db_path) {
    std::error_code ec;
    if (fs::is_directory(db_path, ec)) {
        if (fs::exists(db_path / "iamglass", ec)) return true;
        return fs::exists(db_path / "XAPIANDB", ec) && stub_is_single_local(db_path / "XAPIANDB");
    }
    return fs::is_regular_file(db_path, ec) && stub_is_single_local(db_path);
}

std::shared_ptr<const FacetTable> FacetTable::build(const Xapian::Database& db) {
    auto table = std::make_shared<FacetTable>();
    table->revision_ = db.get_revision();
    table->uuid_ = db.get_uuid();
    const Xapian::docid last = db.get_lastdocid();
    for (Facet f : all_facets()) {
        Column& c = table->columns_[index_of(f)];
        auto fs = schema::facet_schema(facet_kind(f));
        std::vector<Xapian::valueno> slots;
        for (Xapian::valueno s = fs.slot_base; s < fs.slot_base + fs.slot_count && db.get_value_freq(s) > 0; ++s)
            slots.push_back(s);
        // Pass 1: how many values each document has.
        c.offsets.assign(static_cast<std::size_t>(last) + 2, 0);
        for (auto s : slots)
            for (auto it = db.valuestream_begin(s); it != db.valuestream_end(s); ++it) ++c.offsets[it.get_docid() + 1];
        for (std::size_t d = 1; d < c.offsets.size(); ++d) c.offsets[d] += c.offsets[d - 1];
        // Pass 2: their ids.
        c.ids.resize(c.offsets.back());
        std::vector<std::uint32_t> cursor(c.offsets.begin(), c.offsets.end() - 1);
        std::unordered_map<std::string, std::uint32_t> dictionary;
        for (auto s : slots) {
            for (auto it = db.valuestream_begin(s); it != db.valuestream_end(s); ++it) {
                std::string value = *it;
                auto [pos, inserted] = dictionary.emplace(value, static_cast<std::uint32_t>(c.values.size()));
                if (inserted) c.values.push_back(std::move(value));
                c.ids[cursor[it.get_docid()]++] = pos->second;
            }
        }
    }
    table->priors_.assign(static_cast<std::size_t>(last) + 1, std::numeric_limits<double>::quiet_NaN());
    for (auto it = db.valuestream_begin(schema::prior_slot); it != db.valuestream_end(schema::prior_slot); ++it)
        table->priors_[it.get_docid()] = Xapian::sortable_unserialise(*it);
    return table;
}

const FacetTable::Column& FacetTable::column(Facet facet) const { return columns_[index_of(facet)]; }

std::vector<std::uint32_t> FacetTable::counts(const Column& c, const std::vector<Xapian::docid>& docids) const {
    std::vector<std::uint32_t> n(c.values.size(), 0);
    for (Xapian::docid d : docids) {
        if (d + 1 >= c.offsets.size()) continue;  // added after the table was built: cannot happen within one revision
        for (std::uint32_t k = c.offsets[d]; k < c.offsets[d + 1]; ++k) ++n[c.ids[k]];
    }
    return n;
}

std::vector<FacetValue> FacetTable::top(Facet facet, const std::vector<Xapian::docid>& docids, std::size_t limit) const {
    const Column& c = column(facet);
    auto n = counts(c, docids);
    std::vector<std::uint32_t> order;
    for (std::uint32_t i = 0; i < n.size(); ++i)
        if (n[i] > 0) order.push_back(i);
    auto better = [&](std::uint32_t a, std::uint32_t b) { return n[a] != n[b] ? n[a] > n[b] : c.values[a] < c.values[b]; };
    if (order.size() > limit) {
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(limit), order.end(), better);
        order.resize(limit);
    } else {
        std::sort(order.begin(), order.end(), better);
    }
    std::vector<FacetValue> out;
    for (auto i : order) out.push_back({c.values[i], n[i]});
    return out;
}

std::size_t FacetTable::distinct(Facet facet, const std::vector<Xapian::docid>& docids) const {
    auto n = counts(column(facet), docids);
    return static_cast<std::size_t>(std::count_if(n.begin(), n.end(), [](std::uint32_t x) { return x > 0; }));
}

std::shared_ptr<const FacetTable> FacetTableCache::find_locked(const Xapian::Database& db) const {
    for (const auto& t : tables_)
        if (t->built_from(db)) return t;
    return nullptr;
}

std::shared_ptr<const FacetTable> FacetTableCache::peek(const Xapian::Database& db) {
    std::lock_guard lock(mutex_);
    return local_ == 1 ? find_locked(db) : nullptr;
}

std::shared_ptr<const FacetTable> FacetTableCache::get(const fs::path& db_path, const Xapian::Database& db) {
    std::lock_guard lock(mutex_);
    if (local_ < 0) local_ = FacetTable::is_local(db_path) ? 1 : 0;
    if (!local_) return nullptr;
    if (auto t = find_locked(db)) return t;
    auto t = FacetTable::build(db);
    tables_.insert(tables_.begin(), t);
    if (tables_.size() > 2) tables_.pop_back();
    return t;
}

}  // namespace cvsearch::search
