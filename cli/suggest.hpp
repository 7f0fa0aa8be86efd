// cli/suggest.hpp — "did you mean": the nearest of a few known words to a typo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::cli {

/// Optimal string alignment distance (Levenshtein plus the swap of two
/// neighbouring characters), over bytes: "indx"->"index" 1, "stat"->"stats" 1,
/// "limt"->"limit" 1, "serach"->"search" 1. The library's twin is core/text.hpp's
/// text::edit_distance, out of reach here: the CLI keeps to the public API.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word`, if it is a likely typo of it: at most one
/// edit for words of up to four characters, two for longer ones, and never a
/// word that is only a prefix-free coincidence of length one or two.
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace cvsearch::cli
