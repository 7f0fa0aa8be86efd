// searcher/facets.hpp — exact facet counts with stock Xapian match spies.
//
// A facet's values sit in consecutive value slots (vocabulary/schema.hpp); one
// Xapian::ValueCountMatchSpy per slot in use, counts summed by value. Only
// built-in classes, so it also works over remote shards. Counts are exact only
// when the match runs with check_at_least >= the document count; the searcher
// does that.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <memory>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"
#include "vocabulary/facet_ties.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::search {

/// The weighting for a match that only counts (its MSet is empty). Not
/// Xapian::BoolWeight: in Xapian 1.4.22 a match under BoolWeight (or
/// CoordWeight), which reads no wdf, throws DatabaseCorruptError "Unexpected end
/// of posting list" for a term whose posting list spans several chunks once any
/// of its documents was deleted, i.e. after any sync that removed a profile
/// (tests/searcher/test_facets.cpp reproduces it). BM25 reads the wdf and is not affected.
inline const Xapian::Weight& counting_weight() {
    static const Xapian::BM25Weight weight;
    return weight;
}

class FacetCounter {
  public:
    /// Spies for the slots of `facet` that hold any value in `db`.
    FacetCounter(const Xapian::Database& db, Facet facet);
    /// Spies for the first `slots` slots of `facet` (slots_in_use, cached by the
    /// caller: over remote shards each get_value_freq is a round trip per shard).
    FacetCounter(Facet facet, std::size_t slots);
    /// How many slots of `facet` hold any value in `db` (they fill from the base up).
    static std::size_t slots_in_use(const Xapian::Database& db, Facet facet);
    FacetCounter(FacetCounter&&) noexcept = default;
    FacetCounter& operator=(FacetCounter&&) noexcept = default;

    Facet facet() const noexcept { return facet_; }
    /// Registers the spies; run the match afterwards.
    void attach(Xapian::Enquire& enquire) const;
    /// The `limit` most frequent values, count descending, ties in the order of
    /// vocabulary/facet_ties.hpp. `minus`: counts to take off first (the spies
    /// count files; searcher/person_facets.hpp says how many were too many).
    std::vector<FacetValue> top(std::size_t limit, const FacetTies& ties = FacetTies(),
                                const std::map<std::string, std::size_t>* minus = nullptr) const;
    /// Number of distinct values seen.
    std::size_t distinct() const;

  private:
    std::vector<std::pair<std::string, std::size_t>> merged(const std::map<std::string, std::size_t>* minus = nullptr) const;
    Facet facet_;
    std::vector<std::unique_ptr<Xapian::ValueCountMatchSpy>> spies_;
};

}  // namespace cvsearch::search
