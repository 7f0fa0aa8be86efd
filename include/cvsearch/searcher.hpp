// cvsearch/searcher.hpp — searching an index built by cvsearch::IndexWriter.
//
//   cvsearch::Searcher searcher("cvs.db");              // throws Error(index_missing) etc.
//   cvsearch::SearchRequest req;
//   req.query = "\"fault tolerance\" venue:SOSP";
//   req.filters[cvsearch::Facet::institution] = {"KAIST"};
//   cvsearch::SearchResults res = searcher.search(req);
//   for (const auto& hit : res.hits) ...                // render with cvsearch/render.hpp
//
// QUERY SYNTAX (SearchRequest::query)
//   words              all must match (default operator AND); stemmed, case- and
//                      accent-insensitive ("Zurich" finds "Zürich", "tolerant" finds
//                      "tolerance"); synonyms from data/synonyms.tsv ("ML" finds
//                      "machine learning" and back)
//   "a phrase"         the words in this order
//   a OR b, a AND b, a NOT b, ( ... )     boolean operators (upper case)
//   +word, -word       must / must not match
//   distrib*           trailing wildcard; expands to at most
//                      SearcherOptions::max_wildcard_expansion words (most frequent)
//   name:  title:  interest:  skill:      restrict words to one field;
//                      name:"Chung Jae-Won" matches the name parts in any order
//   institution:X  venue:X                filters by canonical value, normalized like the
//                      index ("institution:UMich", "venue:\"SOSP '23\""); also match
//                      the words of an unknown value
//   year:2019  year:2019..2024  year:..2016  year:2020..
//                      has a publication in that year / range
//   Names: "J. Chung" and "Chung J" find Jae-Won Chung (initials); "Jae-Won",
//   "Jae Won" and "Jaewon" all find "Jae-Won".
// A query with a syntax error never fails: it is searched leniently (its words
// only) and SearchResults::warnings says so. An empty query matches every
// profile that passes the filters.
//
// THREADS: one Searcher may be shared by any number of threads, all calling its
// const members at once; construction, destruction and move must not overlap
// with calls. Each call borrows its own Xapian handles (Database, Enquire,
// QueryParser...) from a pool; no Xapian object is ever used by two threads.
//
// A CHANGING INDEX: a Searcher stays open across re-indexing. Every request runs
// on one consistent revision. When the writer discards that revision under it,
// the whole request runs again on the newest one (up to
// SearcherOptions::max_retries times; also, with a short backoff, for the
// transient read errors Xapian can give while a writer is active). New commits
// and `cvsearch index --full` swaps are picked up without a restart, at most
// SearcherOptions::poll_interval (200 ms) after they finished.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"

namespace cvsearch {

/// The facets the index counts and filters on.
enum class Facet {
    /// Where people are now: the institutions of their current affiliations
    /// (cvsearch::current_institutions); a profile counts once per institution.
    institution,
    /// Every institution a person studied or worked at, now or before (the
    /// affiliation history; query syntax `affiliation:`, CLI `--affiliated`).
    affiliation,
    /// Publication venues ("SOSP"; a workshop held with a conference is a
    /// venue of its own).
    venue,
    /// Publication years.
    year,
};

/// "institution", "affiliation", "venue", "year" (also the JSON keys).
std::string_view facet_name(Facet facet) noexcept;
/// The inverse of facet_name; std::nullopt for an unknown name.
std::optional<Facet> facet_from_name(std::string_view name) noexcept;
/// All facets, in display order.
const std::vector<Facet>& all_facets();

enum class SortOrder {
    relevance,          ///< best match first (BM25 with field weights + a mild prior)
    latest_year,        ///< most recent publication first, then relevance
    publication_count,  ///< most publications first, then relevance
};
/// "relevance", "latest_year", "publication_count".
std::string_view sort_order_name(SortOrder order) noexcept;
std::optional<SortOrder> sort_order_from_name(std::string_view name) noexcept;

struct HighlightOptions {
    bool enabled = true;
    /// Fragments per hit, 1..3 (values outside are clamped).
    std::size_t max_fragments = 2;
    /// Target fragment length in bytes (40..1000, clamped); a fragment never
    /// splits a UTF-8 character and "…" marks cut text.
    std::size_t fragment_bytes = 160;
};

struct SearchRequest {
    std::string query;
    /// Facet filters: OR within one facet, AND across facets. Institution,
    /// affiliation and venue values are normalized ("UMich" = "University of
    /// Michigan"); years are numbers ("2019").
    std::map<Facet, std::vector<std::string>> filters;
    /// Only profiles with a publication in [year_min, year_max] (either side may
    /// be open). Belongs to the year facet for disjunctive counting.
    std::optional<int> year_min, year_max;
    std::size_t offset = 0;
    std::size_t limit = 10;
    SortOrder sort = SortOrder::relevance;
    /// Which facets to count; empty for none.
    std::vector<Facet> facets = {Facet::institution, Facet::affiliation, Facet::venue, Facet::year};
    /// How many values per facet (the most frequent).
    std::size_t facet_values = 10;
    HighlightOptions highlight;
};

/// A highlighted byte range [begin, end) of Highlight::text.
struct HighlightSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
    friend bool operator==(const HighlightSpan&, const HighlightSpan&) = default;
};

/// A fragment of one field of a profile, with the matching words marked.
struct Highlight {
    /// Where the text comes from: "title" (a publication title), "interests",
    /// "headline", "skills", "affiliation", "award", "name", or a section kind
    /// ("experience", "research", "other", ...).
    std::string field;
    /// Plain text (not escaped); "…" at either end when the fragment was cut.
    std::string text;
    /// Sorted, non-overlapping byte ranges into `text`, on UTF-8 boundaries.
    std::vector<HighlightSpan> spans;
};

struct SearchHit {
    std::string id;
    std::string name;
    std::string institution;  ///< current institution (cvsearch::current_institution)
    /// What a result card shows besides: position, years of the first and latest
    /// publication, publication count, top venues (cvsearch::card_of; its
    /// `institution` is the field above).
    ProfileCard card;
    double score = 0;         ///< relevance weight; higher is better (not comparable across queries)
    std::size_t rank = 0;     ///< 1-based position in the whole result list
    /// In relaxed results (SearchResults::relaxed): how many of the query's
    /// SearchResults::query_words this profile matches; 0 otherwise.
    std::size_t words_matched = 0;
    std::vector<Highlight> highlights;
    /// The ids of the person's other files in the index (a CV and a
    /// publications page of one researcher): a person is one hit, shown by the
    /// file that matched best. Empty for a file that is its person's only one.
    /// Which files are one person: see README ("One person, one result").
    std::vector<std::string> also;
};

struct FacetValue {
    std::string value;  ///< display value ("University of Michigan", "SOSP", "2019")
    std::size_t count = 0;
    friend bool operator==(const FacetValue&, const FacetValue&) = default;
};

/// A facet value the query's words name: "Michigan" -> institution
/// "University of Michigan" (or affiliation, when nobody is there now), "SOSP" -> venue "SOSP", "2023" -> year "2023"
/// (rules: docs/ranking.md, "Query understanding"). Profiles with the value
/// rank higher (SearcherOptions::understood_weight); it does not filter. A
/// client can offer it as a filter: SearchRequest::filters[facet] = {value}.
struct UnderstoodValue {
    Facet facet = Facet::institution;
    std::string value;  ///< the facet's display value, as a filter takes it
    std::string words;  ///< the query's words that name it, as typed ("U of Michigan")
    friend bool operator==(const UnderstoodValue&, const UnderstoodValue&) = default;
};

struct SearchResults {
    std::string query;
    /// The query whose results these are when it is not `query`: nothing
    /// matched `query`, so its spelling `suggestion` was searched instead
    /// (a warning says so). Empty otherwise.
    std::string searched;
    /// Number of matching profiles: of the profiles listed (with `relaxed`,
    /// those that have at least one of the words). Facet counts count the same
    /// profiles. A person with several files (SearchHit::also) is one profile,
    /// here and in the facet counts (a value once per person: the union of
    /// its matching files' values), on every counting path, remote shards
    /// included.
    std::size_t total = 0;
    /// Matching policy (docs/ranking.md): every word of a plain query must
    /// match. When fewer than offset + limit profiles have them all, the
    /// results are relaxed: the profiles with every word first, then those
    /// with fewer, most words first (a warning says so). Never relaxed for
    /// queries with AND, OR, NEAR, ADJ, XOR or '+', nor when sorted by a value.
    bool relaxed = false;
    /// How many profiles have every word (== total unless `relaxed`).
    std::size_t all_words_total = 0;
    /// The number of words (top-level clauses: a word with its variants, a
    /// quoted phrase, a field word) of a query that can be relaxed; 0 otherwise.
    std::size_t query_words = 0;
    /// False only when Xapian could not count exactly (then `total` is an estimate).
    bool total_is_exact = true;
    std::size_t offset = 0;
    std::vector<SearchHit> hits;
    /// Per requested facet, the most frequent values, count descending. Values
    /// with the same count: years newest first; other values, first the one
    /// held by the best-ranked hit of this page (so a facet names the
    /// institutions and venues of the people shown), then alphabetically.
    /// Disjunctive: a facet's own filter does not narrow its own counts (so the
    /// other choices stay visible); the other facets' filters do.
    std::map<Facet, std::vector<FacetValue>> facets;
    /// A corrected query when some words look misspelt (not in the index, but a
    /// close word is); empty otherwise.
    std::string suggestion;
    /// Facet values the query's words name, in query order (see
    /// UnderstoodValue): boosted, not filtered; for "turn into a filter" chips.
    std::vector<UnderstoodValue> understood;
    /// Things the caller should know: lenient parse after a syntax error,
    /// truncated wildcard expansion, ignored filter values, missing shards.
    std::vector<std::string> warnings;
    /// True when some shards did not answer and were left out
    /// (SearcherOptions::allow_partial): hits, total and facets cover only the
    /// others. `missing_shards` lists them as their stub lines ("remote 10.0.0.5:33333").
    bool partial = false;
    std::vector<std::string> missing_shards;
    /// Milliseconds the search took, when the caller measured it (HttpApi does,
    /// as "took_ms"); Searcher leaves it empty so that results compare equal.
    std::optional<double> took_ms;
};

/// What is in an index.
struct IndexStats {
    std::size_t profiles = 0;
    /// The persons those profiles are (SearchHit::also: the files of one
    /// person are one); == profiles when no two files are one person.
    std::size_t persons = 0;
    std::string schema_version;
    std::string built_at;         ///< ISO 8601 UTC of the last commit; empty if unknown
    std::string library_version;  ///< of the cvsearch that wrote it
    /// Per facet: the most frequent values over all profiles (a person once,
    /// as in search results), and how many distinct values exist.
    std::map<Facet, std::vector<FacetValue>> facets;
    std::map<Facet, std::size_t> distinct_values;
};

struct SearcherOptions {
    /// A trailing wildcard expands to at most this many words (most frequent first).
    std::size_t max_wildcard_expansion = 100;
    /// Longer queries (in bytes), or queries of more words (runs of characters
    /// between spaces), are refused with Error(usage) before any work: a
    /// 10,000-word query took 2.5 s and a 1 MB one 3.5 s. Every caller gets
    /// the limit (the HTTP API also caps q at HttpApiOptions::max_query_chars).
    std::size_t max_query_bytes = 4096;
    std::size_t max_query_words = 256;
    /// For a local index, count facets from an in-memory copy of the facet
    /// slots, which also holds the prior (built once per index revision by the
    /// first request with facets, shared by all threads; much faster, identical
    /// counts and scores). false forces the match spies and the stock posting
    /// source that remote shards use.
    bool local_facet_table = true;
    /// How much the static prior (publication evidence, recency) adds to a score.
    /// 0 turns it off. See docs/ranking.md.
    double prior_weight = 0.15;
    /// Scale of the bonus for query words found in the person's name. 0 turns it off.
    double name_weight = 1.0;
    /// BM25's term-frequency saturation (k1) and length normalisation (b) of
    /// the text score: the classic defaults of Robertson et al. and Lucene
    /// (docs/ranking.md has the measurements).
    double bm25_k1 = 1.2;
    double bm25_b = 0.75;
    /// Scale of the bonus for neighbouring query words that stand together in
    /// a profile (the phrase of each two; docs/ranking.md). 0 turns it off.
    double proximity_weight = 1.0;
    /// What a facet value named by the query's words (SearchResults::understood)
    /// adds to the score of the profiles that have it: about what one more
    /// matching word adds. 0 turns the boost off (the values are still reported).
    double understood_weight = 2.0;
    /// Threads one request may use. With more than 1, a request on a large
    /// local index (at least query_thread_min_docs profiles per thread) ranked
    /// by relevance is searched as that many ranges of documents at once, each
    /// on a context of its own, and the parts merged: the same hits, scores,
    /// totals and facet counts, sooner when cores are idle (1,000,000
    /// profiles, 2 threads: see bench/README.md). A server whose cores are busy with concurrent requests
    /// gains nothing from it; 1 (the default) searches on the calling thread only.
    std::size_t query_threads = 1;
    /// The fewest profiles worth a thread of their own (starting one costs
    /// tens of microseconds; searching 25,000 profiles, milliseconds).
    std::size_t query_thread_min_docs = 25'000;
    /// How often a request is retried after the index changed under it (at
    /// once, then after a backoff of 1, 2, 4... ms, at most 50 ms each: with 8,
    /// a request waits up to about 0.2 s for a burst of commits to end).
    std::size_t max_retries = 8;
    /// How stale a search may be: a commit or a `--full` swap (the stub
    /// DIR/XAPIANDB changed) is seen by every request that starts this long after
    /// it finished. At most once per interval, one request stat()s the index
    /// directory and each pooled handle is reopen()ed before use. 0: check before
    /// every request (a stat and a reopen, microseconds).
    std::chrono::milliseconds poll_interval{200};

    // ---- sharded indexes (docs/scale-out.md) ----
    // `db` may be a sharded index directory (`cvsearch index --shards N`) or a
    // Xapian stub file listing shards (`auto PATH`, `remote HOST:PORT` lines).

    /// When a shard cannot be opened: false throws Error(unavailable) naming its
    /// stub line; true searches the shards that answer and sets
    /// SearchResults::partial (other requests, e.g. profile(), just miss the
    /// profiles of the missing shards). Missing shards are tried again after
    /// `shard_retry_interval`.
    bool allow_partial = false;
    std::chrono::milliseconds shard_retry_interval{2000};
    /// A `remote` shard that does not accept a connection, or does not answer
    /// one request, within this time counts as down (Error(unavailable), or
    /// left out with allow_partial). 0: wait forever.
    std::chrono::milliseconds remote_timeout{10000};
    /// The database with the spelling and synonym tables for a sharded index
    /// (the remote backend serves neither). Empty: the stub's
    /// "# cvsearch-aux PATH" line, else the compiled-in synonyms and no spelling
    /// suggestions.
    std::filesystem::path aux_db;
};

class Searcher {
  public:
    /// Opens the index at `db`. Throws Error: index_missing (no index there,
    /// with the command that builds one), index_incompatible (other schema),
    /// index_corrupt.
    explicit Searcher(const std::filesystem::path& db, const SearcherOptions& options = {});
    ~Searcher();
    Searcher(Searcher&&) noexcept;
    Searcher& operator=(Searcher&&) noexcept;
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    /// Runs a search. Never throws for query syntax (see warnings); throws
    /// Error(usage) for a bad filter value (e.g. year "20x9"), a query over
    /// SearcherOptions::max_query_bytes or max_query_words, and index errors.
    SearchResults search(const SearchRequest& request) const;

    /// The stored profile with this id, or std::nullopt.
    std::optional<Profile> profile(std::string_view id) const;

    /// Profiles most like the one with this id (more-like-this over its most
    /// distinctive terms), best first, one hit per person, excluding its own
    /// person (itself and same_person(id)). Throws Error(not_found) for an
    /// unknown id.
    SearchResults similar(std::string_view id, std::size_t limit = 10) const;

    /// The ids of the other files of the person of profile `id` (see
    /// SearchHit::also); empty for a file alone or an unknown id.
    std::vector<std::string> same_person(std::string_view id) const;

    /// Counts and metadata; `facet_values` values per facet.
    IndexStats stats(std::size_t facet_values = 10) const;

    const std::filesystem::path& path() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace cvsearch
