// searcher/value_suggest.hpp — "did you mean" for a filter value the index lacks.
//
// `--institution Hawaii` names no indexed value, but "University of Hawai'i" is
// one: a known value is offered when every word of the asked value occurs in it
// (compared folded, spaces and punctuation ignored, so "Hawaii" is found in
// "Hawai'i") or is one typo away from one of its words ("Michgan"). The most
// frequent such values come first. Only called when a filter value misses.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/searcher.hpp"

namespace cvsearch::search {

/// Up to `limit` of `known` (value, count) that `asked` plausibly means,
/// most frequent first; empty when none is close.
std::vector<std::string> suggest_values(std::string_view asked, const std::vector<FacetValue>& known, std::size_t limit = 3);

}  // namespace cvsearch::search
