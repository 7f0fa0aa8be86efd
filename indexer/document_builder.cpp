#include "indexer/document_builder.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <set>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "vocabulary/acronyms.hpp"
#include "vocabulary/hit_display.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::indexing {
namespace {

bool is_joiner_before(std::string_view text, std::size_t pos) {
    if (pos == 0) return false;
    char c = text[pos - 1];
    if (c == '-' || c == '\'') return true;
    // U+2010, U+2011 (hyphens), U+2019 (apostrophe): E2 80 90 / 91 / 99
    if (pos >= 3 && static_cast<unsigned char>(text[pos - 3]) == 0xE2 && static_cast<unsigned char>(text[pos - 2]) == 0x80) {
        unsigned char last = static_cast<unsigned char>(text[pos - 1]);
        return last == 0x90 || last == 0x91 || last == 0x99;
    }
    return false;
}

std::string first_code_point(std::string_view s) {
    if (s.empty()) return {};
    std::size_t n = 1;
    while (n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) ++n;
    return std::string(s.substr(0, n));
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const auto& p : parts) {
        if (p.empty()) continue;
        if (!out.empty()) out += sep;
        out += p;
    }
    return out;
}

}  // namespace

DocumentBuilder::DocumentBuilder(int reference_year) : cover_(analyzer_), reference_year_(reference_year) {
    analyzer_.configure(generator_);
}

void DocumentBuilder::set_spelling_database(const Xapian::WritableDatabase& db) {
    generator_.set_stopper(nullptr);
    counter_ = nullptr;
    generator_.set_database(db);
    generator_.set_flags(Xapian::TermGenerator::FLAG_SPELLING);
}

void DocumentBuilder::count_spelling() {
    if (counter_) return;
    generator_.set_flags(Xapian::TermGenerator::flags(0));
    counter_ = new SpellingCounter;
    generator_.set_stopper(counter_->release());
    generator_.set_stopper_strategy(Xapian::TermGenerator::STOP_STEMMED);  // asked about every word, stops none
}

void DocumentBuilder::add_counted_spelling(Xapian::WritableDatabase& db) {
    if (counter_) counter_->add_to(db);
}

void DocumentBuilder::index_text(Xapian::Document& doc, std::string_view text, unsigned wdf, std::string_view prefix,
                                 bool with_positions) {
    if (counter_) counter_->count(prefix.empty());
    analyzer_.index_text(generator_, doc, text, wdf, prefix, with_positions);
}

int DocumentBuilder::current_year() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    return tm.tm_year + 1900;
}

double DocumentBuilder::prior(const Profile& p, int reference_year) {
    double evidence = std::min(1.0, std::log1p(static_cast<double>(p.publications.size())) / std::log1p(40.0));
    std::optional<int> latest;
    for (const auto& pub : p.publications)
        if (pub.year && (!latest || *pub.year > *latest)) latest = pub.year;
    double recency = 0.0;
    if (latest) recency = std::clamp(1.0 - static_cast<double>(reference_year - *latest) / 15.0, 0.0, 1.0);
    return 0.6 * evidence + 0.4 * recency;
}

Xapian::Document DocumentBuilder::build(const Profile& p) {
    if (p.id.empty()) throw Error(ErrorCode::internal, p.source.path, "profile without an id reached the index builder");
    Xapian::Document doc;
    generator_.set_document(doc);
    generator_.set_termpos(0);
    auto index = [&](std::string_view text, unsigned wdf, std::string_view prefix = {}) {
        index_text(doc, text, wdf, prefix);
    };
    // For words that no query takes a phrase of (schema.hpp, POSITIONS).
    auto index_words = [&](std::string_view text, unsigned wdf, std::string_view prefix) {
        index_text(doc, text, wdf, prefix, false);
    };

    doc.set_data(to_json(p, -1));
    doc.add_boolean_term(schema::id_term(p.id));

    // The section texts first: the unprefixed copy of a field whose words they
    // hold in the same order gets no positions of its own (phrase_cover.hpp).
    for (const auto& section : p.sections) index(section.text, schema::section_weight_of(section.kind));
    cover_.reset(doc);
    auto index_copy = [&](std::string_view text, unsigned wdf) {
        if (text::trim(text).empty()) return;
        index_text(doc, text, wdf, {}, !cover_.covers(text));
    };

    // Name: parts, joined compounds, and the initial of each word ("Jae-Won Chung" -> j, c).
    index_copy(p.name, schema::name_weight);
    index(p.name, 1, schema::name_prefix);
    for (const auto& t : analyzer_.tokenize(p.name)) {
        if (t.compound || is_joiner_before(p.name, t.begin)) continue;
        std::string initial = first_code_point(t.term);
        if (initial == t.term) continue;  // already a one-letter word
        analyzer_.add_word(doc, initial, 1, "");
        analyzer_.add_word(doc, initial, 1, schema::name_prefix);
    }

    index_copy(p.headline, schema::headline_weight);
    for (const auto& interest : p.interests) {
        index_copy(interest, schema::interest_weight);
        index(interest, 1, schema::interest_prefix);
    }
    for (const auto& a : p.affiliations) {
        std::string where = a.institution;
        if (!a.institution_raw.empty() && text::fold_key(a.institution_raw) != text::fold_key(a.institution))
            where = join({a.institution, a.institution_raw}, " ; ");
        index_copy(join({where, a.role}, " ; "), schema::affiliation_weight);
        index_words(where, 1, schema::affiliation_prefix);
    }
    // Facets first: institution: looks up the words of the current institutions.
    const Facets facets = facets_of(p);
    for (const auto& now : facets.institution) {
        index_words(now, 1, schema::current_institution_prefix);
        for (const auto& a : p.affiliations)
            if (a.institution == now && !a.institution_raw.empty() && text::fold_key(a.institution_raw) != text::fold_key(now))
                index_words(a.institution_raw, 1, schema::current_institution_prefix);
    }
    for (const auto& pub : p.publications) {
        index_copy(pub.title, schema::title_weight);
        index(pub.title, 1, schema::title_prefix);
        std::string venue = pub.venue;
        if (!pub.venue_raw.empty() && text::fold_key(pub.venue_raw) != text::fold_key(pub.venue))
            venue = join({pub.venue, pub.venue_raw}, " ; ");
        index_copy(venue, 1);
        index_words(venue, 1, schema::venue_text_prefix);
        index_copy(join(pub.authors, " ; "), 1);
    }
    for (const auto& skill : p.skills) {
        index_copy(skill, schema::skill_weight);
        index(skill, 1, schema::skill_prefix);
    }
    for (const auto& award : p.awards) index_copy(award, schema::award_weight);
    add_pair_terms(doc, pair_words_);  // after every positioned word

    // Acronyms the profile defines ("software-defined networking (SDN)"): the
    // index's synonym table is rebuilt from these terms (vocabulary/acronyms.hpp).
    {
        std::set<std::string> defined;
        auto mine = [&](std::string_view text) {
            for (const auto& pair : analysis::find_acronyms(text))
                if (auto term = analysis::acronym_term(pair); !term.empty() && defined.insert(term).second)
                    doc.add_boolean_term(term);
        };
        for (const auto& section : p.sections) mine(section.text);
        mine(p.headline);
        for (const auto& interest : p.interests) mine(interest);
        for (const auto& pub : p.publications) mine(pub.title);
    }

    // Facets: a boolean term per value; the first K values also go into slots.
    auto put_facet = [&](schema::FacetKind kind, const std::vector<std::string>& values) {
        auto fs = schema::facet_schema(kind);
        std::set<std::string> seen_terms;
        Xapian::valueno slot = fs.slot_base;
        for (const auto& v : values) {
            if (text::trim(v).empty()) continue;
            std::string term = schema::facet_term(kind, v);
            if (!seen_terms.insert(term).second) continue;  // same value spelled twice: count once
            doc.add_boolean_term(term);
            if (slot < fs.slot_base + fs.slot_count) doc.add_value(slot++, v);
        }
    };
    put_facet(schema::FacetKind::institution, facets.institution);
    put_facet(schema::FacetKind::affiliation, facets.affiliation);
    put_facet(schema::FacetKind::venue, facets.venue);
    std::vector<std::string> years;
    for (auto it = facets.year.rbegin(); it != facets.year.rend(); ++it) years.push_back(std::to_string(*it));
    put_facet(schema::FacetKind::year, years);  // latest first

    if (!facets.year.empty())
        doc.add_value(schema::latest_year_slot, Xapian::sortable_serialise(facets.year.back()));
    doc.add_value(schema::pub_count_slot, Xapian::sortable_serialise(static_cast<double>(p.publications.size())));
    doc.add_value(schema::profile_id_slot, p.id);
    if (!p.source.content_hash.empty()) doc.add_value(schema::content_hash_slot, schema::extraction_key(p.source.content_hash));
    if (!p.source.path.empty()) doc.add_value(schema::source_path_slot, p.source.path);
    doc.add_value(schema::prior_slot, Xapian::sortable_serialise(prior(p, reference_year_)));
    doc.add_value(schema::hit_display_slot, schema::encode_hit_display(p));
    return doc;
}

}  // namespace cvsearch::indexing
