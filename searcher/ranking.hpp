// searcher/ranking.hpp — how the text query becomes the ranked query.
//
//   ranked = text  AND_MAYBE  boost          (each: relaxed word buckets, proximity)
//                  AND_MAYBE  name_weight  x (OR of the query's plain words in the name field)
//                  AND_MAYBE  prior_weight x ValueWeightPostingSource(prior slot)
//
// With a local index's FacetTable, the prior comes from its in-memory copy of
// the slot (PriorTableSource): the same weights, without a value read per match.
//
// BM25 (SearcherOptions::bm25_k1, bm25_b) over field-weighted wdf does the main
// work (see vocabulary/schema.hpp for the weights). AND_MAYBE only adds to the
// score of documents the text already matched, so neither the name bonus nor
// the prior changes WHICH profiles match, only their order. Without a table,
// only stock query operators and posting sources: works over remote shards.
// docs/ranking.md explains the choices.
#pragma once

#include <memory>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"
#include "vocabulary/facet_table.hpp"
#include "searcher/query_text.hpp"

namespace cvsearch::search {

/// `table`: the FacetTable of the database the query runs on (same revision),
/// or null for the stock ValueWeightPostingSource (remote or sharded indexes).
/// `boosts`: each added to the text's weight by an AND_MAYBE of its own, in
/// order. Not one AND_MAYBE over their OR: Xapian 1.4.22 then gives wrong
/// weights to positional queries (PHRASE, NEAR) in that OR -- beside the
/// relaxed match's FixedWeightPostingSource buckets, which documents got a
/// window's bonus depended on the page size; beside each other, under the
/// relaxed match's OR, a profile got twice its windows' weight
/// (tests/searcher/test_relevance.cpp). So the proximity bonus is one boost
/// per phrase and per window.
Xapian::Query ranked_query(const Xapian::Query& text, const PreparedQuery& prepared, const SearcherOptions& options,
                           std::shared_ptr<const FacetTable> table = nullptr,
                           const std::vector<Xapian::Query>& boosts = {});

/// The prior of each document from a FacetTable: the weights, term
/// frequencies and maximum weight of ValueWeightPostingSource(prior slot) on
/// the database the table was built from, so rankings are identical. Local
/// only (not serialisable, so not for xapian-tcpsrv).
class PriorTableSource : public Xapian::PostingSource {
  public:
    explicit PriorTableSource(std::shared_ptr<const FacetTable> table) : table_(std::move(table)) {}

    void init(const Xapian::Database& db) override;
    Xapian::doccount get_termfreq_min() const override { return termfreq_; }
    Xapian::doccount get_termfreq_est() const override { return termfreq_; }
    Xapian::doccount get_termfreq_max() const override { return termfreq_; }
    void next(double min_wt) override;
    void skip_to(Xapian::docid did, double min_wt) override;
    bool at_end() const override { return did_ > last_; }
    Xapian::docid get_docid() const override { return did_; }
    double get_weight() const override { return table_->prior(did_); }
    PriorTableSource* clone() const override { return new PriorTableSource(table_); }
    std::string get_description() const override { return "cvsearch::PriorTableSource"; }

  private:
    /// Moves to the first document from `did` on that has a prior.
    void settle(Xapian::docid did);

    std::shared_ptr<const FacetTable> table_;
    Xapian::doccount termfreq_ = 0;
    Xapian::docid did_ = 0;   ///< 0: not started
    Xapian::docid last_ = 0;  ///< past it: at the end
};

}  // namespace cvsearch::search
