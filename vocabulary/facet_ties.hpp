// vocabulary/facet_ties.hpp — the order of facet values that have the same count.
//
// A facet lists its values by count, most first. Most values of a narrow
// query share a count (one profile each), and an alphabetical order of those
// says nothing: "Aalto University" would stand before the institution of the
// best match. So, among values of one count:
//   - years: newest first;
//   - other values: the value held by the best-ranked hit of the page first
//     (the facets name the institutions and venues of the people shown), then
//     alphabetically.
// Both ways of counting (the facet table and the match spies) order with
// tie_before(), so they give the same lists.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <xapian.h>

#include "cvsearch/searcher.hpp"

namespace cvsearch::search {

/// Rank of a value no hit of the page holds.
inline constexpr std::size_t unranked = std::numeric_limits<std::size_t>::max();

/// True when `a` (first held by the hit of rank `rank_a`, or unranked) comes
/// before `b` among values of the same count of `facet`.
bool tie_before(Facet facet, std::size_t rank_a, const std::string& a, std::size_t rank_b, const std::string& b);

/// The hits of the page (best first) whose facet values break ties.
class FacetTies {
  public:
    /// No page: ties by value alone (stats, an empty page).
    FacetTies() = default;
    /// The page's documents, best first: their docids in `db`.
    FacetTies(const Xapian::Database& db, std::vector<Xapian::docid> page) : db_(db), page_(std::move(page)) {}

    /// The page's docids, best first.
    const std::vector<Xapian::docid>& page() const noexcept { return page_; }
    /// The rank (0 = best) of the first hit of the page whose document holds
    /// `value` in a slot of `facet`; unranked when none does. Reads the page's
    /// documents' slots the first time a facet is asked about (works over
    /// remote shards: stock Document::get_value).
    std::size_t rank(Facet facet, const std::string& value) const;

  private:
    Xapian::Database db_;
    std::vector<Xapian::docid> page_;
    mutable std::map<Facet, std::unordered_map<std::string, std::size_t>> ranks_;
};

/// Sorts `order` by `better` and keeps its first `limit` elements (a partial
/// sort when that is fewer than all).
template <class T, class Better>
void keep_best(std::vector<T>& order, std::size_t limit, Better better) {
    if (order.size() > limit) {
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(limit), order.end(), better);
        order.resize(limit);
    } else {
        std::sort(order.begin(), order.end(), better);
    }
}

/// `values` in facet order: count descending, ties by tie_before; at most `limit`.
std::vector<FacetValue> top_values(Facet facet, std::vector<FacetValue> values, std::size_t limit, const FacetTies& ties);

}  // namespace cvsearch::search
