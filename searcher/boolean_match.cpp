#include "searcher/boolean_match.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace cvsearch::search {
namespace {

using Docids = std::vector<Xapian::docid>;

std::string leaf_term(const Xapian::Query& q) { return *q.get_terms_begin(); }

/// Every docid of `term` ("" = every document) in `range`.
Docids read_postings(const Xapian::Database& db, const std::string& term, DocidRange range) {
    Docids out;
    out.reserve(term.empty() ? db.get_doccount() : db.get_termfreq(term));
    auto it = db.postlist_begin(term);
    const auto end = db.postlist_end(term);
    if (range.first > 1) it.skip_to(range.first);
    for (; it != end && *it <= range.last; ++it) out.push_back(*it);
    return out;
}

/// Keeps the candidates that `term` indexes: one skip_to per candidate when
/// the candidates are few against the posting list, a merge otherwise.
void keep_indexed(const Xapian::Database& db, const std::string& term, Docids& candidates) {
    if (candidates.empty()) return;
    const Xapian::doccount freq = db.get_termfreq(term);
    if (freq == 0) {
        candidates.clear();
        return;
    }
    Docids kept;
    if (static_cast<std::size_t>(freq) < candidates.size() / 8) {
        const Docids postings = read_postings(db, term, {candidates.front(), candidates.back()});
        std::set_intersection(candidates.begin(), candidates.end(), postings.begin(), postings.end(),
                              std::back_inserter(kept));
    } else {
        auto it = db.postlist_begin(term);
        const auto end = db.postlist_end(term);
        for (Xapian::docid did : candidates) {
            it.skip_to(did);
            if (it == end) break;
            if (*it == did) kept.push_back(did);
        }
    }
    candidates = std::move(kept);
}

/// An upper bound on the matches of `q`, to choose what drives an intersection.
Xapian::doccount estimate(const Xapian::Database& db, const Xapian::Query& q) {
    switch (q.get_type()) {
        case Xapian::Query::LEAF_MATCH_NOTHING: return 0;
        case Xapian::Query::LEAF_MATCH_ALL: return db.get_doccount();
        case Xapian::Query::LEAF_TERM: return db.get_termfreq(leaf_term(q));
        case Xapian::Query::OP_AND:
        case Xapian::Query::OP_FILTER: {
            Xapian::doccount least = db.get_doccount();
            for (std::size_t i = 0; i < q.get_num_subqueries(); ++i) least = std::min(least, estimate(db, q.get_subquery(i)));
            return least;
        }
        case Xapian::Query::OP_OR:
        case Xapian::Query::OP_SYNONYM:
        case Xapian::Query::OP_MAX: {
            Xapian::doccount sum = 0;
            for (std::size_t i = 0; i < q.get_num_subqueries(); ++i) sum += estimate(db, q.get_subquery(i));
            return std::min(sum, db.get_doccount());
        }
        default: return estimate(db, q.get_subquery(0));  // AND_NOT, AND_MAYBE, SCALE_WEIGHT: their left side at most
    }
}

/// The subqueries of `q`, the fewest matches first.
std::vector<Xapian::Query> by_estimate(const Xapian::Database& db, const Xapian::Query& q, std::size_t first = 0) {
    std::vector<std::pair<Xapian::doccount, Xapian::Query>> subs;
    for (std::size_t i = first; i < q.get_num_subqueries(); ++i) {
        Xapian::Query sub = q.get_subquery(i);
        subs.emplace_back(estimate(db, sub), std::move(sub));
    }
    std::stable_sort(subs.begin(), subs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Xapian::Query> out;
    for (auto& s : subs) out.push_back(std::move(s.second));
    return out;
}

Docids unite(Docids a, const Docids& b) {
    Docids out;
    out.reserve(a.size() + b.size());
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

Docids minus(const Docids& a, const Docids& b) {
    Docids out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

void drop_excluded(const Xapian::Database& db, const Xapian::Query& and_not, Docids& candidates);

/// Keeps the candidates that `q` matches (candidates ∩ matches(q)), reading no
/// more of the posting lists than the candidates need.
void keep_matching(const Xapian::Database& db, const Xapian::Query& q, Docids& candidates) {
    if (candidates.empty()) return;
    switch (q.get_type()) {
        case Xapian::Query::LEAF_MATCH_ALL: return;
        case Xapian::Query::LEAF_MATCH_NOTHING: candidates.clear(); return;
        case Xapian::Query::LEAF_TERM: keep_indexed(db, leaf_term(q), candidates); return;
        case Xapian::Query::OP_AND:
        case Xapian::Query::OP_FILTER:
            for (const auto& sub : by_estimate(db, q)) keep_matching(db, sub, candidates);
            return;
        case Xapian::Query::OP_OR:
        case Xapian::Query::OP_SYNONYM:
        case Xapian::Query::OP_MAX: {
            Docids matched;
            for (std::size_t i = 0; i < q.get_num_subqueries(); ++i) {
                Docids kept = candidates;
                keep_matching(db, q.get_subquery(i), kept);
                matched = unite(std::move(matched), kept);
            }
            candidates = std::move(matched);
            return;
        }
        case Xapian::Query::OP_AND_NOT:
            keep_matching(db, q.get_subquery(0), candidates);
            drop_excluded(db, q, candidates);
            return;
        default: keep_matching(db, q.get_subquery(0), candidates); return;  // AND_MAYBE, SCALE_WEIGHT
    }
}

/// AND_NOT's right sides: drops the candidates any subquery after the first matches.
void drop_excluded(const Xapian::Database& db, const Xapian::Query& and_not, Docids& candidates) {
    for (std::size_t i = 1; i < and_not.get_num_subqueries() && !candidates.empty(); ++i) {
        Docids excluded = candidates;
        keep_matching(db, and_not.get_subquery(i), excluded);
        candidates = minus(candidates, excluded);
    }
}

/// Every docid in `range` that `q` matches.
Docids eval(const Xapian::Database& db, const Xapian::Query& q, DocidRange range) {
    switch (q.get_type()) {
        case Xapian::Query::LEAF_MATCH_NOTHING: return {};
        case Xapian::Query::LEAF_MATCH_ALL: return read_postings(db, std::string(), range);
        case Xapian::Query::LEAF_TERM: return read_postings(db, leaf_term(q), range);
        case Xapian::Query::OP_AND:
        case Xapian::Query::OP_FILTER: {
            // The rarest side drives; the others only filter its documents.
            const auto subs = by_estimate(db, q);
            Docids candidates = eval(db, subs.front(), range);
            for (std::size_t i = 1; i < subs.size() && !candidates.empty(); ++i) keep_matching(db, subs[i], candidates);
            return candidates;
        }
        case Xapian::Query::OP_OR:
        case Xapian::Query::OP_SYNONYM:
        case Xapian::Query::OP_MAX: {
            const std::size_t n = q.get_num_subqueries();
            if (n <= 2) {
                Docids out = eval(db, q.get_subquery(0), range);
                return n == 2 ? unite(std::move(out), eval(db, q.get_subquery(1), range)) : out;
            }
            // Many lists (a year range is one per year): mark them in a bitmap by docid.
            std::vector<bool> seen(static_cast<std::size_t>(db.get_lastdocid()) + 1, false);
            std::size_t total = 0;
            for (std::size_t i = 0; i < n; ++i)
                for (Xapian::docid did : eval(db, q.get_subquery(i), range)) {
                    seen[did] = true;
                    ++total;
                }
            Docids out;
            out.reserve(std::min(total, seen.size()));
            for (std::size_t did = 1; did < seen.size(); ++did)
                if (seen[did]) out.push_back(static_cast<Xapian::docid>(did));
            return out;
        }
        case Xapian::Query::OP_AND_NOT: {
            Docids candidates = eval(db, q.get_subquery(0), range);
            drop_excluded(db, q, candidates);
            return candidates;
        }
        case Xapian::Query::OP_SCALE_WEIGHT:
        case Xapian::Query::OP_AND_MAYBE: return eval(db, q.get_subquery(0), range);
        default: return {};  // unreachable: boolean_match_supports said no
    }
}

}  // namespace

bool boolean_match_supports(const Xapian::Query& q) {
    switch (q.get_type()) {
        case Xapian::Query::LEAF_MATCH_NOTHING:
        case Xapian::Query::LEAF_MATCH_ALL:
        case Xapian::Query::LEAF_TERM: return true;
        case Xapian::Query::OP_SCALE_WEIGHT:
        case Xapian::Query::OP_AND_MAYBE:
        case Xapian::Query::OP_AND:
        case Xapian::Query::OP_FILTER:
        case Xapian::Query::OP_OR:
        case Xapian::Query::OP_SYNONYM:
        case Xapian::Query::OP_MAX:
        case Xapian::Query::OP_AND_NOT:
            for (std::size_t i = 0; i < q.get_num_subqueries(); ++i) {
                // AND_MAYBE's right side only weighs: whatever it is, it changes no match.
                if (q.get_type() == Xapian::Query::OP_AND_MAYBE && i > 0) break;
                if (!boolean_match_supports(q.get_subquery(i))) return false;
            }
            return q.get_num_subqueries() > 0;
        default: return false;
    }
}

std::optional<std::vector<Xapian::docid>> boolean_match(const Xapian::Database& db, const Xapian::Query& query,
                                                        DocidRange range) {
    if (!boolean_match_supports(query)) return std::nullopt;
    return eval(db, query, range);
}

}  // namespace cvsearch::search
