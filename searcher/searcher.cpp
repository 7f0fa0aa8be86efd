// Searcher: a pool of per-thread search contexts over one index, and the
// search / profile / similar / stats requests on top of them.
#include "cvsearch/searcher.hpp"

#include <algorithm>
#include <charconv>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>

#include <xapian.h>

#include "core/stored_profile.hpp"
#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "vocabulary/analyzer.hpp"
#include "vocabulary/hit_display.hpp"
#include "vocabulary/schema.hpp"
#include "vocabulary/xapian_errors.hpp"
#include "searcher/boolean_match.hpp"
#include "searcher/context_pool.hpp"
#include "searcher/docid_range.hpp"
#include "searcher/facets.hpp"
#include "vocabulary/facet_table.hpp"
#include "searcher/highlight.hpp"
#include "searcher/pair_query.hpp"
#include "searcher/person_facets.hpp"
#include "searcher/person_hits.hpp"
#include "vocabulary/person_table.hpp"
#include "searcher/query_builder.hpp"
#include "searcher/proximity.hpp"
#include "searcher/query_facets.hpp"
#include "searcher/ranking.hpp"
#include "searcher/relaxed_query.hpp"
#include "searcher/shard_open.hpp"
#include "searcher/value_suggest.hpp"

namespace cvsearch {
namespace fs = std::filesystem;

// ---- names -------------------------------------------------------------------

std::string_view facet_name(Facet facet) noexcept {
    switch (facet) {
        case Facet::institution: return "institution";
        case Facet::affiliation: return "affiliation";
        case Facet::venue: return "venue";
        case Facet::year: return "year";
    }
    return "year";
}

std::optional<Facet> facet_from_name(std::string_view name) noexcept {
    for (Facet f : all_facets())
        if (facet_name(f) == name) return f;
    return std::nullopt;
}

const std::vector<Facet>& all_facets() {
    static const std::vector<Facet> facets = {Facet::institution, Facet::affiliation, Facet::venue, Facet::year};
    return facets;
}

std::string_view sort_order_name(SortOrder order) noexcept {
    switch (order) {
        case SortOrder::relevance: return "relevance";
        case SortOrder::latest_year: return "latest_year";
        case SortOrder::publication_count: return "publication_count";
    }
    return "relevance";
}

std::optional<SortOrder> sort_order_from_name(std::string_view name) noexcept {
    for (SortOrder o : {SortOrder::relevance, SortOrder::latest_year, SortOrder::publication_count})
        if (sort_order_name(o) == name) return o;
    return std::nullopt;
}

namespace {

/// Everything one thread needs to run requests: Xapian handles are never shared.
struct Context {
    Xapian::Database db;
    /// Spelling and synonyms of a sharded index (searcher/shard_open.hpp).
    std::optional<Xapian::Database> aux;
    /// Shards left out (allow_partial), tried again after retry_at.
    std::vector<std::string> missing;
    /// What this index cannot do (OpenedIndex::notes), said with every result.
    std::vector<std::string> notes;
    /// No database offers synonyms or spelling: searched without them.
    bool no_dictionary = false;
    std::chrono::steady_clock::time_point retry_at;
    analysis::Analyzer analyzer;
    search::QueryBuilder queries;
    /// The pair words of a single local database (searcher/pair_query.hpp),
    /// read once: an index's list is fixed when it is built, and a rebuild is a
    /// new generation, which the pool opens new contexts for.
    indexing::PairWords pair_words;
    /// Word -> stem for highlighting, kept across this context's requests.
    search::StemCache stems;

    Context(search::OpenedIndex opened, const SearcherOptions& options, bool local_index)
        : db(std::move(opened.db)), aux(std::move(opened.aux)), missing(std::move(opened.missing)),
          notes(std::move(opened.notes)), no_dictionary(opened.no_synonyms),
          retry_at(std::chrono::steady_clock::now() + options.shard_retry_interval),
          queries(db, analyzer, options.max_wildcard_expansion) {
        if (aux) queries.use_dictionary(*aux);
        if (no_dictionary) {  // remote shards and nowhere to read synonyms or spelling from
            queries.use_dictionary(db);
            queries.without_synonyms();
        }
        if (local_index) pair_words = indexing::PairWords::from_metadata(db.get_metadata(std::string(schema::meta_pair_words)));
    }
    /// The database with the spelling table.
    const Xapian::Database& dictionary() const { return aux ? *aux : db; }
    /// Called by the pool (searcher/context_pool.hpp).
    void reopen() {
        db.reopen();
        if (aux) aux->reopen();
        facet_slots.clear();  // the pair words stay: a database never changes its list
        if (!persons_revision || revision() != persons_revision) {  // a poll that found no commit keeps them
            persons_known = false;
            person_table.reset();
        }
    }
    /// Whether the index has persons, per revision (searcher/person_hits.hpp).
    bool persons_known = false, with_persons = false;
    std::shared_ptr<const search::PersonTable> person_table;
    Xapian::rev persons_revision = 0;  ///< 0: unknown (sharded and remote indexes have none)
    Xapian::rev revision() const {
        try {
            return db.get_revision();
        } catch (const Xapian::Error&) {  // several databases
            return 0;
        }
    }
    bool has_persons() {
        if (!persons_known) {
            with_persons = search::has_persons(db);
            persons_known = true;
            persons_revision = revision();
        }
        return with_persons;
    }
    /// The person table of a local index with persons, else null.
    const search::PersonTable* persons(bool local) {
        if (!local || !has_persons()) return nullptr;
        if (!person_table) person_table = search::PersonTable::build(db);
        return person_table.get();
    }
    /// Facet slots in use, per revision: over remote shards every
    /// get_value_freq is a round trip to each shard.
    std::map<Facet, std::size_t> facet_slots;
    search::FacetCounter counter(Facet f) {
        auto it = facet_slots.find(f);
        if (it == facet_slots.end()) it = facet_slots.emplace(f, search::FacetCounter::slots_in_use(db, f)).first;
        return search::FacetCounter(f, it->second);
    }
    /// True when `word` is certainly an indexed word: it is in the local
    /// spelling table (saves two round trips per shard for a remote index).
    bool known_word(const std::string& word) const {
        if (!aux) return false;
        Xapian::TermIterator it = aux->spellings_begin();
        it.skip_to(word);
        return it != aux->spellings_end() && *it == word;
    }
    bool reusable() const { return missing.empty() || std::chrono::steady_clock::now() < retry_at; }
    void flag_partial(SearchResults& res) const {
        res.warnings.insert(res.warnings.end(), notes.begin(), notes.end());
        if (missing.empty()) return;
        res.partial = true;
        res.missing_shards = missing;
        for (const auto& m : missing)
            res.warnings.push_back("partial results: the shard \"" + m + "\" did not answer and was left out");
    }
};

std::optional<int> parse_year(std::string_view s) {
    s = text::trim(s);
    int y = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), y);
    if (ec != std::errc() || p != s.data() + s.size() || s.size() != 4) return std::nullopt;
    return y;
}

/// more-like-this keeps plain words only: no prefixed, stemmed, boolean or
/// numeric terms, and not the person's own name.
class PlainWordDecider : public Xapian::ExpandDecider {
  public:
    PlainWordDecider(const Xapian::Database& db, std::set<std::string> exclude) : db_(db), exclude_(std::move(exclude)) {}
    bool operator()(const std::string& term) const override {
        if (term.size() < 3) return false;
        unsigned char c = static_cast<unsigned char>(term[0]);
        if (!((c >= 'a' && c <= 'z') || c >= 0x80)) return false;
        if (text::is_number_like(term)) return false;
        if (exclude_.count(term)) return false;
        // A word only this profile has finds no other profile: such words
        // rank high in the expand set and could fill it, leaving nothing similar.
        return db_.get_termfreq(term) > 1;
    }

  private:
    const Xapian::Database& db_;
    std::set<std::string> exclude_;
};

SearchHit make_file_hit(const Xapian::Document& doc, double weight, std::size_t rank, const search::Highlighter* highlighter,
                   const HighlightOptions& highlight) {
    std::string id = doc.get_value(schema::profile_id_slot);
    SearchHit hit;
    hit.score = weight;
    hit.rank = rank;
    // Without highlights the hit_display slot has all a hit shows: decoding the
    // stored profile (inflate + JSON) was most of a plain query's time.
    const bool highlights = highlighter && highlight.enabled;
    if (!highlights && !id.empty()) {
        if (auto display = schema::decode_hit_display(doc.get_value(schema::hit_display_slot))) {
            hit.id = std::move(id);
            hit.name = std::move(display->name);
            hit.card = std::move(display->card);
            hit.institution = hit.card.institution;
            return hit;
        }
    }
    Profile p = profile_from_stored_json(doc.get_data(), id);  // an index without hit_display, or highlights
    hit.id = id.empty() ? p.id : id;
    hit.name = p.name;
    hit.card = card_of(p);
    hit.institution = hit.card.institution;
    if (highlights) hit.highlights = highlighter->highlight(p, highlight);
    return hit;
}

/// The hit of a person: its best-ranked file, with what the person's
/// representative file adds (searcher/person_hits.hpp).
/// `persons`: the index has persons (else no document is read for them).
SearchHit make_hit(const Xapian::Database& db, bool persons, const Xapian::Document& doc, double weight, std::size_t rank,
                   const search::Highlighter* highlighter, const HighlightOptions& highlight) {
    SearchHit hit = make_file_hit(doc, weight, rank, highlighter, highlight);
    if (!persons) return hit;
    hit.also = search::other_files(doc);
    if (!hit.also.empty()) search::complete_card(db, doc, hit);
    return hit;
}

}  // namespace

// ---- the pool ----------------------------------------------------------------------

struct Searcher::Impl {
    fs::path path;
    std::string name;
    SearcherOptions options;
    /// Per-thread contexts, reopened or replaced as the index changes (searcher/context_pool.hpp).
    std::unique_ptr<search::ContextPool<Context>> pool;

    /// Opens a context; throws Xapian::Error (the pool translates it) or Error(index_incompatible).
    std::unique_ptr<Context> open_context() const {
        auto ctx = std::make_unique<Context>(search::open_index(path, options), options, local_index());
        std::string schema = ctx->db.get_metadata(std::string(schema::meta_schema));
        if (schema != schema::version)
            throw Error(ErrorCode::index_incompatible, name,
                        "the index has schema version " + (schema.empty() ? std::string("(none)") : schema) +
                            ", this cvsearch reads version " + std::string(schema::version) +
                            "; rebuild it with `cvsearch index DIR --db " + name + " --full`");
        return ctx;
    }

    /// Runs `fn` (the whole request) on a context; see ContextPool::with_context
    /// for reopen-and-retry.
    template <class F>
    auto with_context(F&& fn) const -> decltype(fn(std::declval<Context&>())) {
        return pool->with_context(std::forward<F>(fn));
    }

    /// search_once, relaxed when too few profiles have every word, and again
    /// with the spelling suggestion when nothing matched at all.
    SearchResults search(Context& c, const SearchRequest& req) const;
    struct Prepared;
    struct Slice;
    /// The hits, total and facets of `req`, every word required or (`relaxed`)
    /// most words first (searcher/relaxed_query.hpp).
    /// `words`: where to put the query's plain words (for spelling suggestions).
    SearchResults search_once(Context& c, const SearchRequest& req, bool relaxed,
                              std::vector<search::QueryWord>* words = nullptr) const;
    /// The query and filters of `req`, on `c`; `relaxed`: the relaxed form of
    /// the query (when it has one).
    Prepared prepare(Context& c, const SearchRequest& req, bool relaxed) const;
    /// The hits, total and counts of `req` among the documents of `range`;
    /// `whole`: the range holds every document (hits are the request's window).
    Slice match(Context& c, const SearchRequest& req, const Prepared& p, search::DocidRange range, bool whole) const;
    /// The docid ranges a request is searched as (SearcherOptions::query_threads).
    std::vector<search::DocidRange> ranges_for(Context& c, const SearchRequest& req) const;
    /// True when `req`'s matches are found by walking posting lists (local index, by relevance).
    bool walks_postings(const SearchRequest& req) const {
        return req.sort == SortOrder::relevance && options.local_facet_table && local_index();
    }
    SearchResults similar(Context& c, std::string_view id, std::size_t limit) const;
    IndexStats stats(Context& c, std::size_t facet_values) const;

    /// Facet tables shared by the contexts (local index only; vocabulary/facet_table.hpp).
    mutable search::FacetTableCache facet_tables;
    /// The facet table for the context's revision, or null: count with match spies.
    std::shared_ptr<const search::FacetTable> facet_table(Context& c) const {
        return options.local_facet_table ? facet_tables.get(path, c.db) : nullptr;
    }
    /// True for a single local database (not a stub of shards or remote lines).
    bool local_index() const { return facet_tables.local(path); }
    /// The facet table for the context's revision if it is already built.
    std::shared_ptr<const search::FacetTable> peek_facet_table(Context& c) const {
        return options.local_facet_table ? facet_tables.peek(c.db) : nullptr;
    }
};

Searcher::Searcher(const fs::path& db, const SearcherOptions& options) : impl_(std::make_unique<Impl>()) {
    impl_->path = db;
    impl_->name = db.string();
    impl_->options = options;
    std::error_code ec;
    if (db.empty() || !fs::exists(db, ec)) throw xapian_errors::index_missing(impl_->name);
    Impl* impl = impl_.get();
    impl_->pool = std::make_unique<search::ContextPool<Context>>(
        db, [impl] { return impl->open_context(); }, options.poll_interval, options.max_retries);
    impl_->pool->prime();
}

Searcher::~Searcher() = default;
Searcher::Searcher(Searcher&&) noexcept = default;
Searcher& Searcher::operator=(Searcher&&) noexcept = default;

const fs::path& Searcher::path() const noexcept { return impl_->path; }

namespace {

/// Refuses a query over the size limits before any work is done on it.
void check_query_size(const std::string& query, const SearcherOptions& options) {
    if (query.size() > options.max_query_bytes)
        throw Error(ErrorCode::usage, "query",
                    std::to_string(query.size()) + " bytes, over the limit of " +
                        std::to_string(options.max_query_bytes) + " bytes; shorten it");
    std::size_t words = 0;
    bool in_word = false;
    for (char c : query) {
        const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        words += !space && !in_word;
        in_word = !space;
    }
    if (words > options.max_query_words)
        throw Error(ErrorCode::usage, "query",
                    std::to_string(words) + " words, over the limit of " +
                        std::to_string(options.max_query_words) + " words; shorten it");
}

}  // namespace

SearchResults Searcher::search(const SearchRequest& request) const {
    check_query_size(request.query, impl_->options);
    return impl_->with_context([&](Context& c) { return impl_->search(c, request); });
}

SearchResults Searcher::similar(std::string_view id, std::size_t limit) const {
    return impl_->with_context([&](Context& c) { return impl_->similar(c, id, limit); });
}

IndexStats Searcher::stats(std::size_t facet_values) const {
    return impl_->with_context([&](Context& c) { return impl_->stats(c, facet_values); });
}

std::vector<std::string> Searcher::same_person(std::string_view id) const {
    return impl_->with_context([&](Context& c) -> std::vector<std::string> {
        std::string term = schema::id_term(id);
        auto pl = c.db.postlist_begin(term);
        if (pl == c.db.postlist_end(term)) return {};
        return search::other_files(c.db.get_document(*pl));
    });
}

std::optional<Profile> Searcher::profile(std::string_view id) const {
    return impl_->with_context([&](Context& c) -> std::optional<Profile> {
        std::string term = schema::id_term(id);
        auto pl = c.db.postlist_begin(term);
        if (pl == c.db.postlist_end(term)) return std::nullopt;
        return profile_from_stored_json(c.db.get_document(*pl).get_data(), id);
    });
}

// ---- search --------------------------------------------------------------------------

/// A request's query and filters, built on one context (Xapian::Query objects
/// belong to the thread that built them: their reference counts are not atomic).
struct Searcher::Impl::Prepared {
    search::BuiltQuery built;
    /// Added to the ranked query, each by an AND_MAYBE of its own (the relaxed
    /// match's word buckets, the proximity bonus): see search::ranked_query.
    std::vector<Xapian::Query> boosts;
    /// Facet values the query's words name (searcher/query_facets.hpp).
    std::vector<UnderstoodValue> understood;
    /// The number of words of a relaxable query (0: not relaxable);
    /// `relaxed`: this is its relaxed form.
    std::size_t words = 0;
    bool relaxed = false;
    std::map<Facet, Xapian::Query> filters;  ///< OR within a facet, AND across facets
    std::vector<std::string> warnings;
    /// `q` with every filter but `except`'s.
    Xapian::Query filtered(Xapian::Query q, std::optional<Facet> except) const {
        for (const auto& [facet, fq] : filters)
            if (!except || facet != *except) q = Xapian::Query(Xapian::Query::OP_FILTER, q, fq);
        return q;
    }
};

/// What one range of docids contributes to a request (searcher/docid_range.hpp).
struct Searcher::Impl::Slice {
    std::size_t total = 0;
    bool total_is_exact = true;
    /// The whole index's: the request's window of hits. A part's: its first
    /// offset + limit matches, ranked (weight, docid), made hits once merged.
    std::vector<SearchHit> hits;
    std::vector<Xapian::docid> page;  ///< the whole index's: the hits' docids, best first
    std::vector<std::pair<double, Xapian::docid>> ranked;
    /// A part's: the persons (vocabulary/person_table.hpp) with files among its
    /// matches, ascending; a person in several parts is one.
    std::vector<search::PersonTable::Person> persons;
    /// With the facet table: the counts of the facets without a filter of their
    /// own (one pass over the matches for all of them), and of each of the others.
    std::shared_ptr<const search::FacetTable> table;
    std::vector<Facet> main_facets;
    std::optional<search::FacetTable::Counts> main_counts;
    std::map<Facet, search::FacetTable::Counts> own_filter_counts;
    /// With match spies (whole index only).
    std::map<Facet, std::vector<FacetValue>> facets;
};

/// `facet`'s entry of a person_overcount result, or null.
static const search::Overcount* overcount_of(const std::map<Facet, search::Overcount>& over, Facet facet) {
    auto it = over.find(facet);
    return it == over.end() ? nullptr : &it->second;
}

/// Every value of `facet` in the index with its count (for suggestions when a
/// filter value misses: one counting pass over all profiles).
static std::vector<FacetValue> every_value(Context& c, Facet facet, const search::FacetTable* table) {
    if (table) return table->totals(facet);  // kept with the table: no pass over the index
    search::FacetCounter counter = c.counter(facet);
    Xapian::Enquire enquire(c.db);
    enquire.set_query(search::match_all());  // never the shared static MatchAll
    enquire.set_weighting_scheme(search::counting_weight());
    counter.attach(enquire);
    enquire.get_mset(0, 0, c.db.get_doccount());
    return counter.top(counter.distinct());
}

Searcher::Impl::Prepared Searcher::Impl::prepare(Context& c, const SearchRequest& req, bool relaxed) const {
    Prepared p;
    p.built = c.queries.build(req.query);
    if (!p.built.prepared.explicit_operators && req.sort == SortOrder::relevance) {
        // Relaxed before the pair terms: a quoted phrase's rewrite is an AND too.
        if (auto r = search::relax(p.built.query)) {
            p.words = r->words;
            if (relaxed) {
                p.built.query = r->matching;
                p.boosts.push_back(search::use_pair_terms(r->bonus, c.pair_words));
                p.relaxed = true;
            }
        }
    }
    p.built.query = search::use_pair_terms(p.built.query, c.pair_words);  // empty unless local
    const double proximity = options.proximity_weight;
    if (proximity > 0 && !p.built.prepared.explicit_operators) {
        // Each pair of neighbouring words a boost of its own, not one OR of
        // them all (see search::ranked_query).
        for (const auto& pair : search::neighbour_pairs(p.built.prepared))
            p.boosts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, search::use_pair_terms(pair, c.pair_words), proximity);
    }
    p.warnings = p.built.warnings;
    std::set<std::string> filter_terms;
    for (const auto& [facet, values] : req.filters) {
        std::vector<Xapian::Query> terms;
        for (const auto& v : values) {
            if (text::trim(v).empty()) continue;
            std::string term;
            if (facet == Facet::year) {
                auto y = parse_year(v);
                if (!y) throw Error(ErrorCode::usage, v, "not a year; give four digits, e.g. 2019");
                term = schema::facet_term(schema::FacetKind::year, std::to_string(*y));
            } else {
                std::string canonical = facet == Facet::venue ? normalize_venue(v) : normalize_institution(v);
                term = schema::facet_term(schema::facet_kind(facet), canonical.empty() ? v : canonical);
            }
            if (!c.db.term_exists(term)) {
                std::string warning = std::string(facet_name(facet)) + " \"" + v + "\" is not in the index";
                if (facet != Facet::year) {
                    const auto meant = search::suggest_values(v, every_value(c, facet, facet_table(c).get()));
                    for (std::size_t i = 0; i < meant.size(); ++i)
                        warning += (i == 0 ? "; did you mean \"" : i + 1 == meant.size() ? "\" or \"" : "\", \"") + meant[i];
                    if (!meant.empty()) warning += "\"?";
                }
                p.warnings.push_back(warning);
            }
            filter_terms.insert(term);
            terms.emplace_back(term);
        }
        if (!terms.empty()) p.filters[facet] = Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end());
    }
    // Words that name a facet value: a soft boost, and chips for the client.
    std::vector<search::QueryFacetValue> named;
    for (auto& v : search::facet_values_in_query(c.db, req.query, p.built.prepared))
        if (!filter_terms.count(v.term)) named.push_back(std::move(v));
    for (const auto& v : named) p.understood.push_back(v.understood);
    if (options.understood_weight > 0 && !named.empty())
        p.boosts.push_back(search::facet_value_boost(named, options.understood_weight));
    if (req.year_min || req.year_max) {
        Xapian::Query range = search::QueryBuilder::year_range(c.db, req.year_min, req.year_max);
        auto it = p.filters.find(Facet::year);
        p.filters[Facet::year] = it == p.filters.end() ? range : Xapian::Query(Xapian::Query::OP_AND, it->second, range);
    }
    return p;
}

Searcher::Impl::Slice Searcher::Impl::match(Context& c, const SearchRequest& req, const Prepared& p,
                                            search::DocidRange range, bool whole) const {
    Slice out;
    auto in_range = [&](Xapian::Query q, std::optional<Facet> except) { return search::restricted(p.filtered(std::move(q), except), range); };

    // The facet table of a local index (built on the first request that wants
    // facets, per revision) counts facets and holds the prior.
    std::set<Facet> wanted(req.facets.begin(), req.facets.end());
    const auto table = wanted.empty() ? peek_facet_table(c) : facet_table(c);
    out.table = table;

    // On a local index ranked by relevance, the matches are found by walking the
    // posting lists (searcher/boolean_match.hpp) when the query allows it: the
    // ranked match then stops as early as Xapian can and the total and the facet
    // counts (from the facet table, never from spies on that match) stay exact.
    // Sorted by a value, Xapian sees every match anyway.
    const bool walk_postings = walks_postings(req);
    std::optional<std::vector<Xapian::docid>> matches;
    if (walk_postings) matches = search::boolean_match(c.db, p.filtered(p.built.query, std::nullopt), range);

    Xapian::Enquire enquire(c.db);
    enquire.set_weighting_scheme(Xapian::BM25Weight(options.bm25_k1, 0, 1, options.bm25_b, 0.5));
    enquire.set_query(in_range(search::ranked_query(p.built.query, p.built.prepared, options, table, p.boosts), std::nullopt));
    // One hit per person (searcher/person_hits.hpp): from the person table
    // when the matches are listed, else by Xapian.
    const search::PersonTable* persons = c.persons(local_index());
    const bool collapse_here = persons && matches;
    if (c.has_persons() && !collapse_here) search::collapse_persons(enquire);
    switch (req.sort) {
        case SortOrder::relevance: break;
        case SortOrder::latest_year: enquire.set_sort_by_value_then_relevance(schema::latest_year_slot, true); break;
        case SortOrder::publication_count: enquire.set_sort_by_value_then_relevance(schema::pub_count_slot, true); break;
    }

    // Facets without a filter of their own are counted on the main match; the
    // others (disjunctive) on a count-only match without their own filter.
    // Counting: the in-memory facet table (local index) or one stock spy per
    // slot (remote-safe); identical counts.
    std::vector<Facet> main_facets, own_filter_facets;
    for (Facet f : wanted) (p.filters.count(f) ? own_filter_facets : main_facets).push_back(f);
    search::DocidCollector matched;
    std::vector<search::FacetCounter> main_counters;
    if (table && !main_facets.empty() && !matches) enquire.add_matchspy(&matched);
    // Over remote shards (Xapian 1.4.22), spies on a match sorted by value with
    // first > 0 count some documents twice (tests/shards): count those on a
    // count-only match of their own.
    const bool count_apart = !table && req.sort != SortOrder::relevance && req.offset > 0;
    if (!table)
        for (Facet f : main_facets) {
            main_counters.emplace_back(c.counter(f));
            if (!count_apart) main_counters.back().attach(enquire);
        }

    const Xapian::doccount all = c.db.get_doccount();
    const std::size_t first = whole ? req.offset : 0;
    const std::size_t size = whole ? req.limit : req.offset + req.limit;
    std::vector<std::pair<double, Xapian::docid>> window;  // (weight, docid), best first
    if (collapse_here) {
        search::PersonTable::Matched grouped = persons->matched(*matches);
        window = search::collapsed_window(enquire, *persons, first, size, grouped.extra());
        out.total = matches->size() - grouped.extra();
        out.total_is_exact = true;
        if (!whole) out.persons = std::move(grouped.persons);
    } else {
        Xapian::MSet mset = enquire.get_mset(static_cast<Xapian::doccount>(first), static_cast<Xapian::doccount>(size),
                                             matches ? 0 : all);
        for (auto it = mset.begin(); it != mset.end(); ++it) window.emplace_back(it.get_weight(), *it);
        if (matches) {
            out.total = matches->size();
            out.total_is_exact = true;
        } else if (c.has_persons() && local_index()) {
            // Collapsed by Xapian over every match: its lower bound counts them
            // all (the upper bound stays the uncollapsed estimate).
            out.total = mset.get_matches_lower_bound();
            out.total_is_exact = true;
        } else {
            out.total = mset.get_matches_estimated();
            out.total_is_exact = mset.get_matches_lower_bound() == mset.get_matches_upper_bound();
        }
    }
    if (whole)
        for (const auto& w : window) out.page.push_back(w.second);
    const search::FacetTies ties(c.db, out.page);  // ranks read only for the spies' ties
    if (table && !main_facets.empty()) {
        out.main_facets = main_facets;
        out.main_counts = table->count(matches ? *matches : matched.docids, main_facets, persons, !whole);
    }
    if (count_apart && !main_counters.empty()) {
        Xapian::Enquire counting(c.db);
        counting.set_query(p.filtered(p.built.query, std::nullopt));
        counting.set_weighting_scheme(search::counting_weight());
        for (const auto& counter : main_counters) counter.attach(counting);
        counting.get_mset(0, 0, all);
    }
    // The spies count files; a person's files that share a value count it once.
    std::map<Facet, search::Overcount> over;
    if (!main_counters.empty() && c.has_persons())
        over = search::person_overcount(c.db, in_range(p.built.query, std::nullopt), main_facets);
    for (const auto& counter : main_counters)
        out.facets[counter.facet()] = counter.top(req.facet_values, ties, overcount_of(over, counter.facet()));
    for (Facet f : own_filter_facets) {
        if (table && walk_postings) {
            if (auto others = search::boolean_match(c.db, p.filtered(p.built.query, f), range)) {
                out.own_filter_counts.emplace(f, table->count(*others, {f}, persons, !whole));
                continue;
            }
        }
        Xapian::Enquire others(c.db);
        others.set_query(in_range(p.built.query, f));
        others.set_weighting_scheme(search::counting_weight());
        search::DocidCollector collected;
        search::FacetCounter counter = c.counter(f);
        if (table) others.add_matchspy(&collected);
        else counter.attach(others);
        others.get_mset(0, 0, all);
        if (table) out.own_filter_counts.emplace(f, table->count(collected.docids, {f}, persons, !whole));
        else {
            std::map<Facet, search::Overcount> own;
            if (c.has_persons()) own = search::person_overcount(c.db, in_range(p.built.query, f), {f});
            out.facets[f] = counter.top(req.facet_values, ties, overcount_of(own, f));
        }
    }

    if (!whole) {
        out.ranked = std::move(window);
        return out;
    }
    search::Highlighter highlighter(c.analyzer, p.built.prepared.atoms, &c.stems);
    std::size_t rank = first;
    for (const auto& [weight, did] : window)
        out.hits.push_back(make_hit(c.db, c.has_persons(), c.db.get_document(did, Xapian::DOC_ASSUME_VALID), weight, ++rank, &highlighter, req.highlight));
    return out;
}

std::vector<search::DocidRange> Searcher::Impl::ranges_for(Context& c, const SearchRequest& req) const {
    if (options.query_threads < 2 || !walks_postings(req)) return {search::DocidRange{}};
    const std::size_t n = std::min<std::size_t>(options.query_threads,
                                                c.db.get_doccount() / std::max<std::size_t>(1, options.query_thread_min_docs));
    return n < 2 ? std::vector<search::DocidRange>{search::DocidRange{}} : search::split_docids(c.db, n);
}

namespace {

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string quoted_list(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "\"" : " \"") + w + "\"";
    return out;
}

}  // namespace

SearchResults Searcher::Impl::search_once(Context& c, const SearchRequest& req, bool relaxed,
                                          std::vector<search::QueryWord>* words) const {
    SearchResults res;
    res.query = req.query;
    res.offset = req.offset;
    const Prepared p = prepare(c, req, relaxed);
    res.warnings = p.warnings;
    res.query_words = p.words;
    res.relaxed = p.relaxed;
    res.understood = p.understood;
    if (words) *words = p.built.prepared.words;
    if (!p.built.prepared.dropped_words.empty())
        res.warnings.push_back("left out common words: " + quoted_list(p.built.prepared.dropped_words));

    const auto ranges = ranges_for(c, req);
    std::vector<Slice> slices(ranges.size());
    if (ranges.size() == 1) {
        slices[0] = match(c, req, p, ranges[0], true);
    } else {
        // The other ranges on threads of their own, each with a context of its
        // own at this context's revision; a range whose thread cannot have one
        // (a commit came in between) or fails is searched here afterwards.
        const Xapian::rev revision = c.db.get_revision();
        const std::string uuid = c.db.get_uuid();
        std::vector<char> done(ranges.size(), 0);
        {
            std::vector<std::jthread> helpers;
            for (std::size_t i = 1; i < ranges.size(); ++i)
                helpers.emplace_back([&, i] {
                    try {
                        done[i] = with_context([&](Context& h) {
                            if (h.db.get_revision() != revision || h.db.get_uuid() != uuid) h.db.reopen();
                            if (h.db.get_revision() != revision || h.db.get_uuid() != uuid) return false;
                            slices[i] = match(h, req, prepare(h, req, relaxed), ranges[i], false);
                            return true;
                        });
                    } catch (...) {  // searched here below, where its error (if it is one) is reported
                    }
                });
            slices[0] = match(c, req, p, ranges[0], false);
        }
        for (std::size_t i = 1; i < ranges.size(); ++i)
            if (!done[i] || slices[i].table != slices[0].table) slices[i] = match(c, req, p, ranges[i], false);
    }

    // The parts add up: totals, counts, and the best hits of each.
    res.total = 0;
    res.total_is_exact = true;
    for (const auto& s : slices) {
        res.total += s.total;
        res.total_is_exact = res.total_is_exact && s.total_is_exact;
    }
    const search::PersonTable* persons = slices.size() > 1 ? c.persons(local_index()) : nullptr;
    if (persons) {  // a person with files in several parts was counted by each
        std::vector<search::PersonTable::Person> all;
        for (const auto& s : slices) all.insert(all.end(), s.persons.begin(), s.persons.end());
        std::sort(all.begin(), all.end());
        res.total -= all.size() - static_cast<std::size_t>(std::unique(all.begin(), all.end()) - all.begin());
    }
    std::vector<Xapian::docid> page;  // the hits' docids, best first
    if (slices.size() == 1) {
        res.hits = std::move(slices[0].hits);
        page = std::move(slices[0].page);
    } else {
        // Weight descending, then docid ascending: the order of one whole match.
        std::vector<std::pair<double, Xapian::docid>> ranked;
        for (const auto& s : slices) ranked.insert(ranked.end(), s.ranked.begin(), s.ranked.end());
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        if (persons) {  // each part collapsed its own files: the best file of each person
            std::set<search::PersonTable::Person> seen;
            std::erase_if(ranked, [&](const auto& r) {
                auto person = persons->person_of(r.second);
                return person && !seen.insert(*person).second;
            });
        }
        search::Highlighter highlighter(c.analyzer, p.built.prepared.atoms, &c.stems);
        for (std::size_t r = req.offset; r < ranked.size() && r < req.offset + req.limit; ++r) {
            res.hits.push_back(make_hit(c.db, c.has_persons(), c.db.get_document(ranked[r].second), ranked[r].first, r + 1, &highlighter, req.highlight));
            page.push_back(ranked[r].second);
        }
    }
    // The facet table's counts (summed over the parts), ties broken by the page.
    const search::FacetTies ties(c.db, std::move(page));
    res.facets = std::move(slices[0].facets);
    if (auto& counts = slices[0].main_counts) {
        for (std::size_t i = 1; i < slices.size(); ++i) *counts += *slices[i].main_counts;
        for (Facet f : slices[0].main_facets) res.facets[f] = counts->top(f, req.facet_values, ties);
    }
    for (auto& [facet, counts] : slices[0].own_filter_counts) {
        for (std::size_t i = 1; i < slices.size(); ++i) counts += slices[i].own_filter_counts.at(facet);
        res.facets[facet] = counts.top(facet, req.facet_values, ties);
    }
    if (p.relaxed)
        for (auto& hit : res.hits) std::tie(hit.words_matched, hit.score) = search::split_relaxed_weight(hit.score);
    res.all_words_total = res.total;  // relaxed: set by search()
    c.flag_partial(res);
    return res;
}

SearchResults Searcher::Impl::search(Context& c, const SearchRequest& req) const {
    std::vector<search::QueryWord> words;
    SearchResults res = search_once(c, req, false, &words);
    const std::size_t page = req.offset + req.limit;
    if (res.query_words >= 2 && res.total < page && !res.partial) {
        // Never a dead end (searcher/relaxed_query.hpp): after the profiles
        // with every word, those with most of them.
        SearchResults relaxed = search_once(c, req, true);
        if (relaxed.total > res.total) {
            relaxed.all_words_total = res.total;
            const std::size_t n = relaxed.query_words;
            std::string why;
            if (res.total == 0) {
                why = "no profile has all " + std::to_string(n) + " words; showing profiles with ";
                why += req.offset == 0 && !relaxed.hits.empty()
                           ? std::to_string(relaxed.hits.front().words_matched) + " of " + std::to_string(n)
                           : "fewer of them";
            } else {
                why = "only " + plural(res.total, "profile has", "profiles have") + " all " + std::to_string(n) +
                      " words; after them, profiles with fewer";
            }
            relaxed.warnings.insert(relaxed.warnings.begin(), std::move(why));
            res = std::move(relaxed);
        }
    }
    // Spelling: words that are nowhere in the index but close to one that is.
    std::string suggestion = req.query;
    bool corrected = false;
    for (auto w = words.rbegin(); w != words.rend() && !c.no_dictionary; ++w) {
        if (w->folded.size() < 3 || std::any_of(w->folded.begin(), w->folded.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
            continue;
        if (c.known_word(w->folded) || c.db.term_exists(w->folded) || c.db.term_exists("Z" + c.analyzer.stem(w->folded)))
            continue;
        std::string fix = c.dictionary().get_spelling_suggestion(w->folded, 2);
        if (fix.empty() || fix == w->folded) continue;
        suggestion.replace(w->begin, w->end - w->begin, fix);
        corrected = true;
    }
    if (corrected) res.suggestion = suggestion;
    if (corrected && res.total == 0 && !res.partial) {
        // Like a web search engine: nothing for the words as typed, so the
        // suggestion's results, saying so (the suggestion is never corrected again).
        SearchRequest fixed = req;
        fixed.query = suggestion;
        SearchResults shown = search_once(c, fixed, false);
        if (shown.total < page && shown.query_words >= 2) {
            SearchResults relaxed = search_once(c, fixed, true);
            if (relaxed.total > shown.total) {
                relaxed.all_words_total = shown.total;
                shown = std::move(relaxed);
            }
        }
        if (shown.total > 0) {
            std::vector<std::string> warnings = std::move(res.warnings);
            res = std::move(shown);
            res.query = req.query;
            res.suggestion = suggestion;
            res.searched = suggestion;
            warnings.insert(warnings.begin(), "no profile matches \"" + req.query + "\"; showing results for \"" +
                                                  suggestion + "\"");
            for (auto& w : res.warnings)
                if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(std::move(w));
            res.warnings = std::move(warnings);
        }
    }
    // Warnings quote the caller's words and filter values; they are ours, so
    // they are valid UTF-8 even when those were not.
    for (auto& w : res.warnings) w = text::sanitize_utf8(w);
    return res;
}

// ---- similar -------------------------------------------------------------------------

SearchResults Searcher::Impl::similar(Context& c, std::string_view id, std::size_t limit) const {
    std::string id_term = schema::id_term(id);
    auto pl = c.db.postlist_begin(id_term);
    if (pl == c.db.postlist_end(id_term))
        throw Error(ErrorCode::not_found, std::string(id), "no profile with this id in the index");
    Xapian::docid did = *pl;
    Profile self = profile_from_stored_json(c.db.get_document(did).get_data(), id);

    std::set<std::string> own_name;
    for (const auto& t : c.analyzer.tokenize(self.name)) own_name.insert(t.term);
    PlainWordDecider decider(c.db, std::move(own_name));
    Xapian::RSet rset;
    rset.add_document(did);
    Xapian::Enquire expand(c.db);
    expand.set_query(Xapian::Query(id_term));
    // Exact term frequencies: for a sharded index Xapian otherwise scales one
    // shard's, and the terms chosen would differ from an unsharded index's.
    Xapian::ESet eset = expand.get_eset(25, rset, Xapian::Enquire::USE_EXACT_TERMFREQ, &decider);

    SearchResults res;
    res.query = "similar:" + std::string(id);
    std::vector<Xapian::Query> terms;
    std::vector<search::QueryAtom> atoms;
    for (auto it = eset.begin(); it != eset.end(); ++it) {
        terms.emplace_back(*it);
        atoms.push_back({"", {*it}, false, false});
    }
    if (terms.empty()) return res;
    // Never the person itself: the profile and its person's other files.
    std::vector<Xapian::Query> self_terms = {Xapian::Query(id_term)};
    for (const auto& other : search::other_files(c.db.get_document(did))) self_terms.emplace_back(schema::id_term(other));
    Xapian::Query q(Xapian::Query::OP_AND_NOT, Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end()),
                    Xapian::Query(Xapian::Query::OP_OR, self_terms.begin(), self_terms.end()));
    Xapian::Enquire enquire(c.db);
    enquire.set_query(q);
    if (c.has_persons()) search::collapse_persons(enquire);
    Xapian::MSet mset = enquire.get_mset(0, static_cast<Xapian::doccount>(limit));
    res.total = mset.get_matches_estimated();
    res.total_is_exact = mset.get_matches_lower_bound() == mset.get_matches_upper_bound();
    search::Highlighter highlighter(c.analyzer, std::move(atoms), &c.stems);
    std::size_t rank = 0;
    HighlightOptions ho;
    for (auto it = mset.begin(); it != mset.end(); ++it) res.hits.push_back(make_hit(c.db, c.has_persons(), it.get_document(), it.get_weight(), ++rank, &highlighter, ho));
    c.flag_partial(res);
    return res;
}

// ---- stats ---------------------------------------------------------------------------

IndexStats Searcher::Impl::stats(Context& c, std::size_t facet_values) const {
    IndexStats s;
    s.profiles = c.db.get_doccount();
    s.schema_version = c.db.get_metadata(std::string(schema::meta_schema));
    s.built_at = c.db.get_metadata(std::string(schema::meta_built_at));
    s.library_version = c.db.get_metadata(std::string(schema::meta_library_version));
    const auto table = facet_table(c);
    std::vector<search::FacetCounter> counters;
    search::DocidCollector everyone;
    Xapian::Enquire enquire(c.db);
    enquire.set_query(search::match_all());
    enquire.set_weighting_scheme(Xapian::BoolWeight());
    if (table) {
        enquire.add_matchspy(&everyone);
    } else {
        for (Facet f : all_facets()) counters.emplace_back(c.counter(f)).attach(enquire);
    }
    enquire.get_mset(0, 0, c.db.get_doccount());
    const search::PersonTable* persons = c.persons(local_index());
    s.persons = persons ? persons->persons_in(everyone.docids) : s.profiles;
    if (!table && c.has_persons()) {  // the spies count files; Xapian's collapse counts persons
        Xapian::Enquire people(c.db);
        people.set_query(search::match_all());
        people.set_weighting_scheme(Xapian::BoolWeight());
        search::collapse_persons(people);
        s.persons = people.get_mset(0, 0, c.db.get_doccount()).get_matches_estimated();
    }
    if (table) {
        const auto counts = table->count(everyone.docids, all_facets(), persons);
        for (Facet f : all_facets()) {
            s.facets[f] = counts.top(f, facet_values);
            s.distinct_values[f] = counts.distinct(f);
        }
    }
    std::map<Facet, search::Overcount> over;
    if (!counters.empty() && c.has_persons()) over = search::person_overcount(c.db, search::match_all(), all_facets());
    for (const auto& counter : counters) {
        s.facets[counter.facet()] = counter.top(facet_values, search::FacetTies(), overcount_of(over, counter.facet()));
        s.distinct_values[counter.facet()] = counter.distinct();
    }
    return s;
}

}  // namespace cvsearch
