// searcher/ranking.hpp — how the text query becomes the ranked query.
//
//   ranked = text  AND_MAYBE  name_weight  x (OR of the query's plain words in the name field)
//                  AND_MAYBE  prior_weight x ValueWeightPostingSource(prior slot)
//
// BM25 (Xapian's default parameters) over field-weighted wdf does the main
// work (see indexer/schema.hpp for the weights). AND_MAYBE only adds to the
// score of documents the text already matched, so neither the name bonus nor
// the prior changes WHICH profiles match, only their order. Only stock query
// operators and posting sources: works over remote shards. docs/ranking.md
// explains the choices.
#pragma once

#include <xapian.h>

#include "cvsearch/searcher.hpp"
#include "searcher/query_text.hpp"

namespace cvsearch::search {

Xapian::Query ranked_query(const Xapian::Query& text, const PreparedQuery& prepared, const SearcherOptions& options);

}  // namespace cvsearch::search
