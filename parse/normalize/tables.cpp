#include "parse/normalize/tables.hpp"

#include "core/text.hpp"
#include "core/data.hpp"

namespace cvsearch::normalize {
namespace {

// Calls fn(fields) for each non-comment, non-empty line of a TSV table.
template <class Fn>
void for_each_row(std::string_view tsv, Fn fn) {
    for (std::string_view line : text::split(tsv, '\n')) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (text::trim(line).empty() || line.front() == '#') continue;
        fn(text::split(line, '\t'));
    }
}

std::string field(const std::vector<std::string_view>& f, std::size_t i) {
    return i < f.size() ? std::string(text::trim(f[i])) : std::string();
}

void add_aliases(AliasTable& table, std::string_view list, std::size_t index) {
    for (std::string_view alias : text::split(list, '|')) table.add(text::trim(alias), index);
}

}  // namespace

const VenueTable& venue_table() {
    static const VenueTable table = [] {
        VenueTable t;
        for_each_row(data::venues_tsv(), [&](const std::vector<std::string_view>& f) {
            VenueInfo v{field(f, 0), field(f, 1), field(f, 2), field(f, 3)};
            if (v.canonical.empty()) return;
            std::size_t index = t.entries.size();
            t.entries.push_back(v);
            t.aliases.add(v.canonical, index);
            t.aliases.add(v.full_name, index);
            add_aliases(t.aliases, field(f, 4), index);
        });
        return t;
    }();
    return table;
}

const InstitutionTable& institution_table() {
    static const InstitutionTable table = [] {
        InstitutionTable t;
        for_each_row(data::institutions_tsv(), [&](const std::vector<std::string_view>& f) {
            InstitutionInfo inst{field(f, 0), field(f, 1), field(f, 2)};
            if (inst.canonical.empty()) return;
            std::size_t index = t.entries.size();
            t.entries.push_back(inst);
            t.aliases.add(inst.canonical, index);
            add_aliases(t.aliases, field(f, 3), index);
        });
        return t;
    }();
    return table;
}

std::size_t venue_count() { return venue_table().entries.size(); }
std::size_t institution_count() { return institution_table().entries.size(); }

}  // namespace cvsearch::normalize
