// searcher/query_facets.hpp — words of a query that name a facet value the
// index knows: "GPUs at Michigan" names the institution "University of
// Michigan", "SOSP 2023" the venue "SOSP" and the year 2023.
//
// Such values become soft boosts (profiles with the value rank higher; which
// profiles match does not change) and are reported in
// SearchResults::understood, so that a client can offer to turn each into a
// filter. Rules (docs/ranking.md, "Query understanding"):
//
//  * years: a plain four-digit word from 1900 to 2099 that some profile has a
//    publication in;
//  * a run of 2..4 plain words (as typed, with any stop words between them:
//    "U of Michigan") whose normalized name (normalize_institution) is an
//    institution of the index ("University of Michigan"), or which is
//    exactly the name of a venue of the index, written capitalized
//    ("Physical Review E"; venues are named after topics, and "neural
//    networks" is a topic);
//  * one word that the index uses mostly to name an institution or a venue:
//    at least half the profiles with the word have it in an affiliation (the
//    XA field) or a venue (XW), and it is not a generic word of
//    organisation names ("university", "institute", ...). Its value is the
//    one most often holding the word among the first profiles that have it
//    there ("Michigan" -> "University of Michigan", "SOSP" -> "SOSP"). This
//    keeps topic words out: "computing" and "science" also name venues and
//    institutions, but most profiles use them for something else. A venue
//    word must also be written with two or more capitals ("SOSP", "NeurIPS"):
//    in a small index, "ocean" may be mostly in "Ocean Engineering".
//
// An institution is reported (and boosted) as the `institution` facet, where
// people are now, when some profile is there now; else as `affiliation`,
// where people have been. Only words outside quotes, fields and exclusions
// take part; a value the request already filters on is not reported again.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"
#include "searcher/query_text.hpp"

namespace cvsearch::search {

/// A value found, with its filter term.
struct QueryFacetValue {
    UnderstoodValue understood;
    std::string term;        ///< the facet's boolean term (schema::facet_term)
    std::size_t begin = 0;   ///< where its words start in the query (bytes)
};

/// How many profiles, at most, are looked at to find the value of one word.
inline constexpr Xapian::doccount value_sample = 50;

/// The facet values `query`'s plain words name (`prepared` is its
/// prepare_query form), in query order, each value once.
std::vector<QueryFacetValue> facet_values_in_query(const Xapian::Database& db, std::string_view query,
                                                   const PreparedQuery& prepared);

/// The soft boost: OR of FILTER(FixedWeightPostingSource(weight), term), one
/// per value (stock Xapian, works over remote shards); empty for none.
Xapian::Query facet_value_boost(const std::vector<QueryFacetValue>& values, double weight);

}  // namespace cvsearch::search
