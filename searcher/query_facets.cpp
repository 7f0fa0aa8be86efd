#include "searcher/query_facets.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>

#include "core/text.hpp"
#include "cvsearch/parse.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::search {
namespace {

/// Words of organisation names that name no organisation on their own.
bool generic_word(std::string_view w) {
    static constexpr std::array<std::string_view, 24> words = {
        "university", "universitat", "universite", "universidad", "universita", "institute", "institut", "college",
        "school",     "department",  "laboratory", "laboratories", "lab",     "labs",      "center",   "centre",
        "national",   "state",       "technology", "research",   "academy",    "faculty",   "hospital", "foundation"};
    return std::find(words.begin(), words.end(), w) != words.end();
}

std::optional<int> year_of(std::string_view w) {
    if (w.size() != 4 || !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
    const int y = std::stoi(std::string(w));
    if (y < 1900 || y > 2099) return std::nullopt;
    return y;
}

bool holds_word(std::string_view folded_value, std::string_view word) {
    for (auto w : text::words(folded_value))
        if (w == word) return true;
    return false;
}

/// The value of `kind` most often holding `word` among the first profiles
/// that have the word in `field_prefix` (XA or XW).
std::optional<std::string> value_holding(const Xapian::Database& db, schema::FacetKind kind, std::string_view field_prefix,
                                         const std::string& word) {
    const auto fs = schema::facet_schema(kind);
    std::map<std::string, std::size_t> seen;
    Xapian::doccount looked = 0;
    const std::string field_term = std::string(field_prefix) + word;
    for (auto p = db.postlist_begin(field_term); p != db.postlist_end(field_term) && looked < value_sample; ++p, ++looked) {
        Xapian::Document doc = db.get_document(*p, Xapian::DOC_ASSUME_VALID);
        for (Xapian::valueno s = fs.slot_base; s < fs.slot_base + fs.slot_count; ++s) {
            std::string v = doc.get_value(s);
            if (v.empty()) break;
            if (holds_word(text::fold_key(v), word)) ++seen[v];
        }
    }
    std::optional<std::string> best;
    std::size_t best_n = 0;
    for (const auto& [v, n] : seen)
        if (n > best_n) best = v, best_n = n;  // ties: the first value in order
    return best;
}

/// True when at least half the profiles with `word` have it in `field_prefix`.
bool mostly_in(const Xapian::Database& db, std::string_view field_prefix, const std::string& word) {
    const Xapian::doccount anywhere = db.get_termfreq(word);
    return anywhere > 0 && 2 * db.get_termfreq(std::string(field_prefix) + word) >= anywhere;
}

/// Venues are named after topics ("Neural Networks", "Signal Processing",
/// "Injury Epidemiology"), so a venue is only understood where it is written
/// like a name: one word with two or more capitals ("SOSP", "NeurIPS"), or
/// capitalized words that are exactly the venue's name ("Physical Review E").
bool written_like_a_name(std::string_view typed, bool one_word) {
    auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    if (one_word) return std::count_if(typed.begin(), typed.end(), upper) >= 2;
    for (auto w : text::words(typed))
        if (w.size() > 3 && !upper(w.front()) && !(w.front() >= '0' && w.front() <= '9')) return false;
    return true;
}

/// True when every word of `typed` (but stop words) begins a word of
/// `canonical`: "U of Michigan" is "University of Michigan", "energy at KAIST"
/// is not "KAIST" (the normalizer finds a known name inside longer text).
bool names_only(std::string_view typed, std::string_view canonical) {
    const std::string key = text::fold_key(canonical);
    const auto words = text::words(key);
    const std::string typed_key = text::fold_key(typed);
    for (auto t : text::words(typed_key)) {
        if (t == "of" || t == "the" || t == "at" || t == "for" || t == "and" || t == "de") continue;
        if (std::none_of(words.begin(), words.end(), [&](std::string_view w) { return w.substr(0, t.size()) == t; })) return false;
    }
    return true;
}

}  // namespace

std::vector<QueryFacetValue> facet_values_in_query(const Xapian::Database& db, std::string_view query,
                                                   const PreparedQuery& prepared) {
    // Plain words: not in a field, not inside quotes (the user chose a
    // phrase), not excluded.
    std::vector<const QueryWord*> plain;
    for (const auto& w : prepared.words) {
        if (!w.field.empty() || w.end > query.size() || w.begin >= w.end) continue;
        const std::string_view before = query.substr(0, w.begin);
        if (std::count(before.begin(), before.end(), '"') % 2 == 1) continue;
        if (!before.empty() && before.back() == '-') continue;
        plain.push_back(&w);
    }
    std::vector<QueryFacetValue> out;
    auto add = [&](Facet facet, std::string value, std::string_view typed, std::size_t begin) {
        std::string term = schema::facet_term(schema::facet_kind(facet), value);
        for (const auto& o : out)
            if (o.term == term) return true;
        if (!db.term_exists(term)) return false;
        out.push_back({UnderstoodValue{facet, std::move(value), std::string(typed)}, std::move(term), begin});
        return true;
    };
    // An institution is where people are now (the institution facet) when
    // someone is there now, else where they have been (affiliation).
    auto add_institution = [&](const std::string& value, std::string_view typed, std::size_t begin) {
        return add(Facet::institution, value, typed, begin) || add(Facet::affiliation, value, typed, begin);
    };
    std::vector<bool> used(plain.size(), false);
    // Years first, so that "SOSP 2023" is the venue SOSP and the year 2023.
    for (std::size_t i = 0; i < plain.size(); ++i)
        if (auto y = year_of(plain[i]->folded))
            used[i] = add(Facet::year, std::to_string(*y), query.substr(plain[i]->begin, plain[i]->end - plain[i]->begin),
                          plain[i]->begin);
    // Runs of 4 down to 2 words, then single words; a word belongs to one value.
    for (std::size_t n = std::min<std::size_t>(4, plain.size()); n >= 1; --n) {
        for (std::size_t i = 0; i + n <= plain.size(); ++i) {
            if (std::any_of(used.begin() + i, used.begin() + i + n, [](bool u) { return u; })) continue;
            const std::string_view typed = query.substr(plain[i]->begin, plain[i + n - 1]->end - plain[i]->begin);
            bool found = false;
            if (n >= 2) {
                const std::string institution = normalize_institution(typed);
                found = names_only(typed, institution) && add_institution(institution, typed, plain[i]->begin);
                if (!found && written_like_a_name(typed, false)) {
                    const std::string venue = normalize_venue(typed);
                    if (text::fold_key(venue) == text::fold_key(typed)) found = add(Facet::venue, venue, typed, plain[i]->begin);
                }
            } else {
                const std::string& word = plain[i]->folded;
                if (!year_of(word) && !generic_word(word) && word.size() >= 2) {
                    if (mostly_in(db, schema::affiliation_prefix, word))
                        if (auto v = value_holding(db, schema::FacetKind::affiliation, schema::affiliation_prefix, word))
                            found = add_institution(*v, typed, plain[i]->begin);
                    if (!found && written_like_a_name(typed, true) && mostly_in(db, schema::venue_text_prefix, word))
                        if (auto v = value_holding(db, schema::FacetKind::venue, schema::venue_text_prefix, word))
                            found = add(Facet::venue, *v, typed, plain[i]->begin);
                }
            }
            if (found) std::fill(used.begin() + i, used.begin() + i + n, true);
        }
        if (n == 1) break;
    }
    std::stable_sort(out.begin(), out.end(), [](const QueryFacetValue& a, const QueryFacetValue& b) { return a.begin < b.begin; });
    return out;
}

Xapian::Query facet_value_boost(const std::vector<QueryFacetValue>& values, double weight) {
    std::vector<Xapian::Query> parts;
    for (const auto& v : values) {
        Xapian::Query fixed((new Xapian::FixedWeightPostingSource(weight))->release());
        parts.emplace_back(Xapian::Query::OP_FILTER, fixed, Xapian::Query(v.term));
    }
    if (parts.empty()) return {};
    return Xapian::Query(Xapian::Query::OP_OR, parts.begin(), parts.end());
}

}  // namespace cvsearch::search
