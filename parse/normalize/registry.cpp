#include "parse/normalize/registry.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <map>
#include <unordered_set>

#include "core/text.hpp"
#include "core/data.hpp"

namespace cvsearch::normalize {
namespace {

std::size_t line_start(std::string_view s, std::size_t pos) {
    while (pos > 0 && s[pos - 1] != '\n') --pos;
    return pos;
}

std::vector<std::uint32_t> parse_ids(std::string_view list) {
    std::vector<std::uint32_t> ids;
    for (std::string_view part : text::split(list, ',')) {
        std::uint32_t id = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), id);
        if (ec == std::errc() && end == part.data() + part.size()) ids.push_back(id);
    }
    return ids;
}

bool contains_words(const std::string& haystack, std::string_view key) {
    if (key.empty()) return false;
    std::string padded = " " + haystack + " ";
    return padded.find(" " + std::string(key) + " ") != std::string::npos;
}

bool at_domain(std::string_view email_domain, std::string_view domain) {
    if (domain.empty() || email_domain.size() < domain.size()) return false;
    if (email_domain == domain) return true;
    return email_domain.size() > domain.size() && email_domain.substr(email_domain.size() - domain.size()) == domain &&
           email_domain[email_domain.size() - domain.size() - 1] == '.';
}

}  // namespace

RegistryTable::RegistryTable(std::string_view entries, std::string_view keys) : entries_(entries), keys_(keys) {
    // The first line starting in each block of kBlock bytes: find() bisects these in
    // memory first, then the lines of one block, so a lookup touches one or two pages of
    // the file instead of one per bisection step.
    for (std::size_t at = 0; at < keys_.size(); at += kBlock) {
        std::size_t start = at == 0 ? 0 : keys_.find('\n', at - 1);
        if (start == std::string_view::npos) break;
        if (at != 0) ++start;
        if (start >= keys_.size()) break;
        if (samples_.empty() || samples_.back() != start) samples_.push_back(static_cast<std::uint32_t>(start));
    }
}

std::size_t RegistryTable::size() const {
    return static_cast<std::size_t>(std::count(entries_.begin(), entries_.end(), '\n'));
}

bool RegistryTable::is_entry(std::uint32_t offset) const {
    return offset < entries_.size() && (offset == 0 || entries_[offset - 1] == '\n');
}

std::vector<std::string_view> RegistryTable::fields(std::uint32_t offset) const {
    if (!is_entry(offset)) return {};
    std::string_view line = entries_.substr(offset);
    line = line.substr(0, line.find('\n'));
    return text::split(line, '\t');
}

std::string_view RegistryTable::canonical(std::uint32_t entry) const {
    std::vector<std::string_view> f = fields(entry);
    return f.empty() ? std::string_view() : f.front();
}

std::optional<RegistryTable::Hit> RegistryTable::find(std::string_view key) const {
    if (key.empty()) return std::nullopt;
    // The block whose first key is the last one <= key (samples_ is sorted like the lines).
    auto after = std::upper_bound(samples_.begin(), samples_.end(), key,
                                  [this](std::string_view k, std::uint32_t at) { return k < key_at(at); });
    if (after == samples_.begin()) return std::nullopt;
    std::size_t lo = *std::prev(after);
    std::size_t hi = after == samples_.end() ? keys_.size() : *after;
    // Binary search over the block's sorted lines; lo and hi are always line starts.
    while (lo < hi) {
        std::size_t mid = line_start(keys_, lo + (hi - lo) / 2);
        if (mid < lo) mid = lo;
        int c = key_at(mid).compare(key);
        if (c > 0) {
            hi = mid;
            continue;
        }
        std::size_t end = keys_.find('\n', mid);
        if (end == std::string_view::npos) end = keys_.size();
        if (c < 0) {
            lo = end + 1;
            continue;
        }
        std::vector<std::string_view> f = text::split(keys_.substr(mid, end - mid), '\t');
        if (f.size() < 3) return std::nullopt;
        Hit hit;
        hit.acronym_only = f[1] == "A";
        hit.entries = parse_ids(f[2]);
        std::erase_if(hit.entries, [&](std::uint32_t e) { return !is_entry(e); });
        if (hit.entries.empty()) return std::nullopt;
        return hit;
    }
    return std::nullopt;
}

std::string_view RegistryTable::key_at(std::size_t line) const {
    std::string_view rest = keys_.substr(line);
    std::size_t end = 0;  // up to the first tab or line end (one short scan, not two)
    while (end < rest.size() && rest[end] != '\t' && rest[end] != '\n') ++end;
    return rest.substr(0, end);
}

const RegistryTable& registry_institutions() {
    static const RegistryTable table(data::registry_institutions_tsv(), data::registry_institution_keys_tsv());
    return table;
}

const RegistryTable& registry_venues() {
    static const RegistryTable table(data::registry_venues_tsv(), data::registry_venue_keys_tsv());
    return table;
}

bool is_registry_city(std::string_view text) {
    static const std::unordered_set<std::string> cities = [] {
        std::unordered_set<std::string_view> raw;  // views into the embedded bytes, one per spelling
        raw.reserve(16384);
        std::string_view previous;  // (neighbouring rows often share their city: one insert for the run)
        std::string_view rest = data::registry_institutions_tsv();
        while (!rest.empty()) {  // canonical, kind, country, city, domains
            std::size_t end = rest.find('\n');
            std::string_view line = rest.substr(0, end);
            rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
            std::size_t from = 0;
            for (int field = 0; field < 3 && from != std::string_view::npos; ++field) {
                from = line.find('\t', from);
                if (from != std::string_view::npos) ++from;
            }
            if (from == std::string_view::npos) continue;
            std::string_view city = line.substr(from, line.find('\t', from) - from);
            if (!city.empty() && city != previous) raw.insert(city);
            previous = city;
        }
        std::unordered_set<std::string> folded;
        for (std::string_view c : raw)
            if (std::string k = text::fold_key(c); !k.empty()) folded.insert(std::move(k));
        return folded;
    }();
    std::string key = text::fold_key(text);
    return !key.empty() && cities.count(key) > 0;
}

std::vector<std::string> country_keys(std::string_view code) {
    static const std::map<std::string, std::vector<std::string>, std::less<>> countries = [] {
        std::map<std::string, std::vector<std::string>, std::less<>> m;
        for (std::string_view line : text::split(data::registry_countries_tsv(), '\n')) {
            std::vector<std::string_view> f = text::split(line, '\t');
            if (f.size() < 2 || f[0].empty()) continue;
            auto& names = m[std::string(f[0])];
            for (std::string_view name : text::split(f[1], '|'))
                if (std::string k = text::fold_key(name); !k.empty()) names.push_back(k);
        }
        return m;
    }();
    auto it = countries.find(code);
    return it == countries.end() ? std::vector<std::string>{} : it->second;
}

std::optional<std::uint32_t> resolve_institution(const std::vector<std::uint32_t>& candidates,
                                                  const RegistryContext& context, std::string_view asked) {
    const RegistryTable& table = registry_institutions();
    int best = 0;
    std::vector<std::uint32_t> winners;
    for (std::uint32_t c : candidates) {
        std::vector<std::string_view> f = table.fields(c);  // canonical, kind, country, city, domains
        std::string full = f.empty() ? std::string() : text::fold_key(f[0]);
        bool named = full != asked && contains_words(context.folded_text, full);  // in full, not just as asked
        bool mailed = false;
        if (f.size() > 4)
            for (std::string_view domain : text::split(f[4], '|'))
                for (const std::string& email : context.email_domains) mailed = mailed || at_domain(email, domain);
        bool city = f.size() > 3 && contains_words(context.folded_text, text::fold_key(f[3]));
        bool country = false;
        if (f.size() > 2)
            for (const std::string& name : country_keys(f[2])) country = country || contains_words(context.folded_text, name);
        int score = 8 * named + 4 * mailed + 2 * city + 1 * country;
        if (score > best) {
            best = score;
            winners.clear();
        }
        if (score == best && score > 0) winners.push_back(c);
    }
    if (winners.empty()) return std::nullopt;
    // Entries that share their canonical value are one institution for a facet.
    std::string_view first = table.canonical(winners.front());
    for (std::uint32_t w : winners)
        if (table.canonical(w) != first) return std::nullopt;
    return winners.front();
}

}  // namespace cvsearch::normalize
