#include "vocabulary/facet_table.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <unordered_map>

#include "core/text.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::search {
namespace fs = std::filesystem;

namespace {

constexpr std::size_t n_facets = FacetTable::facet_count;

/// The facet's place in a row (and in facet_begin_).
std::size_t index_of(Facet f) {
    switch (f) {
        case Facet::institution: return 0;
        case Facet::affiliation: return 1;
        case Facet::venue: return 2;
        case Facet::year: break;
    }
    return 3;
}

constexpr unsigned all_mask = (1u << n_facets) - 1;

/// The database of a stub file naming exactly one database, which is local
/// ("auto PATH", "glass PATH"; a relative PATH is relative to the stub's directory).
std::optional<fs::path> single_local_in_stub(const fs::path& stub) {
    std::ifstream in(stub);
    if (!in) return std::nullopt;
    std::string line;
    int databases = 0;
    std::optional<fs::path> local;
    while (std::getline(in, line)) {
        auto t = text::trim(line);
        if (t.empty() || t.front() == '#') continue;
        ++databases;
        local.reset();
        for (std::string_view type : {"auto ", "glass "})
            if (t.substr(0, type.size()) == type) local = stub.parent_path() / fs::path(std::string(text::trim(t.substr(type.size()))));
    }
    if (databases != 1) return std::nullopt;
    return local;
}

}  // namespace

std::optional<fs::path> FacetTable::local_directory(const fs::path& db_path) {
    std::error_code ec;
    if (fs::is_directory(db_path, ec)) {
        if (fs::exists(db_path / "iamglass", ec)) return db_path;
        if (!fs::exists(db_path / "XAPIANDB", ec)) return std::nullopt;
        return single_local_in_stub(db_path / "XAPIANDB");
    }
    if (!fs::is_regular_file(db_path, ec)) return std::nullopt;
    return single_local_in_stub(db_path);
}

std::shared_ptr<const FacetTable> FacetTable::build(const Xapian::Database& db, std::size_t narrow_values) {
    auto table = std::make_shared<FacetTable>();
    table->revision_ = db.get_revision();
    table->uuid_ = db.get_uuid();
    const Xapian::docid last = db.get_lastdocid();
    std::vector<Xapian::valueno> slots[n_facets];
    for (Facet f : all_facets()) {
        auto fs = schema::facet_schema(schema::facet_kind(f));
        for (Xapian::valueno s = fs.slot_base; s < fs.slot_base + fs.slot_count && db.get_value_freq(s) > 0; ++s)
            slots[index_of(f)].push_back(s);
    }
    // Pass 1: how many values each document has, per facet.
    static_assert(schema::institution_slots + schema::affiliation_slots + schema::venue_slots + schema::year_slots <= 255,
                  "counts and splits are 8 bits");
    std::vector<std::array<std::uint8_t, n_facets>> per_facet(static_cast<std::size_t>(last) + 1, std::array<std::uint8_t, n_facets>{});
    for (std::size_t f = 0; f < n_facets; ++f)
        for (auto s : slots[f])
            for (auto it = db.valuestream_begin(s); it != db.valuestream_end(s); ++it) ++per_facet[it.get_docid()][f];
    auto& rows = table->rows_;
    rows.assign(static_cast<std::size_t>(last) + 2, 0);
    table->splits_.assign(static_cast<std::size_t>(last) + 1, Split{});
    for (std::size_t d = 1; d <= last; ++d) {
        const auto& k = per_facet[d];
        std::uint32_t end = 0;
        for (std::size_t f = 0; f < n_facets; ++f) {
            if (f > 0) table->splits_[d][f - 1] = static_cast<std::uint8_t>(end);
            end += k[f];
        }
        rows[d + 1] = rows[d] + end;
    }
    // Pass 2: their ids, facet after facet; each facet has a dictionary of its own.
    std::vector<std::uint32_t> ids(rows.back());
    std::vector<std::uint32_t> cursor(rows.begin(), rows.end() - 1);
    for (std::size_t f = 0; f < n_facets; ++f) {
        table->facet_begin_[f] = static_cast<std::uint32_t>(table->values_.size());
        std::unordered_map<std::string, std::uint32_t> dictionary;
        for (auto s : slots[f]) {
            for (auto it = db.valuestream_begin(s); it != db.valuestream_end(s); ++it) {
                std::string value = *it;
                auto [pos, inserted] = dictionary.emplace(value, static_cast<std::uint32_t>(table->values_.size()));
                if (inserted) table->values_.push_back(std::move(value));
                ids[cursor[it.get_docid()]++] = pos->second;
            }
        }
    }
    table->facet_begin_[n_facets] = static_cast<std::uint32_t>(table->values_.size());
    table->totals_.assign(table->values_.size(), 0);
    for (std::uint32_t id : ids) ++table->totals_[id];
    if (table->values_.size() <= std::min(narrow_values, std::size_t{1} << 16)) table->ids16_.assign(ids.begin(), ids.end());
    else table->ids32_ = std::move(ids);
    table->priors_.assign(static_cast<std::size_t>(last) + 1, std::numeric_limits<double>::quiet_NaN());
    for (auto it = db.valuestream_begin(schema::prior_slot); it != db.valuestream_end(schema::prior_slot); ++it)
        table->priors_[it.get_docid()] = Xapian::sortable_unserialise(*it);
    return table;
}

template <class Id>
void FacetTable::add_each(const std::vector<Id>& ids, const std::vector<Xapian::docid>& docids, unsigned mask,
                          std::uint32_t* n) const noexcept {
    if (ids.empty()) return;  // no document has a value (and id would be null below)
    const Id* id = ids.data();
    const std::uint32_t* rows = rows_.data();
    const std::size_t last = rows_.size() - 1;  // docids 1 .. last - 1
    // The rows of matching documents are scattered over the ids (megabytes):
    // ask for the row a few documents ahead while counting this one.
    constexpr std::size_t ahead = 12;
    for (std::size_t i = 0; i < docids.size(); ++i) {
        if (i + ahead < docids.size() && docids[i + ahead] < last) {
            const Xapian::docid next = docids[i + ahead];
            __builtin_prefetch(id + rows[next]);
            __builtin_prefetch(id + rows[next + 1] - 1);  // a row may span two cache lines
        }
        const Xapian::docid d = docids[i];
        if (d >= last) continue;  // added after the table was built: cannot happen within one revision
        const Id* row = id + rows[d];
        const std::uint32_t size = rows[d + 1] - rows[d];
        if (mask == all_mask) {
            for (std::uint32_t k = 0; k < size; ++k) ++n[row[k]];
            continue;
        }
        std::uint32_t bounds[n_facets + 1];
        bounds[0] = 0;
        for (std::size_t f = 1; f < n_facets; ++f) bounds[f] = splits_[d][f - 1];
        bounds[n_facets] = size;
        for (unsigned f = 0; f < n_facets; ++f)
            if (mask & (1u << f))
                for (std::uint32_t k = bounds[f]; k < bounds[f + 1]; ++k) ++n[row[k]];
    }
}

std::vector<Xapian::docid> FacetTable::others(const std::vector<Xapian::docid>& docids) const {
    // The matches as a bitmap, then every unset bit: no branch per document
    // that the processor could guess wrong.
    const std::size_t last = rows_.size() - 1;  // docids 1 .. last - 1
    std::vector<std::uint64_t> matched((last + 63) / 64, 0);
    matched[0] |= 1;  // docid 0 is no document
    for (Xapian::docid d : docids)
        if (d < last) matched[d / 64] |= std::uint64_t{1} << (d % 64);
    if (last % 64) matched.back() |= ~std::uint64_t{0} << (last % 64);  // beyond the last docid
    std::vector<Xapian::docid> out;
    out.reserve(last - std::min(last, docids.size()));
    for (std::size_t w = 0; w < matched.size(); ++w)
        for (std::uint64_t unset = ~matched[w]; unset; unset &= unset - 1)
            out.push_back(static_cast<Xapian::docid>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(unset))));
    return out;
}

void FacetTable::row_ids(Xapian::docid d, unsigned mask, std::vector<std::uint32_t>& out) const {
    if (d + 1 >= rows_.size()) return;
    const std::uint32_t row = rows_[d], size = rows_[d + 1] - row;
    for (unsigned f = 0; f < n_facets; ++f) {
        if (!(mask & (1u << f))) continue;
        const std::uint32_t begin = f == 0 ? 0 : splits_[d][f - 1];
        const std::uint32_t end = f + 1 < n_facets ? splits_[d][f] : size;
        for (std::uint32_t k = begin; k < end; ++k) out.push_back(id_at(row + k));
    }
}

void FacetTable::once_per_person(Counts& counts, const std::vector<Xapian::docid>& docids, unsigned mask,
                                 const PersonTable& persons, bool mergeable) const {
    const auto grouped = persons.grouped_in(docids);  // by person
    if (grouped.empty()) return;
    // stamp[value id] == tag: counted already for the person being looked at.
    // Tags never repeat within a thread, so the stamps need no clearing.
    thread_local std::vector<std::uint32_t> stamp;
    thread_local std::uint32_t tag = 0;
    thread_local std::vector<std::uint32_t> ids;
    if (stamp.size() < values_.size()) stamp.resize(values_.size(), 0);
    if (tag > std::numeric_limits<std::uint32_t>::max() - static_cast<std::uint32_t>(grouped.size()) - 1) {
        std::fill(stamp.begin(), stamp.end(), 0);
        tag = 0;
    }
    for (std::size_t i = 0; i < grouped.size();) {
        ++tag;
        ids.clear();
        std::size_t j = i;
        for (; j < grouped.size() && grouped[j].second == grouped[i].second; ++j) row_ids(grouped[j].first, mask, ids);
        std::vector<std::uint32_t> kept;
        for (std::uint32_t id : ids) {
            if (stamp[id] == tag) {
                --counts.n_[id];  // counted again by another file of the person
            } else {
                stamp[id] = tag;
                if (mergeable) kept.push_back(id);
            }
        }
        if (mergeable) {
            std::sort(kept.begin(), kept.end());
            counts.persons_.emplace_back(grouped[i].second, std::move(kept));
        }
        i = j;
    }
}

FacetTable::Counts FacetTable::count(const std::vector<Xapian::docid>& docids, const std::vector<Facet>& facets,
                                     const PersonTable* persons, bool mergeable) const {
    Counts out = count_files(docids, facets);
    if (persons && !persons->empty()) {
        unsigned mask = 0;
        for (Facet f : facets) mask |= 1u << index_of(f);
        once_per_person(out, docids, mask, *persons, mergeable);
    }
    return out;
}

FacetTable::Counts FacetTable::count_files(const std::vector<Xapian::docid>& docids, const std::vector<Facet>& facets) const {
    Counts out;
    out.table_ = this;
    out.n_.assign(values_.size(), 0);
    unsigned mask = 0;
    for (Facet f : facets) mask |= 1u << index_of(f);
    if (mask == 0) return out;
    auto add_each = [&](const std::vector<Xapian::docid>& d) {
        if (ids32_.empty()) this->add_each(ids16_, d, mask, out.n_.data());
        else this->add_each(ids32_, d, mask, out.n_.data());
    };
    // When most documents match (ascending, as a match yields them), count
    // those that do not and subtract.
    const bool most = docids.size() > (rows_.size() - 2) / 2;
    if (!most || std::adjacent_find(docids.begin(), docids.end(), std::greater_equal<>()) != docids.end()) {
        add_each(docids);
        return out;
    }
    add_each(others(docids));
    for (unsigned f = 0; f < n_facets; ++f)
        if (mask & (1u << f))
            for (std::uint32_t id = facet_begin_[f]; id < facet_begin_[f + 1]; ++id) out.n_[id] = totals_[id] - out.n_[id];
    return out;
}

std::vector<FacetValue> FacetTable::Counts::top(Facet facet, std::size_t limit, const FacetTies& ties) const {
    const std::size_t f = index_of(facet);
    const auto& values = table_->values_;
    // The rank of the first hit of the page with each value, from the rows (no
    // document is read): the same ranks FacetTies::rank reads from the slots.
    std::unordered_map<std::uint32_t, std::size_t> first_rank;
    const auto& page = ties.page();
    for (std::size_t r = 0; r < page.size(); ++r) {
        const Xapian::docid d = page[r];
        if (d + 1 >= table_->rows_.size()) continue;
        const std::uint32_t row = table_->rows_[d], size = table_->rows_[d + 1] - row;
        const std::uint32_t begin = f == 0 ? 0 : table_->splits_[d][f - 1];
        const std::uint32_t end = f + 1 < facet_count ? table_->splits_[d][f] : size;
        for (std::uint32_t k = begin; k < end; ++k) first_rank.try_emplace(table_->id_at(row + k), r);
    }
    auto rank = [&](std::uint32_t id) {
        auto it = first_rank.find(id);
        return it == first_rank.end() ? unranked : it->second;
    };
    std::vector<std::uint32_t> order;
    for (std::uint32_t i = table_->facet_begin_[f]; i < table_->facet_begin_[f + 1]; ++i)
        if (n_[i] > 0) order.push_back(i);
    auto better = [&](std::uint32_t a, std::uint32_t b) {
        if (n_[a] != n_[b]) return n_[a] > n_[b];
        return tie_before(facet, rank(a), values[a], rank(b), values[b]);
    };
    keep_best(order, limit, better);
    std::vector<FacetValue> out;
    for (auto i : order) out.push_back({values[i], n_[i]});
    return out;
}

std::vector<FacetValue> FacetTable::totals(Facet facet) const {
    const std::size_t f = index_of(facet);
    std::vector<FacetValue> out;
    for (std::uint32_t id = facet_begin_[f]; id < facet_begin_[f + 1]; ++id)
        if (totals_[id] > 0) out.push_back({values_[id], totals_[id]});
    return out;
}

FacetTable::Counts& FacetTable::Counts::operator+=(const Counts& other) {
    if (other.table_ != table_) throw std::logic_error("FacetTable::Counts: adding the counts of another table");
    for (std::size_t i = 0; i < n_.size(); ++i) n_[i] += other.n_[i];
    // A person with files on both sides: its values were counted on each.
    std::vector<std::pair<PersonTable::Person, std::vector<std::uint32_t>>> merged;
    auto a = persons_.begin();
    auto b = other.persons_.begin();
    while (a != persons_.end() || b != other.persons_.end()) {
        if (b == other.persons_.end() || (a != persons_.end() && a->first < b->first)) {
            merged.push_back(std::move(*a++));
        } else if (a == persons_.end() || b->first < a->first) {
            merged.push_back(*b++);
        } else {
            std::vector<std::uint32_t> both, either;
            std::set_intersection(a->second.begin(), a->second.end(), b->second.begin(), b->second.end(), std::back_inserter(both));
            for (std::uint32_t id : both) --n_[id];
            std::set_union(a->second.begin(), a->second.end(), b->second.begin(), b->second.end(), std::back_inserter(either));
            merged.emplace_back(a->first, std::move(either));
            ++a, ++b;
        }
    }
    persons_ = std::move(merged);
    return *this;
}

std::size_t FacetTable::Counts::distinct(Facet facet) const {
    const std::size_t f = index_of(facet);
    return static_cast<std::size_t>(std::count_if(n_.begin() + table_->facet_begin_[f], n_.begin() + table_->facet_begin_[f + 1],
                                                  [](std::uint32_t x) { return x > 0; }));
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

bool FacetTableCache::local(const fs::path& db_path) {
    std::lock_guard lock(mutex_);
    if (local_ < 0) local_ = FacetTable::is_local(db_path) ? 1 : 0;
    return local_ == 1;
}

std::shared_ptr<const FacetTable> FacetTableCache::get(const fs::path& db_path, const Xapian::Database& db) {
    if (!local(db_path)) return nullptr;
    std::lock_guard lock(mutex_);
    if (auto t = find_locked(db)) return t;
    // Saved by the writer at this revision? (The stub is read again: a --full
    // swap may have moved it to another generation since.)
    std::shared_ptr<const FacetTable> t;
    if (auto dir = FacetTable::local_directory(db_path)) t = FacetTable::load(*dir / FacetTable::file_name, db);
    if (!t) t = FacetTable::build(db);
    tables_.insert(tables_.begin(), t);
    if (tables_.size() > 2) tables_.pop_back();
    return t;
}

}  // namespace cvsearch::search
