// searcher/docid_range.hpp — one request searched as several ranges of docids
// at once (SearcherOptions::query_threads).
//
// Every document of a local database lies in exactly one of the ranges that
// split_docids() returns, so a request's match is the union of its matches
// over the ranges: totals and facet counts add up, and the best hits of the
// whole are the best of the ranges' best, merged by weight and then docid
// (Xapian's own order for equal weights). Weights do not change: BM25 reads the
// statistics of the whole database, whatever part of it a match visits.
//
// A range restricts Xapian's match as the right side of an OP_FILTER with a
// DocidRangeSource, which adds no weight; boolean_match (searcher/boolean_match.hpp)
// takes the range itself.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include <xapian.h>

namespace cvsearch::search {

/// Docids first..last, both included.
struct DocidRange {
    Xapian::docid first = 1;
    Xapian::docid last = std::numeric_limits<Xapian::docid>::max();
    bool contains(Xapian::docid did) const noexcept { return did >= first && did <= last; }
};

/// `n` ranges of about as many docids each that cover 1..db.get_lastdocid()
/// (the last one reaches to the largest docid, so nothing is ever left out).
std::vector<DocidRange> split_docids(const Xapian::Database& db, std::size_t n);

/// A posting source that matches every docid of a range, with weight 0. For
/// local databases only (it is not registered for xapian-tcpsrv).
class DocidRangeSource : public Xapian::PostingSource {
  public:
    explicit DocidRangeSource(DocidRange range) : range_(range) {}

    void init(const Xapian::Database& db) override;
    Xapian::doccount get_termfreq_min() const override { return 0; }
    Xapian::doccount get_termfreq_est() const override { return termfreq_max_; }
    Xapian::doccount get_termfreq_max() const override { return termfreq_max_; }
    void next(double min_wt) override;
    void skip_to(Xapian::docid did, double min_wt) override;
    bool at_end() const override { return at_end_; }
    Xapian::docid get_docid() const override { return did_; }
    Xapian::PostingSource* clone() const override { return new DocidRangeSource(range_); }
    std::string get_description() const override;

  private:
    DocidRange range_;
    Xapian::docid did_ = 0;
    Xapian::docid end_ = 0;  ///< the last docid to report: range_.last, at most the database's last
    Xapian::doccount termfreq_max_ = 0;
    bool at_end_ = false;
};

/// `query` restricted to the documents of `range`; `query` itself when the
/// range holds every docid.
Xapian::Query restricted(const Xapian::Query& query, DocidRange range);

}  // namespace cvsearch::search
