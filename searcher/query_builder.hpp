// searcher/query_builder.hpp — query string -> Xapian::Query, never failing.
//
// Owns one configured Xapian::QueryParser (fields, processors, synonyms,
// wildcard limit) bound to one Database; not thread-safe (one per search
// context). Strict parse first; on a QueryParserError the words alone are
// searched and a warning says so. Acronyms the profiles define also find
// their long forms (searcher/acronym_query.hpp).
//
// Field processors (registered for the canonical field names of query_text.hpp):
//   name: title: interest: skill:   free-text prefixes XN XT XK XS
//   institution:X   -> XI<fold_key(normalize_institution(X))> OR (all words of X under XA)
//   venue:X         -> XV<fold_key(normalize_venue(X))>       OR (all words of X under XW)
//   year:2019       -> XY2019
//   year:A..B       -> OR of the XY terms in [A, B] that exist (open ends allowed)
// institution:, venue: and year: are boolean filters: they restrict, they do
// not score; several of one field are OR-ed, different fields AND-ed.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "vocabulary/analyzer.hpp"
#include "searcher/query_text.hpp"

namespace cvsearch::search {

/// A query matching every document. Never use the static Xapian::Query::MatchAll
/// here: Xapian's handles are reference-counted without atomics, so copying that
/// one shared object from several threads corrupts its count (XAPIAN-NOTES §5).
inline Xapian::Query match_all() { return Xapian::Query(std::string()); }

struct BuiltQuery {
    Xapian::Query query;     ///< MatchAll for an empty query
    PreparedQuery prepared;
    std::vector<std::string> warnings;
};

class QueryBuilder {
  public:
    QueryBuilder(const Xapian::Database& db, const analysis::Analyzer& analyzer, std::size_t max_wildcard_expansion);
    ~QueryBuilder();
    QueryBuilder(const QueryBuilder&) = delete;
    QueryBuilder& operator=(const QueryBuilder&) = delete;

    BuiltQuery build(std::string_view query);

    /// A sharded or remote index (searcher/shard_open.hpp): take synonyms from
    /// `dictionary` instead of the searched database, and expand trailing
    /// wildcards here, once over all shards, into OP_SYNONYM of the (at most
    /// max_wildcard_expansion most frequent) words: Xapian 1.4 would expand
    /// OP_WILDCARD on each shard, with that shard's words and statistics.
    void use_dictionary(const Xapian::Database& dictionary);
    /// Parse without synonyms (no database at hand holds a synonym table).
    void without_synonyms();

    /// OR of the XY terms for the years in [lo, hi] present in the index;
    /// MatchNothing when there are none.
    static Xapian::Query year_range(const Xapian::Database& db, std::optional<int> lo, std::optional<int> hi);

  private:
    const Xapian::Database& db_;
    const analysis::Analyzer& analyzer_;
    std::size_t max_wildcard_expansion_;
    Xapian::QueryParser parser_;
    Xapian::Database dictionary_;  ///< the synonym table's database: db_, or use_dictionary()'s
    bool wildcard_fields_ = false;
    unsigned flags_;  ///< Xapian::QueryParser flags
    std::shared_ptr<std::vector<std::string>> warnings_;  // filled by the field processors
};

}  // namespace cvsearch::search
