// parse/extract/affiliations.hpp — education and positions with their years (internal).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"
#include "parse/extract/sections.hpp"

namespace cvsearch::extract {

/// The affiliations of one section. `kind` is the block kind: "education"
/// entries are degrees, "experience" entries positions, "header" entries count
/// only when dated (the header often names the current employer without years).
std::vector<Affiliation> extract_affiliations(const Block& block);

/// The institution's name without its legal form or a trailing "(ACRONYM)"
/// ("Quillsoft Inc." -> "Quillsoft"), unless the institution table knows it as written.
std::string tidy_institution(const std::string& raw);

/// Splits words glued by PDF text extraction at column boundaries:
/// "Sogang UniversitySeoul, KoreaB.S. in CSMar 2012" ->
/// "Sogang University\tSeoul, Korea\tB.S. in CS\tMar 2012".
std::string unglue_columns(std::string_view line);

}  // namespace cvsearch::extract
