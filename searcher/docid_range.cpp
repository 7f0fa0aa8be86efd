#include "searcher/docid_range.hpp"

#include <algorithm>

namespace cvsearch::search {

std::vector<DocidRange> split_docids(const Xapian::Database& db, std::size_t n) {
    n = std::max<std::size_t>(n, 1);
    const Xapian::docid last = db.get_lastdocid();
    std::vector<DocidRange> out;
    Xapian::docid first = 1;
    for (std::size_t i = 0; i < n; ++i) {
        DocidRange r;
        r.first = first;
        if (i + 1 < n) r.last = static_cast<Xapian::docid>(static_cast<unsigned long long>(last) * (i + 1) / n);
        if (r.last < r.first) continue;  // fewer docids than ranges
        out.push_back(r);
        first = r.last + 1;  // after the last range: unused
    }
    return out;
}

void DocidRangeSource::init(const Xapian::Database& db) {
    end_ = std::min(range_.last, db.get_lastdocid());
    did_ = 0;
    at_end_ = range_.first > end_;
    // Every docid in the range may hold a document, or none (deleted ones).
    const Xapian::doccount span = at_end_ ? 0 : end_ - range_.first + 1;
    set_maxweight(0);
    termfreq_max_ = std::min(span, db.get_doccount());
}

void DocidRangeSource::next(double) {
    if (at_end_) return;
    if (did_ == 0) did_ = range_.first;
    else if (did_ >= end_) at_end_ = true;
    else ++did_;
}

void DocidRangeSource::skip_to(Xapian::docid did, double) {
    if (at_end_) return;
    if (did > end_) {
        at_end_ = true;
        return;
    }
    did_ = std::max({did_, did, range_.first});
}

std::string DocidRangeSource::get_description() const {
    return "DocidRangeSource(" + std::to_string(range_.first) + ".." + std::to_string(range_.last) + ")";
}

Xapian::Query restricted(const Xapian::Query& query, DocidRange range) {
    if (range.first <= 1 && range.last == std::numeric_limits<Xapian::docid>::max()) return query;
    return Xapian::Query(Xapian::Query::OP_FILTER, query, Xapian::Query((new DocidRangeSource(range))->release()));
}

}  // namespace cvsearch::search
