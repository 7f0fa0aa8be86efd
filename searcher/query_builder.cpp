#include "searcher/query_builder.hpp"

#include <algorithm>
#include <charconv>
#include <set>

#include "core/text.hpp"
#include "cvsearch/parse.hpp"
#include "searcher/acronym_query.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::search {
namespace {

using Warnings = std::shared_ptr<std::vector<std::string>>;

std::optional<int> parse_year(std::string_view s) {
    s = text::trim(s);
    int year = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), year);
    if (ec != std::errc() || ptr != s.data() + s.size() || s.size() != 4) return std::nullopt;
    return year;
}

/// AND of the value's words under a free-text prefix (the unnormalized fallback).
Xapian::Query words_query(std::string_view value, std::string_view prefix) {
    std::vector<Xapian::Query> parts;
    const std::string folded = text::fold_key(value);  // split() returns views: keep the string alive
    for (auto w : text::split(folded, ' '))
        if (!w.empty()) parts.emplace_back(std::string(prefix) + std::string(w));
    if (parts.empty()) return Xapian::Query::MatchNothing;
    return Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end());
}

/// institution:X, affiliation:X and venue:X — the canonical facet term, or the words.
class CanonicalFieldProcessor : public Xapian::FieldProcessor {
  public:
    CanonicalFieldProcessor(schema::FacetKind kind, std::string_view text_prefix)
        : kind_(kind), text_prefix_(text_prefix) {}

    Xapian::Query operator()(const std::string& value) override {
        std::string canonical =
            kind_ == schema::FacetKind::venue ? normalize_venue(value) : normalize_institution(value);
        Xapian::Query facet(schema::facet_term(kind_, canonical.empty() ? value : canonical));
        return Xapian::Query(Xapian::Query::OP_OR, facet, words_query(value, text_prefix_));
    }

  private:
    schema::FacetKind kind_;
    std::string text_prefix_;
};

/// year:2019
class YearProcessor : public Xapian::FieldProcessor {
  public:
    explicit YearProcessor(Warnings warnings) : warnings_(std::move(warnings)) {}
    Xapian::Query operator()(const std::string& value) override {
        if (auto y = parse_year(value)) return Xapian::Query(schema::facet_term(schema::FacetKind::year, std::to_string(*y)));
        warnings_->push_back("year:" + value + " is not a year (use e.g. year:2019 or year:2019..2024); it matches nothing");
        return Xapian::Query::MatchNothing;
    }

  private:
    Warnings warnings_;
};

/// year:A..B — "has a publication in that range".
class YearRangeProcessor : public Xapian::RangeProcessor {
  public:
    YearRangeProcessor(const Xapian::Database& db, Warnings warnings)
        : Xapian::RangeProcessor(Xapian::BAD_VALUENO, "year:"), db_(db), warnings_(std::move(warnings)) {}

    Xapian::Query operator()(const std::string& begin, const std::string& end) override {
        std::optional<int> lo, hi;
        if (!begin.empty() && !(lo = parse_year(begin))) return invalid(begin, end);
        if (!end.empty() && !(hi = parse_year(end))) return invalid(begin, end);
        if (lo && hi && *lo > *hi) std::swap(lo, hi);
        return QueryBuilder::year_range(db_, lo, hi);
    }

  private:
    Xapian::Query invalid(const std::string& begin, const std::string& end) {
        warnings_->push_back("year:" + begin + ".." + end +
                             " is not a year range (use e.g. year:2019..2024); it matches nothing");
        return Xapian::Query::MatchNothing;
    }
    const Xapian::Database& db_;
    Warnings warnings_;
};

std::size_t count_terms_with_prefix(const Xapian::Database& db, const std::string& prefix, std::size_t stop_after) {
    std::size_t n = 0;
    for (auto it = db.allterms_begin(prefix); it != db.allterms_end(prefix) && n <= stop_after; ++it) ++n;
    return n;
}

std::string field_prefix(const std::string& field) {
    if (field == "name") return std::string(schema::name_prefix);
    if (field == "title") return std::string(schema::title_prefix);
    if (field == "interest") return std::string(schema::interest_prefix);
    if (field == "skill") return std::string(schema::skill_prefix);
    return {};
}

/// "cvswildany:distrib" (query_text.hpp): the words with that beginning, as
/// one OP_SYNONYM, like OP_WILDCARD with WILDCARD_LIMIT_MOST_FREQUENT.
class WildcardProcessor : public Xapian::FieldProcessor {
  public:
    WildcardProcessor(const Xapian::Database& db, std::string prefix, std::size_t max_expansion)
        : db_(db), prefix_(std::move(prefix)), max_(max_expansion) {}
    Xapian::Query operator()(const std::string& value) override {
        const std::string start = prefix_ + value;
        std::vector<std::pair<Xapian::doccount, std::string>> terms;
        for (auto it = db_.allterms_begin(start); it != db_.allterms_end(start); ++it) terms.emplace_back(it.get_termfreq(), *it);
        if (terms.size() > max_) {
            std::stable_sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
            terms.resize(max_);
        }
        // No such word: a term that is not in the index (matches nothing, like an
        // OP_WILDCARD without expansions; MatchNothing would read as "no query").
        if (terms.empty()) return Xapian::Query(start);
        std::vector<std::string> words;
        for (auto& t : terms) words.push_back(std::move(t.second));
        return Xapian::Query(Xapian::Query::OP_SYNONYM, words.begin(), words.end());
    }

  private:
    const Xapian::Database& db_;
    std::string prefix_;
    std::size_t max_;
};

constexpr unsigned parse_flags = Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_WILDCARD |
                                 Xapian::QueryParser::FLAG_PURE_NOT | Xapian::QueryParser::FLAG_AUTO_SYNONYMS |
                                 Xapian::QueryParser::FLAG_AUTO_MULTIWORD_SYNONYMS;

}  // namespace

QueryBuilder::QueryBuilder(const Xapian::Database& db, const analysis::Analyzer& analyzer,
                           std::size_t max_wildcard_expansion)
    : db_(db), analyzer_(analyzer), max_wildcard_expansion_(max_wildcard_expansion), dictionary_(db), flags_(parse_flags),
      warnings_(std::make_shared<std::vector<std::string>>()) {
    analyzer_.configure(parser_);
    parser_.set_database(db_);
    parser_.set_max_expansion(static_cast<Xapian::termcount>(max_wildcard_expansion_),
                              Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT, Xapian::QueryParser::FLAG_WILDCARD);
    parser_.add_prefix("name", std::string(schema::name_prefix));
    parser_.add_prefix("title", std::string(schema::title_prefix));
    parser_.add_prefix("interest", std::string(schema::interest_prefix));
    parser_.add_prefix("skill", std::string(schema::skill_prefix));
    parser_.add_boolean_prefix(
        "institution",
        (new CanonicalFieldProcessor(schema::FacetKind::institution, schema::current_institution_prefix))->release());
    parser_.add_boolean_prefix(
        "affiliation",
        (new CanonicalFieldProcessor(schema::FacetKind::affiliation, schema::affiliation_prefix))->release());
    parser_.add_boolean_prefix(
        "venue", (new CanonicalFieldProcessor(schema::FacetKind::venue, schema::venue_text_prefix))->release());
    parser_.add_boolean_prefix("year", (new YearProcessor(warnings_))->release());
    parser_.add_rangeprocessor((new YearRangeProcessor(db_, warnings_))->release());
}

QueryBuilder::~QueryBuilder() = default;

void QueryBuilder::without_synonyms() {
    flags_ &= ~(Xapian::QueryParser::FLAG_AUTO_SYNONYMS | Xapian::QueryParser::FLAG_AUTO_MULTIWORD_SYNONYMS);
}

void QueryBuilder::use_dictionary(const Xapian::Database& dictionary) {
    parser_.set_database(dictionary);
    dictionary_ = dictionary;
    if (wildcard_fields_) return;
    wildcard_fields_ = true;
    for (const char* field : {"any", "name", "title", "interest", "skill"}) {
        const std::string f = field;
        parser_.add_prefix(std::string(wildcard_field_prefix) + f,
                           (new WildcardProcessor(db_, field_prefix(f == "any" ? "" : f), max_wildcard_expansion_))->release());
    }
}

Xapian::Query QueryBuilder::year_range(const Xapian::Database& db, std::optional<int> lo, std::optional<int> hi) {
    const std::string prefix(schema::year_facet_prefix);
    std::vector<Xapian::Query> years;
    for (auto it = db.allterms_begin(prefix); it != db.allterms_end(prefix); ++it) {
        const std::string term = *it;  // by value: *it is a temporary std::string
        auto y = parse_year(term.substr(prefix.size()));
        if (!y || (lo && *y < *lo) || (hi && *y > *hi)) continue;
        years.emplace_back(std::string(term));
    }
    if (years.empty()) return Xapian::Query::MatchNothing;
    return Xapian::Query(Xapian::Query::OP_OR, years.begin(), years.end());
}

BuiltQuery QueryBuilder::build(std::string_view query) {
    BuiltQuery out;
    out.prepared = prepare_query(query, analyzer_, wildcard_fields_);
    warnings_->clear();
    if (out.prepared.empty) {
        out.query = match_all();
        return out;
    }
    try {
        out.query = parser_.parse_query(out.prepared.text, flags_);
    } catch (const Xapian::QueryParserError& e) {
        out.warnings.push_back("query syntax: " + e.get_msg() + "; searched for the words only");
        warnings_->clear();
        try {
            out.query = parser_.parse_query(out.prepared.words_only, flags_ & Xapian::QueryParser::FLAG_AUTO_SYNONYMS);
        } catch (const Xapian::QueryParserError&) {
            out.query = Xapian::Query();
        }
    }
    if (flags_ & Xapian::QueryParser::FLAG_AUTO_SYNONYMS) out.query = expand_acronyms(out.query, dictionary_);
    // An empty Query is also MatchNothing: a bad year: value legitimately
    // matches nothing (and said so); only a query without anything to search
    // for falls back to every profile.
    if (out.query.empty() && warnings_->empty()) {
        out.warnings.push_back("nothing to search for in the query; showing every profile that passes the filters");
        out.query = match_all();
    }
    for (auto& w : *warnings_) out.warnings.push_back(std::move(w));
    warnings_->clear();
    if (out.prepared.wildcards_ignored > 0)
        out.warnings.push_back("only the first " + std::to_string(max_query_wildcards) + " wildcards were expanded; " +
                               std::to_string(out.prepared.wildcards_ignored) + " more were searched as plain words");
    std::set<std::string> warned;
    for (const auto& atom : out.prepared.atoms) {
        if (!atom.wildcard || atom.words.empty()) continue;
        std::string prefix = field_prefix(atom.field) + atom.words.back();
        if (!warned.insert(prefix).second) continue;
        if (count_terms_with_prefix(db_, prefix, max_wildcard_expansion_) > max_wildcard_expansion_)
            out.warnings.push_back("\"" + atom.words.back() + "*\" matches more than " +
                                   std::to_string(max_wildcard_expansion_) + " words; only the " +
                                   std::to_string(max_wildcard_expansion_) + " most frequent were searched");
    }
    return out;
}

}  // namespace cvsearch::search
