// parse/extract/lists.hpp — interests, skills and awards as lists of short items (internal).
#pragma once

#include <string>
#include <vector>

#include "parse/extract/sections.hpp"

namespace cvsearch::extract {

/// "Systems for ML, Cloud Computing; Networking" -> three interests. Prose
/// sentences are not interests: items over eight words are dropped.
std::vector<std::string> extract_interests(const Block& block);

/// "Languages: C, C++, Python" -> "C", "C++", "Python"; labels are dropped.
std::vector<std::string> extract_skills(const Block& block);

/// One award per list item or line, without its dates ("2023  ACM Fellow" -> "ACM Fellow").
std::vector<std::string> extract_awards(const Block& block);

}  // namespace cvsearch::extract
